"""Draw arena plans as SVG: tensors as rectangles over time (x) and address (y), the peak marked.

Plain SVG text, no plotting library; several plans side by side (e.g. fast and small)."""

from __future__ import annotations

from pathlib import Path

from codegen.escape import xml_text
from codegen.ir import Graph
from codegen.memplan import MemoryPlan

WIDTH, HEIGHT, MARGIN, GAP = 520, 360, 48, 40
PALETTE = ("#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#9c755f")


def _panel(graph: Graph, plan: MemoryPlan, title: str, x0: int, top: int) -> list[str]:
    steps = max((b.last for b in plan.buffers), default=0) + 1
    scale_x = WIDTH / steps
    scale_y = HEIGHT / max(plan.arena_size, 1)
    out = [
        f'<text x="{x0}" y="{top - 18}" font-size="14" font-weight="bold">{xml_text(title)}</text>',
        f'<rect x="{x0}" y="{top}" width="{WIDTH}" height="{HEIGHT}" fill="none" stroke="#333"/>',
    ]
    for k, (buf, offset) in enumerate(zip(plan.buffers, plan.offsets)):
        colour = "#bbbbbb" if buf.scratch_of is not None else PALETTE[k % len(PALETTE)]
        for first, last, size in buf.extents or [(buf.first, buf.last, buf.size)]:
            x = x0 + first * scale_x
            w = max((last - first + 1) * scale_x - 1, 1)
            y = top + HEIGHT - (offset + size) * scale_y
            h = max(size * scale_y, 1)
            label = f"{buf.name}: {size:,} B @ {offset:,}, steps {first}..{last}"
            out.append(
                f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" fill="{colour}" '
                f'fill-opacity="0.75" stroke="#222" stroke-width="0.4"><title>{xml_text(label)}</title></rect>'
            )
    peak_step = max(range(steps), key=lambda s: sum(b.size_at(s) for b in plan.buffers))
    px = x0 + (peak_step + 0.5) * scale_x
    out += [
        f'<line x1="{px:.1f}" y1="{top}" x2="{px:.1f}" y2="{top + HEIGHT}" stroke="#d00" stroke-dasharray="4 3"/>',
        f'<text x="{x0}" y="{top + HEIGHT + 18}" font-size="12">op step (time) 0..{steps - 1}; '
        f"peak live at step {peak_step} (red)</text>",
        f'<text x="{x0}" y="{top + HEIGHT + 34}" font-size="12">arena {plan.arena_size:,} B, '
        f"lifetime bound {plan.lower_bound:,} B, {len(plan.inplace)} ops in place</text>",
        f'<text x="{x0 - 6}" y="{top + 10}" font-size="11" text-anchor="end">{plan.arena_size:,}</text>',
        f'<text x="{x0 - 6}" y="{top + HEIGHT}" font-size="11" text-anchor="end">0</text>',
    ]
    return out


def write_svg(path: str | Path, graph: Graph, panels: list[tuple[str, MemoryPlan]]) -> None:
    """One panel per (title, plan), left to right, on a shared address scale per panel."""
    Path(path).write_text(svg(graph, panels))


CHAR_WIDTH = 7.5  # px of one character at the sizes used (13 px sans-serif at most), generously


def svg(graph: Graph, panels: list[tuple[str, MemoryPlan]]) -> str:
    """The drawing as SVG text (inlined by `rvfw report`). Margins and width follow the text they
    hold (the arena's size left of each panel, the model's name above), so nothing is cut off."""
    left = max(MARGIN, max((int(CHAR_WIDTH * len(f"{p.arena_size:,}")) + 12 for _t, p in panels), default=0))
    name = f"{Path(graph.source).name}: arena plans"
    legend = "x: op step, y: byte address; grey: in-place scratch"
    total_w = left + len(panels) * WIDTH + (len(panels) - 1) * (GAP + left) + MARGIN
    total_w = max(total_w, int(CHAR_WIDTH * max(len(name), len(legend))) + 2 * MARGIN)
    top = 2 * MARGIN + 16
    total_h = HEIGHT + top + MARGIN + 4
    body = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{total_w}" height="{total_h}" font-family="sans-serif">',
        f'<rect width="{total_w}" height="{total_h}" fill="white"/>',
        f'<text x="{MARGIN}" y="20" font-size="13">{xml_text(name)}</text>',
        f'<text x="{MARGIN}" y="38" font-size="12">{xml_text(legend)}</text>',
    ]
    for k, (title, plan) in enumerate(panels):
        body += _panel(graph, plan, title, left + k * (WIDTH + GAP + left), top)
    body.append("</svg>")
    return "\n".join(body) + "\n"
