"""Reading the bridge name a sentence states (hops/bridges.py)."""

from __future__ import annotations

from hopgraph.hops.bridges import in_address, lexical_bridges, named_as_parent, quoted_words
from hopgraph.router.vocab import RELATIONS, cue_regex


def test_nearest_name_after_the_cue_word():
    rel = RELATIONS["director"]
    assert lexical_bridges("Shot in Paris, it was directed by Ann Smith and stars Bob Jones.", "X", rel, cue_regex("director"))[0] == "Ann Smith"


def test_parents_from_child_of_phrasing():
    s = "Ysolde de Varlenne was the daughter of Hugh III, Marquis of Varlenne and Blanche of Corvel."
    assert lexical_bridges(s, "Ysolde de Varlenne", RELATIONS["father"], cue_regex("father")) == ["Hugh III, Marquis of Varlenne"]
    assert lexical_bridges(s, "Ysolde de Varlenne", RELATIONS["mother"], cue_regex("mother")) == ["Blanche of Corvel"]
    # an explicit kinship word wins over the convention
    assert lexical_bridges("Her mother was Agnes Wyvern.", "Odile", RELATIONS["mother"], cue_regex("mother"))[0] == "Agnes Wyvern"


def test_a_parent_named_in_a_childs_sentence_has_no_parents_read_from_it():
    # the sentence is about Ysolde: Hugh is one of her parents and Blanche his wife, not his mother
    s = "Ysolde de Varlenne was the daughter of Hugh III, Marquis of Varlenne and Blanche of Corvel."
    assert lexical_bridges(s, "Hugh III, Marquis of Varlenne", RELATIONS["mother"], cue_regex("mother")) == []
    assert lexical_bridges(s, "Hugh III, Marquis of Varlenne", RELATIONS["father"], cue_regex("father")) == []
    # named later as the subject of the main clause, the entity is the child: its father is read as before
    fronted = "As the adopted son of the exiled Duke Arno Velt, Pell Marrin claimed the title."
    assert lexical_bridges(fronted, "Pell Marrin", RELATIONS["father"], cue_regex("father")) == ["Duke Arno Velt"]


def test_a_parent_named_with_a_title_is_still_the_entity_itself():
    s = "Lorn Brook was the son of King Ada Varn of Tamsel and his wife, Queen Ilse Kalvor."
    assert named_as_parent(s, "Ilse Kalvor") and named_as_parent(s, "Ada Varn of Tamsel")
    assert not named_as_parent(s, "Lorn Brook") and not named_as_parent("Ilse Kalvor was crowned.", "Ilse Kalvor")
    assert lexical_bridges(s, "Ilse Kalvor", RELATIONS["father"], cue_regex("father")) == []  # her husband is no father
    assert lexical_bridges(s, "Lorn Brook", RELATIONS["father"], cue_regex("father")) == ["King Ada Varn of Tamsel"]


def test_the_subject_after_a_fronted_son_of_phrase_is_the_child_but_an_apposed_name_is_the_parent():
    fronted = "As a son of the mayor, Tom Reed was given the freedom of Lorn."
    assert lexical_bridges(fronted, "Ilse Kalvor", RELATIONS["father"], cue_regex("father")) == []
    apposed = "Ilse Kalvor was the daughter of a ferryman, Tom Reed, and his wife Ada."
    assert lexical_bridges(apposed, "Ilse Kalvor", RELATIONS["father"], cue_regex("father")) == ["Tom Reed"]


def test_nationality_adjectives_are_not_people():
    s = "It is a song recorded by American country music artist Clay Harrower."
    assert lexical_bridges(s, "Porch Light Blues", RELATIONS["performer"], cue_regex("performer"))[0] == "Clay Harrower"


def test_a_nationality_adjective_is_no_employer_either():
    s = "Orla Penn was a Veltish economist at the Tamsel Institute."
    assert lexical_bridges(s, "Orla Penn", RELATIONS["employer"], cue_regex("employer")) == ["Tamsel Institute"]


def test_siblings_are_the_other_children_a_parent_sentence_lists():
    rel, cue = RELATIONS["sibling"], cue_regex("sibling")
    text = "Hal Tolley was a journalist and the father of musicians Wren Tolley and Lotte Tolley."
    assert lexical_bridges(text, "Wren Tolley", rel, cue) == ["Lotte Tolley"]
    assert lexical_bridges("Hal Tolley was the father of Wren Tolley.", "Wren Tolley", rel, cue) == []


