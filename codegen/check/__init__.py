"""Stage 8: the golden references an image must reproduce bit for bit, and the comparison."""
