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
    got = patterns(extractor, "Larry Page and Sergey Brin founded Google.")
    assert got[("Larry Page", "founder", "Google")] == "svo"
    assert got[("Sergey Brin", "founder", "Google")] == "svo"


def test_passive(extractor):
    got = patterns(extractor, "Psycho was directed by Alfred Hitchcock.")
    assert got[("Alfred Hitchcock", "direct", "Psycho")] == "passive"


def test_film_lead_participle_and_copula_modifiers(extractor):
    text = "The Galloping Kid is a 1922 American western film directed by Nat Ross and featuring Hoot Gibson."
    got = patterns(extractor, text, title="The Galloping Kid")
    assert got[("Nat Ross", "direct", "The Galloping Kid")] == "passive"
    assert got[("The Galloping Kid", "film", "1922")] == "copula"
    assert got[("The Galloping Kid", "film", "American")] == "nationality"
    assert got[("The Galloping Kid", "feature", "Hoot Gibson")] == "svo"


def test_copula_director_of(extractor):
    got = patterns(extractor, "Kevin Feige is the president of Marvel Studios.")
    assert got[("Kevin Feige", "role: president", "Marvel Studios")] == "copula"


def test_apposition_and_prepositional(extractor):
    got = patterns(extractor, "Marie Curie, the founder of the Radium Institute, was born in Warsaw on 7 November 1867.")
    assert got[("Marie Curie", "founder", "Radium Institute")] == "apposition"
    assert got[("Marie Curie", "born in", "Warsaw")] == "prep"
    assert got[("Marie Curie", "born on", "7 November 1867")] == "prep"


def test_died_in_inherits_subject_of_coordinated_verb(extractor):
    got = triples(extractor, "Marie Curie was born in Warsaw and died in Passy.")
    assert ("Marie Curie", "die in", "Passy") in got


def test_possessive(extractor):
    got = patterns(extractor, "Microsoft's founder Bill Gates lives in Seattle.")
    assert got[("Bill Gates", "founder", "Microsoft")] == "possessive"


def test_of_genitive(extractor):
    got = patterns(extractor, "The father of Henry Ford is William Ford.")
    assert got[("William Ford", "father", "Henry Ford")] == "of-genitive"


def test_pronoun_resolves_to_title(extractor):
    text = "Jessua was a French director. He was the son of Paul Jessua."
    assert ("Alain Jessua", "son", "Paul Jessua") in triples(extractor, text, title="Alain Jessua")


def test_pronoun_resolves_to_last_person_without_title(extractor):
    text = "Marisabel Rodriguez is a Venezuelan journalist. She was the second wife of Hugo Chávez."
    got = triples(extractor, text)
    assert ("Marisabel Rodriguez", "spouse", "Hugo Chávez") in got
    assert ("Marisabel Rodriguez", "journalist", "Venezuelan") in got  # a nationality, not a role


def test_birth_death_range_parenthetical(extractor):
    text = "Alain Jessua (16 January 1932 – 30 November 2017) was a French film director."
    got = patterns(extractor, text)
    assert got[("Alain Jessua", "born on", "16 January 1932")] == "lifespan"
    assert got[("Alain Jessua", "die on", "30 November 2017")] == "lifespan"
    assert ("Alain Jessua", "director", "French") in got
    dates = {m.text for m in run(extractor, text).mentions if m.label == "DATE"}
    assert {"16 January 1932", "30 November 2017"} <= dates


def test_born_parenthetical_with_place(extractor):
    text = "Jim Wynorski (born August 14, 1950 in Glen Cove) is an American screenwriter."
    got = triples(extractor, text)
    assert ("Jim Wynorski", "born on", "August 14, 1950") in got
    assert ("Jim Wynorski", "born in", "Glen Cove") in got


def test_range_with_places(extractor):
    text = "Richard Pottier (6 June 1906, Graz – 2 November 1994, Paris) was a French film director."
    got = triples(extractor, text)
    assert {("Richard Pottier", "born in", "Graz"), ("Richard Pottier", "die in", "Paris"),
            ("Richard Pottier", "die on", "2 November 1994")} <= got


def test_title_mention_and_numeric_types_skipped(extractor):
    ext = run(extractor, "The band sold 300 copies of Blue in 1970.", title="Blood, Sweat & Tears 3")
    labels = {(m.text, m.label) for m in ext.mentions}
    assert ("Blood, Sweat & Tears 3", "TITLE") in labels
    assert not any(label in ("CARDINAL", "QUANTITY", "MONEY") for _t, label in labels)
    title = next(m for m in ext.mentions if m.label == "TITLE")
    assert (title.start, title.end) == (-1, -1)


def test_mention_offsets_point_into_the_text(extractor):
    text = "Psycho was directed by Alfred Hitchcock in California."
    for m in run(extractor, text).mentions:
        assert text[m.start:m.end] == m.text


def test_cooccurrence_links_next_names_in_a_sentence_not_typed_pairs(extractor):
    text = ("Alfred Hitchcock met Grace Kelly in Monaco. "
            "The guests at the dinner were quiet, among them Ingrid Bergman, Cary Grant and James Stewart.")
    ext = run(extractor, text)
    pairs = {frozenset((c.a, c.b)) for c in ext.cooccurrences}
    assert frozenset(("Ingrid Bergman", "Cary Grant")) in pairs  # next names in a sentence
    assert frozenset(("Cary Grant", "James Stewart")) in pairs
    assert frozenset(("Ingrid Bergman", "James Stewart")) not in pairs  # not next to each other
    assert frozenset(("Alfred Hitchcock", "Grace Kelly")) not in pairs  # a typed triple relates them
    assert frozenset(("Grace Kelly", "Monaco")) not in pairs
    assert frozenset(("Monaco", "Ingrid Bergman")) not in pairs  # other sentence


