"""Bad input at every boundary: the command line, the agent tools and the MCP server.

Each bad input must end in one clear line and a documented exit code (CLI), a tool error (tools,
MCP), or a JSON-RPC error reply (a line that is not a message): never a traceback, never
silence, and the home unchanged. Figures: tried / passed / lost per boundary.
"""
from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from linghun.core.home import MemoryHome
from linghun.core.tools import call
from tests.reliability.hostile import PAYLOADS

REPO = Path(__file__).resolve().parents[2]


def _cli(*args: str, home: Path | None = None, limit_bytes: int | None = None) -> subprocess.CompletedProcess:
    def limit():  # a file-size limit makes writes fail as a full disk does (Python ignores SIGXFSZ)
        if limit_bytes is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit_bytes, limit_bytes))

    argv = [sys.executable, "-m", "linghun.core", *args] + (["--home", str(home)] if home is not None else [])
    return subprocess.run(argv, cwd=REPO, capture_output=True, text=True, timeout=120, preexec_fn=limit,
                          stdin=subprocess.DEVNULL)


def _snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and "traces" not in p.parts and p.name != ".linghun.lock"}


@pytest.mark.slow  # twenty processes
def test_bad_command_lines_get_one_line_and_an_exit_code(upstream_home, tmp_path):
    a_file = tmp_path / "not-a-folder"
    a_file.write_text("x")
    cases = [  # (argv, expected exit code)
        (["map", "--budget", "-1"], 2), (["goal", "get", "旅行", "-k", "-3"], 2), (["retrieve", "端口", "-k", "-1"], 2),
        (["retrieve", ""], 2), (["retrieve", "   "], 2), (["round", ""], 2), (["round", " \t"], 2),
        (["goal", "get", ""], 2), (["drill", ""], 2), (["append", "fact", ""], 2), (["append", "nonsense", "x"], 2),
        (["read", "[999]"], 3), (["touch", ""], 2), (["journal", "--date", "not-a-day"], 2),
        (["tool", "memory_append", "--args", "{not json"], 2), (["tool", "no_such_tool"], 3),
        (["tool", "memory_map", "--args", '{"budget": -5}'], 2),
        (["goal", "state", "g999", "--set", "paused"], 3),
    ]
    before = _snapshot(upstream_home)
    lost = []
    for argv, code in cases:
        out = _cli(*argv, home=upstream_home)
        last = out.stderr.strip().splitlines()[-1] if out.stderr.strip() else ""
        ok = out.returncode == code and "Traceback" not in out.stderr and last.startswith("linghun")
        if not ok:
            lost.append((argv, out.returncode, out.stderr[-300:]))
    for argv, code in ([["entries"], 2], [["append", "fact", "a | b | c | #1"], 2]):  # --home names a file
        out = _cli(*argv, home=a_file)
        if out.returncode != code or "Traceback" in out.stderr or "is a file" not in out.stderr:
            lost.append((argv, out.returncode, out.stderr[-300:]))
    tried = len(cases) + 2
    print(f"\nbad input, CLI: tried {tried}, passed {tried - len(lost)}, lost {len(lost)}")
    for argv, rc, err in lost:
        print(f"  {argv}: exit {rc}: {err.strip().splitlines()[-1] if err.strip() else '(silent)'}")
    assert lost == []
    assert _snapshot(upstream_home) == before, "bad input changed nothing"


def test_a_full_disk_ends_in_a_message_and_changes_nothing(upstream_home):
    home = MemoryHome.resolve(upstream_home)
    before = home.warm.read_bytes()
    big = "订单服务 | 说明 | " + "很长的说明" * 3000 + " | #1"
    out = _cli("append", "fact", big, home=upstream_home, limit_bytes=len(before) + 1000)
    print(f"\nfull disk: exit {out.returncode}, stderr {out.stderr.strip()!r}")
    assert out.returncode == 10 and "Traceback" not in out.stderr
    assert "nothing was changed" in out.stderr
    assert home.warm.read_bytes() == before
    assert not list(home.memory.glob(".warm.md.*.tmp")), "the failed write left no temporary file"


