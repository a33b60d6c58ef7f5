"""Tensor-Train compression of FULLY_CONNECTED layers (seed 002): design space, TT-SVD, rewrite."""
