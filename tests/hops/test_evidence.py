"""Chunk-level support checks and bridge reading without a graph (hops/evidence.py)."""

from __future__ import annotations

from hopgraph.hops.chunk_view import ChunkView
from hopgraph.hops.evidence import check
from hopgraph.hops.following import refers_back
from hopgraph.models import SearchHit
from hopgraph.router.spans import capitalised_spans


def view(title: str, text: str) -> ChunkView:
    return ChunkView(SearchHit(chunk_id="c#0", doc_id="c", title=title, text=text), None)


def test_relation_must_share_a_sentence_with_the_entity_off_its_own_page():
    v = view("Notes", "Ann Smith lived in Lorn. Bob Jones was born in Tamsel.")
    assert check(v, "Ann Smith", "born_place") is None
    s = check(v, "Bob Jones", "born_place")
    assert s is not None and s.bridges[0] == "Tamsel"


def test_date_answers_read_dates_and_skip_non_dates():
    v = view("Ann Smith", "Ann Smith (12 March 1901 – 4 May 1980) was a painter.")
    assert check(v, "Ann Smith", "born_date").bridges[0] == "12 March 1901"
    assert check(v, "Ann Smith", "died_date").bridges[0] == "4 May 1980"
    assert check(v, "Ann Smith", "born_place") is None  # no place is stated


def test_free_relation_words_as_cues():
    v = view("Hearthstone kettle", "The Hearthstone kettle is made by Pelican Works in Lorn.")
    s = check(v, "Hearthstone kettle", "makes")
    assert s is not None and s.bridges[0] == "Pelican Works"


def test_an_untitled_chunk_opening_with_a_fuller_form_of_the_name_is_its_page():
    from hopgraph.graph.build import KnowledgeGraph
    from hopgraph.hops.names import same_person_name
    from hopgraph.models import Entity

    assert same_person_name("Benny Quarrie", "Benedict Roy Quarrie") and same_person_name("T. Edmund Varrow", "Tobias Edmund Varrow")
    assert not same_person_name("Benny Quarrie", "Ted Quarrie") and not same_person_name("Quarrie", "Benedict Quarrie")
    ents = {0: Entity(entity_id=0, name="Benedict Roy Quarrie", type="PERSON")}
    kg = KnowledgeGraph.from_parts(ents, [], [(0, "s#0")], [], {"s#0": ""})
    kg.home_chunks[0] = {"s#0"}
    v = ChunkView(SearchHit(chunk_id="s#0", doc_id="s", title="", text="Benedict Roy Quarrie (born March 2, 1951) is a singer."), kg)
    assert v.is_home("Benny Quarrie") and v.is_home("Benedict Roy Quarrie")
    s = check(v, "Benny Quarrie", "born_date")
    assert s is not None and s.bridges[0] == "March 2, 1951"
    plain = ChunkView(SearchHit(chunk_id="e#0", doc_id="e", title="", text="Osric W. Fennimore (1921 - 1988) was a politician."), None)
    assert plain.is_home("Osric W. Fennimore") and not plain.is_home("Fennimore")


def test_a_topic_fact_is_stated_on_the_page_titled_by_the_entity_and_the_topic():
    v = view("Vessary astronomical clock", "The oldest part of the dial dates back to 1410. It was decorated later.")
    assert check(v, "Vessary", "release_date") is None  # Vessary itself is not named
    s = check(v, "Vessary", "release_date", ["astronomical", "clock"])
    assert s is not None and s.bridges[0] == "1410"
    assert check(v, "Vessary", "release_date", ["tower"]) is None


def test_a_parents_sentence_supports_a_sibling():
    text = "Hal Tolley was a journalist and the father of musicians Wren Tolley and Lotte Tolley."
    s = check(view("Hal Tolley", text), "Wren Tolley", "sibling")
    assert s is not None and s.bridges[0] == "Lotte Tolley"


