"""The PyInstaller bundle: built by packaging/build_bundle.sh and smoke-tested by it (both
commands' --version, linghun demo, an offline round, the workbench started offscreen and quit).
Slow (minutes); skipped where PyInstaller is not installed (it is a build tool, not a dependency)."""
from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO

pytestmark = pytest.mark.slow


@pytest.mark.skipif(importlib.util.find_spec("PyInstaller") is None, reason="PyInstaller not installed")
def test_the_bundle_builds_and_runs(tmp_path):
    env = {**os.environ, "PYTHON": sys.executable}
    out = subprocess.run([str(REPO / "packaging" / "build_bundle.sh"), str(tmp_path / "dist")], cwd=REPO,
                         env=env, capture_output=True, text=True, timeout=1800)
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-4000:]
    for check in ("bundle: ok", "smoke: ok --version", "smoke: ok linghun demo", "smoke: ok an offline",
                  "smoke: ok the workbench started"):
        assert check in out.stdout, out.stdout
    bundle = tmp_path / "dist" / "linghun-workbench"
    assert (bundle / "linghun").is_file() and (bundle / "linghun-workbench").is_file()
    notices = next(bundle.rglob("THIRD-PARTY-NOTICES.txt")).read_text(encoding="utf-8")
    assert "PySide6" in notices and "jieba" in notices and "LGPL" in notices
    assert not list(bundle.rglob("*.ts")) and not [p for p in bundle.rglob("*") if "screenshots" in p.parts]
    assert Path(next(bundle.rglob("LICENSE"))).read_text(encoding="utf-8").lstrip().startswith("GNU AFFERO GENERAL PUBLIC LICENSE")
