"""Find or build the store a benchmark is evaluated on.

A store is reused when its meta `corpus_fingerprint` and `config_fingerprint`
both match the corpus and the index settings; otherwise it is (re)built. The
default store lives in the cache folder, named after both fingerprints, so
every corpus/config pair is built once. `--no-titles` evaluates on a copy of
the corpus with blank titles, written to the cache (never into the benchmark);
`--strip-leading-title` also removes the title where a passage's text opens
with it (`strip_leading_title`), so the subject's name is not given away by the
first words either. The two copies have different cache names and coexist.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from contextlib import ExitStack
from pathlib import Path

from rich.console import Console

from hopgraph.config import Settings
from hopgraph.errors import StoreBusy, UserError
from hopgraph.guard import writer_lock
from hopgraph.store import Store


def cache_root() -> Path:
    """$HOPGRAPH_CACHE, else $XDG_CACHE_HOME/hopgraph, else ~/.cache/hopgraph."""
    if os.environ.get("HOPGRAPH_CACHE"):
        return Path(os.environ["HOPGRAPH_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "hopgraph"


_PARENTHETICAL = re.compile(r"\s*\([^()]*\)\s*$")


def strip_leading_title(title: str, text: str) -> str:
    """`text` without a leading mention of `title` and the whitespace after it; pure.

    The title matches case-insensitively, as a whole (the next character is not a letter or digit),
    either in full or without a trailing parenthetical disambiguator: "Harbor Lights (1936 film)"
    strips "Harbor Lights" from "Harbor Lights is a 1936 film". Anything else is kept as it is.
    """
    for name in dict.fromkeys((title.strip(), _PARENTHETICAL.sub("", title).strip())):
        if name and text[: len(name)].casefold() == name.casefold():
            rest = text[len(name):]
            if not rest or not rest[0].isalnum():
                return rest.lstrip()
    return text


def untitled_copy(corpus: Path, strip_leading: bool = False) -> Path:
    """A cached copy of corpus.jsonl with every title blanked (rewritten only when the source changes).

    With `strip_leading`, a passage whose text opens with its title loses that mention too
    (`strip_leading_title`); that copy is cached under another name ("-notitles-strict").
    """
    digest = hashlib.sha256(corpus.read_bytes()).hexdigest()[:16]
    target = cache_root() / "corpora" / f"{digest}-notitles{'-strict' if strip_leading else ''}" / "corpus.jsonl"
    if target.exists():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(f".tmp-{os.getpid()}")
    with corpus.open(encoding="utf-8") as src, tmp.open("w", encoding="utf-8") as dst:
        for lineno, line in enumerate(src, 1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError as e:
                raise UserError(f"{corpus}:{lineno}: invalid JSON ({e.msg})") from None
            if isinstance(record, dict):
                title = record.get("title")
                if strip_leading and isinstance(title, str) and isinstance(record.get("text"), str):
                    record["text"] = strip_leading_title(title, record["text"])
                record["title"] = ""
            dst.write(json.dumps(record, ensure_ascii=False) + "\n")
    tmp.replace(target)
    return target


def store_fingerprints(store_dir: Path) -> tuple[str | None, str | None]:
    """(corpus_fingerprint, config_fingerprint) of a built store, or (None, None) if there is none usable."""
    try:
        store = Store.open(store_dir)
    except UserError:
        return None, None
    try:
        meta = store.meta()
    finally:
        store.close()
    return meta.get("corpus_fingerprint"), meta.get("config_fingerprint")


#: How long an eval waits for another process that is building the same store (a 100k build takes about 20 min).
BUILD_WAIT_SECONDS = 3600.0


def ensure_store(corpus: Path, settings: Settings, store_dir: Path | None, console: Console | None = None) -> Path:
    """The store folder for `corpus` under `settings`, built now unless a matching one exists. Two evals of one
    corpus started together build it once: the second waits for the first's writer lock, then reuses the store."""
    from hopgraph.facade import HopGraph
    from hopgraph.indexing.load import load_corpus
    from hopgraph.indexing.fingerprints import index_config_fingerprint

    console = console or Console(stderr=True)
    corpus_fp = load_corpus(corpus).fingerprint
    config_fp = index_config_fingerprint(settings)
    root = store_dir or cache_root() / "stores" / f"{corpus_fp}-{config_fp}"
    with ExitStack() as held:
        try:
            held.enter_context(writer_lock(root, wait=0.0))
        except StoreBusy:  # another eval of the same corpus is building this store: wait, then reuse it
            console.print(f"another hopgraph process is building the store {root}: waiting for it")
            held.enter_context(writer_lock(root, wait=BUILD_WAIT_SECONDS))
        found = store_fingerprints(root)
        if found == (corpus_fp, config_fp):
            console.print(f"reusing store {root}")
            return root
        if found != (None, None):
            console.print(f"store {root} was built from another corpus or index config: rebuilding it")
        console.print(f"building store {root} from {corpus}")
        HopGraph.build(corpus, root, settings, show_progress=True, console=console)
    return root
