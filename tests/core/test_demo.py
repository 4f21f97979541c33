"""The demo home generator: deterministic, equal to the committed copy, and rich enough."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

import resources
from core.cli import main as cli_main
from core.demo import generate, regenerate
from core.errors import InvalidInputError
from core.formats import nodes as nodes_format
from core.formats import team as team_format
from core.formats.journal import parse_journal
from core.fsio import read_text
from core.home import MemoryHome
from core.memory import Memory, MemoryConfig


def _files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("demo")
    generate(out)
    return out


def test_generator_output_equals_the_committed_copy(demo):
    committed = _files(resources.DEMO_HOME_DIR)
    generated = _files(demo)
    assert sorted(generated) == sorted(committed), "run `linghun demo --out resources/demo-home --replace`"
    for name, data in generated.items():
        assert data == committed[name], f"{name} differs from the committed demo home"


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


def test_gaps_are_in_the_spec_12_format(demo):
    home = MemoryHome.resolve(demo)
    gaps = team_format.parse_gaps(read_text(home.team_file(team_format.GAPS_FILE)))
    cycle = json.loads(read_text(home.team_file(team_format.CYCLE_FILE)))
    assert len(gaps) >= 3
    assert cycle["version"] == 1 and [g["query"] for g in cycle["gaps"]][-len(gaps):] == [g.query for g in gaps]


def test_cli_writes_and_refuses_a_real_home(tmp_path, upstream_home, capsys):
    assert cli_main(["demo", "--out", str(tmp_path / "d"), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["warm_entries"] >= 150
    assert cli_main(["demo", "--out", str(tmp_path / "d")]) != 0  # not empty: never written over
    regenerate(tmp_path / "d")  # a generated demo may be replaced
    with pytest.raises(InvalidInputError):
        regenerate(upstream_home)
