"""normalize() and resolve() on hand-built extractions (no spaCy needed)."""

from __future__ import annotations

from hopgraph.indexing.normalize import normalize, parse_date, strip_disambiguator
from hopgraph.indexing.resolve import resolve
from hopgraph.models import Chunk, ChunkExtraction, Cooccurrence, Mention, Triple


def chunk(cid: str, doc: str, title: str = "") -> Chunk:
    return Chunk(chunk_id=cid, doc_id=doc, title=title, text="x", start=0, end=1, content_hash="h")


def ment(cid: str, text: str, label: str = "PERSON", start: int = 0) -> Mention:
    return Mention(text=text, label=label, chunk_id=cid, start=start, end=start + len(text))


def ext(cid: str, names: list[tuple[str, str]], triples=(), cooc=()) -> ChunkExtraction:
    return ChunkExtraction(
        chunk_id=cid,
        mentions=[ment(cid, n, lab, i + 1) for i, (n, lab) in enumerate(names)],  # mid-text offsets
        triples=[Triple(subject=s, predicate=p, object=o, chunk_id=cid, sentence="s") for s, p, o in triples],
        cooccurrences=[Cooccurrence(a=a, b=b, chunk_id=cid, sentence=sent) for a, b, sent in cooc],
    )


def ids_by_alias(graph) -> dict[str, set[int]]:
    out: dict[str, set[int]] = {}
    for alias, i in graph.alias_rows:
        out.setdefault(alias, set()).add(i)
    return out


# ------------------------------------------------------------------ normalize


def test_normalize_cases():
    assert normalize("The Émile-Zola  Prize") == "emile zola prize"
    assert normalize("Lisa Hallmüller") == "lisa hallmuller"
    assert normalize("A Night at the Harbour") == "night at the harbour"
    assert normalize("  Salt, Smoke & Cedar 2 ") == "salt smoke cedar 2"
    assert normalize("J. Arden Pike") == "j arden pike"
    assert normalize("The") == "the"


def test_dates_and_disambiguators():
    assert parse_date("14 March 1931") == parse_date("March 14, 1931") == (1931, 3, 14)
    assert parse_date("1970") == (1970, None, None)
    assert strip_disambiguator("Four Quiet Rooms (1936 film)") == "Four Quiet Rooms"


# ------------------------------------------------------------------ merges


def test_same_norm_merges_across_documents_and_ids_are_consecutive():
    chunks = [chunk("c1", "d1"), chunk("c2", "d2")]
    exts = [ext("c1", [("Lisa Hallmüller", "PERSON"), ("Rome", "GPE")]),
            ext("c2", [("Lisa Hallmuller", "PERSON")])]
    g = resolve(chunks, exts)
    assert [e.entity_id for e in g.entities] == list(range(len(g.entities)))
    lina = g.entities[0]
    assert set(lina.aliases) == {"Lisa Hallmüller", "Lisa Hallmuller"}
    assert lina.doc_freq == 2 and lina.type == "PERSON"
    assert ids_by_alias(g)["lisa hallmuller"] == {0}
    assert {m["entity_id"] for m in g.mentions if m["chunk_id"] == "c2"} == {0}


def test_acronym_merges_with_full_name():
    chunks = [chunk("c1", "d1")]
    exts = [ext("c1", [("International Business Machines", "ORG"), ("IBM", "ORG")])]
    g = resolve(chunks, exts)
    assert len(g.entities) == 1
    assert set(g.entities[0].aliases) == {"International Business Machines", "IBM"}


def test_surname_merges_with_full_name_within_its_document_only():
    chunks = [chunk("c1", "d1"), chunk("c2", "d2"), chunk("c3", "d3")]
    exts = [
        ext("c1", [("Ada Brennick", "PERSON"), ("Brennick", "PERSON"), ("lumenite", "PROPN")],
            triples=[("Brennick", "discover", "lumenite")]),
        ext("c2", [("Mae Marsh", "PERSON"), ("Marsh", "PERSON")]),
        ext("c3", [("Reginald Marsh", "PERSON"), ("Marsh", "PERSON")]),
    ]
    g = resolve(chunks, exts)
    by = ids_by_alias(g)
    assert by["brennick"] == by["ada brennick"]
    assert by["mae marsh"] != by["reginald marsh"]
    assert len(by["marsh"]) == 2  # each bare "Marsh" joined the full name of its own document
    rel = next(r for r in g.relations if r.kind == "typed")
    assert g.entities[rel.source_id].name == "Ada Brennick"


