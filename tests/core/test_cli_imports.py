"""A command imports what it uses: each probe runs one ``linghun`` command in a fresh interpreter
and lists the modules it loaded (start-up time is most of a short command's cost)."""
import json
import os
import subprocess
import sys
import textwrap

import pytest

from tests.conftest import REPO

PROBE = textwrap.dedent(
    """
    import json, sys
    from linghun.core.cli import main
    try:
        main(sys.argv[1:])
    except SystemExit:
        pass
    print(json.dumps(sorted(sys.modules)), file=sys.__stderr__)
    """
)


def modules_of(*argv: str, env: dict | None = None) -> set[str]:
    done = subprocess.run([sys.executable, "-c", PROBE, *argv], cwd=REPO, capture_output=True, text=True, env=env)
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


def test_help_loads_no_home_modules():
    loaded = modules_of("--help")
    assert not loaded & {"linghun.core.home", "linghun.core.memory", "linghun.core.fsio",
                         "linghun.core.history.capture", "numpy"}


def test_the_command_table_names_the_module_that_registers_each_command():
    import argparse
    import importlib

    from linghun.core import cli

    registered = {}
    for name in cli.command_modules():
        parser = argparse.ArgumentParser()
        sub = parser.add_subparsers()
        importlib.import_module(f"linghun.core.cli.{name}").register(sub, cli.common_parent())
        registered.update(dict.fromkeys(sub.choices, name))
    assert cli.COMMAND_MODULES == registered


def test_a_command_registers_its_own_module_alone(upstream_home):
    loaded = modules_of("read", "--home", str(upstream_home))
    cli_modules = {m for m in loaded if m.startswith("linghun.core.cli.")}
    assert cli_modules == {"linghun.core.cli.memory"}
    assert {"linghun.core.cli.tools", "linghun.core.cli.rounds"} <= modules_of("--help")


@pytest.mark.parametrize("command", ["read", "entries"])
def test_reading_commands_load_no_search_stack(upstream_home, command):
    loaded = modules_of(command, "--home", str(upstream_home))
    assert "linghun.core.memory" in loaded
    assert not loaded & {"numpy", "networkx", "rjieba", "jieba", "mcp", "openai", "pygit2",
                         "linghun.core.search", "linghun.core.assembler.round"}
    # of the assembler, only its settings (where team.cycleDir puts the ledger memory_read shows)
    assert {m for m in loaded if m.startswith("linghun.core.assembler.")} <= {"linghun.core.assembler.config"}


@pytest.mark.parametrize("argv", [["map"], ["context", "订单服务的端口是多少？", "--offline"]])
def test_the_map_text_loads_no_graph_library(upstream_home, argv):
    loaded = modules_of(*argv, "--home", str(upstream_home))
    assert "linghun.core.map" in loaded
    assert not loaded & {"networkx", "mcp", "openai"}


def test_a_one_shot_command_runs_without_the_collector_and_gives_it_back(upstream_home, monkeypatch):
    import gc

    from linghun.core import cli
    from linghun.core.cli import memory as cli_memory, tools as cli_tools

    seen = {}

    def recorder(name):
        def run(args):
            seen[name] = gc.isenabled(), os.environ.get("OPENBLAS_NUM_THREADS")
            return 0
        return run

    monkeypatch.setenv("OPENBLAS_NUM_THREADS", "-")  # so that monkeypatch puts back what was there
    monkeypatch.delenv("OPENBLAS_NUM_THREADS")
    monkeypatch.setattr(cli_memory, "cmd_entries", recorder("entries"))
    monkeypatch.setattr(cli_tools, "cmd_mcp", recorder("mcp"))
    # the collector as a plain process has it: a workbench test earlier in the same run leaves it
    # off (workbench.gcguard collects on the GUI thread instead), as the application does
    was = gc.isenabled()
    gc.enable()
    try:
        assert cli.main(["mcp", "--home", str(upstream_home)]) == 0
        assert cli.main(["entries", "--home", str(upstream_home)]) == 0
        assert gc.isenabled()  # main() in a process that goes on leaves the collector as it found it
    finally:
        if not was:
            gc.disable()
    # a one-shot command runs numpy's OpenBLAS on one thread (its idle threads spin); a server does not
    assert seen == {"entries": (False, "1"), "mcp": (True, None)}
    monkeypatch.setenv("OPENBLAS_NUM_THREADS", "4")
    assert cli.main(["entries", "--home", str(upstream_home)]) == 0
    assert seen["entries"] == (False, "4")  # the user's own setting is kept


def test_the_command_s_objects_are_out_of_the_collector_s_reach_when_it_exits(tmp_path, monkeypatch):
    """``linghun`` runs ``run``: the interpreter's last collection does not walk what the command
    made (at 10k entries it was 30-40 ms of a round)."""
    import gc

    from linghun.core.cli import run

    monkeypatch.setattr(sys, "argv", ["linghun", "demo", "--out", str(tmp_path / "dsh")])
    before, collecting = gc.get_freeze_count(), gc.isenabled()  # another test froze (the workbench does)
    try:
        assert run() == 0
        assert gc.get_freeze_count() > before and not gc.isenabled()
    finally:
        if not before:
            gc.unfreeze()
        if collecting:
            gc.enable()