def test_an_agent_noun_relation_is_stated_by_its_verb_and_answered_by_its_doer():
    v = view("Sculptor takes prize", "Tova Lind, a sculptor from Harwick, has won the 2015 Vellmark Prize. "
                                    "Past winners include several pianists.")
    s = check(v, "Vellmark Prize", "winner")
    assert s is not None and s.bridges[0] == "Tova Lind"
    assert check(view("Notes", "The Vellmark Prize is awarded each spring."), "Vellmark Prize", "winner") is None


def test_wrongly_typed_names_are_dropped_before_the_three_best_are_taken():
    from hopgraph.graph.build import KnowledgeGraph
    from hopgraph.models import Entity

    text = ("Bram Hollis was a banker. He was married at Lorn, Veltmark, in the old chapel on February 23, 1898, "
            "to Orla Penn, a noted actress.")
    names = [("Bram Hollis", "PERSON"), ("Lorn", "GPE"), ("Veltmark", "GPE"), ("Orla Penn", "PERSON")]
    ents = {i: Entity(entity_id=i, name=n, type=t) for i, (n, t) in enumerate(names)}
    graph = KnowledgeGraph.from_parts(ents, [], [(i, "c#0") for i in ents], [], {"c#0": "Bram Hollis"})
    v = ChunkView(SearchHit(chunk_id="c#0", doc_id="c", title="Bram Hollis", text=text), graph)
    s = check(v, "Bram Hollis", "spouse")
    assert s is not None and s.bridges[0] == "Orla Penn"  # the places and the day ("February 23") are no spouse


def test_a_relation_read_from_a_clause_about_a_person_is_answered_by_the_verbs_doer():
    v = view("Glass Hours", "Glass Hours is a 2004 drama set in Lorn, in which Tessa Marlow starred alongside Jon Pike.")
    s = check(v, "Glass Hours", "actress starred")
    assert s is not None and s.bridges[0] == "Tessa Marlow"


def test_the_sentences_after_a_naming_one_go_on_about_the_entity_in_its_paragraph():
    text = ("Tamsel Works report\nORBIT-3, our phase II trial, enrolled 90 patients. The lead site is Lorn Hospital, "
            "where the principal investigator is Dr Ilse Varn.\nThe principal investigator of ORBIT-4 is Bob Jones.")
    s = check(view("Tamsel Works report", text), "ORBIT-3", "principal investigator")
    assert s is not None and "Ilse Varn" in s.bridges and "Bob Jones" not in s.bridges
    # a paragraph break, or a sentence opening with someone else's name, ends what is about the entity
    assert check(view("Notes", "ORBIT-3 enrolled 90 patients.\nIts principal investigator is Ada Brandt."),
                 "ORBIT-3", "principal investigator") is None
    assert check(view("Notes", "Ann Smith lived in Lorn. Bob Jones was born in Tamsel."), "Ann Smith", "born_place") is None


def test_a_news_paragraph_that_points_back_at_the_last_ones_subject_goes_on_about_it():
    text = ("Mara Quist won the Rell Cycling Tour on Sunday.\nThe 24-year-old, who was born in Dunmere, attacked "
            "on the last climb.")
    s = check(view("Quist takes the Tour", text), "Mara Quist", "born_place")
    assert s is not None and s.bridges[:1] == ["Dunmere"]
    assert refers_back("She was born in Dunmere.") and refers_back("The 24-year-old, who was born in Dunmere")
    # a description that names someone else, or a new paragraph about something else, does not point back
    assert not refers_back("The previous leader, the Lorn rider Ada Brandt, was born in Tamsel.")
    assert not refers_back("Tamsel hosts a cattle market every October.")
    assert check(view("Quist takes the Tour", "Mara Quist won the Rell Cycling Tour on Sunday.\n"
                      "The previous leader, the Lorn rider Ada Brandt, was born in Tamsel."),
                 "Mara Quist", "born_place") is None


