"""Kernel variants that differ only in dtype and kernel set, generated from one template each (as
XNNPACK generates its `*.c.in` variants): the in-place wrappers of the 16x8 and float32
convolutions (templates/kernels/inplace.c.j2), which run the set's out-of-place kernel a row or a
block of pixels at a time, the integer FLOOR_DIV and FLOOR_MOD of each width
(templates/kernels/floor_int.c.j2), TOPK_V2 of each dtype (templates/kernels/topk.c.j2) and the
RVV DEQUANTIZE of int8 and int16 (templates/kernels/dequantize_rvv.c.j2) and the fast scalar
BATCH_MATMUL of int8, 16x8 and float32 (templates/kernels/batch_matmul_scalar.c.j2), the raw
comparisons of int16 and int64 (templates/kernels/compare_raw.c.j2), the integer reductions
(templates/kernels/reduce_int.c.j2, reduce_extreme.c.j2, reduce_prod_int.c.j2,
reduce_prod_quantized.c.j2, sum_litert.c.j2) int64 ADD, SUB, MUL, MAXIMUM and MINIMUM
(templates/kernels/binary_s64.c.j2), the integer CUMSUM (templates/kernels/cumsum_int.c.j2) and
the quantised DIV of int8 and int16 (templates/kernels/div_quantized.c.j2) and the fast hybrid
(dynamic-range) FULLY_CONNECTED and convolutions of each set (templates/kernels/hybrid.c.j2) and
the float32 elementwise NEG, ABS, SQUARE, SQRT and RSQRT in RVV lanes
(templates/kernels/unary_f32_rvv.c.j2) and the RVV AVERAGE_POOL_2D of int8 and int16
(templates/kernels/avgpool_rvv.c.j2). The files land in
firmware/kernels/generated/ (codegen.paths.kernel_source finds a kernel there or among the
hand-written ones; an export puts both in one folder) with a banner naming their template, and a
file no variant makes any more is removed; tests/unit/test_kernelgen.py fails when a generated
file differs from what the template makes, or is not made by one.

    python -m codegen.emit.kernelgen      (make kernels)"""

from __future__ import annotations

import sys
from dataclasses import dataclass

import jinja2

from codegen.paths import GENERATED_KERNELS_DIR, TEMPLATES_DIR

SET_WORDS = {"ref": "reference", "scalar": "fast scalar", "rvv": "RVV 1.0"}
WIDTH = 120


def wrapped(head: str, args: list[str], tail: str, indent: str = "") -> str:
    """`head(args)tail` as C with its arguments bin-packed into lines of at most WIDTH characters,
    continuation lines aligned after the opening parenthesis (the tree's clang-format style)."""
    first = f"{indent}{head}("
    lines, line = [], first
    for k, arg in enumerate(args):
        piece = arg + (", " if k < len(args) - 1 else ")" + tail)
        if len(line) + len(piece.rstrip()) > WIDTH and line.strip() != first.strip():
            lines.append(line.rstrip())
            line = " " * len(first) + piece
        else:
            line += piece
    lines.append(line.rstrip())
    return "\n".join(lines)


