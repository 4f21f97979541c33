#!/usr/bin/env bash
# The installed project must live beside any other distribution's top-level `core`, `workbench`
# or `resources`: install one such package next to the wheel and import both.
#   packaging/check_clash.sh VENV_BIN
set -euo pipefail
bin=$1
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
mkdir -p "$probe/core" "$probe/workbench"
printf 'WHO = "clash-probe"\n' >"$probe/core/__init__.py"
printf 'WHO = "clash-probe"\n' >"$probe/workbench/__init__.py"
cat >"$probe/pyproject.toml" <<'TOML'
[build-system]
requires = ["setuptools>=77"]
build-backend = "setuptools.build_meta"
[project]
name = "clash-probe"
version = "1"
[tool.setuptools]
packages = ["core", "workbench"]
TOML
"$bin/python" -m pip install -q "$probe" >/dev/null
(cd "$probe/.." && "$bin/python" - <<'PY'
import core, workbench
import linghun.core.cli, linghun.workbench.app
from importlib.metadata import version
assert core.WHO == workbench.WHO == "clash-probe", "the other package's core/workbench were shadowed"
assert linghun.core.__version__ == version("linghun-workbench")
print(f"clash: ok a package with top-level core and workbench installed beside linghun {linghun.core.__version__}; both import")
PY
)
"$bin/python" -m pip uninstall -q -y clash-probe