def test_a_person_named_in_full_is_then_followed_by_the_surname_alone():
    from hopgraph.graph.build import KnowledgeGraph
    from hopgraph.models import Entity

    text = ("Podcast transcript. Guest: Ilse Varn, chief executive of Tamsel Works. HOST: Where did you grow up? "
            "VARN: By the sea. I studied chemistry at Lorn Polytechnic before moving inland.")
    names = [("Ilse Varn", "PERSON"), ("Tamsel Works", "ORG"), ("Lorn Polytechnic", "ORG")]
    ents = {i: Entity(entity_id=i, name=n, type=t) for i, (n, t) in enumerate(names)}
    graph = KnowledgeGraph.from_parts(ents, [], [(i, "c#0") for i in ents], [], {})
    s = check(ChunkView(SearchHit(chunk_id="c#0", doc_id="c", title="Episode 4", text=text), graph), "Ilse Varn",
              "education")
    assert s is not None and s.bridges[0] == "Lorn Polytechnic"
    # without the graph's word that the name is a person's, a surname alone is no mention
    assert check(ChunkView(SearchHit(chunk_id="c#0", doc_id="c", title="Episode 4", text=text), None), "Ilse Varn",
                 "education") is None


def test_a_flattened_email_header_is_read_as_its_lines():
    text = "From: Ada Brook To: Kalvor Mills Date: 2 May 2023 Subject: Welcome Dear all, Cy Dunn joins us today."
    view = ChunkView(SearchHit(chunk_id="m#0", doc_id="m", title="Email: welcome", text=text), None)
    names = [sp.text for _, s in view.sents for sp in capitalised_spans(s)]
    assert "Cy Dunn" in names and not any(n.count(":") > 1 for n in names)  # no name runs across two fields
    assert all(text[o:o + len(s)] == s.replace("\n", " ") for o, s in view.sents)  # offsets into the stored text


def test_a_companys_owner_is_read_from_the_ways_english_says_it():
    for text in ("Tolvane Foods is a subsidiary of Merrow Group, which bought it in 2019.",
                 "Tolvane Foods was sold to Merrow Group in 2019.",
                 "Tolvane Foods, part of the Merrow Group, makes soup. Its chief executive is Ada Brook."):
        s = check(view("News", text), "Tolvane Foods", "parent_org")
        assert s is not None and s.bridges[0] == "Merrow Group", text
    assert check(view("News", "Tolvane Foods makes soup in Ardle. It employs 40 people."), "Tolvane Foods", "parent_org") is None


def test_a_question_in_a_document_states_nothing():
    faq = view("FAQ", "Questions Who owns Tolvane Foods? Since 2019 we have been part of Merrow Group plc.")
    s = check(faq, "Tolvane Foods", "parent_org")
    assert s is None or "Questions Who" not in s.bridges
    asked_only = view("FAQ", "Who owns Tolvane Foods? Write to us.")
    assert check(asked_only, "Tolvane Foods", "parent_org") is None


def test_a_parents_title_that_says_the_other_sex_is_no_answer():
    v = view("Ada Vell", "Ada Vell (1899–1977) was born to Infanta Lise of Arden and Archduke Tomas Vell.")
    father = check(v, "Ada Vell", "father")
    assert father is None or "Infanta Lise of Arden" not in father.bridges  # named first, but a woman
    mother = check(v, "Ada Vell", "mother")
    assert mother is not None and mother.bridges and "Archduke Tomas Vell" not in mother.bridges


def test_a_wedding_to_someone_states_the_spouse():
    v = view("Wedding gown of Ada Brook", "The gown was worn by Ada Brook at her wedding to Oskar Varn in 1947 in Lorn.")
    s = check(v, "Ada Brook", "spouse")
    assert s is not None and "Oskar Varn" in s.bridges
    assert check(view("Lorn Abbey", "Ada Brook sang at the abbey on a Wednesday in 1947."), "Ada Brook", "spouse") is None


def test_the_subjects_own_names_on_its_page_are_no_answer():
    text = "Pirani Lena Varn (born Lena Ray Oster; 8 May 1892 - 1 May 1949) was the wife of Hollis Dane."
    s = check(view("Lena Varn", text), "Lena Varn", "spouse")
    assert s is not None and s.bridges == ["Hollis Dane"]
    born = check(view("Lena Varn", text), "Lena Varn", "born_date")
    assert born is not None and born.bridges[0] == "8 May 1892"



