"""Concurrent writers and writers killed mid-write: every acknowledged entry is kept exactly once.

Four agent processes append through the agent tools at the same time (warm memory fills and
consolidates into the episodic archive as it goes); then one writer is killed (SIGKILL) at random
moments while appending. An entry counts once whether it is still in warm.md or archived.
"""
from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from linghun.core.formats import episodic as episodic_format
from linghun.core.formats.warm import parse_warm
from linghun.core.home import MemoryHome
from linghun.core.memory import Memory

REPO = Path(__file__).resolve().parents[2]
_MARKER = re.compile(r"\b[A-Z]\d*-\d{4,5}\b")

WRITER = r"""
import sys
from linghun.core.tools import call
home, tag, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
for i in range(n):
    reply = call(home, "memory_append", {"kind": "event", "content": f"部署记录 {tag}-{i:04d} 完成上线"})
    if not reply["ok"]:
        print("ERR", reply["error"]["message"], flush=True)
    else:
        print("ACK", f"{tag}-{i:04d}", flush=True)
"""


def _markers(home: MemoryHome) -> Counter:
    """How often each ``<tag>-<i>`` marker is kept, in warm.md and in the episodic archive."""
    bodies = [e.body for e in parse_warm(home.warm.read_text(encoding="utf-8")).entries] if home.warm.exists() else []
    for paths in home.episodic_days().values():
        for path in paths:
            for section in episodic_format.parse_episodic(path.read_text(encoding="utf-8")).sections:
                bodies += [e.body for e in parse_warm(section.text).entries]
    return Counter(m for body in bodies for m in _MARKER.findall(body))


@pytest.mark.slow
def test_four_processes_appending_at_once_keep_every_entry_exactly_once(tmp_path):
    home = MemoryHome.resolve(tmp_path)
    home.ensure()
    # a small warm memory: it fills and consolidates into the archive many times meanwhile
    home.config.write_text('{"memory": {"maxBytes": 6000}}', encoding="utf-8")
    n = int(os.environ.get("LINGHUN_PROBE_APPENDS", "60"))
    started = time.perf_counter()
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_path), tag, str(n)], cwd=REPO,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for tag in "ABCD"]
    acked, errors = [], []
    for proc in procs:
        out, err = proc.communicate(timeout=600)
        assert proc.returncode == 0, err[-2000:]
        for line in out.splitlines():
            (acked if line.startswith("ACK") else errors).append(line.split(" ", 1)[1])
    wall = time.perf_counter() - started
    kept = _markers(home)
    lost = [m for m in acked if kept[m] == 0]
    twice = [m for m in acked if kept[m] > 1]
    print(f"\nconcurrent writers: 4 processes x {n} appends in {wall:.1f} s wall; tried {4 * n}, "
          f"acknowledged {len(acked)}, kept once {len(acked) - len(lost) - len(twice)}, lost {len(lost)}, "
          f"twice {len(twice)}, refused {len(errors)}; archived into episodic: "
          f"{sum(1 for m in acked if m in kept) - len(parse_warm(home.warm.read_text(encoding='utf-8')).entries)}")
    assert errors == [] and len(acked) == 4 * n
    assert lost == [] and twice == []


KILLED = r"""
import sys
from linghun.core.tools import call
home, tag = sys.argv[1], sys.argv[2]
i = 0
while True:
    reply = call(home, "memory_append", {"kind": "event", "content": f"部署记录 {tag}-{i:05d} 完成上线"})
    print("ACK" if reply["ok"] else "ERR", f"{tag}-{i:05d}", flush=True)
    i += 1
"""


@pytest.mark.slow
def test_a_writer_killed_mid_write_never_leaves_a_torn_file(tmp_path):
    home = MemoryHome.resolve(tmp_path)
    home.ensure()
    rng = random.Random(17)
    kills = int(os.environ.get("LINGHUN_PROBE_KILLS", "20"))
    torn = lost = twice = acked_total = 0
    for k in range(kills):
        proc = subprocess.Popen([sys.executable, "-c", KILLED, str(tmp_path), f"K{k}"], cwd=REPO,
                                stdout=subprocess.PIPE, text=True)
        first = proc.stdout.readline()  # the interpreter is up and writing
        assert first.startswith(("ACK", "ERR")), first
        time.sleep(rng.uniform(0.0, 0.3))
        proc.send_signal(signal.SIGKILL)
        out, _ = proc.communicate()
        lines = (first + out).split("\n")[:-1]  # a line cut by the kill is no acknowledgement
        acked = [line.split()[1] for line in lines if line.startswith("ACK ") and len(line.split()) == 2]
        acked_total += len(acked)
        try:
            Memory(home).entries()  # parses, and opening cleans what the dead writer left
        except Exception:  # noqa: BLE001 - a torn file is what this probe counts
            torn += 1
        kept = _markers(home)
        lost += sum(1 for m in acked if kept[m] == 0)
        twice += sum(1 for m in kept if kept[m] > 1)
    left = list(home.root.rglob("*.tmp"))
    subprocess.run([sys.executable, "-c", "import sys; from core.home import MemoryHome; from core.memory import Memory; "
                    "Memory(MemoryHome.resolve(sys.argv[1]))", str(tmp_path)], cwd=REPO, check=True)
    temps = list(home.root.rglob("*.tmp"))
    print(f"\nkilled writers left {len(left)} temp files; a process opening the home removed {len(left) - len(temps)}")
    print(f"\nkilled writers: {kills} kills, {acked_total} acknowledged appends; torn files {torn}, "
          f"lost {lost}, twice {twice}, temp files left after reopening {len(temps)}")
    assert torn == 0 and lost == 0 and twice == 0 and temps == []
