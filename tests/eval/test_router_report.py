"""Router report: gold and parsed relation chains, matching, distributions, files (fake router, no store)."""

import json

import pytest

from hopgraph.eval.beir import EvalQuery
from hopgraph.eval.router_report import (failures, gold_chains, gold_relation, parsed_chains, render_markdown,
                                         router_report)
from hopgraph.models import EvidenceRequirement, RouteDecision


def req(rid, relation, depends_on=None, entities=()):
    return EvidenceRequirement(id=rid, description=rid, relation=relation, depends_on=depends_on,
                               entities=list(entities))


def test_gold_relation_names_map_to_the_vocabulary():
    assert gold_relation("place of birth") == "born_place"
    assert gold_relation("Country of citizenship") == "nationality"
    assert gold_relation("place of detention") == "place of detention"  # unmapped: compared as itself


def test_gold_chains_compositional_comparison_and_bridge_comparison():
    assert gold_chains([["The Tide", "director", "Oda Varn"], ["Oda Varn", "place of birth", "Kell"]]) == [
        ("director", "born_place")]
    assert gold_chains([["Oda Varn", "date of birth", "1901"], ["Ivo Lark", "date of birth", "1903"]]) == [
        ("born_date",), ("born_date",)]
    bridge = [["The Tide", "director", "Oda Varn"], ["Iron Lane", "director", "Ivo Lark"],
              ["Oda Varn", "date of death", "1960"], ["Ivo Lark", "date of death", "1971"]]
    assert gold_chains(bridge) == [("director", "died_date"), ("director", "died_date")]


def test_gold_chains_count_a_repeated_relation_once_and_keep_two_facts_of_one_anchor():
    two_values = [["Oda Varn", "country of citizenship", "Kellish"], ["Oda Varn", "country of citizenship", "Varrish"],
                  ["Ivo Lark", "country of citizenship", "Kellish"]]
    assert gold_chains(two_values) == [("nationality",), ("nationality",)]
    lifespan = [["Oda Varn", "date of birth", "1901"], ["Oda Varn", "date of death", "1960"]]
    assert gold_chains(lifespan) == [("born_date",), ("died_date",)]
    grandfather = [["Ivo Lark", "father", "Aron Lark"], ["Aron Lark", "father", "Emil Lark"]]
    assert gold_chains(grandfather) == [("father", "father")]


def test_gold_chains_survive_a_cycle():
    spouses = [["Oda Varn", "spouse", "Ivo Lark"], ["Ivo Lark", "spouse", "Oda Varn"]]
    assert gold_chains(spouses) == [("spouse", "spouse")]


def test_parsed_chains_follow_depends_on():
    reqs = [req("R1", "director", entities=["The Tide"]), req("R2", "director", entities=["Iron Lane"]),
            req("R3", "born_date", "R1"), req("R4", "born_date", "R2")]
    assert parsed_chains(reqs) == [("director", "born_date"), ("director", "born_date")]
    branching = [req("R1", "director"), req("R2", "born_date", "R1"), req("R3", "died_date", "R1")]
    assert parsed_chains(branching) == [("director", "born_date"), ("director", "died_date")]
    assert parsed_chains([req("R1", ""), req("R2", "spouse", "R9")]) == [("?",), ("spouse",)]
    assert parsed_chains([]) == []


class FakeRouter:
    """Parses 'where was the director of X born' right and everything else as one generic lookup."""

    def route(self, question):
        if question.startswith("Where was the director"):
            reqs = [req("R1", "director"), req("R2", "born_place", "R1")]
            return RouteDecision(route="multi_hop", shape="bridge", first_query=question, reason="chain",
                                 requirements=reqs, anchors=["The Tide"])
        return RouteDecision(route="single_hop", shape="single", first_query=question, reason="fallback",
                             requirements=[req("R1", "")])


EVIDENCE = [["The Tide", "director", "Oda Varn"], ["Oda Varn", "place of birth", "Kell"]]
QUERIES = [
    EvalQuery(query_id="q1", text="Where was the director of The Tide born?", type="compositional", style="a",
              evidence=EVIDENCE),
    EvalQuery(query_id="q2", text="The Tide director birthplace", type="compositional", style="b", evidence=EVIDENCE),
    EvalQuery(query_id="q3", text="Who wrote Iron Lane?", type="single", style="b"),
]


