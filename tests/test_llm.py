"""LLMClient against a real HTTP server: formats, retry, timeout, breaker, cache, counters, secrecy."""

from __future__ import annotations

import logging
import subprocess
import sys
import threading
import time
import traceback

import pytest
from pydantic import BaseModel

from fake_openai_server import FakeOpenAI, Reply, settings_for, tiny_store
from hopgraph.errors import UserError
from hopgraph.config_sections import LLMSettings
from hopgraph.llm import LLMClient, LLMFailure, LLMUnavailable, extract_json, track_usage

MESSAGES = [{"role": "user", "content": "Give me a city."}]


class City(BaseModel):
    name: str
    founded: int


GOOD = {"name": "Tamsel", "founded": 1803}


def test_valid_json_reply_is_validated_and_counted(fake_llm: FakeOpenAI) -> None:
    fake_llm.push(Reply.json(GOOD))
    client = LLMClient(settings_for(fake_llm, api_key="sk-test-123"))
    assert client.complete_json("test", MESSAGES, City) == City(name="Tamsel", founded=1803)
    body = fake_llm.requests[0]
    assert body["model"] == "fake-model" and body["messages"] == MESSAGES and body["temperature"] == 0.0
    assert body["response_format"]["type"] == "json_schema"
    assert body["response_format"]["json_schema"]["schema"]["required"] == ["name", "founded"]
    assert fake_llm.headers[0]["authorization"] == "Bearer sk-test-123"
    assert client.counters() == {"llm_calls": 1, "llm_cache_hits": 0, "llm_failures": 0,
                                 "llm_tokens_prompt": 11, "llm_tokens_completion": 7}


def test_json_inside_prose_and_fences_is_extracted(fake_llm: FakeOpenAI) -> None:
    fake_llm.push(Reply(content='Sure! Here it is:\n```json\n{"name": "Lorn", "founded": 1190}\n```\nAnything else?'))
    assert LLMClient(settings_for(fake_llm)).complete_json("test", MESSAGES, City).name == "Lorn"


def test_extract_json_skips_braces_that_are_not_json() -> None:
    assert extract_json('use {curly} braces: {"a": {"b": 1}} trailing }') == {"a": {"b": 1}}
    with pytest.raises(ValueError):
        extract_json("no object here")


def test_invalid_then_valid_reply_is_retried(fake_llm: FakeOpenAI) -> None:
    fake_llm.push(Reply(content="I think the city is Tamsel."), Reply.json(GOOD))
    client = LLMClient(settings_for(fake_llm))
    assert client.complete_json("test", MESSAGES, City).founded == 1803
    assert len(fake_llm.requests) == 2
    assert client.counters()["llm_failures"] == 0


def test_invalid_twice_raises_llm_failure(fake_llm: FakeOpenAI) -> None:
    fake_llm.push(Reply.json({"name": "Tamsel"}), Reply(content="not json"))
    client = LLMClient(settings_for(fake_llm))
    with pytest.raises(LLMFailure, match="invalid output"):
        client.complete_json("test", MESSAGES, City)
    assert len(fake_llm.requests) == 2
    assert client.counters()["llm_failures"] == 1


def test_slow_reply_times_out_and_fails(fake_llm: FakeOpenAI) -> None:
    fake_llm.default = Reply.json(GOOD, delay=1.5)
    client = LLMClient(settings_for(fake_llm, timeout_s=0.3))
    start = time.perf_counter()
    with pytest.raises(LLMFailure, match="timed out after 0.3s"):
        client.complete_json("test", MESSAGES, City)
    assert time.perf_counter() - start < 1.4  # two attempts of 0.3 s, not the server's 1.5 s
    assert len(fake_llm.requests) == 2


def test_http_500_then_success_is_retried_and_500_twice_fails(fake_llm: FakeOpenAI) -> None:
    fake_llm.push(Reply(status=500), Reply.json(GOOD), Reply(status=500), Reply(status=503))
    client = LLMClient(settings_for(fake_llm))
    assert client.complete_json("test", MESSAGES, City).name == "Tamsel"
    with pytest.raises(LLMFailure, match="HTTP 503"):
        client.complete_json("test", [{"role": "user", "content": "again"}], City)


def test_server_rejecting_json_schema_gets_json_object_with_schema(fake_llm: FakeOpenAI) -> None:
    fake_llm.reject_formats = {"json_schema"}
    fake_llm.push(Reply.json(GOOD), Reply.json(GOOD))
    client = LLMClient(settings_for(fake_llm))
    client.complete_json("test", MESSAGES, City)
    assert fake_llm.formats == ["json_schema", "json_object"]
    assert fake_llm.requests[1]["response_format"]["schema"]["properties"]["founded"]["type"] == "integer"
    assert client.response_mode == "json_object"
    client.complete_json("test", [{"role": "user", "content": "another"}], City)
    assert fake_llm.formats[2:] == ["json_object"]  # the accepted form is remembered
    assert client.counters()["llm_failures"] == 0


def test_a_500_naming_the_response_format_also_moves_to_the_next_form(fake_llm: FakeOpenAI) -> None:
    fake_llm.reject_formats, fake_llm.reject_status = {"json_schema"}, 500  # as llama-cpp-python's server does
    fake_llm.push(Reply.json(GOOD))
    client = LLMClient(settings_for(fake_llm))
    client.complete_json("test", MESSAGES, City)
    assert fake_llm.formats == ["json_schema", "json_object"] and client.response_mode == "json_object"


