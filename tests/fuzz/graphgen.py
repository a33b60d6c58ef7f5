"""Random valid model architectures, made by the real converter (issue 50; NNSmith's and Csmith's
idea: random valid programs find the shapes nobody thought of).

Runs in the converter venv (tests/data/converters/requirements.txt: TensorFlow, tf-keras, TFLite
Micro), never in rvfw's or CI's. A model is a *spec*: a JSON list of nodes, each an op of a small
Keras/TF menu with its parameters and the nodes it reads. The spec is drawn from a seed (branches,
residual ADDs, concatenations of concatenations, splits and slices whose parts feed joins, reshapes,
broadcasting, every spatial size down to 1x1, odd channel counts), built as a Keras model, converted
with one of four quantisation flows (int8 I/O, int8 with float I/O, float32, 16x8), and run by
TFLite Micro on a seeded input. Specs shrink (shrink()): a failing model's spec loses nodes for as
long as it still fails.

    .venv-gen/bin/python -m tests.fuzz.graphgen SEED COUNT OUTDIR [--litert]

--litert (issue 56) draws models TFLite Micro refuses as users make them: the converter's
dynamic-range (int8 weights, float activations) and float16-weight flows beside float32, int8 with
float I/O and 16x8, GELU among the activations, and a GELU after the last layer of the flows TFLite
Micro would otherwise run; their references are LiteRT's reference kernels (generate.reference).
"""

from __future__ import annotations

import json
import os
import random
import sys
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_USE_LEGACY_KERAS", "1")

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402
import tf_keras as keras  # noqa: E402

# The corpus generator's conversion (the four quantisation flows) and TFLite Micro run.
from tests.data.converters.generate import convert, reference  # noqa: E402

L = keras.layers
MODES = ("int8", "int8f", "float", "16x8")
LITERT_MODES = ("dynamic", "float16", "float", "int8f", "16x8")
MAX_NODES = 14


def _init(rng: random.Random):
    return keras.initializers.RandomNormal(stddev=0.3, seed=rng.randrange(1 << 30))


def build(spec: dict) -> keras.Model:
    """The Keras model of a spec (weights seeded by the spec's seed: the same spec, the same model)."""
    rng = random.Random(spec["seed"])
    nodes: list = []
    inputs = []
    for node in spec["nodes"]:
        op, src = node["op"], [nodes[i] for i in node.get("in", [])]
        p = node.get("p", {})
        if op == "input":
            t = keras.Input(tuple(node["shape"]), batch_size=1)
            inputs.append(t)
        elif op == "conv":
            t = L.Conv2D(p["f"], p["k"], strides=p["s"], padding=p["pad"], kernel_initializer=_init(rng),
                         bias_initializer=_init(rng), activation=p.get("act"))(src[0])  # fmt: skip
        elif op == "dwconv":
            t = L.DepthwiseConv2D(p["k"], strides=p["s"], padding=p["pad"], depthwise_initializer=_init(rng),
                                  bias_initializer=_init(rng))(src[0])  # fmt: skip
        elif op == "dense":
            t = L.Dense(p["f"], kernel_initializer=_init(rng), bias_initializer=_init(rng), activation=p.get("act"))(
                src[0]
            )
        elif op == "act":
            t = L.LeakyReLU(0.2)(src[0]) if p["f"] == "leaky" else L.Activation(p["f"])(src[0])
        elif op == "add":
            t = L.Add()(src)
        elif op == "mul":
            t = L.Multiply()(src)
        elif op == "concat":
            t = L.Concatenate(axis=p["axis"])(src)
        elif op == "split":
            parts = tf.split(src[0], p["n"], axis=p["axis"])
            t = parts[p["take"]]
        elif op == "crop":
            t = L.Cropping2D(tuple(tuple(c) for c in p["c"]))(src[0])
        elif op == "reshape":
            t = L.Reshape(tuple(p["shape"]))(src[0])
        elif op == "pool":
            layer = L.MaxPooling2D if p["max"] else L.AveragePooling2D
            t = layer(p["k"], strides=p["s"], padding=p["pad"])(src[0])
        elif op == "gap":
            t = L.GlobalAveragePooling2D(keepdims=p["keep"])(src[0])
        elif op == "bn":
            t = L.BatchNormalization(beta_initializer=_init(rng), gamma_initializer=_init(rng),
                                     moving_mean_initializer=_init(rng))(src[0])  # fmt: skip
        elif op == "up":
            t = L.UpSampling2D(2)(src[0])
        elif op == "zpad":
            t = L.ZeroPadding2D(1)(src[0])
        elif op == "permute":
            t = L.Permute(tuple(p["perm"]))(src[0])
        elif op == "slice":
            t = tf.slice(src[0], p["begin"], p["size"])
        else:
            raise ValueError(op)
        nodes.append(t)
    outputs = [nodes[i] for i in spec["outputs"]]
    return keras.Model(inputs, outputs)


