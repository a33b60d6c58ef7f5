"""rvfw: compile a TensorFlow Lite model ahead of time into bare-metal RISC-V firmware."""

__version__ = "0.1.0"
