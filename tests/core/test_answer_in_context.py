"""Answer-in-context (A@context): the short gold answer, normalised by one rule, standing in one part
of the context the agent is shown (core/evaluation/answers.py), beside R@context."""
from pathlib import Path

import pytest

from linghun.core.cli import main
from linghun.core.evaluation import answers, baseline
from linghun.core.evaluation.answers import NO_SHORT, NOT_STATED, SCORED, facts_of, probe, words
from linghun.core.evaluation.beam import load_beam
from linghun.core.evaluation.locomo import load_locomo
from linghun.core.evaluation.suite import evaluate_locomo
from linghun.core.fsio import read_json

FIX = Path(__file__).resolve().parent.parent / "fixtures_eval"
SMALL = FIX / "locomo_small.json"


def found(answer: str, question: str, text: str) -> bool:
    """Whether ``answer`` stands in a context of one part ``text`` (the evidence states the answer)."""
    result = probe(facts_of([answer], question), [answer], [("bundle", text)])
    assert result.status == SCORED, result
    return result.found == 1


@pytest.mark.parametrize("written", ["7 May 2023", "May 7, 2023", "2023-05-07", "7th of May, 2023", "may 7th 2023"])
def test_a_date_is_one_iso_word_however_it_is_written(written):
    assert words(written) == {"2023-05-07"}
    assert found(written, "When did Mira paint the fence?", "[2023-05-07 10:00] Mira: I painted the fence today.")


def test_a_month_stands_in_any_day_of_it_and_a_day_is_not_its_month():
    assert words("3June, 2022") == {"2022-06-03"} and words("February, 2023") == {"2023-02"}
    assert found("February, 2023", "When did Gina team up with an artist?", "[2023-02-14 09:00] Gina: I teamed up with an artist")
    assert not found("March 2023", "When did Gina team up with an artist?", "[2023-02-14 09:00] Gina: teamed up")
    # a day without its year stands on that day of any year; "may" the verb is no date
    assert words("March 29") == words("29th of March") == {"03-29"}
    assert found("March 29", "When does my first sprint end?", "The first sprint ends on March 29, 2024.")
    assert not found("March 28", "When does my first sprint end?", "The first sprint ends on March 29, 2024.")
    assert words("we may 5 times") == {"may", "5", "time"}
    evidence = "[2023-05-01 10:00] Mira: it happened on 2 May 2023"
    assert not probe(facts_of(["3 May 2023"], "When?"), [evidence], [("bundle", evidence)]).status == SCORED


def test_number_words_are_digits_and_words_are_stemmed():
    assert words("Three dogs") == {"3", "dog"}
    assert found("Three dogs", "What pets does James have?", "James: I have 3 dogs and a cat")
    assert found("adopting puppies", "What is Audrey doing?", "Audrey: I adopted a puppy last week")
    assert found("pet-friendly spots", "What frustrates them?", "Andrew: no pet friendly spot anywhere")  # hyphens
    assert not found("Three dogs", "What pets does James have?", "James: I have 2 dogs")


def test_question_words_and_verdict_words_are_not_required():
    (fact,) = facts_of(["pottery wheel"], "What did Mira buy in May 2023?")
    assert fact.words == {"potteri", "wheel"}
    (fact,) = facts_of(["Hawaiian pizza"], "What type of pizza is John's favorite?")
    assert fact.words == {"hawaiian"}
    assert found("Likely yes, she loves the kiln", "Would Mira keep the kiln?", "Mira: I love my kiln")
    # a verdict and nothing else: nothing to look for
    assert facts_of(["Likely no"], "Would Caroline move abroad?") == []
    assert probe(facts_of(["Likely no"], "Would Caroline move abroad?"), ["x"], [("bundle", "x")]).status == NO_SHORT


def test_a_long_answer_needs_eight_in_ten_of_its_words():
    answer = "ceramics painting gardening cycling hiking baking knitting chess surfing rowing"
    (fact,) = facts_of([answer], "What are her hobbies?")
    assert len(fact.words) == 10 and fact.need == 8
    eight = "She does ceramics, painting, gardening, cycling, hiking, baking, knitting and chess."
    seven = "She does ceramics, painting, gardening, cycling, hiking, baking and knitting."
    evidence = [answer]
    assert probe([fact], evidence, [("bundle", eight)]).found == 1
    assert probe([fact], evidence, [("bundle", seven)]).found == 0
    (short,) = facts_of(["ceramics painting gardening cycling hiking baking"], "What are her hobbies?")
    assert short.need == 6  # six words or fewer: every one
    assert probe([short], evidence, [("bundle", "ceramics painting gardening cycling hiking")]).found == 0


def test_words_spread_over_two_parts_are_not_an_answer():
    facts = facts_of(["pottery wheel"], "What did Mira buy?")
    evidence = ["Mira: I bought a pottery wheel"]
    spread = probe(facts, evidence, [("bundle", "Mira: pottery class was fun"), ("knowledge", "the wheel of the car")])
    assert spread.status == SCORED and spread.found == 0 and spread.parts == {}
    whole = probe(facts, evidence, [("bundle", "Mira: pottery class"), ("timeline", "Mira bought a pottery wheel")])
    assert whole.found == 1 and whole.parts == {"timeline": 1} and whole.score == 1.0


