"""Benares & Calcutta: a two-round trading game on the Ganges (spec rules/benares-calcutta.md)."""

from engine.benares.title import TITLE, Benares

__all__ = ["TITLE", "Benares"]