@dataclass(frozen=True)
class Variant:
    op: str  # "depthwise" (rows) or "pointwise" (blocks of pixels)
    dtype: str  # "s16" or "f32"
    kernel_set: str
    filter_name: str = "filter"

    @property
    def name(self) -> str:
        stem = "depthwise_conv2d_inplace" if self.op == "depthwise" else "conv2d_1x1_inplace"
        return f"{stem}_{self.dtype}_{self.kernel_set}"

    def context(self) -> dict:
        wide = self.dtype == "s16"
        c_type = "int16_t" if wide else "float"
        f = self.filter_name
        if wide:
            fields = [f"const int8_t *{f}", "const void *bias", "const int32_t *output_multiplier, *output_shift"]
            names = [f, "bias", "output_multiplier", "output_shift"]
            params = [f"const int8_t *{f}", "const void *bias", "const int32_t *output_multiplier",
                      "const int32_t *output_shift"]  # fmt: skip
            inner = [f"a->{f}", "a->bias", "a->output_multiplier", "a->output_shift"]
        else:
            fields = [f"const float *{f}, *bias, *act"]
            names = [f, "bias", "act"]
            params = [f"const float *{f}", "const float *bias", "const float *act"]
            inner = [f"a->{f}", "a->bias", "a->act"]
        depthwise = self.op == "depthwise"
        narrowed = "row" if depthwise else "block"
        out_of_place = f"rvfw_{'depthwise_conv2d' if depthwise else 'conv2d'}_{self.dtype}_{self.kernel_set}"
        inner_call = wrapped(out_of_place, [narrowed, f"(const {c_type} *)(const void *)input", *inner,
                                            f"({c_type} *)(void *)output"], ";", "    ")  # fmt: skip
        helper = "rvfw_depthwise_inplace_rows" if depthwise else "rvfw_pointwise_inplace_blocks"
        callback = "row_kernel" if depthwise else "block_kernel"
        helper_args = ["p", "(int8_t *)(void *)data", "scratch", f"(int32_t)sizeof({c_type})", callback, "&a"]
        if depthwise:
            helper_args.append("rvfw_copy_words_s8")
        arguments = ["const rvfw_conv_params *p", f"{c_type} *data", *params, "int8_t *scratch"]
        signature = wrapped(f"RVFW_KERNEL void rvfw_{self.name}", arguments, "")
        return {"op": self.op, "what": "16x8" if wide else "float32", "set_words": SET_WORDS[self.kernel_set],
                "fields": fields, "names": names, "callback": callback, "narrowed": narrowed,
                "inner_call": inner_call, "helper_call": wrapped(helper, helper_args, ";", "    "),
                "signature": signature}  # fmt: skip


@dataclass(frozen=True)
class FloorVariant:
    op: str  # "floor_div" or "floor_mod"
    dtype: str  # "s8", "s16", "s32" or "s64"

    @property
    def name(self) -> str:
        return f"{self.op}_{self.dtype}_ref"

    def context(self) -> dict:
        c_type = {"s8": "int8_t", "s16": "int16_t", "s32": "int32_t", "s64": "int64_t"}[self.dtype]
        arguments = ["const rvfw_binary_params *p", f"const {c_type} *a", f"const {c_type} *b", f"{c_type} *output"]
        return {"kind": self.op.upper(), "what": c_type.removesuffix("_t"), "c_type": c_type,
                "function": f"rvfw_{self.op}_i64", "signature": wrapped(f"RVFW_KERNEL void rvfw_{self.name}",
                                                                         arguments, "")}  # fmt: skip


@dataclass(frozen=True)
class TopkVariant:
    dtype: str  # "s8", "u8", "s16", "s32", "s64" or "f32"

    @property
    def name(self) -> str:
        return f"topk_{self.dtype}_ref"

    def context(self) -> dict:
        c_type = {"s8": "int8_t", "u8": "uint8_t", "s16": "int16_t", "s32": "int32_t", "s64": "int64_t",
                  "f32": "float"}[self.dtype]  # fmt: skip
        arguments = ["const rvfw_topk_params *p", f"const {c_type} *input", f"{c_type} *values", "void *indices"]
        return {"what": {"float": "float32"}.get(c_type, c_type.removesuffix("_t")), "c_type": c_type,
                "signature": wrapped(f"RVFW_KERNEL void rvfw_{self.name}", arguments, "")}  # fmt: skip


@dataclass(frozen=True)
class DequantizeVariant:
    dtype: str  # "s8" or "s16": the RVV DEQUANTIZE to float32

    @property
    def name(self) -> str:
        return f"dequantize_{self.dtype}_f32_rvv"

    def context(self) -> dict:
        bits = {"s8": 8, "s16": 16}[self.dtype]
        arguments = ["const rvfw_affine_params *p", f"const int{bits}_t *input", "float *output"]
        return {"what": f"int{bits}", "bits": bits, "widen": f"vf{32 // bits}", "lmul": {8: "m1", 16: "m2"}[bits],
                "signature": wrapped(f"RVFW_KERNEL void rvfw_{self.name}", arguments, "")}  # fmt: skip


