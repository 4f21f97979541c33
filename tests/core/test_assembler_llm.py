"""Rounds with a real LLM client: the `openai` package talking HTTP to an OpenAI-compatible server
on 127.0.0.1 (tests/fakeopenai.py), streaming included; record / replay; provider failures."""
import json

from linghun.core.assembler.replay import rerun
from linghun.core.events import EventBus
from linghun.core.formats import team
from linghun.core.fsio import read_text
from linghun.core.llm import OpenAIProvider
from linghun.core.text import approx_tokens
from tests.core.test_assembler_support import assembler, entry, new_home, span

# it keeps every entry the offline editor would (the evidence floor, editor.with_evidence_floor)
KEPT = "订单服务 | 端口 | 8087 | #7（2026-10-07）。⚠️ 冲突：旧端口 8080（2026-10-01）。迁移：PostgreSQL 15，停机 40 分钟（2026-10-06）。"
BUNDLE = "素材：" + KEPT


def _home(tmp_path):
    return new_home(tmp_path, [
        entry("2026-10-01 09:00", "fact", "high", "订单服务 | 端口 | 8080 | #1"),
        entry("2026-10-06 16:00", "event", "medium", "用户 | 迁移 | 订单服务数据库 | PostgreSQL 15 | 停机 40 分钟"),
        entry("2026-10-07 11:30", "fact", "high", "订单服务 | 端口 | 8087 | #7"),
    ])


def _answer(request: dict) -> str:
    """Answer each role by its system prompt, as a model would."""
    system = request["messages"][0]["content"]
    if "判官" in system:
        return json.dumps({"level": "deep", "strategy": "conflict", "query": "订单服务 端口 冲突",
                           "reason": "问端口前后不一致"}, ensure_ascii=False)
    if "史官" in system:
        return "脉络：2026-10-01 端口 8080 → 2026-10-06 迁移 → 2026-10-07 端口 8087。⚠️ 口径变化：8080 → 8087"
    if "辩手" in system:
        return "⚠️ 冲突：\n- [1] 端口 8080 与 [3] 端口 8087"
    if "编辑" in system:
        return BUNDLE
    return "?"


def _provider(server, **kw):
    return OpenAIProvider(base_url=server.base_url, api_key="k", model="fake-model", max_retries=0, timeout=5, **kw)


def test_full_round_with_streaming_then_exact_replay(tmp_path, openai_server):
    openai_server.respond_with(_answer)
    home = _home(tmp_path)
    bus = EventBus()
    deltas = []
    bus.subscribe("trace.delta", lambda e: deltas.append((e.payload["role"], e.payload["text"])))
    a = assembler(home, _provider(openai_server), bus=bus, team__judge__llm=True, team__advocate__enabled=True,
                  assemble__stream=True)
    result = a.run("订单服务的端口前后不一致吗")
    assert result.status == "ok" and result.llm == "openai"
    assert result.decision["by"] == "llm" and result.decision["strategy"] == "conflict"
    assert result.bundle == BUNDLE and read_text(home.assembled) == BUNDLE + "\n"

    sent = openai_server.requests
    assert len(sent) == 4
    editor_request = sent[-1]
    assert editor_request["stream"] is True and editor_request["temperature"] == 0.2
    assert editor_request["max_tokens"] == 1200
    assert "素材：" in editor_request["messages"][0]["content"]           # the SPEC rules are the prompt
    assert "循环上下文" in editor_request["messages"][1]["content"]
    assert "订单服务 | 端口 | 8087 | #7" in editor_request["messages"][1]["content"]
    assert "".join(t for r, t in deltas if r == "editor") == BUNDLE and len(deltas) > 3

    editor = span(result, "editor")
    call = editor["llm"][0]
    assert call["response"] == BUNDLE and call["prompt_tokens"] == 11 and call["latency_ms"] > 0
    assert call["params"]["stream"] is True
    assert span(result, "archivist")["outputs"]["finding"].startswith("脉络：2026-10-01")
    assert span(result, "advocate")["outputs"]["block"].startswith("⚠️ 冲突：")
    history = json.loads(read_text(home.team_file(team.JUDGE_HISTORY_FILE)).splitlines()[-1])
    assert history["by"] == "llm" and history["model"] == "fake-model"
    bundles = json.loads(read_text(home.team_file(team.EDITOR_BUNDLES_FILE)).splitlines()[-1])
    assert bundles["timeline"] is True and bundles["advocate"] is True and bundles["chars"] == len(BUNDLE)

    # replay from the trace: same answers, no network
    before = len(openai_server.requests)
    again = rerun(home, result.round_id, bus=EventBus())
    assert again.identical, again.differences
    assert again.result.bundle == result.bundle and again.result.llm == "replay"
    assert len(openai_server.requests) == before
    replayed = [s.to_dict() for s in again.result.trace.spans]
    original = [s.to_dict() for s in result.trace.spans]
    for a_span, b_span in zip(original, replayed):
        assert [c["response"] for c in a_span["llm"]] == [c["response"] for c in b_span["llm"]]
        assert [c["prompt"] for c in a_span["llm"]] == [c["prompt"] for c in b_span["llm"]]
    # changed settings make a prompt that was never recorded: the failure is in the trace, not a crash
    changed = rerun(home, result.round_id, {"team.judge.llm": False}, bus=EventBus())
    assert any(d.startswith("judge.by") for d in changed.differences)


