"""What an OpenAI-compatible server says about itself: which server it is, its models, its window.

Local servers differ in exactly what a product needs to know: llama.cpp's ``llama-server`` gives
its context size at ``/props``, vLLM gives ``max_model_len`` in ``/v1/models``, LM Studio gives the
loaded context at ``/api/v0/models``, Ollama the running one at ``/api/ps``; llama-cpp-python's
server gives none (its window is learned from the first prompt it refuses, ``core.llm.fit``, or
comes from ``llm.contextWindow``). ``discover`` asks with short timeouts and never raises: what
cannot be had is left empty.

The server is named from ``/v1/models``' ``owned_by`` (``llamacpp``, ``me`` for llama-cpp-python,
``library`` for Ollama, ``organization_owner`` for LM Studio, ``vllm``); how it takes a JSON schema
follows from that (``structured_output``).

llama.cpp's servers send no token usage in a stream; they can count tokens with the model's own
tokenizer (``/tokenize``, ``/extras/tokenize`` for llama-cpp-python): ``count_tokens`` asks them
afterwards, with the same short timeouts, and never raises either.
"""
from __future__ import annotations

import json
import urllib.error
import urllib.request
from dataclasses import asdict, dataclass, field
from typing import Any
from urllib.parse import quote, urlsplit, urlunsplit

#: seconds each discovery request may take (a local server answers these at once)
DISCOVERY_TIMEOUT = 5.0

#: the tokenizer endpoint of each llama.cpp server: its path and the body's field for the text
_TOKENIZERS = {"llama.cpp": ("/tokenize", "content"), "llama.cpp (llama-cpp-python)": ("/extras/tokenize", "input")}

_OWNERS = {"llamacpp": "llama.cpp", "me": "llama.cpp (llama-cpp-python)", "library": "Ollama",
           "organization_owner": "LM Studio", "vllm": "vLLM", "openai": "OpenAI", "system": "OpenAI",
           "deepseek": "DeepSeek"}


@dataclass
class ServerInfo:
    """What discovery found.

    Attributes:
        server: the kind of server (``llama.cpp``, ``Ollama``...; ``""`` when not recognised).
        models: the model ids ``/v1/models`` lists, in its order.
        context_window: the model's context window in tokens, when the server says it.
        window_source: where ``context_window`` was read (``/props``...).
        error: why ``/v1/models`` could not be read (``""`` when it was).
    """

    server: str = ""
    models: list[str] = field(default_factory=list)
    context_window: int | None = None
    window_source: str = ""
    error: str = ""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def server_root(base_url: str) -> str:
    """``http://host:port`` of an endpoint such as ``http://host:port/v1``."""
    parts = urlsplit(base_url.strip())
    path = parts.path.rstrip("/")
    if path.endswith("/v1"):
        path = path[:-3]
    return urlunsplit((parts.scheme, parts.netloc, path, "", ""))


def discover(base_url: str, api_key: str = "", *, model: str = "", server: str = "",
             timeout: float = DISCOVERY_TIMEOUT) -> ServerInfo:
    """Ask the server at ``base_url`` what it is (``server``: what its preset already says)."""
    http = _Http(api_key, timeout, proxies=not _loopback(base_url))
    info = ServerInfo(server=server)
    listing = http.get(base_url.rstrip("/") + "/models")
    if not isinstance(listing, dict):
        info.error = listing if isinstance(listing, str) else "no model list at /v1/models"
        return info
    entries = [m for m in listing.get("data") or [] if isinstance(m, dict) and m.get("id")]
    info.models = [str(m["id"]) for m in entries]
    chosen = next((m for m in entries if m["id"] == model), entries[0] if entries else {})
    owner = str(chosen.get("owned_by") or "")
    if owner in _OWNERS and (not server or server in ("OpenAI-compatible server", "llama.cpp")):
        info.server = _OWNERS[owner]
    _window(info, http, base_url, chosen)
    return info


def _window(info: ServerInfo, http: "_Http", base_url: str, model: dict[str, Any]) -> None:
    """Fill ``info.context_window`` from what this kind of server publishes."""
    if isinstance(model.get("max_model_len"), int):  # vLLM
        info.context_window, info.window_source = model["max_model_len"], "/v1/models max_model_len"
        return
    root = server_root(base_url)
    if info.server.startswith("llama.cpp"):
        props = http.get(root + "/props")
        if isinstance(props, dict):
            settings = props.get("default_generation_settings") or {}
            n_ctx = settings.get("n_ctx") or props.get("n_ctx")
            if isinstance(n_ctx, int) and n_ctx > 0:
                info.context_window, info.window_source = n_ctx, "/props n_ctx"
                return
    elif info.server == "LM Studio":
        found = http.get(f"{root}/api/v0/models/{quote(str(model.get('id', '')), safe='')}")
        if isinstance(found, dict):
            n_ctx = found.get("loaded_context_length") or found.get("max_context_length")
            if isinstance(n_ctx, int) and n_ctx > 0:
                info.context_window, info.window_source = n_ctx, "/api/v0/models context length"
                return
    elif info.server == "Ollama":
        running = http.get(root + "/api/ps")
        for entry in (running.get("models") if isinstance(running, dict) else None) or []:
            if isinstance(entry, dict) and entry.get("name") == model.get("id") and entry.get("context_length"):
                info.context_window, info.window_source = int(entry["context_length"]), "/api/ps context_length"
                return
    meta = model.get("meta")
    if isinstance(meta, dict) and isinstance(meta.get("n_ctx_train"), int):  # the model's, not the server's
        info.context_window, info.window_source = meta["n_ctx_train"], "/v1/models n_ctx_train"


