"""A small OpenAI-compatible HTTP server on 127.0.0.1 for tests of the real provider path.

It speaks ``POST /v1/chat/completions`` (plain and ``stream: true`` server-sent events) and
``GET /v1/models``; as llama.cpp's server, with ``tokenizer = True``, also ``POST /tokenize`` and
``/apply-template`` (one token per character, so a count is told from our estimate), and with
``usage = False`` it sends no token usage, as llama.cpp does in a stream. Tests queue replies
(text, an HTTP error status, or a delay) and read back the
requests the client really sent. Nothing in the project is mocked: the ``openai`` client talks
HTTP to this server.

Use the ``openai_server`` fixture::

    def test_x(openai_server):
        openai_server.reply("素材：...")
        provider = OpenAIProvider(base_url=openai_server.base_url, api_key="k", model="m")
"""
from __future__ import annotations

import json
import threading
import time
from collections import deque
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable

import pytest


@dataclass
class Reply:
    text: str = ""
    status: int = 200
    delay: float = 0.0
    chunk_delay: float = 0.0   # streamed replies: the pause before each piece (tokens arriving)
    message: str = ""          # an error's message; ``{authorization}`` is the header the client sent,
                               # ``{key}`` the key in it
    tool_calls: list[dict[str, Any]] | None = None  # function calls the assistant makes (streamed as
                                                    # real servers do: id and name, then the arguments in pieces)


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        """A client that gave up (its timeout) closes the socket under our reply: not a failure."""
        import sys

        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