def test_bare_surname_in_another_document_joins_the_one_full_name():
    chunks = [chunk("c1", "d1"), chunk("c2", "d2")]
    exts = [ext("c1", [("Orla Vennick", "PERSON")]), ext("c2", [("Vennick", "PERSON")])]
    by = ids_by_alias(resolve(chunks, exts))
    assert by["vennick"] == by["orla vennick"]


def test_bare_surname_of_two_full_names_in_the_corpus_stays_separate():
    chunks = [chunk("c1", "d1"), chunk("c2", "d2"), chunk("c3", "d3")]
    exts = [ext("c1", [("Orla Vennick", "PERSON")]), ext("c2", [("Tam Vennick", "PERSON")]),
            ext("c3", [("Vennick", "PERSON")])]
    by = ids_by_alias(resolve(chunks, exts))
    assert by["vennick"] != by["orla vennick"] and by["vennick"] != by["tam vennick"]


def test_first_name_and_initial_join_the_full_name():
    chunks = [chunk("c1", "d1"), chunk("c2", "d2")]
    exts = [ext("c1", [("Priska Olund", "PERSON"), ("Priska", "PERSON")]), ext("c2", [("P. Olund", "PERSON")])]
    by = ids_by_alias(resolve(chunks, exts))
    assert by["priska"] == by["priska olund"] == by["p olund"]


def test_first_word_of_an_organisation_joins_it_but_a_city_never_joins_its_university():
    chunks = [chunk("c1", "d1"), chunk("c2", "d2")]
    exts = [
        ext("c1", [("Quillon Maritime Analytics", "ORG"), ("Quillon", "ORG"), ("Tarrowby", "GPE")]),
        ext("c2", [("University of Tarrowby", "ORG"), ("Tarrowby", "GPE"), ("Tarrowby", "GPE")]),
    ]
    g = resolve(chunks, exts)
    by = ids_by_alias(g)
    assert by["quillon"] == by["quillon maritime analytics"]
    assert by["tarrowby"] != by["university of tarrowby"]
    assert {g.entities[i].type for i in by["tarrowby"]} == {"GPE"}


def test_a_name_that_starts_several_names_joins_none():
    chunks = [chunk("c1", "d1"), chunk("c2", "d2")]
    exts = [ext("c1", [("Brisk Harbour Hospital", "ORG"), ("Brisk", "ORG")]),
            ext("c2", [("Brisk Gazette", "ORG")])]
    by = ids_by_alias(resolve(chunks, exts))
    assert by["brisk"] != by["brisk harbour hospital"]


def test_type_votes_over_mentions_and_relations():
    chunks = [chunk("c1", "d1"), chunk("c2", "d2")]
    exts = [ext("c1", [("Yselle Marrow", "ORG"), ("Dunmere", "GPE")], triples=[("Yselle Marrow", "born in", "Dunmere")]),
            ext("c2", [("Yselle Marrow", "PERSON")])]
    g = resolve(chunks, exts)
    person = g.entities[next(iter(ids_by_alias(g)["yselle marrow"]))]
    assert person.type == "PERSON"


def test_capitalised_ordinary_word_is_no_entity():
    c1 = Chunk(chunk_id="c1", doc_id="d1", text="Present: Ilsa Varn. The present plan stands.", start=0, end=44,
               content_hash="h")
    g = resolve([c1], [ext("c1", [("Present", "PROPN"), ("Ilsa Varn", "PERSON")])])
    by = ids_by_alias(g)
    assert "present" not in by and "ilsa varn" in by


def test_name_prefers_full_form_over_capitals_and_surname():
    chunks = [chunk("c1", "d1")]
    exts = [ext("c1", [("Ottla Brevik", "PERSON"), ("BREVIK", "PERSON"), ("BREVIK", "PERSON"), ("Brevik", "PERSON")])]
    g = resolve(chunks, exts)
    assert [e.name for e in g.entities] == ["Ottla Brevik"]


def test_title_match_and_title_base_form():
    chunks = [chunk("c1", "d1", title="Four Quiet Rooms (1936 film)"), chunk("c2", "d2", title="Mort Dellacourt")]
    exts = [
        ext("c1", [("Four Quiet Rooms", "PROPN"), ("Four Quiet Rooms (1936 film)", "TITLE")]),
        ext("c2", [("Mort Dellacourt", "TITLE"), ("Mort Dellacourt", "PERSON"), ("four quiet rooms (1936 film)", "PROPN")]),
    ]
    g = resolve(chunks, exts)
    by = ids_by_alias(g)
    assert by["four quiet rooms"] == by["four quiet rooms 1936 film"]
    film = g.entities[next(iter(by["four quiet rooms"]))]
    assert film.name == "Four Quiet Rooms (1936 film)" and film.doc_freq == 2
    capra = g.entities[next(iter(by["mort dellacourt"]))]
    assert capra.type == "PERSON"  # TITLE takes the NER type of the same name


