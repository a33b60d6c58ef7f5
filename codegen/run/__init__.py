"""Stage 7: run an image (simulators, real boards over a serial line) and decode its console."""
