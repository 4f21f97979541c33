#!/usr/bin/env bash
# Build the one-folder PyInstaller bundle and smoke-test it:
#   packaging/build_bundle.sh [OUT_DIR]      (default: dist/)
# Needs the project and PyInstaller installed in the python found first on PATH or in $PYTHON
# (PyInstaller is a build tool, not a dependency: `pip install pyinstaller`). The bundle lands in
# OUT_DIR/linghun-workbench/ with both commands, LICENSE and THIRD-PARTY-NOTICES.txt.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
out=$(mkdir -p "${1:-$repo/dist}" && cd "${1:-$repo/dist}" && pwd)
py=${PYTHON:-python3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$repo"
# Freeze the project as the wheel installs it (its files, import names and metadata).
"$py" -m pip install -q --no-deps --no-compile --target "$work/site" "$repo" >"$work/pip.log" 2>&1 \
  || { cat "$work/pip.log" >&2; exit 1; }
version=$(cd "$work/site" && "$py" -c 'from importlib.metadata import version; print(version("linghun-workbench"))')
LINGHUN_SOURCE_ROOT="$repo" LINGHUN_BUNDLE_WORK="$work" LINGHUN_BUNDLE_SITE="$work/site" \
  "$py" -m PyInstaller --noconfirm --clean --log-level WARN --distpath "$out" --workpath "$work/build" \
  packaging/linghun-workbench.spec
bundle="$out/linghun-workbench"
ln -sfn linghun-workbench "$bundle/linghun"   # the CLI: same executable, dispatched by name
internal="$bundle/_internal"
for f in LICENSE THIRD-PARTY-NOTICES.txt "linghun_workbench-$version.dist-info/METADATA"; do
  [ -f "$internal/$f" ] || [ -f "$bundle/$f" ] || { echo "bundle: FAILED: no $f" >&2; exit 1; }
done
if find "$bundle" \( -name '*.ts' -path '*i18n*' -o -path '*screenshots*' \) | grep -q .; then
  echo "bundle: FAILED: screenshots or .ts sources in the bundle" >&2; exit 1
fi
echo "bundle: ok $bundle ($(du -sh "$bundle" | cut -f1)) with LICENSE, notices and metadata $version"
"$repo/packaging/smoke.sh" "$bundle" "$version"
