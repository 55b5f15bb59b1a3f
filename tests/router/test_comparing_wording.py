"""Which wordings compare two sides (`router/comparing_wording.py`): an order, a sameness, "or", "which of" do; a time
adverbial ("later on", "two years after"), "after" in "named after", "also" between names not joined, and "first" as
an ordinal or before its verb do not. Tagged tokens of invented questions (tests/router/tagged.py)."""

from __future__ import annotations

from hopgraph.router.comparing_wording import compares, time_adverbials
from tagged import toks


def test_an_order_word_that_says_when_compares_nothing():
    later_on = toks("Brell/@ changed/VERB jobs/NOUN later/ADV on/ADP ,/PUNCT which/DET firm/NOUN joined/VERB Tarn/@ ?/PUNCT")
    assert time_adverbials(later_on) == {3} and not compares(later_on)
    years = toks("two/NUM years/NOUN after/ADP Brell/@ left/VERB Tarn/@ ,/PUNCT who/PRON led/VERB it/PRON ?/PUNCT")
    assert not compares(years)
    asked = toks("which/DET was/AUX founded/VERB later/ADV ,/PUNCT Brell/@ or/CCONJ Tarn/@ ?/PUNCT")
    assert compares(asked) and not time_adverbials(asked)


def test_also_compares_only_two_names_joined_together():
    added = toks("which/DET firm/NOUN was/AUX also/ADV set/VERB up/ADP by/ADP the/DET man/NOUN who/PRON started/VERB "
                 "Brell/@ with/ADP Tarn/@ ?/PUNCT")
    assert not compares(added)
    joined = toks("did/AUX Brell/@ and/CCONJ Tarn/@ also/ADV study/VERB at/ADP Lorn/@ ?/PUNCT")
    assert compares(joined)


def test_after_in_named_after_is_no_order():
    named = toks("Is/AUX the/DET Kalvor/@ named/VERB after/ADP Tesmir/@ ?/PUNCT")
    named[3].lemma = "name"
    assert not compares(named)
    assert compares(toks("Was/AUX Kalvor/@ born/VERB after/ADP Tesmir/@ ?/PUNCT"))


def test_first_as_an_ordinal_or_before_its_verb_orders_nothing():
    """ "its first manager" is an ordinal, "when was X first set up" says "originally": neither picks one of two
    names; "the first to …" and "which was set up first" still do."""
    originally = toks("when/ADV was/AUX the/DET Brell/@ office/NOUN that/PRON joined/VERB Tarn/@ first/ADV "
                      "set/VERB up/ADP ?/PUNCT")
    assert not compares(originally)
    ordinal = toks("where/ADV did/AUX the/DET man/NOUN Brell/@ followed/VERB at/ADP Tarn/@ get/VERB his/PRON "
                   "first/ADJ coaching/NOUN job/NOUN ?/PUNCT")
    assert not compares(ordinal)
    picked = toks("Brell/@ and/CCONJ Tarn/@ opened/VERB in/ADP one/NUM year/NOUN ./PUNCT which/DET was/AUX the/DET "
                  "first/ADJ to/PART sell/VERB bread/NOUN ?/PUNCT")
    assert compares(picked)
    after_verb = toks("which/DET was/AUX set/VERB up/ADP first/ADV ,/PUNCT Brell/@ or/CCONJ Tarn/@ ?/PUNCT")
    assert compares(after_verb)
