"""SpacyExtractor on hand-written sentences (uses the real small spaCy model, ~1 s to load)."""

from __future__ import annotations

import pytest

from hopgraph.errors import UserError
from hopgraph.indexing.extract import TOPIC_WEIGHT, SpacyExtractor, load_spacy
from hopgraph.indexing.normalize import nickname_variants, repair_spacing
from hopgraph.models import Chunk


@pytest.fixture(scope="module")
def extractor() -> SpacyExtractor:
    return SpacyExtractor()


def run(extractor: SpacyExtractor, text: str, title: str = ""):
    chunk = Chunk(chunk_id="c1", doc_id="d1", title=title, text=text, start=0, end=len(text), content_hash="h")
    return extractor.extract([chunk])[0]


def triples(extractor: SpacyExtractor, text: str, title: str = "") -> set[tuple[str, str, str]]:
    return {(t.subject, t.predicate, t.object) for t in run(extractor, text, title).triples}


def patterns(extractor: SpacyExtractor, text: str, title: str = "") -> dict[tuple[str, str, str], str]:
    return {(t.subject, t.predicate, t.object): t.pattern for t in run(extractor, text, title).triples}


def test_load_spacy_caches_and_rejects_unknown_models():
    assert load_spacy() is load_spacy()
    with pytest.raises(UserError):
        load_spacy("no_such_model_xyz")


def test_one_extraction_per_chunk_in_order(extractor):
    chunks = [Chunk(chunk_id=f"c{i}", doc_id="d", text=t, start=0, end=len(t), content_hash="h")
              for i, t in enumerate(["Paris is in France.", "", "Berlin is in Germany."])]
    assert [e.chunk_id for e in extractor.extract(chunks)] == ["c0", "c1", "c2"]


def test_svo_with_conjoined_subjects(extractor):
    got = patterns(extractor, "Nadia Brook and Owen Tarrant founded Quillfeather.")
    assert got[("Nadia Brook", "founder", "Quillfeather")] == "svo"
    assert got[("Owen Tarrant", "founder", "Quillfeather")] == "svo"


def test_passive(extractor):
    got = patterns(extractor, "Pallisade was directed by Edmund Harlowe.")
    assert got[("Edmund Harlowe", "direct", "Pallisade")] == "passive"


def test_film_lead_participle_and_copula_modifiers(extractor):
    text = "The Riding Stranger is a 1922 American western film directed by Walt Brennan and featuring Buck Tolliver."
    got = patterns(extractor, text, title="The Riding Stranger")
    assert got[("Walt Brennan", "direct", "The Riding Stranger")] == "passive"
    assert got[("The Riding Stranger", "film", "1922")] == "copula"
    assert got[("The Riding Stranger", "film", "American")] == "nationality"
    assert got[("The Riding Stranger", "feature", "Buck Tolliver")] == "svo"


def test_copula_director_of(extractor):
    got = patterns(extractor, "Dana Whitcombe is the president of Halcyon Studios.")
    assert got[("Dana Whitcombe", "role: president", "Halcyon Studios")] == "copula"


def test_apposition_and_prepositional(extractor):
    got = patterns(extractor, "Ada Brennick, the founder of the Lumen Institute, was born in Warsaw on 3 April 1871.")
    assert got[("Ada Brennick", "founder", "Lumen Institute")] == "apposition"
    assert got[("Ada Brennick", "born in", "Warsaw")] == "prep"
    assert got[("Ada Brennick", "born on", "3 April 1871")] == "prep"


def test_died_in_inherits_subject_of_coordinated_verb(extractor):
    got = triples(extractor, "Ada Brennick was born in Warsaw and died in Lyon.")
    assert ("Ada Brennick", "die in", "Lyon") in got


def test_possessive(extractor):
    got = patterns(extractor, "Corvane's founder Nadia Brook lives in Seattle.")
    assert got[("Nadia Brook", "founder", "Corvane")] == "possessive"


def test_of_genitive(extractor):
    got = patterns(extractor, "The father of Elias Marrow is Thomas Marrow.")
    assert got[("Thomas Marrow", "father", "Elias Marrow")] == "of-genitive"


def test_pronoun_resolves_to_title(extractor):
    text = "Verlaque was a French director. He was the son of Paul Verlaque."
    assert ("Henri Verlaque", "son", "Paul Verlaque") in triples(extractor, text, title="Henri Verlaque")


def test_pronoun_resolves_to_last_person_without_title(extractor):
    text = "Marisol Quintana is a Venezuelan journalist. She was the second wife of Teo Calderán."
    got = triples(extractor, text)
    assert ("Marisol Quintana", "spouse", "Teo Calderán") in got
    assert ("Marisol Quintana", "journalist", "Venezuelan") in got  # a nationality, not a role


