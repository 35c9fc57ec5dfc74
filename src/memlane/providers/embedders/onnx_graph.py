"""Build the packaged BERT encoder + mean pooling as an ONNX graph, straight from its safetensors weights.

No PyTorch: the weights are read with ``safetensors.numpy`` and the graph is written with ``onnx.helper``
(both small, well-kept packages). The graph is the standard BERT encoder as ``transformers`` computes it
(absolute position embeddings, post-layer-norm, exact erf GELU), followed by masked mean pooling; the
output is not normalised (the embedder does that). The test suite checks it against the
sentence-transformers output of the same weights.

Only standard ONNX operators are used (checked by ``onnx.checker``). onnxruntime's
``com.microsoft.Attention`` kernel was tried in their place: same vectors, no measurable gain on 2 cores.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import numpy as np

from memlane.errors import EmbedderError

__all__ = ["build_bert_mean_pooling"]


def _config(directory: Path) -> dict[str, Any]:
    config: dict[str, Any] = json.loads((directory / "config.json").read_text(encoding="utf-8"))
    if config.get("model_type") != "bert" or config.get("position_embedding_type", "absolute") != "absolute":
        raise EmbedderError(f"{directory}: not a BERT model with absolute positions: cannot build its graph")
    if config.get("hidden_act") != "gelu":
        raise EmbedderError(f"{directory}: activation {config.get('hidden_act')!r} is not supported")
    return config


def build_bert_mean_pooling(
    directory: Path,
    target: Path,
    *,
    inputs: tuple[str, str, str],
    output: str,
    opset: int,
) -> None:
    """Write ``target``: ``inputs`` (ids, attention mask, token types; int64 [batch, sequence]) to
    ``output`` (float32 [batch, hidden], mean of the last hidden states over the unmasked tokens)."""
    try:
        import onnx
        from onnx import TensorProto, helper, numpy_helper
        from safetensors.numpy import load_file
    except ImportError as exc:
        raise EmbedderError(
            f"building the local model needs `onnx` and `safetensors` ({exc}): `pip install onnx safetensors`"
        ) from exc

    config = _config(directory)
    weights = load_file(str(directory / "model.safetensors"))
    prefix = "bert." if "bert.embeddings.word_embeddings.weight" in weights else ""
    hidden = int(config["hidden_size"])
    heads = int(config["num_attention_heads"])
    head_dim = hidden // heads
    eps = float(config.get("layer_norm_eps", 1e-12))

    initializers: list[Any] = []
    nodes: list[Any] = []

    def weight(name: str) -> np.ndarray:
        try:
            return np.ascontiguousarray(weights[prefix + name], dtype=np.float32)
        except KeyError:
            raise EmbedderError(f"the packaged weights lack {prefix + name}") from None

    def const(name: str, value: np.ndarray) -> str:
        initializers.append(numpy_helper.from_array(value, name))
        return name

    def node(op: str, ins: list[str], out: str, domain: str = "", **attrs: Any) -> str:
        nodes.append(helper.make_node(op, ins, [out], name=out, domain=domain, **attrs))
        return out

    def linear(x: str, layer: str, out: str) -> str:
        w = const(f"{layer}.weight.T", weight(f"{layer}.weight").T.copy())
        b = const(f"{layer}.bias", weight(f"{layer}.bias"))
        return node("Add", [node("MatMul", [x, w], f"{out}.mm"), b], out)

    def layer_norm(x: str, layer: str, out: str) -> str:
        g = const(f"{layer}.weight", weight(f"{layer}.weight"))
        b = const(f"{layer}.bias", weight(f"{layer}.bias"))
        return node("LayerNormalization", [x, g, b], out, axis=-1, epsilon=eps)

    ids, mask, types = inputs
    # Embeddings: word + position (0..sequence-1) + token type, then layer norm.
    seq_len = node(
        "Gather", [node("Shape", [ids], "ids.shape"), const("one", np.array(1, dtype=np.int64))], "seq_len"
    )
    positions = node(
        "Range",
        [const("zero", np.array(0, dtype=np.int64)), seq_len, const("step", np.array(1, dtype=np.int64))],
        "positions",
    )
    word = node(
        "Gather", [const("word_embeddings", weight("embeddings.word_embeddings.weight")), ids], "emb.word"
    )
    pos = node(
        "Gather",
        [const("position_embeddings", weight("embeddings.position_embeddings.weight")), positions],
        "emb.pos",
    )
    typ = node(
        "Gather",
        [const("token_type_embeddings", weight("embeddings.token_type_embeddings.weight")), types],
        "emb.type",
    )
    x = node("Add", [node("Add", [word, pos], "emb.word_pos"), typ], "emb.sum")
    x = layer_norm(x, "embeddings.LayerNorm", "emb.out")

    # (1 - mask) * a large negative, shaped [batch, 1, 1, sequence] to broadcast over heads and queries
    mask_f = node("Cast", [mask], "mask.float", to=TensorProto.FLOAT)
    one = const("one.f", np.array(1.0, dtype=np.float32))
    inverted = node("Sub", [one, mask_f], "mask.inv")
    additive = node("Mul", [inverted, const("neg", np.array(-10000.0, dtype=np.float32))], "mask.add")
    additive = node("Unsqueeze", [additive, const("axes.1.2", np.array([1, 2], dtype=np.int64))], "mask.4d")
    split_shape = const("shape.heads", np.array([0, 0, heads, head_dim], dtype=np.int64))
    merge_shape = const("shape.hidden", np.array([0, 0, hidden], dtype=np.int64))
    scale = const("scale", np.array(1.0 / math.sqrt(head_dim), dtype=np.float32))
    sqrt2 = const("sqrt2", np.array(math.sqrt(2.0), dtype=np.float32))
    half = const("half", np.array(0.5, dtype=np.float32))

    for i in range(int(config["num_hidden_layers"])):
        p = f"encoder.layer.{i}"

        def heads_of(name: str, *, p: str = p, x: str = x) -> str:
            y = linear(x, f"{p}.attention.self.{name}", f"{p}.{name}")
            y = node("Reshape", [y, split_shape], f"{p}.{name}.heads")
            return node("Transpose", [y], f"{p}.{name}.t", perm=[0, 2, 1, 3])

        q, k, v = heads_of("query"), heads_of("key"), heads_of("value")
        k_t = node("Transpose", [k], f"{p}.key.tt", perm=[0, 1, 3, 2])
        scores = node("Mul", [node("MatMul", [q, k_t], f"{p}.qk"), scale], f"{p}.scores")
        probs = node("Softmax", [node("Add", [scores, additive], f"{p}.masked")], f"{p}.probs", axis=-1)
        ctx = node("Transpose", [node("MatMul", [probs, v], f"{p}.ctx")], f"{p}.ctx.t", perm=[0, 2, 1, 3])
        context = node("Reshape", [ctx, merge_shape], f"{p}.context")
        attn = linear(context, f"{p}.attention.output.dense", f"{p}.attn")
        x = layer_norm(
            node("Add", [attn, x], f"{p}.attn.res"), f"{p}.attention.output.LayerNorm", f"{p}.attn.out"
        )
        inter = linear(x, f"{p}.intermediate.dense", f"{p}.inter")
        # exact GELU: x * (1 + erf(x / sqrt(2))) * 0.5
        erf = node("Erf", [node("Div", [inter, sqrt2], f"{p}.gelu.div")], f"{p}.gelu.erf")
        one_plus = node("Add", [erf, one], f"{p}.gelu.add")
        scaled = node("Mul", [one_plus, half], f"{p}.gelu.half")
        gelu = node("Mul", [inter, scaled], f"{p}.gelu")
        out = linear(gelu, f"{p}.output.dense", f"{p}.ffn")
        x = layer_norm(node("Add", [out, x], f"{p}.ffn.res"), f"{p}.output.LayerNorm", f"{p}.out")

    # Masked mean pooling over the sequence.
    weights_3d = node(
        "Unsqueeze",
        [
            node("Cast", [mask], "pool.mask", to=TensorProto.FLOAT),
            const("axes.2", np.array([2], dtype=np.int64)),
        ],
        "pool.mask3",
    )
    axis1 = const("axes.1", np.array([1], dtype=np.int64))
    summed = node("ReduceSum", [node("Mul", [x, weights_3d], "pool.masked"), axis1], "pool.sum", keepdims=0)
    count = node("ReduceSum", [weights_3d, axis1], "pool.count", keepdims=0)
    count = node("Max", [count, const("pool.min", np.array(1e-9, dtype=np.float32))], "pool.count.min")
    node("Div", [summed, count], output)

    dims = ["batch", "sequence"]
    graph = helper.make_graph(
        nodes,
        "bert_mean_pooling",
        [helper.make_tensor_value_info(name, TensorProto.INT64, dims) for name in inputs],
        [helper.make_tensor_value_info(output, TensorProto.FLOAT, ["batch", hidden])],
        initializers,
    )
    opsets = [helper.make_opsetid("", opset)]
    model = helper.make_model(graph, opset_imports=opsets, producer_name="memlane")
    model.ir_version = min(model.ir_version, 8)  # readable by every onnxruntime memlane supports
    onnx.checker.check_model(model)
    try:
        onnx.save(model, str(target))
    except OSError as exc:
        raise EmbedderError(f"cannot write {target}: {exc}") from exc
