"""The provider cannot turn against the user: a key it echoes leaks nowhere, and a key goes only to
the host the user named.

Families (each prints tried / held / written outside the home / keys leaked / hangs > 10 s):

- a key-echoing provider (an OpenAI-compatible server on 127.0.0.1 whose every error repeats the
  key it was sent, bare, in no known key shape): every command that calls the LLM, plain and with
  ``--json``; the key must appear in no output and in no file of the home.
- the provider the user chose: ``OPENAI_BASE_URL`` / ``LINGHUN_LLM_MODEL`` and the keys are
  honoured in the order workbench.json > environment > preset, and a key is sent only to the host
  named with it.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from linghun.core.home import MemoryHome
from linghun.core.llm.settings import LLMSettings
from tests.fakeopenai import FakeOpenAI, Reply
from tests.reliability.hostilekit import Family

REPO = Path(__file__).resolve().parents[2]
KEY = "lhk-Qw8Er6Ty4Ui2Op0As9Df7Gh5"  # no known key shape: only knowing the key can mask it
ECHO = "Incorrect API key provided: {key}. You can find your API key at https://example.invalid"
QUESTION = "订单服务现在跑在哪个端口？"


def _linghun(*args: str, env: dict | None = None, stdin: str | None = None) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k not in ("LINGHUN_API_KEY", "OPENAI_API_KEY",
                                                              "DEEPSEEK_API_KEY", "OPENAI_BASE_URL")}
    return subprocess.run([sys.executable, "-m", "linghun.core", *args], cwd=REPO, capture_output=True, text=True,
                          env={**clean, **(env or {})}, timeout=120, input=stdin)


def _stored(home: MemoryHome) -> bytes:
    """Every file of the home but the settings, where the user put the key."""
    return b"".join(p.read_bytes() for p in sorted(home.root.rglob("*")) if p.is_file() and p != home.config)


COMMANDS = [
    ("turn", QUESTION),
    ("chat", "-m", QUESTION),
    ("round", QUESTION, "--llm", "openai", "-v"),
    ("context", QUESTION),
    ("llm", "test"),
    ("project",),
    ("tool", "memory_project", "--args", "{}"),
    ("tool", "linghun_turn", "--args", json.dumps({"message": QUESTION})),
]


def test_a_key_the_provider_echoes_leaks_from_no_command(upstream_home, openai_server):
    """The key is given in workbench.json: a key in a variable named like a secret is masked by its
    name (tests/reliability/test_secrets_and_corrupt_files.py); this one only by being known."""
    home = MemoryHome.resolve(upstream_home)
    llm = {"baseUrl": openai_server.base_url, "model": "m", "maxRetries": 0, "apiKey": KEY}
    home.config.write_text(json.dumps({"llm": llm, "assembler": {"team": {"judge": {"llm": True}}}}),
                           encoding="utf-8")
    openai_server.respond_with(lambda body: Reply(status=401, message=ECHO))
    family = Family("key-echoing provider")
    for command in COMMANDS:
        for json_flag in ((), ("--json",)):
            argv = (*command, "--home", str(upstream_home), *json_flag)
            asked = len(openai_server.requests)
            family.start()
            out = _linghun(*argv)
            printed = out.stdout + out.stderr
            leaked = printed.count(KEY) + _stored(home).count(KEY.encode())
            called = len(openai_server.requests) > asked
            family.record(" ".join(argv[:1] + json_flag), held=called and "Traceback" not in out.stderr, keys=leaked,
                          why=f"exit {out.returncode}, called={called}: {printed.strip()[-300:]}")
    family.report()