def structured_output(server: str) -> str:
    """How ``server`` takes a JSON schema: ``json_object+schema`` (llama.cpp's servers read the
    schema beside ``type: json_object``), ``json_schema`` (OpenAI's form: Ollama, LM Studio, vLLM,
    OpenAI, and unknown servers first), or ``json_object`` (DeepSeek: JSON, no schema)."""
    if server.startswith("llama.cpp"):
        return "json_object+schema"
    if server == "DeepSeek":
        return "json_object"
    return "json_schema"


def can_count(server: str) -> bool:
    """Whether ``server`` has a tokenizer endpoint ``count_tokens`` knows."""
    return server in _TOKENIZERS


def count_tokens(base_url: str, server: str, messages: list[dict[str, Any]], text: str, api_key: str = "", *,
                 timeout: float = DISCOVERY_TIMEOUT) -> tuple[int, int] | None:
    """``(prompt, completion)`` tokens as the server's tokenizer counts ``messages`` and the reply
    ``text``, or ``None`` when it cannot say (no such endpoint, an error, a timeout).

    llama.cpp renders the prompt with the model's chat template first (``/apply-template``), so
    the count includes the template's tokens; where it cannot, the messages' texts are counted."""
    if server not in _TOKENIZERS:
        return None
    http = _Http(api_key, timeout, proxies=not _loopback(base_url))
    root = server_root(base_url)
    path, field_name = _TOKENIZERS[server]
    counts = []
    for piece in (_prompt_text(http, root, server, messages), text):
        found = http.post(root + path, {field_name: piece}) if piece else {"tokens": []}
        tokens = found.get("tokens") if isinstance(found, dict) else None
        if not isinstance(tokens, list):
            return None
        counts.append(len(tokens))
    return counts[0], counts[1]


def _prompt_text(http: "_Http", root: str, server: str, messages: list[dict[str, Any]]) -> str:
    """The prompt as the model reads it where the server renders its template, else the texts."""
    if server == "llama.cpp":
        rendered = http.post(root + "/apply-template", {"messages": messages})
        if isinstance(rendered, dict) and isinstance(rendered.get("prompt"), str):
            return rendered["prompt"]
    return "\n".join(str(m.get("content") or "") for m in messages)


def _loopback(url: str) -> bool:
    host = (urlsplit(url).hostname or "").lower()
    return host in ("localhost", "::1") or host.startswith("127.")


class _Http:
    """Requests for JSON with a key and a timeout (no proxy for a server on this machine)."""

    def __init__(self, api_key: str, timeout: float, *, proxies: bool):
        self.headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self.timeout = timeout
        handlers = [] if proxies else [urllib.request.ProxyHandler({})]
        self.opener = urllib.request.build_opener(*handlers)

    def get(self, url: str) -> Any:
        """The JSON at ``url``, or a short reason it could not be had (a string)."""
        return self._json(urllib.request.Request(url, headers={**self.headers, "Accept": "application/json"}))

    def post(self, url: str, body: dict[str, Any]) -> Any:
        """The JSON ``url`` answers to ``body``, or a short reason it could not be had."""
        data = json.dumps(body, ensure_ascii=False).encode("utf-8")
        return self._json(urllib.request.Request(url, data=data, method="POST", headers={
            **self.headers, "Accept": "application/json", "Content-Type": "application/json"}))

    def _json(self, request: urllib.request.Request) -> Any:
        url = request.full_url
        try:
            with self.opener.open(request, timeout=self.timeout) as response:
                return json.loads(response.read().decode("utf-8"))
        except urllib.error.HTTPError as exc:
            exc.close()
            return f"{url}: HTTP {exc.code}"
        except (OSError, ValueError) as exc:  # no connection, a timeout, not JSON
            return f"{url}: {type(exc).__name__}: {exc}"


__all__ = ["DISCOVERY_TIMEOUT", "ServerInfo", "can_count", "count_tokens", "discover", "server_root",
           "structured_output"]
