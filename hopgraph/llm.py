"""Optional OpenAI-compatible LLM client that returns validated pydantic objects.

One `LLMClient` serves every LLM step of a run (router, grader, corrector,
answer). `complete_json` asks for JSON matching a pydantic model and either
returns a valid object or raises `LLMFailure`; the caller then uses its
rule-based step instead. The client:

* negotiates the structured-output form once: `json_schema` (OpenAI, vLLM),
  then `json_object` + `schema` (llama.cpp server), then plain text from which
  the first JSON object is parsed (``` fences stripped);
* retries an invalid reply, a timeout or a server error once;
* opens a circuit breaker after `max_consecutive_failures` failed steps, after
  which it raises `LLMUnavailable` without calling the server again;
* caches every valid reply in the store's `llm_cache` table by (model, prompt
  hash), so a repeated prompt costs no HTTP request;
* counts calls, cache hits, failures and tokens (thread-safe), globally
  (`counters()`) and per thread of work (`track_usage()`).

The API key is a `SecretStr`: it never appears in logs, errors or `repr`.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel

from hopgraph.config_sections import LLMSettings
from hopgraph.errors import UserError

if TYPE_CHECKING:
    from hopgraph.store import Store

log = logging.getLogger("hopgraph.llm")

M = TypeVar("M", bound=BaseModel)

FORMATS = ("json_schema", "json_object", "text")  # tried in this order until the server accepts one
COUNTER_KEYS = ("llm_calls", "llm_cache_hits", "llm_failures", "llm_tokens_prompt", "llm_tokens_completion")
ATTEMPTS = 2  # one try and one retry per step
_REJECTED_FORMAT = (400, 415, 422, 501)  # statuses meaning "I do not take this response_format"

_trackers: ContextVar[tuple[dict[str, int], ...]] = ContextVar("hopgraph_llm_usage", default=())


class LLMFailure(Exception):
    """The LLM gave no valid answer for one step; the caller falls back to its rule-based step."""


class LLMUnavailable(LLMFailure):
    """The circuit breaker is open: no request was sent."""


class _CallError(Exception):
    """One HTTP attempt failed (timeout, connection, status); the message is safe to show."""

    def __init__(self, message: str, status: int | None = None, format_rejected: bool = False):
        super().__init__(message)
        self.status = status
        self.format_rejected = format_rejected


def rejects_format(status: int | None, message: str) -> bool:
    """The server refused the request's response_format: a 400/415/422/501, or any error status whose
    message names the field (llama-cpp-python's server answers an unknown "json_schema" with HTTP 500)."""
    if status is None:
        return False
    return status in _REJECTED_FORMAT or (status >= 400 and re.search(r"response_format|json_schema", message) is not None)


@contextmanager
def track_usage() -> Iterator[dict[str, int]]:
    """Collect the LLM counters of the calls made inside the block (this thread/context only).

        with track_usage() as usage:
            result = loop.run(question, k)
        result.stage_calls.update(usage)
    """
    usage = {k: 0 for k in COUNTER_KEYS}
    token = _trackers.set((*_trackers.get(), usage))  # blocks nest: outer blocks see inner calls too
    try:
        yield usage
    finally:
        _trackers.reset(token)


def response_format(mode: str, schema_model: type[BaseModel]) -> dict[str, Any] | None:
    """The `response_format` request field for one structured-output form (None = plain text)."""
    schema = schema_model.model_json_schema()
    if mode == "json_schema":
        return {"type": "json_schema", "json_schema": {"name": schema_model.__name__, "schema": schema, "strict": False}}
    if mode == "json_object":
        return {"type": "json_object", "schema": schema}
    return None


_FENCE = re.compile(r"```(?:json)?\s*(.*?)```", re.DOTALL)


def extract_json(text: str) -> Any:
    """The first JSON object in `text` (inside ``` fences if there are any); ValueError if none."""
    fenced = _FENCE.search(text)
    body = fenced.group(1) if fenced else text
    decoder = json.JSONDecoder()
    start = body.find("{")
    while start != -1:
        try:
            return decoder.raw_decode(body, start)[0]
        except json.JSONDecodeError:
            start = body.find("{", start + 1)
    raise ValueError("no JSON object in the reply")


def parse_reply(text: str | None, schema_model: type[M]) -> M:
    """Validate a reply against the model; ValueError (incl. ValidationError) when it does not fit."""
    if not text or not text.strip():
        raise ValueError("empty reply")
    return schema_model.model_validate(extract_json(text))


def cache_key(model: str, temperature: float, messages: list[dict[str, Any]], schema_model: type[BaseModel]) -> str:
    """Hash of everything that determines the reply: model, temperature, messages, output schema."""
    payload = {"model": model, "temperature": temperature, "messages": messages,
               "schema": schema_model.model_json_schema()}
    return hashlib.sha256(json.dumps(payload, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


class LLMClient:
    """Structured JSON completions from an OpenAI-compatible server, with retry, breaker and cache."""

    def __init__(self, settings: LLMSettings, store: Store | None = None):
        if not settings.enabled:
            raise UserError("the LLM is not configured: set llm.base_url and llm.model (HOPGRAPH_LLM__BASE_URL, HOPGRAPH_LLM__MODEL)")
        self.settings = settings
        self.model: str = settings.model or ""
        self.store = store
        import openai  # here, not at the top: a run without an LLM never pays its second of importing

        key = settings.api_key.get_secret_value() if settings.api_key else ""
        self._openai = openai.OpenAI(
            base_url=settings.base_url, api_key=key or "not-needed",
            timeout=settings.timeout_s, max_retries=0,
        )
        self._lock = threading.Lock()
        self._totals = {k: 0 for k in COUNTER_KEYS}
        self._consecutive_failures = 0
        self._mode = 0  # index into FORMATS of the form the server last accepted

    def __repr__(self) -> str:
        return f"LLMClient(base_url={self.settings.base_url!r}, model={self.model!r}, open={self.open})"

    # ------------------------------------------------------------ state
    @property
    def open(self) -> bool:
        """True once the circuit breaker has tripped: no more requests this run."""
        with self._lock:
            return self._consecutive_failures >= self.settings.max_consecutive_failures

    @property
    def response_mode(self) -> str:
        """The structured-output form currently used (json_schema, json_object or text)."""
        return FORMATS[self._mode]

    def counters(self) -> dict[str, int]:
        """Totals since the client was made: llm_calls (HTTP requests), llm_cache_hits, llm_failures, tokens."""
        with self._lock:
            return dict(self._totals)

    def reset(self) -> None:
        """Close the circuit breaker (e.g. at the start of a new run)."""
        with self._lock:
            self._consecutive_failures = 0

    def _count(self, name: str, n: int = 1) -> None:
        with self._lock:
            self._totals[name] += n
            for usage in _trackers.get():
                usage[name] = usage.get(name, 0) + n

    def _scrub(self, text: str) -> str:
        """`text` with the API key masked (a server may echo it back in an error)."""
        key = self.settings.api_key.get_secret_value() if self.settings.api_key else ""
        return text.replace(key, "***") if key else text

    # ------------------------------------------------------------ the one public call
    def complete_json(self, step: str, messages: list[dict[str, Any]], schema_model: type[M]) -> M:
        """A validated `schema_model` for the chat `messages`, or LLMFailure / LLMUnavailable."""
        key = cache_key(self.model, self.settings.temperature, messages, schema_model)
        cached = self._from_cache(key, schema_model)
        if cached is not None:  # served even with the breaker open: it costs no request
            self._count("llm_cache_hits")
            return cached
        if self.open:
            raise LLMUnavailable(f"{step}: LLM circuit breaker open after {self.settings.max_consecutive_failures} consecutive failures")
        problem = ""
        for _ in range(ATTEMPTS):
            try:
                text = self._request(messages, schema_model)
                result = parse_reply(text, schema_model)
            except _CallError as e:
                problem = str(e)
                continue
            except ValueError as e:
                problem = f"invalid output: {_one_line(e)[:300]}"
                continue
            self._succeeded(key, text or "")
            return result
        return self._failed(step, problem)

    def _succeeded(self, key: str, text: str) -> None:
        with self._lock:
            self._consecutive_failures = 0
        if self.store is not None:
            try:
                self.store.cache_put(key, self.model, text)
            except sqlite3.Error as e:
                log.warning("LLM cache write failed: %s", e)

    def _failed(self, step: str, problem: str) -> Any:
        with self._lock:
            self._consecutive_failures += 1
        self._count("llm_failures")
        message = self._scrub(f"{step}: LLM failed after {ATTEMPTS} attempts: {problem}")
        log.warning("%s", message)
        raise LLMFailure(message)

    def _from_cache(self, key: str, schema_model: type[M]) -> M | None:
        if self.store is None:
            return None
        text = self.store.cache_get(key)
        if text is None:
            return None
        try:
            return parse_reply(text, schema_model)
        except ValueError:
            return None

    # ------------------------------------------------------------ HTTP
    def _request(self, messages: list[dict[str, Any]], schema_model: type[BaseModel]) -> str | None:
        """One attempt; walks down FORMATS while the server rejects the response_format."""
        mode = self._mode
        while True:
            try:
                text = self._send(messages, response_format(FORMATS[mode], schema_model))
            except _CallError as e:
                if e.format_rejected and mode + 1 < len(FORMATS):
                    log.info("server rejected response_format %s (HTTP %s); trying %s", FORMATS[mode], e.status, FORMATS[mode + 1])
                    mode += 1
                    continue
                raise
            self._mode = mode  # remember only a form that worked
            return text

    def _send(self, messages: list[dict[str, Any]], fmt: dict[str, Any] | None) -> str | None:
        import openai  # loaded by __init__ already

        kwargs: dict[str, Any] = {"model": self.model, "messages": messages, "temperature": self.settings.temperature}
        if fmt is not None:
            kwargs["response_format"] = fmt
        self._count("llm_calls")
        try:
            response = self._openai.chat.completions.create(**kwargs)
        except openai.APITimeoutError:
            raise _CallError(f"timed out after {self.settings.timeout_s:g}s") from None
        except openai.APIConnectionError:
            raise _CallError(f"cannot connect to {self.settings.base_url}") from None
        except openai.APIStatusError as e:
            detail = _one_line(f"{e.message} {e.body or ''}")
            raise _CallError(self._scrub(f"HTTP {e.status_code}: {detail[:200]}"), e.status_code,
                             rejects_format(e.status_code, detail)) from None
        except openai.OpenAIError as e:
            raise _CallError(self._scrub(f"{type(e).__name__}: {_one_line(e)[:200]}")) from None
        usage = getattr(response, "usage", None)
        if usage is not None:
            self._count("llm_tokens_prompt", usage.prompt_tokens or 0)
            self._count("llm_tokens_completion", usage.completion_tokens or 0)
        choices = getattr(response, "choices", None)
        if not choices:
            raise _CallError("reply without choices")
        return choices[0].message.content


def _one_line(e: object) -> str:
    """The error's text on one line (a validation error's first line alone says nothing: keep them all)."""
    text = " ".join(str(e).split())
    return text or type(e).__name__
