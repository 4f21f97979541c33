"""``linghun completion bash|zsh`` and ``linghun manpage`` name every command the parser has."""
from __future__ import annotations

import shutil
import subprocess

import pytest

from linghun.core.cli import build_parser, main
from tests.core.test_cli_options import command_paths


def _printed(capsys, *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def _commands() -> set[str]:
    return {path[0][0] for path in command_paths(build_parser())}


def _offered(script: str, *words: str) -> set[str]:
    """What bash offers after ``linghun WORDS`` (the word being completed is empty)."""
    probe = (f'source /dev/stdin <<<"$SCRIPT"; COMP_WORDS=(linghun {" ".join(words)} ""); '
             f'COMP_CWORD={len(words) + 1}; _shtab_linghun; printf "%s\\n" "${{COMPREPLY[@]}}"')
    done = subprocess.run(["bash", "-c", probe], env={"SCRIPT": script}, capture_output=True, text=True, check=True)
    return set(done.stdout.split())


@pytest.fixture(scope="module")
def bash_script() -> str:
    from linghun.core.cli.shell import completion_script

    return completion_script("bash")


def test_the_bash_script_is_valid_and_completes_every_command_and_action(bash_script):
    subprocess.run(["bash", "-n"], input=bash_script, text=True, check=True)
    done = subprocess.run(["bash", "-c", 'source /dev/stdin <<<"$SCRIPT"; complete -p linghun'],
                          env={"SCRIPT": bash_script}, capture_output=True, text=True, check=True)
    assert done.stdout.strip().endswith(" linghun")
    assert _offered(bash_script) >= _commands()
    assert _offered(bash_script, "history") == {"log", "show", "blame", "restore", "prune", "scrub", "checkout"}


def test_the_command_prints_the_scripts(capsys, bash_script):
    assert _printed(capsys, "completion", "bash") == bash_script + "\n"
    zsh = _printed(capsys, "completion", "zsh")
    assert zsh.startswith("#compdef linghun")
    described = {line.strip().split(":", 1)[0] for line in zsh.splitlines() if ":'" in line}
    assert described >= _commands()
    if shutil.which("zsh"):
        subprocess.run(["zsh", "-n"], input=zsh, text=True, check=True)


def test_the_manual_page_has_every_command_and_action(capsys):
    page = _printed(capsys, "manpage")
    assert page.startswith(".TH LINGHUN ")
    for path in command_paths(build_parser()):
        name = " ".join(n for n, _ in path)
        assert f".SH COMMAND \\fI\\,'linghun {name}'" in page, name
