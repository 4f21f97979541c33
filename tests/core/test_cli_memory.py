"""The ``linghun`` memory subcommands: results, --json, errors and exit codes."""
import json
import subprocess
import sys

from core.cli import main
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
    out = subprocess.run([sys.executable, "-m", "core", "journal", "--home", str(upstream_home)],
                         cwd=REPO, capture_output=True, text=True)
    assert out.returncode == 0 and "2026-10-07（2 条流水）" in out.stdout
