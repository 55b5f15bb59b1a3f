"""One chunk as the grader sees it: sentences, whose page it is, which names it mentions (hops/chunk_view.py)."""

from __future__ import annotations

from hopgraph.hops.chunk_view import ChunkView, sentences
from hopgraph.models import SearchHit


def view(title: str, text: str) -> ChunkView:
    return ChunkView(SearchHit(chunk_id="c#0", doc_id="c", title=title, text=text), None)


def test_sentences_keep_initials_together():
    parts = [s for _, s in sentences("It was directed by Hollis R. Banning. He was born in 1899. Dr. Who aired.")]
    assert parts[0] == "It was directed by Hollis R. Banning."
    assert len(parts) == 3
    titled = sentences("She took over after Prof. Arno Velt retired. Mrs. Lind stayed.")
    assert [s for _, s in titled] == ["She took over after Prof. Arno Velt retired.", "Mrs. Lind stayed."]


def test_mention_by_title_and_by_text_ignoring_case_and_disambiguator():
    v = view("Harrow Lane (1962 film)", "Harrow Lane is a 1962 American thriller film directed by J. Arden Pike.")
    assert v.is_home("Harrow Lane (1962 Film)")
    assert v.mentions("harrow lane") and not v.mentions("Harrow Street")


def test_an_untitled_chunk_is_the_page_of_the_entity_it_opens_with():
    from hopgraph.graph.build import KnowledgeGraph
    from hopgraph.models import Entity

    ents = {0: Entity(entity_id=0, name="Ann Smith", type="PERSON", aliases=["Ann Smith"]),
            1: Entity(entity_id=1, name="Lorn", type="GPE", aliases=["Lorn"])}
    kg = KnowledgeGraph.from_parts(ents, [], [(0, "a#0"), (1, "a#0")], [], {"a#0": ""})
    kg.home_chunks[0] = {"a#0"}  # what the store's lead mentions add: the chunk opens with Ann Smith
    v = ChunkView(SearchHit(chunk_id="a#0", doc_id="a", title="", text="Ann Smith is a painter. She lived in Lorn."), kg)
    assert v.is_home("Ann Smith") and not v.is_home("Lorn")
    titled = ChunkView(SearchHit(chunk_id="a#0", doc_id="a", title="Painters", text=v.hit.text), kg)
    assert not titled.is_home("Ann Smith")  # a titled chunk is the page of its title only


def test_a_view_answers_each_name_once_and_alike_every_time():
    v = view("Harrow Lane (1962 film)", "Harrow Lane is a 1962 thriller by J. Arden Pike, shot in Lorn.")
    first = [(v.is_home(n), v.mentions(n)) for n in ("Harrow Lane", "J. Arden Pike", "Lorn", "Tamsel")]
    assert first == [(True, True), (False, True), (False, True), (False, False)]
    assert [(v.is_home(n), v.mentions(n)) for n in ("Harrow Lane", "J. Arden Pike", "Lorn", "Tamsel")] == first
    assert set(v._home) == {"Harrow Lane", "J. Arden Pike", "Lorn", "Tamsel"}  # kept per view
    ids = v.ids_of("Lorn")
    ids.add(7)  # callers may change what they get
    assert v.ids_of("Lorn") == set()


def test_a_page_gives_its_subject_its_own_names_in_its_opening():
    v = view("Lena Varn", "Pirani Lena Varn (born Lena Ray Oster; 8 May 1892 - 1 May 1949) was the wife of Hollis Dane.")
    assert v.own_names() == {"pirani lena varn", "lena ray oster"}
    nee = view("Ida Pellow", "Ida Pellow (née Marsh) is a painter. She married Tom Quill.")
    assert nee.own_names() == {"ida pellow", "marsh"}
    assert view("", "Ida Pellow is a painter.").own_names() == set()  # untitled: no page of a subject


def test_a_body_is_no_answer_for_one_persons_relation_but_may_found_or_perform():
    from hopgraph.graph.build import KnowledgeGraph
    from hopgraph.models import Entity
    from hopgraph.router.vocab import RELATIONS

    entities = {0: Entity(entity_id=0, name="Kestwick Hospital", type="ORG", doc_freq=1),
                1: Entity(entity_id=1, name="Ada Brook", type="PERSON", doc_freq=1)}
    kg = KnowledgeGraph.from_parts(entities, [], [(0, "c#0"), (1, "c#0")], [], {"c#0": "Notes"})
    text = "Ada Brook left Kestwick Hospital in 2019."
    v = ChunkView(SearchHit(chunk_id="c#0", doc_id="c", title="Notes", text=text), kg)
    for one_person in ("successor", "spouse", "father"):
        assert v.answer_fit("Kestwick Hospital", RELATIONS[one_person]) == -1, one_person
        assert v.answer_fit("Ada Brook", RELATIONS[one_person]) == 1, one_person
    assert v.answer_fit("Kestwick Hospital", RELATIONS["founder"]) >= 0  # (a body can found another)


def test_a_clubs_or_companys_page_is_the_page_of_its_name_without_the_designator():
    club = view("Tessel Rovers F.C.", "Rovers won the county cup in 1931 and 1958.")
    assert club.is_home("Tessel Rovers") and club.is_home("Tessel Rovers F.C.")
    assert not club.is_home("Tessel")
    diary = view("Business diary", "Orrin Mills has named a new chief executive.")
    assert diary.mentions("Orrin Mills plc") and not diary.is_home("Orrin Mills plc")


def test_a_chunk_opening_with_a_courtesy_title_before_the_name_is_headed_by_that_person():
    from hopgraph.graph.build import KnowledgeGraph
    from hopgraph.models import Entity

    entities = {0: Entity(entity_id=0, name="Ada Brook", type="PERSON", doc_freq=1)}
    kg = KnowledgeGraph.from_parts(entities, [], [(0, "o#0")], [], {"o#0": "Obituary, 2021"})
    text = "Dr Ada Brook, who has died aged 74, taught botany. In 1981 she married Tom Reed."
    v = ChunkView(SearchHit(chunk_id="o#0", doc_id="o", title="Obituary, 2021", text=text), kg)
    assert v.headed_by("Ada Brook")
    other = ChunkView(SearchHit(chunk_id="o#0", doc_id="o", title="Obituary, 2021",
                                text="Dr Tom Reed spoke of Ada Brook at the service."), kg)
    assert not other.headed_by("Ada Brook")


def test_a_name_in_an_email_address_is_no_lower_case_word_of_the_chunk():
    v = view("Job advert", "Kalvor Ltd is hiring. Write to jobs@kalvor.example by May.")
    assert "kalvor" not in v.lower_words and "hiring" in v.lower_words
