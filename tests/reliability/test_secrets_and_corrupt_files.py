"""Corrupt files are never written over; secrets never reach a stored or printed error.

Probes: a provider whose error repeats the API key (it is then stored nowhere, printed nowhere,
and the error is still recorded, masked); a corrupt ``cycle.json`` (JSON that does not parse, or
bytes that are not UTF-8) met by a round (set aside beside it, a fresh ledger starts); every
writer of the home met by a corrupt file of its own (refused, bytes untouched).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from linghun.core.errors import LinghunError
from linghun.core.home import MemoryHome
from linghun.core.redact import MASK, scrub
from linghun.core.tools import call

REPO = Path(__file__).resolve().parents[2]
KEY = "lhk-Zq9Xw7Vu5Ts3Rq1Po8Nm6Lk4"  # no known key shape: only knowing the key can mask it


def _linghun(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "linghun.core", *args], cwd=REPO, capture_output=True, text=True,
                          env={**os.environ, **(env or {})}, timeout=120)


def _everything(root: Path) -> bytes:
    return b"".join(p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file())


def test_a_key_the_provider_repeats_is_stored_and_printed_nowhere(openai_server, upstream_home):
    home = MemoryHome.resolve(upstream_home)
    (home.root / "workbench.json").write_text(json.dumps({
        "llm": {"baseUrl": openai_server.base_url, "model": "m", "maxRetries": 0},
        "assembler": {"team": {"judge": {"llm": True}}},
    }), encoding="utf-8")
    for _ in range(12):
        openai_server.fail(401, "Incorrect API key provided: {authorization}. You can find your API key at ...")
    out = _linghun("round", "订单服务现在跑在哪个端口？", "--llm", "openai", "--home", str(upstream_home), "-v",
                   env={"LINGHUN_API_KEY": KEY})
    assert openai_server.requests, out.stdout + out.stderr
    assert openai_server.requests[0]["_headers"]["authorization"] == f"Bearer {KEY}"
    printed = out.stdout + out.stderr
    stored = _everything(home.root)
    print(f"\nkey in a provider error: {len(openai_server.requests)} failed calls; "
          f"key printed {printed.count(KEY)}x, stored {stored.count(KEY.encode())}x")
    assert KEY not in printed
    assert KEY.encode() not in stored
    masked = f"Incorrect API key provided: Bearer {MASK}".encode()
    assert masked in stored, "the error is still recorded, with the key masked"


def test_scrub_masks_remembered_keys_environment_secrets_and_key_shapes(monkeypatch):
    from linghun.core.redact import remember

    remember("my-own-key-123456")
    monkeypatch.setenv("SOME_SERVICE_TOKEN", "tok_abcdefgh12345")
    text = ("a my-own-key-123456 b tok_abcdefgh12345 c sk-proj-ABCDEFGHIJKLMNOPQRSTUV d "
            "Authorization: Bearer abcdefghijklmnop e")
    assert scrub(text) == f"a {MASK} b {MASK} c {MASK} d Authorization: Bearer {MASK} e"
    assert scrub("port 8087, short 1234") == "port 8087, short 1234", "ordinary text is left alone"
    err = LinghunError("failed with my-own-key-123456")
    assert call  # the tools' error replies go through scrub too (see test_bad_input)
    assert "my-own-key" in str(err) and "my-own-key" not in scrub(err)


@pytest.mark.parametrize("bad", [b"{not json", b'{"version": 1, "turnCount": \xff\xfe}'])
def test_a_corrupt_cycle_json_is_set_aside_and_a_fresh_ledger_starts(upstream_home, bad):
    from linghun.core.assembler.round import run_round
    from linghun.core.formats.team import CYCLE_FILE

    home = MemoryHome.resolve(upstream_home)
    cycle = home.team_file(CYCLE_FILE)
    cycle.write_bytes(bad)
    result = run_round(home, "订单服务现在跑在哪个端口？")
    aside = sorted(cycle.parent.glob("cycle.json.*.corrupt"))
    assert [p.read_bytes() for p in aside] == [bad], "the corrupt bytes are kept, once, beside it"
    fresh = json.loads(cycle.read_text(encoding="utf-8"))
    assert fresh["turnCount"] == 1, "a fresh ledger counts this round"
    said = [d for s in result.trace.spans for d in s.decisions if d["what"] == "cycle.json"]
    assert said and aside[0].name in said[0]["reason"], "the round says where the old file went"


def test_every_writer_refuses_to_write_over_a_corrupt_file(upstream_home):
    """Each writer meets a corrupt file of its own; none may change its bytes."""
    home = MemoryHome.resolve(upstream_home)
    not_utf8 = b"## 2026-10-01 10:00 [fact] high\n\n\xff\xfe broken \x80\n"
    cases = [
        (home.warm, not_utf8, "memory_append", {"kind": "fact", "content": "a | b | c | #1"}),
        (home.warm, not_utf8, "memory_touch", {"ref": "[1]"}),
        (home.warm, not_utf8, "memory_consolidate", {}),
        (home.rules, b"## \xff rules\n", "memory_rules", {"rule": "先备份", "topic": "经验"}),
        (home.goals, b"{broken", "linghun_goal_update", {"signal": "new", "statement": "我想学会弹钢琴和唱歌"}),
        (home.goals, b'{"version": 1, "goals": "not a list"}', "linghun_goal_update",
         {"signal": "new", "statement": "我想学会弹钢琴和唱歌"}),
        (home.identity, b"\xff\xfe soul", "soul_update", {"content": "新的灵魂"}),
    ]
    tried = passed = 0
    for path, bad, tool, args in cases:
        path.parent.mkdir(parents=True, exist_ok=True)
        original = path.read_bytes() if path.exists() else None
        path.write_bytes(bad)
        reply = call(home, tool, args)
        tried += 1
        kept = path.read_bytes() == bad
        passed += kept and not reply["ok"]
        assert kept, f"{tool} wrote over the corrupt {path.name}"
        assert not reply["ok"], f"{tool} reported success over a corrupt {path.name}"
        if original is None:
            path.unlink()
        else:
            path.write_bytes(original)
    print(f"\ncorrupt files met by writers: tried {tried}, passed {passed}, lost {tried - passed}")


def test_key_shapes_are_masked_exactly_as_the_pattern_would_everywhere():
    """``scrub`` tries the key pattern only next to ``k-`` / ``Bearer `` (it scanned megabytes of
    trace position by position); on any text it must mask exactly what the pattern's ``sub`` does."""
    import random

    from linghun.core.redact import _LOOKS_LIKE_KEY, _mask_key_shapes

    rnd = random.Random(15)
    pieces = ["sk-", "pk-", "rk-", "Bearer ", "desk-", "k-", "A" * 8, "中", "-", "_", " ", "0123456789abcdef",
              "Bearer Bearer ", "risk-free"]
    alphabet = "skpr-Bea r_AZ09k.中~+/=\n"
    for _ in range(5000):
        text = "".join(rnd.choice(pieces) if rnd.random() < 0.6 else rnd.choice(alphabet)
                       for _ in range(rnd.randint(0, 40)))
        assert _mask_key_shapes(text) == _LOOKS_LIKE_KEY.sub(MASK, text), repr(text)
