"""The demo home generator: deterministic, equal to the committed copy, and rich enough."""
from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections import Counter
from pathlib import Path

import pytest

from linghun import resources
from linghun.core.cli import main as cli_main
from linghun.core.demo import HISTORY_DIR, generate, install_history, regenerate
from linghun.core.errors import InvalidInputError
from linghun.core.formats import nodes as nodes_format
from linghun.core.formats import team as team_format
from linghun.core.formats.journal import parse_journal
from linghun.core.fsio import read_text
from linghun.core.home import MemoryHome
from linghun.core.memory import Memory, MemoryConfig


def _files(root: Path) -> dict[str, bytes]:
    """Every file of a generated demo, but its history (compared by ``_states``)."""
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and p.relative_to(root).parts[0] != HISTORY_DIR}


def _states(dsh: Path) -> dict:
    """The history beside a demo home, as what it holds rather than its bytes (how libgit2
    compresses a pack may change with its version; a commit id names the state, its time, its
    writer and every state before it): each commit id, oldest first, and its ref."""
    import pygit2

    repo = pygit2.Repository(str(dsh / HISTORY_DIR))
    head = repo.references["refs/heads/main"].target
    commits = [str(c.id) for c in repo.walk(head, pygit2.enums.SortMode.TOPOLOGICAL | pygit2.enums.SortMode.REVERSE)]
    return {"head": repo.head.name, "commits": commits, "bare": repo.is_bare}


def _scratch(tmp_path_factory) -> Path:
    """A folder on tmpfs when there is one: the generator makes ~900 atomic (fsynced) writes."""
    shm = Path("/dev/shm")
    if shm.is_dir() and os.access(shm, os.W_OK):
        return Path(tempfile.mkdtemp(prefix="linghun-demo-", dir=shm))
    return tmp_path_factory.mktemp("demo")


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Path:
    out = _scratch(tmp_path_factory)
    generate(out)
    yield out
    shutil.rmtree(out, ignore_errors=True)


@pytest.mark.skipif(not __import__("linghun.core.embeddings").core.embeddings.available(),
                    reason="the committed demo's rounds were run with the embeddings' rerank, as the README installs it")
def test_generator_output_equals_the_committed_copy(demo):
    committed = _files(resources.DEMO_HOME_DIR)
    generated = _files(demo)
    assert sorted(generated) == sorted(committed), "run `linghun demo --out resources/demo-home --replace`"
    for name, data in generated.items():
        assert data == committed[name], f"{name} differs from the committed demo home"
    assert _states(demo) == _states(resources.DEMO_HOME_DIR), "the committed demo history differs: regenerate it"


def test_the_demo_history_has_the_state_before_every_round_and_ends_as_the_home(tmp_path, monkeypatch):
    from linghun.core.history.rounds import delivered_bundle, home_rounds, prior_state
    from linghun.core.history.store import HomeHistory

    monkeypatch.setenv("LINGHUN_DATA_DIR", str(tmp_path / "data"))
    dest = tmp_path / "demo"  # as the workbench makes its copy of the demo home
    shutil.copytree(resources.DEMO_HOME_DIR, dest, ignore=shutil.ignore_patterns(HISTORY_DIR))
    home = MemoryHome.resolve(dest)
    assert install_history(resources.DEMO_HOME_DIR, home)
    assert not install_history(resources.DEMO_HOME_DIR, home)  # never over a history the home has
    history = HomeHistory(home)
    assert (history.path / "linghun-home").read_text(encoding="utf-8").strip() == str(home.root)
    assert history.scan("agent") is None  # the newest state is the bundled home, byte for byte
    rounds = [r for r in home_rounds(home) if r.turn is not None]
    assert len(rounds) >= 30 and all(r.source == "agent" for r in rounds)
    for r in rounds:
        # the home as the round read it: the judgments of the rounds before it, not its own
        before = prior_state(history, r).commit
        assert before is not None, r.query
        judged = history.read(f"memory/team/{team_format.JUDGE_HISTORY_FILE}", commit=before) or b""
        assert len(judged.splitlines()) == r.turn - 1
        assert delivered_bundle(history, home, r).commit is not None, r.query
    assert [v.writer for v in history.versions("memory/warm.md")] == ["agent"] * len(history.versions("memory/warm.md"))


def test_warm_has_every_kind_and_confidence_and_is_valid_for_the_default_config(demo):
    home = MemoryHome.resolve(demo)
    memory = Memory(home)
    entries = memory.entries()
    assert len(entries) >= 150
    kinds = Counter(e.kind for e in entries)
    assert {"event", "fact", "rule", "decision", "preference", "experience", "identity"} <= set(kinds)
    confidences = Counter(e.effective_confidence for e in entries)
    assert all(confidences[c] >= 5 for c in ("high", "medium", "low", "wrong"))
    config = MemoryConfig()
    assert memory.size_bytes() < config.max_bytes * config.trigger_ratio
    # every wrong entry was flipped by an update: a newer entry carries the corrected value
    assert all(e.kind == "fact" for e in entries if e.is_wrong)


