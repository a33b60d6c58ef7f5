"""Patch-based execution (seed 000, section 7; MCUNetV2) by rows: a stage of the graph (its stem,
or a run of layers through the step where the most bytes are live) runs a few output rows at a
time, and each tensor inside it keeps only the rows its readers still need: a window of rows that
slides down the tensor (a line buffer). No intermediate tensor of the stage
exists in full, and no row is computed twice: where MCUNetV2 recomputes each patch's halo, the
rows of the halo are still in the window when the next rows need them.

A pure pass: it finds the stages (from the graph's first op, or from one of the REACH ops before
the peak step through it; every tensor inside read only inside), simulates each one's schedule
at build time, and rewrites it into one TILED_STAGE op whose line buffers are its scratch. The
schedule is a flat list of steps: compute rows [row0, row0 + rows) of a member, or move a
buffer's live rows to its top when the next rows would not fit below them.

Members and how a band of output rows maps to the input rows they read, as each op declares it
(ops.contract.Rows, a form's `rows`):
- "window": today CONV_2D, DEPTHWISE_CONV_2D (any stride, dilation, folded PAD), AVERAGE/MAX_POOL_2D;
- "rows": ADD (a residual ADD fused into its conv is split back out), QUANTIZE float32 -> int8, the
  int8 and float32 activations (TANH, LOGISTIC, RELU ...: ESPCN's between its convolutions);
- "transpose": a TRANSPOSE of the stage's input (read whole) whose output rows are one strided copy
  each (PyTorch models' NCHW -> NHWC at the input);
- "gather": RESIZE_BILINEAR, whose output rows each read two input rows from its table (an
  autoencoder's or a decoder's upsampling);
- "upsample": RESIZE_NEAREST_NEIGHBOR by a whole factor, reading the stage's input whole, in bands
  of whole factors.
A "rows" member may also read a tensor made before the stage (a side input: U-Net's skip
connection into its decoder's CONCATENATION, a residual ADD's shortcut): it stays whole where it
was made, lives until the stage, and each step reads its rows there.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from codegen.ir import Graph, Op, OpKind
from codegen.ops import streaming_rows

BAND_ROWS = (1, 2, 4, 8, 16)
STARTS = (0, 1)  # the stem's first op: the graph's first, or the one after it
REACH = 12  # a stage past the stem starts at most this many ops before the step where most bytes are live
ENDS = 4  # stage ends tried from each start past the stem
ROUNDS = 3  # stages tiled one after another, each where the arena's peak then lies
MAX_ROWS = 1 << 15  # rows are int16 in the step table (rvfw_stage_step)


@dataclass(frozen=True)
class Member:
    op: Op
    form: str  # "window" | "rows" | "transpose" | "gather" | "upsample"
    window: tuple[int, int, int, int] = (1, 0, 0, 0)  # "window": (stride_h, pad_h, span_h, in_h)
    band: tuple[int, int, int, int] = (0, 0, 0, 0)  # "transpose": ops.movement.row_band; "upsample": factor
    sources: tuple[tuple[int, int], ...] = ()  # "gather": the input rows (first, last) each output row reads


@dataclass(frozen=True)
class Step:
    """member >= 0: compute its output rows [row0, row0 + rows), reading src_rows input rows with
    pad_h padding rows above them (window members); at: the buffer row of each streamed tensor the
    member reads (in the order of its non-constant inputs), then of its output. member < 0: buffer
    -member - 1 moves `rows` rows from its row at[0] to its top."""

    member: int
    row0: int
    rows: int
    src_rows: int = 0
    pad_h: int = 0
    at: tuple[int, ...] = ()


@dataclass(frozen=True)
class StageTiling:
    members: tuple[Member, ...]
    stage_input: int
    stage_output: int
    band_rows: int  # rows a member computes per step at most
    steps: tuple[Step, ...]
    buffers: tuple[tuple[int, int, int], ...]  # (tensor, offset in the scratch, rows it holds)
    scratch: int
    replaced: tuple[Op, ...]  # the graph's ops the stage stands for
    # Bytes the output starts before the input where it is written over an input that dies at the
    # stage (InPlace.lead): every step writes its output bytes below every input byte it or a later
    # step reads.
    lead: int = 0
    sides: tuple[int, ...] = ()  # tensors made before the stage that members read whole (side inputs)


def _rows(graph: Graph, t: int) -> int:
    return graph.tensors[t].shape[1]


def _row_bytes(graph: Graph, t: int) -> int:
    tensor = graph.tensors[t]
    return tensor.nbytes // tensor.shape[1]


def _streamed(graph: Graph, op: Op) -> list[int]:
    """The op's non-constant inputs, in order."""
    return [t for t in op.inputs if t >= 0 and not graph.tensors[t].is_constant]