@dataclass(frozen=True)
class BatchMatmulVariant:
    dtype: str  # "s8" (offsets, int32 sums), "s16" (16x8: no offsets, int64 sums) or "f32"

    @property
    def name(self) -> str:
        return f"batch_matmul_{self.dtype}_scalar"

    def context(self) -> dict:
        c_type = {"s8": "int8_t", "s16": "int16_t", "f32": "float"}[self.dtype]
        arguments = ["const rvfw_batch_matmul_params *p", f"const {c_type} *a", f"const {c_type} *b",
                     f"{c_type} *output"]  # fmt: skip
        offsets = self.dtype == "s8"

        def b(operand: str) -> str:
            return f"({operand} + b_off)" if offsets else operand

        def store(acc: str) -> str:
            return acc if self.dtype == "f32" else f"output_of({acc}, multiplier, shift, out_off)"

        sums = {"s8": "The same sums as the reference (integer, any order), requantised the same way.",
                "s16": "The same sums as the reference (int64, any order), requantised the same way.",
                "f32": "Every column still sums its products one by one in depth order from 0.0f, so each\n * "
                       "output rounds exactly as the reference's."}[self.dtype]  # fmt: skip
        acc = {"s8": "int32_t", "s16": "int64_t", "f32": "float"}[self.dtype]
        return {"what": {"s8": "int8", "s16": "int16 (16x8)", "f32": "float32"}[self.dtype], "dtype": self.dtype,
                "c_type": c_type, "offsets": offsets, "acc": acc,
                "value": "float" if self.dtype == "f32" else "int32_t", "zero": "0.0f" if self.dtype == "f32" else "0",
                "sums": sums, "b": b, "store": store,
                "signature": wrapped(f"RVFW_KERNEL void rvfw_{self.name}", arguments, "")}  # fmt: skip


@dataclass(frozen=True)
class CompareVariant:
    dtype: str  # "s16" or "s64": comparisons of the raw values (LiteRT's)

    @property
    def name(self) -> str:
        return f"compare_{self.dtype}_ref"

    def context(self) -> dict:
        c_type = {"s16": "int16_t", "s64": "int64_t"}[self.dtype]
        arguments = ["const rvfw_compare_params *p", f"const {c_type} *a", f"const {c_type} *b", "uint8_t *output"]
        why = {
            "s16": "as TFLite's reference kernels compare int16 (TFLite Micro's int16 GREATER is\n * known "
            "wrong: docs/tflm-differences.md)",
            "s64": "as LiteRT's reference kernels and TFLite Micro's comparison kernels do",
        }[self.dtype]
        kinds = "GREATER (and the other orderings)" if self.dtype == "s16" else "EQUAL, NOT_EQUAL and the orderings"
        return {"what": c_type.removesuffix("_t"), "why": why, "kinds": kinds,
                "signature": wrapped(f"RVFW_KERNEL void rvfw_{self.name}", arguments, "")}  # fmt: skip


INT_TYPES = {
    "s8": ("int8_t", "INT8_MIN", "INT8_MAX"),
    "u8": ("uint8_t", "0", "UINT8_MAX"),
    "s16": ("int16_t", "INT16_MIN", "INT16_MAX"),
    "s32": ("int32_t", "INT32_MIN", "INT32_MAX"),
    "s64": ("int64_t", "INT64_MIN", "INT64_MAX"),
}


