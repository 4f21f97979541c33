"""Judged answers (``linghun eval locomo --answer``): the protocol's edge cases against the
OpenAI-compatible test server on 127.0.0.1 (refusals, malformed verdicts, timeouts, 429 retries,
a killed run resumed, keys kept out of the reports), offline roles, and the whole path against the
real local model (tests/llamaserver.py)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from linghun.core.errors import InvalidInputError
from linghun.core.evaluation import answer_protocol as protocol
from linghun.core.evaluation.answer_run import LEDGER, AnswerSettings, Models, run_answers
from linghun.core.evaluation.locomo import CATEGORY_NAMES, load_locomo
from linghun.core.evaluation.runner import Cancelled
from linghun.core.llm.openai_provider import OpenAIProvider
from tests.conftest import REPO
from tests.fakeopenai import Reply

FIX = Path(__file__).resolve().parent.parent / "fixtures_eval"
TINY = FIX / "locomo_tiny.json"
#: tiny-1's questions less the adversarial one (category 5, not judged), and tiny-2's two
JUDGED = 7
KEY = "sk-judged-answers-secret-0123456789"


def _dataset():
    return load_locomo(TINY)


def _is_judge(body: dict) -> bool:
    return "label an answer to a question" in body["messages"][-1]["content"]


def _gold_of(body: dict) -> tuple[str, str]:
    text = body["messages"][-1]["content"]
    gold = text.split("Gold answer: ")[-1].split("\n")[0]
    generated = text.split("Generated answer: ")[-1].split("\n")[0]
    return gold, generated


def fair_server(server, answer=lambda body: "beagle") -> None:
    """The answerer says ``answer(body)``; the judge says CORRECT when the gold answer
    stands in the generated one, as JSON after a sentence (as the prompt asks)."""
    def respond(body: dict):
        if not _is_judge(body):
            return answer(body)
        gold, generated = _gold_of(body)
        label = "CORRECT" if gold.lower() in generated.lower() else "WRONG"
        return f'The answer {"matches" if label == "CORRECT" else "misses"} the gold answer. {{"label": "{label}"}}'

    server.respond_with(respond)


def _models(server, **options) -> Models:
    provider = OpenAIProvider(base_url=server.base_url, api_key=KEY, model="answer-model", **options)
    return Models(provider, provider)


def _ledger(folder: Path) -> list[dict]:
    return [json.loads(line) for line in (folder / LEDGER).read_text(encoding="utf-8").splitlines()[1:]]


# -- the protocol ----------------------------------------------------------------------------

def test_a_verdict_is_read_from_json_else_from_the_one_label_named_else_unparsed():
    assert protocol.parse_verdict('Same pet. {"label": "CORRECT"}') == protocol.Verdict("CORRECT", "json")
    assert protocol.parse_verdict('```json\n{"label": "wrong"}\n```').label == "WRONG"
    assert protocol.parse_verdict("It names another city, so WRONG") == protocol.Verdict("WRONG", "text")
    # both labels (the prompt forbids it), neither, or a JSON label that is neither: unparsed
    assert protocol.parse_verdict("CORRECT or WRONG, hard to say").label == protocol.UNPARSED
    assert protocol.parse_verdict("").label == protocol.UNPARSED
    assert protocol.parse_verdict('{"label": "maybe"} CORRECT').label == "CORRECT"
    assert not protocol.Verdict(protocol.UNPARSED, "none").correct


def test_f1_and_exact_match_count_words_as_the_peers_scripts_do():
    assert protocol.token_f1("A shell necklace.", "a shell necklace") == 1.0
    assert protocol.token_f1("the necklace", "a shell necklace") == pytest.approx(2 * 0.5 * (1 / 3) / (0.5 + 1 / 3))
    assert protocol.token_f1("", "x") == 0.0 and protocol.token_f1("dog dog", "cat") == 0.0
    assert protocol.exact_match(" Beagle ", "beagle") and not protocol.exact_match("a beagle", "beagle")


def test_the_judge_prompt_is_the_published_one():
    prompt = protocol.judge_messages("Q?", "gold", "gen")[0]["content"]
    assert "Question: Q?\nGold answer: gold\nGenerated answer: gen\n" in prompt
    assert "you should be generous with your grading" in prompt
    assert prompt.rstrip().endswith('in a json format with the key as "label".')


def test_offline_roles_answer_from_the_best_line_and_judge_by_the_gold_words():
    memories = ["[2023-05-08] Mira: I adopted a beagle named Bo.\nJon: cute", "Jon: I like pottery"]
    assert protocol.offline_answer("Which dog did Mira adopt?", memories) == "[2023-05-08] Mira: I adopted a beagle named Bo."
    assert protocol.offline_verdict("Which dog?", "beagle", "She adopted a beagle").correct
    assert not protocol.offline_verdict("Which dog?", "beagle", "a poodle").correct


# -- a run against the test server -------------------------------------------------------------

def test_every_source_is_answered_judged_and_reported_per_category_with_tokens_and_time(openai_server, tmp_path):
    fair_server(openai_server)
    report = run_answers(_dataset(), tmp_path, _models(openai_server), group_names=CATEGORY_NAMES)
    sources = report.summary["sources"]
    assert set(sources) == {"linghun", "full-context", "rank-bm25"}
    for name, block in sources.items():
        o = block["overall"]
        assert o["questions"] == JUDGED and o["errors"] == 0 and o["unparsed"] == 0, name
        # "beagle" is the gold answer of one single-hop question only
        assert block["groups"]["single-hop"]["J"] == pytest.approx(100 / 3), name
        assert o["J"] == pytest.approx(100 / JUDGED), name
        assert o["usage"] == ["reported"] and o["prompt_tokens_mean"] == 11
        assert o["latency_ms"]["p95"] >= o["latency_ms"]["p50"] > 0
    answered = [b for b in openai_server.requests if not _is_judge(b)]
    judged = [b for b in openai_server.requests if _is_judge(b)]
    assert len(answered) == len(judged) == 3 * JUDGED
    assert all(b["temperature"] == 0.0 and b.get("response_format") for b in judged)
    # the answerer reads the question, then the memories: the baseline's are the turns, dated
    bm25 = next(b for b in answered if "What breed" in b["messages"][-1]["content"]
                and "[2023-" in b["messages"][-1]["content"])
    assert "Memories:\n" in bm25["messages"][-1]["content"]
    table = Path(report.files["markdown"]).read_text(encoding="utf-8")
    assert "| source | multi-hop J | temporal J | open-domain J | single-hop J | overall J | F1 | EM |" in table
    assert "| linghun | " in table and "tokens / question" in table
    assert json.loads(Path(report.files["json"]).read_text(encoding="utf-8"))["questions"] == JUDGED
    assert len(_ledger(tmp_path)) == 3 * JUDGED


def test_a_refusal_is_judged_wrong_and_a_malformed_verdict_counts_apart(openai_server, tmp_path):
    def respond(body):
        if _is_judge(body):
            return "CORRECT or WRONG, I cannot decide"
        return "I don't know."

    openai_server.respond_with(respond)
    report = run_answers(_dataset(), tmp_path, _models(openai_server), AnswerSettings(sources=("rank-bm25",)))
    o = report.summary["sources"]["rank-bm25"]["overall"]
    assert o["unparsed"] == JUDGED and o["J"] == 0.0 and o["F1"] == 0.0
    assert "| rank-bm25 |" in Path(report.files["markdown"]).read_text(encoding="utf-8")


def test_a_429_is_retried_by_the_client_and_the_run_goes_on(openai_server, tmp_path):
    fair_server(openai_server)
    openai_server.fail(429, "rate limited")
    report = run_answers(_dataset(), tmp_path, _models(openai_server, max_retries=2),
                         AnswerSettings(sources=("rank-bm25",), limit=2, concurrency=1))
    o = report.summary["sources"]["rank-bm25"]["overall"]
    assert o["errors"] == 0 and o["questions"] == 2
    assert len(openai_server.requests) == 2 * 2 + 1  # the refused request, sent again


def test_a_timeout_is_an_error_record_and_the_next_run_asks_that_question_again(openai_server, tmp_path):
    def slow_answers(body):
        if _is_judge(body):
            return '{"label": "WRONG"}'
        return Reply("late", delay=1.5) if "What breed" in body["messages"][-1]["content"] else "soon"

    openai_server.respond_with(slow_answers)
    settings = AnswerSettings(sources=("rank-bm25",), limit=3, concurrency=1)
    report = run_answers(_dataset(), tmp_path, _models(openai_server, timeout=0.5, max_retries=0), settings)
    o = report.summary["sources"]["rank-bm25"]["overall"]
    assert o["errors"] == 1 and o["questions"] == 2
    error = next(r for r in _ledger(tmp_path) if r.get("error"))
    assert error["question"] == "tiny-1#0" and error["error"].startswith("timeout")
    assert "| rank-bm25 |" in Path(report.files["markdown"]).read_text(encoding="utf-8")

    fair_server(openai_server)  # the server is quick again
    before = len(openai_server.requests)
    report = run_answers(_dataset(), tmp_path, _models(openai_server, timeout=5, max_retries=0), settings)
    assert report.summary["sources"]["rank-bm25"]["overall"]["errors"] == 0
    assert len(openai_server.requests) - before == 2  # only the question that failed: answer and verdict


def test_a_cancelled_run_resumes_where_it_stopped_and_asks_nothing_twice(openai_server, tmp_path):
    fair_server(openai_server)
    settings = AnswerSettings(sources=("rank-bm25",), concurrency=1)
    seen = []

    def cancel_after_three() -> bool:
        return len(seen) >= 3

    with pytest.raises(Cancelled, match="resumes"):
        run_answers(_dataset(), tmp_path, _models(openai_server), settings,
                    progress=lambda done, total: seen.append(done), cancelled=cancel_after_three)
    kept = _ledger(tmp_path)
    assert 3 <= len(kept) < JUDGED
    openai_server.requests.clear()
    report = run_answers(_dataset(), tmp_path, _models(openai_server), settings)
    assert report.summary["sources"]["rank-bm25"]["overall"]["questions"] == JUDGED
    asked = {b["messages"][-1]["content"].split("\n")[0] for b in openai_server.requests if not _is_judge(b)}
    assert len(asked) == JUDGED - len(kept) and len(_ledger(tmp_path)) == JUDGED


def test_a_half_written_last_line_is_asked_again_and_a_run_of_other_settings_is_refused(openai_server, tmp_path):
    fair_server(openai_server)
    settings = AnswerSettings(sources=("rank-bm25",), limit=2)
    run_answers(_dataset(), tmp_path, _models(openai_server), settings)
    ledger = tmp_path / LEDGER
    lines = ledger.read_text(encoding="utf-8").splitlines(keepends=True)
    ledger.write_text("".join(lines[:-1]) + lines[-1][:20], encoding="utf-8")  # killed mid-write
    report = run_answers(_dataset(), tmp_path, _models(openai_server), settings)
    assert report.summary["sources"]["rank-bm25"]["overall"]["questions"] == 2

    kept = ledger.read_bytes()
    with pytest.raises(InvalidInputError, match="other settings.*limit 2 there, 3 now"):
        run_answers(_dataset(), tmp_path, _models(openai_server), AnswerSettings(sources=("rank-bm25",), limit=3))
    assert ledger.read_bytes() == kept


def test_the_key_is_never_in_the_ledger_or_the_reports(openai_server, tmp_path):
    fair_server(openai_server)
    report = run_answers(_dataset(), tmp_path, _models(openai_server), AnswerSettings(sources=("rank-bm25",), limit=2))
    assert all(KEY not in Path(path).read_text(encoding="utf-8") for path in report.files.values())
    assert openai_server.requests[0]["_headers"]["authorization"] == f"Bearer {KEY}"


def test_offline_the_run_reports_every_source_and_says_it_is_offline(tmp_path):
    report = run_answers(_dataset(), tmp_path, Models(), AnswerSettings(sample=4, seed=1))
    assert report.summary["answerer"] == report.summary["judge"] == "offline"
    assert all(s["overall"]["questions"] == 4 for s in report.summary["sources"].values())
    assert "OFFLINE roles" in Path(report.files["markdown"]).read_text(encoding="utf-8")
    again = run_answers(_dataset(), tmp_path / "again", Models(), AnswerSettings(sample=4, seed=1))
    # the sample is the seed's: the same questions, the same figures
    assert {r["question"] for r in _ledger(tmp_path)} == {r["question"] for r in _ledger(tmp_path / "again")}
    assert again.summary["sources"]["linghun"]["overall"]["J"] == report.summary["sources"]["linghun"]["overall"]["J"]


# -- the command line, as a user runs it ---------------------------------------------------------

def _cli(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "linghun.core", *args], cwd=REPO, capture_output=True, text=True,
                          timeout=600, env={**os.environ, "LINGHUN_API_KEY": "", **(env or {})})


def _home_for(tmp_path: Path, base_url: str, **llm) -> Path:
    home = tmp_path / "dsh"
    (home / "linghun").mkdir(parents=True)
    (home / "linghun" / "workbench.json").write_text(json.dumps({"llm": {"preset": "local", "baseUrl": base_url, **llm}}),
                                                   encoding="utf-8")
    return home


def test_the_command_answers_with_the_homes_model_and_a_judge_model_of_its_own(openai_server, tmp_path):
    fair_server(openai_server)
    home = _home_for(tmp_path, openai_server.base_url, model="answer-model")
    out = tmp_path / "report"
    done = _cli("eval", "locomo", str(TINY), "--answer", "--home", str(home), "--judge-model", "judge-model",
                "--sources", "rank-bm25,full-context", "--limit", "3", "--price", "0.27:1.10", "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert "answerer answer-model at" in done.stderr and "judge judge-model at" in done.stderr
    models = {(b["model"], _is_judge(b)) for b in openai_server.requests}
    assert models == {("answer-model", False), ("judge-model", True)}
    assert "| rank-bm25 |" in done.stdout and "price / question" in done.stdout
    assert len(_ledger(out)) == 6


def test_the_command_refuses_bad_options_with_one_line(tmp_path):
    done = _cli("eval", "locomo", str(TINY), "--answer", "--sources", "linghun,everything", "--out", str(tmp_path))
    assert done.returncode != 0 and "unknown source everything" in done.stderr
    assert not (tmp_path / LEDGER).exists()
    done = _cli("eval", "locomo", str(TINY), "--answer", "--price", "cheap", "--out", str(tmp_path))
    assert done.returncode != 0 and "--price 'cheap'" in done.stderr


# -- the real local model -------------------------------------------------------------------------

@pytest.mark.slow
def test_a_local_model_answers_and_judges_a_handful_of_questions_through_the_command(llama_server, tmp_path):
    home = _home_for(tmp_path, llama_server.base_url, preset="llamacpp", maxAnswerTokens=48)
    out = tmp_path / "report"
    done = _cli("eval", "locomo", str(TINY), "--answer", "--home", str(home), "--limit", "2", "--concurrency", "1",
                "--timeout", "120", "--out", str(out))
    assert done.returncode == 0, done.stderr + llama_server.log_tail()
    records = _ledger(out)
    assert len(records) == 6 and not [r for r in records if r.get("error")], records
    assert all(r["answer_ms"] > 0 and r["verdict"] in ("CORRECT", "WRONG", "unparsed") for r in records)
    # llama-cpp-python sends usage in a plain reply: the server's own figures, not our estimate
    assert {r["usage_source"] for r in records} <= {"reported", "counted"}
    assert all(r["prompt_tokens"] > 0 and r["completion_tokens"] > 0 for r in records)
    assert "gemma-3-270m" in done.stdout and "| linghun |" in done.stdout and "| full-context |" in done.stdout
    print(done.stdout)  # the README's table of a real run is this one


def test_a_local_servers_model_is_in_the_ledger_as_configured_so_a_busy_server_still_resumes(openai_server):
    # the model a local server lists is learned by asking it; a server still busy with a killed
    # run's request does not answer in time, and the resumed run must still be the same run
    provider = OpenAIProvider(base_url=openai_server.base_url, api_key="", model="", local=True)
    models = Models(provider, provider)
    assert models.identity(provider) == f"the server's first model at {openai_server.base_url}"
    assert models.describe(provider) == f"fake-model at {openai_server.base_url}"  # the report names it
    named = OpenAIProvider(base_url=openai_server.base_url, api_key=KEY, model="answer-model")
    assert models.identity(named) == models.describe(named) == f"answer-model at {openai_server.base_url}"
