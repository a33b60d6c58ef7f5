"""Stage 6: compile and link the image (toolchain), check it (start-up code, size by placement),
write flashable images; staging keeps outputs whole."""
