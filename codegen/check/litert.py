"""TFLite's own reference kernels (LiteRT's interpreter with its BUILTIN_REF op resolver): the
golden for the few (op, dtype) pairs where TFLite Micro is known wrong (ops.tflm_set.TFLM_WRONG:
it disagrees with TFLite's reference and with the op's definition). Everything else is checked
against TFLite Micro."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from codegen.check.child import run_isolated
from codegen.errors import ToolError, install_hint


def reference_outputs(model_path: str | Path, inputs: list[np.ndarray], num_outputs: int, num_inputs: int,
                      optimised: bool = False) -> list[np.ndarray]:  # fmt: skip
    """The outputs of each step of inputs (num_inputs arrays a step), one interpreter for all steps,
    in a child process (check.child). optimised: LiteRT's default kernels, for a model holding an op
    its reference resolver lacks (ops.litert_set.OPTIMISED_ONLY: DEPTH_TO_SPACE, a pure data move,
    is the one whose forms rvfw checks there)."""
    try:
        from ai_edge_litert.interpreter import Interpreter, OpResolverType
    except ImportError:
        raise ToolError(f"ai-edge-litert is not installed: {install_hint(pypi='ai-edge-litert')}") from None
    name = Path(model_path).name

    def work() -> list[np.ndarray]:
        resolver = OpResolverType.AUTO if optimised else OpResolverType.BUILTIN_REF
        interpreter = Interpreter(model_path=str(model_path), experimental_op_resolver_type=resolver)
        interpreter.allocate_tensors()
        ins, outs = interpreter.get_input_details(), interpreter.get_output_details()
        outputs = []
        for first in range(0, len(inputs), max(num_inputs, 1)):
            for detail, array in zip(ins, inputs[first : first + num_inputs]):
                interpreter.set_tensor(detail["index"], np.asarray(array, dtype=detail["dtype"]))
            interpreter.invoke()
            outputs += [np.array(interpreter.get_tensor(d["index"])) for d in outs[:num_outputs]]
        return outputs

    # In a child process with a time and memory limit (check.child): a float model whose WHILE never
    # ends hung rvfw, and Ctrl-C did not stop it (issue 55).
    return run_isolated(name, "TFLite's reference interpreter", work)
