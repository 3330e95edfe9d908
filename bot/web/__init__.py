"""The table on the web: a read-only page per game served by the bot itself (docs/web.md)."""
