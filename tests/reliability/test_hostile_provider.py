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
from urllib.parse import urlsplit

from linghun.core.home import MemoryHome
from linghun.core.llm.settings import LLMSettings
from tests.fakeopenai import Reply
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


ATTACKER = "http://attacker.invalid/v1"  # an endpoint someone wrote into the home's workbench.json
DS, OA, LK = "ds-key-0123456789", "oa-key-0123456789", "lh-key-0123456789"
#: (case, workbench.json llm section, environment, expected (host, key, model) or None for offline)
ROUTES = [
    ("OPENAI_BASE_URL with OPENAI_API_KEY", {}, {"OPENAI_BASE_URL": "http://127.0.0.1:9/v1", "OPENAI_API_KEY": OA},
     ("127.0.0.1", OA, "gpt-4o-mini")),
    ("OPENAI_BASE_URL with a DeepSeek key only", {}, {"OPENAI_BASE_URL": "http://127.0.0.1:9/v1", "DEEPSEEK_API_KEY": DS},
     None),
    ("OPENAI_BASE_URL with LINGHUN_API_KEY", {}, {"OPENAI_BASE_URL": "http://127.0.0.1:9/v1", "LINGHUN_API_KEY": LK},
     ("127.0.0.1", LK, "gpt-4o-mini")),
    ("LINGHUN_LLM_MODEL", {}, {"DEEPSEEK_API_KEY": DS, "LINGHUN_LLM_MODEL": "deepseek-reasoner"},
     ("api.deepseek.com", DS, "deepseek-reasoner")),
    ("workbench.json model over LINGHUN_LLM_MODEL", {"model": "m-json"}, {"DEEPSEEK_API_KEY": DS, "LINGHUN_LLM_MODEL": "m-env"},
     ("api.deepseek.com", DS, "m-json")),
    ("workbench.json baseUrl over OPENAI_BASE_URL", {"baseUrl": "http://127.0.0.2:9/v1"},
     {"OPENAI_BASE_URL": "http://127.0.0.1:9/v1", "OPENAI_API_KEY": OA}, ("127.0.0.2", OA, "deepseek-chat")),
    ("workbench.json preset over OPENAI_BASE_URL", {"preset": "deepseek"},
     {"OPENAI_BASE_URL": "http://127.0.0.1:9/v1", "DEEPSEEK_API_KEY": DS, "OPENAI_API_KEY": OA},
     ("api.deepseek.com", DS, "deepseek-chat")),
    ("a baseUrl in the home with a DeepSeek key only", {"baseUrl": ATTACKER}, {"DEEPSEEK_API_KEY": DS}, None),
    ("a baseUrl in the home never takes the DeepSeek key", {"baseUrl": ATTACKER},
     {"DEEPSEEK_API_KEY": DS, "OPENAI_API_KEY": OA}, ("attacker.invalid", OA, "deepseek-chat")),
    ("DeepSeek key alone", {}, {"DEEPSEEK_API_KEY": DS}, ("api.deepseek.com", DS, "deepseek-chat")),
    ("OpenAI key alone", {}, {"OPENAI_API_KEY": OA}, ("api.openai.com", OA, "gpt-4o-mini")),
    ("workbench.json key with OPENAI_BASE_URL", {"apiKey": LK}, {"OPENAI_BASE_URL": "http://127.0.0.1:9/v1"},
     ("127.0.0.1", LK, "gpt-4o-mini")),
]
#: the hosts each key was given for
MEANT = {DS: {"api.deepseek.com"}, OA: {"api.openai.com", "127.0.0.1", "127.0.0.2", "attacker.invalid"},
         LK: {"127.0.0.1", "127.0.0.2", "api.deepseek.com", "api.openai.com"}}


def test_the_provider_the_user_chose_and_no_key_to_a_host_it_was_not_given_for():
    """workbench.json > environment > preset for the endpoint, the model and the key; a DeepSeek
    key goes to DeepSeek only, and OPENAI_BASE_URL is honoured (it was ignored: the preset URL was
    always used, so a key meant for a local endpoint went to the public provider)."""
    family = Family("the provider the user chose")
    for case, llm, env, expected in ROUTES:
        family.start()
        resolved = LLMSettings.from_dict(llm).resolve(env)
        got = None if resolved is None else (urlsplit(resolved.base_url).hostname, resolved.api_key, resolved.model)
        wrong_host = got is not None and got[0] not in MEANT.get(got[1], {got[0]})
        family.record(case, held=got == expected, keys=int(wrong_host), why=f"got {got}, expected {expected}")
    family.report()


def test_openai_base_url_and_model_reach_the_server_through_the_command_line(upstream_home, openai_server):
    openai_server.respond_with(lambda body: "素材：订单服务 | 端口 | 8087 | #1")
    out = _linghun("llm", "test", "--home", str(upstream_home),
                   env={"OPENAI_BASE_URL": openai_server.base_url, "OPENAI_API_KEY": KEY, "LINGHUN_LLM_MODEL": "local-7b"})
    assert out.returncode == 0, out.stderr
    sent = openai_server.requests[-1]
    assert sent["_headers"]["authorization"] == f"Bearer {KEY}" and sent["model"] == "local-7b"
    shown = _linghun("llm", "show", "--json", "--home", str(upstream_home),
                     env={"OPENAI_BASE_URL": openai_server.base_url, "OPENAI_API_KEY": KEY})
    assert json.loads(shown.stdout)["endpoint_from"] == "OPENAI_BASE_URL" and KEY not in shown.stdout
