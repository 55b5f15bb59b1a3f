import sqlite3

from hopgraph.indexing import name_keys


def _conn() -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:")
    name_keys.create_tables(conn)
    return conn


def test_docs_by_key_lists_each_keys_documents_and_leaves_out_unheld_keys():
    conn = _conn()
    name_keys.add_doc(conn, 1, {"n:ada brook", "s:brook"}, set())
    name_keys.add_doc(conn, 2, {"n:brook", "s:brook"}, set())
    found = name_keys.docs_by_key(conn, ["s:brook", "n:ada brook", "n:nobody"])
    assert found == {"s:brook": {1, 2}, "n:ada brook": {1}}
    assert name_keys.docs_with(conn, ["s:brook", "n:ada brook"]) == {1, 2}


def test_docs_by_key_batches_many_keys():
    conn = _conn()
    keys = {f"n:name {i}" for i in range(1200)}
    name_keys.add_doc(conn, 7, keys, set())
    found = name_keys.docs_by_key(conn, keys)
    assert len(found) == 1200 and all(docs == {7} for docs in found.values())


def test_removed_document_no_longer_holds_its_keys():
    conn = _conn()
    name_keys.add_doc(conn, 1, {"n:tarrow"}, {"tarrow"})
    name_keys.add_doc(conn, 2, {"n:tarrow"}, set())
    name_keys.remove_doc(conn, 1, {"n:tarrow"}, {"tarrow"})
    assert name_keys.docs_by_key(conn, ["n:tarrow"]) == {"n:tarrow": {2}}
    assert name_keys.drop_unused_words(conn, ["tarrow"]) == {"tarrow"}


def test_key_holders_read_each_key_once_and_give_what_docs_by_key_gives() -> None:
    conn = sqlite3.connect(":memory:")
    name_keys.create_tables(conn)
    name_keys.add_doc(conn, 1, {"n:ada brook", "s:brook"}, set())
    name_keys.add_doc(conn, 2, {"n:ada brook"}, set())
    holders = name_keys.KeyHolders(conn)
    asked = {"n:ada brook", "s:brook", "n:nobody"}
    assert holders(asked) == name_keys.docs_by_key(conn, asked) == {"n:ada brook": {1, 2}, "s:brook": {1}}
    conn.execute("DELETE FROM doc_keys")  # known keys come from memory; a new key is read
    assert holders({"n:ada brook", "n:nobody", "s:ada"}) == {"n:ada brook": {1, 2}}


def test_a_name_written_in_lower_case_only_in_an_address_or_in_code_is_no_lower_case_word():
    from hopgraph.models import Chunk

    text = ("Send a CV to jobs@kalvor.example or see www.brenmark.example/about. The `tamsel.routes` module is gone; "
            "the mill stands.")
    words = name_keys.lower_words([Chunk(chunk_id="d#0", doc_id="d", text=text, start=0, end=len(text), content_hash="h")])
    assert {"kalvor", "brenmark", "tamsel", "example", "about", "www", "routes"}.isdisjoint(words)
    assert {"see", "module", "mill", "stands"} <= words
