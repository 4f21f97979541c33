"""The search by meaning is never switched off in silence: a home that asks for it on an
installation without the model is told so on stderr by the agent's commands (``context``, ``turn``,
``round``), and ``llm show`` and ``health`` name the model in use, its absence, or that the home
turned the channel off."""
from __future__ import annotations

import pytest

from linghun.core import installed_models
from linghun.core.cli import main
from linghun.core.home import MemoryHome
from linghun.core.home_lock import update_section

MISSING = f"retrieval.meaning is on, but the semantic channel needs the package {installed_models.MEANING_PACKAGE}"


@pytest.fixture
def without_the_model(monkeypatch):
    monkeypatch.setattr(installed_models, "meaning_files", lambda: None)


@pytest.mark.parametrize("argv", [["context", "订单服务的端口是多少？", "--offline"],
                                  ["turn", "订单服务的端口是多少？", "--offline"],
                                  ["round", "订单服务的端口是多少？", "--llm", "offline", "--dry-run"]])
def test_the_agents_commands_warn_on_stderr(upstream_home, capsys, without_the_model, argv):
    assert main([*argv, "--home", str(upstream_home)]) == 0
    assert f"linghun: warning: {MISSING}" in capsys.readouterr().err


def test_a_home_that_turned_meaning_off_gets_no_warning(upstream_home, capsys, without_the_model):
    update_section(MemoryHome.resolve(upstream_home), "assembler", lambda s: {**(s or {}), "retrieval": {"meaning": False}})
    assert main(["context", "订单服务的端口是多少？", "--offline", "--home", str(upstream_home)]) == 0
    assert "retrieval.meaning" not in capsys.readouterr().err
    assert main(["health", "--home", str(upstream_home)]) == 0
    assert "search    by meaning: off (retrieval.meaning is false)" in capsys.readouterr().out


def test_llm_show_and_health_name_the_model_or_its_absence(upstream_home, capsys, monkeypatch):
    home = ["--home", str(upstream_home)]
    assert main(["llm", "show", *home]) == 0
    shown = capsys.readouterr().out
    assert (f"search by meaning: {installed_models.MEANING_MODEL} ({installed_models.MEANING_PACKAGE} "
            f"{installed_models.meaning_version()})") in shown
    assert main(["health", *home]) == 0
    assert f"search    by meaning: {installed_models.MEANING_MODEL}" in capsys.readouterr().out
    monkeypatch.setattr(installed_models, "meaning_files", lambda: None)
    assert main(["llm", "show", "--json", *home]) == 0
    assert capsys.readouterr().out.count(f"MISSING: the semantic channel needs the package") == 1
    assert main(["health", *home]) == 0
    assert "search    by meaning: MISSING: the semantic channel needs" in capsys.readouterr().out


EMBEDDINGS_MISSING = f"retrieval.embeddings is on, but the embeddings' rerank needs the package {installed_models.EMBEDDINGS_PACKAGE}"


def test_missing_embeddings_weights_are_said_by_the_agents_commands_llm_show_and_health(upstream_home, capsys,
                                                                                        monkeypatch):
    """The embeddings' rerank is on by default: an installation without its weights ranks without
    it, and says so; a home that turned it off is not warned."""
    monkeypatch.setattr(installed_models, "embeddings_files", lambda: None)
    home = ["--home", str(upstream_home)]
    assert main(["turn", "What port does the order service use?", "--offline", *home]) == 0
    assert f"linghun: warning: {EMBEDDINGS_MISSING}" in capsys.readouterr().err
    assert main(["llm", "show", *home]) == 0
    assert "embeddings: MISSING: the embeddings' rerank needs" in capsys.readouterr().out
    assert main(["health", *home]) == 0
    assert "embeddings: MISSING" in capsys.readouterr().out
    update_section(MemoryHome.resolve(upstream_home), "assembler",
                   lambda s: {**(s or {}), "retrieval": {"embeddings": False}})
    assert main(["context", "What port does the order service use?", "--offline", *home]) == 0
    assert "retrieval.embeddings" not in capsys.readouterr().err
    assert main(["llm", "show", *home]) == 0
    assert "embeddings: off (retrieval.embeddings is false)" in capsys.readouterr().out