# ------------------------------------------------------------------ working without titles


def test_repair_spacing_unglues_brackets_and_opening_quotes_keeping_length():
    for text, fixed in [
        ("Would You Marry Me?( Spanish: Boda) is a film", "Would You Marry Me? (Spanish: Boda) is a film"),
        ('from his album" George Harrison". In', 'from his album "George Harrison". In'),
        ('Lars Sven" Lasse" Hallström', 'Lars Sven "Lasse" Hallström'),
        ('a "quoted" word', 'a "quoted" word'),
    ]:
        assert repair_spacing(text) == fixed
        assert len(repair_spacing(text)) == len(text)


def test_glued_bracket_after_a_title_still_gives_its_director(extractor):
    text = "Would You Marry Me?( Spanish: Boda) is a 1967 Argentine film directed by Enrique Carreras."
    ext = run(extractor, text)
    assert ("Enrique Carreras", "direct", "Would You Marry Me?") in {(t.subject, t.predicate, t.object)
                                                                      for t in ext.triples}
    for m in ext.mentions:
        if m.start >= 0:
            assert text[m.start:m.end].strip() == m.text.strip() or m.label == "DATE"


def test_written_lead_names_the_topic_without_a_title(extractor):
    ext = run(extractor, "Killer: Dead or Alive is a 2006 thriller film that was directed by Scott Shaw.")
    assert ("Killer: Dead or Alive", "PROPN") in {(m.text, m.label) for m in ext.mentions}
    assert ("Scott Shaw", "direct", "Killer: Dead or Alive") in {(t.subject, t.predicate, t.object)
                                                                 for t in ext.triples}
    people = run(extractor, "John Smith and Mary Jones were the founders of Acme.")
    assert "John Smith and Mary Jones" not in {m.text for m in people.mentions}


def test_bracketed_alias_after_the_lead_is_not_the_subject(extractor):
    text = 'Guai ai vinti ("Woe to the Vanquished Ones") is a 1954 Italian film directed by Raffaello Matarazzo.'
    assert ("Raffaello Matarazzo", "direct", "Guai ai vinti") in triples(extractor, text)


def test_topic_cooccurs_with_entities_of_later_sentences(extractor):
    text = ("Rufus Jones for President is a 1933 American musical-comedy, clocking in at 21 minutes. "
            "The film was directed by Roy Mack, and starred Ethel Waters.")
    topic = {(c.a, c.b): c.weight for c in run(extractor, text).cooccurrences if c.weight < 1}
    assert topic[("Rufus Jones for President", "Roy Mack")] == TOPIC_WEIGHT
    assert ("Rufus Jones for President", "Ethel Waters") in topic
    assert ("Roy Mack", "Ethel Waters") not in topic  # only the topic gets passage-wide edges


def test_it_refers_to_the_topic_not_to_the_last_person(extractor):
    text = ("Guai ai vinti is a 1954 Italian film directed by Raffaello Matarazzo. "
            'It is based on the novel "Vae Victis" by Annie Vivanti.')
    found = triples(extractor, text)
    assert ("Guai ai vinti", "base on", "Vae Victis") in found
    assert ("Raffaello Matarazzo", "base on", "Vae Victis") not in found


def test_quoted_nickname_gives_short_names_tied_to_the_full_one(extractor):
    assert nickname_variants('Lars Sven "Lasse" Hallström') == ["Lasse Hallström", "Lars Sven Hallström"]
    assert nickname_variants('Archduchess "Rosa" Maria Antonie Roberta') == []
    ext = run(extractor, 'Lars Sven" Lasse" Hallström( born 2 June 1946) is a Swedish film director.')
    assert "Lasse Hallström" in {m.text for m in ext.mentions}
    assert ('Lars Sven "Lasse" Hallström', "also know as", "Lasse Hallström") in {
        (t.subject, t.predicate, t.object) for t in ext.triples}


def test_lifespan_with_a_lost_dash_and_place_lists(extractor):
    found = triples(extractor, "Charles Vidor( July 27, 1900 June 4, 1959) was a Hungarian film director.")
    assert ("Charles Vidor", "born on", "July 27, 1900") in found
    assert ("Charles Vidor", "die on", "June 4, 1959") in found
    ext = run(extractor, "Hugh Lacy was a landowner. He had land holdings in Herefordshire and Shropshire.")
    names = {m.text for m in ext.mentions}
    assert {"Herefordshire", "Shropshire"} <= names
    nationalities = {m.text for m in run(extractor, "Emile Chautard was a French-American film director.").mentions}
    assert {"French", "American"} <= nationalities


def test_the_film_refers_to_a_topic_whose_class_is_a_film_genre(extractor):
    text = "Rufus Jones for President is a 1933 American musical-comedy. The film was directed by Roy Mack."
    assert ("Roy Mack", "direct", "Rufus Jones for President") in triples(extractor, text)


def test_bracket_after_the_lead_does_not_steal_the_subject(extractor):
    text = "Friday the 13th[ aka Friday the Thirteenth] is a lost 1916 silent film directed by Emile Chautard."
    ext = run(extractor, text)
    assert ("Friday the 13th", "PROPN") in {(m.text, m.label) for m in ext.mentions}
    assert ("Emile Chautard", "direct", "Friday the 13th") in {(t.subject, t.predicate, t.object)
                                                               for t in ext.triples}