@dataclass(frozen=True)
class ReduceVariant:
    # "reduce" (SUM, MEAN, REDUCE_MAX, REDUCE_MIN of int32/int64), "reduce_extreme" (int16/uint8) or
    # "reduce_prod" (int32/int64 wrapping; int8/int16 quantised) or "sum_litert" (int8/int16: LiteRT's SUM)
    kind: str
    dtype: str

    @property
    def name(self) -> str:
        return f"{self.kind}_{self.dtype}_ref"

    @property
    def template(self) -> str:
        if self.kind == "sum_litert":
            return "sum_litert.c.j2"
        if self.kind == "reduce_prod":  # int8 and int16 are quantised products
            return "reduce_prod_quantized.c.j2" if self.dtype in ("s8", "s16") else "reduce_prod_int.c.j2"
        return "reduce_int.c.j2" if self.kind == "reduce" else "reduce_extreme.c.j2"

    def context(self) -> dict:
        c_type, lo, hi = INT_TYPES[self.dtype]
        arguments = ["const rvfw_reduce_params *p", f"const {c_type} *input", f"{c_type} *output"]
        if self.kind == "sum_litert":
            arguments.insert(1, "const float *scales")
        bits = int(self.dtype[1:])
        signature = wrapped(f"RVFW_KERNEL void rvfw_{self.name}", arguments, "")
        return {"what": c_type.removesuffix("_t"), "c_type": c_type, "min": lo, "max": hi, "bits": bits,
                "unsigned": f"uint{bits}_t", "signature": signature}  # fmt: skip


@dataclass(frozen=True)
class BinaryS64Variant:
    op: str  # "add", "sub", "mul", "maximum" or "minimum"

    @property
    def name(self) -> str:
        return f"{self.op}_s64_ref"

    def context(self) -> dict:
        arguments = ["const rvfw_binary_params *p", "const int64_t *a", "const int64_t *b", "int64_t *output"]
        sign = {"add": "+", "sub": "-", "mul": "*"}.get(self.op)
        expression = (f"(int64_t)((uint64_t)a[ia] {sign} (uint64_t)b[ib])" if sign else
                      f"a[ia] {'>' if self.op == 'maximum' else '<'} b[ib] ? a[ia] : b[ib]")  # fmt: skip
        return {"kind": self.op.upper(), "expression": expression,
                "wraps": " (wrapping modulo 2^64, in unsigned arithmetic)" if sign else "",
                "signature": wrapped(f"RVFW_KERNEL void rvfw_{self.name}", arguments, "")}  # fmt: skip


@dataclass(frozen=True)
class CumsumVariant:
    dtype: str  # "s32" or "s64"

    @property
    def name(self) -> str:
        return f"cumsum_{self.dtype}_ref"

    def context(self) -> dict:
        bits = int(self.dtype[1:])
        arguments = ["const rvfw_cumsum_params *p", f"const int{bits}_t *input", f"int{bits}_t *output"]
        return {"what": f"int{bits}", "bits": bits, "c_type": f"int{bits}_t",
                "signature": wrapped(f"RVFW_KERNEL void rvfw_{self.name}", arguments, "")}  # fmt: skip


@dataclass(frozen=True)
class DivVariant:
    dtype: str  # "s8" or "s16": TFLite's quantised DIV (int16: LiteRT's, zero points 0)

    @property
    def name(self) -> str:
        return f"div_{self.dtype}_ref"

    def context(self) -> dict:
        c_type = {"s8": "int8_t", "s16": "int16_t"}[self.dtype]
        arguments = ["const rvfw_binary_params *p", f"const {c_type} *a", f"const {c_type} *b", f"{c_type} *output"]
        note = (
            ""
            if self.dtype == "s8"
            else ";\n * int16 as LiteRT's reference kernels divide it (TFLite Micro has no int16 DIV)"
        )
        return {"what": c_type.removesuffix("_t"), "c_type": c_type, "note": note,
                "signature": wrapped(f"RVFW_KERNEL void rvfw_{self.name}", arguments, "")}  # fmt: skip


