"""The ONNX Runtime embedding backend: the installed sentence-transformers model, exported locally.

Nothing is downloaded: on first use the model's transformer is exported from the installed torch
weights with `torch.onnx.export` into the hopgraph cache (`$HOPGRAPH_CACHE/onnx/<key>/model.onnx`)
and, for `onnx-int8`, quantised with ONNX Runtime's own dynamic quantiser (int8 weights, per
channel). Later runs load the cached file. Pooling (mean or CLS) and L2 normalisation are done here in
numpy, as sentence-transformers does them, so vectors match the torch backend (fp32: cosine >= 0.9999;
int8: see the README's Recall@5 comparison).

sentence-transformers' own `backend="onnx"` and its export/quantise helpers need `optimum-onnx`, which
pins `transformers<4.58`; installing it would downgrade the `transformers` every other part of hopgraph
uses, so the export is done directly with torch and onnxruntime (the two libraries optimum wraps).

Only the export needs torch. A cached export is run with onnxruntime and tokenised with the `tokenizers`
library from the model's tokenizer.json (the ids transformers gives, without importing transformers, which
imports torch: about 5 CPU s at every start of a process that embeds a query).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import threading
import warnings
from collections.abc import Callable, Mapping
from importlib.metadata import version
from pathlib import Path

import numpy as np

from hopgraph.errors import UserError
from hopgraph.indexing.embed_cache import cache_dir

INPUTS = ("input_ids", "attention_mask", "token_type_ids")
log = logging.getLogger(__name__)
INSTALL_HINT = "the onnx embedding backend needs onnxruntime and onnx: pip install 'hopgraph[onnx]'"


def _model_files_key(model_path: str, quantized: bool) -> str:
    """Key of an export: the model folder's config and weights sizes/mtimes, torch and onnxruntime versions
    (torch's from its package metadata: the same string as `torch.__version__`, without importing torch)."""
    import onnxruntime

    h = hashlib.sha256(f"{Path(model_path).resolve()}|{version('torch')}|{onnxruntime.__version__}|{quantized}".encode())
    for f in sorted(Path(model_path).glob("*")):
        if f.is_file():
            h.update(f"{f.name}:{f.stat().st_size}".encode())
    return h.hexdigest()[:16]


def _pooling(model_path: str) -> str:
    cfg = Path(model_path) / "1_Pooling" / "config.json"
    if not cfg.is_file():
        return "mean"
    data = json.loads(cfg.read_text())
    if data.get("pooling_mode_mean_tokens"):
        return "mean"
    if data.get("pooling_mode_cls_token"):
        return "cls"
    raise UserError(f"the onnx embedding backend supports mean or CLS pooling only ({cfg})")


def export_onnx(model_path: str, target: Path) -> None:
    """Export the transformer of the sentence-transformers model at `model_path` to `target` (atomically)."""
    import torch
    from sentence_transformers import SentenceTransformer

    st = SentenceTransformer(model_path, device="cpu")
    hf = st[0].auto_model.eval()
    takes_types = "token_type_ids" in st.tokenizer.model_input_names

    class _Hidden(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.m = hf

        def forward(self, input_ids, attention_mask, token_type_ids):  # noqa: ANN001
            kwargs = {"token_type_ids": token_type_ids} if takes_types else {}
            return self.m(input_ids=input_ids, attention_mask=attention_mask, **kwargs).last_hidden_state

    sample = st.tokenizer(["an export sample", "a second, longer export sample text"], padding=True, return_tensors="pt")
    args = tuple(sample.get(k, torch.zeros_like(sample["input_ids"])) for k in INPUTS)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(f".tmp{os.getpid()}")
    with torch.no_grad(), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # tracer notes about shapes folded to constants (checked by the tests)
        torch.onnx.export(
            _Hidden(), args, str(tmp), input_names=list(INPUTS), output_names=["last_hidden_state"],
            dynamic_axes={k: {0: "batch", 1: "tokens"} for k in (*INPUTS, "last_hidden_state")},
            opset_version=17, dynamo=False,
        )
    os.replace(tmp, target)


def quantize_int8(source: Path, target: Path) -> None:
    """Dynamic int8 quantisation of `source` with ONNX Runtime's quantiser (weights per channel)."""
    from onnxruntime.quantization import QuantType, quantize_dynamic

    tmp = target.with_suffix(f".tmp{os.getpid()}")
    root = logging.getLogger()
    level = root.level
    root.setLevel(logging.ERROR)  # the quantiser's advice to pre-process (shape inference) goes to the root logger
    try:
        quantize_dynamic(str(source), str(tmp), weight_type=QuantType.QInt8, per_channel=True)
    finally:
        root.setLevel(level)
    os.replace(tmp, target)


def exported_model(model_path: str, quantized: bool) -> Path:
    """The cached ONNX file for `model_path`, exported (and quantised) on first use."""
    folder = cache_dir() / "onnx" / _model_files_key(model_path, False)
    fp32 = folder / "model.onnx"
    if not fp32.is_file():
        log.info("exporting the embedding model to ONNX, once per cache (5-20 s): %s", fp32)
        export_onnx(model_path, fp32)
    if not quantized:
        return fp32
    int8 = folder / "model_int8.onnx"
    if not int8.is_file():
        quantize_int8(fp32, int8)
    return int8


def batch_tokenizer(model_path: str, max_length: int) -> Callable[[list[str]], Mapping[str, np.ndarray]]:
    """texts -> input_ids, attention_mask, token_type_ids: padded to the batch's longest text, cut at `max_length`.
    From the model's tokenizer.json when it names its padding token and pads on the right (the bundled
    all-MiniLM-L6-v2's does), else through transformers' AutoTokenizer, which gives the same ids."""
    from tokenizers import Tokenizer

    file = Path(model_path) / "tokenizer.json"
    tokenizer = Tokenizer.from_file(str(file)) if file.is_file() else None
    padding = tokenizer.padding if tokenizer is not None else None
    if padding is None or padding["direction"] != "right":
        from transformers import AutoTokenizer

        auto = AutoTokenizer.from_pretrained(model_path)
        return lambda texts: auto(texts, padding=True, truncation=True, max_length=max_length, return_tensors="np")
    tokenizer.enable_padding(pad_id=padding["pad_id"], pad_type_id=padding["pad_type_id"],
                             pad_token=padding["pad_token"])  # to the longest text (the file may fix a length)
    tokenizer.enable_truncation(max_length)

    def tokenize(texts: list[str]) -> dict[str, np.ndarray]:
        encodings = tokenizer.encode_batch(texts)
        return {"input_ids": np.array([e.ids for e in encodings], dtype=np.int64),
                "attention_mask": np.array([e.attention_mask for e in encodings], dtype=np.int64),
                "token_type_ids": np.array([e.type_ids for e in encodings], dtype=np.int64)}

    return tokenize


class OnnxEmbedder:
    """Mean-pooled, normalised sentence vectors from an ONNX Runtime session on the CPU."""

    def __init__(self, name: str, model_path: str, quantized: bool = False):
        try:
            import onnxruntime  # noqa: F401
            import tokenizers  # noqa: F401
        except ImportError:
            raise UserError(INSTALL_HINT) from None
        self.name = name
        self.path = exported_model(model_path, quantized)
        self.max_length = self._max_length(model_path)
        self.tokenize = batch_tokenizer(model_path, self.max_length)
        self.pooling = _pooling(model_path)
        self._sessions: dict[int, object] = {}
        self._lock = threading.Lock()
        self.dimension = int(self.encode(["dimension probe"]).shape[1])

    @staticmethod
    def _max_length(model_path: str) -> int:
        cfg = Path(model_path) / "sentence_bert_config.json"
        return int(json.loads(cfg.read_text()).get("max_seq_length", 512)) if cfg.is_file() else 512

    def session(self, threads: int):
        """One session per intra-op thread count (set at creation in ONNX Runtime), made on first use."""
        import onnxruntime as ort

        with self._lock:
            if threads not in self._sessions:
                opts = ort.SessionOptions()
                opts.intra_op_num_threads = threads
                opts.inter_op_num_threads = 1
                opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
                # Spinning threads steal the core the extractor runs on while both stages overlap.
                opts.add_session_config_entry("session.intra_op.allow_spinning", "0")
                self._sessions[threads] = ort.InferenceSession(str(self.path), opts, providers=["CPUExecutionProvider"])
            return self._sessions[threads]

    def encode(self, texts: list[str], batch_size: int = 64, progress: bool = False) -> np.ndarray:
        from hopgraph.indexing.embed import current_threads

        out = np.zeros((len(texts), getattr(self, "dimension", 0) or 1), dtype=np.float32)
        if not texts:
            return out
        session = self.session(current_threads())
        order = np.argsort([-len(t) for t in texts], kind="stable")  # similar lengths per batch: little padding
        for i in range(0, len(texts), batch_size):
            rows = order[i : i + batch_size]
            enc = self.tokenize([texts[j] for j in rows])
            mask = enc["attention_mask"].astype(np.int64)
            feed = {k: (enc[k] if k in enc else np.zeros_like(mask)).astype(np.int64) for k in INPUTS}
            hidden = session.run(None, feed)[0]
            if self.pooling == "cls":
                pooled = hidden[:, 0]
            else:
                m = mask[..., None].astype(np.float32)
                pooled = (hidden * m).sum(1) / np.maximum(m.sum(1), 1e-9)
            pooled = pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)
            if out.shape[1] != pooled.shape[1]:
                out = np.zeros((len(texts), pooled.shape[1]), dtype=np.float32)
            out[rows] = pooled
        return out
