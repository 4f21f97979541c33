"""``linghun eval`` as a long run is used: the report lands in the user's data folder (said before
the run starts), progress shows as throttled lines in a log, and ``eval cues`` takes the options
the other benchmarks take."""
import io
import json

import pytest
from pathlib import Path

from linghun.core.cli import main

FIX = Path(__file__).resolve().parent.parent / "fixtures_eval"


def test_the_report_goes_to_the_data_folder_not_the_current_one(tmp_path, monkeypatch, capsys):
    work = tmp_path / "somewhere"
    work.mkdir()
    monkeypatch.chdir(work)
    monkeypatch.setenv("LINGHUN_DATA_DIR", str(tmp_path / "data"))
    assert main(["eval", "locomo", str(FIX / "locomo_tiny.json"), "--no-baseline"]) == 0
    out, err = capsys.readouterr()
    assert list(work.iterdir()) == []  # no stray eval-report/ where it ran
    reports = list((tmp_path / "data" / "evaluation").glob("locomo-*/report.md"))
    assert len(reports) == 1
    assert f"linghun eval: the report goes to {reports[0].parent}\n" in err
    assert f"report: {reports[0]}" in out


def test_progress_lines_when_stderr_is_not_a_terminal(tmp_path, capsys):
    assert main(["eval", "locomo", str(FIX / "locomo_tiny.json"), "--out", str(tmp_path / "r"), "--json"]) == 0
    out, err = capsys.readouterr()
    json.loads(out)  # stdout stays pure JSON
    lines = [line for line in err.splitlines() if "questions" in line]
    assert lines and lines[-1].startswith("linghun eval: ") and "(100%)" in lines[-1]
    done, total = lines[-1].split(": ", 1)[1].split(" ", 1)[0].split("/")
    assert done == total and int(total) > 0
    assert "\r" not in err


def test_progress_lines_are_throttled():
    from linghun.core.cli.evaluation import ProgressLines

    now = [0.0]
    stream = io.StringIO()
    show = ProgressLines(stream, clock=lambda: now[0])
    for done in range(1, 1001):  # 1000 questions, 0.01 s each: one line per tenth
        now[0] += 0.01
        show(done, 1000)
    lines = stream.getvalue().splitlines()
    assert len(lines) == 10 and lines[0].startswith("linghun eval: 100/1000 questions (10%), 1 s, about 9 s left")
    assert lines[-1] == "linghun eval: 1000/1000 questions (100%), 10 s"
    slow = io.StringIO()
    show = ProgressLines(slow, clock=lambda: now[0])
    for done in range(1, 21):  # 20 questions, 20 s each: a line every half minute (and the last)
        now[0] += 20
        show(done, 2000)
    assert [line.split(" questions")[0] for line in slow.getvalue().splitlines()] == [
        f"linghun eval: {n}/2000" for n in (2, 4, 6, 8, 10, 12, 14, 16, 18, 20)]


def test_cues_take_dense_and_holdout(tmp_path, capsys):
    out = tmp_path / "c"
    assert main(["eval", "cues", str(FIX / "cues_tiny.json"), str(FIX / "locomo_tiny.json"), "--out", str(out),
                 "--dense", "--no-meaning", "--holdout", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    # with or without the optional package: the bundle, the meaning channel (off) and the embeddings
    assert data["dense"] is True and len(data["notes"]) == 3
    assert "meaning channel off (--no-meaning)" in data["notes"]
    splits = data["splits"]
    assert list(splits) == ["tune (tiny-1)", "held-out (tiny-2)"]
    assert splits["tune (tiny-1)"]["n"] + splits["held-out (tiny-2)"]["n"] == data["summary"]["all"]["n"]
    md = (out / "report.md").read_text(encoding="utf-8")
    assert "## Held-out conversations" in md and "| held-out (tiny-2) |" in md
    # the cue set's two halves apart, on every split: the tiny set has Chinese and English triggers
    languages = data["languages"]
    assert {"en (all)", "zh (all)"} <= set(languages) and "## Per language" in md
    assert languages["en (all)"]["n"] + languages["zh (all)"]["n"] == data["summary"]["all"]["n"]
    assert sum(e["n"] for name, e in languages.items() if name.endswith("(held-out)")) == splits["held-out (tiny-2)"]["n"]
    assert main(["eval", "cues", str(FIX / "cues_tiny.json"), str(FIX / "locomo_tiny.json"), "--out", str(out),
                 "--holdout", "nope"]) == 3
    assert "no such conversation" in capsys.readouterr().err


def test_cues_with_the_meaning_channel_by_default(tmp_path, capsys):
    assert main(["eval", "cues", str(FIX / "cues_tiny.json"), str(FIX / "locomo_tiny.json"), "--out",
                 str(tmp_path / "m"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert "meaning" in data["summary"]["all"]  # the channel of its own, beside the fusion that uses it
    assert any(n.startswith("meaning channel: USE multilingual v3") for n in data["notes"])
