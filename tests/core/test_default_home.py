"""The default home the CLI shares with the workbench, and what the CLI says about it."""
from __future__ import annotations

import shutil
import subprocess
import sys
from importlib.metadata import version as dist_version

import pytest

from linghun import resources
from linghun.core.cli import main
from linghun.core.home import MemoryHome, default_dsh_home
from tests.conftest import REPO


@pytest.fixture
def user(tmp_path, monkeypatch):
    """A user with no DSH_HOME, a HOME and a data folder of their own."""
    monkeypatch.delenv("DSH_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "user"))
    monkeypatch.setenv("LINGHUN_DATA_DIR", str(tmp_path / "data"))
    (tmp_path / "user").mkdir()
    return tmp_path


def test_with_nothing_anywhere_the_default_is_the_agents_dsh(user, capsys):
    assert default_dsh_home() == (user / "user" / ".dsh", "none")
    assert main(["map"]) == 0
    err = capsys.readouterr().err
    assert f"the memory home {user / 'user' / '.dsh' / 'linghun'} is empty" in err


def test_after_the_workbench_made_its_demo_home_the_cli_uses_it_and_says_so(user, capsys):
    shutil.copytree(resources.DEMO_HOME_DIR, user / "data" / "demo-home")
    assert default_dsh_home() == (user / "data" / "demo-home", "demo")
    assert main(["entries"]) == 0
    out = capsys.readouterr()
    assert "using the workbench's demo home" in out.err and str(user / "data" / "demo-home") in out.err
    assert "[1]" in out.out  # the demo's entries, not an empty list
    assert main(["entries", "--home", str(user / "data" / "demo-home")]) == 0
    assert capsys.readouterr().err == ""  # a home the user chose needs no note


def test_the_agents_dsh_wins_over_the_demo_home_and_dsh_home_over_both(user, monkeypatch, capsys):
    shutil.copytree(resources.DEMO_HOME_DIR, user / "data" / "demo-home")
    MemoryHome.resolve(user / "user" / ".dsh").ensure()
    assert default_dsh_home() == (user / "user" / ".dsh", "agent")
    monkeypatch.setenv("DSH_HOME", str(user / "elsewhere"))
    assert default_dsh_home() == (user / "elsewhere", "env")


def test_both_commands_print_the_project_version():
    expected = dist_version("linghun-workbench")
    for module, name in (("linghun.core", "linghun"), ("linghun.workbench", "linghun-workbench")):
        out = subprocess.run([sys.executable, "-m", module, "--version"], cwd=REPO, capture_output=True,
                             text=True, timeout=60)
        assert out.returncode == 0 and out.stdout.strip() == f"{name} {expected}"


def test_commands_that_do_not_read_the_home_say_nothing_about_it(user, capsys):
    assert main(["tools", "schema"]) == 0
    assert main(["demo", "--out", str(user / "new-demo")]) == 0
    assert capsys.readouterr().err == ""
