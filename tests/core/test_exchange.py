"""Export and import of warm entries (core/exchange.py and its formats in core/formats/)."""
import hashlib
import json
import os
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest

from linghun.core import exchange
from linghun.core.cli import exchange as cli_exchange, main
from linghun.core.errors import CapacityError, InvalidInputError
from linghun.core.formats import notes_md
from linghun.core.formats.exchange_record import stamp_of_iso
from linghun.core.history import capture
from linghun.core.home import MemoryHome
from linghun.core.home_lock import update_section
from linghun.core.memory import Memory
from tests.conftest import REPO

FIXTURES = REPO / "tests" / "fixtures" / "exchange"
WHEN = datetime(2026, 12, 1, 9, 0)


def memory_of(dsh: Path) -> Memory:
    return Memory(MemoryHome.resolve(dsh))


def rows(memory: Memory, effective: bool = False) -> list[tuple]:
    """``effective``: a missing confidence as it reads (medium): notes always say one."""
    return [(e.kind, e.effective_confidence if effective else e.confidence, e.stamp, e.body, e.last_access)
            for e in memory.entries()]


def test_jsonl_round_trip_is_byte_for_byte(upstream_home, tmp_path):
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    source = memory_of(upstream_home)
    assert exchange.export_home(source, "jsonl", first) == len(source.entries()) == 10
    header, *records = first.read_text(encoding="utf-8").splitlines()
    assert json.loads(header) == {"format": "linghun-warm", "version": 1, "entries": 10}
    assert {json.loads(r)["confidence"] for r in records} >= {"high", "wrong", "low"}
    target = memory_of(tmp_path / "new")
    result = exchange.import_into(target, "jsonl", first)
    assert len(result.added) == 10 and not result.skipped
    exchange.export_home(memory_of(tmp_path / "new"), "jsonl", second)
    assert second.read_bytes() == first.read_bytes()
    assert rows(target) == rows(source)


def test_the_source_survives_the_round_trip(tmp_path):
    memory = memory_of(tmp_path / "dsh")
    exchange.import_into(memory, "mem0", FIXTURES / "mem0_get_all.json")
    out = tmp_path / "out.jsonl"
    exchange.export_home(memory, "jsonl", out)
    sources = [json.loads(line)["source"] for line in out.read_text(encoding="utf-8").splitlines()[1:]]
    assert sources[0] == "mem0:3c90c3cc-0d44-4b50-8888-8dd25736052a"
    assert "<!-- source: mem0:3c90c3cc" in memory.home.warm.read_text(encoding="utf-8")
    assert all("source" not in json.loads(line)["body"] for line in out.read_text(encoding="utf-8").splitlines()[1:])


def test_mem0_memories_are_facts_unless_their_metadata_says_otherwise(tmp_path):
    memory = memory_of(tmp_path / "dsh")
    exchange.import_into(memory, "mem0", FIXTURES / "mem0_get_all.json")
    assert rows(memory) == [
        ("preference", "medium", "2026-03-01 10:00", "Prefers green tea over coffee\n"
         "<!-- source: mem0:3c90c3cc-0d44-4b50-8888-8dd25736052a -->", "2026-03-02 09:30"),
        ("fact", "high", "2026-03-03 14:15", "Works at the order service team, port 8087\n"
         "<!-- source: mem0:6b1e2a4f-7c3d-4e5f-8a9b-0c1d2e3f4a5b -->", "2026-03-03 14:15"),
        ("fact", "medium", "2026-03-04 08:00", "Moved to Hangzhou in 2025\n"
         "<!-- source: mem0:9d8c7b6a-5f4e-4d3c-2b1a-0f9e8d7c6b5a -->", "2026-03-04 08:00"),
    ]
    assert memory.entries()[0].ontology_kind == "rule"


def test_mem0_history_keeps_each_memory_s_last_state(tmp_path):
    memory = memory_of(tmp_path / "dsh")
    result = exchange.import_into(memory, "mem0", FIXTURES / "mem0_history.json")
    assert [r.body for r in result.added] == ["Likes hiking and climbing"]  # the deleted cat is not imported
    assert rows(memory)[0][2:] == ("2026-04-01 09:00", "Likes hiking and climbing\n<!-- source: mem0:m-1 -->",
                                   "2026-04-05 18:20")


