"""``history checkout`` writes the home as it stood into a new or empty folder, never over one."""
import pytest

from linghun.core.cli import main
from linghun.core.history import capture
from linghun.core.home import MemoryHome


@pytest.fixture
def home(upstream_home):
    home = MemoryHome.resolve(upstream_home)
    assert main(["watch", "--once", "--home", str(upstream_home)]) == 0
    yield home
    capture.recorder.disable(home)


def _snapshot(folder):
    return {p.relative_to(folder): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


@pytest.mark.parametrize("where", ["the home", "its linghun folder", "a folder inside it", "its parent"])
def test_checkout_refuses_the_home_and_leaves_it_whole(home, upstream_home, capsys, where):
    dest = {"the home": upstream_home, "its linghun folder": home.root, "a folder inside it": home.root / "memory",
            "its parent": upstream_home.parent}[where]
    before = _snapshot(upstream_home)
    capsys.readouterr()
    assert main(["history", "checkout", str(dest), "--home", str(upstream_home)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert _snapshot(upstream_home) == before


def test_checkout_refuses_a_folder_that_holds_files(home, upstream_home, tmp_path, capsys):
    dest = tmp_path / "mine"
    (dest / "linghun").mkdir(parents=True)
    (dest / "linghun" / "notes.md").write_text("keep me\n", encoding="utf-8")
    assert main(["history", "checkout", str(dest), "--home", str(upstream_home)]) == 2
    assert "not an empty folder" in capsys.readouterr().err
    assert (dest / "linghun" / "notes.md").read_text(encoding="utf-8") == "keep me\n"
    assert [p.name for p in (dest / "linghun").iterdir()] == ["notes.md"]


def test_checkout_into_a_new_or_empty_folder_writes_the_home(home, upstream_home, tmp_path):
    (tmp_path / "empty").mkdir()
    for dest in (tmp_path / "new", tmp_path / "empty"):
        assert main(["history", "checkout", str(dest), "--home", str(upstream_home)]) == 0
        assert (dest / "linghun" / "memory" / "warm.md").read_bytes() == home.warm.read_bytes()
