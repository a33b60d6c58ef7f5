from codegen.frontend.tflite import load_tflite
from codegen.ir import OpKind
from codegen.ops import macs
from codegen.planner import plan_memory
from codegen.planner.inplace import choose_inplace
from codegen.planner.tiling import find_stage, schedule, tile, tile_stages
from tests.conftest import mlperf_model


def arena(graph):
    return plan_memory(graph, inplace=choose_inplace(graph)).arena_size


def test_vww_first_stage_is_the_stride_2_chain():
    g = load_tflite(mlperf_model("vww_mobilenet"))
    _x, members = find_stage(g)
    assert [m.op.kind for m in members[:4]] == [OpKind.CONV_2D, OpKind.DEPTHWISE_CONV_2D] * 2


def replay(graph, tiling):
    """Run the schedule on row numbers: every member computes each of its output rows once, in
    order, and reads only rows its buffers hold at that step, at the buffer rows it is told."""
    held = {t: [None] * rows for t, _offset, rows in tiling.buffers}
    order = [t for t, _o, _r in tiling.buffers]
    made = {k: 0 for k in range(len(tiling.members))}
    for s in tiling.steps:
        if s.member < 0:
            rows = held[order[-1 - s.member]]
            rows[: s.rows] = rows[s.at[0] : s.at[0] + s.rows]
            continue
        m = tiling.members[s.member]
        assert s.row0 == made[s.member] and s.rows >= 1
        streamed = [t for t in m.op.inputs if t >= 0 and not graph.tensors[t].is_constant]
        for t, at in zip(streamed, s.at):
            if t not in held or m.form == "transpose":
                continue
            first = s.row0 if m.form == "rows" else None
            if m.form == "window":
                stride, pad, _span, _in_h = m.window
                first = max(s.row0 * stride - pad, 0)
                assert s.pad_h == first - (s.row0 * stride - pad)
            want = list(range(first, first + (s.src_rows if m.form == "window" else s.rows)))
            assert held[t][at : at + len(want)] == want, (s, t)
        out = m.op.outputs[0]
        if out in held:
            at = s.at[len(streamed)]
            assert at + s.rows <= len(held[out])
            held[out][at : at + s.rows] = range(s.row0, s.row0 + s.rows)
        made[s.member] += s.rows
    for k, m in enumerate(tiling.members):
        assert made[k] == graph.tensors[m.op.outputs[0]].shape[1]


def test_schedule_computes_every_row_once_and_reads_only_held_rows():
    g = load_tflite(mlperf_model("vww_mobilenet"))
    x, members = find_stage(g)
    for end, rows in ((4, 1), (4, 3), (6, 2), (len(members), 1)):
        replay(g, tile(g, x, members[:end], rows))