def _shape(t) -> tuple[int, ...]:
    return tuple(int(d) for d in t.shape)


# The share of drawn models that open with a high-resolution stem of row-streamable layers (issue
# 59: the tiled planner's ground; small random maps left `--memory tiled` nothing to tile).
STEM_SHARE = 0.6


def draw(seed: int, litert: bool = False) -> dict:
    """A random spec: valid by construction (each node is drawn among the ops its inputs allow,
    and checked by building it). STEM_SHARE of them start from a 16x16 to 48x48 image through a
    stem of three or four streamable layers (_stem_node) before the rest."""
    rng = random.Random(seed)
    stem = rng.random() < STEM_SHARE
    if stem:
        shape = [rng.choice((16, 24, 32, 48)), rng.choice((16, 24, 32, 48)), rng.choice((1, 3, 4, 8))]
    elif rng.random() < 0.7:
        shape = [rng.choice((1, 2, 3, 4, 5, 6, 8)), rng.choice((1, 2, 3, 4, 5, 6, 8)), rng.choice((1, 2, 3, 4, 6, 8))]
    else:
        shape = [rng.choice((3, 5, 8, 12, 16))]
    mode = rng.choice(LITERT_MODES if litert else MODES)
    spec = {"seed": seed, "mode": mode, "nodes": [{"op": "input", "shape": shape}], "outputs": []}
    built = [keras.Input(tuple(shape), batch_size=1)]
    count = rng.randint(3, MAX_NODES)
    tries = 0
    stem_length = rng.randint(3, 4) if stem else 0
    count = max(count, stem_length + 1)
    while len(spec["nodes"]) < count + 1 and tries < 200:
        tries += 1
        shapes = [_shape(t) for t in built]
        position = len(shapes) - 1
        if position < stem_length:
            node = _stem_node(rng, position, position)
        else:  # after a stem, nothing reads its full-resolution maps again (a second reader ends the stage)
            node = _draw_node(rng, shapes[stem_length:], litert, litert and mode == "dynamic")
            if node is not None:
                node["in"] = [i + stem_length for i in node["in"]]
        if node is None:
            continue
        trial = {**spec, "nodes": [*spec["nodes"], node], "outputs": [len(spec["nodes"])]}
        try:
            model = build(trial)
        except Exception:
            continue
        spec["nodes"].append(node)
        built.append(model.outputs[0])
    used = {i for n in spec["nodes"] for i in n.get("in", [])}
    leaves = [i for i in range(1, len(spec["nodes"])) if i not in used]
    spec["outputs"] = leaves[-2:] if rng.random() < 0.3 else leaves[-1:]
    gelu = any(n["op"] == "act" and n["p"]["f"] == "gelu" for n in spec["nodes"])
    if litert and spec["mode"] in ("float", "int8f", "16x8") and not gelu:  # a GELU: TFLite Micro has none
        spec["nodes"].append({"op": "act", "in": [spec["outputs"][-1]], "p": {"f": "gelu"}})
        spec["outputs"][-1] = len(spec["nodes"]) - 1
    return spec


