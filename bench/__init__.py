"""Benchmarks: run with `python -m bench.<name>`; figures go in the issue notes."""