def test_provider_error_keeps_the_last_bundle(tmp_path, openai_server):
    home = _home(tmp_path)
    home.assembled.write_text("素材：上一轮\n", encoding="utf-8")
    openai_server.fail(500)
    result = assembler(home, _provider(openai_server)).run("订单服务的端口")
    assert result.status == "degraded" and "HTTP 500" in result.error
    assert "the last bundle was kept" in result.error
    assert read_text(home.assembled) == "素材：上一轮\n"
    assert span(result, "editor")["llm"][0]["error"]["status"] == 500


def test_an_llm_outage_degrades_the_round_as_the_seed_promises(tmp_path, openai_server):
    """The server is gone: the judge falls back to its heuristic, the archivist and the advocate
    are skipped, the last bundle stays byte for byte, and the round is *degraded* (not failed)
    with the reason. Only the first call waits for the dead endpoint: the later roles are not sent."""
    home = _home(tmp_path)
    home.assembled.write_bytes("素材：上一轮\r\n细节 8087\n".encode())
    before = home.assembled.read_bytes()
    provider = _provider(openai_server)
    openai_server.stop()  # connection refused from now on
    result = assembler(home, provider, team__judge__llm=True, team__advocate__enabled=True).run(
        "订单服务端口的来龙去脉，有没有不一致")
    assert result.status == "degraded" and not result.wrote_bundle
    assert result.error.startswith("LLM failed (judge: ") and "cannot connect" in result.error
    for outcome in ("the judge fell back to its heuristic", "the archivist was skipped",
                    "the advocate was skipped", "the last bundle was kept"):
        assert outcome in result.error
    assert home.assembled.read_bytes() == before
    assert result.decision["by"] == "fallback" and result.decision["level"] == "deep"
    assert span(result, "judge")["status"] == "fallback"
    assert span(result, "archivist")["status"] == "skipped" and span(result, "advocate")["status"] == "skipped"
    assert span(result, "editor")["status"] == "failed"
    assert len(span(result, "judge")["llm"]) == 1  # one real attempt; the others were not sent
    assert all(not span(result, r)["llm"] for r in ("archivist", "advocate", "editor"))
    assert "not sent: the LLM was unavailable" in span(result, "archivist")["error"]
    assert result.trace.result["status"] == "degraded" and result.trace.result["error"] == result.error
    # the round is recorded: the ledger counts it, the judge's history says it fell back
    history = json.loads(read_text(home.team_file(team.JUDGE_HISTORY_FILE)).splitlines()[-1])
    assert history["by"] == "fallback"


def test_timeout_keeps_the_last_bundle(tmp_path, openai_server):
    home = _home(tmp_path)
    home.assembled.write_text("素材：上一轮\n", encoding="utf-8")
    openai_server.reply(BUNDLE, delay=1.5)
    result = assembler(home, OpenAIProvider(base_url=openai_server.base_url, api_key="k", model="m",
                                            max_retries=0, timeout=0.3)).run("订单服务的端口")
    assert result.status == "degraded" and "no answer within 0.3 s" in result.error
    assert read_text(home.assembled) == "素材：上一轮\n"


def test_retry_then_success(tmp_path, openai_server):
    openai_server.fail(503)
    openai_server.reply(BUNDLE)
    retrying = OpenAIProvider(base_url=openai_server.base_url, api_key="k", model="m", max_retries=1, timeout=5)
    result = assembler(_home(tmp_path), retrying).run("订单服务的端口")
    assert result.status == "ok" and result.bundle == BUNDLE and len(openai_server.requests) == 2


def test_llm_bundle_is_normalised(tmp_path, openai_server):
    """A reply over assemble.maxTokens (1200; a CJK character is a token) is cut to it, and a
    character cap (assemble.maxChars, ours) applies on top when set."""
    openai_server.reply(KEPT + "细" * 1500)
    result = assembler(_home(tmp_path), _provider(openai_server)).run("订单服务的端口")
    assert result.bundle.startswith(BUNDLE) and approx_tokens(result.bundle) == 1200
    assert any(d["what"] == "trim" for d in span(result, "editor")["decisions"])
    request = openai_server.requests[-1]["messages"][0]["content"]
    assert "总长不超过 1200 tokens" in request
    openai_server.reply(KEPT + "细" * 1500)
    capped = assembler(_home(tmp_path / "capped"), _provider(openai_server), assemble__maxChars=500)
    assert len(capped.run("订单服务的端口").bundle) == 500


