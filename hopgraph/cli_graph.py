"""Graph exploration commands: entities, entity, neighbors, path, export."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer
from rich.markup import escape
from rich.table import Table
from rich.tree import Tree

from hopgraph.cli_common import StoreOpt, console, open_hopgraph
from hopgraph.errors import UserError


JsonOpt = typer.Option(False, "--json", help="Print the result as JSON.")


def _open_graph(store: Optional[Path]):
    """(HopGraph, its KnowledgeGraph); a one-line error when the store has no graph."""
    hg = open_hopgraph(store)
    require = getattr(hg, "require_graph", None)
    if require is not None:
        require()
    return hg, hg.graph


def _print_json(data) -> None:
    print(json.dumps(data, indent=2, ensure_ascii=False))


def _resolve(kg, name: str) -> int:
    from hopgraph.graph.paths import closest_names, find_entity

    eid = find_entity(kg, name)
    if eid is None:
        suggestions = ", ".join(closest_names(kg, name)) or "none"
        raise UserError(f"no entity named {name!r}; closest: {suggestions}")
    return eid


def entities(
    type_: Optional[str] = typer.Option(None, "--type", "-t", help="Only this entity type (PERSON, ORG, GPE, DATE, TITLE …)."),
    match: Optional[str] = typer.Option(None, "--match", "-m", help="Only names containing this text (case-insensitive)."),
    top: int = typer.Option(20, "--top", "-n", help="How many to show, most connected first."),
    store: Optional[Path] = StoreOpt,
    as_json: bool = JsonOpt,
) -> None:
    """List entities, most connected first."""
    _, kg = _open_graph(store)
    types = sorted({e.type for e in kg.entities.values() if e.type})
    if type_ and type_.upper() not in {t.upper() for t in types}:
        raise UserError(f"unknown entity type {type_!r}; this store has: {', '.join(types) or 'no typed entities'}")
    rows = [e for e in kg.entities.values()
            if (not type_ or e.type.upper() == type_.upper()) and (not match or match.lower() in e.name.lower())]
    rows.sort(key=lambda e: (-kg.degree(e.entity_id), -e.doc_freq, e.name))
    if as_json:
        _print_json([{"id": e.entity_id, "name": e.name, "type": e.type, "degree": kg.degree(e.entity_id),
                      "doc_freq": e.doc_freq, "aliases": e.aliases} for e in rows[:top]])
        return
    if not rows:
        kind = f" of type {type_.upper()}" if type_ else ""
        console.print(escape(f"no entity{kind} has {match!r} in its name" if match else f"no entity{kind}"), highlight=False)
        return
    table = Table(title=f"{len(rows)} entities" + (f" (showing {top})" if len(rows) > top else ""))
    for col in ("id", "name", "type", "degree", "docs", "aliases"):
        table.add_column(col)
    for e in rows[:top]:
        table.add_row(str(e.entity_id), escape(_clean(e.name)), e.type, str(kg.degree(e.entity_id)), str(e.doc_freq),
                      escape(", ".join(_clean(a) for a in e.aliases[:4])))
    console.print(table)


def _clean(text: str) -> str:
    """A name or sentence on one line (no newlines or runs of spaces)."""
    return " ".join(text.split())


def entity(
    name: str = typer.Argument(..., help="Entity name or alias."),
    top: int = typer.Option(15, "--top", "-n", help="Relations to show (typed first)."),
    cooccur: bool = typer.Option(False, "--cooccur", help="Also list co-occurrence links (named in one sentence, no stated relation)."),
    store: Optional[Path] = StoreOpt,
    as_json: bool = typer.Option(False, "--json", help="Print the entity with every relation and mention as JSON."),
) -> None:
    """One entity: aliases, type, degree and its typed relations with their source sentences.

    Co-occurrence links are summarised in one line unless --cooccur lists them."""
    hg, kg = _open_graph(store)
    eid = _resolve(kg, name)
    if as_json:
        from hopgraph.server.lookup import entity_detail

        _print_json(entity_detail(kg, hg.store, eid).model_dump(mode="json"))
        return
    e = kg.entities[eid]
    shown = _clean(e.name)
    edges = kg.edges_of(eid)
    typed = sorted((t for t in edges if t[1].kind == "typed"), key=lambda t: (-t[1].weight, t[0]))
    loose = sorted((t for t in edges if t[1].kind != "typed"), key=lambda t: (-t[1].weight, t[0]))
    console.print(f"[bold]{escape(shown)}[/bold] (id {eid}, {e.type or 'untyped'}, degree {kg.degree(eid)}: "
                  f"{len(typed)} typed, {len(loose)} co-occurrence; in {e.doc_freq} documents)")
    aliases = list(dict.fromkeys(a for a in (_clean(a) for a in e.aliases) if a and a != shown))
    console.print(escape(f"aliases: {', '.join(aliases) or '-'}"))
    rows = typed[:top] + (loose[:top] if cooccur else [])
    if rows:
        table = Table(title="relations" + (" (typed first)" if cooccur else ""))
        for col in ("source", "predicate", "target", "chunk", "sentence"):
            table.add_column(col, overflow="fold")
        for _, r, _ in rows:
            pred = r.predicate if r.kind == "typed" else "(co-occurs with)"
            table.add_row(*(escape(_clean(x)) for x in (kg.entities[r.source_id].name, pred, kg.entities[r.target_id].name,
                                                        r.chunk_id, r.sentence)))
        console.print(table)
    elif not typed:
        console.print("no typed relations")
    more = len(typed) - min(len(typed), top)
    if more:
        console.print(f"[dim]… and {more} more typed relations (--top to see more)[/dim]")
    if loose and not cooccur:
        counts: dict[int, int] = {}
        for _, _, other in loose:
            counts[other] = counts.get(other, 0) + 1
        names = sorted(counts, key=lambda o: (-counts[o], kg.entities[o].name))
        listed = ", ".join(f"{_clean(kg.entities[o].name)} ({counts[o]})" for o in names[:8])
        rest = f", … {len(names) - 8} more" if len(names) > 8 else ""
        console.print(escape(f"co-occurs with {len(names)} entities in {len(loose)} sentences: {listed}{rest}"), style="dim")
        console.print("[dim](--cooccur lists them with their sentences)[/dim]")


def neighbors_cmd(
    name: str = typer.Argument(..., help="Entity name or alias."),
    hops: int = typer.Option(1, "--hops", help="Expansion depth (1-3)."),
    predicate: Optional[str] = typer.Option(None, "--predicate", "-p", help="Only follow edges whose predicate contains this."),
    store: Optional[Path] = StoreOpt,
    as_json: bool = typer.Option(False, "--json", help="Print the nodes (with distance) and edges (with sentence) as JSON."),
) -> None:
    """Entities within N hops, grouped by distance."""
    from hopgraph.graph.paths import neighborhood

    if not 1 <= hops <= 3:
        raise UserError(f"--hops must be between 1 and 3 (got {hops})")
    _, kg = _open_graph(store)
    eid = _resolve(kg, name)
    hood = neighborhood(kg, eid, hops, predicate)
    if as_json:
        _print_json(hood.model_dump(mode="json"))
        return
    if len(hood.nodes) <= 1:
        only = f" whose predicate contains {predicate!r}" if predicate else ""
        console.print(escape(f"{_clean(kg.entities[eid].name)} has no relation{only}"), highlight=False)
        return
    tree = Tree(f"[bold]{escape(kg.entities[eid].name)}[/bold]")
    by_node = {n.id: n for n in hood.nodes}
    for edge in hood.edges:
        if eid in (edge.source, edge.target):
            other = by_node[edge.target if edge.source == eid else edge.source]
            arrow = "→" if edge.source == eid else "←"
            tree.add(escape(f"{arrow} {edge.predicate} {arrow} {other.name} ") + f"[dim]({other.type}, {escape(edge.chunk_id)})[/dim]")
    far = [n for n in hood.nodes if n.distance > 1]
    if far:
        branch = tree.add(f"[dim]{len(far)} more within {hops} hops[/dim]")
        for n in far[:30]:
            branch.add(f"{escape(n.name)} [dim]({n.type}, distance {n.distance})[/dim]")
    console.print(tree)


def path(
    source: str = typer.Argument(..., help="Start entity."),
    target: str = typer.Argument(..., help="End entity."),
    max_hops: int = typer.Option(3, "--max-hops", help="Longest path in edges."),
    store: Optional[Path] = StoreOpt,
    as_json: bool = typer.Option(False, "--json", help="Print the paths (entities, edges with sentence and chunk id) as JSON."),
) -> None:
    """Shortest evidence paths between two entities, each edge with its sentence and chunk id."""
    from hopgraph.graph.paths import evidence_paths

    if max_hops < 1:
        raise UserError(f"--max-hops must be at least 1 (got {max_hops})")
    _, kg = _open_graph(store)
    a, b = _resolve(kg, source), _resolve(kg, target)
    paths = evidence_paths(kg, a, b, max_hops)
    if not paths:
        raise UserError(f"no path of at most {max_hops} hops between {kg.entities[a].name!r} and {kg.entities[b].name!r}")
    if as_json:
        _print_json({"source": {"id": a, "name": kg.entities[a].name}, "target": {"id": b, "name": kg.entities[b].name},
                     "paths": [p.model_dump(mode="json") for p in paths]})
        return
    for i, p in enumerate(paths, 1):
        tree = Tree(f"[bold]path {i}[/bold]: {escape(' → '.join(p.entities))}")
        for e in p.edges:
            tree.add(escape(f"{e.source} —[{e.predicate}]→ {e.target}  {e.chunk_id}") + f"\n  [dim]“{escape(e.sentence)}”[/dim]")
        console.print(tree)


def export(
    fmt: str = typer.Option(..., "--format", "-f", help="graphml | gexf | json | neo4j-csv"),
    out: Path = typer.Option(..., "--out", "-o", help="Output file (a folder for neo4j-csv)."),
    store: Optional[Path] = StoreOpt,
) -> None:
    """Export the graph for Gephi, networkx or `neo4j-admin database import`."""
    from hopgraph.graph.export import export_graph

    hg, kg = _open_graph(store)
    for written in export_graph(kg, fmt, out, store=hg.store):
        console.print(f"wrote {written}")


def register(app: typer.Typer) -> None:
    app.command()(entities)
    app.command()(entity)
    app.command("neighbors")(neighbors_cmd)
    app.command()(path)
    app.command()(export)
