"""A stand-in for a running agent: a separate process that writes the home as the upstream
plugins do (plain in-place writes, no lock, none of our code), one step per JSON line on stdin.

Steps:
- ``{"op": "warm", "text": "..."}``: rewrite warm.md;
- ``{"op": "round", "at": ISO, "query": ..., "level": ..., "strategy": ..., "bundle": ...,
  "hit": bool | null}``: what the upstream assembler leaves after a round: a judge history line,
  an editor bundle line, cycle.json (turn count, last judgment, the feedback this question gave
  the previous bundle), and assembled.md (the bundle delivered).
Prints ``ok`` after each step, so the test can wait for the watcher between steps.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path


def _append_line(path: Path, record: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a", encoding="utf-8") as fh:
        fh.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")


def run_round(memory: Path, step: dict) -> None:
    team = memory / "team"
    cycle_path = team / "cycle.json"
    cycle = json.loads(cycle_path.read_text(encoding="utf-8")) if cycle_path.exists() else {"version": 1}
    turn = int(cycle.get("turnCount", 0)) + 1
    at, query = step["at"], step["query"]
    judge = {"at": at, "turn": turn, "query": query, "level": step["level"], "strategy": step["strategy"],
             "by": "code", "model": "deepseek-chat"}
    _append_line(team / "judge" / "history.jsonl", judge)
    bundle = step["bundle"]
    if step["level"] != "skip":
        _append_line(team / "editor" / "bundles.jsonl", {
            "at": at, "turn": turn, "query": query, "level": step["level"], "strategy": step["strategy"],
            "entryCount": bundle.count("\n") + 1, "chars": len(bundle), "timeline": False, "advocate": False})
    cycle["turnCount"] = turn
    cycle["lastJudge"] = {"level": step["level"], "strategy": step["strategy"], "query": query,
                          "reason": step.get("reason", ""), "by": "code"}
    if step.get("hit") is not None:
        feedback = cycle.setdefault("feedback", {"hits": 0, "misses": 0, "recent": []})
        feedback["hits" if step["hit"] else "misses"] += 1
        feedback["lastAt"] = at
        feedback["recent"].append({"hit": bool(step["hit"]), "query": query, "at": at})
    if step.get("gap"):
        cycle.setdefault("gaps", []).append({"query": query, "note": "", "at": at})
    cycle["updatedAt"] = at
    cycle_path.parent.mkdir(parents=True, exist_ok=True)
    cycle_path.write_text(json.dumps(cycle, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    (memory / "assembled.md").write_text(bundle, encoding="utf-8")


def main() -> None:
    memory = Path(sys.argv[1]) / "linghun" / "memory"
    for line in sys.stdin:
        if not line.strip():
            continue
        step = json.loads(line)
        if step["op"] == "warm":
            (memory / "warm.md").write_text(step["text"], encoding="utf-8")
        elif step["op"] == "round":
            run_round(memory, step)
        print("ok", flush=True)


if __name__ == "__main__":
    main()