@dataclass(frozen=True)
class HybridVariant:
    op: str  # "fully_connected", "conv2d", "conv2d_symmetric" or "depthwise_conv2d"
    kernel_set: str  # "scalar" or "rvv": the set's int8 sums (rvfw_hybrid_dots.h)

    @property
    def name(self) -> str:
        stem = "conv2d_hybrid_symmetric" if self.op == "conv2d_symmetric" else f"{self.op}_hybrid"
        return f"{stem}_f32_{self.kernel_set}"

    def context(self) -> dict:
        fc = self.op == "fully_connected"
        sums = f"rvfw_hybrid_{'dw_sums' if self.op == 'depthwise_conv2d' else 'dots'}_{self.kernel_set}"
        head = ["const rvfw_hybrid_fc_params *p" if fc else "const rvfw_conv_params *p", "const float *input",
                "const int8_t *filter", "const float *bias", "const float *scales"]  # fmt: skip
        if self.op != "depthwise_conv2d":
            head.append("const int32_t *row_sums" if fc else "const int32_t *w_sums")
        arguments = [*head, "const float *act", "int8_t *scratch", "float *output"]
        if fc:
            call = ["rvfw_hybrid_fc_run", ["p", "input", "filter", "bias", "scales", "row_sums", "act", "scratch",
                                            "output", sums]]  # fmt: skip
        elif self.op == "depthwise_conv2d":
            call = ["rvfw_hybrid_depthwise_run", ["p", "input", "filter", "bias", "scales", "act", "scratch",
                                                   "output", sums]]  # fmt: skip
        else:
            form = "RVFW_HYBRID_CONV_SYMMETRIC" if self.op == "conv2d_symmetric" else "RVFW_HYBRID_CONV"
            call = ["rvfw_hybrid_conv_run", [form, "p", "input", "filter", "bias", "scales", "w_sums", "act",
                                             "scratch", "output", sums]]  # fmt: skip
        what = {
            "fully_connected": "FULLY_CONNECTED",
            "conv2d": "CONV_2D (weights per channel)",
            "conv2d_symmetric": "CONV_2D (weights per tensor)",
            "depthwise_conv2d": "DEPTHWISE_CONV_2D",
        }[self.op]
        return {"what": what, "set_words": SET_WORDS[self.kernel_set],
                "signature": wrapped(f"RVFW_KERNEL void rvfw_{self.name}", arguments, ""),
                "call": wrapped(call[0], call[1], ";", "    ")}  # fmt: skip


@dataclass(frozen=True)
class UnaryF32Variant:
    op: str  # "neg", "abs", "square", "sqrt" or "rsqrt": float32 elementwise in RVV lanes

    @property
    def name(self) -> str:
        return f"{self.op}_f32_rvv"

    def context(self) -> dict:
        what, reference, expression = {
            "neg": ("the sign flipped", "-x", "__riscv_vfneg_v_f32m8(x, vl)"),
            "abs": ("the sign cleared", "fabsf(x)", "__riscv_vfabs_v_f32m8(x, vl)"),
            "square": ("x times x", "x * x", "__riscv_vfmul_vv_f32m8(x, x, vl)"),
            "sqrt": ("the correctly rounded square root", "sqrtf(x)", "__riscv_vfsqrt_v_f32m8(x, vl)"),
            "rsqrt": ("the square root, then 1 over it: two roundings", "1.0f / sqrtf(x)",
                      "__riscv_vfrdiv_vf_f32m8(__riscv_vfsqrt_v_f32m8(x, vl), 1.0f, vl)"),
        }[self.op]  # fmt: skip
        arguments = ["const rvfw_lut_params *p", "const float *input", "float *output"]
        return {"kind": self.op.upper(), "what": what, "reference": reference, "expression": expression,
                "signature": wrapped(f"RVFW_KERNEL void rvfw_{self.name}", arguments, "")}  # fmt: skip


@dataclass(frozen=True)
class AvgPoolRvvVariant:
    dtype: str  # "s8" or "s16": AVERAGE_POOL_2D in int32 lanes

    @property
    def name(self) -> str:
        return f"avgpool2d_{self.dtype}_rvv"

    def context(self) -> dict:
        bits = int(self.dtype[1:])
        c_type = f"int{bits}_t"
        load = ("__riscv_vsext_vf2_i16m4(__riscv_vle8_v_i8m2(x, vl), vl)" if bits == 8
                else "__riscv_vle16_v_i16m4(x, vl)")  # fmt: skip
        arguments = ["const rvfw_pool_params *p", f"const {c_type} *input", f"{c_type} *output"]
        return {"what": f"int{bits}", "bits": bits, "c_type": c_type, "load": load,
                "signature": wrapped(f"RVFW_KERNEL void rvfw_{self.name}", arguments, "")}  # fmt: skip