def test_an_address_ends_in_a_country():
    text = "It is a dam on the Kessel River, near Vaalhoek, Tarnveld, South Africa."
    assert in_address(text, "Vaalhoek") and not in_address("He met Vaalhoek, Smith and Jones.", "Vaalhoek")
    assert lexical_bridges(text, "Vaalhoek", RELATIONS["country"], None)[:2] == ["Tarnveld", "South Africa"]


def test_any_address_ending_in_a_country():
    from hopgraph.hops.bridges import has_address

    assert has_address("It has its corporate headquarters in Pennick, Delaware, United States.")
    assert not has_address("He met Smith, Jones and Brown.")


def test_the_doer_of_an_agent_nouns_verb_comes_before_an_active_verb():
    from hopgraph.hops.bridges import AGENT
    from hopgraph.router.vocab import RelationSpec

    agent = RelationSpec(AGENT, (), frozenset(), (), "person", "")
    cue = cue_regex("", ("winn", "win", "won"))
    s = "Tova Lind, a sculptor from Harwick, has won the 2015 Vellmark Prize for young artists."
    assert lexical_bridges(s, "Vellmark Prize", agent, cue)[0] == "Tova Lind"
    passive = "The 2015 Vellmark Prize was won by Tova Lind, a sculptor from Harwick."
    assert lexical_bridges(passive, "Vellmark Prize", agent, cue)[0] == "Tova Lind"


def test_an_edition_of_the_entity_is_no_bridge():
    s = "Tova Lind won the 2015 Vellmark Prize."
    rel = RELATIONS["award"]
    assert "2015 Vellmark Prize" not in lexical_bridges(s, "Vellmark Prize", rel, cue_regex("award", ("won",)))


def test_a_role_noun_followed_by_a_copula_names_its_holder_after_it():
    from hopgraph.hops.bridges import AGENT
    from hopgraph.router.vocab import RelationSpec

    agent = RelationSpec(AGENT, (), frozenset(), (), "person", "")
    cue = cue_regex("", ("princip", "investigat"))
    s = "The lead site is Tamsel General Hospital, where the principal investigator is Dr Ilse Varn."
    assert lexical_bridges(s, "ORBIT-3", agent, cue)[0] == "Ilse Varn"  # the name, without "Dr"


def test_a_by_phrase_of_another_relations_verb_names_no_answer():
    sentence = '"Paper Lanterns" is a song written by Ines Varga, first released in 1957 by Tomas Brel.'
    found = lexical_bridges(sentence, "Paper Lanterns", RELATIONS["performer"], cue_regex("performer"))
    assert found[0] == "Tomas Brel" and "Ines Varga" not in found
    writer = lexical_bridges(sentence, "Paper Lanterns", RELATIONS["writer"], cue_regex("writer"))
    assert writer[0] == "Ines Varga"
    both = "Glass Hours is a short film first shown at the Lorn Film Week, written and directed by Ines Varga."
    assert lexical_bridges(both, "Glass Hours", RELATIONS["director"], cue_regex("director"))[0] == "Ines Varga"


def test_a_headline_in_capitals_is_no_name():
    from hopgraph.hops.bridges import without_headline
    from hopgraph.router.spans import Span

    assert without_headline(Span(0, 24, "CLINIC DIRECTOR HONOURED")).text == ""
    assert without_headline(Span(4, 20, "NASA Ames Centre")).text == "NASA Ames Centre"
    assert without_headline(Span(0, 9, "BBC FOUR")).text == "BBC FOUR"  # two words: a name may be
    sentence = "CLINIC DIRECTOR HONOURED Leonie Quenby, director of the Tarn Clinic, won the award."
    assert lexical_bridges(sentence, "Tarn Clinic", RELATIONS["leader"], cue_regex("leader"))[0] == "Leonie Quenby"


