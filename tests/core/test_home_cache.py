"""The cache folder does not keep the indexes of homes that are gone."""
from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

from linghun.core import home_cache, home_index
from linghun.core.assembler.retriever import warm_up
from linghun.core.memory import Memory
from tests.perf.synth import make_home


def test_the_caches_of_a_home_that_is_gone_are_removed_and_the_others_kept(tmp_path, monkeypatch):
    monkeypatch.setenv("LINGHUN_CACHE_DIR", str(tmp_path / "cache"))
    kept, gone = make_home(tmp_path / "kept", 30), make_home(tmp_path / "gone", 30)
    for home in (kept, gone):
        home_index.forget()
        warm_up(Memory(home))  # the searcher, warm.md's parse and the situations are saved
    folder = tmp_path / "cache" / "index"

    def files_of(home) -> set[str]:
        """The cache files of ``home``: those beside a ``.home`` file naming its folder or warm.md."""
        stems = {p.stem for p in folder.glob("*.home") if p.read_text() in (str(home.root), str(home.warm))}
        return {p.name for p in folder.iterdir() if p.name.partition(".")[0] in stems}

    of_kept, of_gone = files_of(kept), files_of(gone)
    assert {Path(n).suffix for n in of_kept} >= {".searcher", ".warm", ".home"} and len(of_gone) == len(of_kept)
    stray = folder / "0123456789abcdef.tokens"  # an older version's file that names no folder
    stray.write_bytes(b"x")
    os.utime(stray, (time.time() - 40 * 86400,) * 2)
    fresh = folder / "fedcba9876543210.tokens"
    fresh.write_bytes(b"x")
    shutil.rmtree(gone.dsh_home)
    removed = home_cache.prune(folder)
    left = {p.name for p in folder.iterdir()}
    assert not left & of_gone and of_kept <= left
    assert "0123456789abcdef.tokens" not in left and "fedcba9876543210.tokens" in left
    assert removed >= len(of_gone) + 1
    home_index.forget()
    warm_up(Memory(kept))  # what is kept still opens
