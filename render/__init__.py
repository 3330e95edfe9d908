"""Pillow drawing: views in, image bytes out. One module or package per title."""