def test_a_plain_500_is_a_failure_not_a_format_rejection(fake_llm: FakeOpenAI) -> None:
    fake_llm.push(Reply(status=500), Reply(status=500))
    client = LLMClient(settings_for(fake_llm))
    with pytest.raises(LLMFailure, match="HTTP 500"):
        client.complete_json("test", MESSAGES, City)
    assert fake_llm.formats == ["json_schema", "json_schema"]


def test_server_without_structured_output_gets_plain_text(fake_llm: FakeOpenAI) -> None:
    fake_llm.reject_formats = {"json_schema", "json_object"}
    fake_llm.push(Reply(content='```\n{"name": "Vell", "founded": 1500}\n```'))
    client = LLMClient(settings_for(fake_llm))
    assert client.complete_json("test", MESSAGES, City).name == "Vell"
    assert fake_llm.formats == ["json_schema", "json_object", None]
    assert "response_format" not in fake_llm.requests[2]


def test_circuit_breaker_stops_requests_after_n_failures(fake_llm: FakeOpenAI) -> None:
    fake_llm.default = Reply(status=500)
    client = LLMClient(settings_for(fake_llm, max_consecutive_failures=2))
    for i in range(2):
        assert not client.open
        with pytest.raises(LLMFailure):
            client.complete_json("test", [{"role": "user", "content": str(i)}], City)
    assert client.open
    seen = len(fake_llm.requests)
    with pytest.raises(LLMUnavailable, match="circuit breaker open"):
        client.complete_json("test", [{"role": "user", "content": "third"}], City)
    assert len(fake_llm.requests) == seen == 4
    client.reset()
    assert not client.open


def test_a_success_resets_the_consecutive_failure_count(fake_llm: FakeOpenAI) -> None:
    fake_llm.push(Reply(status=500), Reply(status=500), Reply.json(GOOD), Reply(status=500), Reply(status=500))
    client = LLMClient(settings_for(fake_llm, max_consecutive_failures=2))
    for content in ("a", "b", "c"):
        try:
            client.complete_json("test", [{"role": "user", "content": content}], City)
        except LLMFailure:
            pass
    assert not client.open


def test_cached_reply_makes_no_second_request(fake_llm: FakeOpenAI, tmp_path) -> None:
    store = tiny_store(tmp_path / "store")
    fake_llm.push(Reply.json(GOOD), Reply.json({"name": "Other", "founded": 1}))
    client = LLMClient(settings_for(fake_llm), store)
    first = client.complete_json("test", MESSAGES, City)
    assert client.complete_json("test", MESSAGES, City) == first
    assert len(fake_llm.requests) == 1
    assert client.counters()["llm_cache_hits"] == 1
    assert store.count("llm_cache") == 1
    # a new client on the same store (another run) reuses the cached reply too
    assert LLMClient(settings_for(fake_llm), store).complete_json("test", MESSAGES, City) == first
    assert len(fake_llm.requests) == 1
    # another model or other messages are a different key
    LLMClient(settings_for(fake_llm, model="other-model"), store).complete_json("test", MESSAGES, City)
    assert len(fake_llm.requests) == 2
    store.close()


def test_track_usage_counts_this_threads_calls_and_totals_are_thread_safe(fake_llm: FakeOpenAI) -> None:
    fake_llm.default = Reply.json(GOOD)
    client = LLMClient(settings_for(fake_llm))
    per_thread: list[dict[str, int]] = []

    def work(i: int) -> None:
        with track_usage() as usage:
            for j in range(3):
                client.complete_json("test", [{"role": "user", "content": f"{i}-{j}"}], City)
        per_thread.append(usage)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [u["llm_calls"] for u in per_thread] == [3] * 6
    assert client.counters()["llm_calls"] == 18
    assert client.counters()["llm_tokens_prompt"] == 18 * 11


def test_api_key_never_appears_in_errors_logs_or_repr(fake_llm: FakeOpenAI, caplog: pytest.LogCaptureFixture) -> None:
    secret = "sk-very-secret-value-42"
    # a hostile server that echoes the key back in its error body
    fake_llm.default = Reply(status=500, error_body={"error": {"message": f"bad key Bearer {secret}"}})
    caplog.set_level(logging.DEBUG)
    client = LLMClient(settings_for(fake_llm, api_key=secret))
    with pytest.raises(LLMFailure) as info:
        client.complete_json("test", MESSAGES, City)
    assert fake_llm.headers[0]["authorization"] == f"Bearer {secret}"  # it was sent …
    assert "HTTP 500" in str(info.value) and "***" in str(info.value)
    shown = "".join(traceback.format_exception(info.value)) + repr(client) + caplog.text
    assert secret not in shown  # … but never shown
    assert secret not in repr(client.settings) and secret not in str(client.settings.model_dump())


def test_unconfigured_llm_is_a_user_error() -> None:
    with pytest.raises(UserError, match="llm.base_url"):
        LLMClient(LLMSettings())


def test_openai_is_imported_only_when_a_client_is_made() -> None:
    # a fresh interpreter: this one has the client module loaded by the tests above
    probe = ("import sys, hopgraph.llm, hopgraph.hops.loop; print('openai' in sys.modules); "
             "from hopgraph.config_sections import LLMSettings; "
             "hopgraph.llm.LLMClient(LLMSettings(base_url='http://127.0.0.1:9', model='m')); print('openai' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["False", "True"]
