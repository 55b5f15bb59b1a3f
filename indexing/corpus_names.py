"""What entity resolution derives from every name of the corpus, asked for the names of one neighbourhood.

Three rules of `resolve` read all the corpus's names: the short-name statistics (`names.NameStats`: each
name's type, how many names a word starts, people's surnames), a short name standing for the one full name of
the corpus it fits (`names.corpus_short_keys`) and an honorific form standing for its bare name when that is
a name of the corpus (`names.honorific_keys`). A fresh build computes them over all mentions; an update reads
every name's type and whether it is written with a name label from the store (`name_votes`) and asks these
rules only for the names of its neighbourhood (`across_for`, `bare_for`), with the same functions over just the
names that can decide them.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from hopgraph.indexing.name_keys import strip_honorifics
from hopgraph.indexing.names import NameStats, honorific_keys, is_initialled, pick, short_forms


@dataclass
class CorpusNames:
    types: dict[str, str]  # every name of the corpus (normalised mention text) -> its type
    named: set[str]  # the names written with a name label (`names.NAME_LABELS` or a place)

    @cached_property
    def stats(self) -> NameStats:
        return NameStats(self.types)

    @cached_property
    def _fulls(self) -> dict[str, set[str]]:
        """short form -> the named multi-word names that have it (`names.short_forms`)."""
        out: dict[str, set[str]] = defaultdict(set)
        for name in self.named:  # every named name of the corpus (~100k at 100k passages): `short_forms` inlined
            words = name.split()
            if len(words) > 1:
                first, last = words[0], words[-1]
                out[last].add(name)
                out[first].add(name)
                if len(first) > 1:
                    out[f"{first[0]} {last}"].add(name)
        return out

    def made(self) -> CorpusNames:
        """These names with their statistics and short forms' full names made now (else on first use)."""
        for made_once in ("stats", "_fulls"):
            getattr(self, made_once)  # a cached property: made here, kept
        return self

    def beside(self, types: dict[str, str], named: set[str], stats: NameStats | None = None) -> CorpusNames:
        """The names of a corpus that differs from this one in a few names (an update's before and after): its
        short forms' full names are this one's, read through the differing names (`_fulls` made once);
        `stats`: its `NameStats`, when made already."""
        other = CorpusNames(types, named)
        if stats is not None:
            other.__dict__["stats"] = stats
        fulls = self._fulls
        changed = {n for n in (named ^ self.named) if " " in n}
        overlay: dict[str, set[str]] = {}
        for name in changed:
            for short, _first in short_forms(name.split()):
                if short not in overlay:
                    overlay[short] = {f for f in fulls.get(short, ()) if f not in changed}
                if name in named:
                    overlay[short].add(name)
        other.__dict__["_fulls"] = _Overlay(fulls, overlay)
        return other

    @cached_property
    def _honorific_forms(self) -> dict[str, set[str]]:
        """bare name -> the names that are it with leading honorifics."""
        out: dict[str, set[str]] = defaultdict(set)
        for name in self.types:
            bare = strip_honorifics(name)
            if bare != name:
                out[bare].add(name)
        return out

    def across_for(self, norms: Iterable[str]) -> dict[str, str]:
        """`corpus_short_keys` of the corpus, for `norms` only. Its answer for a short name reads only the full
        names that short name is a short form of (`_fulls`), so each is decided alone, as that function does,
        and once (`_across`: an update's rounds ask for S's names again)."""
        known, out = self._across, {}
        for n in set(norms):
            target = known[n] if n in known else known.setdefault(n, self._across_one(n))
            if target is not None:
                out[n] = target
        return out

    @cached_property
    def _across(self) -> dict[str, str | None]:
        return {}

    def _across_one(self, n: str) -> str | None:
        stats = self.stats
        if n not in stats.types or not (" " not in n or is_initialled(n)):
            return None
        cands = {f for f in self._fulls.get(n, ()) if any(
            s == n and s != f and stats.compatible(s, f, first) for s, first in short_forms(f.split()))}
        return pick(n, cands) if cands else None

    def bare_for(self, norms: Iterable[str]) -> dict[str, str]:
        """`honorific_keys` of the corpus's names, for `norms` only."""
        own = {n for n in norms if n in self.types}
        pool = own | {b for n in own for b in [strip_honorifics(n)] if b in self.types}
        return {k: v for k, v in honorific_keys(pool).items() if k in own}

    def related(self, names: Iterable[str]) -> tuple[set[str], set[str]]:
        """The names whose `across_for` and `bare_for` a change of `names` (their votes, types or presence) can
        move: the names themselves, their short forms, and their honorific forms."""
        names = set(names)
        shorts = set(names)
        for n in names:
            words = n.split()
            if len(words) > 1:
                shorts.update(s for s, _first in short_forms(words))
        return shorts, names | set().union(*(self._honorific_forms.get(n, ()) for n in names))


class _Overlay(dict):
    """A mapping read from `overlay` first, then from `base` (neither is copied)."""

    def __init__(self, base: dict, overlay: dict):
        super().__init__(overlay)
        self.base = base

    def get(self, key, default=None):
        return super().get(key) if key in self else self.base.get(key, default)
