"""The ``linghun`` memory subcommands: results, --json, errors and exit codes."""
import json
import subprocess
import sys

from linghun.core.cli import main
from linghun.core.home import MemoryHome
from linghun.core.home_lock import update_section
from tests.conftest import REPO


def run(capsys, *argv):
    rc = main(list(argv))
    out = capsys.readouterr()
    return rc, out.out, out.err


def test_append_read_touch_json(upstream_home, capsys):
    home = str(upstream_home)
    rc, out, _ = run(capsys, "append", "fact", '{"entity": "网关", "attribute": "超时", "value": "30s"}',
                     "-c", "high", "--home", home, "--json")
    assert rc == 0 and json.loads(out)["mode"] == "append" and json.loads(out)["n"] == 11
    rc, out, _ = run(capsys, "read", "[11]", "--home", home)
    assert rc == 0 and "网关 | 超时 | 30s" in out
    rc, out, _ = run(capsys, "entries", "--home", home, "--json", "--kind", "rule")
    assert {e["n"] for e in json.loads(out)} == {3, 5, 9}
    rc, out, _ = run(capsys, "touch", "网关", "--home", home)
    assert rc == 0 and "touched" in out


def test_errors_have_messages_and_codes(upstream_home, capsys):
    rc, _, err = run(capsys, "append", "opinion", "x", "--home", str(upstream_home))
    assert rc == 2 and "unknown kind" in err
    rc, _, err = run(capsys, "read", "[99]", "--home", str(upstream_home))
    assert rc == 3 and "no warm entry" in err
    rc, _, err = run(capsys, "journal", "--date", "2001-01-01", "--home", str(upstream_home))
    assert rc == 3


def test_python_dash_m_core_runs(upstream_home):
    out = subprocess.run([sys.executable, "-m", "linghun.core", "journal", "--home", str(upstream_home)],
                         cwd=REPO, capture_output=True, text=True)
    assert out.returncode == 0 and "2026-10-07（2 条流水）" in out.stdout


def test_a_folder_that_is_not_a_home_is_an_error_with_a_hint(tmp_path, upstream_home, capsys):
    """A typo, or the home's own memory/ folder, must not read as an empty home."""
    typo = str(tmp_path / "dhs")
    for argv in (["home"], ["entries"], ["read"], ["map"], ["goal", "list"], ["rounds"], ["retrieve", "port"]):
        rc, out, err = run(capsys, *argv, "--home", typo)
        assert rc == 3 and out == "", argv
        assert "no memory home" in err and "--home" in err and "linghun demo" in err, argv
    assert not (tmp_path / "dhs").exists()
    memory_folder = upstream_home / "linghun" / "memory"
    rc, _, err = run(capsys, "home", "--home", str(memory_folder))
    assert rc == 3 and f"inside the home {upstream_home}" in err
    # the agent's first write still starts a new home
    rc, _, _ = run(capsys, "append", "fact", "a | b | c", "--home", typo)
    assert rc == 0 and (tmp_path / "dhs" / "linghun" / "memory" / "warm.md").is_file()




def test_home_and_mcp_say_where_the_team_workspace_is(upstream_home, tmp_path, capsys):
    """The assembler seed's ready line: where the team workspace (team.cycleDir) is."""
    home = MemoryHome.resolve(upstream_home)
    rc, out, _err = run(capsys, "home", "--home", str(upstream_home), "--json")
    assert rc == 0 and json.loads(out)["team_workspace"] == str(home.team_dir)
    update_section(home, "assembler", lambda _old: {"team": {"cycleDir": str(tmp_path / "ledger")}})
    rc, out, _err = run(capsys, "home", "--home", str(upstream_home))
    assert rc == 0 and f"team_workspace: {tmp_path / 'ledger'}" in out.splitlines()
    served = subprocess.run([sys.executable, "-m", "linghun.core", "mcp", "--home", str(upstream_home), "--offline"],
                            cwd=REPO, input="", capture_output=True, text=True, timeout=60)
    assert f"linghun mcp: memory home {home.root}; team workspace {tmp_path / 'ledger'}" in served.stderr
    assert served.stdout == ""  # stdout is the protocol's alone
