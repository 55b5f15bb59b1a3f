"""Merge rules of entity resolution (`indexing/merge.py`) through `resolve`, in an invented world."""

from __future__ import annotations

from hopgraph.indexing.merge import is_acronym
from hopgraph.indexing.resolve import resolve
from hopgraph.models import Chunk, ChunkExtraction, Mention


def chunk(cid: str, doc: str) -> Chunk:
    return Chunk(chunk_id=cid, doc_id=doc, title="", text="x", start=0, end=1, content_hash="h")


def ext(cid: str, names: list[tuple[str, str]]) -> ChunkExtraction:
    return ChunkExtraction(chunk_id=cid, mentions=[
        Mention(text=n, label=lab, chunk_id=cid, start=i + 1, end=i + 1 + len(n)) for i, (n, lab) in enumerate(names)])


def entity_of(graph, chunk_id: str, text: str) -> int:
    return next(m["entity_id"] for m in graph.mentions if m["chunk_id"] == chunk_id and m["text"] == text)


def test_is_acronym():
    assert is_acronym("VR") and is_acronym("CBAXYZ")
    assert not is_acronym("Vr") and not is_acronym("V") and not is_acronym("ABCDEFG") and not is_acronym("V1")


def test_an_acronym_read_beside_two_different_names_joins_neither_to_the_other():
    """"VR" spelled out as a republic in one article and as a film in another: each article reads its own "VR",
    the republic and the film stay two entities, and a bare "VR" elsewhere (two candidates) stays apart."""
    chunks = [chunk("c1", "d1"), chunk("c2", "d2"), chunk("c3", "d3")]
    g = resolve(chunks, [
        ext("c1", [("Vellmar Republic", "GPE"), ("VR", "GPE")]),
        ext("c2", [("Violet Rain", "WORK_OF_ART"), ("VR", "ORG")]),
        ext("c3", [("VR", "GPE"), ("Osk Tarrow", "PERSON")]),
    ])
    republic, film = entity_of(g, "c1", "Vellmar Republic"), entity_of(g, "c2", "Violet Rain")
    assert republic != film
    assert entity_of(g, "c1", "VR") == republic
    assert entity_of(g, "c2", "VR") == film
    assert entity_of(g, "c3", "VR") not in (republic, film)
    names = {e.entity_id: set(e.aliases) for e in g.entities}
    assert names[republic] == {"Vellmar Republic", "VR"} and names[film] == {"Violet Rain", "VR"}


def test_an_acronym_with_one_full_name_in_the_corpus_joins_it_everywhere():
    chunks = [chunk("c1", "d1"), chunk("c2", "d2")]
    g = resolve(chunks, [ext("c1", [("Coral Bay Authority", "ORG")]), ext("c2", [("CBA", "ORG")])])
    assert entity_of(g, "c2", "CBA") == entity_of(g, "c1", "Coral Bay Authority")


def test_known_as_joins_names_of_one_class_and_never_a_work_with_places():
    """"Lantern Hours (known as Night Hours in Velloria and Ostmark)": the triples the list gives must not join
    the series with the two countries, nor the countries with each other; two names of a person do join."""
    from hopgraph.models import Triple

    def with_triples(e: ChunkExtraction, triples: list[tuple[str, str]]) -> ChunkExtraction:
        e.triples = [Triple(subject=s, predicate="know as", object=o, chunk_id=e.chunk_id, sentence="s")
                     for s, o in triples]
        return e

    chunks = [chunk("c1", "d1"), chunk("c2", "d2"), chunk("c3", "d3")]
    g = resolve(chunks, [
        with_triples(ext("c1", [("Lantern Hours", "WORK_OF_ART"), ("Velloria", "GPE"), ("Ostmark", "GPE")]),
                     [("Lantern Hours", "Velloria"), ("Lantern Hours", "Ostmark")]),
        ext("c2", [("Velloria", "GPE"), ("Ostmark", "GPE")]),
        with_triples(ext("c3", [("Tamsin Orrel Vale", "PERSON"), ("Tam the Lantern", "PERSON")]),
                     [("Tamsin Orrel Vale", "Tam the Lantern")]),
    ])
    series, velloria, ostmark = (entity_of(g, "c1", n) for n in ("Lantern Hours", "Velloria", "Ostmark"))
    assert len({series, velloria, ostmark}) == 3
    assert entity_of(g, "c3", "Tamsin Orrel Vale") == entity_of(g, "c3", "Tam the Lantern")