def test_birth_death_range_parenthetical(extractor):
    text = "Henri Verlaque (14 March 1931 – 22 October 2016) was a French film director."
    got = patterns(extractor, text)
    assert got[("Henri Verlaque", "born on", "14 March 1931")] == "lifespan"
    assert got[("Henri Verlaque", "die on", "22 October 2016")] == "lifespan"
    assert ("Henri Verlaque", "director", "French") in got
    dates = {m.text for m in run(extractor, text).mentions if m.label == "DATE"}
    assert {"14 March 1931", "22 October 2016"} <= dates


def test_born_parenthetical_with_place(extractor):
    text = "Vic Tamberlane (born May 9, 1952 in Oyster Bay) is an American screenwriter."
    got = triples(extractor, text)
    assert ("Vic Tamberlane", "born on", "May 9, 1952") in got
    assert ("Vic Tamberlane", "born in", "Oyster Bay") in got


def test_range_with_places(extractor):
    text = "Anton Derville (4 May 1908, Graz – 9 December 1991, Paris) was a French film director."
    got = triples(extractor, text)
    assert {("Anton Derville", "born in", "Graz"), ("Anton Derville", "die in", "Paris"),
            ("Anton Derville", "die on", "9 December 1991")} <= got


def test_title_mention_and_numeric_types_skipped(extractor):
    ext = run(extractor, "The band sold 300 copies of Blue in 1970.", title="Salt, Smoke & Cedar 2")
    labels = {(m.text, m.label) for m in ext.mentions}
    assert ("Salt, Smoke & Cedar 2", "TITLE") in labels
    assert not any(label in ("CARDINAL", "QUANTITY", "MONEY") for _t, label in labels)
    title = next(m for m in ext.mentions if m.label == "TITLE")
    assert (title.start, title.end) == (-1, -1)


def test_mention_offsets_point_into_the_text(extractor):
    text = "Pallisade was directed by Edmund Harlowe in California."
    for m in run(extractor, text).mentions:
        assert text[m.start:m.end] == m.text


def test_cooccurrence_links_next_names_in_a_sentence_not_typed_pairs(extractor):
    text = ("Edmund Harlowe met Clara Vance in Monaco. "
            "The guests at the dinner were quiet, among them Petra Lindgren, Carl Brandon and Jonas Stoller.")
    ext = run(extractor, text)
    pairs = {frozenset((c.a, c.b)) for c in ext.cooccurrences}
    assert frozenset(("Petra Lindgren", "Carl Brandon")) in pairs  # next names in a sentence
    assert frozenset(("Carl Brandon", "Jonas Stoller")) in pairs
    assert frozenset(("Petra Lindgren", "Jonas Stoller")) not in pairs  # not next to each other
    assert frozenset(("Edmund Harlowe", "Clara Vance")) not in pairs  # a typed triple relates them
    assert frozenset(("Clara Vance", "Monaco")) not in pairs
    assert frozenset(("Monaco", "Petra Lindgren")) not in pairs  # other sentence


# ------------------------------------------------------------------ working without titles


def test_repair_spacing_unglues_brackets_and_opening_quotes_keeping_length():
    for text, fixed in [
        ("Will You Wait for Me?( Spanish: Aguarda) is a film", "Will You Wait for Me? (Spanish: Aguarda) is a film"),
        ('from his album" Tom Kessler". In', 'from his album "Tom Kessler". In'),
        ('Nils Erik" Nippe" Strömgård', 'Nils Erik "Nippe" Strömgård'),
        ('a "quoted" word', 'a "quoted" word'),
    ]:
        assert repair_spacing(text) == fixed
        assert len(repair_spacing(text)) == len(text)


def test_glued_bracket_after_a_title_still_gives_its_director(extractor):
    text = "Will You Wait for Me?( Spanish: Aguarda) is a 1967 Argentine film directed by Tomás Iribarne."
    ext = run(extractor, text)
    assert ("Tomás Iribarne", "direct", "Will You Wait for Me?") in {(t.subject, t.predicate, t.object)
                                                                      for t in ext.triples}
    for m in ext.mentions:
        if m.start >= 0:
            assert text[m.start:m.end].strip() == m.text.strip() or m.label == "DATE"


def test_written_lead_names_the_topic_without_a_title(extractor):
    ext = run(extractor, "Hunter: Lost or Found is a 2006 thriller film that was directed by Dale Corrigan.")
    assert ("Hunter: Lost or Found", "PROPN") in {(m.text, m.label) for m in ext.mentions}
    assert ("Dale Corrigan", "direct", "Hunter: Lost or Found") in {(t.subject, t.predicate, t.object)
                                                                 for t in ext.triples}
    people = run(extractor, "Pell Orwin and Mary Tasker were the founders of Acme.")
    assert "Pell Orwin and Mary Tasker" not in {m.text for m in people.mentions}


