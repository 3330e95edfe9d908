"""Tournaments and seasons: pairing, groups and standings, pure logic with no I/O."""
