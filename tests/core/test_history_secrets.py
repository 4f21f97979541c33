"""A key written into the home's settings never enters its history: not captured, not shown, not
restored over the live one, and taken out of states captured before by ``linghun history scrub``.
Every check greps every object of the history (loose and packed, inflated) for the planted key."""
import json
import zlib

import pygit2
import pytest

from linghun.core.cli import main
from linghun.core.history import capture
from linghun.core.history.store import REF
from linghun.core.home import MemoryHome
from linghun.core.home_lock import update_section
from linghun.core.llm.settings import LLMSettings
from linghun.core.secret_fields import MARKER, keep_out, put_back

KEY = "sk-planted-0123456789abcdef"
NEW_KEY = "sk-later-fedcba9876543210"
SETTINGS = "workbench.json"


@pytest.fixture
def home(upstream_home):
    home = MemoryHome.resolve(upstream_home)
    capture.enable(home, "workbench")  # the settings written here are captured as the workbench's are
    yield home
    capture.recorder.disable(MemoryHome.resolve(upstream_home))


def _every_object(history) -> list[bytes]:
    """Every object the history's folder holds, loose or packed, as its bytes."""
    found = []
    for hexid, entry in history.loose.names():
        with open(entry.path, "rb") as f:
            found.append(zlib.decompress(f.read()))
    packs = pygit2.Odb()
    if (history.path / "objects" / "pack").is_dir():
        packs.add_backend(pygit2.OdbBackendPack(str(history.path / "objects")), 1)
        found += [packs.read(oid)[1] for oid in packs]
    return found


def _holds(history, secret: str) -> bool:
    raw = [p.read_bytes() for p in history.path.rglob("*") if p.is_file()]  # refs, logs, config
    return any(secret.encode() in data for data in _every_object(history) + raw)


def _set_key(home: MemoryHome, key: str) -> None:
    update_section(home, "llm", lambda llm: {**(llm or {}), "baseUrl": "http://127.0.0.1:9/v1", "apiKey": key})


def test_a_key_in_the_settings_is_kept_out_of_every_captured_state(home, upstream_home, capsys):
    _set_key(home, KEY)
    assert main(["append", "fact", "订单服务 | 端口 | 9090 | #9", "-c", "high", "--home", str(upstream_home)]) == 0
    capture.flush()
    history = capture.history_of(home)
    history.commit_waiting()
    kept = history.read(SETTINGS)
    assert json.loads(kept)["llm"] == {"baseUrl": "http://127.0.0.1:9/v1", "apiKey": MARKER}
    assert KEY.encode() in (home.root / SETTINGS).read_bytes()  # the live file keeps the user's key
    assert not _holds(history, KEY)
    history.pack()
    assert not _holds(history, KEY)
    capsys.readouterr()
    assert main(["history", "--home", str(upstream_home), "show", SETTINGS]) == 0
    shown = capsys.readouterr().out
    assert MARKER in shown and KEY not in shown


def test_restoring_old_settings_keeps_the_key_the_user_has_now(home, upstream_home, capsys):
    update_section(home, "assembler", lambda _: {"retrieval": {"topK": 3}})
    _set_key(home, KEY)
    capture.flush()
    history = capture.history_of(home)
    history.commit_waiting()
    old = history.versions(SETTINGS)[0].commit
    update_section(home, "assembler", lambda _: {"retrieval": {"topK": 9}})
    _set_key(home, NEW_KEY)
    capture.flush()
    capsys.readouterr()
    assert main(["history", "--home", str(upstream_home), "restore", SETTINGS, "--commit", old]) == 2  # shown, not written
    shown = capsys.readouterr().out
    assert NEW_KEY not in shown and '"topK": 3' in shown
    assert main(["history", "--home", str(upstream_home), "restore", SETTINGS, "--commit", old, "--yes"]) == 0
    live = json.loads((home.root / SETTINGS).read_bytes())
    assert live["assembler"]["retrieval"]["topK"] == 3 and live["llm"]["apiKey"] == NEW_KEY
    capture.flush()
    assert not _holds(capture.history_of(home), NEW_KEY)


