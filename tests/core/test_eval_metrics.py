"""Metrics, the runner, reports and their SVG charts, and the `linghun eval` command."""
import json
import math
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from linghun.core.cli import main
from linghun.core.evaluation.data import Conversation, Turn
from linghun.core.evaluation.locomo import load_locomo
from linghun.core.evaluation.metrics import all_at_k, hit_at_k, mean, percentile, recall_at_k
from linghun.core.text import approx_tokens
from linghun.core.evaluation.report import write_report
from linghun.core.evaluation.runner import Cancelled, LinghunRetriever, PlainBM25Retriever, run
from linghun.core.evaluation.suite import holdout_ids

FIX = Path(__file__).resolve().parent.parent / "fixtures_eval"


def test_recall_hit_all():
    ranked = ["a", "b", "c", "d"]
    assert recall_at_k(ranked, ["b", "z"], 1) == 0.0
    assert recall_at_k(ranked, ["b", "z"], 2) == 0.5
    assert recall_at_k(ranked, ["a", "d"], 4) == 1.0
    assert hit_at_k(ranked, ["d", "z"], 4) == 1.0 and hit_at_k(ranked, ["d"], 3) == 0.0
    assert all_at_k(ranked, ["a", "b"], 2) == 1.0 and all_at_k(ranked, ["a", "c"], 2) == 0.0
    assert math.isnan(recall_at_k(ranked, [], 5))
    assert mean([1.0, math.nan, 0.0]) == 0.5 and math.isnan(mean([math.nan]))


def test_percentile_and_tokens():
    assert percentile([1, 2, 3, 4], 50) == 2.5
    assert percentile([5], 95) == 5 and math.isnan(percentile([], 50))
    assert percentile(list(range(101)), 95) == 95
    assert approx_tokens("北京旅游") == 4 and approx_tokens("abcdefgh") == 2


def test_runner_scores_ours_and_the_baseline():
    ds = load_locomo(FIX / "locomo_tiny.json")
    ours = run(ds, LinghunRetriever(), ks=(1, 5))
    plain = run(ds, PlainBM25Retriever(), ks=(1, 5))
    s = ours.summary()
    assert s["overall"]["questions"] == 8 and s["overall"]["scored"] == 7
    assert set(s["groups"]) == {"1", "2", "3", "4", "5"}
    assert s["groups"]["3"]["scored"] == 0 and math.isnan(s["groups"]["3"]["R@5"])
    assert 0 <= s["overall"]["R@1"] <= s["overall"]["R@5"] <= 100
    # Whitespace splitting leaves "puppy?" and "breed" glued to punctuation: ours finds more.
    assert s["overall"]["R@5"] > plain.summary()["overall"]["R@5"]
    assert s["latency_ms"]["p95"] >= s["latency_ms"]["p50"] > 0
    assert s["bundle"]["chars_mean"] > 0 and s["bundle"]["units_mean"] > 0
    # a conversation this small is passed whole (direct mode); rank-bm25 delivers its top 12
    assert all(len(r.bundle) == len(next(c for c in ds.conversations if c.id == r.question.conversation).turns)
               for r in ours.results)
    assert all(len(r.bundle) <= 12 for r in plain.results)
    held = ours.subset(["tiny-2"]).summary()
    assert held["overall"]["scored"] == 2 and held["overall"]["R@1"] == 100.0


def test_the_retriever_searches_as_an_assembler_round():
    """A question the judge reads as a summary gets each hit with the turn after it (the reply);
    any other question gets hits only."""
    turns = [Turn(0, "user", "I set up the budget tracker database", 1),
             Turn(1, "assistant", "Add indexes on the date column and back it up nightly", 1),
             Turn(2, "user", "Unrelated: what a sunny day", 1)]
    search = LinghunRetriever().prepare(Conversation("c", turns, ("user", "assistant")))
    assert search("Can you summarize my budget tracker database work?", 2) == [0, 1]
    assert search("What did I do with the budget tracker database?", 2)[0] == 0
    assert 1 not in search("Which database did I set up for the budget tracker?", 1)