def test_router_report_shares_and_failures():
    report, rows = router_report(FakeRouter(), QUERIES)
    o = report["overall"]
    assert o["n"] == 3 and o["n_with_evidence"] == 2 and o["chain_match"] == 0.5 and o["relations_match"] == 0.5
    assert o["routes"] == {"single_hop": 2, "multi_hop": 1} and o["shapes"] == {"single": 2, "bridge": 1}
    assert o["latency_ms_p50"] >= 0
    assert report["by_style"]["a"]["chain_match"] == 1.0 and report["by_style"]["b"]["chain_match"] == 0.0
    assert "chain_match" not in report["by_type"]["single"]  # no gold evidence: distribution only
    assert [r["query_id"] for r in failures(rows)] == ["q2"]
    assert rows[1]["gold_chains"] == [["director", "born_place"]] and rows[1]["parsed_chains"] == [["?"]]
    md = render_markdown(report, "toy / dev")
    assert "| all | 3 | 50.0 | 50.0 |" in md and "## By style" in md


def test_router_report_without_styles_or_evidence():
    plain = [q.model_copy(update={"style": "", "evidence": []}) for q in QUERIES]
    report, rows = router_report(FakeRouter(), plain)
    assert "by_style" not in report and "chain_match" not in report["overall"] and failures(rows) == []
    assert "## By style" not in render_markdown(report, "toy")


@pytest.mark.slow
def test_router_report_command_writes_files(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from hopgraph.cli import app

    monkeypatch.setenv("HOPGRAPH_CACHE", str(tmp_path / "cache"))
    root = tmp_path / "bench"
    (root / "qrels").mkdir(parents=True)
    docs = [("d1", "The Tide", "The Tide is a 1950 film directed by Oda Varn."),
            ("d2", "Oda Varn", "Oda Varn (born 1901 in Kell) was a film director.")]
    (root / "corpus.jsonl").write_text("".join(json.dumps({"_id": i, "title": t, "text": x}) + "\n" for i, t, x in docs))
    (root / "queries.jsonl").write_text(json.dumps({"_id": "q1", "text": "Where was the director of The Tide born?",
                                                    "metadata": {"type": "compositional", "evidence": EVIDENCE}}) + "\n")
    (root / "qrels" / "dev.tsv").write_text("query-id\tcorpus-id\tscore\nq1\td1\t1\nq1\td2\t1\n")
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["router-report", str(root), "--out", str(out), "--store", str(tmp_path / "s")])
    assert result.exit_code == 0, result.output + repr(result.exception)
    report = json.loads((out / "router_report.json").read_text())
    assert report["overall"]["n"] == 1 and report["overall"]["n_with_evidence"] == 1
    assert (out / "router_report.md").exists() and (out / "router_failures.jsonl").exists()
    assert len((out / "router_rows.jsonl").read_text().splitlines()) == 1


def test_router_table_shows_chain_columns_only_with_evidence():
    from rich.console import Console

    from hopgraph.cli_eval import router_table

    def text(queries):
        report, _ = router_report(FakeRouter(), queries)
        report.update(dataset="toy", split="dev")
        console = Console(width=200, record=True)
        console.print(router_table(report))
        return console.export_text()

    with_gold = text(QUERIES)
    assert "chain match" in with_gold and "50.0" in with_gold and "style b" in with_gold
    assert "chain match" not in text([q.model_copy(update={"evidence": []}) for q in QUERIES])


def test_gold_chains_link_variant_names_of_the_bridge_entity():
    disambiguated = [["The Tide", "director", "Oda Varn"], ["Iron Lane", "director", "Émile Lark"],
                     ["Oda Varn (filmmaker)", "date of death", "1960"], ["Emile Lark", "date of death", "1971"]]
    question = "Which film has the director who died first, The Tide or Iron Lane?"
    assert gold_chains(disambiguated, question) == [("director", "died_date"), ("director", "died_date")]
    # another form of the bridge's name: linked by the shared name tokens, unless the question names it
    alias = [["Ivo Lark", "father", "Aron Lark of Kell"], ["Aron the Elder Lark of Kell", "spouse", "Mira Dost"]]
    assert gold_chains(alias, "Who is the stepmother of Ivo Lark?") == [("father", "spouse")]
    both_asked = [["Ivo Lark", "date of birth", "1901"], ["Ivo Lark Jr", "date of birth", "1930"]]
    assert gold_chains(both_asked, "Who was born first, Ivo Lark or Ivo Lark Jr?") == [("born_date",), ("born_date",)]
    # a person named like their father: the second fact continues the first
    namesake = [["Ivo Lark", "father", "Ivo Lark"], ["Ivo Lark", "mother", "Mira Dost"]]
    assert gold_chains(namesake, "Who is the paternal grandmother of Ivo Lark?") == [("father", "mother")]


def test_gold_chains_place_an_unrelated_alias_after_the_one_open_anchor_fact():
    alias = [["The Tide", "composer", "Aleksander Varn"], ["Xan the Kid", "country of citizenship", "Kellish"]]
    assert gold_chains(alias, "What nationality is the composer of The Tide?") == [("composer", "nationality")]
    assert gold_chains(alias) == [("composer",), ("nationality",)]  # without the question nothing says so
