"""Ranking an unsure reading's chunks by what every run saw of them (pure functions, invented world)."""

from __future__ import annotations

from hopgraph.hops.candidate_scores import FEATURES, WEIGHTS, candidate_features, ranked_candidates
from hopgraph.models import HopTrace, SearchHit

QUESTION = "Where was the architect of the Brenmark library born?"
TEXTS = {
    "lib": "The Brenmark library opened in 1998. It was designed by the architect Ada Brook.",
    "lib2": "The Brenmark library holds a large map collection and a reading room for the town.",
    "ada": "Ada Brook was born in Tamsel and trained in Kalvor before she opened her own practice.",
    "tom": "Tom Reed was born in Kalvor. He restored a mill near the river.",
    "fair": "Every library in the region joins the Kalvor book fair in May.",
}


def run(ids: list[str], hop: int = 1, query: str = QUESTION, correction: bool = False,
        requirement: str | None = None) -> HopTrace:
    return HopTrace(hop=hop, query=query, is_correction=correction, requirement_id=requirement,
                    hits=[SearchHit(chunk_id=c, doc_id=c, text=TEXTS[c]) for c in ids])


def features(traces: list[HopTrace], asked: list[str], bound=(), trusted=()) -> dict[str, dict[str, float]]:
    out = candidate_features(traces, list(bound), list(trusted), asked, QUESTION)
    return {c: dict(zip(FEATURES, fs)) for c, fs in out.items()}


def test_one_weight_for_every_feature():
    assert len(WEIGHTS) == len(FEATURES)


def test_rank_in_the_questions_own_search_and_in_follow_ups():
    traces = [run(["lib", "lib2", "tom"]), run(["ada", "tom"], hop=2, query="Ada Brook born"),
              run(["fair"], hop=2, query="library born", correction=True)]
    f = features(traces, ["lib", "lib2", "tom"])
    assert f["lib"]["asked"] == 1.0 and f["tom"]["asked"] == 1 / 3 and f["ada"]["asked"] == 0.0
    assert f["ada"]["follow_up"] == 1.0 and f["tom"]["follow_up"] == 0.5
    assert f["fair"]["follow_up"] == 0.0  # a corrector's rewrite is a guess, no follow-up
    assert f["tom"]["agreement"] == 2 / 3 and f["fair"]["agreement"] == 1 / 3


def test_follow_ups_of_the_chain_and_of_the_generic_bridge_search_count_apart():
    traces = [run(["lib"]), run(["ada", "tom"], hop=2, query="Ada Brook born", requirement="R2"),
              run(["tom", "fair"], hop=2, query="Tom Reed architect born", requirement="G2")]
    f = features(traces, ["lib"])
    assert f["ada"]["follow_up"] == 1.0 and f["ada"]["follow_up_generic"] == 0.0
    assert f["tom"]["follow_up"] == 0.5 and f["tom"]["follow_up_generic"] == 1.0
    assert f["fair"]["follow_up"] == 0.0 and f["fair"]["follow_up_generic"] == 0.5


def test_the_share_of_a_follow_up_querys_words_a_chunk_holds():
    traces = [run(["lib"]), run(["ada", "tom"], hop=2, query="Ada Brook born", requirement="R2"),
              run(["fair"], hop=2, query="Kalvor book fair", requirement="G2")]
    f = features(traces, ["lib"])
    assert f["ada"]["query_match"] == 1.0  # "ada", "brook", "born"
    assert f["tom"]["query_match"] == 1 / 3  # "born" only
    assert f["fair"]["query_match_generic"] == 1.0 and f["lib"]["query_match_generic"] == 0.0


def test_a_year_the_question_names_and_the_chunk_names_too():
    texts = {"a": "The Kalvor mill was sold in 2014.", "b": "The Kalvor mill was sold in 2015.",
             "c": "The mill was sold to Tom Reed."}
    traces = [HopTrace(hop=1, query="Q?", hits=[SearchHit(chunk_id=c, doc_id=c, text=t) for c, t in texts.items()])]
    year = FEATURES.index("same_year")
    f = candidate_features(traces, [], [], list(texts), "Who bought the Kalvor mill in 2014?")
    assert [f[c][year] for c in "abc"] == [1.0, 0.0, 0.0]
    assert candidate_features(traces, [], [], list(texts), "Who bought the Kalvor mill?")["a"][year] == 0.0


