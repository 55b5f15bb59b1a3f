"""The LLM router sees the registry with its examples and may send a plan step to a user tool."""

from __future__ import annotations

from fake_openai_server import FakeOpenAI, Reply, settings_for
from hopgraph.config import Settings
from hopgraph.config_sections import HttpToolSettings
from hopgraph.llm import LLMClient
from hopgraph.models import RouteDecision
from hopgraph.router.llm import LLMRouter
from hopgraph.tools.prompt import registry_prompt
from hopgraph.tools.registry import load_registry

WEB = HttpToolSettings(name="web", url="http://127.0.0.1:9/s", description="Web search for recent events",
                       triggers=["on the web"], when_to_use=["ferry strike latest"], when_not_to_use=["who founded Lorn"])


class NoRules:
    def route(self, question: str) -> RouteDecision:
        raise AssertionError("the rule fallback should not be needed")


def test_registry_prompt_lists_every_tool_with_examples() -> None:
    text = registry_prompt(load_registry(Settings(tools=[WEB]), entry_points=False).specs())
    assert '- "web" (http): Web search for recent events' in text
    assert 'use for: "ferry strike latest"' in text and 'not for: "who founded Lorn"' in text
    assert '- "bm25" (builtin)' in text


def test_llm_router_sees_the_registry_and_may_pick_a_tool(fake_llm: FakeOpenAI) -> None:
    fake_llm.push(Reply.json({
        "route": "multi_hop", "shape": "single", "reason": "recent news",
        "requirements": [{"id": "R1", "description": "the strike", "entities": ["Lorn ferry"], "relation": "strike"},
                         {"id": "R2", "description": "the owner", "entities": ["Lorn ferry"], "relation": "owner"}],
        "plan": [{"requirement_id": "R1", "query": "Lorn ferry strike", "source": "web"},
                 {"requirement_id": "R2", "query": "Lorn ferry owner", "source": "nonsense"}]}))
    router = LLMRouter(LLMClient(settings_for(fake_llm)), NoRules())
    router.tools = load_registry(Settings(tools=[WEB]), entry_points=False)
    decision = router.route("Why did the Lorn ferry stop, and who owns it?")
    assert [s.source for s in decision.plan] == ["web", "hybrid"]  # an unknown source runs as hybrid
    system = fake_llm.requests[0]["messages"][0]["content"]
    assert '"web" (http): Web search for recent events' in system and "ferry strike latest" in system
