"""BM25 (indexing/lexical.py): the tokenizer, parity with rank_bm25, save/load round trip."""

from __future__ import annotations

from pathlib import Path

import pytest
from rank_bm25 import BM25Okapi

from hopgraph.indexing.chunk import chunk_documents
from hopgraph.indexing.lexical import LexicalIndex, tokenize
from hopgraph.indexing.load import load_corpus
from store_fixtures import SAMPLE, sample_queries


@pytest.fixture(scope="module")
def sample_texts() -> list[str]:
    docs = load_corpus(SAMPLE).documents
    return [c.retrieval_text for c in chunk_documents(docs, 200, 40)]


@pytest.fixture(scope="module")
def index(sample_texts: list[str]) -> LexicalIndex:
    return LexicalIndex.build(sample_texts)


def test_tokenize_folds_case_and_accents_drops_stopwords_keeps_numbers() -> None:
    assert tokenize("The Émile-Zola Prize was won in 1932!") == ["emile", "zola", "prize", "won", "1932"]
    assert tokenize("Who is the director of it?") == ["director"]
    assert tokenize("") == []


def _reference_ranking(bm25: BM25Okapi, query: str, n: int) -> list[int]:
    scores = bm25.get_scores(tokenize(query))
    order = sorted(range(len(scores)), key=lambda i: (-scores[i], i))
    return [i for i in order[:n] if scores[i] > 0]


def test_bm25_ranking_agrees_with_rank_bm25(sample_texts: list[str], index: LexicalIndex) -> None:
    reference = BM25Okapi([tokenize(t) for t in sample_texts], k1=1.2, b=0.75)
    queries = [q["text"] for q in sample_queries()]
    top1_same, overlaps = 0, []
    for q in queries:
        ours = [row for row, _ in index.search(q, 5)]
        theirs = _reference_ranking(reference, q, 5)
        top1_same += ours[:1] == theirs[:1]
        overlaps.append(len(set(ours) & set(theirs)) / max(len(theirs), 1))
    mean_overlap = sum(overlaps) / len(overlaps)
    print(f"bm25s vs rank_bm25 on {len(queries)} sample queries: top-1 identical {top1_same}/{len(queries)}, "
          f"mean top-5 overlap {mean_overlap:.3f}")
    assert top1_same >= 0.85 * len(queries)
    assert mean_overlap >= 0.8


def test_search_returns_positive_scores_best_first(index: LexicalIndex, sample_texts: list[str]) -> None:
    hits = index.search("Kestrel Bay harbour", 5)
    assert len(hits) == 5
    scores = [s for _, s in hits]
    assert scores == sorted(scores, reverse=True) and scores[-1] > 0
    assert sample_texts[index.search("Orsk Halden river", 1)[0][0]].startswith("Orsk Halden")


def test_search_edge_cases(index: LexicalIndex) -> None:
    assert index.search("the of and", 5) == []  # only stop words
    assert index.search("zzzunknownword", 5) == []  # out of vocabulary
    assert index.search("Kestrel", 0) == []
    hits = index.search("Kestrel", 1000)  # k larger than the corpus
    assert 0 < len(hits) <= index.n_docs
    assert len({r for r, _ in hits}) == len(hits)


def test_only_matching_documents_are_returned() -> None:
    ix = LexicalIndex.build(["alpha beta", "gamma delta", "alpha alpha gamma", ""])
    rows = [r for r, _ in ix.search("alpha", 10)]
    assert sorted(rows) == [0, 2]
    assert ix.n_docs == 4


def test_save_load_round_trip(tmp_path: Path, index: LexicalIndex) -> None:
    path = tmp_path / "bm25"
    index.save(path)
    loaded = LexicalIndex.load(path)
    assert loaded.n_docs == index.n_docs
    for q in [q["text"] for q in sample_queries()]:
        before, after = index.search(q, 10), loaded.search(q, 10)
        assert [r for r, _ in after] == [r for r, _ in before]
        assert [s for _, s in after] == pytest.approx([s for _, s in before])


def test_cjk_runs_become_character_bigrams() -> None:
    assert tokenize("青柳港は映画です") == ["青柳", "柳港", "港は", "は映", "映画", "画で", "です"]
    assert tokenize("書") == ["書"]  # one character stays one token
    assert tokenize("Norveld大学 2019") == ["norveld", "大学", "2019"]  # Latin and CJK split where the script changes
    assert tokenize("ｶﾅ") == tokenize("カナ")  # half-width katakana folds to full width
    assert tokenize("한빛 도서관") == ["한빛", "도서", "서관"]


def test_a_cjk_query_finds_the_cjk_document() -> None:
    texts = ["The harbour opened in 1901.", "青柳港は一九〇一年に開港した。", "緑川図書館は町の中心にある。"]
    index = LexicalIndex.build(texts)
    assert [row for row, _ in index.search("青柳港はいつ開港した", 3)][0] == 1
    assert [row for row, _ in index.search("図書館", 3)] == [2]


def test_unsegmented_scripts_are_detected() -> None:
    from hopgraph.indexing.lexical import unsegmented_script

    assert unsegmented_script("ห้องสมุดอยู่ที่ไหน")
    assert not unsegmented_script("Where is the library? 図書館")
