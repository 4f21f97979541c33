"""Token usage from servers that send none (llama.cpp's in a stream), against the test's
OpenAI-compatible server (tests/fakeopenai.py): counted by the server's tokenizer where it has one,
estimated from the text where not, and labelled so in the trace and ``linghun health``."""
import json

from linghun.core.assembler.trace import TraceStore
from linghun.core.cli import main
from linghun.core.health import health_report
from linghun.core.llm import LLMResponse, provider_from_settings
from linghun.core.llm.fit import estimate_tokens
from tests.core.test_assembler_support import assembler, filler, new_home

MESSAGES = [{"role": "system", "content": "你是编辑"}, {"role": "user", "content": "订单服务的端口？"}]


def _llamacpp(server):
    return provider_from_settings({"preset": "llamacpp", "baseUrl": server.base_url}, env={})


def test_a_stream_without_usage_is_counted_by_llama_cpps_tokenizer(openai_server):
    openai_server.usage, openai_server.tokenizer = False, True
    openai_server.reply("订单服务在 8087。")
    with _llamacpp(openai_server) as provider:
        reply = provider.complete(MESSAGES, stream=True)
    assert reply.usage_source == "counted"
    # the fake's tokenizer gives a token per character of the prompt its template rendered
    rendered = "".join(f"<|{m['role']}|>{m['content']}\n" for m in MESSAGES)
    assert (reply.prompt_tokens, reply.completion_tokens) == (len(rendered), len("订单服务在 8087。"))
    assert [t["path"] for t in openai_server.tokenized] == ["/apply-template", "/tokenize", "/tokenize"]
    assert openai_server.tokenized[1]["content"] == rendered


def test_a_server_without_a_tokenizer_is_estimated_and_not_asked_again(openai_server):
    openai_server.usage = False
    openai_server.reply("订单服务在 8087。")
    openai_server.reply("8087")
    with _llamacpp(openai_server) as provider:
        first = provider.complete(MESSAGES, stream=True)
        asked = len(openai_server.tokenized)
        second = provider.complete(MESSAGES)
    assert first.usage_source == second.usage_source == "estimated"
    assert (first.prompt_tokens, first.completion_tokens) == (estimate_tokens(MESSAGES),
                                                              estimate_tokens("订单服务在 8087。"))
    assert asked >= 1 and len(openai_server.tokenized) == asked  # a 404 is not asked twice


def test_a_server_not_known_as_llama_cpp_is_estimated_without_asking_it(openai_server):
    openai_server.usage, openai_server.tokenizer = False, True
    with provider_from_settings({"preset": "local", "baseUrl": openai_server.base_url}, env={}) as provider:
        reply = provider.complete(MESSAGES, stream=True)
    assert reply.usage_source == "estimated" and reply.prompt_tokens == estimate_tokens(MESSAGES)
    assert openai_server.tokenized == []


def test_usage_the_server_sent_is_reported_and_old_records_read_as_reported(openai_server):
    openai_server.tokenizer = True
    with _llamacpp(openai_server) as provider:
        reply = provider.complete(MESSAGES, stream=True)
    assert (reply.usage_source, reply.prompt_tokens) == ("reported", 11) and openai_server.tokenized == []
    old = {"text": "x", "model": "m", "prompt_tokens": 5, "completion_tokens": 1}
    assert LLMResponse.from_dict(old).usage_source == "reported"
    assert LLMResponse.from_dict(reply.to_dict()).usage_source == "reported"


def test_the_trace_and_linghun_health_say_the_tokens_were_counted(tmp_path, openai_server, capsys):
    home = new_home(tmp_path, filler(5))
    openai_server.usage, openai_server.tokenizer = False, True
    openai_server.respond_with(lambda body: "素材：无")
    with _llamacpp(openai_server) as provider:
        result = assembler(home, provider, retrieval__mode="always").run("天气记录 晴朗 气温")
    store = TraceStore(home)
    saved = store.load(result.trace.round_id)
    calls = [c for s in saved["spans"] for c in s["llm"]]
    assert calls and {c["usage_source"] for c in calls} == {"counted"}
    assert all(c["prompt_tokens"] > 0 for c in calls)
    assert {x["response"]["usage_source"] for x in saved["exchanges"]} == {"counted"}
    assert main(["rounds", "--home", str(home.dsh_home), "--show", result.trace.round_id]) == 0
    assert " tokens (counted), " in capsys.readouterr().out

    figures = health_report(home, trends=False)["rounds"]
    assert figures["usage"] == {"reported": 0, "counted": len(calls), "estimated": 0}
    assert figures["tokens_source"] == "counted"
    assert main(["health", "--json", "--home", str(home.dsh_home)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["rounds"]["tokens_source"] == "counted" and out["rounds"]["usage"]["counted"] == len(calls)
    assert main(["health", "--home", str(home.dsh_home)]) == 0
    assert "completion tokens (counted: the server reported no usage)" in capsys.readouterr().out


def test_linghun_health_says_which_part_was_estimated(tmp_path, capsys):
    """Calls of older traces (no source: reported) and estimated ones summed: estimated in part."""
    home = new_home(tmp_path, filler(2))
    traces = home.team_file("traces")
    traces.mkdir(parents=True)
    calls = [{"index": 0, "prompt_tokens": 100, "completion_tokens": 10},
             {"index": 1, "prompt_tokens": 50, "completion_tokens": 5, "usage_source": "estimated"},
             {"index": 2, "prompt_tokens": 0, "completion_tokens": 0, "error": {"kind": "timeout"}}]
    day = health_report(home, trends=False)["until"]
    rid = day.replace("-", "") + "-100000-aaaa"
    records = [{"type": "round", "round": rid, "version": 1, "started_at": f"{day}T10:00:00.000+00:00"},
               {"type": "span", "round": rid, "role": "editor", "seq": 1, "llm": calls},
               {"type": "result", "round": rid, "status": "ok", "duration_ms": 5.0}]
    (traces / f"{day}.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    figures = health_report(home, trends=False)["rounds"]
    assert figures["usage"] == {"reported": 1, "counted": 0, "estimated": 1}
    assert figures["tokens_source"] == "estimated in part" and figures["prompt_tokens"] == 150
    assert main(["health", "--home", str(home.dsh_home)]) == 0
    assert "(estimated for 1 of 2 calls: the server reported no usage)" in capsys.readouterr().out