def two_people(sentence: str, predicate: str) -> ChunkView:
    """A chunk of one sentence whose graph holds one edge, Ada Brook -> Cy Dunn."""
    from hopgraph.graph.build import KnowledgeGraph
    from hopgraph.models import Entity, Relation

    entities = {0: Entity(entity_id=0, name="Ada Brook", type="PERSON", doc_freq=1),
                1: Entity(entity_id=1, name="Cy Dunn", type="PERSON", doc_freq=1)}
    edge = Relation(source_id=0, predicate=predicate, target_id=1, chunk_id="c#0", sentence=sentence)
    kg = KnowledgeGraph.from_parts(entities, [edge], [(0, "c#0"), (1, "c#0")], [], {"c#0": "Minutes"})
    return ChunkView(SearchHit(chunk_id="c#0", doc_id="c", title="Minutes", text=sentence), kg)


def test_a_succession_edge_read_the_wrong_way_gives_no_bridge():
    v = two_people("Ada Brook took over the chair from Cy Dunn, who retired.", "take over chair from")
    assert check(v, "Cy Dunn", "successor").bridges[0] == "Ada Brook"
    assert check(v, "Ada Brook", "predecessor").bridges[0] == "Cy Dunn"
    wrong = check(v, "Ada Brook", "successor")  # the sentence names who came before her, not after
    assert wrong is None or "Cy Dunn" not in wrong.bridges


def test_a_symmetric_relation_has_no_wrong_way():
    v = two_people("Ada Brook married Cy Dunn in Lorn.", "marry")
    assert "Cy Dunn" in check(v, "Ada Brook", "spouse").bridges
    assert "Ada Brook" in check(v, "Cy Dunn", "spouse").bridges


def test_a_report_under_a_heading_that_opens_with_the_entity_goes_on_about_it():
    from hopgraph.graph.build import KnowledgeGraph
    from hopgraph.models import Entity

    text = "KCAA flew 701 missions in 2019. Dr Ada Brook, who became medical director in April 2018, joined from Lorn."
    entities = {0: Entity(entity_id=0, name="Kestwick Coast Air Ambulance", type="ORG", doc_freq=1,
                          aliases=["KCAA", "Kestwick Coast Air Ambulance"]),
                1: Entity(entity_id=1, name="Ada Brook", type="PERSON", doc_freq=1)}
    kg = KnowledgeGraph.from_parts(entities, [], [(0, "c#0"), (1, "c#0")], [("kcaa", 0)], {"c#0": "Charity report 2019"})
    kg.chunk_topics["c#0"] = {0}
    report = ChunkView(SearchHit(chunk_id="c#0", doc_id="c", title="Charity report 2019", text=text), kg)
    s = check(report, "Kestwick Coast Air Ambulance", "medical director")
    assert s is not None and s.bridges[0] == "Ada Brook"
    titled = ChunkView(SearchHit(chunk_id="c#0", doc_id="c", title="Ada Brook", text=text), kg)  # a name as title
    assert check(titled, "Kestwick Coast Air Ambulance", "medical director") is None


def test_the_company_a_founder_founded_is_the_body_the_sentence_before_is_about():
    from hopgraph.graph.build import KnowledgeGraph
    from hopgraph.models import Entity

    text = ("Quarrow Batteries launches today with a loan from the Marrick Growth Fund. The company was founded by "
            "Dr Ilse Varga, until last year a fellow at the University of Tessel.")
    names = ["Quarrow Batteries", "Marrick Growth Fund", "University of Tessel"]
    ents = {i: Entity(entity_id=i, name=n, type="ORG") for i, n in enumerate(names)}
    ents[3] = Entity(entity_id=3, name="Ilse Varga", type="PERSON")
    kg = KnowledgeGraph.from_parts(ents, [], [(i, "p#0") for i in ents], [], {"p#0": ""})
    v = ChunkView(SearchHit(chunk_id="p#0", doc_id="p", title="Press release", text=text), kg)
    s = check(v, "Ilse Varga", "founded")
    assert s is not None and s.bridges[0] == "Quarrow Batteries"
    # another relation reads the sentence as it stands: where she worked is no body named before it
    employer = check(v, "Ilse Varga", "employer")
    assert employer is None or "Quarrow Batteries" not in employer.bridges



