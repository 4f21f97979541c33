"""Test configuration shared by every suite.

Qt must run offscreen on machines with no display; set it before anything imports Qt.
jieba's dictionary cache goes to a temporary folder so tests never write into the user's cache.
"""
import os
import shutil
import tempfile
from pathlib import Path

import pytest

pytest_plugins = ["tests.fakeopenai", "tests.llamaserver"]

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")
_CACHE = Path(tempfile.mkdtemp(prefix="linghun-test-cache-"))
os.environ.setdefault("LINGHUN_CACHE_DIR", str(_CACHE))
# the home's history goes to the data folder: keep it out of the developer's own
os.environ.setdefault("LINGHUN_DATA_DIR", str(_CACHE / "data"))
# Never let a developer's real provider key make the suite call the network.
for _key in ("OPENAI_API_KEY", "DEEPSEEK_API_KEY", "LINGHUN_API_KEY"):
    os.environ.pop(_key, None)

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
UPSTREAM_HOME = SHARED / "fixtures" / "upstream-home"
DATASETS = SHARED / "datasets"


@pytest.fixture(scope="session", autouse=True)
def segmenter_dictionary():
    """The Chinese segmenter's dictionary in the session's cache folder, as on a machine that has
    run any command before. Left to the first command that cuts Chinese, it is built by a detached
    child that a test's thread check may catch still running (core/segmenter.py has its own tests)."""
    from linghun.core.segmenter import build, dictionary_path, jieba_sources

    sources = jieba_sources()
    if sources is not None:
        path = dictionary_path(Path(os.environ["LINGHUN_CACHE_DIR"]), sources)
        if not path.exists():
            build(path, sources)


@pytest.fixture(scope="session", autouse=True)
def meaning_model_cache():
    """The sentence-meaning model's tables in the session's cache folder, built once here as on a
    machine that has searched before (core/meaning.py; every test process then loads them)."""
    from linghun.core import meaning

    if meaning.available():
        meaning.encoder()


@pytest.fixture
def upstream_home(tmp_path) -> Path:
    """A writable copy of the upstream fixture home; returns the `$DSH_HOME` folder."""
    if not UPSTREAM_HOME.is_dir():
        pytest.skip("shared fixture home not present")
    dest = tmp_path / "dsh"
    shutil.copytree(UPSTREAM_HOME, dest)
    for p in dest.rglob("*"):
        p.chmod(0o755 if p.is_dir() else 0o644)
    dest.chmod(0o755)
    return dest


@pytest.fixture
def beam_dir(tmp_path) -> Path:
    """The tiny BEAM-format fixture as the loader expects it on disk.

    Its files are stored as ``*.fixture.json`` so the repository never tracks files named like
    the public benchmark's (``probing_questions.json``...); they get their real names here.
    """
    dest = tmp_path / "beam"
    shutil.copytree(REPO / "tests" / "fixtures_eval" / "beam", dest)
    for path in dest.rglob("*.fixture.json"):
        path.rename(path.with_name(path.name.replace(".fixture.json", ".json")))
    return dest


@pytest.fixture
def empty_home(tmp_path) -> Path:
    """An empty `$DSH_HOME` folder (no linghun/ yet)."""
    dest = tmp_path / "empty-dsh"
    dest.mkdir()
    return dest
