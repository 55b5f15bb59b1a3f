"""The Ray executor: indexing stages as Ray Data `map_batches` with actor pools.

`hopgraph index PATH --executor ray [--ray-address ADDRESS]` streams each stage's groups (batches of
documents for chunking and extraction: a group never splits a document; batches of chunk texts for
embedding) through `map_batches` over an autoscaling pool of actors. Each actor builds its stage once
(`ExtractStage` loads spaCy, `EmbedStage` the embedder), so a model loads once per worker, not per batch.
Groups travel pickled (pydantic models and numpy arrays), and results come back in input order, so the
store is the same as with the local executor (tests/indexing/test_executor.py compares entities,
relations and vectors).

What stays on the driver, and why:
* entity resolution merges mentions across the *whole* corpus (a name in one document joins its alias in
  another); it needs every extraction at once, and its union-find is cheap next to parsing;
* the graph merge and the FAISS/BM25 builds are global too and take seconds;
* the store write goes to one SQLite file in one folder swapped into place atomically; workers on other
  machines cannot share that file, and one writer keeps the swap atomic.
So a cluster speeds up the stages that cost (parsing, encoding) and the driver does the rest.

Workers need hopgraph installed with the same models (pip install 'hopgraph[ray]' on every node); nothing
is downloaded at run time (HF_HUB_OFFLINE is passed to them).
"""

from __future__ import annotations

import os
import pickle
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np

from hopgraph.errors import UserError

INSTALL_HINT = "--executor ray needs Ray: pip install 'hopgraph[ray]'"
_ENV = ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE", "TOKENIZERS_PARALLELISM", "HOPGRAPH_CACHE", "XDG_CACHE_HOME")


class _StageActor:
    """One stage object per actor; `__call__` runs it on a batch of pickled groups."""

    def __init__(self, stage: type, kwargs: dict[str, Any]):
        self.fn = stage(**kwargs)

    def __call__(self, batch: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
        out = [pickle.dumps(self.fn(pickle.loads(payload)), protocol=pickle.HIGHEST_PROTOCOL)
               for payload in batch["payload"]]
        return {"i": batch["i"], "n": batch["n"], "payload": np.array(out, dtype=object)}


def ray_module():
    try:
        import ray
        import ray.data
    except ImportError:
        raise UserError(INSTALL_HINT) from None
    return ray


class RayExecutor:
    """Joins the Ray cluster at `address` ('auto', 'ray://host:10001', …), or starts a local Ray when None
    (unless one is already running in this process, e.g. a test's `ray.init(num_cpus=2)`)."""

    def __init__(self, address: str | None = None, workers: int | None = None):
        ray = ray_module()
        if not ray.is_initialized():
            env = {k: os.environ[k] for k in _ENV if k in os.environ}
            try:
                ray.init(address=address, runtime_env={"env_vars": env}, include_dashboard=False,
                         log_to_driver=False, logging_level="ERROR", configure_logging=False)
            except (ConnectionError, ValueError, RuntimeError) as e:
                raise UserError(f"cannot reach the Ray cluster at {address!r}: {str(e).splitlines()[0]}") from None
        import logging

        logging.getLogger("ray.data").setLevel(logging.WARNING)
        ctx = ray.data.DataContext.get_current()
        ctx.execution_options.preserve_order = True
        ctx.enable_progress_bars = False  # the pipeline shows its own per-stage progress
        self.ray = ray
        self.workers = workers or max(1, int(ray.cluster_resources().get("CPU", 1)))

    def stream(self, stage: type, kwargs: dict[str, Any], groups: Sequence[Sequence[Any]]) -> Iterator[tuple[int, list]]:
        if not groups:
            return
        rows = [{"i": i, "n": len(g), "payload": pickle.dumps(list(g), protocol=pickle.HIGHEST_PROTOCOL)}
                for i, g in enumerate(groups)]
        ds = self.ray.data.from_items(rows, override_num_blocks=len(rows)).map_batches(
            _StageActor, fn_constructor_kwargs={"stage": stage, "kwargs": kwargs}, batch_size=1,
            batch_format="numpy", compute=self.ray.data.ActorPoolStrategy(min_size=1, max_size=self.workers), num_cpus=1,
        )
        pending: dict[int, tuple[int, list]] = {}
        next_i = 0
        for row in ds.iter_rows():  # in order already (preserve_order); the buffer only guarantees it
            pending[int(row["i"])] = (int(row["n"]), pickle.loads(row["payload"]))
            while next_i in pending:
                yield pending.pop(next_i)
                next_i += 1

    def close(self) -> None:
        """Leave the cluster (or local Ray) running for the next build in this process."""