def test_mem0_export_has_get_all_s_shape_and_reimports_the_same(upstream_home, tmp_path):
    out = tmp_path / "mem0.json"
    exchange.export_home(memory_of(upstream_home), "mem0", out)
    results = json.loads(out.read_text(encoding="utf-8"))["results"]
    assert set(results[0]) == {"id", "memory", "hash", "metadata", "created_at", "updated_at", "user_id"}
    import hashlib
    assert results[0]["hash"] == hashlib.md5(results[0]["memory"].encode()).hexdigest()
    copy = memory_of(tmp_path / "copy")
    exchange.import_into(copy, "mem0", out)
    assert rows(copy) == rows(memory_of(upstream_home))


def test_letta_agent_file_blocks_and_passages(tmp_path):
    memory = memory_of(tmp_path / "dsh")
    exchange.import_into(memory, "letta", FIXTURES / "letta_agent.af")
    got = [(e.kind, e.stamp, e.body.split("\n")[0]) for e in memory.entries()]
    assert got == [
        ("rule", "2026-05-01 12:00", "My name is Sam."),
        ("rule", "2026-05-01 12:00", "Answer in the user's language."),
        ("rule", "2026-05-01 12:00", "Never guess a number."),
        ("fact", "2026-05-01 12:00", "The human's name is Chad."),
        ("fact", "2026-05-01 12:00", "Chad likes vibe coding."),
        ("event", "2026-05-03 17:45", "2026-05-03: Chad shipped the billing migration."),
    ]
    assert memory.entries()[-1].body.endswith("<!-- source: letta:passage:passage-1 -->")


def test_letta_code_memory_folder(tmp_path):
    memory = memory_of(tmp_path / "dsh")
    exchange.import_into(memory, "letta", FIXTURES / "letta_code_memory")
    got = [(e.kind, e.body) for e in memory.entries()]
    assert got == [("fact", "The user prefers pnpm over npm.\n<!-- source: letta:human -->"),
                   ("fact", "The user's editor is Helix.\n<!-- source: letta:human -->"),
                   ("rule", "Keep answers under ten lines.\n<!-- source: letta:system/persona -->")]


def test_basic_memory_notes_folder(tmp_path):
    memory = memory_of(tmp_path / "dsh")
    exchange.import_into(memory, "markdown", FIXTURES / "notes")
    assert rows(memory) == [
        ("fact", "medium", "2026-06-01 08:30", "Pour over gives more clarity than a French press.", "2026-06-01 08:30"),
        ("rule", "high", "2026-06-02", "Deploy only after the staging checks pass.", "2026-06-02"),
    ]


def test_markdown_export_reimports_the_same_entries(upstream_home, tmp_path):
    exchange.export_home(memory_of(upstream_home), "markdown", tmp_path / "notes")
    first = sorted((tmp_path / "notes").iterdir())[0].read_text(encoding="utf-8")
    fields, _ = notes_md.split_front_matter(first, "note")
    assert {"title", "type", "tags", "permalink", "confidence", "created"} <= set(fields)
    copy = memory_of(tmp_path / "copy")
    exchange.import_into(copy, "markdown", tmp_path / "notes")
    # a note always says a confidence and a last access (the stamp when the entry had none)
    expected = [(*row[:4], row[4] or row[2]) for row in rows(memory_of(upstream_home), effective=True)]
    assert rows(copy, effective=True) == expected
    with pytest.raises(InvalidInputError, match="not an empty folder"):
        exchange.export_home(memory_of(upstream_home), "markdown", tmp_path / "notes")


def test_dry_run_writes_nothing(upstream_home):
    memory = memory_of(upstream_home)
    before = memory.home.warm.read_bytes()
    result = exchange.import_into(memory, "mem0", FIXTURES / "mem0_get_all.json", dry_run=True)
    assert result.dry_run and len(result.added) == 3
    assert memory.home.warm.read_bytes() == before


