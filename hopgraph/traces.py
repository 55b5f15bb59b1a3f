"""Saved `ask` traces: list them and prune them (by count or age), over the store's `traces` table.

Every `ask` (CLI, Python API, `POST /ask`) saves its result under its trace id; `traces.keep` bounds how
many a store keeps, so a long-running `serve` does not grow the store without bound.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from pydantic import BaseModel

from hopgraph.store import Store


class TraceRow(BaseModel):
    """One saved trace, without its (large) result."""

    trace_id: str
    question: str
    created_at: str


def list_traces(store: Store, limit: int | None = None, match: str | None = None) -> list[TraceRow]:
    """Saved traces, newest first; `match` keeps questions containing it (case-insensitive)."""
    sql = "SELECT trace_id, question, created_at FROM traces"
    params: list[object] = []
    if match:
        sql += " WHERE instr(lower(question), ?) > 0"
        params.append(match.lower())
    sql += " ORDER BY rowid DESC"
    if limit is not None:
        sql += " LIMIT ?"
        params.append(limit)
    rows = store.conn.execute(sql, params).fetchall()
    return [TraceRow(trace_id=r[0], question=r[1] or "", created_at=r[2] or "") for r in rows]


def count_traces(store: Store) -> int:
    return int(store.conn.execute("SELECT COUNT(*) FROM traces").fetchone()[0])


def prune_traces(store: Store, keep: int | None = None, older_than_days: float | None = None,
                 now: datetime | None = None) -> int:
    """Delete all but the newest `keep` traces and those saved more than `older_than_days` ago; returns how many."""
    clauses: list[str] = []
    params: list[object] = []
    if keep is not None:
        clauses.append("rowid NOT IN (SELECT rowid FROM traces ORDER BY rowid DESC LIMIT ?)")
        params.append(max(keep, 0))
    if older_than_days is not None:
        cutoff = (now or datetime.now(timezone.utc)) - timedelta(days=older_than_days)
        clauses.append("created_at <= ?")
        params.append(cutoff.isoformat(timespec="seconds"))
    if not clauses:
        return 0
    with store._lock:
        cur = store.conn.execute(f"DELETE FROM traces WHERE {' OR '.join(clauses)}", params)
        store.conn.commit()
    return cur.rowcount


def enforce_retention(store: Store, keep: int) -> int:
    """After a save: drop the oldest traces beyond `keep` (0 = no limit); cheap when under the limit."""
    if keep <= 0 or count_traces(store) <= keep:
        return 0
    return prune_traces(store, keep=keep)