def test_the_person_a_page_is_about_is_the_child_its_pronoun_names():
    from hopgraph.graph.build import KnowledgeGraph
    from hopgraph.models import Entity

    ents = {0: Entity(entity_id=0, name="Ida Vell", type="PERSON"), 1: Entity(entity_id=1, name="Orin Vell", type="PERSON"),
            2: Entity(entity_id=2, name="Tamsel", type="GPE")}
    kg = KnowledgeGraph.from_parts(ents, [], [(0, "c#0"), (1, "c#0"), (2, "c#0")], [], {"c#0": "Ida Vell"})
    text = "Ida Vell is a ship owner. She was born in Tamsel, the only child of Orin Vell and his wife Agna."
    s = check(ChunkView(SearchHit(chunk_id="c#0", doc_id="c", title="Ida Vell", text=text), kg), "Orin Vell", "child")
    assert s is not None and s.bridges[0] == "Ida Vell"


def test_a_leader_is_read_from_the_next_sentence_when_the_naming_one_names_none():
    text = ("Marrow Cloud runs managed databases for nine thousand customers. The company was founded in 2011 by "
            "Ada Lisle, who still leads it as chief executive. It employs 700 people.")
    s = check(view("Careers: storage engineer", text), "Marrow Cloud", "leader")
    assert s is not None and s.bridges == ["Ada Lisle"] and s.sentence.startswith("The company was founded")
    # a new paragraph opening with another name is about someone else
    other = "Marrow Cloud runs managed databases.\nBo Tarn, who leads the Vell Trust, said it was a fine day."
    s = check(view("News", other), "Marrow Cloud", "leader")
    assert s is None or "Bo Tarn" not in s.bridges


def test_a_capitalised_word_the_chunk_also_writes_in_lower_case_is_no_answer():
    text = "Changes at Marrow Cloud, which is led by Ada Lisle. The changes start soon."
    s = check(view("Bulletin", text), "Marrow Cloud", "leader")
    assert s is not None and s.bridges == ["Ada Lisle"]
    # a word opening a sentence that names nothing is no name either ("But", "As")
    s = check(view("Bulletin", "As chair of Marrow Cloud, Bo Tarn spoke."), "Marrow Cloud", "leader")
    assert s is not None and "As" not in s.bridges


def test_a_report_dated_by_its_title_dates_what_it_says_happened_on_saturday():
    s = check(view("Local news, October 2014", "The Lorn hall was opened on Saturday by the mayor, Ada Brook."),
              "Lorn", "release_date")
    assert s is not None and s.bridges == ["October 2014"]
    assert check(view("Lorn", "The Lorn hall was opened on Saturday by the mayor."), "Lorn", "release_date") is None


def test_a_report_dated_by_its_title_dates_a_firm_someone_has_set_up():
    text = "Ten years after selling his bakery, Tom Reed is baking again. He has set up Lorn Loaves in a barn."
    s = check(view("Local news, April 2011", text), "Lorn Loaves", "release_date")
    assert s is not None and s.bridges == ["April 2011"]


def test_a_new_thing_the_entity_opened_or_a_purpose_built_one_dates_no_beginning_of_the_entity():
    text = "Kessel Ales opened its new bottling hall on Saturday beside the canal at Lorn. About 900 came."
    assert check(view("Local news, September 2019", text), "Kessel Ales", "release_date") is None
    text = "Lorn Dance School moves next spring into a purpose-built studio on Mill Row."
    assert check(view("Local news, 2017", text), "Lorn Dance School", "release_date") is None
    s = check(view("Local news, 2011", "Lorn Dance School was founded in 2006 by Ada Brook."), "Lorn Dance School",
              "release_date")
    assert s is not None and s.bridges == ["2006"]


