"""Against a real local model: llama-cpp-python's server with Gemma 3 270M on 127.0.0.1
(tests/llamaserver.py), a 2,048-token window, a base model with no chat template.

What is asserted is the protocol and the degradation, never the model's wisdom: a round with every
LLM role on completes within a bound, its trace holds the server's own token counts and the judge's
schema, every role either used its answer or degraded as the seed says, and the bundle keeps the
evidence the retriever found; ``linghun chat`` answers (in plain text: the model calls no tool)
and journals the turn; ``linghun llm test`` names the server; a prompt longer than the window is
refused by the server and sent again within the window it gave.
"""
import json
import time

import pytest

from linghun.core.assembler.config import load_home_settings
from linghun.core.assembler.editor import lost_evidence
from linghun.core.assembler.round import Assembler
from linghun.core.cli import main as cli_main
from linghun.core.home import MemoryHome
from linghun.core.llm import provider_from_settings
from linghun.core.llm.fit import complete_fitted
from linghun.core.memory import Memory

pytestmark = pytest.mark.slow

#: a round with every role calling a 270M model on a busy 2-core machine (measured: 40-150 s)
ROUND_BOUND_S = 300
#: each role's answer is kept short: the model writes until it is stopped
ANSWER_TOKENS = 48
QUESTION = "订单服务端口的来龙去脉，前后矛盾吗？"
ROLES = ("judge", "archivist", "advocate", "editor")


def _configure(home: MemoryHome, server, *, judge_llm: bool, **llm) -> None:
    home.config.write_text(json.dumps({
        "llm": {"preset": "llamacpp", "baseUrl": server.base_url, "maxAnswerTokens": ANSWER_TOKENS, **llm},
        "assembler": {"debounceMs": 0, "assemble": {"maxTokens": ANSWER_TOKENS},
                      # the fixture home's cached timeline would spare the archivist its LLM call
                      "team": {"judge": {"llm": judge_llm}, "advocate": {"enabled": True},
                               "archivist": {"cacheDays": 0}}},
    }), encoding="utf-8")


def _round(home: MemoryHome, question: str = QUESTION, *, offline: bool = False):
    """One round; ``offline``: without the LLM, as a dry run (its timeline is not cached for the next)."""
    config, llm = load_home_settings(home)
    provider = None if offline else provider_from_settings(llm, env={})
    try:
        started = time.monotonic()
        result = Assembler(home, config=config, provider=provider).run(question, dry_run=offline)
        return result, time.monotonic() - started
    finally:
        if provider is not None:
            provider.close()


def _spans(result) -> dict:
    return {s.role: s.to_dict() for s in result.trace.spans}


def _figures(result) -> dict:
    """Per role: calls, tokens, seconds, whether it degraded (for the report the test prints)."""
    out = {}
    for role, s in _spans(result).items():
        if role in ROLES:
            calls = s["llm"]
            out[role] = {"calls": len(calls), "status": s["status"],
                         "prompt_tokens": sum(c.get("prompt_tokens") or 0 for c in calls),
                         "completion_tokens": sum(c.get("completion_tokens") or 0 for c in calls),
                         "seconds": round(sum(c.get("latency_ms") or 0 for c in calls) / 1000, 1),
                         "degraded": s["status"] in ("fallback", "skipped", "failed") and bool(calls)}
    return out


def test_a_round_with_every_llm_role_keeps_the_protocol_and_the_evidence(upstream_home, llama_server):
    home = MemoryHome.resolve(upstream_home)
    _configure(home, llama_server, judge_llm=True, contextWindow=llama_server.context)
    result, seconds = _round(home)
    print("judged round:", json.dumps(_figures(result), ensure_ascii=False))
    assert result.status in ("ok", "degraded") and seconds < ROUND_BOUND_S
    spans = _spans(result)
    judge = spans["judge"]
    (call,) = judge["llm"]
    # the server's own usage, not an estimate; the judge's schema went with the request
    assert call["prompt_tokens"] > 50 and call["completion_tokens"] > 0 and call["error"] is None
    assert call["params"]["schema"]["title"] == "judge" and call["params"]["json_mode"] is True
    # a valid decision from the model, or the heuristic with the reason (never a broken round)
    assert result.decision["by"] in ("llm", "fallback")
    if result.decision["by"] == "fallback":
        assert judge["status"] == "fallback" and "LLM 判定失败" in result.decision["reason"]
    assert "<" not in result.decision["query"]  # an echoed template slot is not a query
    editor = spans["editor"]
    assert editor["llm"] and editor["llm"][-1]["completion_tokens"] > 0
    assert editor["llm"][-1]["params"]["max_tokens"] <= ANSWER_TOKENS
    assert result.bundle.startswith("素材：")