def test_relations_typed_cooccur_self_loops_and_unresolvable_endpoints():
    chunks = [chunk("c1", "d1")]
    exts = [ext(
        "c1",
        [("Walt Brennan", "PERSON"), ("The Riding Stranger", "PROPN"), ("Buck Tolliver", "PERSON")],
        triples=[("Walt Brennan", "direct", "The Riding Stranger"), ("Walt Brennan", "be", "Walt Brennan"),
                 ("Walt Brennan", "direct", "ten films"), ("Walt Brennan", "born in", "Chicago")],
        cooc=[("Walt Brennan", "Buck Tolliver", "s1"), ("Buck Tolliver", "Walt Brennan", "s2"),
              ("Walt Brennan", "The Riding Stranger", "s1")],
    )]
    g = resolve(chunks, exts)
    typed = {(g.entities[r.source_id].name, r.predicate, g.entities[r.target_id].name)
             for r in g.relations if r.kind == "typed"}
    assert typed == {("Walt Brennan", "direct", "The Riding Stranger"), ("Walt Brennan", "born in", "Chicago")}
    chicago = next(e for e in g.entities if e.name == "Chicago")
    assert chicago.type == "GPE"  # no mention, but the object of "born in" (relational evidence)
    co = {frozenset((g.entities[r.source_id].name, g.entities[r.target_id].name)): r.weight
          for r in g.relations if r.kind == "cooccur"}
    assert co[frozenset(("Walt Brennan", "Buck Tolliver"))] == 2.0
    assert co[frozenset(("Walt Brennan", "The Riding Stranger"))] == 1.0
    assert all(r.predicate == "co-occurs with" for r in g.relations if r.kind == "cooccur")


def test_known_as_merges_names():
    chunks = [chunk("c1", "d1")]
    exts = [ext("c1", [("Alistair Junior Brack", "PERSON"), ("Ali da Fox", "PERSON")],
                triples=[("Alistair Junior Brack", "know as", "Ali da Fox")])]
    g = resolve(chunks, exts)
    assert len(g.entities) == 1


# ------------------------------------------------------------------ name variants and topic weights


def test_short_name_joins_the_unique_longer_name_across_documents():
    chunks = [chunk("c1", "d1"), chunk("c2", "d2"), chunk("c3", "d3")]
    exts = [
        ext("c1", [("Corin Walter Haskett", "PERSON"), ("2 June 1937", "DATE")],
            triples=[("Corin Walter Haskett", "born on", "2 June 1937")]),
        ext("c2", [("Corin Haskett", "PERSON"), ("Sam Tolland", "PERSON")]),
        ext("c3", [("Samuel Pryce Tolland", "PERSON")]),
    ]
    ids = ids_by_alias(resolve(chunks, exts))
    assert ids["corin haskett"] == ids["corin walter haskett"]
    assert ids["sam tolland"] == ids["samuel pryce tolland"]


def test_ambiguous_or_titled_short_names_stay_apart():
    chunks = [chunk(f"c{i}", f"d{i}") for i in range(5)]
    exts = [
        ext("c0", [("Pell Adam Orwin", "PERSON")]),
        ext("c1", [("Pell Bruce Orwin", "PERSON")]),
        ext("c2", [("Pell Orwin", "PERSON"), ("Conrad of Ostervald", "PERSON")]),
        ext("c3", [("Conrad II of Ostervald", "PERSON"), ("Count of Harrowmere", "PERSON")]),
        ext("c4", [("Count Anselm I of Harrowmere", "PERSON")]),
    ]
    ids = ids_by_alias(resolve(chunks, exts))
    assert ids["pell orwin"] not in (ids["pell adam orwin"], ids["pell bruce orwin"])
    assert ids["conrad of ostervald"] != ids["conrad ii of ostervald"]
    assert ids["count of harrowmere"] != ids["count anselm i of harrowmere"]