def test_an_answer_the_evidence_does_not_state_is_set_apart():
    facts = facts_of(["24 August 2023"], "When did Melanie make a plate?")
    evidence = ["Melanie: I made a plate in pottery class yesterday 2023-08-25"]
    result = probe(facts, evidence, [("bundle", "whatever 2023-08-24")])
    assert result.status == NOT_STATED and result.found == 0 and result.score != result.score  # nan: not scored


def test_which_questions_have_no_short_answer():
    assert answers.locomo_facts("5", "drums") == () and answers.locomo_facts("4", "Quill") == ("Quill",)
    assert answers.locomo_facts("2", 2022) == ("2022",)
    assert answers.beam_facts("abstention", {"answer": "no information", "rubric": ["Based on ..."]}) == ()
    assert answers.beam_facts("instruction_following", {"rubric": ["LLM response should contain: code"]}) == ()
    assert answers.beam_facts("knowledge_update", {"answer": "Around 250ms",
                                                   "rubric": ["LLM response should state: 250ms"]}) == ("250ms",)
    assert answers.beam_facts("event_ordering", {"rubric": ["Core functionality", "Security and deployment"]}) == (
        "Core functionality", "Security and deployment")
    assert answers.beam_facts("temporal_reasoning", {"answer": "8 weeks"}) == ("8 weeks",)
    # the verdict of a contradiction question names no fact; what was said does
    (said,) = facts_of([answers.rubric_fact("LLM response should mention: You said you never wrote a Flask route")],
                       "Have I written Flask routes?")
    assert facts_of([answers.rubric_fact("LLM response should state: there is contradictory information")], "?") == []
    assert said.words == {"say", "never"}  # "wrote" is the question's "written", "flask" and "route" its words


def test_the_loaders_give_each_question_its_facts(beam_dir):
    qs = load_locomo(SMALL).questions
    assert qs[0].facts == ("Quill",)
    beam = load_beam(beam_dir).questions
    assert all(q.facts == () for q in beam if q.group in answers.NO_SHORT_ANSWER)


def test_a_locomo_run_reports_a_at_context_and_holds_it_to_its_record(tmp_path, capsys):
    report = evaluate_locomo(SMALL, tmp_path / "r", baseline=False)
    ours = report.data["runs"]["linghun"]
    overall = ours["overall"]
    assert overall["answers"] == 36 and overall["not stated"] == 0 and overall["no short answer"] == 0
    record = baseline.recorded("LoCoMo (locomo_small.json)", "linghun")
    assert {"A@context", "A@context/grown"} <= set(record)
    for metric in ("A@context", "A@context/grown"):
        assert round(overall[metric], 1) >= record[metric], f"{metric} {overall[metric]:.1f} < {record[metric]}"
    # per category, and per part: the part that carried the answer
    assert {g: ours["groups"][g]["A@context"] for g in ours["groups"]} == {"2": 100.0, "4": 100.0}
    written = ours["context"]["written"]
    assert written["A@context"] == overall["A@context"] and written["answer_parts"]["bundle"] > 0
    assert written["answers"] == {"scored": 36, "not stated": 0, "no short answer": 0}
    md = report.markdown.read_text(encoding="utf-8")
    assert "### Answer in context" in md and "A@context/grown" in md
    assert "| 2 temporal | 12 | 12 |" in md  # per category: the questions scored, and of them those A@context reads
    chart = read_json(tmp_path / "r" / "plots" / "reaches_the_agent.json")
    assert "A@context/written" in str(chart)


def test_the_command_prints_a_at_context_beside_r_at_context(tmp_path, capsys):
    assert main(["eval", "locomo", str(FIX / "locomo_tiny.json"), "--out", str(tmp_path / "out"), "--no-baseline",
                 "--holdout", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    line = next(ln for ln in lines if ln.startswith("linghun"))
    assert line.index("R@context ") < line.index("A@context ") < line.index("R@bundle")
    assert "A@context/grown" in line
    held = next(ln for ln in lines if "held-out (tiny-2)" in ln)
    assert "R@context " in held and "A@context " in held


def test_a_fall_of_a_at_context_is_named_like_one_of_r_at_context(tmp_path):
    record = tmp_path / "baselines.json"
    figures = baseline.record("LoCoMo (x.json)", "linghun", {"A@context": 84.2, "A@context/grown": 84.0,
                                                             "R@context": 80.9, "answers": 692}, record)
    assert figures == {"A@context": 84.2, "A@context/grown": 84.0, "R@context": 80.9}  # counts are not records
    fallen = baseline.drops("LoCoMo (x.json)", "linghun", {"A@context": 81.0, "A@context/grown": 83.0,
                                                          "R@context": 80.9}, record)
    assert [str(d) for d in fallen] == ["A@context 84.2 -> 81.0 (-3.2 points)"]
