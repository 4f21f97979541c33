"""A home without checks runs none and builds nothing to run them with (the workbench runs the
checks when a home opens: the runner indexed a 100k-entry home's entries for nothing)."""
from __future__ import annotations

from linghun.core.checks import run as run_module
from linghun.core.checks.run import run_checks
from linghun.core.checks.store import read_results
from tests.perf.synth import make_home


def test_a_home_without_checks_reports_an_empty_run_without_a_runner(tmp_path, monkeypatch):
    home = make_home(tmp_path / "dsh", 20)

    def no_runner(*_args, **_kwargs):
        raise AssertionError("a runner was built for no checks")

    monkeypatch.setattr(run_module, "CheckRunner", no_runner)
    report = run_checks(home, trigger="workbench")
    assert report.results == [] and report.passed and report.trigger == "workbench"
    assert read_results(home) == []  # nothing ran: nothing recorded
