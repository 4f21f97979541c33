"""R@context: what reaches the agent, asked through its own path on homes written from a
conversation, and held to the figures recorded in ``core/evaluation/baselines.json``."""
import json
from pathlib import Path

from linghun.core.cli import main
from linghun.core.evaluation import baseline
from linghun.core.evaluation.context_recall import HomeContext
from linghun.core.evaluation.homes import grow_home
from linghun.core.evaluation.locomo import load_locomo
from linghun.core.evaluation.suite import evaluate_locomo
from linghun.core.fsio import write_json
from linghun.core.home import MemoryHome
from linghun.core.memory import Memory

FIX = Path(__file__).resolve().parent.parent / "fixtures_eval"
SMALL = FIX / "locomo_small.json"


def test_a_probe_says_which_part_carries_the_evidence():
    conv = load_locomo(SMALL).conversations[0]
    with HomeContext(conv, "written") as home:
        probe = home.probe("What did Mira name the kayak?", ("D1:17",))
        assert probe.reached == ["D1:17"] and probe.parts["bundle"] == ["D1:17"]
        assert probe.chars > 0 and 0 < probe.tokens < probe.chars and probe.cpu_ms > 0
        # a turn in no part is not reached (an unknown id is ignored, not counted)
        chat = next(t.id for t in conv.turns if t.session == 12 and "bought" not in t.text)
        missing = home.probe("What did Mira name the kayak?", (chat, "D99:1"))
        assert missing.reached == [] and set(missing.parts) <= {"pointer"}
        # a newest entry is one the map points at: reached through a pointer, counted apart
        assert missing.pointed == missing.parts.get("pointer", [])
        root = home.home.root
    assert not root.exists()  # the temporary home is removed


def test_a_grown_home_is_consolidated_as_an_agent_grows_it(tmp_path):
    """Turn by turn through memory_append with the home's settings: past triggerRatio of maxBytes
    older turns move out of warm.md into the event timeline, the cold summary and the archive."""
    conv = load_locomo(SMALL).conversations[0]
    write_json(MemoryHome.resolve(tmp_path).config, {"memory": {"maxBytes": 8192}})
    built = grow_home(conv, tmp_path)
    home = built.home
    assert 0 < built.entries < len(conv.turns) and built.refused == 0
    assert home.memory_ontology.is_file() and home.cold.is_file() and any(home.episodic_dir.glob("*.md"))
    assert len(home.warm.read_bytes()) <= 8192
    # the newest turn is a warm entry, written at its session's time (a repeated line is merged
    # into the entry that had it, which takes the new stamp)
    last = f"{conv.turns[-1].speaker}: {conv.turns[-1].text}"
    assert any(e.body == last and e.stamp.startswith("2023-09-") for e in Memory(home).entries())


def test_r_at_context_does_not_fall_below_its_record(tmp_path):
    """The synthetic conversation (tests/fixtures_eval/make_locomo_small.py) does not fit the direct
    material and its questions are light: read as "light goes direct", R@context was 25 here."""
    report = evaluate_locomo(SMALL, tmp_path / "r", baseline=False)
    overall = report.data["runs"]["linghun"]["overall"]
    record = baseline.recorded("LoCoMo (locomo_small.json)", "linghun")
    assert {"R@context", "R@context/grown", "R@bundle", "R@10"} <= set(record)
    for metric, figure in record.items():
        assert round(overall[metric], 1) >= figure, f"{metric} {overall[metric]:.1f} < its record {figure}"
    assert report.data["drops"] == {}
    context = report.data["runs"]["linghun"]["context"]["written"]
    assert context["none"] == 0 and context["parts"]["bundle"] == overall["R@context"]
    assert context["chars_max"] <= 10000


def test_a_drop_below_the_record_is_said_loudly(tmp_path, capsys, monkeypatch):
    record = tmp_path / "baselines.json"
    write_json(record, {"LoCoMo (locomo_tiny.json)": {"linghun": {"R@context": 100.0, "R@10": 100.0},
                                                      "rank-bm25": {"R@10": 99.0}}})
    drops = baseline.drops("LoCoMo (locomo_tiny.json)", "rank-bm25", {"R@10": 85.7}, record)
    assert [str(d) for d in drops] == ["R@10 99.0 -> 85.7 (-13.3 points)"]
    assert baseline.drops("LoCoMo (locomo_tiny.json)", "linghun", {"R@context": 98.5, "R@10": 100.0}, record) == []
    # through the command: the record the package carries, with the rank-bm25 figure raised
    data = baseline.load()
    data["LoCoMo (locomo_tiny.json)"] = {"rank-bm25": {"R@10": 99.0}}
    write_json(record, data)
    monkeypatch.setattr(baseline, "PATH", record)
    assert main(["eval", "locomo", str(FIX / "locomo_tiny.json"), "--out", str(tmp_path / "out"), "--no-context"]) == 0
    err = capsys.readouterr().err
    assert "linghun eval: DROP rank-bm25 R@10 99.0 -> 85.7 (-13.3 points below the recorded figure)" in err
    report = json.loads((tmp_path / "out" / "report.json").read_text(encoding="utf-8"))
    assert [(d["metric"], d["recorded"], round(d["now"], 1)) for d in report["drops"]["rank-bm25"]] == [("R@10", 99.0, 85.7)]
    assert "## Below the recorded figures" in (tmp_path / "out" / "report.md").read_text(encoding="utf-8")
