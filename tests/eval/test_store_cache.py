"""Store reuse by fingerprints and the title-less corpus copy (no real build)."""

import json

import pytest

from hopgraph.config import Settings
from hopgraph.eval import store_cache
from hopgraph.eval.store_cache import ensure_store, store_fingerprints, strip_leading_title, untitled_copy
from hopgraph.facade import HopGraph
from hopgraph.indexing.fingerprints import index_config_fingerprint
from hopgraph.indexing.load import load_corpus
from hopgraph.store import StoreWriter


@pytest.fixture
def corpus(tmp_path, monkeypatch):
    monkeypatch.setenv("HOPGRAPH_CACHE", str(tmp_path / "cache"))
    path = tmp_path / "bench" / "corpus.jsonl"
    path.parent.mkdir()
    path.write_text("".join(json.dumps({"_id": f"d{i}", "title": f"Title {i}", "text": f"Text {i}."}) + "\n"
                            for i in range(3)))
    return path


def fake_store(root, corpus_fp, config_fp):
    writer = StoreWriter(root)
    writer.write_meta({"corpus_fingerprint": corpus_fp, "config_fingerprint": config_fp})
    writer.commit()


def test_untitled_copy_blanks_titles_outside_the_benchmark(corpus, tmp_path):
    copy = untitled_copy(corpus)
    assert copy.is_relative_to(tmp_path / "cache")
    docs = load_corpus(copy).documents
    assert [d.title for d in docs] == ["", "", ""] and docs[0].text == "Text 0."
    assert load_corpus(copy).fingerprint != load_corpus(corpus).fingerprint
    assert untitled_copy(corpus) == copy
    assert "Title 0" in corpus.read_text()


def test_matching_store_is_reused_and_mismatch_rebuilt(corpus, tmp_path, monkeypatch):
    settings = Settings()
    built = []
    monkeypatch.setattr(HopGraph, "build", staticmethod(lambda c, root, s, **kw: built.append(root)))
    corpus_fp, config_fp = load_corpus(corpus).fingerprint, index_config_fingerprint(settings)

    default = ensure_store(corpus, settings, None)
    assert default == store_cache.cache_root() / "stores" / f"{corpus_fp}-{config_fp}"
    assert built == [default]

    root = tmp_path / "store"
    fake_store(root, corpus_fp, config_fp)
    assert store_fingerprints(root) == (corpus_fp, config_fp)
    assert ensure_store(corpus, settings, root) == root
    assert built == [default]  # reused, not rebuilt

    other = Settings(index={"chunk_words": 50})
    assert ensure_store(corpus, other, root) == root
    assert built == [default, root]


def test_no_store_has_no_fingerprints(tmp_path):
    assert store_fingerprints(tmp_path / "missing") == (None, None)


@pytest.mark.parametrize("title, text, expected", [
    ("Oda Varn", "Oda Varn (born 1931) is a painter.", "(born 1931) is a painter."),
    ("Tide of Glass (1952 film)", "Tide of Glass is a 1952 drama.", "is a 1952 drama."),
    ("Tide of Glass (1952 film)", "Tide of Glass (1952 film) is a drama.", "is a drama."),
    ("oda varn", "Oda Varn painted.", "painted."),
    ("Oda Varn", "Oda Varn, a painter, lived in Kell.", ", a painter, lived in Kell."),
    ("Kell", "Kellmouth is a port.", "Kellmouth is a port."),  # a longer word is not the title
    ("Oda Varn", "The painter Oda Varn lived in Kell.", "The painter Oda Varn lived in Kell."),
    ("", "Oda Varn painted.", "Oda Varn painted."),
    ("Oda Varn", "Oda Varn", ""),
])
def test_strip_leading_title(title, text, expected):
    assert strip_leading_title(title, text) == expected


def test_strict_untitled_copy_strips_leading_titles_and_coexists(corpus):
    corpus.write_text(json.dumps({"_id": "d1", "title": "Oda Varn", "text": "Oda Varn was born in Kell."}) + "\n"
                      + json.dumps({"_id": "d2", "title": "Kell", "text": "A port, Kell lies north."}) + "\n")
    plain, strict = untitled_copy(corpus), untitled_copy(corpus, strip_leading=True)
    assert plain != strict and plain.exists() and strict.exists()
    assert [d.text for d in load_corpus(plain).documents] == ["Oda Varn was born in Kell.", "A port, Kell lies north."]
    docs = load_corpus(strict).documents
    assert [d.title for d in docs] == ["", ""]
    assert [d.text for d in docs] == ["was born in Kell.", "A port, Kell lies north."]


def test_an_eval_waits_for_another_build_of_the_same_store_and_reuses_it(corpus, monkeypatch):
    import threading
    import time

    from hopgraph.guard import writer_lock

    settings = Settings()
    built = []
    monkeypatch.setattr(HopGraph, "build", staticmethod(lambda c, root, s, **kw: built.append(root)))
    corpus_fp, config_fp = load_corpus(corpus).fingerprint, index_config_fingerprint(settings)
    root = store_cache.cache_root() / "stores" / f"{corpus_fp}-{config_fp}"
    locked, done = threading.Event(), []

    def other_build():  # another eval, mid-build: it holds the writer lock, then leaves a finished store
        with writer_lock(root):
            locked.set()
            time.sleep(0.5)
            fake_store(root, corpus_fp, config_fp)
            done.append(time.monotonic())

    other = threading.Thread(target=other_build)
    other.start()
    locked.wait()
    assert ensure_store(corpus, settings, None) == root
    finished = time.monotonic()
    other.join()
    assert built == [] and done and finished >= done[0]  # waited for it, then reused its store