def _nhwc(graph: Graph, t: int) -> bool:
    shape = graph.tensors[t].shape
    return len(shape) == 4 and shape[0] == 1 and 0 < shape[1] < MAX_ROWS


def unfuse(graph: Graph, op: Op) -> list[Op]:
    """A conv with a fused residual ADD as the conv and the ADD again (the stage streams the conv's
    rows into a buffer and adds them to the residual's rows)."""
    if op.fused_add is None:
        return [op]
    fa = op.fused_add
    x = op.inputs[3]
    conv = dataclasses.replace(op, inputs=op.inputs[:3], outputs=(fa.conv_output,), fused_add=None)
    add = Op(op.index, OpKind.ADD, 1, (x, fa.conv_output) if fa.residual_first else (fa.conv_output, x),
             op.outputs, {"activation": fa.activation})  # fmt: skip
    return [conv, add]


def member_of(graph: Graph, op: Op, stage_input: int) -> Member | None:
    """The op as a stage member, or None if the stage cannot stream it: what its rows read comes
    from its op's declaration (ops.streaming_rows); this pass checks only that it fits the stage
    (one NHWC output, NHWC input rows for a window, a transpose reading the stage's input)."""
    streamed = _streamed(graph, op)
    if len(op.outputs) != 1 or not _nhwc(graph, op.outputs[0]) or not streamed:
        return None
    declared = streaming_rows(graph, op)
    if declared is None:
        return None
    if declared.form in ("window", "gather") and not (len(streamed) == 1 and _nhwc(graph, streamed[0])):
        return None
    if declared.form in ("transpose", "upsample") and streamed != [stage_input]:
        return None
    return Member(op, declared.form, declared.window, declared.band, declared.sources)


def find_stage(graph: Graph, start: int = 0) -> tuple[int, list[Member]]:
    """(stage input, the longest run of streamable members from the graph's op `start`): the
    stage may begin at the first op, or after it (a float input's QUANTIZE run in place first)."""
    if len(graph.ops) <= start:
        return -1, []
    streamed = _streamed(graph, graph.ops[start])
    if len(streamed) != 1:
        return -1, []
    x = streamed[0]
    members: list[Member] = []
    made = {x}
    for op in graph.ops[start:]:
        parts = [member_of(graph, part, x) for part in unfuse(graph, op)]
        if any(p is None for p in parts):
            break
        known = set(made) | {p.op.outputs[0] for p in parts[:-1]}  # a fused ADD reads its conv's rows
        if any(t not in known and not _side(graph, p, t) for p in parts for t in _streamed(graph, p.op)):
            break  # reads a tensor made before the stage (other than its input) it cannot read whole
        members += parts
        made.update(p.op.outputs[0] for p in parts)
    return x, members


def _side(graph: Graph, member: Member, t: int) -> bool:
    """Whether a "rows" member can read tensor t (made before the stage) whole as a side input:
    an NHWC tensor with the member's output rows, one row for one."""
    out = graph.tensors[member.op.outputs[0]]
    return member.form == "rows" and _nhwc(graph, t) and _rows(graph, t) == out.shape[1]


def _sides(graph: Graph, x: int, members) -> tuple[int, ...]:
    made = {m.op.outputs[0] for m in members}
    found = [t for m in members for t in _streamed(graph, m.op) if t != x and t not in made]
    return tuple(dict.fromkeys(found))