def test_bracketed_alias_after_the_lead_is_not_the_subject(extractor):
    text = 'Addio ai sogni ("Farewell to Dreams") is a 1954 Italian film directed by Carlo Benvenuti.'
    assert ("Carlo Benvenuti", "direct", "Addio ai sogni") in triples(extractor, text)


def test_topic_cooccurs_with_entities_of_later_sentences(extractor):
    text = ("Mabel Brown for Mayor is a 1933 American musical-comedy, running for 19 minutes. "
            "The film was directed by Lew Darrow, and starred Hattie Quinn.")
    topic = {(c.a, c.b): c.weight for c in run(extractor, text).cooccurrences if c.weight < 1}
    assert topic[("Mabel Brown for Mayor", "Lew Darrow")] == TOPIC_WEIGHT
    assert ("Mabel Brown for Mayor", "Hattie Quinn") in topic
    assert ("Lew Darrow", "Hattie Quinn") not in topic  # only the topic gets passage-wide edges


def test_it_refers_to_the_topic_not_to_the_last_person(extractor):
    text = ("Addio ai sogni is a 1954 Italian film directed by Carlo Benvenuti. "
            'It is based on the novel "Sic Transit" by Laura Ferrante.')
    found = triples(extractor, text)
    assert ("Addio ai sogni", "base on", "Sic Transit") in found
    assert ("Carlo Benvenuti", "base on", "Sic Transit") not in found


def test_quoted_nickname_gives_short_names_tied_to_the_full_one(extractor):
    assert nickname_variants('Nils Erik "Nippe" Strömgård') == ["Nippe Strömgård", "Nils Erik Strömgård"]
    assert nickname_variants('Archduchess "Ilka" Sophie Adela Regina') == []
    ext = run(extractor, 'Nils Erik" Nippe" Strömgård( born 5 August 1948) is a Swedish film director.')
    assert "Nippe Strömgård" in {m.text for m in ext.mentions}
    assert ('Nils Erik "Nippe" Strömgård', "also know as", "Nippe Strömgård") in {
        (t.subject, t.predicate, t.object) for t in ext.triples}


def test_lifespan_with_a_lost_dash_and_place_lists(extractor):
    found = triples(extractor, "Laszlo Kertay( July 12, 1902 June 9, 1961) was a Hungarian film director.")
    assert ("Laszlo Kertay", "born on", "July 12, 1902") in found
    assert ("Laszlo Kertay", "die on", "June 9, 1961") in found
    ext = run(extractor, "Osbert Fenwick was a landowner. He had land holdings in Kelmwater and Dunwater.")
    names = {m.text for m in ext.mentions}
    assert {"Kelmwater", "Dunwater"} <= names
    nationalities = {m.text for m in run(extractor, "Paul Verrier was a French-American film director.").mentions}
    assert {"French", "American"} <= nationalities


def test_the_film_refers_to_a_topic_whose_class_is_a_film_genre(extractor):
    text = "Mabel Brown for Mayor is a 1933 American musical-comedy. The film was directed by Lew Darrow."
    assert ("Lew Darrow", "direct", "Mabel Brown for Mayor") in triples(extractor, text)


def test_bracket_after_the_lead_does_not_steal_the_subject(extractor):
    text = "Sunday the 9th[ aka Sunday the Ninth] is a lost 1916 silent film directed by Paul Verrier."
    ext = run(extractor, text)
    assert ("Sunday the 9th", "PROPN") in {(m.text, m.label) for m in ext.mentions}
    assert ("Paul Verrier", "direct", "Sunday the 9th") in {(t.subject, t.predicate, t.object)
                                                               for t in ext.triples}


def test_a_subtitled_report_about_a_place_is_about_that_name(extractor):
    text = ("The Ossel is the main river of the Tarrow region. It rises below the Kelm Pass and flows north. "
            "Its main tributary is the Brindle.")
    chunk = Chunk(chunk_id="c1", doc_id="d1", title="Ossel (river): course and tributaries", text=text,
                  start=0, end=len(text), content_hash="h")
    ext = extractor.extract([chunk])[0]
    assert "Ossel" in {m.text for m in ext.mentions if m.label == "TITLE"}
    assert not any("course" in m.text for m in ext.mentions)  # the subtitle is no entity
    got = {(t.subject, t.predicate, t.object) for t in ext.triples}
    assert ("Ossel", "rise below", "Kelm Pass") in got  # "It" is the report's subject
    assert all(c.weight == 1.0 for c in ext.cooccurrences)  # capped: no topic co-occurrences
