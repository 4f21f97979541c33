#!/usr/bin/env bash
# The workbench in a real window on a bare X server: `packaging/x11_smoke.sh BIN_DIR OUT.png`.
# Starts Xvfb at 1280x800, starts BIN_DIR/linghun-workbench on Qt's xcb platform (not offscreen)
# with its own HOME and data folders (the demo home), waits until its window is on the screen and
# writes a screenshot of it. Fails with Qt's own message when a library the xcb platform needs is
# missing: CI runs it with exactly the packages README.md names for a bare X server.
set -euo pipefail
bin=$(cd "$1" && pwd)
out=$2
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
xvfb=""; gui=""
cleanup() {
  # each is waited for: the workbench writes its caches and settings as it quits
  if [ -n "$gui" ]; then kill "$gui" 2>/dev/null || true; wait "$gui" 2>/dev/null || true; fi
  if [ -n "$xvfb" ]; then kill "$xvfb" 2>/dev/null || true; wait "$xvfb" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "x11: FAILED: $*" >&2; exit 1; }
command -v Xvfb >/dev/null || fail "Xvfb is not installed (Debian: apt-get install xvfb)"

display=":$((90 + RANDOM % 500))"
Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
xvfb=$!
export DISPLAY=$display HOME="$work/home" LINGHUN_DATA_DIR="$work/data" LINGHUN_CONFIG_DIR="$work/config" \
  LINGHUN_CACHE_DIR="$work/cache" QT_QPA_PLATFORM=xcb
unset DSH_HOME OPENAI_API_KEY DEEPSEEK_API_KEY LINGHUN_API_KEY
mkdir -p "$HOME"
for _ in $(seq 1 50); do [ -e "/tmp/.X11-unix/X${display#:}" ] && break; sleep 0.1; done
kill -0 "$xvfb" 2>/dev/null || { cat "$work/xvfb.log" >&2; fail "Xvfb did not start on $display"; }

"$bin/linghun-workbench" >"$work/gui.log" 2>&1 &
gui=$!
# the screen is one colour until the window is painted: grab until it is not (or 90 s)
for _ in $(seq 1 45); do
  sleep 2
  kill -0 "$gui" 2>/dev/null || { cat "$work/gui.log" >&2; fail "the workbench exited on the X server"; }
  [ -f "$LINGHUN_DATA_DIR/demo-home/linghun/memory/warm.md" ] || continue
  if "$bin/python" "$here/x11_screenshot.py" "$out" >"$work/shot.log" 2>&1; then
    sleep 3  # the panes fill in the background: the picture is taken once they have
    "$bin/python" "$here/x11_screenshot.py" "$out"
    echo "x11: ok the workbench showed its window on a bare X server ($display, platform xcb)"
    exit 0
  fi
done
cat "$work/gui.log" "$work/shot.log" >&2
fail "no window appeared on the X server in 90 s"
