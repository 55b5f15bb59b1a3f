"""normalize (indexing/normalize.py): ASCII names take a fast path that must equal the NFKD route."""

from __future__ import annotations

import string

import pytest

from hopgraph.indexing.normalize import normalize


@pytest.mark.parametrize("name", [
    "The Glass Harbor", "  an  Owl's   Rest ", "A", "Saltmoor Studios (1936 film)", "Dr. Ida-Marsh & Co.",
    string.printable, "THE END", "the", "",
])
def test_ascii_names_normalise_as_through_nfkd(name: str) -> None:
    # a trailing combining accent sends the same name down the NFKD route, which drops the accent again
    assert normalize(name) == normalize(name + "\u0301")


def test_accents_are_still_stripped() -> None:
    assert normalize("The Émile-Zola  Prize") == "emile zola prize" == normalize("The Emile-Zola Prize")
    assert normalize("ﬁne Café") == "fine cafe"  # a compatibility ligature decomposes too


def test_plain_ascii_names_skip_the_patterns_with_the_same_result() -> None:
    """Letters, digits and single spaces need no pattern; anything else (runs of spaces, tabs, underscores,
    punctuation, edges) goes through them: every form equals the NFKD route's."""
    import random

    rng = random.Random(5)
    alphabet = "aZ9 _\t-.'("
    for _ in range(3000):
        name = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 8)))
        assert normalize(name) == normalize(name + "\u0301"), repr(name)