def _stem_node(rng: random.Random, last: int, position: int) -> dict:
    """Layer `position` of a stem on the last tensor, as a CNN's first stage goes: a convolution
    that widens the image's channels, one that keeps its resolution (depthwise or pointwise), then
    a pool or a strided convolution that quarters it (the full-resolution maps are the arena's
    peak, which tiling cuts), and maybe a pointwise one after."""
    if position == 0:
        p = {"f": rng.choice((8, 12, 16)), "k": 3, "s": 1, "pad": "same", "act": rng.choice(("relu", "relu6"))}
        return {"op": "conv", "in": [last], "p": p}
    if position == 1:
        if rng.random() < 0.5:
            return {"op": "dwconv", "in": [last], "p": {"k": 3, "s": 1, "pad": "same"}}
        p = {"f": rng.choice((8, 12, 16)), "k": rng.choice((1, 3)), "s": 1, "pad": "same", "act": "relu"}
        return {"op": "conv", "in": [last], "p": p}
    if position == 2:
        if rng.random() < 0.5:
            return {"op": "pool", "in": [last], "p": {"max": rng.random() < 0.5, "k": 2, "s": 2, "pad": "valid"}}
        return {
            "op": "conv",
            "in": [last],
            "p": {"f": rng.choice((8, 16)), "k": 3, "s": 2, "pad": "same", "act": "relu"},
        }
    return {"op": "conv", "in": [last], "p": {"f": rng.choice((4, 8)), "k": 1, "s": 1, "pad": "same"}}


