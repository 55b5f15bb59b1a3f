"""hops/conflicts.py: disagreeing evidence for one requirement, and the preference rules (invented world)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hopgraph.hops.conflicts import agree, conflict_for, decide, describe_conflict
from hopgraph.hops.chunk_view import ChunkView
from hopgraph.models import Conflict, ConflictValue, RequirementAssessment, SearchHit

REPO = Path(__file__).resolve().parents[2]


def view(doc: str, title: str, text: str) -> ChunkView:
    return ChunkView(SearchHit(chunk_id=f"{doc}#0", doc_id=doc, title=title, text=text), None)


def supported(entity: str, rid: str = "R1") -> RequirementAssessment:
    return RequirementAssessment(requirement_id=rid, status="supported", entity=entity)


@pytest.mark.parametrize("x, y, relation, same", [
    ("1931", "1933", "born_date", False),
    ("3 May 1931", "1931", "born_date", True),  # a year agrees with a full date of that year
    ("3 May 1931", "4 May 1931", "born_date", False),
    ("May 1931", "June 1931", "born_date", False),
    ("Oakhollow", "Saltwick", "born_place", False),
    ("Oakhollow", "oakhollow", "born_place", True),
    ("Jessa Dunn", "Osric Dunn", "founder", False),
    ("Ivo Marrin", "Ivo Marrin", "director", True),
])
def test_agree(x: str, y: str, relation: str, same: bool) -> None:
    assert agree(x, y, relation) is same


def test_two_pages_giving_two_birth_years_are_a_conflict_with_both_chunks_and_sentences() -> None:
    views = [
        view("p1", "Aldo Penwright", "Aldo Penwright (born 1931) is a bridge engineer. He was born in Harrowgate."),
        view("p2", "Profile of an engineer", "Aldo Penwright was born in 1933 in Harrowgate, the son of a ferryman."),
        view("p3", "Town news", "The mayor opened a bridge designed by Aldo Penwright on Saturday."),
    ]
    c = conflict_for(supported("Aldo Penwright"), "born_date", views)
    assert c is not None and c.relation == "born_date"
    by_value = {v.value: v for v in c.values}
    assert set(by_value) == {"1931", "1933"}
    assert by_value["1933"].chunk_ids == ["p2#0"] and "1933" in by_value["1933"].sentences[0]
    assert by_value["1931"].chunk_ids == ["p1#0"]


def test_agreeing_chunks_are_no_conflict() -> None:
    views = [
        view("p1", "Merrin Vale", "Merrin Vale (born 1962) is a singer. She was born in Oakhollow."),
        view("p2", "Concert review", "Merrin Vale was born in Oakhollow and still sings there every spring."),
    ]
    assert conflict_for(supported("Merrin Vale"), "born_place", views) is None


def test_a_passing_mention_of_another_birth_is_not_evidence() -> None:
    views = [
        view("p1", "Merrin Vale", "Merrin Vale (born 1962) is a singer. She was born in Oakhollow."),
        view("p2", "Choir notes", "The choir, which Merrin Vale joined as a child, was founded by a teacher born in Saltwick."),
    ]
    assert conflict_for(supported("Merrin Vale"), "born_place", views) is None


def test_one_of_several_founders_is_no_conflict() -> None:
    views = [
        view("c1", "Brightwater Mills", "Brightwater Mills is a flour mill. It was founded by Osric Dunn and Jessa Dunn in 1902."),
        view("c2", "Mill history", "Brightwater Mills was founded by Jessa Dunn, a grain merchant's daughter."),
    ]
    assert conflict_for(supported("Brightwater Mills"), "founder", views) is None


def conflict(*values: tuple[str, list[str]]) -> Conflict:
    return Conflict(requirement_id="R1", entity="Hale Corbin", relation="died_date",
                    values=[ConflictValue(value=v, doc_ids=docs, chunk_ids=[f"{d}#0" for d in docs]) for v, docs in values])


FACTS = {"a": ("", ""), "b": ("1992-03-11", "Fenwater Courier"), "c": ("2001-01-01", "Harrowgate Herald"),
         "d": ("", "Coastal Registry")}


def test_agreement_decides_when_more_documents_state_one_value() -> None:
    c = decide(conflict(("1990", ["a"]), ("1992", ["b", "c"])), FACTS, ["agreement", "recent"], [])
    assert (c.preferred, c.decided_by) == ("1992", "agreement")


def test_recent_decides_when_the_counts_tie() -> None:
    c = decide(conflict(("1990", ["c"]), ("1992", ["b"])), FACTS, ["agreement", "recent"], [])
    assert (c.preferred, c.decided_by) == ("1990", "recent") and "2001-01-01" in c.reason


def test_trusted_source_decides_when_configured_first() -> None:
    c = decide(conflict(("1990", ["d"]), ("1992", ["b"])), FACTS, ["trusted", "recent"], ["coastal registry"])
    assert (c.preferred, c.decided_by) == ("1990", "trusted")


def test_no_rule_decides_an_undated_untrusted_tie() -> None:
    c = decide(conflict(("1990", ["a"]), ("1992", ["d"])), FACTS, ["agreement", "recent", "trusted"], [])
    assert c.preferred is None and c.decided_by == "" and "no preference rule decided" in c.reason
    assert "1990 [a#0] vs 1992 [d#0]" in describe_conflict(c)


@pytest.mark.slow
def test_every_planted_conflict_is_reported_and_stated_in_the_answer(tmp_path_factory: pytest.TempPathFactory) -> None:
    import json

    from hopgraph.config import Settings
    from hopgraph.facade import HopGraph

    root = tmp_path_factory.mktemp("conflicts") / "store"
    HopGraph.build(REPO / "data" / "conflicts", root, Settings(store=root))
    hg = HopGraph.open(root, Settings(store=root))
    for line in (REPO / "data" / "conflicts" / "planted.jsonl").open():
        q = json.loads(line)
        result = hg.ask(q["text"], k=5, answer=True)
        docs = [set(v.doc_ids) for c in result.conflicts for v in c.values]
        a, b = q["metadata"]["docs"]
        assert any(a in x for x in docs) and any(b in y for y in docs), (q["text"], result.conflicts)
        assert "Conflicting evidence" in result.answer
        assert any(c.decided_by for c in result.conflicts)  # every planted pair is decided by some rule here