def test_the_bundle_is_what_a_round_delivers():
    """k by the judge's strategy, the newest units after a knowledge update's hits, and direct mode
    (every unit, cut at maxDirectChars) for a conversation with no more than 24 turns."""
    turns = [Turn(i, "user", f"note {i}: the deploy pipeline step {i} and its checks", 1 + i // 10) for i in range(60)]
    search = LinghunRetriever().prepare(Conversation("c", turns, ("user",)))
    # a light question goes direct: every unit while they fit in maxDirectChars
    assert search.bundle("Which deploy pipeline step had checks?") == list(range(60))
    assert len(search.bundle("Which deploy pipeline step do you prefer?")) == 12  # preference: BM25 k 12
    summary = search.bundle("Summarize the deploy pipeline")
    assert len(summary) == 24
    assert len(search.bundle("What is the history of the deploy pipeline?")) == 18  # deep
    update = search.bundle("What is the latest deploy pipeline step?")
    hits = search("What is the latest deploy pipeline step?", 12)
    assert update[:12] == hits and set(update[12:]) <= {59, 58, 57, 56, 55, 54} and {59, 54} <= set(update)
    # after a search the bundle comes from the same scoring, and it is the same bundle
    question = "Summarize the deploy pipeline checks"
    fresh = LinghunRetriever().prepare(Conversation("c", turns, ("user",))).bundle(question)
    assert search(question, 5) == fresh[:5] and search.bundle(question) == fresh
    small = LinghunRetriever().prepare(Conversation("s", turns[:20], ("user",)))
    assert small.bundle("anything at all") == list(range(20))
    long = [Turn(i, "user", "x" * 3000, 1) for i in range(20)]
    # over maxDirectChars the newest units survive (the forgetting gradient)
    assert LinghunRetriever().prepare(Conversation("l", long, ("user",))).bundle("x") == [19, 18, 17]


def test_runner_progress_and_cancel():
    ds = load_locomo(FIX / "locomo_tiny.json")
    seen = []
    run(ds, LinghunRetriever(), progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (8, 8) and len(seen) == 8
    with pytest.raises(Cancelled):
        run(ds, LinghunRetriever(), cancelled=lambda: True)


SVG = "{http://www.w3.org/2000/svg}"


def _check_svg_chart(svg: Path) -> list[str]:
    """Check a report's chart against the data kept beside it (``<name>.json``): one bar per value,
    each titled with its series, category and value and as tall as its value, and the title, the
    categories and the series as text. Returns the chart's texts."""
    data = json.loads(svg.with_suffix(".json").read_text(encoding="utf-8"))
    root = ET.fromstring(svg.read_text(encoding="utf-8"))  # well-formed, or this raises
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert data["title"] in texts and set(data["categories"]) <= set(texts) and set(data["series"]) <= set(texts)
    bars = {r.find(f"{SVG}title").text: float(r.get("height"))
            for r in root.iter(f"{SVG}rect") if r.find(f"{SVG}title") is not None}
    values = {f"{name} {category}: {v:g}": v for name, vals in data["series"].items()
              for category, v in zip(data["categories"], vals) if v is not None}
    assert set(bars) == set(values)  # a missing value leaves a gap, every other one a bar
    tallest = max(values, key=values.get)
    if values[tallest] > 0:  # heights in proportion to the values (written to a tenth of a pixel)
        scale = bars[tallest] / values[tallest]
        assert all(abs(bars[t] - scale * v) <= 0.1 for t, v in values.items())
    return texts


def test_report_files(tmp_path):
    ds = load_locomo(FIX / "locomo_tiny.json")
    runs = [run(ds, LinghunRetriever()), run(ds, PlainBM25Retriever(name="rank-bm25"))]
    rep = write_report(tmp_path / "out", "Tiny", runs, splits={"held-out": ["tiny-2"]},
                       group_label="category", group_names={"3": "multi-hop", "4": "单跳"})
    md = rep.markdown.read_text(encoding="utf-8")
    assert "## Overall" in md and "### held-out" in md and "| 4 单跳 |" in md
    assert "| linghun | 7 |" in md and "| rank-bm25 | 7 |" in md
    # per category: recall inside the delivered bundle and R@k, for each retriever
    assert "| category | scored | linghun R@bundle | linghun R@5 | linghun R@10 | rank-bm25 R@bundle |" in md
    data = json.loads(rep.json.read_text(encoding="utf-8"))  # valid JSON: nan written as null
    assert data["runs"]["linghun"]["groups"]["3"]["R@5"] is None
    assert data["splits"]["held-out"]["runs"]["linghun"]["overall"]["scored"] == 2
    assert len(rep.plots) == 3 and all(f"](plots/{p.name})" in md for p in rep.plots)
    texts = [_check_svg_chart(p) for p in rep.plots]
    assert any("单跳" in t for t in texts)  # a Chinese category name is drawn as it is written
    assert sorted(p.name for p in rep.plots[0].parent.iterdir()) == sorted(
        f"{p.stem}.{x}" for p in rep.plots for x in ("svg", "json"))


def test_holdout_ids():
    ds = load_locomo(FIX / "locomo_tiny.json")
    assert holdout_ids(ds, ["1"]) == ["tiny-2"] and holdout_ids(ds, ["tiny-1,1"]) == ["tiny-1", "tiny-2"]
    from linghun.core.errors import NotFoundError

    with pytest.raises(NotFoundError):
        holdout_ids(ds, ["nope"])


def test_cli_skips_cleanly_when_data_is_absent(tmp_path, capsys):
    assert main(["eval", "locomo", str(tmp_path / "none.json")]) == 0
    assert "skipped: no LoCoMo file" in capsys.readouterr().out
    assert main(["eval", "beam", str(tmp_path / "none"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["skipped"] is True
    assert main(["eval", "cues", str(tmp_path / "c.json"), str(tmp_path / "l.json")]) == 0


def test_cli_runs_locomo_and_beam(tmp_path, capsys, beam_dir):
    out = tmp_path / "rep"
    assert main(["eval", "locomo", str(FIX / "locomo_tiny.json"), "--out", str(out), "--holdout", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data["runs"]) == {"linghun", "rank-bm25"} and (out / "report.md").is_file()
    assert main(["eval", "beam", str(beam_dir), "--out", str(tmp_path / "b"), "--no-baseline"]) == 0
    text = capsys.readouterr().out
    assert "linghun" in text and "rank-bm25" not in text
    assert "information_extraction" in (tmp_path / "b" / "report.md").read_text(encoding="utf-8")


def test_cli_builds_a_home(tmp_path, capsys):
    assert main(["eval", "home", "locomo", str(FIX / "locomo_tiny.json"), "tiny-2", str(tmp_path / "h")]) == 0
    assert "3 warm entries" in capsys.readouterr().out
    assert (tmp_path / "h" / "linghun" / "memory" / "journal" / "2023-05-08.md").is_file()


def test_cue_evaluation_with_goals(tmp_path, capsys):
    from linghun.core.evaluation.cues import evaluate_cues

    result = evaluate_cues(FIX / "cues_tiny.json", FIX / "locomo_tiny.json")
    table = result.table()
    assert set(table) == {"causal", "goal", "state", "value", "all"} and table["all"]["n"] == 24
    for ch in ("bm25", "goal", "fusion", "linghun", "linghun+goal"):
        assert 0 <= table["all"][ch]["hit@1"] <= table["all"][ch]["hit@5"] <= table["all"][ch]["hit@10"] <= 100
    # The goal channel reaches goal cues that no word of the trigger shares.
    assert table["goal"]["goal"]["hit@10"] > table["goal"]["bm25"]["hit@10"]
    assert main(["eval", "cues", str(FIX / "cues_tiny.json"), str(FIX / "locomo_tiny.json"),
                 "--out", str(tmp_path / "c")]) == 0
    md = (tmp_path / "c" / "report.md").read_text(encoding="utf-8")
    assert "| all | 24 |" in md and "![cue hit@10](plots/cue_hit_at_10.svg)" in md
    plots = tmp_path / "c" / "plots"
    assert sorted(p.name for p in plots.iterdir()) == ["cue_hit_at_10.json", "cue_hit_at_10.svg"]
    _check_svg_chart(plots / "cue_hit_at_10.svg")


def test_cli_json_is_strict_json(tmp_path, capsys):
    assert main(["eval", "locomo", str(FIX / "locomo_tiny.json"), "--out", str(tmp_path / "r"), "--json"]) == 0
    out = capsys.readouterr().out
    data = json.loads(out, parse_constant=lambda c: pytest.fail(f"{c} is not JSON"))
    assert data["runs"]["linghun"]["groups"]["3"]["R@1"] is None


def test_suite_takes_the_k_to_measure(tmp_path, beam_dir):
    from linghun.core.evaluation.suite import evaluate_beam, focus_of

    rep = evaluate_beam(beam_dir, tmp_path / "b", ks=(1, 3), holdout=["2"])
    assert set(k for k in rep.data["runs"]["linghun"]["overall"] if k.startswith("R@")) == {
        "R@1", "R@3", "R@bundle", "R@context", "R@context/grown", "R@context+excerpt", "R@context/grown+excerpt"}
    assert "linghun R@1" in rep.markdown.read_text(encoding="utf-8")
    assert focus_of((1, 5, 10), (5, 10, 20)) == (5, 10) and focus_of((2, 3, 4), (5,)) == (2, 3)