def test_line_buffers_hold_windows_not_tensors():
    """One row a call: a 3x3 reader's input holds 3 rows, a 1x1 reader's 1; no MAC is repeated."""
    g = load_tflite(mlperf_model("vww_mobilenet"))
    x, members = find_stage(g)
    tiling = tile(g, x, members[:4], 1)
    assert [rows for _t, _o, rows in tiling.buffers] == [3, 1, 3]
    _steps, need, _live, _lead = schedule(g, x, members[:4], 2)
    assert list(need.values()) == [4, 2, 5]  # two rows of a stride-2 3x3 window: 5
    # no MAC is repeated: the steps' rows times each member's MACs per row add up to the members' MACs
    per_row = [macs(g, m.op) // g.tensors[m.op.outputs[0]].shape[1] for m in tiling.members]
    assert sum(s.rows * per_row[s.member] for s in tiling.steps if s.member >= 0) == sum(
        macs(g, m.op) for m in tiling.members
    )


def test_tiling_picks_the_smallest_arena_or_the_fewest_steps_that_fit():
    g = load_tflite(mlperf_model("vww_mobilenet"))
    tiled, tiling = tile_stages(g, arena)
    assert arena(tiled) <= 40_960 < arena(g)
    replay(g, tiling)
    # A looser budget buys fewer, larger calls; one the in-place plan meets needs no tiling at all.
    roomy, roomy_tiling = tile_stages(g, arena, budget=44_000)
    assert arena(roomy) <= 44_000 and len(roomy_tiling.steps) < len(tiling.steps)
    assert tile_stages(g, arena, budget=48_000) == (g, None)


def test_float32_and_16x8_stages_cut_as_their_int8_twin():
    """Every activation dtype streams (issue 49): the converter-made inverted residual block in
    float32 and 16x8 tiles as its int8 twin does, the same members and the same proportional cut."""
    from tests.corpus.test_converter_corpus import CORPUS

    cuts, kinds = {}, {}
    for stem in ("int8", "16x8", "float"):
        g = load_tflite(CORPUS / f"keras_inverted_residual_{stem}.tflite")
        tiled, tiling = tile_stages(g, arena)
        assert tiling is not None, stem
        replay(g, tiling)
        cuts[stem] = arena(g) / arena(tiled)
        kinds[stem] = [m.op.kind for m in tiling.members]
    assert cuts["16x8"] >= cuts["int8"] and cuts["float"] >= cuts["int8"], cuts
    assert kinds["16x8"] == kinds["float"] == kinds["int8"]


def test_a_tiled_plan_buys_its_stages_columns_only_where_the_stages_are_the_model():
    """pipeline.memory.SPARE_GROWTH: the upsampling autoencoder, tiled whole, gets its stage's im2col
    columns for at most a quarter more arena (still under half the fast plan's) and says so; VWW,
    whose stem alone is tiled, keeps its arena at the lifetime bound."""
    from codegen.boards import load_board
    from codegen.choices import MemoryMode, Planner
    from codegen.pipeline.loading import load
    from codegen.pipeline.memory import SPARE_GROWTH, plan_option
    from tests.conftest import ROOT

    board = load_board("spike-rv32imc")
    graph = load(ROOT / "tests/data/converters/keras_bilinear_ae_int8.tflite", board, None, lambda _m: None, "model")
    tiled = plan_option(graph, board, Planner.BEST, MemoryMode.TILED)
    fast = plan_option(graph, board, Planner.BEST, MemoryMode.FAST)
    stage = next(op for op in tiled.graph.ops if op.kind is OpKind.TILED_STAGE)
    assert stage.index in tiled.plan.spare_offsets and "im2col columns" in tiled.note
    assert tiled.plan.lower_bound < tiled.plan.arena_size <= tiled.plan.lower_bound * (SPARE_GROWTH + 1) // SPARE_GROWTH
    assert tiled.plan.arena_size * 2 <= fast.plan.arena_size
    vww = load(mlperf_model("vww_mobilenet"), board, None, lambda _m: None, "model")
    stem = plan_option(vww, board, Planner.BEST, MemoryMode.TILED)
    assert stem.plan.arena_size == stem.plan.lower_bound and "im2col" not in stem.note


def test_unet_decoder_stages_read_their_skips_whole_and_upsample_in_whole_factors():
    """U-Net (converter-made): each decoder stage starts at its nearest-neighbour upsampling (read
    whole from the stage's input, in bands of whole factors), joins its skip connection as a side
    input (read whole where the encoder made it, live until the stage), and the tiled plan is at
    most half the untiled one."""
    from codegen.boards import load_board
    from codegen.choices import MemoryMode, Planner
    from codegen.pipeline.loading import load
    from codegen.pipeline.memory import plan_option
    from tests.conftest import ROOT

    board = load_board("spike-rv64gcv")
    graph = load(ROOT / "tests/data/converters/keras_unet_int8.tflite", board, None, lambda _m: None, "model")
    tiled = plan_option(graph, board, Planner.BEST, MemoryMode.TILED)
    fast = plan_option(graph, board, Planner.BEST, MemoryMode.FAST)
    stages = [op for op in tiled.graph.ops if op.kind is OpKind.TILED_STAGE]
    assert len(stages) == 2 and tiled.plan.arena_size * 2 <= fast.plan.arena_size
    for stage in stages:
        t = stage.tiling
        assert t.members[0].form == "upsample" and len(t.sides) == 1 and stage.inputs == (t.stage_input, *t.sides)
        assert OpKind.CONCATENATION in [m.op.kind for m in t.members]
        factor = t.members[0].band[0]
        out_h = tiled.graph.tensors[t.members[0].op.outputs[0]].shape[1]
        for s in t.steps:
            if s.member == 0:
                assert s.row0 % factor == 0 and (s.rows % factor == 0 or s.row0 + s.rows == out_h)