def _valid_ends(graph: Graph, x: int, members: list[Member]) -> list[int]:
    """Member counts n where the stage members[:n] has one output: every tensor it makes but its
    last member's output is read only inside it and is not a graph output; the last is produced by a
    window member or an ADD (a stage of one transpose or quantize saves nothing)."""
    ends = []
    for n in range(2, len(members) + 1):
        inside = {m.op.index for m in members[:n]}
        last = members[n - 1].op.outputs[0]
        made = [m.op.outputs[0] for m in members[: n - 1]]
        escapes = any(
            t in graph.outputs or any(op.index not in inside and t in op.inputs for op in graph.ops) for t in made
        )
        # a fused conv's two parts share an op index: the ADD half must stay with its conv
        split = n < len(members) and members[n].op.index == members[n - 1].op.index
        if not escapes and not split and last != x and members[n - 1].form not in ("transpose", "upsample"):
            ends.append(n)
    return ends


def _input_rows(member: Member, a: int, b: int) -> tuple[int, int, int]:
    """(first input row read, one past the last, padding rows above) for output rows [a, b); a
    gather member's third value is its first input row (the kernel's row_base, in the step's
    pad_h field)."""
    if member.form == "gather":
        first = min(lo for lo, _hi in member.sources[a:b])
        return first, max(hi for _lo, hi in member.sources[a:b]) + 1, first
    if member.form == "upsample":
        factor = member.band[0]
        return a // factor, -(-b // factor), 0
    if member.form != "window":
        return a, b, 0
    stride, pad, span, in_h = member.window
    first, last = a * stride - pad, (b - 1) * stride - pad + span
    src0, src1 = max(first, 0), min(last, in_h - 1) + 1
    return src0, max(src1, src0), src0 - first


