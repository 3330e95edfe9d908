"""The automatic player of Bazaar: `player.choose`. It keeps no fast move lists, so it has no
`fast.py` for the conformance suite to check (a real title's does; docs/adding-a-title.md)."""