def _record_raw(history, relative: str, data: bytes, writer: str) -> None:
    """A state written as a version before keys were kept out wrote it: straight into the store."""
    head = history.head()
    index = pygit2.Index()  # libgit2's own way of making a tree, not the store's
    if head is not None:
        index.read_tree(head.tree)
    index.add(pygit2.IndexEntry(relative, history.repo.create_blob(data), pygit2.GIT_FILEMODE_BLOB))
    tree = index.write_tree(history.repo)
    sig = pygit2.Signature(writer, f"{writer}@linghun", 1_790_000_000, 0)
    history.repo.create_commit(REF, sig, sig, f"{writer}: 1 file(s)\n", tree, [head.id] if head else [])


def test_scrub_takes_an_old_key_out_of_every_state_and_keeps_the_rest(home, upstream_home, capsys):
    history = capture.history_of(home)
    settings = (json.dumps({"llm": {"model": "m", "apiKey": KEY}, "history": {"keepDays": 30}}, indent=2) + "\n")
    _record_raw(history, SETTINGS, settings.encode(), "old-writer")
    _record_raw(history, "memory/warm.md", home.warm.read_bytes() + b"\n", "old-writer")
    _record_raw(history, SETTINGS, settings.replace('"m"', '"m2"').encode(), "old-writer")
    history.pack()
    assert _holds(history, KEY)
    before = [(v.writer, v.when) for v in history.versions("memory/warm.md")]
    states = len(list(history.commits()))

    capsys.readouterr()
    assert main(["history", "--home", str(upstream_home), "--json", "scrub", "--dry-run"]) == 0
    assert json.loads(capsys.readouterr().out) == {"states": 3, "files": 2, "dryRun": True}
    assert _holds(capture.history_of(home), KEY)  # a dry run changes nothing

    assert main(["history", "--home", str(upstream_home), "scrub"]) == 0
    assert "took the key out of 3 state(s)" in capsys.readouterr().out
    history = capture.history_of(home)
    assert not _holds(history, KEY)
    assert len(list(history.commits())) == states
    assert [(v.writer, v.when) for v in history.versions("memory/warm.md")] == before
    assert json.loads(history.read(SETTINGS))["llm"] == {"model": "m2", "apiKey": MARKER}
    assert main(["history", "--home", str(upstream_home), "scrub"]) == 0
    assert "nothing to do" in capsys.readouterr().out


@pytest.mark.parametrize("text, kept", [
    ('{"llm": {"apiKey": "%s", "maxTokens": 5}}' % KEY, '{"llm": {"apiKey": "%s", "maxTokens": 5}}' % MARKER),
    ('{"llm": {"api_key": "%s"}}' % KEY, '{"llm": {"api_key": "%s"}}' % MARKER),
    ('{"x": [{"Access-Token": "%s"}]}' % KEY, '{"x": [{"Access-Token": "%s"}]}' % MARKER),
    ('{"llm": {"apiKey": ""}}', '{"llm": {"apiKey": ""}}'),  # nothing to keep out
    ('{"aliases": {"key": "%s"}}' % KEY, '{"aliases": {"key": "%s"}}' % KEY),  # a bare word is the user's
    ('{"llm": {"apiKey": "%s", ' % KEY, '{"llm": {"apiKey": "%s", ' % MARKER),  # saved half edited
])
def test_which_values_are_kept_out(text, kept):
    assert keep_out(SETTINGS, text.encode()).decode() == kept
    assert keep_out("memory/warm.md", text.encode()) == text.encode()  # only the settings are secret


def test_a_field_name_written_with_escapes_is_caught_by_parsing():
    text = '{"llm": {"api\\u004bey": "%s"}}' % KEY
    out = keep_out(SETTINGS, text.encode())
    assert KEY.encode() not in out and json.loads(out) == {"llm": {"apiKey": MARKER}}


def test_put_back_restores_the_live_key_and_a_lone_marker_reads_as_no_key():
    restored = ('{"llm": {"apiKey": "%s"}}' % MARKER).encode()
    assert json.loads(put_back(SETTINGS, restored, ('{"llm": {"apiKey": "%s"}}' % NEW_KEY).encode())) == {
        "llm": {"apiKey": NEW_KEY}}
    assert put_back(SETTINGS, restored, b'{"llm": {}}') == restored
    assert LLMSettings.from_dict({"apiKey": MARKER, "model": "m"}).api_key is None