def schedule(graph: Graph, x: int, members: list[Member], band_rows: int, caps: dict[int, int] | None = None):
    """The steps that compute the stage's output, each member's rows computed when a reader first
    needs them, at most band_rows rows a call (fewer rows, smaller windows; more calls). Returns
    (steps, rows each buffer must hold, the steps at which each buffer holds live rows). With caps
    (rows per buffer), a buffer's live rows move to its top when new rows would pass its end."""
    out = members[-1].op.outputs[0]
    producer = {m.op.outputs[0]: k for k, m in enumerate(members)}
    readers: dict[int, list[int]] = {}
    for k, m in enumerate(members):
        for t in _streamed(graph, m.op):
            readers.setdefault(t, []).append(k)
    done = [0] * len(members)
    low = {t: 0 for t in producer if t != out}  # lowest row still held
    top = dict(low)  # the tensor row at buffer row 0
    need = dict.fromkeys(low, 0)
    buffer_of = {t: n for n, t in enumerate(low)}
    steps: list[Step] = []
    x_bytes, out_bytes = graph.tensors[x].nbytes, _row_bytes(graph, out)
    x_low: dict[int, int] = {}  # step -> the lowest byte of the stage's input it reads
    out_end: dict[int, int] = {}  # step -> one past the last byte of the stage's output it writes
    written: dict[int, dict[int, int]] = {t: {} for t in low}  # tensor row -> the step writing it
    read: dict[int, dict[int, int]] = {t: {} for t in low}  # tensor row -> the last step reading it

    def still_needed(t: int) -> int:
        lows = []
        for k in readers.get(t, []):
            m = members[k]
            if done[k] < _rows(graph, m.op.outputs[0]):
                lows.append(_input_rows(m, done[k], done[k] + 1)[0] if m.form not in ("transpose", "upsample") else 0)
        return min(lows, default=1 << 30)

    def advance(k: int, b: int) -> None:
        while done[k] < b:
            compute(k, min(b, done[k] + band_rows))

    def compute(k: int, b: int) -> None:
        a = done[k]
        m = members[k]
        if m.form == "upsample":  # whole factors: every band starts at one (row0 // factor is exact)
            b = min(-(-b // m.band[0]) * m.band[0], _rows(graph, m.op.outputs[0]))
        src0, src1, pad = _input_rows(m, a, b)
        for t in _streamed(graph, m.op):
            if t in producer:
                advance(producer[t], src1)
        t_out = m.op.outputs[0]
        at_in = []
        for t in _streamed(graph, m.op):
            row = 0 if m.form == "transpose" else src0
            at_in.append(row - top.get(t, 0))
        if t_out in low:
            low[t_out] = max(low[t_out], min(a, still_needed(t_out)))
            if caps is not None and b - top[t_out] > caps[t_out]:
                if a > low[t_out]:  # the live rows [low, a) move up; none live: the top just moves
                    steps.append(Step(-1 - buffer_of[t_out], low[t_out], a - low[t_out],
                                      at=(low[t_out] - top[t_out],)))  # fmt: skip
                top[t_out] = low[t_out]
            need[t_out] = max(need[t_out], b - low[t_out])
        for t in _streamed(graph, m.op):
            if t in read:
                for row in range(src0, src1) if m.form in ("window", "gather") else range(a, b):
                    read[t][row] = len(steps)
        if t_out in written:
            written[t_out].update(dict.fromkeys(range(a, b), len(steps)))
        if x in _streamed(graph, m.op):
            if m.form == "transpose":
                _k, _count, row_offset, first = m.band
                x_low[len(steps)] = first + a * row_offset if first >= 0 else 0
            else:
                x_low[len(steps)] = (src0 if m.form in ("window", "gather", "upsample") else a) * _row_bytes(graph, x)
        if t_out == out:
            out_end[len(steps)] = b * out_bytes
        steps.append(Step(k, a, b - a, src1 - src0, pad, (*at_in, a - top.get(t_out, 0))))
        done[k] = b

    last_rows = _rows(graph, out)
    for r in range(0, last_rows, band_rows):
        advance(len(members) - 1, min(r + band_rows, last_rows))
    live = {t: _union([(written[t][row], read[t].get(row, written[t][row])) for row in written[t]]) for t in low}
    return steps, need, live, _lead(len(steps), x_bytes, x_low, out_end)


def _lead(count: int, x_bytes: int, x_low: dict[int, int], out_end: dict[int, int]) -> int:
    """How many bytes (a multiple of 16) the stage's output may start before its input in one
    buffer: each step must write its output bytes below every input byte this or a later step
    reads (x_low: step -> the lowest input byte it reads; out_end: step -> one past its last output
    byte)."""
    lead, lowest = 0, x_bytes
    for step in range(count - 1, -1, -1):
        lowest = min(lowest, x_low.get(step, x_bytes))
        if step in out_end:
            lead = max(lead, out_end[step] - lowest)
    return -(-lead // 16) * 16


def _union(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Closed step intervals merged, in order."""
    merged: list[list[int]] = []
    for a, b in sorted(spans):
        if merged and a <= merged[-1][1] + 1:
            merged[-1][1] = max(merged[-1][1], b)
        else:
            merged.append([a, b])
    return [(a, b) for a, b in merged]


def _overlap(x: list[tuple[int, int]], y: list[tuple[int, int]]) -> bool:
    i = j = 0
    while i < len(x) and j < len(y):
        if x[i][1] < y[j][0]:
            i += 1
        elif y[j][1] < x[i][0]:
            j += 1
        else:
            return True
    return False


def _pack(sizes: dict[int, int], live: dict[int, list[tuple[int, int]]]) -> tuple[dict[int, int], int]:
    """Offsets for the line buffers: largest first, each at the lowest offset clear of every buffer
    whose rows are live at some step its own are (a window a 1x1 conv reads and empties at once
    shares its bytes with the windows live at other steps)."""
    offsets: dict[int, int] = {}
    for t in sorted(sizes, key=lambda u: (-sizes[u], u)):
        busy = sorted((offsets[u], offsets[u] + sizes[u]) for u in offsets if _overlap(live[t], live[u]))
        offset = 0
        for lo, hi in busy:
            if offset + sizes[t] <= lo:
                break
            offset = max(offset, hi)
        offsets[t] = offset
    return offsets, max((offsets[t] + sizes[t] for t in sizes), default=0)


def tile(graph: Graph, x: int, members: list[Member], band_rows: int) -> StageTiling:
    _, need, _, _ = schedule(graph, x, members, band_rows)
    steps, _, live, lead = schedule(graph, x, members, band_rows, need)
    sizes = {t: -(-rows * _row_bytes(graph, t) // 16) * 16 for t, rows in need.items()}
    offsets, offset = _pack(sizes, live)
    buffers = [(t, offsets[t], rows) for t, rows in need.items()]
    replaced = []
    for m in members:
        if not replaced or replaced[-1].index != m.op.index:
            replaced.append(next(op for op in graph.ops if op.index == m.op.index))
    return StageTiling(tuple(members), x, members[-1].op.outputs[0], band_rows, tuple(steps), tuple(buffers),
                       offset, tuple(replaced), lead, _sides(graph, x, members))  # fmt: skip


def rewrite(graph: Graph, tiling: StageTiling) -> Graph:
    """Replace the stage's ops by one TILED_STAGE op (same position, its input and output)."""
    first = tiling.replaced[0]
    inputs = (tiling.stage_input, *tiling.sides)
    stage = Op(first.index, OpKind.TILED_STAGE, 1, inputs, (tiling.stage_output,), tiling=tiling)
    ops = [op for op in graph.ops if op not in tiling.replaced]
    ops.insert(graph.ops.index(first), stage)
    return dataclasses.replace(graph, ops=ops)


def why_not_tiled(graph: Graph, untiled: int) -> str:
    """One line: why tile_stages left the graph as it was (the plan it would tile is `untiled` bytes)."""
    if not graph.ops:
        return "no ops to tile"
    peak = graph.ops[live_peak(graph)]
    where = f"op #{peak.index} ({peak.kind.value.lower()}), where the most bytes are live"
    candidates = _candidates(graph)
    if candidates:
        names = ", ".join(dict.fromkeys(m.op.kind.value.lower() for _x, stage in candidates for m in stage))
        return f"no stage of its {names} layers lowers the arena below {untiled:,} B (the peak: {where})"
    return (
        f"no stage of two streamable layers runs from the stem or through {where}: tiling streams "
        "convolutions, pools, residual adds, activations, and a quantize or transpose of the input"
    )


def live_peak(graph: Graph) -> int:
    """The op step at which the most activation bytes are live (made at or before it, read at or
    after it): a stage lowers the arena only if it runs through that step."""
    first: dict[int, int] = dict.fromkeys(graph.inputs, 0)
    last: dict[int, int] = {}
    for step, op in enumerate(graph.ops):
        for t in op.inputs:
            if t >= 0 and not graph.tensors[t].is_constant:
                last[t] = step
        for t in op.outputs:
            first.setdefault(t, step)
    for t in graph.outputs:
        last[t] = len(graph.ops)
    live = [0] * max(len(graph.ops), 1)
    for t, a in first.items():
        for step in range(a, min(last.get(t, a), len(graph.ops) - 1) + 1):
            live[step] += graph.tensors[t].nbytes
    return max(range(len(live)), key=live.__getitem__)


def _candidates(graph: Graph) -> list[tuple[int, list[Member]]]:
    """(stage input, members) of every stage worth planning: from the stem (STARTS, any end), and
    from each of the REACH ops before the peak step, ending at or past it (U-Net decoders, ESPCN's
    full-resolution tail, an autoencoder's last upsampling)."""
    peak = live_peak(graph)
    position = {id(op): k for k, op in enumerate(graph.ops)}
    found = []
    for k in sorted({*STARTS, *range(max(0, peak - REACH), peak + 1)}):
        x, members = find_stage(graph, k)
        past = 0  # past the stem, the first ENDS stage ends at or after the peak: longer ones add steps
        for end in _valid_ends(graph, x, members):
            last = next(op for op in graph.ops if op.index == members[end - 1].op.index)
            if k in STARTS:
                found.append((x, members[:end]))
            elif position[id(last)] >= peak and past < ENDS:
                found.append((x, members[:end]))
                past += 1
    return found


def _banded(graph: Graph, x: int, stage: list[Member]):
    """The stage tiled at each band height shorter than its output: (tiling, the rewritten graph)."""
    out_h = _rows(graph, stage[-1].op.outputs[0])
    for rows in sorted({*BAND_ROWS, out_h // 2} - {0}, reverse=True):
        if rows < out_h:
            tiling = tile(graph, x, stage, rows)
            yield tiling, rewrite(graph, tiling)


def _best_stage(graph: Graph, plan_arena, budget: int | None, best: tuple) -> tuple:
    """The best of `best` ((key, graph, tiling)) and every candidate stage tiled into graph."""
    for x, stage in _candidates(graph):
        for tiling, candidate in _banded(graph, x, stage):
            arena = plan_arena(candidate)
            steps = len(tiling.steps)
            if budget is None:
                key = (False, arena, steps)
            else:
                fits = arena <= budget
                key = (not fits, arena if not fits else steps, 0)
            if key < best[0]:
                best = (key, candidate, tiling)
    return best


def tile_stages(graph: Graph, plan_arena, budget: int | None = None) -> tuple[Graph, StageTiling | None]:
    """Tile the stages (each: start, end and band height) that give the smallest arena
    (plan_arena(graph) -> bytes), ties to the fewest steps; with a budget, the fewest steps whose
    arena fits it (the smallest arena when none does). A stage is the stem or one running through
    the step where the most bytes are live; after one is tiled the peak may move, so up to ROUNDS
    stages are tiled, each only where it lowers the arena further. Returns the graph and the first
    tiling made (None: nothing tiled)."""
    untiled = plan_arena(graph)
    if budget is None:  # no tiling is a candidate too: nothing changes
        best = ((False, untiled, 0), graph, None)
    else:
        best = ((untiled > budget, untiled if untiled > budget else 0, 0), graph, None)
    first = None
    for _ in range(ROUNDS):
        # a stage after the first must lower the arena itself (not only take fewer steps than the first)
        bar = best[0] if first is None else (best[0][0], best[0][1], 0)
        found = _best_stage(best[1], plan_arena, budget, (bar, best[1], None))
        if found[2] is None or (first is not None and found[0][:2] >= best[0][:2]):
            break
        first = first or found[2]
        best = found
        if budget is not None and not best[0][0]:
            break  # it fits: more stages would only add steps
    if budget is None and first is not None:
        graph = _retuned(best[1], plan_arena)  # the first stage may be tiled anew: return it as it is now
        return graph, next(op.tiling for op in graph.ops if op.kind is OpKind.TILED_STAGE)
    return best[1], first


def _untiled(graph: Graph, stage: Op) -> Graph:
    """The graph with one stage op replaced by the ops it stands for."""
    k = graph.ops.index(stage)
    return dataclasses.replace(graph, ops=[*graph.ops[:k], *stage.tiling.replaced, *graph.ops[k + 1 :]])


def _retuned(graph: Graph, plan_arena) -> Graph:
    """Each stage's end and band height chosen again once every stage is tiled: a stage tiled while
    the arena's peak lay elsewhere took the fewest steps, and its buffers or its output may be the
    peak now (a U-Net's last decoder stage after its first: ending one layer later, at the 2-channel
    head, its output is a quarter the size). The smallest arena, ties to the fewest steps."""
    stages = [op for op in graph.ops if op.kind is OpKind.TILED_STAGE]
    if len(stages) < 2:
        return graph
    for stage in stages:
        t = stage.tiling
        base = _untiled(graph, stage)
        x, members = find_stage(base, base.ops.index(t.replaced[0]))
        best = (plan_arena(graph), len(t.steps), graph)
        for end in _valid_ends(base, x, members):
            for tiling, candidate in _banded(base, x, members[:end]):
                key = (plan_arena(candidate), len(tiling.steps), candidate)
                if key[:2] < best[:2]:
                    best = key
        graph = best[2]
    return graph
