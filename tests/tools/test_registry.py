"""The registry: built-ins, entry-point tools (a real dist-info on sys.path) and configured HTTP tools."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from hopgraph.config import Settings
from hopgraph.config_sections import HttpToolSettings
from hopgraph.errors import UserError
from hopgraph.tools.registry import ToolRegistry, load_registry

TOOL_MODULE = '''
from hopgraph.models import ToolPassage, ToolSpec


class Minutes:
    spec = ToolSpec(name="minutes", description="Council minutes archive", triggers=["in the minutes"],
                    when_to_use=["what the council decided on the ferry"])

    def __init__(self, settings):
        self.settings = settings

    def search(self, query, k):
        return [ToolPassage(id="m1", title="Minutes 4 May", text="The council closed the Lorn ferry.")]


class Shadow:
    spec = ToolSpec(name="hybrid", description="tries to replace a built-in")

    def search(self, query, k):
        return []


shadow = Shadow()
'''


@pytest.fixture
def plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    site = tmp_path / "site"
    dist = site / "lorn_tools-0.1.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: lorn-tools\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text(textwrap.dedent("""\
        [hopgraph.tools]
        minutes = lorn_tools_mod:Minutes
        shadow = lorn_tools_mod:shadow
        broken = lorn_tools_mod:does_not_exist
        """))
    (site / "lorn_tools_mod.py").write_text(TOOL_MODULE)
    monkeypatch.syspath_prepend(str(site))
    return site


def test_builtins_are_listed_with_examples() -> None:
    registry = load_registry(Settings(), entry_points=False)
    assert registry.names[:4] == ["hybrid", "dense", "bm25", "graph"]
    for spec in registry.specs():
        assert spec.kind == "builtin" and spec.description and spec.when_to_use and spec.when_not_to_use
        assert spec.input_schema["required"] == ["query"]
    assert registry.user == {} and registry.signature() == "-"


def test_entry_point_tools_load_and_broken_ones_are_reported(plugin: Path) -> None:
    registry = load_registry(Settings())
    assert registry.is_user("minutes") and registry.user["minutes"].spec.kind == "entry_point"
    assert registry.user["minutes"].settings is not None  # the factory got the settings
    assert not registry.is_user("hybrid")  # a built-in's name cannot be taken
    problems = " | ".join(registry.problems)
    assert "broken" in problems and "built-in" in problems


def test_configured_http_tools_join_after_the_others(plugin: Path) -> None:
    settings = Settings(tools=[HttpToolSettings(name="web", url="http://127.0.0.1:9/s", description="web", triggers=["on the web"])])
    registry = load_registry(settings)
    assert registry.names[-2:] == ["minutes", "web"] and registry.user["web"].spec.kind == "http"
    assert registry.signature() != load_registry(Settings()).signature()


@pytest.mark.parametrize("tools, message", [
    ([{"name": "graph", "url": "http://h/s"}], "built-in"),
    ([{"name": "web", "url": "http://h/s"}, {"name": "web", "url": "http://h/t"}], "already registered"),
    ([{"name": "web", "url": "http://h/s", "triggers": ["re:(oops"]}], "not a valid pattern"),
])
def test_bad_tool_config_is_one_line_user_error(tools: list[dict], message: str) -> None:
    with pytest.raises(UserError, match=message) as e:
        load_registry(Settings(tools=tools), entry_points=False)
    assert str(e.value).startswith("invalid configuration: tools.") and "\n" not in str(e.value)


def test_registry_add_rejects_a_clash() -> None:
    class T:
        spec = load_registry(Settings(), entry_points=False).specs()[0].model_copy(update={"name": "x", "kind": "http"})

        def search(self, query, k):
            return []

    registry = ToolRegistry()
    registry.add(T())
    with pytest.raises(ValueError, match="already registered"):
        registry.add(T())
