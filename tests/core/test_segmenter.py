"""core.segmenter cuts Chinese into rjieba's words, from a dictionary file a new process opens in a
millisecond; a command that cuts only its question never imports rjieba."""
from __future__ import annotations

import os
import re
import subprocess
import sys
import time
import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from linghun.core import segmenter, text
from linghun.core.segmenter import Segmenter, build, dictionary_path, jieba_sources, open_cached

rjieba = pytest.importorskip("rjieba")
SOURCES = jieba_sources()
pytestmark = pytest.mark.skipif(SOURCES is None, reason="jieba is not installed")
REPO = Path(__file__).resolve().parents[2]
CJK = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    path = dictionary_path(tmp_path_factory.mktemp("segmenter"), SOURCES)
    build(path, SOURCES)
    return path


@pytest.fixture(scope="module")
def cutter(built) -> Segmenter:
    seg = Segmenter(built, SOURCES)
    yield seg
    seg.close()


def _runs_of(roots: list[Path]) -> set[str]:
    runs: set[str] = set()
    for root in roots:
        for path in root.rglob("*"):
            if path.is_file() and path.suffix in (".md", ".json", ".jsonl", ".txt", ""):
                body = unicodedata.normalize("NFKC", path.read_text(encoding="utf-8", errors="replace")).lower()
                runs.update(CJK.findall(body))
    return runs


def test_cuts_every_chinese_run_of_the_demo_home_seeds_and_fixtures_as_rjieba(cutter, upstream_home):
    from linghun.resources import DEMO_HOME_DIR

    roots = [Path(DEMO_HOME_DIR), Path(upstream_home), REPO / "tests", REPO / "core"]
    seeds = REPO.parent / "shared" / "seeds"
    if seeds.is_dir():
        roots.append(seeds)
    runs = _runs_of(roots)
    assert len(runs) > 1000
    differ = [run for run in runs if cutter.cut(run) != rjieba.cut(run, True)]
    assert differ == []


def _dictionary_words() -> list[str]:
    with open(SOURCES[0], encoding="utf-8") as f:
        words = [line.split()[0] for _, line in zip(range(60000), f)]
    return [w for w in words if CJK.fullmatch(w)]


WORDS = _dictionary_words() if SOURCES else []
# characters outside U+4E00-U+9FD5 take other paths: extension A, the tail of the basic block,
# compatibility ideographs
RARE = ["㐀", "㐁", "䶵", "鿖", "鿿", "豈", "\u9fa6", "龥"]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.one_of(st.sampled_from(WORDS or ["字"]), st.sampled_from(RARE),
                          st.sampled_from([c for w in WORDS[:3000] for c in w] or ["字"])),
                min_size=1, max_size=12))
def test_cuts_random_runs_as_rjieba(cutter, parts):
    run = "".join(parts)
    assert cutter.cut(run) == rjieba.cut(run, True)


def test_a_damaged_or_foreign_file_is_not_used_and_is_built_again(tmp_path, monkeypatch):
    path = dictionary_path(tmp_path, SOURCES)
    path.write_bytes(b"not a database" * 100)
    assert open_cached(tmp_path) is None
    marker = path.with_name(path.name + ".building")
    assert marker.exists()  # a builder was started
    deadline = time.monotonic() + 120
    while marker.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    seg = open_cached(tmp_path)
    assert seg is not None and seg.cut("订单服务配置") == rjieba.cut("订单服务配置", True)
    seg.close()
    # A file built from other jieba files (another key) is refused.
    monkeypatch.setattr(segmenter, "_source_key", lambda sources: "another")
    with pytest.raises(ValueError):
        Segmenter(path, SOURCES)


def test_a_build_under_way_is_not_started_twice(tmp_path, monkeypatch):
    path = dictionary_path(tmp_path, SOURCES)
    path.with_name(path.name + ".building").touch()
    started = []
    monkeypatch.setattr(segmenter.subprocess, "Popen", lambda *a, **k: started.append(a))
    assert open_cached(tmp_path) is None
    assert started == [] and not path.exists()


def test_a_question_is_cut_without_importing_rjieba(built, tmp_path):
    """What a one-shot command does: the dictionary file is in the cache folder, so tokenising the
    question opens it and rjieba (its ~110 ms dictionary build) is never imported."""
    cache = tmp_path / "cache"
    cache.mkdir()
    os.link(built, cache / built.name)
    probe = ("import sys; from linghun.core import text;"
             "print(text.tokenize('订单服务的端口配置现在是多少'), 'rjieba' in sys.modules, text.tokenizer_name())")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True,
                         env={**os.environ, "LINGHUN_CACHE_DIR": str(cache)}).stdout.strip()
    assert out == "['订单', '服务', '端口配置', '多少'] False rjieba"


def test_rjieba_takes_over_once_a_process_has_cut_enough(monkeypatch, cutter):
    monkeypatch.setattr(text, "_segmenter_opened", cutter)
    monkeypatch.setattr(text, "_segmented", 0)
    assert text._fast_cut(10) == cutter.cut
    monkeypatch.setattr(text, "_segmented", text.SEGMENTER_CHARS)
    assert text._fast_cut(10) == text._rjieba_cut()
    # without rjieba the segmenter goes on
    monkeypatch.setattr(text, "_rjieba", False)
    assert text._fast_cut(10) == cutter.cut
