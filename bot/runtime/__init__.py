"""The one wall: every line of Boardroom that reaches under discord.py, SQLAlchemy or aiohttp
(a private name, an undocumented module, a protocol the library only uses internally) lives
in this package, and each piece has a test that compares it with the library's own public
path (tests/runtime/). Nothing outside it names a library's private parts
(tests/runtime/test_wall.py fails if anything does).

- `discord_http`: post, edit and answer an interaction when only the message id is needed
  (discord.py builds a whole Message from every answer), and the gateway's address.
- `inline_sqlite`: a SQLite driver for SQLAlchemy's asyncio layer that runs each statement
  on the event loop (`sqlite+inline://`), where aiosqlite hands each to a thread.
- `components_json`: buttons and selects sent as Discord's JSON, in place of discord.ui
  views."""