def test_empty_llm_bundle_degrades_the_round(tmp_path, openai_server):
    openai_server.reply("   ")
    result = assembler(_home(tmp_path), _provider(openai_server)).run("订单服务的端口")
    assert result.status == "degraded" and "empty bundle" in result.error


def test_archivist_and_advocate_failures_are_skipped_not_fatal(tmp_path, openai_server):
    openai_server.fail(400)   # archivist: this request is refused, the endpoint is up
    openai_server.fail(400)   # advocate
    openai_server.reply(BUNDLE)
    result = assembler(_home(tmp_path), _provider(openai_server), team__advocate__enabled=True).run("订单服务端口的来龙去脉")
    assert result.status == "degraded" and result.bundle == BUNDLE and result.wrote_bundle
    assert "the archivist was skipped; the advocate was skipped" in result.error
    assert span(result, "archivist")["status"] == "skipped" and "HTTP 400" in span(result, "archivist")["error"]
    assert span(result, "advocate")["status"] == "skipped"


def test_an_outage_is_not_asked_again_by_the_later_roles(tmp_path, openai_server):
    openai_server.fail(503)   # archivist, after the client's retries: the server is failing
    result = assembler(_home(tmp_path), _provider(openai_server), team__advocate__enabled=True).run("订单服务端口的来龙去脉")
    assert len(openai_server.requests) == 1
    assert result.status == "degraded" and "HTTP 503" in result.error and not result.wrote_bundle


def test_huge_candidates_are_cut_from_the_prompt(tmp_path, openai_server):
    ws = tmp_path / "ws"
    ws.mkdir()
    for i in range(12):
        (ws / f"doc{i}.md").write_text(f"订单服务 文档{i} " + "长" * 7990, encoding="utf-8")
    openai_server.reply(BUNDLE)
    result = assembler(_home(tmp_path), _provider(openai_server), retrieval__workspaceDirs=[str(ws)],
                       retrieval__mode="always", assemble__maxPromptChars=20000).run("订单服务的文档")
    assert result.status == "ok"
    user = openai_server.requests[-1]["messages"][1]["content"]
    assert "\n…(截断)…" in user and len(user) < 21000
    assert any(d["what"] == "truncate" for d in span(result, "editor")["decisions"])


def _json_answer(request: dict) -> str:
    """Each role answered by its JSON contract (core.assembler.role_reply), as structured output gives it."""
    system = request["messages"][0]["content"]
    if "史官" in system:
        return json.dumps({"timeline": "脉络：2026-10-01 端口 8080 → 2026-10-07 端口 8087"}, ensure_ascii=False)
    if "辩手" in system:
        return json.dumps({"conflicts": [{"entries": [1, 3], "detail": "端口 8080 与 8087"}]}, ensure_ascii=False)
    if "编辑" in system:
        return json.dumps({"bundle": BUNDLE}, ensure_ascii=False)
    return "?"


def test_every_role_asks_for_its_json_contract_and_reads_the_field(tmp_path, openai_server):
    """The seed's callRoleLlm: the archivist, the advocate and the editor send a schema and read
    their answer out of the JSON (the advocate's entries become [n] references)."""
    openai_server.respond_with(_json_answer)
    result = assembler(_home(tmp_path), _provider(openai_server), team__advocate__enabled=True).run(
        "订单服务端口的来龙去脉")
    schemas = {r["response_format"]["json_schema"]["name"]: r["response_format"]["json_schema"]["schema"]
               for r in openai_server.requests if r.get("response_format", {}).get("type") == "json_schema"}
    assert set(schemas) == {"archivist", "advocate", "editor"}
    assert schemas["advocate"]["properties"]["conflicts"]["type"] == "array"
    assert span(result, "archivist")["outputs"]["finding"] == "脉络：2026-10-01 端口 8080 → 2026-10-07 端口 8087"
    assert span(result, "advocate")["outputs"]["block"] == "⚠️ 冲突：\n- [1][3] 端口 8080 与 8087"
    assert result.status == "ok" and result.bundle == BUNDLE and "{" not in result.bundle


def test_a_json_reply_without_the_field_degrades_each_role_as_the_seed_says(tmp_path, openai_server):
    """Valid JSON that is not an answer ({"level": "dark"}, what a small model's grammar gives):
    the archivist and the advocate are skipped, the editor's round keeps the last bundle."""
    home = _home(tmp_path)
    before = home.assembled.read_bytes() if home.assembled.exists() else None
    openai_server.respond_with(lambda request: '{"level": "dark"}')
    result = assembler(home, _provider(openai_server), team__advocate__enabled=True).run("订单服务端口的来龙去脉")
    assert span(result, "archivist")["status"] == "skipped" and "timeline" in span(result, "archivist")["error"]
    assert span(result, "advocate")["status"] == "skipped" and "conflicts" in span(result, "advocate")["error"]
    assert result.status == "degraded" and "the last bundle was kept" in result.error
    assert (home.assembled.read_bytes() if home.assembled.exists() else None) == before