def test_duplicates_are_skipped_and_reported(tmp_path):
    memory = memory_of(tmp_path / "dsh")
    exchange.import_into(memory, "mem0", FIXTURES / "mem0_get_all.json")
    before = memory.home.warm.read_bytes()
    again = exchange.import_into(memory, "mem0", FIXTURES / "mem0_get_all.json")
    assert not again.added and len(again.skipped) == 3
    assert memory.home.warm.read_bytes() == before  # nothing to add: not even rewritten


def test_an_import_is_one_save_of_warm(tmp_path):
    memory = memory_of(tmp_path / "dsh")
    saves = []
    memory.events.subscribe("memory.changed", saves.append)
    exchange.import_into(memory, "letta", FIXTURES / "letta_agent.af")
    assert [s.payload["what"] for s in saves] == ["import"]


@pytest.mark.parametrize("fmt, text", [
    ("mem0", "{not json"), ("letta", "[1, 2"), ("jsonl", '{"format": "other"}\n'),
    ("jsonl", '{"format": "linghun-warm", "version": 1}\n{"kind": "fact"}\n'), ("mem0", '{"results": 3}'),
])
def test_bad_input_changes_nothing(upstream_home, tmp_path, fmt, text):
    memory = memory_of(upstream_home)
    before = memory.home.warm.read_bytes()
    bad = tmp_path / "bad.json"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(InvalidInputError):
        exchange.import_into(memory, fmt, bad)
    with pytest.raises(InvalidInputError, match="unknown import format"):
        exchange.import_into(memory, "yaml", bad)
    assert memory.home.warm.read_bytes() == before


def test_a_link_out_of_the_folder_is_refused(upstream_home, tmp_path):
    outside = tmp_path / "secret.md"
    outside.write_text("the password is hunter2\n", encoding="utf-8")
    folder = tmp_path / "notes"
    folder.mkdir()
    (folder / "ok.md").write_text("a fine note\n", encoding="utf-8")
    (folder / "leak.md").symlink_to(outside)
    memory = memory_of(upstream_home)
    before = memory.home.warm.read_bytes()
    for fmt in ("markdown", "letta"):
        with pytest.raises(InvalidInputError, match="link leading out"):
            exchange.import_into(memory, fmt, folder)
    (folder / "leak.md").unlink()
    (folder / "alias.md").symlink_to(folder / "ok.md")  # a link that stays inside is read
    assert [r.body for r in exchange.read_records("markdown", folder, "2026-01-01")] == ["a fine note"] * 2
    (folder / "sub").symlink_to(tmp_path, target_is_directory=True)
    with pytest.raises(InvalidInputError, match="link leading out"):
        exchange.import_into(memory, "markdown", folder)
    assert memory.home.warm.read_bytes() == before


def test_an_import_that_does_not_fit_writes_nothing(upstream_home):
    home = MemoryHome.resolve(upstream_home)
    update_section(home, "memory", lambda _old: {"maxBytes": 2000})
    memory = Memory(home)
    before = home.warm.read_bytes()
    with pytest.raises(CapacityError):
        exchange.import_into(memory, "letta", FIXTURES / "letta_agent.af")
    assert home.warm.read_bytes() == before


def test_progress_is_reported():
    seen = []
    exchange._entries(exchange.read_records("mem0", FIXTURES / "mem0_get_all.json", "2026-01-01 00:00"),
                      lambda done, total: seen.append((done, total)))
    assert seen[-1] == (3, 3) and all(total == 3 for _, total in seen)


def test_front_matter_reader_is_strict():
    fields, body = notes_md.split_front_matter("---\na: 'x'\nb: [c, \"d, e\"]\nf: plain # note\n---\nbody", "n")
    assert fields == {"a": "x", "b": ["c", "d, e"], "f": "plain"} and body == "body"
    with pytest.raises(InvalidInputError, match="line 2"):
        notes_md.split_front_matter("---\nnested: {a: 1}\n---\n", "n")
    with pytest.raises(InvalidInputError, match="never closed"):
        notes_md.split_front_matter("---\na: b\n", "n")


def test_times_with_a_zone_become_local_stamps():
    assert stamp_of_iso("2026-03-01T10:00:00") == "2026-03-01 10:00"
    aware = datetime.fromisoformat("2026-03-01T10:00:00+00:00").astimezone().strftime("%Y-%m-%d %H:%M")
    assert stamp_of_iso("2026-03-01T10:00:00Z") == aware
    assert stamp_of_iso("not a time") is None


