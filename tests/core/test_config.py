"""Settings (hopgraph/config.py): defaults, hopgraph.toml, HOPGRAPH_* env, precedence, secret masking."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError
from typer.testing import CliRunner

from hopgraph.cli import app
from hopgraph.config import Settings, load_settings
from hopgraph.errors import UserError


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """Run every test in an empty folder with no HOPGRAPH_* variables."""
    import os

    for key in list(os.environ):
        if key.startswith("HOPGRAPH_"):
            monkeypatch.delenv(key)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_defaults_work_offline() -> None:
    s = load_settings()
    assert s.store == Path(".hopgraph")
    assert s.retrieval.rrf_k == 60 and s.retrieval.default_profile == "hybrid"
    assert s.index.chunk_words == 200 and s.index.chunk_overlap_words == 40
    assert s.index.embedding_model == "all-MiniLM-L6-v2"
    assert s.retrieval.reranker_model is None
    assert s.llm.enabled is False and s.llm.api_key is None
    assert s.graph.max_hops == 2 and s.hops.max_hops == 3


def test_toml_in_working_directory(clean_env: Path) -> None:
    (clean_env / "hopgraph.toml").write_text(
        'store = "my-store"\n[retrieval]\nrrf_k = 25\n[index]\nchunk_words = 120\n', encoding="utf-8"
    )
    s = load_settings()
    assert s.store == Path("my-store")
    assert s.retrieval.rrf_k == 25
    assert s.index.chunk_words == 120
    assert s.retrieval.dense_top == 20  # untouched fields keep their defaults


def test_toml_named_by_hopgraph_config(clean_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    other = clean_env / "elsewhere.toml"
    other.write_text("[graph]\nmax_hops = 3\n", encoding="utf-8")
    monkeypatch.setenv("HOPGRAPH_CONFIG", str(other))
    assert load_settings().graph.max_hops == 3


def test_env_variables_with_nested_delimiter(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOPGRAPH_RETRIEVAL__RRF_K", "10")
    monkeypatch.setenv("HOPGRAPH_STORE", "/tmp/env-store")
    monkeypatch.setenv("HOPGRAPH_LLM__BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("HOPGRAPH_LLM__MODEL", "tiny")
    s = load_settings()
    assert s.retrieval.rrf_k == 10
    assert s.store == Path("/tmp/env-store")
    assert s.llm.enabled


def test_env_beats_toml_and_overrides_beat_env(clean_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (clean_env / "hopgraph.toml").write_text('store = "toml-store"\n[retrieval]\nrrf_k = 25\nbm25_top = 7\n')
    monkeypatch.setenv("HOPGRAPH_RETRIEVAL__RRF_K", "10")
    monkeypatch.setenv("HOPGRAPH_STORE", "env-store")
    s = load_settings()
    assert s.retrieval.rrf_k == 10  # env > toml
    assert s.retrieval.bm25_top == 7  # toml > default for the rest of the section
    assert s.store == Path("env-store")
    assert load_settings(store=Path("flag-store")).store == Path("flag-store")  # flags > env
    assert load_settings(store=None).store == Path("env-store")  # None flags are ignored


def test_api_key_is_masked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOPGRAPH_LLM__API_KEY", "sk-very-secret")
    s = load_settings()
    assert s.llm.api_key.get_secret_value() == "sk-very-secret"
    data = s.redacted()
    assert data["llm"]["api_key"] == "***"
    assert "sk-very-secret" not in json.dumps(data)
    assert "sk-very-secret" not in repr(s)


def test_config_command_prints_masked_effective_config(clean_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (clean_env / "hopgraph.toml").write_text("[retrieval]\nrrf_k = 25\n")
    monkeypatch.setenv("HOPGRAPH_RETRIEVAL__RRF_K", "10")
    monkeypatch.setenv("HOPGRAPH_LLM__API_KEY", "sk-very-secret")
    result = CliRunner().invoke(app, ["config"])
    assert result.exit_code == 0, result.output
    assert "sk-very-secret" not in result.output
    data = json.loads(result.output)
    assert data["llm"]["api_key"] == "***"
    assert data["retrieval"]["rrf_k"] == 10


def test_no_key_stays_none_when_redacted() -> None:
    assert load_settings().redacted()["llm"]["api_key"] is None


@pytest.mark.parametrize("env, value", [
    ("HOPGRAPH_RETRIEVAL__RRF_K", "0"),
    ("HOPGRAPH_GRAPH__MAX_HOPS", "9"),
    ("HOPGRAPH_INDEX__CHUNK_WORDS", "many"),
])
def test_invalid_values_are_one_line_user_errors(monkeypatch: pytest.MonkeyPatch, env: str, value: str) -> None:
    monkeypatch.setenv(env, value)
    with pytest.raises(ValidationError):
        Settings()
    with pytest.raises(UserError, match=r"invalid configuration: \w+\.\w+: ") as info:
        load_settings()
    assert "\n" not in str(info.value)


def test_unknown_toml_keys_and_broken_toml_are_user_errors(clean_env: Path) -> None:
    (clean_env / "hopgraph.toml").write_text("stroe = 'typo'\n")
    with pytest.raises(UserError, match="invalid configuration: stroe"):
        load_settings()
    (clean_env / "hopgraph.toml").write_text("[retrieval\n")
    with pytest.raises(UserError, match="hopgraph.toml: invalid TOML"):
        load_settings()


@pytest.mark.parametrize("toml, key", [
    ("[llm]\nbaseurl = 'http://x/v1'\n", "llm.baseurl"),
    ("[retrieval]\nrrf_k = 10\n[graph]\nmax_hop = 2\n", "graph.max_hop"),
    ("[traces]\nkeeps = 5\n", "traces.keeps"),
])
def test_an_unknown_key_in_any_toml_section_is_an_error_naming_it(clean_env: Path, toml: str, key: str) -> None:
    (clean_env / "hopgraph.toml").write_text(toml)
    with pytest.raises(UserError, match=rf"invalid configuration: {key}: unknown setting"):
        load_settings()


def test_every_settings_section_is_checked_for_unknown_keys(clean_env: Path) -> None:
    """Also sections added later: each one rejects a key it does not define."""
    from hopgraph.config import reference_rows

    sections = sorted({key.split(".")[0] for key, _, _ in reference_rows() if "." in key})
    assert {"index", "llm", "server", "traces"} <= set(sections)
    for section in sections:
        (clean_env / "hopgraph.toml").write_text(f"[{section}]\nno_such_setting = 1\n")
        with pytest.raises(UserError, match=rf"{section}\.no_such_setting: unknown setting"):
            load_settings()


@pytest.mark.parametrize("name", ["HOPGRAPH_STOER", "HOPGRAPH_LLM__BASEURL", "HOPGRAPH_LLM_BASE_URL"])
def test_an_unknown_hopgraph_env_variable_is_an_error_naming_it(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    monkeypatch.setenv(name, "x")
    with pytest.raises(UserError, match=rf"unknown setting in the environment: {name} "):
        load_settings()


def test_variables_read_elsewhere_are_not_settings_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("HOPGRAPH_CONFIG", "HOPGRAPH_CACHE", "HOPGRAPH_TEST_LLM_URL"):
        monkeypatch.setenv(name, "/nowhere" if name != "HOPGRAPH_CONFIG" else "missing.toml")
    monkeypatch.setenv("HOPGRAPH_TRACES__KEEP", "7")
    assert load_settings().traces.keep == 7


def test_credentials_in_urls_are_masked(monkeypatch: pytest.MonkeyPatch) -> None:
    from hopgraph.config import mask_url

    assert mask_url("https://bob:s3cret@llm.example/v1") == "https://***@llm.example/v1"
    assert mask_url("http://token@127.0.0.1:8080/v1") == "http://***@127.0.0.1:8080/v1"
    assert mask_url("http://127.0.0.1:8080/v1?q=a@b") == "http://127.0.0.1:8080/v1?q=a@b"
    monkeypatch.setenv("HOPGRAPH_LLM__BASE_URL", "https://bob:s3cret@llm.example/v1")
    result = CliRunner().invoke(app, ["config"])
    assert result.exit_code == 0 and "s3cret" not in result.output
    assert json.loads(result.output)["llm"]["base_url"] == "https://***@llm.example/v1"


def test_candidate_weights_need_one_weight_per_signal(clean_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from hopgraph.hops.candidate_scores import FEATURES

    (clean_env / "hopgraph.toml").write_text("[hops]\ncandidate_weights = [1.0, 2.0]\n")
    with pytest.raises(UserError, match=r"invalid configuration: hops\.candidate_weights: .*needs 15 weights") as info:
        load_settings()
    assert "\n" not in str(info.value)
    (clean_env / "hopgraph.toml").write_text(f"[hops]\ncandidate_weights = {[0.5] * len(FEATURES)}\n")
    assert load_settings().hops.candidate_weights == [0.5] * len(FEATURES)
    (clean_env / "hopgraph.toml").unlink()
    assert load_settings().hops.candidate_weights is None  # the built-in weights