def test_a_sentence_naming_the_entity_as_someones_parent_states_no_parent_of_its_own():
    v = view("Notes", "Lorn Brook was the son of King Ada Varn and his wife, Queen Ilse Kalvor.")
    assert check(v, "Ilse Kalvor", "father") is None
    assert check(v, "Lorn Brook", "father").bridges == ["King Ada Varn"]
    # the sentence after one naming her goes on about someone else: no father of hers is named
    v = view("Notes", "Ilse Kalvor married Ada Varn in 1840. As a son of the king, Lorn was made a duke.")
    assert check(v, "Ilse Kalvor", "father") is None
    own_page = view("Ilse Kalvor", "Ilse Kalvor was the daughter of a ferryman.")
    assert check(own_page, "Ilse Kalvor", "father") is not None  # her own page may say it without a name


def test_a_later_sentence_calling_an_organisation_by_its_class_noun_is_about_it():
    from hopgraph.hops.chunk_view import sentences
    from hopgraph.hops.following import by_class_noun

    text = ("The Lorn Garden Trust will run the garden from April. The park began in 1846. Tom Reed chairs the board. "
            "Ada Brook becomes the trust's first director. The Kessel Trust gave a grant.")
    sents = sentences(text)
    naming = [(o, s) for o, s in sents if "Lorn Garden Trust" in s]
    got = by_class_noun(sents, naming, "Lorn Garden Trust")
    assert got == ["Ada Brook becomes the trust's first director."]
    assert by_class_noun(sents, naming, "Lorn Garden") == []  # "garden" names no organisation
    # another trust named in the sentence: "the trust" may be that one
    other = sentences("The Lorn Garden Trust opened. Ada Brook of the Kessel Trust became the trust's director.")
    assert by_class_noun(other, other[:1], "Lorn Garden Trust") == []
    # with the name only later, nothing before it points back at it
    assert by_class_noun(sents, [], "Lorn Garden Trust") == []


def test_a_director_named_by_the_class_noun_sentence_is_read_as_the_organisations():
    text = ("The Lorn Garden Trust will run the garden from April. Tom Reed, a retired solicitor, chairs the board. "
            "Ada Brook becomes the trust's first director.")
    s = check(view("Local news, April 2005", text), "Lorn Garden Trust", "director")
    assert s is not None and s.bridges[:1] == ["Ada Brook"]


def test_a_minutes_list_of_those_present_says_nothing_about_any_of_them():
    text = ("Present: Cllr A. Brook (chair), T. Reed, K. Lane, J. Marsh (officer). 1. The chair welcomed Ms Vane, who "
            "replaces Mr Ash as the Lorn member.")
    assert check(view("Minutes, 2014", text), "K. Lane", "successor") is None
    told = view("Minutes, 2014", "K. Lane has stood down as the Lorn member. She is replaced by Ann Vane.")
    assert check(told, "K. Lane", "successor") is not None  # a sentence about her goes on


def test_a_birth_year_is_read_from_the_age_a_dated_report_gives():
    v = view("Obituary, 2012", "Ada Brook, who has died aged 81, opened a camera shop on Mill Lane in 1969.")
    s = check(v, "Ada Brook", "born_date")
    assert s is not None and s.bridges == ["1931"]
    assert check(view("Obituary", "Ada Brook, who has died aged 81, opened a shop."), "Ada Brook", "born_date") is None


def test_a_sentence_whose_subject_takes_someones_place_names_no_successor_of_it():
    text = ("Lorn Homes appoints new chair. Lorn Homes is pleased to announce the appointment of Ada Brook as chair "
            "of its board. She succeeds Cy Dunn, who has chaired the board since 2015.")
    told = check(view("Press release, 2022", text), "Ada Brook", "successor")
    assert told is None or "Cy Dunn" not in told.bridges  # he came before her
    after = ("Lorn Homes is pleased to announce the appointment of Ada Brook as chair. She was succeeded in 2024 "
             "by Tom Reed.")
    assert check(view("Press release, 2024", after), "Ada Brook", "successor") is not None