def test_bad_tool_calls_are_tool_errors(upstream_home):
    home = MemoryHome.resolve(upstream_home)
    cases = [
        ("memory_append", {"kind": "fact", "content": ""}), ("memory_append", {"kind": "nope", "content": "x"}),
        ("memory_append", {"kind": "fact"}), ("memory_append", "{not json"), ("memory_append", [1, 2]),
        ("memory_read", {"ref": "[0]"}), ("memory_touch", {"ref": ""}), ("memory_map", {"budget": -1}),
        ("memory_drill", {"pointer": ""}), ("memory_journal", {"date": "../../etc/passwd"}),
        ("linghun_goal_get", {"situation": ""}), ("linghun_goal_get", {"situation": "x", "k": -1}),
        ("linghun_goal_update", {"signal": "explode", "statement": "x"}), ("soul_update", {"content": "  "}),
        ("memory_rules", {"rule": ""}), ("no_such_tool", {}),
        ("memory_append", {"kind": "fact", "content": "x", "extra": 1}),
    ] + [("memory_drill", {"pointer": text[:2000]}) for text in PAYLOADS.values()]
    before = _snapshot(upstream_home)
    lost = []
    for name, args in cases:
        try:
            reply = call(home, name, args)
        except Exception as exc:  # noqa: BLE001 - a defect: the boundary must answer, not raise
            lost.append((name, repr(exc)))
            continue
        if reply.get("ok") or not reply.get("error", {}).get("message"):
            if not (name == "memory_drill" and reply.get("ok")):
                lost.append((name, reply))
    print(f"\nbad input, tools: tried {len(cases)}, passed {len(cases) - len(lost)}, lost {len(lost)}")
    assert lost == []
    assert _snapshot(upstream_home) == before


def test_the_mcp_server_answers_a_malformed_line(upstream_home):
    lines = ["not json at all", "{\"unterminated\": ", "[1, 2", "{\"foo\": 1}", "\"just a string\"",
             json.dumps({"jsonrpc": "2.0", "id": 7, "method": "initialize",
                         "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                                    "clientInfo": {"name": "probe", "version": "1"}}})]
    proc = subprocess.run([sys.executable, "-m", "linghun.core", "mcp", "--home", str(upstream_home)], cwd=REPO,
                          input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=60,
                          env={**os.environ})
    replies = [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]
    errors = [r["error"]["code"] for r in replies if r.get("id") is None and "error" in r]
    print(f"\nbad input, MCP: sent {len(lines) - 1} malformed lines, {len(errors)} error replies {errors}")
    assert errors == [-32700, -32700, -32700, -32600, -32600]
    assert any(r.get("id") == 7 and "result" in r for r in replies), "the session goes on after them"
    assert "Traceback" not in proc.stderr


def test_path_traversal_arguments_stay_inside_the_home(upstream_home):
    """Pointers, days and references that climb out of the home read nothing outside it."""
    home = MemoryHome.resolve(upstream_home)
    (upstream_home.parent / "secret.md").write_text("## 2026-10-07 10:00 [fact] high\n\nTOPSECRET\n", encoding="utf-8")
    (upstream_home / "secret.md").write_text("TOPSECRET\n", encoding="utf-8")
    climbs = ["../../../secret", "../../../../secret", "2026-10-07/../../../../secret", "..%2F..%2Fsecret",
              "/etc/passwd", "../../../secret.md"]
    calls = [("memory_drill", {"pointer": f"{prefix}{climb}"}) for climb in climbs
             for prefix in ("journal:", "episodic:", "rules:", "knowledge:", "cold:", "goal:", "")]
    calls += [("memory_journal", {"date": climb}) for climb in climbs]
    calls += [("memory_journal", {"start": climb, "end": "2026-10-08"}) for climb in climbs]
    calls += [("memory_read", {"ref": climb}) for climb in climbs]
    calls += [("memory_touch", {"ref": climb}) for climb in climbs]
    replies = [(name, args, json.dumps(call(home, name, args), ensure_ascii=False)) for name, args in calls]
    leaked = [(name, args) for name, args, text in replies if "TOPSECRET" in text or "root:x:0" in text]
    print(f"\npath traversal: tried {len(calls)}, kept inside {len(calls) - len(leaked)}, leaked {len(leaked)}")
    assert leaked == []
