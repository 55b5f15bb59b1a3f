"""Answer scoring: SQuAD normalisation, EM / F1 over aliases, what counts as answered, the aggregate."""

import pytest

from hopgraph.eval.answers import (answer_stats, contains, exact_match, extract_answer, leads, normalize_answer,
                                   score_answer, token_f1)


def test_normalize_answer_drops_case_punctuation_and_articles():
    assert normalize_answer("The  Glass-Harbor, Inc.!") == "glassharbor inc"
    assert normalize_answer("An apple and a pear") == "apple and pear"


def test_exact_match_and_token_f1():
    assert exact_match("the Vell Harbour", "Vell harbour") == 1.0
    assert exact_match("Vell", "Vell Harbour") == 0.0
    assert token_f1("Vell", "Vell Harbour") == pytest.approx(2 / 3)
    assert token_f1("Kell", "Vell Harbour") == 0.0
    assert token_f1("", "") == 1.0 and token_f1("x", "") == 0.0
    assert contains("born in Vell Harbour in 1901", "vell harbour") == 1.0
    assert contains("Vell Harbourside", "Vell Harbour") == 0.0


def test_leads_reads_a_gold_answer_written_as_a_sentence():
    assert leads("Oda Varn", "Oda Varn (born 1951; her rival was born in 1963).") == 1.0
    assert leads("no", "No. Oda was born in Kell; Ivo in Vell.") == 1.0
    assert leads("the Anchorage", "Anchorage (1988; the other opened in 1996)") == 1.0  # articles dropped
    assert leads("Oda", "Oda Varn (born 1951)") == 1.0  # lenient: a leading part of the answer counts too
    assert leads("Oda Var", "Oda Varn (born 1951)") == 0.0  # whole words only
    assert leads("Kell", "Oda Varn, born in Kell") == 0.0 and leads("", "Kell") == 0.0


@pytest.mark.parametrize("text, expected", [
    ('Answer: Oda Varn (director of The Tide) — "Oda Varn directed The Tide." [d1#0]', "Oda Varn"),
    ("Answer: Tide of Glass (1952 film) (earliest)\nTide of Glass (1952 film): 1952", "Tide of Glass (1952 film)"),
    ("Answer: yes\nA: Kell — x\nB: Kell — y", "yes"),
    ("Answer: Tide of Glass (1952 film) — the earlier of the two\nTide of Glass (1952 film): 1952", "Tide of Glass (1952 film)"),
    ('Answer: Kell (port) — "Oda Varn was born in Kell." [d2#0]', "Kell (port)"),
    ("Evidence for the director of The Tide (director of The Tide) — [d1#0]", ""),
    ("No answer could be read from the retrieved evidence.", ""),
    ("Partial evidence: the hop loop stopped.\nAnswer: Kell (born place of Oda Varn) — [d2#0]", "Kell"),
])
def test_extract_extractive_answer(text, expected):
    assert extract_answer(text, "extractive") == expected


def test_extract_llm_answer_drops_citations():
    assert extract_answer("Oda Varn directed it [d1#0] [d2#1].", "llm") == "Oda Varn directed it."


def test_score_answer_takes_the_best_alias_and_zero_when_unanswered():
    a = score_answer("Answer: O. Varn (director of The Tide) — [d1#0]", "extractive", "Oda Varn", ["O. Varn"])
    assert a["answered"] and a["prediction"] == "O. Varn" and a["em"] == 1.0 and a["f1"] == 1.0
    none = score_answer("No answer could be read from the retrieved evidence.", "extractive", "Oda Varn")
    assert not none["answered"] and none["em"] == none["f1"] == none["contains"] == 0.0
    llm = score_answer("The Tide was directed by Oda Varn [d1#0].", "llm", "Oda Varn")
    assert llm["answered"] and llm["em"] == 0.0 and llm["contains"] == 1.0 and 0 < llm["f1"] < 1
    verbose = score_answer("Answer: Oda Varn — [d1#0]", "extractive", "Oda Varn (born 1951; the other in 1963)")
    assert verbose["em"] == 0.0 and verbose["leads"] == 1.0


def test_answer_stats_rates():
    right = score_answer("Answer: Kell", "extractive", "Kell")
    wrong = score_answer("Answer: Vell", "extractive", "Kell")
    blank = score_answer("", "extractive", "Kell")
    # (answer, gold complete@10, ended complete)
    stats = answer_stats([(right, True, True), (wrong, False, True), (blank, False, False), (right, True, False)])
    assert stats["n"] == 4 and stats["sources"] == {"extractive": 4}
    assert stats["em"] == 0.5 and stats["em_answered"] == pytest.approx(2 / 3)
    assert stats["answered_rate"] == 0.75
    assert stats["answered_when_gold_incomplete"] == 0.5 and stats["n_gold_incomplete"] == 2
    assert stats["answered_when_not_complete"] == 0.5 and stats["n_not_complete"] == 2
    assert answer_stats([]) == {}
    only_complete = answer_stats([(right, True, True)])
    assert only_complete["answered_when_gold_incomplete"] is None