def test_an_acronym_written_alone_joins_the_name_most_documents_spell_it_out_as():
    chunks = [chunk(f"c{i}", f"d{i}") for i in range(1, 6)]
    g = resolve(chunks, [
        ext("c1", [("Vellmar Republic", "GPE"), ("VR", "GPE")]),
        ext("c2", [("Vellmar Republic", "GPE"), ("VR", "GPE")]),
        ext("c3", [("Violet Rain", "WORK_OF_ART"), ("VR", "ORG")]),
        ext("c4", [("VR", "GPE"), ("Osk Tarrow", "PERSON")]),
        ext("c5", [("Violet Rain", "WORK_OF_ART")]),
    ])
    republic, film = entity_of(g, "c1", "Vellmar Republic"), entity_of(g, "c3", "Violet Rain")
    assert republic != film and entity_of(g, "c3", "VR") == film
    assert entity_of(g, "c4", "VR") == republic  # two of three spell it out as the republic


def test_known_as_reads_the_class_of_the_whole_group():
    """A film whose own title is untyped but whose group holds an ORG-tagged name: "known as ... (Velloran video
    title)" must not join it to the Velloran people."""
    from hopgraph.indexing.merge import UnionFind, group_alias_class, merge_known_as
    from hopgraph.models import Triple
    from collections import Counter

    assert group_alias_class(Counter({"other": 1})) == "other"
    assert group_alias_class(Counter({"other": 3, "place": 1})) == "place"
    assert group_alias_class(Counter()) == ""
    uf = UnionFind()
    for k in ("amber tide", "amber tide pictures", "velloran", "salt hours"):
        uf.find(k)
    uf.union("amber tide", "amber tide pictures")  # the group's root is the untyped title
    types = {"amber tide": "TITLE", "amber tide pictures": "ORG", "velloran": "NORP", "salt hours": "PROPN"}
    exts = [ChunkExtraction(chunk_id="c1", triples=[
        Triple(subject="Amber Tide", predicate="know as", object="Velloran", chunk_id="c1", sentence="s"),
        Triple(subject="Amber Tide", predicate="know as", object="Salt Hours", chunk_id="c1", sentence="s")])]
    merge_known_as(uf, exts, {"c1": "d1"}, lambda text, _doc: text.lower(), types)
    assert uf.find("velloran") != uf.find("amber tide")
    assert uf.find("salt hours") == uf.find("amber tide")


def test_short_names_found_per_family_group_are_those_found_over_all_names():
    """`merge_short_names` asks `short_name_targets` per family part and first letter; the pairs are those of
    one call over every name, including initials, prefixes, royal houses and ambiguous short forms."""
    from itertools import combinations

    from hopgraph.indexing.merge import _same_family
    from hopgraph.indexing.variants import short_name_targets

    keys = {"corin walter haskett", "corin haskett", "c haskett", "cor haskett", "c w haskett", "walter haskett",
            "pell orwin", "pell ada orwin", "pell bo orwin", "adela of luneholm", "adela sophie of luneholm",
            "conrad ii of ostervald", "conrad of ostervald", "sam tolland", "samuel pryce tolland", "haskett",
            "jo ann brook", "j brook", "jo brook", "count of harrowmere", "ada brook", "ada mae brook"}
    persons = {k for k in keys if "o" in k}
    grouped: dict[str, str] = {}
    for part in _same_family(keys):
        grouped.update(short_name_targets(part, persons))
    assert grouped == short_name_targets(keys, persons)
    assert grouped["corin haskett"] == "corin walter haskett" and "pell orwin" not in grouped
    assert all(len(p) > 1 for p in _same_family(keys))
    assert not any(a & b for a, b in combinations(_same_family(keys), 2))


def test_an_acronym_ending_a_title_is_no_short_form_of_it():
    """A film "Echoes of VR" in one article; "VR" spelled out as a republic in two others and written alone in a
    fourth: the bare "VR" is the republic, and the film stays apart (an acronym is no last word standing for a
    longer name across the corpus, and the film's own article joins no acronym reading to it)."""
    chunks = [chunk(f"c{i}", f"d{i}") for i in range(1, 5)]
    g = resolve(chunks, [
        ext("c1", [("Echoes of VR", "PROPN"), ("VR", "PROPN")]),
        ext("c2", [("Vellmar Republic", "GPE"), ("VR", "GPE")]),
        ext("c3", [("Vellmar Republic", "GPE"), ("VR", "GPE")]),
        ext("c4", [("VR", "GPE"), ("Osk Tarrow", "PERSON")]),
    ])
    film, republic = entity_of(g, "c1", "Echoes of VR"), entity_of(g, "c2", "Vellmar Republic")
    assert film != republic
    assert entity_of(g, "c4", "VR") == republic


def test_an_acronym_no_document_spells_out_joins_no_work_or_person():
    """The corpus's one name with initials "VR" is a novel (or a person) no document relates to "VR": no join.
    An organisation of those initials is joined (the ordinary reading of an acronym)."""
    chunks = [chunk("c1", "d1"), chunk("c2", "d2")]
    g = resolve(chunks, [ext("c1", [("Vesper Rain", "WORK_OF_ART")]), ext("c2", [("VR", "ORG")])])
    assert entity_of(g, "c2", "VR") != entity_of(g, "c1", "Vesper Rain")
    g = resolve(chunks, [ext("c1", [("Vesper Railways", "ORG")]), ext("c2", [("VR", "ORG")])])
    assert entity_of(g, "c2", "VR") == entity_of(g, "c1", "Vesper Railways")