def test_archivist_advocate_and_editor_on_a_deep_question_keep_the_retrievers_evidence(upstream_home, llama_server):
    home = MemoryHome.resolve(upstream_home)
    _configure(home, llama_server, judge_llm=False, contextWindow=llama_server.context)
    offline, _ = _round(home, offline=True)
    result, seconds = _round(home)
    print("deep round:", json.dumps(_figures(result), ensure_ascii=False))
    assert result.status in ("ok", "degraded") and seconds < ROUND_BOUND_S
    assert result.decision == offline.decision and result.decision["level"] == "deep"
    spans = _spans(result)
    for role in ("archivist", "advocate", "editor"):
        s = spans[role]
        # each called the model once, and either used the answer or degraded as the seed says (the
        # archivist and advocate skipped, the editor's bundle floored by the offline one)
        assert len(s["llm"]) == 1
        assert s["status"] in ("ok", "skipped", "fallback"), (role, s["status"], s.get("error"))
        for call in s["llm"]:
            assert call["error"] is None and call["prompt_tokens"] > 0
    # whatever the model wrote, no entry the offline editor keeps is lost
    assert lost_evidence(result.bundle, offline.bundle) == []


def test_a_prompt_longer_than_the_window_is_sent_again_within_the_window_the_server_gave(llama_server):
    items = "\n\n---\n\n".join(f"[{i}] 2026-10-{i % 28 + 1:02d} 10:00 [fact] high\n订单服务 | 端口 | {8000 + i} | #{i}"
                               for i in range(400))
    messages = [{"role": "system", "content": "你是编辑。"}, {"role": "user", "content": "问题：端口\n\n候选条目：\n" + items}]
    fits = []
    with provider_from_settings({"preset": "llamacpp", "baseUrl": llama_server.base_url}, env={}) as provider:
        assert provider.context_window is None  # llama-cpp-python does not say its window
        reply = complete_fitted(provider, messages, max_tokens=8, on_fit=fits.append, temperature=0.0)
        assert provider.context_window == llama_server.context
    assert reply.prompt_tokens < llama_server.context and fits and 0 < fits[-1].kept < 400


def test_linghun_chat_answers_in_plain_text_and_journals_the_turn(upstream_home, llama_server, capsys):
    home = MemoryHome.resolve(upstream_home)
    _configure(home, llama_server, judge_llm=False, contextWindow=llama_server.context)
    before = len(Memory(home).journal_turns())
    assert cli_main(["chat", "--home", str(upstream_home), "-m", "订单服务的端口是多少？"]) == 0
    out = capsys.readouterr()
    assert "agent> " in out.out and "the LLM failed" not in out.err
    # the memory tools' schemas alone are larger than the window: plain text, and the reply says so
    assert "do not fit the model's context window (2048 tokens)" in out.out
    turns = Memory(home).journal_turns()
    assert len(turns) == before + 1 and turns[-1].user == "订单服务的端口是多少？"


def test_llm_test_names_the_server_the_model_and_the_time(upstream_home, llama_server, capsys):
    home = MemoryHome.resolve(upstream_home)
    _configure(home, llama_server, judge_llm=False)
    assert cli_main(["llm", "test", "--home", str(upstream_home), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["ok"] and result["server"] == "llama.cpp (llama-cpp-python)"
    assert result["model"] == llama_server.model and result["models"] == [result["model"]]
    assert 0 < result["latency_ms"] < 60_000
    _configure(home, llama_server, judge_llm=False, contextWindow=llama_server.context)
    assert cli_main(["llm", "test", "--home", str(upstream_home)]) == 0
    line = capsys.readouterr().out.strip()
    assert line.startswith(f"ok: {llama_server.model} answered in ") and line.endswith(
        "· llama.cpp (llama-cpp-python), context window 2048 tokens")


def test_a_streamed_reply_has_its_tokens_reported_or_counted_never_a_bare_zero(llama_server):
    """llama-cpp-python's server may send no usage in a stream: its tokenizer (/extras/tokenize)
    counts the tokens then, and the reply says so; a plain reply's usage is the server's."""
    messages = [{"role": "user", "content": "订单服务的端口是 8087。端口是多少？"}]
    with provider_from_settings({"preset": "llamacpp", "baseUrl": llama_server.base_url}, env={}) as provider:
        plain = provider.complete(messages, max_tokens=8, temperature=0.0)
        streamed = provider.complete(messages, max_tokens=8, temperature=0.0, stream=True)
    assert plain.usage_source == "reported" and plain.prompt_tokens > 0
    assert streamed.usage_source in ("reported", "counted") and streamed.prompt_tokens > 0
    if streamed.usage_source == "counted":  # the messages' text, without the chat template's tokens
        assert 0 < streamed.prompt_tokens <= plain.prompt_tokens
