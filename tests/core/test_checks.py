"""Memory checks on a copy of the demo home: pinning a round, flips, edits, consolidation, the
store's safety, ``linghun check`` exit codes and the agent tool."""
from __future__ import annotations

import json
import shutil

import pytest

from linghun import resources
from linghun.core import tools
from linghun.core.assembler.debounce import Debouncer
from linghun.core.assembler.round import Assembler
from linghun.core.checks import make
from linghun.core.checks.model import Check, Expected
from linghun.core.checks.preview import checks_broken_by_consolidation
from linghun.core.checks.run import run_checks
from linghun.core.checks.store import (add_check, checks_path, load_checks, read_results, remove_check,
                                       results_path)
from linghun.core.cli import main
from linghun.core.errors import UnreadableFileError
from linghun.core.home import MemoryHome
from linghun.core.memory import Memory

SLO = "checkout-api 的可用性 SLO 是多少？"
SLO_BODY = "checkout-api | 可用性 SLO | 99.95% | SLO 文档#1"


@pytest.fixture
def home(tmp_path) -> MemoryHome:
    shutil.copytree(resources.DEMO_HOME_DIR, tmp_path / "dsh")
    return MemoryHome.resolve(tmp_path / "dsh")


def _n_of(home: MemoryHome, body: str) -> int:
    return next(i for i, e in enumerate(Memory(home).entries(), 1) if e.body == body)


def test_a_pinned_round_passes_then_fails_with_the_why_not_once_its_entry_is_flipped(home):
    Assembler(home, debouncer=Debouncer()).run(SLO)  # a real round, traced
    check = make.from_round(home, make.latest_round(home))
    assert check.question == SLO and check.made_from.startswith("round:")
    assert SLO_BODY in [e.body for e in check.expect]
    add_check(home, check)
    assert run_checks(home).passed

    memory = Memory(home)
    n = _n_of(home, SLO_BODY)
    memory.edit_entry(memory.entries()[n - 1].id, confidence="wrong")
    report = run_checks(home)
    [result] = report.failed
    [missing] = [o for o in result.missing if o.expected.body == SLO_BODY]
    assert missing.state == "flipped" and missing.n == n
    assert missing.why.startswith("flipped to wrong")
    assert missing.why_not["excluded"] == "flipped"
    assert result.got  # what the round delivered instead
    assert [r["failed"] for r in read_results(home)] == [0, 1]  # the results history, oldest first


def test_a_flip_by_update_and_an_edit_are_followed(home):
    n = _n_of(home, SLO_BODY)
    check = make.by_hand(home, SLO, expect=[f"[{n}]"])
    memory = Memory(home)
    target = memory.entries()[n - 1]
    memory.edit_entry(target.id, body=SLO_BODY.replace("SLO 文档#1", "SLO 文档#2"))
    [outcome] = run_checks(home, [check], record=False).results[0].expected
    assert outcome.state == "edited" and outcome.shown and outcome.n == n

    edited = make.by_hand(home, SLO, expect=[f"[{n}]"])
    memory.append("fact", "checkout-api | 可用性 SLO | 99.99% | SLO 文档#3", update=f"[{n}]")  # flips it
    [outcome] = run_checks(home, [edited], record=False).results[0].expected
    assert outcome.state == "flipped" and outcome.n == n and not outcome.shown


def test_a_forbidden_entry_shown_fails_the_check(home):
    n = _n_of(home, SLO_BODY)
    check = make.by_hand(home, SLO, forbid=[f"[{n}]"])
    result = run_checks(home, [check], record=False).results[0]
    assert not result.passed
    assert result.shown_forbidden[0].parts == ["bundle"] and "must not be shown" in result.shown_forbidden[0].why


def test_a_consolidated_entry_counts_where_its_ontology_part_shows_it(home):
    memory = Memory(home)
    high = next(e for e in memory.entries() if e.kind == "fact" and e.effective_confidence == "high")
    check = Check("任意问题", [Expected.of(high)])
    memory.consolidate()
    [outcome] = run_checks(home, [check], record=False).results[0].expected
    assert outcome.state == "gone" and outcome.n is None
    assert outcome.parts == ["knowledge"]  # its line in the knowledge ontology, shown whatever the question


def test_the_consolidation_preview_names_the_check_it_would_break_and_writes_nothing(home):
    keeps = make.by_hand(home, "PR #496 是谁合并的？", expect=[f"[{_n_of(home, '李想 | merged | PR #496 | checkout-api | Add tracing to payment callback')}]"])
    breaks = make.by_hand(home, SLO, expect=[f"[{_n_of(home, SLO_BODY)}]"])
    def files():  # the lock file is the lock's, not the memory's
        return {p: p.read_bytes() for p in home.root.rglob("*") if p.is_file() and p.name != ".linghun.lock"}

    before = files()
    broken = checks_broken_by_consolidation(home, [keeps, breaks])
    assert [b.check.id for b in broken] == [breaks.id]
    assert "consolidated into the cold" in broken[0].after.missing[0].why
    assert files() == before


def test_checks_json_is_written_whole_and_a_broken_one_is_never_overwritten(home):
    check = make.by_hand(home, SLO, expect=["[6]"])
    add_check(home, check)
    data = json.loads(checks_path(home).read_text())
    assert data["version"] == 1 and data["checks"][0]["id"] == check.id
    assert [c.id for c in load_checks(home)] == [check.id]
    remove_check(home, check.id)
    assert load_checks(home) == []

    checks_path(home).write_text('{"version": 1, "checks": [', encoding="utf-8")
    broken = checks_path(home).read_bytes()
    with pytest.raises(UnreadableFileError):
        add_check(home, check)
    assert checks_path(home).read_bytes() == broken


def test_linghun_check_exit_codes_and_json(home, capsys):
    root = str(home.dsh_home)
    assert main(["check", "--home", root]) == 0  # no checks: nothing failed
    assert main(["check", "add", SLO, "--now", "--home", root]) == 0
    assert main(["check", "--home", root]) == 0
    assert main(["check", "add", SLO, "--forbid", f"[{_n_of(home, SLO_BODY)}]", "--home", root]) == 0
    capsys.readouterr()
    assert main(["check", "--json", "--home", root]) == 1
    out = json.loads(capsys.readouterr().out)
    assert (out["passed"], out["failed"]) == (1, 1)
    assert main(["check", "list", "--home", root]) == 0
    assert "FAIL" in capsys.readouterr().out
    assert results_path(home).name.startswith(".")  # not versioned, not watched


def test_the_agent_tool_runs_the_checks(home):
    add_check(home, make.by_hand(home, SLO, expect=[f"[{_n_of(home, SLO_BODY)}]"]))
    out = tools.call(home, "linghun_check", {})
    assert out["ok"] and out["passed"] == 1 and out["failed"] == 0
    assert tools.call(home, "linghun_check", {"id": "nope"})["ok"] is False
