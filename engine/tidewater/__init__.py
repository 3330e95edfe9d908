"""Tidewater Lines: container shipping on a circular Time Track (spec: tidewater-lines.md)."""

from engine.tidewater.title import TITLE, Tidewater

__all__ = ["TITLE", "Tidewater"]
