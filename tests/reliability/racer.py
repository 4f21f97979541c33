"""A writer process for the history's concurrency tests: writes one file of the home several
times (``atomic_write``, as every writer of ours does) and records each version a while after
writing it, as the capture thread would, so processes started together record out of the order
they wrote in.

    python -m tests.reliability.racer <home> <tag> <writes> <pack every> <start (epoch seconds)>
"""
from __future__ import annotations

import random
import sys
import time

from linghun.core.fsio import atomic_write
from linghun.core.history import store
from linghun.core.home import MemoryHome

SHARED = "memory/journal/shared.md"


def version(tag: str, i: int) -> bytes:
    return f"{tag} {i}\n".encode() * 50


def main(argv: list[str]) -> None:
    home_dir, tag, writes, pack_every, start = argv
    store.PACK_EVERY = int(pack_every)
    home = MemoryHome.resolve(home_dir)
    history = store.HomeHistory(home)
    time.sleep(max(0.0, float(start) - time.time()))  # all write at once
    for i in range(int(writes)):
        data = version(tag, i)
        atomic_write(home.root / SHARED, data)
        time.sleep(random.uniform(0, 0.05))  # the capture thread's delay behind the write
        history.record({SHARED: data}, tag)


if __name__ == "__main__":
    main(sys.argv[1:])