def test_novelty_counts_the_question_words_the_top_hit_lacks():
    f = features([run(["lib", "lib2", "ada", "tom"])], ["lib", "lib2", "ada", "tom"])
    assert f["lib"]["coverage"] > f["lib2"]["coverage"]  # "architect" and "library" against "library"
    assert f["lib2"]["novelty"] == 0.0  # every question word it holds, the top hit holds too
    assert f["ada"]["novelty"] > 0.0  # "born"
    assert f["ada"]["coverage_x_novelty"] == f["ada"]["coverage"] * f["ada"]["novelty"]


def test_a_name_the_top_hit_gives_and_the_question_does_not_links_a_chunk_to_it():
    f = features([run(["lib", "ada", "tom", "fair"])], ["lib", "ada", "tom", "fair"])
    assert f["ada"]["link_top"] > 0.0  # Ada Brook, named by the top hit
    assert f["tom"]["link_top"] == 0.0 and f["lib"]["link_top"] == 0.0  # no shared name; the top hit itself
    lib2 = features([run(["lib", "lib2"])], ["lib", "lib2"])["lib2"]
    assert lib2["link_top"] == 0.0  # "The Brenmark" opening both names Brenmark, which the question names
    assert f["fair"]["link_next"] > 0.0  # Kalvor, named by the question's second and third hits
    assert f["tom"]["link_next"] == 0.0  # among those hits itself


def test_a_rare_name_links_more_than_one_most_chunks_hold():
    texts = {"t": "Kalvor and Ada Brook.", "a": "Ada Brook spoke.", "b": "Kalvor won.", "c": "Kalvor lost.",
             "d": "Kalvor drew."}
    traces = [HopTrace(hop=1, query="Q?", hits=[SearchHit(chunk_id=c, doc_id=c, text=t) for c, t in texts.items()])]
    f = candidate_features(traces, [], [], list(texts), "Who spoke first?")
    link = FEATURES.index("link_top")
    assert f["a"][link] > f["b"][link] > 0.0


def test_a_lone_function_word_opening_a_sentence_is_no_name():
    texts = {"t": "The show ended.", "a": "The crowd left."}
    traces = [HopTrace(hop=1, query="Q?", hits=[SearchHit(chunk_id=c, doc_id=c, text=t) for c, t in texts.items()])]
    assert candidate_features(traces, [], [], ["t", "a"], "Q?")["a"][FEATURES.index("link_top")] == 0.0


def test_bound_and_trusted_chunks():
    f = features([run(["lib", "ada", "tom"])], ["lib", "ada", "tom"],
                 bound=[("R1", "lib"), ("R2", "ada"), ("G2", "tom")], trusted=["R2"])
    assert f["lib"]["bound"] == 1.0 and f["lib"]["in_chain"] == 0.0 and f["lib"]["bound_chain"] == 1.0
    assert f["ada"]["bound"] == 1.0 and f["ada"]["in_chain"] == 1.0
    assert f["tom"]["bound"] == 1.0 and f["tom"]["bound_chain"] == 0.0  # bound by the generic bridge search


def test_ranked_by_the_weighted_sum_ties_in_first_seen_order():
    traces = [run(["lib", "lib2"]), run(["ada", "tom"], hop=2, query="Ada Brook born")]
    only_follow_ups = tuple(1.0 if name == "follow_up" else 0.0 for name in FEATURES)
    ranked = ranked_candidates(traces, [], [], ["lib", "lib2"], QUESTION, only_follow_ups)
    assert ranked == ["ada", "tom", "lib", "lib2"]
    # with the fitted weights, the chunk that completes the chain passes the top hit's near twin
    ranked = ranked_candidates(traces, [], [], ["lib", "lib2"], QUESTION)
    assert ranked.index("ada") < ranked.index("lib2")
