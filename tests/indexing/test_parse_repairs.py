"""Arguments the parser attached to the wrong word (real small spaCy model, invented names)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.slow

DOC_TITLE = ""


def _verb_triples(extractor, rows, verb_lemmas: dict[str, str], ents: list[tuple[int, int, str]], verb: int):
    """The triples of token `verb` in a parse written out row by row (word, POS, tag, dependency, head), as the
    small model produced it on a sentence; `ents`: (start, end, label) of the entity spans."""
    from hopgraph.indexing.context import ChunkContext
    from hopgraph.indexing.patterns import verb_triples
    from spacy.tokens import Doc, Span

    words, pos, tags, deps, heads = (list(x) for x in zip(*rows))
    lemmas = [w.lower() if p != "VERB" else verb_lemmas[w] for w, p in zip(words, pos)]
    doc = Doc(extractor.nlp.vocab, words=words, pos=pos, tags=tags, deps=deps, heads=heads, lemmas=lemmas,
              sent_starts=[True] + [False] * (len(words) - 1))
    doc.ents = [Span(doc, a, b, label) for a, b, label in ents]
    return {(s, p, o) for s, p, o, _pattern in verb_triples(ChunkContext(doc, "News", "narrative"), doc[verb])}


def test_a_coordinated_subject_described_by_a_common_noun_is_a_subject_too(triples):
    got = triples("Ostrel, 3 May 2019 — Quillon Outfitters, the Ostrel tent maker, and the regional utility "
                  "Tarnby Hydro today launched the Kestwick Cycling Team.", title="Team launched")
    assert ("Quillon Outfitters", "founder", "Kestwick Cycling Team") in got
    assert ("Tarnby Hydro", "founder", "Kestwick Cycling Team") in got


def test_a_quoted_title_after_the_verb_is_its_object_and_takes_the_date(triples):
    got = triples('Ostrel, 2 May 2020 — Quillon Press will publish "Under the Scree", the memoir of the guide '
                  'Orla Vennick, on 9 October 2020.', title="Spring list")
    assert ("Quillon Press", "publish", "Under the Scree") in got
    assert not any(s == "Quillon Press" and o == "9 October 2020" for s, _p, o in got)


def test_a_name_the_parser_coordinated_with_the_verb_is_another_agent(extractor):
    """The small parser hangs the second agent of "founded by A, who ..., and B" off the verb; the parse is
    written out here as the model produced it on such a sentence."""
    rows = [("Quillon", "PROPN", "NNP", "compound", 1), ("Labs", "PROPN", "NNP", "nsubjpass", 3),
            ("was", "AUX", "VBD", "auxpass", 3), ("founded", "VERB", "VBN", "ROOT", 3), ("by", "ADP", "IN", "agent", 3),
            ("Orla", "PROPN", "NNP", "compound", 6), ("Vennick", "PROPN", "NNP", "pobj", 4),
            (",", "PUNCT", ",", "punct", 6), ("who", "PRON", "WP", "nsubj", 9), ("chairs", "VERB", "VBZ", "relcl", 6),
            ("it", "PRON", "PRP", "dobj", 9), (",", "PUNCT", ",", "punct", 3), ("and", "CCONJ", "CC", "cc", 3),
            ("Tam", "PROPN", "NNP", "compound", 14), ("Ostry", "PROPN", "NNP", "conj", 3),
            (".", "PUNCT", ".", "punct", 3)]
    got = _verb_triples(extractor, rows, {"founded": "found", "chairs": "chair"},
                        [(0, 2, "ORG"), (5, 7, "PERSON"), (13, 15, "PERSON")], verb=3)
    assert ("Orla Vennick", "found", "Quillon Labs") in got
    assert ("Tam Ostry", "found", "Quillon Labs") in got


def test_an_apposition_hung_off_the_wrong_noun_names_the_subject(triples):
    got = triples("The oldest newspaper in Kelmark, the weekly Tarnby Herald, appeared from 1832 until 1869.",
                  title="Local papers")  # the small parser hangs "the weekly Tarnby Herald" off "Kelmark"
    assert ("Tarnby Herald", "founded on", "1832") in got


def test_the_second_half_of_a_dashed_name_after_of_is_no_second_subject(triples):
    """The small model parses this sentence with "Kestwick" as a second subject of "won"."""
    got = triples("Orla Vennick of Tarnby–Kestwick won the Ostrel Marathon in April, two years after dropping out of it.",
                  title="Results")
    assert ("Orla Vennick", "win", "Ostrel Marathon") in got
    assert not any(s == "Tarnby–Kestwick" and p == "win" for s, p, _o in got)


def test_the_name_before_which_is_the_object_of_a_clause_the_parser_hung_off_its_subject(extractor):
    """"X, which the chemist Y founded in 2008, will close": the small parser may make "which" the object of the
    main verb and "founded" a clause on "chemist"; the parse is written out here as the model produced it on such a
    sentence."""
    rows = [("Ostby", "PROPN", "NNP", "ROOT", 0), (",", "PUNCT", ",", "punct", 0), ("which", "PRON", "WDT", "dobj", 10),
            ("the", "DET", "DT", "det", 4), ("chemist", "NOUN", "NN", "nsubj", 10),
            ("Lena", "PROPN", "NNP", "compound", 6), ("Dravik", "PROPN", "NNP", "nsubj", 7),
            ("founded", "VERB", "VBD", "relcl", 4), ("in", "ADP", "IN", "prep", 7), ("2011", "NUM", "CD", "pobj", 8),
            ("close", "VERB", "VB", "relcl", 0), (".", "PUNCT", ".", "punct", 0)]
    got = _verb_triples(extractor, rows, {"founded": "found", "close": "close"},
                        [(0, 1, "ORG"), (5, 7, "PERSON"), (9, 10, "DATE")], verb=7)
    assert ("Lena Dravik", "found", "Ostby") in got
    assert ("Ostby", "found in", "2011") in got
