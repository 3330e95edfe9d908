"""Mombasa: invest in four chartered companies over 7 rounds of secret planning and open action
(the project's Mombasa rules summary, checklist R1..R205; players read `rules_pages()`, shown by
`/game rules`). See NOTES.md for the module map."""

from engine.mombasa.title import TITLE, Mombasa

__all__ = ["TITLE", "Mombasa"]