class FakeOpenAI:
    def __init__(self) -> None:
        self.replies: deque[Reply] = deque()
        self.requests: list[dict[str, Any]] = []
        #: per streamed reply, ``(pieces written, pieces it had)``: fewer written when the client
        #: closed the stream (the write after that fails)
        self.streams: list[tuple[int, int]] = []
        self.default: Callable[[dict[str, Any]], str] | None = None
        #: send token usage with replies (llama.cpp's server sends none in a stream)
        self.usage = True
        #: answer llama.cpp's /tokenize and /apply-template; the bodies they were sent
        self.tokenizer = False
        self.tokenized: list[dict[str, Any]] = []
        self._server = _Server(("127.0.0.1", 0), self._handler())
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)

    # -- scripting -----------------------------------------------------------------------
    @property
    def base_url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}/v1"

    def reply(self, text: str, *, status: int = 200, delay: float = 0.0, chunk_delay: float = 0.0) -> None:
        self.replies.append(Reply(text, status, delay, chunk_delay))

    def reply_tool_call(self, name: str, arguments: dict[str, Any], text: str = "") -> None:
        """Answer the next request with one function call ``name(arguments)`` (OpenAI ``tool_calls``)."""
        call = {"id": f"call_{len(self.requests) + len(self.replies)}", "type": "function",
                "function": {"name": name, "arguments": json.dumps(arguments, ensure_ascii=False)}}
        self.replies.append(Reply(text, tool_calls=[call]))

    def fail(self, status: int = 500, message: str = "") -> None:
        """Answer the next request with an HTTP error; ``message`` may quote ``{authorization}``
        (as some proxies echo the key back)."""
        self.replies.append(Reply("", status, message=message))

    def respond_with(self, fn: Callable[[dict[str, Any]], "str | Reply"]) -> None:
        """Answer every request without a queued reply by calling ``fn(request_json)`` (a text,
        or a ``Reply`` for a status, a delay or a slow stream)."""
        self.default = fn

    def start(self) -> "FakeOpenAI":
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    # -- the HTTP side -------------------------------------------------------------------
    def _next(self, body: dict[str, Any]) -> Reply:
        if self.replies:
            return self.replies.popleft()
        if self.default is not None:
            answer = self.default(body)
            return answer if isinstance(answer, Reply) else Reply(answer)
        return Reply("ok")

    def _handler(self):
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:  # keep test output clean
                pass

            def _send_json(self, status: int, obj: Any) -> None:
                data = json.dumps(obj).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self) -> None:  # noqa: N802 - http.server naming
                if self.path.rstrip("/").endswith("/models"):
                    self._send_json(200, {"object": "list", "data": [{"id": "fake-model", "object": "model"}]})
                else:
                    self._send_json(404, {"error": {"message": "not found"}})

            def do_POST(self) -> None:  # noqa: N802
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                if self.path in ("/tokenize", "/apply-template"):
                    self._tokenizer(body)
                    return
                body["_headers"] = {k.lower(): v for k, v in self.headers.items()}
                fake.requests.append(body)
                reply = fake._next(body)
                if reply.delay:
                    time.sleep(reply.delay)
                if reply.status != 200:
                    authorization = self.headers.get("Authorization", "")
                    message = (reply.message.replace("{authorization}", authorization)
                               .replace("{key}", authorization.removeprefix("Bearer "))
                               or f"fake error {reply.status}")
                    self._send_json(reply.status, {"error": {"message": message, "type": "server_error"}})
                    return
                model = body.get("model", "fake-model")
                usage = {"prompt_tokens": 11, "completion_tokens": max(1, len(reply.text) // 2),
                         "total_tokens": 11 + max(1, len(reply.text) // 2)} if fake.usage else None
                if body.get("stream"):
                    self._stream(model, reply.text, usage, reply.chunk_delay, reply.tool_calls)
                    return
                self._send_json(200, {
                    "id": "chatcmpl-fake", "object": "chat.completion", "created": int(time.time()),
                    "model": model,
                    "choices": [{"index": 0, "finish_reason": "tool_calls" if reply.tool_calls else "stop",
                                 "message": {"role": "assistant", "content": reply.text or None,
                                             **({"tool_calls": reply.tool_calls} if reply.tool_calls else {})}
                                 if reply.tool_calls else {"role": "assistant", "content": reply.text}}],
                    **({"usage": usage} if usage else {}),
                })

            def _tokenizer(self, body: dict[str, Any]) -> None:
                """llama.cpp's: the prompt its chat template renders, the tokens of a text."""
                fake.tokenized.append({"path": self.path, **body})
                if not fake.tokenizer:
                    self._send_json(404, {"error": {"message": "File Not Found"}})
                    return
                if self.path == "/apply-template":
                    prompt = "".join(f"<|{m['role']}|>{m['content']}\n" for m in body.get("messages") or [])
                    self._send_json(200, {"prompt": prompt})
                else:
                    self._send_json(200, {"tokens": list(range(len(body.get("content") or "")))})

            def _chunk(self, model: str, delta: dict[str, Any], finish: str | None = None) -> None:
                chunk = {"id": "chatcmpl-fake", "object": "chat.completion.chunk", "created": int(time.time()),
                         "model": model, "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
                self.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
                self.wfile.flush()

            def _stream_calls(self, model: str, calls: list[dict[str, Any]]) -> None:
                for i, call in enumerate(calls):
                    arguments = call["function"]["arguments"]
                    self._chunk(model, {"role": "assistant", "tool_calls": [{
                        "index": i, "id": call["id"], "type": "function",
                        "function": {"name": call["function"]["name"], "arguments": ""}}]})
                    for j in range(0, len(arguments), 9):
                        self._chunk(model, {"tool_calls": [{"index": i, "function": {"arguments": arguments[j:j + 9]}}]})

            def _stream(self, model: str, text: str, usage: dict[str, int] | None, chunk_delay: float = 0.0,
                        calls: list[dict[str, Any]] | None = None) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Cache-Control", "no-cache")
                self.send_header("Connection", "close")
                self.end_headers()
                pieces = [text[i:i + 7] for i in range(0, len(text), 7)] or ([] if calls else [""])
                written = 0
                try:
                    for i, piece in enumerate(pieces):
                        if chunk_delay:
                            time.sleep(chunk_delay)
                        self._chunk(model, {"content": piece, **({"role": "assistant"} if i == 0 else {})})
                        written += 1
                finally:
                    fake.streams.append((written, len(pieces)))
                if calls:
                    self._stream_calls(model, calls)
                final = {"id": "chatcmpl-fake", "object": "chat.completion.chunk",
                         "created": int(time.time()), "model": model,
                         "choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls" if calls else "stop"}],
                         **({"usage": usage} if usage else {})}
                self.wfile.write(f"data: {json.dumps(final)}\n\n".encode())
                self.wfile.write(b"data: [DONE]\n\n")
                self.wfile.flush()
                self.close_connection = True

        return Handler


@pytest.fixture
def openai_server():
    server = FakeOpenAI().start()
    try:
        yield server
    finally:
        server.stop()
