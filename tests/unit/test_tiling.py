from codegen.frontend.tflite import load_tflite
from codegen.ir import OpKind
from codegen.planner import plan_memory
from codegen.planner.inplace import choose_inplace
from codegen.planner.tiling import find_chain, tile, tile_first_stage
from tests.conftest import mlperf_model


def arena(graph):
    return plan_memory(graph, inplace=choose_inplace(graph)).arena_size


def test_vww_first_stage_is_the_stride_2_chain():
    g = load_tflite(mlperf_model("vww_mobilenet"))
    chain = find_chain(g)
    assert [op.kind for op in chain[:4]] == [OpKind.CONV_2D, OpKind.DEPTHWISE_CONV_2D] * 2


def test_bands_cover_every_output_row_once_and_read_only_real_rows():
    g = load_tflite(mlperf_model("vww_mobilenet"))
    stage = find_chain(g)[:4]
    for rows in (1, 3, 7):
        tiling = tile(g, stage, rows)
        last = [band[-1] for band in tiling.rows]
        covered = [r for out0, n, *_ in last for r in range(out0, out0 + n)]
        assert covered == list(range(24))
        for band in tiling.rows:
            for k, (_, _, src0, src_n, pad) in enumerate(band):
                assert src0 >= 0 and src_n > 0 and pad >= 0
                if k:  # a member reads exactly the rows the member before it made in this band
                    assert (src0, src_n) == (band[k - 1][0], band[k - 1][1])


def test_tiling_trades_recomputation_for_arena():
    g = load_tflite(mlperf_model("vww_mobilenet"))
    tiled, tiling = tile_first_stage(g, arena)
    assert arena(tiled) == 40_320 <= 40_960 < arena(g)
    assert tiling.band_rows == 1 and tiling.extra_macs == 936_192
    assert round(tiling.halo_ratio, 3) == 0.667  # the seed's 1 - BH / (BH + k - 1) with BH = 1, k = 3
    # A looser budget buys less recomputation; one the in-place plan meets needs no tiling at all.
    roomy, roomy_tiling = tile_first_stage(g, arena, budget=44_000)
    assert arena(roomy) <= 44_000 and roomy_tiling.extra_macs < tiling.extra_macs
    assert tile_first_stage(g, arena, budget=48_000) == (g, None)
