"""spaCy's attribute ruler, with the same result for a tenth of its time.

The attribute ruler of the English pipelines maps each token's fine tag (and a few words, dependency labels) to
its coarse POS, morphology and some lemmas with ~180 Matcher patterns. spaCy runs the Matcher over every token
and then builds a Span and sets attributes per match: 12-15% of the pipeline's time on this machine.

Nearly all of its patterns are single-token patterns over a few attributes (TAG, DEP, IS_SPACE, LOWER). Whether
they match a token depends on those attributes only, so `FastAttributeRuler` asks the real Matcher (the single-
token patterns only) once per *signature* — the tuple of those attributes, with LOWER replaced by None when no
pattern could match the word (not in any LOWER list, matching no LOWER regex) — and caches the matched rules.
The few multi-token patterns run through their own Matcher on the whole Doc. Each token then gets the rules it
matched applied in the ruler's order (later rules win), exactly as `AttributeRuler.set_annotations` applies them
(`set_token_attrs` on that token). A ruler with patterns outside this model (quantifiers, extension attributes,
other token attributes) is left as it is. `tests/indexing/test_fast_ruler.py` checks equality with spaCy's ruler.
"""

from __future__ import annotations

import re
from typing import Any

from spacy.attrs import DEP, IS_SPACE, LOWER, POS, TAG
from spacy.language import Language
from spacy.matcher import Matcher
from spacy.pipeline import AttributeRuler
from spacy.tokens import Doc
from spacy.tokens._retokenize import set_token_attrs

NAME = "hopgraph_attribute_ruler"
#: Token attributes a single-token pattern may test for the signature cache to apply (name -> attribute id).
_SIGNATURE_ATTRS = {"TAG": TAG, "DEP": DEP, "IS_SPACE": IS_SPACE, "POS": POS, "LOWER": LOWER}


class FastAttributeRuler:
    """Callable pipeline component equal to the `AttributeRuler` it is built from (`from_ruler`)."""

    def __init__(self, vocab: Any):
        self.vocab = vocab
        self.attrs: list[dict] = []
        self.indices: list[int] = []
        self.single = Matcher(vocab)
        self.multi = Matcher(vocab)
        self.has_multi = False
        self.columns: list[int] = []
        self.lower_col = -1  # the column of LOWER in the signature (-1: no pattern tests it)
        self.lower_words: set[int] = set()  # LOWER values some pattern names (hashes)
        self.lower_regexes: list[re.Pattern] = []
        self.lower_exact = False  # a LOWER test that is neither a word, a list nor a regex: keep every word
        self.cache: dict[tuple, dict | None] = {}

    @staticmethod
    def supports(ruler: AttributeRuler) -> bool:
        """True when every single-token pattern of the ruler tests only signature attributes (no operators)."""
        for p in ruler.patterns:
            if "_" in p["attrs"]:  # extension attributes: merging rules would not be spaCy's order of setting
                return False
            for pattern in p["patterns"]:
                if len(pattern) == 1 and any(k not in _SIGNATURE_ATTRS for k in pattern[0]):
                    return False
        return True

    def from_ruler(self, ruler: AttributeRuler) -> FastAttributeRuler:
        """Take the ruler's rules (their order is their precedence)."""
        used: set[str] = set()
        for attr_id, p in enumerate(ruler.patterns):
            self.attrs.append(ruler.attrs[attr_id])
            self.indices.append(ruler.indices[attr_id])
            key = str(attr_id)
            single = [pat for pat in p["patterns"] if len(pat) == 1]
            multi = [pat for pat in p["patterns"] if len(pat) != 1]
            if single:
                self.single.add(key, single)
                for tok in (pat[0] for pat in single):
                    used.update(tok)
                    if "LOWER" in tok:
                        self._note_lower(tok["LOWER"])
            if multi:
                self.multi.add(key, multi)
                self.has_multi = True
        self.columns = [_SIGNATURE_ATTRS[k] for k in sorted(used)]
        if "LOWER" in used:
            self.lower_col = sorted(used).index("LOWER")
        return self

    def _note_lower(self, test: Any) -> None:
        strings = self.vocab.strings
        if isinstance(test, str):
            self.lower_words.add(strings.add(test))
        elif isinstance(test, dict) and set(test) == {"IN"}:
            self.lower_words.update(strings.add(w) for w in test["IN"])
        elif isinstance(test, dict) and set(test) == {"REGEX"}:
            self.lower_regexes.append(re.compile(test["REGEX"]))
        else:
            self.lower_exact = True

    def _signature(self, row: list[int]) -> tuple:
        if self.lower_col >= 0 and not self.lower_exact:
            lower = row[self.lower_col]
            if lower not in self.lower_words:
                text = self.vocab.strings[lower]
                if not any(r.search(text) for r in self.lower_regexes):
                    row[self.lower_col] = None
        return tuple(row)

    def _rules(self, doc: Doc, i: int) -> list[int]:
        """The single-token rules token i matches (the real Matcher on that one token)."""
        found = self.single(doc[i:i + 1], allow_missing=True, as_spans=False)
        return sorted({int(self.vocab.strings[m_id]) for m_id, _s, _e in found})

    def __call__(self, doc: Doc) -> Doc:
        if not len(doc):
            return doc
        rows = doc.to_array(self.columns).tolist() if self.columns else [[] for _ in range(len(doc))]
        per_token: dict[int, list[int]] = {}
        cache = self.cache
        for i, row in enumerate(rows):
            sig = self._signature(row if isinstance(row, list) else [row])
            rules = cache.get(sig)
            if rules is None:
                rules = cache[sig] = self._rules(doc, i)
            if rules:
                per_token[i] = rules
        if self.has_multi:
            for m_id, start, end in self.multi(doc, allow_missing=True, as_spans=False):
                attr_id = int(self.vocab.strings[m_id])
                target = doc[start:end][self.indices[attr_id]].i
                per_token[target] = sorted({*per_token.get(target, ()), attr_id})
        merged_cache: dict[tuple[int, ...], dict] = {}
        for i, rules in per_token.items():
            key = tuple(rules)
            merged = merged_cache.get(key)
            if merged is None:
                merged = merged_cache[key] = {k: v for a in rules for k, v in self.attrs[a].items()}
            set_token_attrs(doc[i], merged)
        return doc


@Language.factory(NAME)
def _make(nlp: Language, name: str) -> FastAttributeRuler:
    return FastAttributeRuler(nlp.vocab)


def speed_up_attribute_ruler(nlp: Language, name: str = "attribute_ruler") -> Language:
    """Replace the pipeline's attribute ruler by a `FastAttributeRuler` with its rules (same pipe name)."""
    if name not in nlp.pipe_names:
        return nlp
    ruler = nlp.get_pipe(name)
    if not isinstance(ruler, AttributeRuler) or not FastAttributeRuler.supports(ruler):
        return nlp
    nlp.replace_pipe(name, NAME)
    nlp.get_pipe(name).from_ruler(ruler)
    return nlp