def _draw_node(
    rng: random.Random, shapes: list[tuple[int, ...]], litert: bool = False, big: bool = False
) -> dict | None:
    """A node on one of `shapes`; litert: GELU among the activations; big: layers wide enough that
    the dynamic-range flow quantises their weights (the converter leaves tensors under 1,024
    elements float), so hybrid CONV_2D, DEPTHWISE_CONV_2D and FULLY_CONNECTED come out."""
    # Prefer recent tensors, but reach back (branches, residuals, concatenations of old maps).
    pick = len(shapes) - 1 - min(int(rng.expovariate(0.6)), len(shapes) - 1)
    s = shapes[pick][1:]
    image = len(s) == 3
    menu = ["act", "add", "mul", "concat", "concat", "split", "reshape", "dense", "slice"]
    if image:
        menu += ["conv", "conv", "dwconv", "pool", "gap", "bn", "crop", "concat", "split", "zpad", "permute", "up"]
    op = rng.choice(menu)
    same = [i for i, t in enumerate(shapes) if t[1:] == s and i != pick]
    p: dict = {}
    ins = [pick]
    if op == "conv":
        k = rng.choice((1, 3, 3) if big else (1, 1, 3))
        p = {
            "f": rng.choice((16, 24, 32, 48) if big else (1, 2, 3, 4, 6, 8)),
            "k": k,
            "s": rng.choice((1, 1, 2)),
            "pad": rng.choice(("same", "valid")),
        }
        if rng.random() < 0.4:
            p["act"] = rng.choice(("relu", "relu6"))
    elif op == "dwconv":
        p = {"k": rng.choice((3, 5) if big else (1, 3)), "s": rng.choice((1, 2)), "pad": rng.choice(("same", "valid"))}
    elif op == "dense":
        p = {"f": rng.choice((32, 48, 64) if big else (1, 2, 3, 5, 8, 12))}
        if rng.random() < 0.3:
            p["act"] = "relu"
    elif op == "act":
        p = {"f": rng.choice(("relu", "relu6", "sigmoid", "tanh", "leaky") + (("gelu", "gelu") if litert else ()))}
    elif op in ("add", "mul"):
        if same and rng.random() < 0.8:
            ins = [pick, rng.choice(same)]
        elif image:  # broadcast a per-channel vector (1x1xC)
            vec = [i for i, t in enumerate(shapes) if t[1:] == (1, 1, s[2])]
            if not vec:
                return None
            ins = [pick, rng.choice(vec)]
        else:
            return None
    elif op == "concat":
        axis = rng.choice(range(1, len(s) + 1)) if rng.random() < 0.4 else len(s)

        def fits_axis(t: tuple[int, ...]) -> bool:
            return len(t) == len(s) + 1 and all(a == b for k, (a, b) in enumerate(zip(t[1:], s)) if k != axis - 1)

        fits = [i for i, t in enumerate(shapes) if fits_axis(t)]
        n = rng.choice((2, 2, 3, 4))
        ins = [rng.choice(fits) for _ in range(n - 1)] + [pick]
        rng.shuffle(ins)
        p = {"axis": axis}
    elif op == "split":
        axis = rng.choice(range(1, len(s) + 1))
        divisors = [n for n in (2, 3, 4) if s[axis - 1] % n == 0]
        if not divisors:
            return None
        n = rng.choice(divisors)
        p = {"axis": axis, "n": n, "take": rng.randrange(n)}
    elif op == "slice":
        begin = [0] + [rng.randrange(d) for d in s]
        size = [1] + [rng.randint(1, d - b) for d, b in zip(s, begin[1:])]
        p = {"begin": begin, "size": size}
    elif op == "crop":
        h, w = s[0], s[1]
        top, bottom = rng.randint(0, (h - 1) // 2), rng.randint(0, (h - 1) // 2)
        left, right = (0, 0) if rng.random() < 0.5 else (rng.randint(0, (w - 1) // 2), rng.randint(0, (w - 1) // 2))
        p = {"c": [[top, bottom], [left, right]]}
    elif op == "reshape":
        n = int(np.prod(s))
        options = [[n], [1, 1, n]] + ([[s[0] * s[1], s[2]]] if image else [])
        if not image and n % 2 == 0:
            options.append([n // 2, 2])
        p = {"shape": rng.choice(options)}
    elif op == "pool":
        p = {
            "max": rng.random() < 0.5,
            "k": rng.choice((2, 3)),
            "s": rng.choice((1, 2)),
            "pad": rng.choice(("same", "valid")),
        }
    elif op == "gap":
        p = {"keep": rng.random() < 0.7}
    elif op == "permute":
        p = {"perm": rng.choice(([3, 1, 2], [2, 3, 1], [2, 1, 3]))}
    return {"op": op, "in": ins, "p": p}


def make(spec: dict, out: Path, name: str) -> str:
    """Write NAME.tflite, NAME.npz (input and TFLite Micro's outputs) and NAME.json (the spec);
    "" on success, else why the converter or TFLite Micro did not take it."""
    try:
        model = build(spec)
        data = convert(model, spec["mode"], [tuple(int(d) for d in t.shape) for t in model.inputs], spec["seed"])
    except Exception as exc:  # noqa: BLE001 - the converter's refusal, recorded
        return f"converter: {type(exc).__name__}: {str(exc).splitlines()[0][:120] if str(exc) else ''}"
    try:
        arrays = reference(data, spec["seed"])
    except Exception as exc:  # noqa: BLE001 - TFLite Micro's refusal, recorded
        return f"tflm: {type(exc).__name__}: {str(exc).splitlines()[0][:120] if str(exc) else ''}"
    (out / f"{name}.tflite").write_bytes(data)
    np.savez(out / f"{name}.npz", **arrays)
    (out / f"{name}.json").write_text(json.dumps(spec))
    return ""


def shrink(spec: dict, fails) -> dict:
    """A smaller spec that still fails (fails(spec) -> bool): drop outputs, bypass nodes whose output
    has their first input's shape, remove nodes nothing reads; repeat while anything shrinks."""
    changed = True
    while changed:
        changed = False
        for candidate in _smaller(spec):
            if fails(candidate):
                spec, changed = candidate, True
                break
    return spec


def _smaller(spec: dict):
    if len(spec["outputs"]) > 1:
        for k in range(len(spec["outputs"])):
            yield _prune({**spec, "outputs": spec["outputs"][:k] + spec["outputs"][k + 1 :]})
    out_shapes = [(1, *spec["nodes"][0]["shape"])]
    out_shapes += [_shape(build({**spec, "outputs": [i]}).outputs[0]) for i in range(1, len(spec["nodes"]))]
    for i in range(len(spec["nodes"]) - 1, 0, -1):
        node = spec["nodes"][i]
        for src in node.get("in", []):
            if out_shapes[src] == out_shapes[i]:
                yield _prune(_bypass(spec, i, src))
                break


def _bypass(spec: dict, i: int, src: int) -> dict:
    nodes = []
    for node in spec["nodes"]:
        node = dict(node)
        if "in" in node:
            node["in"] = [src if j == i else j for j in node["in"]]
        nodes.append(node)
    return {**spec, "nodes": nodes, "outputs": [src if j == i else j for j in spec["outputs"]]}


def _prune(spec: dict) -> dict:
    """The spec without the nodes no output depends on (renumbered)."""
    keep = set(spec["outputs"]) | {0}
    for i in range(len(spec["nodes"]) - 1, -1, -1):
        if i in keep:
            keep.update(spec["nodes"][i].get("in", []))
    order = sorted(keep)
    new = {old: k for k, old in enumerate(order)}
    nodes = []
    for old in order:
        node = dict(spec["nodes"][old])
        if "in" in node:
            node["in"] = [new[j] for j in node["in"]]
        nodes.append(node)
    outputs = list(dict.fromkeys(new[j] for j in spec["outputs"]))
    return {**spec, "nodes": nodes, "outputs": outputs}


def fails_under(root: Path, configs: str):
    """fails(spec) for shrink(): the spec's model made in a temporary folder and checked by the rvfw
    checkout at `root` (its .venv, tests.fuzz.graphcheck) under `configs`; True when it differs
    from TFLite Micro or crashes there (not when the converter or TFLite Micro refuses it)."""
    import subprocess
    import tempfile

    def fails(spec: dict) -> bool:
        with tempfile.TemporaryDirectory() as tmp:
            if make(spec, Path(tmp), "candidate"):
                return False
            command = [str(root / ".venv" / "bin" / "python"), "-m", "tests.fuzz.graphcheck", tmp, "--jobs", "1",
                       "--configs", configs]  # fmt: skip
            proc = subprocess.run(command, cwd=root, capture_output=True, text=True)
            return proc.returncode == 1 and "; failing: 0" not in proc.stdout and "; failing: " in proc.stdout

    return fails


def main(argv: list[str]) -> int:
    """SEED COUNT OUTDIR: make COUNT models from seeds SEED, SEED+1, ...;
    shrink SPEC.json OUTDIR NAME [ROOT] [CONFIGS]: the smallest spec that still fails under the rvfw
    checkout ROOT (default this one), written as OUTDIR/NAME.{tflite,npz,json}."""
    if argv and argv[0] == "shrink":
        spec = json.loads(Path(argv[1]).read_text())
        out, name = Path(argv[2]), argv[3]
        root = Path(argv[4]) if len(argv) > 4 else Path(__file__).resolve().parents[2]
        configs = argv[5] if len(argv) > 5 else "spike-rv64gcv:fast,spike-rv64gcv:small,spike-rv64gcv:tiled"
        fails = fails_under(root, configs)
        if not fails(spec):
            print(f"{argv[1]} does not fail under {root}")
            return 1
        small = shrink(spec, fails)
        out.mkdir(parents=True, exist_ok=True)
        make(small, out, name)
        print(f"{name}: {len(spec['nodes'])} -> {len(small['nodes'])} nodes")
        return 0
    seed, count, out = int(argv[0]), int(argv[1]), Path(argv[2])
    litert = "--litert" in argv[3:]
    out.mkdir(parents=True, exist_ok=True)
    refused = {}
    for k in range(count):
        s = seed + k
        name = f"graph_{s}"
        if (out / f"{name}.tflite").exists():
            continue
        spec = draw(s, litert)
        why = make(spec, out, name)
        if why:
            refused[name] = why
        print(f"{name} {spec['mode']} {len(spec['nodes'])} nodes {why or 'made'}", flush=True)
    (out / f"refused_{seed}_{count}.json").write_text(json.dumps(refused, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
