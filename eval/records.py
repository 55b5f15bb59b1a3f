"""per_query.jsonl: one line per (system, question), appended as each question finishes.

Lines are written whole and flushed, so an interrupted run leaves at most one
truncated last line; `load_records` ignores it and `drop_partial_tail` cuts it
off before a resumed run appends.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import IO, Any

from pydantic import BaseModel, Field, ValidationError

from hopgraph.errors import UserError


class QueryRecord(BaseModel):
    """The outcome of one system on one question."""

    system: str
    query_id: str
    type: str = "unknown"
    style: str = ""  # metadata.style of the question ("" when the set has none)
    question: str = ""
    ranked: list[str] = Field(default_factory=list)  # document ids, deduplicated, rank order
    # document ids of the first k chunk hits exactly as returned (a document split into chunks repeats);
    # None in records written before this field existed
    returned: list[str] | None = None
    gold: list[str] = Field(default_factory=list)
    metrics: dict[str, float] = Field(default_factory=dict)
    latency_ms: float = 0.0
    trace: dict[str, Any] | None = None  # hops only: hops, corrections, termination, route, stage_calls
    answer: dict[str, Any] | None = None  # hops with --answers: eval.answers.score_answer's record


def append_record(f: IO[str], record: QueryRecord) -> None:
    """Write one whole line and flush it to the OS."""
    f.write(record.model_dump_json() + "\n")
    f.flush()


def load_records(path: Path) -> list[QueryRecord]:
    """Every complete line of a per_query.jsonl; a truncated last line is ignored."""
    if not path.exists():
        return []
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    complete = lines[:-1]  # the piece after the last newline is empty or a truncated line
    records: list[QueryRecord] = []
    for lineno, line in enumerate(complete, 1):
        if not line.strip():
            continue
        try:
            records.append(QueryRecord.model_validate(json.loads(line)))
        except (json.JSONDecodeError, ValidationError):
            raise UserError(f"{path}:{lineno}: not a per-query record; use another --out folder") from None
    return records


def drop_partial_tail(path: Path) -> None:
    """Cut anything after the last newline (a line an interrupted run did not finish)."""
    if not path.exists():
        return
    data = path.read_bytes()
    end = data.rfind(b"\n") + 1
    if end != len(data):
        with path.open("r+b") as f:
            f.truncate(end)


def latest_by_key(records: list[QueryRecord]) -> dict[tuple[str, str], QueryRecord]:
    """One record per (system, query_id); a later line replaces an earlier one."""
    return {(r.system, r.query_id): r for r in records}
