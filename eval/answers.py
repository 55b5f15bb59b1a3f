"""Answer scoring: exact match and token F1 of the `--answer` output against the gold answer (pure).

Normalisation is SQuAD's: lower case, punctuation removed, the articles a/an/the
removed, whitespace collapsed. A prediction is scored against the gold answer and
each alias, and the best score counts.

What is scored (`extract_answer`):

- extractive answers (no LLM): the text after "Answer: " on the answer's first
  such line, without the cited sentence after " — " (and without the trailing
  parenthetical earlier versions of the answer step added: "(director of X)",
  "(earliest)"). A result with
  no "Answer:" line (the loop bound no answer entity, or it did not end complete and
  gave a "Best guess, not confirmed:" instead) is *not answered*.
- LLM answers: the whole text with its [chunk id] citations removed; any
  non-empty text counts as answered.

Per question the record keeps {"source", "text", "prediction", "answered", "em",
"f1", "contains", "leads"} ("contains": the normalised gold answer or an alias occurs in the
normalised prediction, useful for sentence-long LLM answers; "leads": the normalised gold
answer opens with the normalised prediction, whole words, useful where the gold answer is
written as a sentence that opens with the answer: "Ada Brook (born 1951; ...)", "No. She ...").

`answer_stats` aggregates them; "answered when evidence incomplete" is the share of
questions whose gold evidence was *not* all retrieved (complete@10 = 0) that still
got an answer, and "answered when not complete" the same over questions whose hop
loop did not end "complete". Low is honest: an answer without its evidence is a guess.
"""

from __future__ import annotations

import re
import string
from collections import Counter
from collections.abc import Sequence
from typing import Any

_ARTICLES = re.compile(r"\b(a|an|the)\b")
_PUNCT = str.maketrans("", "", string.punctuation)
_CITATION = re.compile(r"\s*\[[^\[\]]*\]")
ANSWER_PREFIX = "Answer: "


def normalize_answer(text: str) -> str:
    """SQuAD normalisation: lower, no punctuation, no articles, single spaces."""
    text = text.lower().translate(_PUNCT)
    return " ".join(_ARTICLES.sub(" ", text).split())


def exact_match(prediction: str, gold: str) -> float:
    return float(normalize_answer(prediction) == normalize_answer(gold))


def token_f1(prediction: str, gold: str) -> float:
    pred, ref = normalize_answer(prediction).split(), normalize_answer(gold).split()
    if not pred or not ref:
        return float(pred == ref)
    common = sum((Counter(pred) & Counter(ref)).values())
    if common == 0:
        return 0.0
    precision, recall = common / len(pred), common / len(ref)
    return 2 * precision * recall / (precision + recall)


def contains(prediction: str, gold: str) -> float:
    ref = normalize_answer(gold)
    return float(bool(ref) and f" {ref} " in f" {normalize_answer(prediction)} ")


def leads(prediction: str, gold: str) -> float:
    pred = normalize_answer(prediction)
    return float(bool(pred) and f"{normalize_answer(gold)} ".startswith(f"{pred} "))


def _strip_trailing_group(text: str) -> str:
    """'X (director of Y)' -> 'X'; only one balanced parenthetical at the very end is removed, and only one
    the answer step of earlier versions added ("(REL of ENTITY)", "(earliest)", "(latest)"): the answer step
    now writes none, and a name's own group ('Tide of Glass (1952 film)') stays."""
    text = text.rstrip()
    if not text.endswith(")"):
        return text
    depth = 0
    for i in range(len(text) - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(text[i], 0)
        if depth == 0:
            group = text[i + 1 : -1]
            if i > 0 and (group in ("earliest", "latest") or " of " in group):
                return text[:i].rstrip()
            return text
    return text


def extract_answer(text: str, source: str) -> str:
    """The scored prediction of an answer text ("" when no answer was given); see the module docstring."""
    if source == "llm":
        return " ".join(_CITATION.sub("", text).split())
    for line in text.splitlines():
        if line.startswith(ANSWER_PREFIX):
            head = line[len(ANSWER_PREFIX):].split(" — ", 1)[0]
            return _strip_trailing_group(head).strip()
    return ""


def score_answer(text: str, source: str, answer: str, aliases: Sequence[str] = ()) -> dict[str, Any]:
    """The per-question answer record: prediction, whether answered, and the best EM / F1 / contains / leads."""
    prediction = extract_answer(text or "", source)
    golds = [g for g in (answer, *aliases) if g and g.strip()]
    answered = bool(prediction)
    best = {name: max((fn(prediction, g) for g in golds), default=0.0) if answered else 0.0
            for name, fn in (("em", exact_match), ("f1", token_f1), ("contains", contains), ("leads", leads))}
    return {"source": source, "text": text or "", "prediction": prediction, "answered": answered, **best}


def answer_stats(rows: Sequence[tuple[dict[str, Any], bool, bool]]) -> dict[str, Any]:
    """Aggregate of (answer record, gold complete@10, loop ended complete) rows (empty -> {}).

    em / f1 / contains / leads average over every question (unanswered ones score 0); the `_answered`
    variants average over answered questions only.
    """
    if not rows:
        return {}
    n = len(rows)
    answered = [a for a, _, _ in rows if a["answered"]]
    incomplete = [a for a, gold_complete, _ in rows if not gold_complete]
    not_complete = [a for a, _, ended in rows if not ended]

    def share(items: list[dict[str, Any]]) -> float | None:
        return sum(1 for a in items if a["answered"]) / len(items) if items else None

    out: dict[str, Any] = {
        "n": n,
        "sources": dict(Counter(a["source"] for a, _, _ in rows)),
        "answered_rate": len(answered) / n,
        "answered_when_gold_incomplete": share(incomplete),
        "n_gold_incomplete": len(incomplete),
        "answered_when_not_complete": share(not_complete),
        "n_not_complete": len(not_complete),
    }
    for key in ("em", "f1", "contains", "leads"):
        out[key] = sum(a.get(key, 0.0) for a, _, _ in rows) / n
        out[f"{key}_answered"] = sum(a.get(key, 0.0) for a in answered) / len(answered) if answered else None
    return out