def test_an_acronym_of_many_mentions_is_not_made_a_place_by_one_spelling():
    """"QTV" is a broadcaster written alone in five articles; one article spells it out as a valley. That
    article's "QTV" is the valley; the broadcaster is not. A rare acronym typed loosely does join the place its
    one spelling names."""
    chunks = [chunk(f"c{i}", f"d{i}") for i in range(1, 8)]
    g = resolve(chunks, [ext("c1", [("Quarn Tor Valley", "LOC"), ("QTV", "ORG")])]
                + [ext(f"c{i}", [("QTV", "ORG")]) for i in range(2, 7)]
                + [ext("c7", [("Osk Tarrow", "PERSON")])])
    valley = entity_of(g, "c1", "Quarn Tor Valley")
    assert entity_of(g, "c1", "QTV") == valley and entity_of(g, "c2", "QTV") != valley
    g = resolve(chunks[:2], [ext("c1", [("Quarn Tor Valley", "LOC"), ("QTV", "LOC")]), ext("c2", [("QTV", "ORG")])])
    assert entity_of(g, "c2", "QTV") == entity_of(g, "c1", "Quarn Tor Valley")


def test_acronym_target_fits():
    from hopgraph.indexing.merge import acronym_target_fits

    assert acronym_target_fits("ORG", "ORG", 0, 5) and not acronym_target_fits("ORG", "PERSON", 0, 1)
    assert not acronym_target_fits("ORG", "GPE", 0, 1)  # unspelled, another class
    assert acronym_target_fits("ORG", "FAC", 0, 1)  # a museum's or an airport's acronym, typed an organisation
    assert acronym_target_fits("ORG", "GPE", 1, 2) and not acronym_target_fits("ORG", "LOC", 1, 17)


def test_a_one_word_alias_joined_to_one_person_links_no_other():
    """"Grand Duchess Orsa of Velloria, known as Orsa" in her article; "Orsina Kell, also known as Orsa" in
    another: the two women stay two entities (the one-word "Orsa" is no chain between them); a one-word alias
    of nobody yet still joins."""
    from hopgraph.models import Triple

    def with_alias(e: ChunkExtraction, s: str, o: str) -> ChunkExtraction:
        e.triples = [Triple(subject=s, predicate="also know as", object=o, chunk_id=e.chunk_id, sentence="s")]
        return e

    chunks = [chunk("c1", "d1"), chunk("c2", "d2"), chunk("c3", "d3")]
    g = resolve(chunks, [
        with_alias(ext("c1", [("Grand Duchess Orsa of Velloria", "PERSON"), ("Orsa", "PERSON")]),
                   "Grand Duchess Orsa of Velloria", "Orsa"),
        with_alias(ext("c2", [("Orsina Kell", "PERSON"), ("Orsa", "PERSON")]), "Orsina Kell", "Orsa"),
        with_alias(ext("c3", [("Bram Tolliver", "PERSON"), ("Brandle", "PERSON")]), "Bram Tolliver", "Brandle"),
    ])
    duchess, kell = entity_of(g, "c1", "Grand Duchess Orsa of Velloria"), entity_of(g, "c2", "Orsina Kell")
    assert duchess != kell and entity_of(g, "c1", "Orsa") == duchess
    assert entity_of(g, "c3", "Brandle") == entity_of(g, "c3", "Bram Tolliver")


def test_short_name_targets_split_once_are_those_of_fits():
    """`short_name_targets` (each name split once) pairs exactly the names `_fits` pairs, one call per pair."""
    import random

    from hopgraph.indexing.variants import _NOT_PERSONAL, _fits, short_name_targets

    words = ["ada", "a", "adelaide", "bo", "b", "ii", "of", "luneholm", "orwin", "orwinson", "count", "kell"]
    rng = random.Random(3)
    for _ in range(30):
        keys = {" ".join(rng.choice(words) for _ in range(rng.randint(1, 4))) for _ in range(40)}
        persons = {k for k in keys if rng.random() < 0.6}
        personal = [k.split() for k in keys if k and not _NOT_PERSONAL.intersection(k.split())]
        want = {}
        for w in personal:
            if len(w) >= 2 and len(w[-1]) >= 3:
                cands = [" ".join(c) for c in personal if len(c) >= 3 and _fits(w, c)]
                if len(cands) == 1 and (" ".join(w) in persons or cands[0] in persons):
                    want[" ".join(w)] = cands[0]
        assert short_name_targets(keys, persons) == want
