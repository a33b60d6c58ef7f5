"""LiteRT's LSTM (issue 56): the hybrid LSTM (int8 weights) and the float LSTM of a model only LiteRT
runs are LiteRT's (rvfw_lstm_litert.h; bit-exact in the kernel cases *_lstm_*_litert and the
converter corpus' keras_lstm_wide_dynamic and keras_lstm_gelu_float). The one form whose order of
sums rvfw does not reproduce is refused in one line."""

from __future__ import annotations

import numpy as np

from tests.e2e.test_cli import assert_one_line_error, rvfw
from tests.kernels.cases.stateful import lstm_float


def test_a_time_major_lstm_over_two_batches_in_a_litert_model_is_refused_in_one_line(tmp_path):
    model = lstm_float(np.random.default_rng(1), 2, 3, 4, 5, time_major=True, gelu=True)
    (tmp_path / "m.tflite").write_bytes(model)
    proc = rvfw("build", "--model", str(tmp_path / "m.tflite"), "--out", str(tmp_path / "out"))
    assert_one_line_error(proc, "time-major with several batches in a model LiteRT defines")
    assert not (tmp_path / "out" / "firmware.elf").exists()
