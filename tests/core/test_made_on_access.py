"""MadeOnAccessMapping (hopgraph/made_on_access.py): key -> item made from its source on first access, kept."""

import pytest
from hopgraph.made_on_access import MadeOnAccessMapping


class Squares(MadeOnAccessMapping[str, list]):
    def __init__(self, source: dict[str, int]):
        self._source, self._made = source, {}
        self.made: list[str] = []

    def _make(self, key: str) -> list:
        self.made.append(key)
        return [self._source[key] ** 2]


def test_items_are_made_once_in_the_source_order_and_missing_keys_act_as_in_a_dict():
    m = Squares({"b": 2, "a": 3})
    assert list(m) == ["b", "a"] and len(m) == 2 and "a" in m and "c" not in m and m.made == []
    assert m["a"] == [9] and m["a"] is m.get("a") and m.made == ["a"]
    assert m.get("c") is None and m.get("c", []) == [] and dict(m) == {"b": [4], "a": [9]} and m.made == ["a", "b"]
    with pytest.raises(KeyError):
        m["c"]
