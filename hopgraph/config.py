"""One settings object, read from `hopgraph.toml`, `HOPGRAPH_*` env vars and CLI flags.

Precedence (highest first): explicit overrides (CLI flags) > environment
(`HOPGRAPH_STORE`, `HOPGRAPH_LLM__BASE_URL`, …; nested sections use `__`) >
`hopgraph.toml` in the working directory (or the file named by `HOPGRAPH_CONFIG`)
> the defaults, which all work offline. The sections (`index`, `retrieval`, `llm`, …) and the documentation of
each of their fields are in hopgraph/config_sections.py.
"""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field, ValidationError
from pydantic_settings import (
    BaseSettings,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
    TomlConfigSettingsSource,
)

from hopgraph.config_sections import (
    ConflictSettings,
    GraphSettings,
    HopSettings,
    HttpToolSettings,
    IndexSettings,
    LLMSettings,
    QueryCacheSettings,
    RetrievalSettings,
    ServerSettings,
    SessionSettings,
    TraceSettings,
)
from hopgraph.errors import UserError

# Nothing in hopgraph may reach a model hub at run time.
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")


def _toml_path() -> Path:
    return Path(os.environ.get("HOPGRAPH_CONFIG", "hopgraph.toml"))


class Settings(BaseSettings):
    """Effective hopgraph configuration."""

    model_config = SettingsConfigDict(env_prefix="HOPGRAPH_", env_nested_delimiter="__", extra="forbid")

    store: Path = Field(Path(".hopgraph"), description="Store folder used by every command.")
    index: IndexSettings = Field(default_factory=IndexSettings)
    retrieval: RetrievalSettings = Field(default_factory=RetrievalSettings)
    graph: GraphSettings = Field(default_factory=GraphSettings)
    hops: HopSettings = Field(default_factory=HopSettings)
    llm: LLMSettings = Field(default_factory=LLMSettings)
    server: ServerSettings = Field(default_factory=ServerSettings)
    tools: list[HttpToolSettings] = Field(default_factory=list, description="User retrieval tools behind HTTP endpoints (see `hopgraph tools`).")
    query_cache: QueryCacheSettings = Field(default_factory=QueryCacheSettings)
    traces: TraceSettings = Field(default_factory=TraceSettings)
    conflicts: ConflictSettings = Field(default_factory=ConflictSettings)
    sessions: SessionSettings = Field(default_factory=SessionSettings)

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        toml = TomlConfigSettingsSource(settings_cls, toml_file=_toml_path())
        return (init_settings, env_settings, toml)

    def redacted(self) -> dict[str, Any]:
        """The config as plain data with secrets masked, for printing and reports."""
        data = self.model_dump(mode="json")
        if self.llm.api_key is not None:
            data["llm"]["api_key"] = "***"
        return _mask_urls(data)


_URL_CREDENTIALS = re.compile(r"(?P<scheme>[A-Za-z][A-Za-z0-9+.-]*://)[^/@\s]+@")

#: HOPGRAPH_* variables that are not settings (read elsewhere); any other HOPGRAPH_* name is an error.
OTHER_ENV = frozenset({"HOPGRAPH_CONFIG", "HOPGRAPH_CACHE"})
OTHER_ENV_PREFIXES = ("HOPGRAPH_TEST_",)


def mask_url(text: str) -> str:
    """`https://user:secret@host/v1` -> `https://***@host/v1`; text without credentials is unchanged."""
    return _URL_CREDENTIALS.sub(lambda m: f"{m.group('scheme')}***@", text)


def _mask_urls(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _mask_urls(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_mask_urls(v) for v in value]
    return mask_url(value) if isinstance(value, str) else value


def _setting_paths(model: type[BaseModel], prefix: str = "") -> set[str]:
    paths: set[str] = set()
    for name, field in model.model_fields.items():
        annotation = field.annotation
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            paths.add(f"{prefix}{name}")
            paths |= _setting_paths(annotation, f"{prefix}{name}__")
        else:
            paths.add(f"{prefix}{name}")
    return paths


def _unknown_keys(data: dict[str, Any], model: type[BaseModel], prefix: str = "") -> list[str]:
    bad: list[str] = []
    for key, value in data.items():
        field = model.model_fields.get(key)
        if field is None:
            bad.append(f"{prefix}{key}")
            continue
        annotation = field.annotation
        if isinstance(value, dict) and isinstance(annotation, type) and issubclass(annotation, BaseModel):
            bad += _unknown_keys(value, annotation, f"{prefix}{key}.")
    return bad


def unknown_toml_keys() -> list[str]:
    """Keys of hopgraph.toml (every section, at any depth) that name no setting, e.g. `llm.baseurl`."""
    path = _toml_path()
    if not path.is_file():
        return []
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError):
        return []  # reported by the settings source with its own message
    return _unknown_keys(data, Settings)


def unknown_env(environ: dict[str, str] | None = None) -> list[str]:
    """HOPGRAPH_* variables that name no setting (typos such as HOPGRAPH_LLM__BASEURL)."""
    environ = os.environ if environ is None else environ
    known = _setting_paths(Settings)
    bad = []
    for key in environ:
        upper = key.upper()
        if not upper.startswith("HOPGRAPH_") or upper in OTHER_ENV or upper.startswith(OTHER_ENV_PREFIXES):
            continue
        if upper[len("HOPGRAPH_"):].lower() not in known:
            bad.append(key)
    return sorted(bad)


def load_settings(**overrides: Any) -> Settings:
    """Settings with CLI-style overrides; `None` values are ignored. A bad value is a one-line UserError."""
    bad_toml = unknown_toml_keys()
    if bad_toml:
        raise UserError(f"invalid configuration: {bad_toml[0]}: unknown setting in {_toml_path()} "
                        f"(`hopgraph config --reference` lists every setting)")
    bad_env = unknown_env()
    if bad_env:
        raise UserError(f"unknown setting in the environment: {bad_env[0]} (see `hopgraph config --reference`; "
                        f"nested settings use a double underscore, e.g. HOPGRAPH_LLM__BASE_URL)")
    try:
        return Settings(**{k: v for k, v in overrides.items() if v is not None})
    except ValidationError as e:
        first = e.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        if first["type"] == "extra_forbidden":
            raise UserError(f"invalid configuration: {where}: unknown setting (check hopgraph.toml and HOPGRAPH_* "
                            f"variables; `hopgraph config --reference` lists every setting)") from None
        raise UserError(f"invalid configuration: {where}: {first['msg']} (check hopgraph.toml and HOPGRAPH_* variables)") from None
    except tomllib.TOMLDecodeError as e:
        raise UserError(f"{_toml_path()}: invalid TOML ({e})") from None


def reference_rows() -> list[tuple[str, str, str]]:
    """(key, default, description) for every setting, for `hopgraph config --reference` and the README."""
    rows: list[tuple[str, str, str]] = []

    def walk(model: type[BaseModel], prefix: str) -> None:
        for name, field in model.model_fields.items():
            annotation = field.annotation
            if isinstance(annotation, type) and issubclass(annotation, BaseModel):
                walk(annotation, f"{prefix}{name}.")
                continue
            default = field.get_default(call_default_factory=True)
            rows.append((f"{prefix}{name}", "" if default is None else str(default), field.description or ""))

    walk(Settings, "")
    return rows
