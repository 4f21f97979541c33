#!/usr/bin/env bash
# Smoke test of an installed linghun-workbench (a wheel in a virtual environment, or a frozen
# bundle): `packaging/smoke.sh BIN_DIR` where BIN_DIR holds the `linghun` and
# `linghun-workbench` commands. Runs from an empty folder with its own HOME, so nothing of a
# checkout or of the user's data is used. Prints one `smoke: ok ...` line per check.
set -euo pipefail
bin=$(cd "$1" && pwd)
expected=${2:-}  # the version the commands must report (default: the installed metadata's)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
export HOME="$work/home" LINGHUN_DATA_DIR="$work/data" LINGHUN_CONFIG_DIR="$work/config" \
  LINGHUN_CACHE_DIR="$work/cache" QT_QPA_PLATFORM=offscreen
unset DSH_HOME OPENAI_API_KEY DEEPSEEK_API_KEY LINGHUN_API_KEY
mkdir -p "$HOME"
fail() { echo "smoke: FAILED: $*" >&2; exit 1; }

if [ -z "$expected" ]; then
  expected=$("$bin/python" -c 'from importlib.metadata import version; print(version("linghun-workbench"))')
fi
case "$expected" in ""|0+unknown) fail "no project version to compare with ($expected)";; esac
got=$("$bin/linghun" --version)
[ "$got" = "linghun $expected" ] || fail "linghun --version says '$got', expected 'linghun $expected'"
got=$("$bin/linghun-workbench" --version)
[ "$got" = "linghun-workbench $expected" ] || fail "linghun-workbench --version says '$got'"
echo "smoke: ok --version of both commands is $expected"

"$bin/linghun" demo --out "$work/demo" >/dev/null
n=$("$bin/linghun" entries --home "$work/demo" --json | "$bin/python" -c 'import json,sys; print(len(json.load(sys.stdin)))' 2>/dev/null \
    || "$bin/linghun" entries --home "$work/demo" | grep -c '^\[')
[ "$n" -gt 0 ] || fail "linghun demo wrote no warm entries"
echo "smoke: ok linghun demo wrote a home with $n warm entries"

"$bin/linghun" round "订单服务现在跑在哪个端口？" --llm offline --home "$work/demo" --json > "$work/round.json"
grep -q '"status": "ok"' "$work/round.json" || fail "the offline round did not finish: $(head -c 400 "$work/round.json")"
grep -q '"wrote_bundle": true' "$work/round.json" || fail "the offline round wrote no bundle"
echo "smoke: ok an offline assembler round answered from the demo home"

# The workbench on its first start: it copies the demo home, shows its window, and quits
# cleanly on SIGTERM (as at session logout) with exit status 0.
"$bin/linghun-workbench" > "$work/gui.log" 2>&1 &
gui=$!
for _ in $(seq 1 120); do
  [ -f "$LINGHUN_DATA_DIR/demo-home/linghun/memory/warm.md" ] && break
  kill -0 "$gui" 2>/dev/null || break
  sleep 0.5
done
[ -f "$LINGHUN_DATA_DIR/demo-home/linghun/memory/warm.md" ] || { cat "$work/gui.log" >&2; fail "the workbench did not open its demo home"; }
sleep 2  # let the panes load the home before asking it to quit
kill -TERM "$gui"
set +e
wait "$gui"
rc=$?
set -e
[ "$rc" = 0 ] || { cat "$work/gui.log" >&2; fail "the workbench exited with $rc on SIGTERM"; }
if grep -E "Traceback|Error|Warning" "$work/gui.log" >&2; then fail "the workbench printed errors"; fi
echo "smoke: ok the workbench started offscreen on the demo home and quit with status 0"
