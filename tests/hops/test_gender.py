"""A woman or a man: the question's word for a person on its way and the text's for a name (hops/gender.py)."""

from __future__ import annotations

from hopgraph.hops.chunk_view import ChunkView
from hopgraph.hops.gender import FEMALE, MALE, asked_sex, by_sex, name_sex, sexed_steps
from hopgraph.hops.grade import RuleGrader
from hopgraph.models import EvidenceRequirement, RouteDecision, SearchHit, SubQuery

BOARD = ("Kalvor Mills appointed Tom Reed and Ada Brook as joint directors in 2017. Ada Brook said she was "
         "delighted to return. Tom Reed thanked her for her patience.")


def view(text: str, title: str = "Minutes, 4 May") -> ChunkView:
    return ChunkView(SearchHit(chunk_id="c#0", doc_id="c", title=title, text=text), None)


def test_the_question_says_woman_or_man_of_a_person_on_its_way():
    assert asked_sex("Who is the mother-in-law of the woman put in charge of Kalvor Mills in 2017?") == FEMALE
    assert asked_sex("Where did the first man to chair the Brenmark rowing club go to school?") == MALE
    assert asked_sex("What does the lady Tom Reed married do for a living?") == FEMALE
    assert asked_sex("Which school did the girl who won the Kalvor bursary in 2006 go on to run?") == FEMALE
    # the answer itself, another person's clause, both, or neither: nothing to prefer
    assert asked_sex("Who was the man who founded Kalvor Mills?") == ""
    assert asked_sex("Where was the woman whose husband chaired Kalvor Mills born?") == ""
    assert asked_sex("Did the man who founded Kalvor marry the woman who ran Brenmark?") == ""
    assert asked_sex("Who chaired Kalvor Mills in 2017?") == ""
    # reached through a kin step after it: not the first step from the anchor
    assert asked_sex("Who was the mother of the woman married to Ilse Varga's son?") == ""
    assert asked_sex("Whom did the man who wed the daughter of Tom Reed succeed?") == ""


def test_the_text_says_it_by_title_kin_noun_or_a_pronoun_taking_the_name_up():
    assert name_sex(view(BOARD), "Ada Brook") == FEMALE  # "Ada Brook said she …"
    assert name_sex(view(BOARD), "Tom Reed") == ""  # "thanked her": someone else the verb is done to
    assert name_sex(view("The chair, Mrs Marlow, opened the meeting."), "Tessa Marlow") == FEMALE
    assert name_sex(view("Mr Okafor read the accounts."), "Nara Okafor") == MALE
    assert name_sex(view("Tom Reed retired and his wife, Ilse Varga, took the shop on."), "Ilse Varga") == FEMALE
    assert name_sex(view("Ilse Varga joined in 2003. She ran the bakery."), "Ilse Varga") == FEMALE
    # a pronoun after another name may be that person's
    assert name_sex(view("Ilse Varga hired Tom Reed because he knew the trade."), "Ilse Varga") == ""
    assert name_sex(view("Kalvor Mills opened in 1990."), "Kalvor Mills") == ""


def test_only_people_have_a_sex_when_the_graph_types_names():
    from hopgraph.graph.build import KnowledgeGraph
    from hopgraph.models import Entity

    text = "The Brenmark Star was launched in 2014. She was named by Ada Brook."
    people = {0: Entity(entity_id=0, name="Brenmark Star", type="PRODUCT", doc_freq=1),
              1: Entity(entity_id=1, name="Ada Brook", type="PERSON", doc_freq=1)}
    kg = KnowledgeGraph.from_parts(people, [], [(0, "s#0"), (1, "s#0")], [], {"s#0": "Notice"})
    typed = ChunkView(SearchHit(chunk_id="s#0", doc_id="s", title="Notice", text=text), kg)
    assert name_sex(view(text), "The Brenmark Star") == FEMALE  # untyped, the pronoun is all there is
    assert name_sex(typed, "Brenmark Star") == ""  # a ship is "she" too


def test_names_of_the_asked_sex_come_first_and_none_is_dropped():
    views = [view(BOARD), view("Mr Reed left in 2019.")]
    assert by_sex(["Tom Reed", "Ada Brook", "Kalvor Mills"], FEMALE, views) == ["Ada Brook", "Kalvor Mills", "Tom Reed"]
    assert by_sex(["Tom Reed", "Ada Brook"], MALE, views) == ["Tom Reed", "Ada Brook"]
    assert by_sex(["Tom Reed", "Ada Brook"], "", views) == ["Tom Reed", "Ada Brook"]


def chain(*steps: tuple[str, str, str | None]) -> RouteDecision:
    reqs = [EvidenceRequirement(id=i, description="", entities=[e], relation=rel, depends_on=dep) for i, rel, dep, e in
            [(i, rel, dep, "Kalvor Mills" if dep is None else "{" + dep + "}") for i, rel, dep in steps]]
    return RouteDecision(route="multi_hop", shape="bridge", first_query="", reason="", requirements=reqs,
                         plan=[SubQuery(text=f"{r.relation} {r.entities[0]}", requirement_id=r.id,
                                        depends_on=r.depends_on) for r in reqs])


def test_the_sexed_step_is_the_first_from_the_anchor_and_the_generic_bridge():
    route = chain(("R1", "leader", None), ("R2", "spouse", "R1"), ("R3", "mother", "R2"),
                  ("G1", "open_bridge", None), ("G2", "mother-in-law", "G1"))
    assert sexed_steps(route) == {"R1", "G1"}
    assert sexed_steps(chain(("R1", "leader", None))) == set()  # nothing leads on from it


def test_the_grader_takes_the_man_first_when_the_question_asks_for_one():
    route = chain(("R1", "director", None), ("R2", "spouse", "R1"))
    text = BOARD + " Mr Reed had run the dye works before."
    hits = [SearchHit(chunk_id="m#0", doc_id="m", title="Minutes, 4 May", text=text)]
    plain = RuleGrader(None).grade("Whom did the director of Kalvor Mills marry?", route, hits, hop=1)
    asked = RuleGrader(None).grade("Whom did the man made director of Kalvor Mills in 2017 marry?", route, hits,
                                   hop=1)
    assert plain.assessments[0].bridge_entities[:2] == ["Ada Brook", "Tom Reed"]
    assert asked.assessments[0].bridge_entities[:2] == ["Tom Reed", "Ada Brook"]