VARIANTS = (
    *(Variant("depthwise", dtype, s) for dtype in ("s16", "f32") for s in ("ref", "scalar", "rvv")),
    *(Variant("pointwise", "s16", s) for s in ("ref", "scalar")),
    Variant("pointwise", "s16", "rvv", filter_name="filter_hwio"),
    *(Variant("pointwise", "f32", s) for s in ("ref", "scalar")),
    Variant("pointwise", "f32", "rvv", filter_name="filter_t"),
    *(FloorVariant(op, dtype) for op in ("floor_div", "floor_mod") for dtype in ("s8", "s16", "s32")),
    FloorVariant("floor_mod", "s64"),
    *(TopkVariant(dtype) for dtype in ("s8", "u8", "s16", "s32", "s64", "f32")),
    *(DequantizeVariant(dtype) for dtype in ("s8", "s16")),
    *(BatchMatmulVariant(dtype) for dtype in ("s8", "s16", "f32")),
    *(CompareVariant(dtype) for dtype in ("s16", "s64")),
    *(ReduceVariant("reduce", dtype) for dtype in ("s32", "s64")),
    *(BinaryS64Variant(op) for op in ("add", "sub", "mul", "maximum", "minimum")),
    *(CumsumVariant(dtype) for dtype in ("s32", "s64")),
    *(ReduceVariant("reduce_extreme", dtype) for dtype in ("s16", "u8")),
    *(DivVariant(dtype) for dtype in ("s8", "s16")),
    *(ReduceVariant("reduce_prod", dtype) for dtype in ("s8", "s16", "s32", "s64")),
    *(ReduceVariant("sum_litert", dtype) for dtype in ("s8", "s16")),
    *(
        HybridVariant(op, s)
        for op in ("fully_connected", "conv2d", "conv2d_symmetric", "depthwise_conv2d")
        for s in ("scalar", "rvv")
    ),
    *(UnaryF32Variant(op) for op in ("neg", "abs", "square", "sqrt", "rsqrt")),
    *(AvgPoolRvvVariant(dtype) for dtype in ("s8", "s16")),
)
TEMPLATES = {Variant: "inplace.c.j2", FloorVariant: "floor_int.c.j2", TopkVariant: "topk.c.j2",
             DequantizeVariant: "dequantize_rvv.c.j2", BatchMatmulVariant: "batch_matmul_scalar.c.j2",
             CompareVariant: "compare_raw.c.j2", BinaryS64Variant: "binary_s64.c.j2",
             CumsumVariant: "cumsum_int.c.j2", DivVariant: "div_quantized.c.j2",
             HybridVariant: "hybrid.c.j2", UnaryF32Variant: "unary_f32_rvv.c.j2",
             AvgPoolRvvVariant: "avgpool_rvv.c.j2"}  # fmt: skip


def render_all() -> dict[str, str]:
    """file name (firmware/kernels/) -> the text the template makes for it."""
    loader = jinja2.FileSystemLoader(str(TEMPLATES_DIR / "kernels"))
    env = jinja2.Environment(loader=loader, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
                             undefined=jinja2.StrictUndefined)  # fmt: skip
    return {f"{v.name}.c": env.get_template(_template(v)).render(v=v.context()) for v in VARIANTS}


def _template(v) -> str:
    """A variant's template: its own (a class of several templates says which) or its class's."""
    return getattr(v, "template", None) or TEMPLATES[type(v)]


def main() -> int:
    made = render_all()
    GENERATED_KERNELS_DIR.mkdir(exist_ok=True)
    for name, text in made.items():
        path = GENERATED_KERNELS_DIR / name
        if not path.is_file() or path.read_text() != text:
            path.write_text(text)
            print(f"wrote firmware/kernels/generated/{name}")
    for stale in sorted(set(p.name for p in GENERATED_KERNELS_DIR.glob("*.c")) - set(made)):
        (GENERATED_KERNELS_DIR / stale).unlink()
        print(f"removed firmware/kernels/generated/{stale}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