def test_royal_short_name_joins_its_full_form():
    chunks = [chunk("c1", "d1"), chunk("c2", "d2")]
    exts = [ext("c1", [("Adela Sophie of Lüneholm", "PERSON")]),
            ext("c2", [("Adela of Lüneholm", "PERSON")])]
    ids = ids_by_alias(resolve(chunks, exts))
    assert ids["adela of luneholm"] == ids["adela sophie of luneholm"]


def test_cooccurrence_weight_sums_sentence_and_topic_weights():
    c = ChunkExtraction(chunk_id="c1", mentions=[ment("c1", "Lew Darrow", "PERSON"), ment("c1", "Mabel Brown", "PROPN")],
                        cooccurrences=[Cooccurrence(a="Mabel Brown", b="Lew Darrow", chunk_id="c1", sentence="s2",
                                                    weight=0.5)])
    graph = resolve([chunk("c1", "d1")], [c])
    (rel,) = [r for r in graph.relations if r.kind == "cooccur"]
    assert rel.weight == 0.5


def test_first_name_joins_a_royal_style_name_but_a_place_not_its_institution():
    chunks = [chunk("c1", "d1"), chunk("c2", "d2")]
    exts = [ext("c1", [("Osric of Tallow", "ORG"), ("Osric", "PERSON")]),
            ext("c2", [("Dunmere Conservatory of Music", "ORG"), ("Dunmere", "PERSON"), ("Dunmere Gazette", "ORG")])]
    by = ids_by_alias(resolve(chunks, exts))
    assert by["osric"] == by["osric of tallow"]
    assert by["dunmere"] != by["dunmere conservatory of music"]


def test_class_statements_type_an_entity_and_roles_need_a_person_holder():
    chunks = [chunk("c1", "d1")]
    extractions = [ext("c1", [("Quellmark", "PERSON"), ("Dunmere", "GPE"), ("Orla Vennick", "PERSON")],
                       triples=[("Quellmark", "class: ORG", "company"), ("Quellmark", "class: ORG", "firm"),
                                ("Quellmark", "role: publisher", "Dunmere"),
                                ("Orla Vennick", "role: chief executive", "Quellmark")])]
    graph = resolve(chunks, extractions)
    by_name = {e.name: e for e in graph.entities}
    assert by_name["Quellmark"].type == "ORG"
    preds = {(graph.entities[r.source_id].name, r.predicate) for r in graph.relations if r.kind == "typed"}
    assert ("Orla Vennick", "role: chief executive") in preds
    assert ("Quellmark", "role: publisher") not in preds
    assert not any(r.predicate.startswith("class: ") for r in graph.relations)


def test_a_person_publisher_of_an_organisation_holds_a_role():
    chunks = [chunk("c1", "d1")]
    extractions = [ext("c1", [("Orla Vennick", "PERSON"), ("Kestwick Press", "ORG")],
                       triples=[("Orla Vennick", "publisher", "Kestwick Press")])]
    graph = resolve(chunks, extractions)
    assert [r.predicate for r in graph.relations if r.kind == "typed"] == ["role: publisher"]


def test_a_place_class_noun_between_two_places_is_located_in():
    """"The Ossel is the main river of the Tarrowby region" read as (Ossel, river, Tarrowby): once both ends
    resolve to places, the relation is "located in"; with a person at one end the noun stays."""
    chunks = [chunk("c1", "d1"), chunk("c2", "d2")]
    exts = [ext("c1", [("Ossel", "LOC"), ("Tarrowby", "PERSON")], triples=[("Ossel", "river", "Tarrowby")]),
            ext("c2", [("Tarrowby", "GPE"), ("Tarrowby", "GPE"), ("Ada Brook", "PERSON")],
                triples=[("Ada Brook", "river", "Tarrowby")])]
    g = resolve(chunks, exts)
    preds = {(g.entities[r.source_id].name, r.predicate) for r in g.relations if r.kind == "typed"}
    assert ("Ossel", "located in") in preds
    assert ("Ada Brook", "river") in preds


def test_a_documents_keys_are_remembered_per_document():
    from hopgraph.indexing.resolve import doc_cached

    calls = []

    def key_of(text: str, doc_id: str) -> str:
        calls.append((text, doc_id))
        return f"{doc_id}:{text.lower()}"

    cached = doc_cached(key_of)
    assert [cached(t, d) for t, d in [("A", "d1"), ("A", "d1"), ("B", "d1"), ("A", "d2"), ("A", "d1")]] == \
        ["d1:a", "d1:a", "d1:b", "d2:a", "d1:a"]
    assert calls == [("A", "d1"), ("B", "d1"), ("A", "d2")]  # d1's "A" is not keyed again after d2