def test_numbers_titles_and_the_entity_itself_are_no_bridge():
    from hopgraph.hops.bridges import lexical_bridges
    from hopgraph.hops.free_cues import FREE, free_cues

    # a number on its own and an ordinal leading a span name nothing
    s = "She led the works through the opening of the Harl line 3 and the purchase of Odell Mills."
    assert "3" not in lexical_bridges(s, "Odell Mills", FREE, free_cues("bought"))
    s = "Cllr Wyn Tarrow became the 40th Mayor of Brekkum, taking over from Cllr Ada Lusk."
    got = lexical_bridges(s, "Ada Lusk", FREE, free_cues("taking"))
    assert got[0] == "Wyn Tarrow" and not any("Lusk" in b or "40th" in b for b in got)
    # the company under its designator, and a pronoun opening the sentence
    s = "We have audited the accounts of Odell Group plc for the year."
    assert lexical_bridges(s, "Odell", FREE, free_cues("audited")) == []


def test_a_headline_counts_hyphenated_words_and_numbers():
    from hopgraph.hops.bridges import without_headline
    from hopgraph.router.spans import capitalised_spans

    def names(text):
        return [without_headline(s).text for s in capitalised_spans(text)]

    assert names("MAYOR-MAKING 2024 Cllr Wyn Tarrow became mayor.") == ["Cllr Wyn Tarrow"]
    assert names("The US PGA Championship was held there.")[-1] == "US PGA Championship"  # two words: a name


def test_a_preposition_opening_a_sentence_before_a_date_is_no_part_of_a_name():
    from hopgraph.hops.bridges import name_part
    from hopgraph.router.spans import Span

    assert name_part(Span(0, 12, "From 1 April")).text == "1 April"
    assert name_part(Span(0, 21, "Since March 2020 Tarn")).text == "March 2020 Tarn"
    assert name_part(Span(0, 13, "After Harbour")).text == "After Harbour"  # a title may open with one


def test_a_name_with_dates_in_it_is_a_persons_term_not_a_body():
    s = "Kalvor Tesmir founded Quillmark; Ada Brook (2018–2021) chaired it."
    got = lexical_bridges(s, "Kalvor Tesmir", RELATIONS["founded"], cue_regex("founded"))
    assert got[0] == "Quillmark" and not any("2018" in g for g in got)


def test_a_number_inside_an_amount_is_no_year():
    from hopgraph.hops.bridges import in_amount, lexical_bridges
    from hopgraph.router.vocab import RELATIONS, cue_regex

    sentence = "Tesk Haulage opened a £400,000 cold store, and has carried 12,500 loads since it was founded in 1988."
    assert in_amount(sentence, sentence.index("400"), "400") and in_amount(sentence, sentence.index("000"), "000")
    assert in_amount(sentence, sentence.index("500"), "500") and not in_amount(sentence, sentence.index("1988"), "1988")
    rel = RELATIONS["release_date"]
    assert lexical_bridges(sentence, "Tesk Haulage", rel, cue_regex("release_date")) == ["1988"]


def test_a_post_in_brackets_or_in_apposition_is_the_name_before_it():
    from hopgraph.hops.free_cues import free_cues, free_spec

    present = ("Present: Dr Ada Brook (chair of trustees), Bram Quell (finance director), Cy Dunn (treasurer), "
               "Edda Voss (patron).")
    assert lexical_bridges(present, "Tarn Trust", free_spec("finance director"), free_cues("finance director"))[0] == "Bram Quell"
    assert lexical_bridges(present, "Tarn Trust", RELATIONS["leader"], cue_regex("leader"))[0] == "Ada Brook"
    apposed = "Bram Quell, chair of the Tarn Trust since 2019, welcomed Edda Voss."
    assert lexical_bridges(apposed, "Tarn Trust", RELATIONS["leader"], cue_regex("leader"))[0] == "Bram Quell"
    # a post named before its holder is still read forward
    assert lexical_bridges("The chair, Edda Voss, thanked Bram Quell.", "Tarn Trust", RELATIONS["leader"],
                           cue_regex("leader"))[0] == "Edda Voss"


def test_a_quoted_sentence_is_no_name_of_a_place_or_a_person():
    sentence = 'Ada Brook said: "The company we have grown into deserves a new home." The firm moved to Tamsel.'
    got = lexical_bridges(sentence, "Brenmark", RELATIONS["country"], None)
    assert "Tamsel" in got and not any("company we have" in b for b in got)
    assert quoted_words("The company we have grown into") and not quoted_words("Society for the Protection of Mills")
