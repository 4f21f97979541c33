"""What clicking *Run* with the configured LLM costs the GUI thread, against what the task does.

Run: ``python -m tests.perf.bench_llm_client``. Each case runs in a fresh interpreter (the first
click of a session pays the ``openai`` import and the TLS context), CPU time beside wall time:

- *slot*: what the Rounds pane's slot does now: read the settings (INI, keyring, the home's
  workbench.json) and check a key resolves; no client is built.
- *task*: what the worker thread does before its first request: import ``openai``, build the
  client and its TLS context (the slot did this until the client moved to the task).

Target: the slot stays under 16 ms (one frame) on the first click.
"""
from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

CASE = r"""
import json, sys, time
from pathlib import Path
from PySide6.QtCore import QCoreApplication
app = QCoreApplication([])
from linghun.core.home import MemoryHome
from linghun.workbench.settings import LlmSettings, Settings
from linghun.workbench import llm_setup
tmp = Path(sys.argv[1])
home = MemoryHome.resolve(tmp / "dsh")
home.root.mkdir(parents=True, exist_ok=True)
home.config.write_text(json.dumps({"llm": {"timeout": 30, "stream": True}}), encoding="utf-8")
settings = Settings(tmp / "settings.ini")
settings.llm = LlmSettings("openai", "http://127.0.0.1:9/v1", "bench-model")
settings.api_key.set("sk-bench")
wall, cpu = time.perf_counter(), time.process_time()
snapshot = llm_setup.llm_settings(settings, home)
assert llm_setup.resolves(snapshot)
slot = ((time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000)
wall, cpu = time.perf_counter(), time.process_time()
provider = llm_setup.build_provider(snapshot)
provider.close()
task = ((time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000)
print(json.dumps({"slot": slot, "task": task}))
"""


def run_once(tmp: Path) -> dict:
    out = subprocess.run([sys.executable, "-c", CASE, str(tmp)], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parents[2], env={"QT_QPA_PLATFORM": "offscreen",
                                                                      "LINGHUN_CONFIG_DIR": str(tmp / "cfg"),
                                                                      "PATH": "/usr/bin:/bin"})
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(runs: int = 5) -> None:
    rows = []
    for i in range(runs):
        with tempfile.TemporaryDirectory() as tmp:
            rows.append(run_once(Path(tmp)))
    for part, what in (("slot", "GUI slot: settings snapshot"), ("task", "worker: import openai + client + TLS")):
        walls = sorted(r[part][0] for r in rows)
        cpus = sorted(r[part][1] for r in rows)
        print(f"{what:<40} first click, median of {runs}: wall {walls[runs // 2]:7.1f} ms, "
              f"cpu {cpus[runs // 2]:7.1f} ms (best wall {walls[0]:.1f} ms)")


if __name__ == "__main__":
    main()