def test_archives_journal_and_ontologies(demo):
    home = MemoryHome.resolve(demo)
    days = home.journal_days()
    assert len(days) >= 21
    turns = sum(len(parse_journal(read_text(p)).turns) for paths in days.values() for p in paths)
    assert turns >= 200
    assert len(home.episodic_days()) >= 3
    for path in (home.memory_ontology, home.knowledge_ontology, home.rules, home.ontology, home.cold):
        doc = nodes_format.parse_nodes(read_text(path))
        assert doc.render() == read_text(path)
    assert len(nodes_format.rules_in(nodes_format.parse_nodes(read_text(home.rules)))) >= 5
    topics = nodes_format.parse_nodes(read_text(home.ontology)).nodes
    assert len(topics) >= 5 and all("[" in n.body for n in topics)
    assert "名字：" in read_text(home.identity)
    assert not home.lock_path.exists()


def test_gaps_and_rounds_come_from_real_assembler_rounds(demo):
    home = MemoryHome.resolve(demo)
    gaps = team_format.parse_gaps(read_text(home.team_file(team_format.GAPS_FILE)))
    cycle = json.loads(read_text(home.team_file(team_format.CYCLE_FILE)))
    history = [r for r in team_format.parse_jsonl(read_text(home.team_file(team_format.JUDGE_HISTORY_FILE)))
               if isinstance(r, dict)]
    assert len(gaps) >= 5
    assert cycle["version"] == 1 and [g["query"] for g in cycle["gaps"]][-len(gaps):] == [g.query for g in gaps]
    assert len(history) >= 10 and cycle["turnCount"] == history[-1]["turn"]
    assert {r["level"] for r in history} >= {"light", "medium"}
    assert {g.query for g in gaps} <= {r["query"] for r in history}  # every gap is a recorded round
    assert read_text(home.assembled).startswith("素材：")


def test_goals_in_every_state_with_triggers(demo):
    home = MemoryHome.resolve(demo)
    goals = json.loads(read_text(home.goals))["goals"]
    assert len(goals) >= 10
    assert {g["state"] for g in goals} == {"active", "paused", "achieved", "abandoned"}
    assert all(g["triggers"] for g in goals if g["priority"] in ("high", "medium"))
    assert any(g["domain"] == "belief" for g in goals)
    transitions = [h for g in goals for h in g["history"] if h["kind"] == "transition"]
    assert len(transitions) > len(goals)


def test_cli_writes_and_refuses_a_real_home(tmp_path_factory, upstream_home, capsys):
    out = _scratch(tmp_path_factory)
    try:
        assert cli_main(["demo", "--out", str(out / "d"), "--json"]) == 0
        summary = json.loads(capsys.readouterr().out)
        assert summary["warm_entries"] >= 150 and summary["goals"] >= 10 and summary["rounds"] >= 10
        assert cli_main(["demo", "--out", str(out / "d")]) != 0  # not empty: never written over
    finally:
        shutil.rmtree(out, ignore_errors=True)
    with pytest.raises(InvalidInputError):
        regenerate(upstream_home)


def test_the_command_s_demo_has_the_history_every_command_reads(tmp_path_factory, capsys):
    """``linghun demo`` installs the history it wrote beside the home where ``linghun history``
    (and the review, Reproduce, time travel) look for it; a history of a home once in that folder
    is kept unless it is empty (reading a home with none makes one) or the demo is written again."""
    from linghun.core.history.layout import history_location

    out = _scratch(tmp_path_factory) / "d"
    try:
        assert cli_main(["history", "log", "--home", str(out)]) == 3  # not there yet: nothing made
        (out / "linghun" / "memory").mkdir(parents=True)
        assert cli_main(["history", "log", "--home", str(out)]) == 0  # an empty history of an empty home
        assert capsys.readouterr().out == "no history yet\n"
        shutil.rmtree(out / "linghun")
        # this process records `out` now (the command above): the generator's writes are not its own
        assert cli_main(["demo", "--out", str(out), "--json"]) == 0
        states = json.loads(capsys.readouterr().out)["states"]
        assert cli_main(["history", "log", "--home", str(out), "--json", "--limit", "1000"]) == 0
        logged = json.loads(capsys.readouterr().out)
        assert len(logged) == states > 30 and {r["writer"] for r in logged} == {"agent"}
        shutil.rmtree(out / "linghun")
        shutil.rmtree(out / HISTORY_DIR)
        assert cli_main(["demo", "--out", str(out)]) == 0
        assert "was kept" in capsys.readouterr().err  # the history of a home once there, not empty
        target = history_location(MemoryHome.resolve(out))
        (target / "refs" / "heads" / "kept").write_text("0" * 40 + "\n")  # a state the demo's has not
        assert cli_main(["demo", "--out", str(out), "--replace"]) == 0
        assert not (target / "refs" / "heads" / "kept").exists()  # the demo written again: its own
    finally:
        shutil.rmtree(out.parent, ignore_errors=True)