def test_the_cli_lists_the_formats_of_the_core():
    assert cli_exchange.EXPORT_FORMATS == exchange.EXPORT_FORMATS
    assert cli_exchange.IMPORT_FORMATS == exchange.IMPORT_FORMATS


def test_cli_in_a_subprocess(upstream_home, tmp_path):
    env = dict(os.environ)
    run = (lambda *argv: subprocess.run([sys.executable, "-m", "linghun.core", *argv], cwd=REPO, env=env,
                                        capture_output=True, text=True, timeout=120))
    warm = MemoryHome.resolve(upstream_home).warm
    before = warm.read_bytes()
    done = run("import", "--format", "mem0", str(FIXTURES / "mem0_get_all.json"), "--dry-run", "--home",
               str(upstream_home))
    assert done.returncode == 0 and "would add 3 entries" in done.stdout and warm.read_bytes() == before
    done = run("import", "--format", "mem0", str(FIXTURES / "mem0_get_all.json"), "--json", "--home",
               str(upstream_home))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["added"] == 3
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    after = warm.read_bytes()
    done = run("import", "--format", "letta", str(bad), "--home", str(upstream_home))
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "not valid JSON" in done.stderr
    assert warm.read_bytes() == after
    done = run("import", "--format", "yaml", str(bad), "--home", str(upstream_home))
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "unknown import format 'yaml'" in done.stderr
    done = run("export", "--format", "jsonl", str(tmp_path / "out.jsonl"), "--home", str(upstream_home))
    assert done.returncode == 0 and "exported 13 entries" in done.stdout


def test_cli_in_process(upstream_home, tmp_path, capsys):
    assert main(["export", "--format", "mem0", str(tmp_path / "m.json"), "--home", str(upstream_home)]) == 0
    assert "exported 10 entries" in capsys.readouterr().out
    assert main(["export", "--format", "csv", str(tmp_path / "m.csv"), "--home", str(upstream_home)]) == 2
    assert "unknown export format 'csv'" in capsys.readouterr().err and not (tmp_path / "m.csv").exists()


def test_a_body_already_in_the_home_is_a_duplicate_whatever_its_source(upstream_home, tmp_path):
    memory = memory_of(upstream_home)
    out = tmp_path / "mem0.json"
    exchange.export_home(memory, "mem0", out)
    data = json.loads(out.read_text(encoding="utf-8"))
    for item in data["results"]:
        item["metadata"] = {}  # as mem0 itself would give them back: a source of mem0's
    out.write_text(json.dumps(data), encoding="utf-8")
    result = exchange.import_into(memory, "mem0", out)
    assert not result.added and len(result.skipped) == 10


@pytest.mark.parametrize("document", [
    {"agent_type": "memgpt_agent", "core_memory": [{"label": "human", "value": "Name: Chad"}],
     "archival_memory": []},  # the first agent files: one agent at the top
    [{"label": "human", "value": "Name: Chad"}, {"id": "p1", "text": "went hiking", "created_at": "2026-05-03T17:45:00"}],
])
def test_letta_older_agent_files_and_api_lists(tmp_path, document):
    source = tmp_path / "letta.json"
    source.write_text(json.dumps(document), encoding="utf-8")
    records = exchange.read_records("letta", source, "2026-01-01 00:00")
    assert records[0].kind == "fact" and records[0].body == "Name: Chad" and records[0].source == "letta:human"
    assert [r.kind for r in records[1:]] == (["event"] if isinstance(document, list) else [])


def test_a_cli_import_is_one_version_in_the_home_s_history(upstream_home):
    """One save of warm.md: one state to go back to (``linghun history``, the workbench's undo)."""
    home = MemoryHome.resolve(upstream_home)
    try:
        assert main(["import", "--format", "letta", str(FIXTURES / "letta_agent.af"), "--home", str(upstream_home)]) == 0
        capture.flush()
        versions = capture.history_of(home).versions("memory/warm.md")
        assert [v.writer for v in versions] == ["cli"]
        assert capture.history_of(home).read("memory/warm.md", commit=versions[0].commit) == home.warm.read_bytes()
    finally:
        capture.recorder.disable(home)
