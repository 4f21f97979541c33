"""``linghun completion bash|zsh`` and ``linghun manpage``: the shell's tab completion and the
manual page, both made from the parser every command runs (``build_parser``), so neither can
name a command or an option the command line does not have.

The completion is shtab's, the roff page argparse-manpage's: both read an ``ArgumentParser`` and
are imported only by these commands (the parser of every other command loads neither).
"""
from __future__ import annotations

import argparse

from linghun.core import __version__
from linghun.core.cli import build_parser, emit

SHELLS = ("bash", "zsh")
#: options whose value is a folder: the shell offers folders for them
FOLDER_OPTIONS = ("home", "out")


def _parsers(parser: argparse.ArgumentParser):
    """``parser`` and every parser of a command or an action below it."""
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in action.choices.values():
                yield from _parsers(child)


def completion_script(shell: str) -> str:
    import shtab

    parser = build_parser()
    for each in _parsers(parser):
        for action in each._actions:
            if action.dest in FOLDER_OPTIONS and action.option_strings:
                action.complete = shtab.DIRECTORY  # read by shtab alone
    return shtab.complete(parser, shell)


def manual_page() -> str:
    from argparse_manpage.manpage import Manpage

    page = Manpage(build_parser())
    # the attributes argparse-manpage asks callers to set (its constructor's data is private)
    page.source = f"linghun {__version__}"
    page.manual = "linghun manual"
    return str(page)


def cmd_completion(args: argparse.Namespace) -> int:
    emit(args, completion_script(args.shell))
    return 0


def cmd_manpage(args: argparse.Namespace) -> int:
    emit(args, manual_page())
    return 0


def register(subparsers, parent) -> None:
    p = subparsers.add_parser("completion", parents=[parent], help="print the shell's tab completion script",
                              description="Print a completion script: linghun completion bash > "
                                          "~/.local/share/bash-completion/completions/linghun, or "
                                          "linghun completion zsh > a folder of $fpath/_linghun.")
    p.add_argument("shell", choices=SHELLS)
    p.set_defaults(func=cmd_completion)
    p = subparsers.add_parser("manpage", parents=[parent], help="print the manual page (roff)",
                              description="Print the manual page: linghun manpage > linghun.1; man -l linghun.1")
    p.set_defaults(func=cmd_manpage)
