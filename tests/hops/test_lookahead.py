"""Look-ahead for open bridges: candidates reordered by what a follow-up search says of them."""

from __future__ import annotations

from hopgraph.hops.lookahead import by_follow_up, rest_of_question, specificity, support
from hopgraph.models import SearchHit

QUESTION = "In which studio did the band that headlined the first Orlen Fair record its debut album?"


def hit(chunk_id: str, text: str) -> SearchHit:
    return SearchHit(chunk_id=chunk_id, doc_id=chunk_id.split("#")[0], title="", text=text)


SLEEVE = hit("sleeve#0", "Tin Lanterns: Low Tide. Recorded at Brackwater Studio in 1997. This is our first album.")
SPONSOR = hit("news#0", "Corvell Brewing will sponsor the Orlen Fair again and thanks the band for playing.")
PROGRAMME = hit("prog#0", "Orlen Fair, the first weekend: headliners Tin Lanterns; sponsored by Corvell Brewing.")


def test_rest_of_question_leaves_out_the_anchor():
    rest = rest_of_question(QUESTION, ["Orlen Fair"])
    assert "orlen" not in rest and "fair" not in rest
    assert {"studio", "record", "debut", "album"} <= set(rest)


def test_support_is_the_share_of_the_rest_a_chunk_naming_the_candidate_states():
    rest = ["studio", "record", "debut", "album"]
    assert support("Tin Lanterns", rest, [SLEEVE], skip=set()) == 0.75  # studio, recorded, album
    assert support("Corvell Brewing", rest, [SLEEVE], skip=set()) == 0.0  # the sleeve does not name it


def test_support_ignores_the_chunks_the_bridge_was_read_from():
    assert support("Tin Lanterns", ["studio", "album"], [SLEEVE], skip={"sleeve#0"}) == 0.0


def test_by_follow_up_puts_the_candidate_the_corpus_joins_to_the_rest_first():
    found = [("Corvell Brewing", "prog#0"), ("Tin Lanterns", "prog#0")]
    searched: list[str] = []

    def search(text: str, k: int) -> list[SearchHit]:
        searched.append(text)
        return [SPONSOR, SLEEVE]

    out = by_follow_up(found, QUESTION, ["Orlen Fair"], skip={"prog#0"}, search=search)
    assert out == [("Tin Lanterns", "prog#0"), ("Corvell Brewing", "prog#0")]
    assert all(t.startswith(("Corvell Brewing ", "Tin Lanterns ")) and "album" in t for t in searched)


def test_by_follow_up_keeps_the_read_order_when_no_search_says_more():
    found = [("Corvell Brewing", "prog#0"), ("Tin Lanterns", "prog#0")]
    assert by_follow_up(found, QUESTION, ["Orlen Fair"], skip=set(), search=lambda t, k: []) == found


def test_a_name_most_chunks_carry_counts_less():
    assert specificity(1, 100) == 1.0
    assert specificity(50, 100) < specificity(3, 100) < 1.0
    found = [("Corvell Brewing", "prog#0"), ("Tin Lanterns", "prog#0")]
    both = hit("both#0", "Corvell Brewing and Tin Lanterns: the studio album, recorded on a debut tour.")
    common = {"Corvell Brewing": 0.1, "Tin Lanterns": 1.0}
    out = by_follow_up(found, QUESTION, ["Orlen Fair"], skip=set(), search=lambda t, k: [both],
                       spread=common.get)
    assert out[0][0] == "Tin Lanterns"
