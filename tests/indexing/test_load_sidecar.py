"""indexing/load.py: metadata sidecar files next to the documents of a folder corpus (invented world)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hopgraph.errors import UserError
from hopgraph.indexing.load import load_corpus


def test_sidecars_add_metadata_override_front_matter_and_are_not_documents(tmp_path: Path) -> None:
    (tmp_path / "ferry.md").write_text("---\nsource: draft\nauthor: Ansa Morrow\n---\n# Ferry fares rise\n\nThe ferry raised its fares.\n")
    (tmp_path / "ferry.md.meta.json").write_text('{"source": "Quillon Ledger", "date": "2020-02-11"}')
    (tmp_path / "dock.txt").write_text("The winter dock reopened.\n")
    (tmp_path / "dock.txt.meta.yaml").write_text("date: 2021-03-09\nkind: minutes\n")
    (tmp_path / "plain.txt").write_text("No metadata here.\n")
    loaded = load_corpus(tmp_path)
    docs = {d.doc_id: d for d in loaded.documents}
    assert set(docs) == {"ferry.md", "dock.txt", "plain.txt"}
    assert docs["ferry.md"].metadata == {"source": "Quillon Ledger", "author": "Ansa Morrow", "date": "2020-02-11"}
    assert docs["dock.txt"].metadata == {"date": "2021-03-09", "kind": "minutes"}  # the YAML date becomes text
    assert docs["plain.txt"].metadata == {}
    assert not any("meta" in line for line in loaded.ignored)


@pytest.mark.parametrize("name, content, message", [
    ("a.txt.meta.json", "{bad json", "unreadable metadata sidecar"),
    ("a.txt.meta.json", "[1, 2]", "must hold an object"),
    ("a.txt.meta.yaml", "key: [unclosed", "unreadable metadata sidecar"),
])
def test_a_malformed_sidecar_is_one_user_error_naming_it(tmp_path: Path, name: str, content: str, message: str) -> None:
    (tmp_path / "a.txt").write_text("Text.\n")
    (tmp_path / name).write_text(content)
    with pytest.raises(UserError, match=message) as e:
        load_corpus(tmp_path)
    assert name in str(e.value)
