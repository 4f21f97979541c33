"""The options of a command group (``history --home D log``) mean what they mean after the action
(``history log --home D``): an action's sub-parser used to write its own defaults over what the
group parsed, so ``--home`` before the action ran the command on the default home."""
from __future__ import annotations

import argparse
import hashlib
import json
import shutil
from pathlib import Path

import pytest

from linghun.core.cli import COMMON_DEFAULTS, build_parser, main
from linghun.core.history.layout import history_location
from linghun.core.home import MemoryHome
from tests.conftest import UPSTREAM_HOME

NAMED = "/named/home"
#: what each option of a group must parse to, by its action's kind (another kind needs a look)
GIVEN = {argparse._StoreAction: ([NAMED], NAMED), argparse._StoreTrueAction: ([], True)}


def _subparsers(parser: argparse.ArgumentParser) -> argparse._SubParsersAction | None:
    return next((a for a in parser._actions if isinstance(a, argparse._SubParsersAction)), None)


def command_paths(parser: argparse.ArgumentParser, path: tuple = ()):
    """Every command line the parser runs, as ``((name, parser), ...)``: each action of a group,
    and the group alone when it needs no action (``linghun history`` is ``history log``)."""
    sub = _subparsers(parser)
    if path and (sub is None or not sub.required):
        yield path
    for name, child in (sub.choices.items() if sub else ()):
        yield from command_paths(child, path + ((name, child),))


def _options(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    return [a for a in parser._actions if a.option_strings and not isinstance(a, argparse._HelpAction)]


def _required_arguments(parser: argparse.ArgumentParser) -> list[str]:
    """Values for what the command cannot run without (a question, ``--out``, ``--commit``)."""
    argv = []
    for action in parser._actions:
        if not action.required or isinstance(action, argparse._SubParsersAction):
            continue
        value = str(next(iter(action.choices))) if action.choices else "1"  # "1" suits every type used
        argv += action.option_strings[:1] + [value] * (action.nargs if isinstance(action.nargs, int) else 1)
    return argv


def _given_at(path: tuple, level: int, option: argparse.Action) -> list[str]:
    """The command line of ``path`` with ``option`` right after the name at ``level``."""
    names = [name for name, _ in path]
    tokens, _ = GIVEN[type(option)]
    return names[:level + 1] + [option.option_strings[-1], *tokens] + names[level + 1:] + _required_arguments(path[-1][1])


PATHS = list(command_paths(build_parser()))


def _name(path: tuple) -> str:
    return " ".join(name for name, _ in path)


def test_the_walk_sees_every_command_and_the_actions_of_the_groups():
    names = {_name(p) for p in PATHS}
    assert {"read", "history", "history log", "review list", "check list", "goal add", "llm show",
            "tools list", "eval home", "demo"} <= names
    assert "llm" not in names  # its action is required


def _checked_options(path: tuple, level: int) -> list[argparse.Action]:
    """Every option of a group on the path; of the action itself, the ones every command shares."""
    options = _options(path[level][1])
    if level == len(path) - 1:
        options = [o for o in options if o.dest in COMMON_DEFAULTS]
    return options


@pytest.mark.parametrize("path", PATHS, ids=_name)
def test_every_option_a_group_offers_works_as_after_the_action(path):
    parser = build_parser()
    for level in range(len(path)):
        for option in _checked_options(path, level):
            assert type(option) in GIVEN, f"{_name(path[:level + 1])} {option.option_strings}: add its kind to GIVEN"
            argv = _given_at(path, level, option)
            assert getattr(parser.parse_args(argv), option.dest) == GIVEN[type(option)][1], argv


@pytest.mark.parametrize("path", PATHS, ids=_name)
def test_every_command_takes_home_and_json_and_defaults_them_once(path):
    parser = build_parser()
    name, last = path[-1]
    offered = {s for option in _options(last) for s in option.option_strings}
    if _subparsers(last) is None:  # every action (a group alone may offer nothing)
        assert {"--home", "--json"} <= offered, _name(path)
    args = parser.parse_args([n for n, _ in path] + _required_arguments(last))
    assert {dest: getattr(args, dest) for dest in COMMON_DEFAULTS} == COMMON_DEFAULTS


# -- end to end: the named home is the one acted on, the default one is left as it was -----------

def _digest(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Path:
    """A demo home written by the command (its history installed as every command reads it)."""
    out = tmp_path_factory.mktemp("named") / "demo"
    assert main(["demo", "--out", str(out)]) == 0
    return out


@pytest.fixture
def decoy(tmp_path, monkeypatch) -> Path:
    """The default home: ``$DSH_HOME`` names it, and ``~`` is a folder of the test's."""
    if not UPSTREAM_HOME.is_dir():
        pytest.skip("shared fixture home not present")
    dest = tmp_path / "decoy"
    shutil.copytree(UPSTREAM_HOME, dest)
    (tmp_path / "user").mkdir()
    monkeypatch.setenv("DSH_HOME", str(dest))
    monkeypatch.setenv("HOME", str(tmp_path / "user"))
    before = _digest(dest)
    yield dest
    assert _digest(dest) == before, "the default home was changed"
    assert _digest(tmp_path / "user") == {}
    assert not history_location(MemoryHome.resolve(dest)).exists(), "the default home's history was opened"


@pytest.mark.parametrize("where", ["group", "action"])
def test_history_log_reads_the_named_home(demo, decoy, capsys, where):
    argv = ["history", "--home", str(demo), "log"] if where == "group" else ["history", "log", "--home", str(demo)]
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) > 10 and all(" agent " in line for line in lines)


def test_review_list_and_its_json_are_the_named_home_s(demo, decoy, capsys):
    assert main(["review", "--home", str(demo), "--json", "list"]) == 0
    changes = json.loads(capsys.readouterr().out)["items"]
    assert changes and all(c["writer"] == "agent" for c in changes)
    assert main(["review", "--home", str(demo), "list"]) == 0
    assert "retires fact" in capsys.readouterr().out


def test_check_add_and_list_write_and_read_the_named_home(upstream_home, decoy, capsys):
    assert main(["check", "--home", str(upstream_home), "--json", "add", "订单服务的端口是多少？",
                 "--expect", "[1]"]) == 0
    added = json.loads(capsys.readouterr().out)
    assert main(["check", "--home", str(upstream_home), "--json", "list"]) == 0
    assert [c["id"] for c in json.loads(capsys.readouterr().out)] == [added["id"]]
