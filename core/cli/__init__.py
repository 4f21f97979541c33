"""The ``linghun`` command line.

Each feature keeps its subcommands in a module of this package that defines
``register(subparsers)``; modules are discovered here, so adding a feature never edits a shared
list. Every subcommand gets ``--home`` and ``--json``; errors print one clear line and exit with
the error's code (see ``core.errors``). A subcommand that serves or converses until it is stopped
says so with ``set_defaults(long_lived=True)`` (see :func:`main`).
"""
from __future__ import annotations

import argparse
import gc
import importlib
import json
import os
import pkgutil
import sys
from typing import TYPE_CHECKING, Any, Callable, Sequence

from linghun.core import __version__
from linghun.core.errors import InvalidInputError, LinghunError, NotFoundError
from linghun.core.redact import error_text

if TYPE_CHECKING:
    from linghun.core.home import MemoryHome


#: what the options of :func:`common_parent` are when not given: set once, by the top-level parser
COMMON_DEFAULTS = {"home": None, "json": False}


def common_parent() -> argparse.ArgumentParser:
    """``--home`` and ``--json``, for a command and for each action of a group (``history --home D
    log`` or ``history log --home D``). Their defaults are suppressed here: an action's sub-parser
    writes every default it has over what the group parsed, so ``--home`` given before the action
    would be lost; :func:`build_parser` sets :data:`COMMON_DEFAULTS` once instead."""
    parent = argparse.ArgumentParser(add_help=False)
    parent.add_argument("--home", default=argparse.SUPPRESS,
                        help="$DSH_HOME folder (default: $DSH_HOME, else ~/.dsh when it "
                             "exists, else the workbench's demo home once it was made)")
    parent.add_argument("--json", action="store_true", default=argparse.SUPPRESS,
                        help="print the result as JSON")
    return parent


def checked_home(args: argparse.Namespace) -> MemoryHome:
    """The home given (or the default), refused when it is a file; says nothing about it."""
    # imported here for start-up time: ``linghun --help`` and the parser load no home modules
    from linghun.core.home import MemoryHome

    home = MemoryHome.resolve(getattr(args, "home", None))
    for path in (home.dsh_home, home.root):
        if path.exists() and not path.is_dir():
            raise InvalidInputError(f"{path} is a file, not a memory home folder: give --home the $DSH_HOME folder")
    return home


def home_of(args: argparse.Namespace, existing: bool = False) -> MemoryHome:
    """The home a subcommand works on; says on stderr which one when the user did not choose it
    and it is the demo home or holds nothing yet (an empty answer then has its explanation).

    ``existing``: the command only reads, so a home the user named (``--home``, ``DSH_HOME``) that
    is not there is an error (exit 3 with a hint) rather than an empty home: a typo must not look
    like a memory with nothing in it. With nothing named, the note above explains the empty answer."""
    from linghun.core.home import default_dsh_home  # start-up time, as in checked_home

    explicit = getattr(args, "home", None)
    home = checked_home(args)
    named = bool(explicit) or default_dsh_home()[1] == "env"
    if existing and named and not home.exists():
        raise NotFoundError(home.missing_message())
    if not explicit and not getattr(args, "_home_told", False):
        args._home_told = True
        dsh, why = default_dsh_home()
        if why == "demo":
            print(f"linghun: using the workbench's demo home {dsh} (no ~/.dsh; give --home or set "
                  "DSH_HOME)", file=sys.stderr)
        elif not _has_files(home.root):
            print(f"linghun: the memory home {home.root} is empty (give --home or set DSH_HOME)",
                  file=sys.stderr)
    return home


def _has_files(folder) -> bool:
    return folder.is_dir() and any(p.is_file() for p in folder.rglob("*"))


# -- argument types: bad input is refused by the parser (exit 2) before anything is read -------
def non_negative(text: str) -> int:
    """A whole number >= 0 (``--budget``, ``-k``)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be >= 0, got {value}")
    return value


def positive(text: str) -> int:
    value = non_negative(text)
    if value == 0:
        raise argparse.ArgumentTypeError("must be >= 1, got 0")
    return value


def not_blank(text: str) -> str:
    """Text with something in it (a question, a query, a situation, a pointer)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("must not be empty")
    return text


# -- text from outside: arguments and standard input are UTF-8, or refused in one line ----------
def utf8_text(raw: bytes, what: str) -> str:
    """``raw`` decoded as UTF-8; ``InvalidInputError`` saying where it is not (a byte that is not
    UTF-8 would otherwise travel as a lone surrogate until a file write fails with a traceback)."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidInputError(f"{what} is not valid UTF-8 text (byte 0x{raw[exc.start]:02x} at position "
                                f"{exc.start}); nothing was done") from None


def check_arguments(argv: Sequence[str]) -> None:
    """Refuse a command-line argument that was not UTF-8 (Python hands its bytes on as surrogates)."""
    for i, arg in enumerate(argv, 1):
        try:
            raw = arg.encode("utf-8", "surrogateescape")
        except UnicodeEncodeError:  # a surrogate that stands for no byte (given in-process)
            raw = arg.encode("utf-8", "surrogatepass")
        utf8_text(raw, f"argument {i}")


def read_stdin() -> str:
    """All of standard input as UTF-8 text (``-`` for a content argument)."""
    return utf8_text(sys.stdin.buffer.read(), "standard input")


def stdin_lines():
    """The lines of standard input as UTF-8 text, one at a time (``linghun chat``)."""
    for n, raw in enumerate(sys.stdin.buffer, 1):
        yield utf8_text(raw, f"line {n} of standard input")


def within(limit: int, what: str) -> Callable[[str], str]:
    """An argument type for a text of at most ``limit`` characters (``core.limits``; a content given
    as ``-`` is checked after it is read: ``check_length``)."""
    def check(text: str) -> str:
        return check_length(text, limit, what, argparse.ArgumentTypeError)
    return check


def check_length(text: str, limit: int, what: str, error: type[Exception] = InvalidInputError) -> str:
    if len(text) > limit:
        raise error(f"{what} is {len(text)} characters, at most {limit} are taken (SETTINGS.md, Limits)")
    return text


def emit(args: argparse.Namespace, result: Any, text: Callable[[Any], str] | str | None = None) -> None:
    """Print ``result`` as JSON with ``--json``, else as readable text."""
    if getattr(args, "json", False):
        print(json.dumps(to_jsonable(result), ensure_ascii=False, indent=2))
        return
    if callable(text):
        print(text(result))
    elif text is not None:
        print(text)
    elif isinstance(result, str):
        print(result)
    else:
        print(json.dumps(to_jsonable(result), ensure_ascii=False, indent=2))


def to_jsonable(value: Any) -> Any:
    if hasattr(value, "to_dict"):
        return to_jsonable(value.to_dict())
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set)):
        return [to_jsonable(v) for v in value]
    if hasattr(value, "__dataclass_fields__"):
        import dataclasses

        return to_jsonable(dataclasses.asdict(value))
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return str(value)


#: the module of this package that registers each command: a command's process imports and
#: registers that module alone (registering all of them was a tenth of a short command's CPU);
#: tests/core/test_cli_imports.py checks the table against what the modules register
COMMAND_MODULES = {
    "chat": "agent", "context": "agent", "turn": "agent", "check": "check", "demo": "demo",
    "eval": "evaluation", "export": "exchange", "import": "exchange", "goal": "goal", "health": "health",
    "history": "history", "watch": "history",
    "llm": "llm", "aliases": "map", "drill": "map", "map": "map", "project": "map", "retrieve": "map",
    "situations": "map", "append": "memory", "consolidate": "memory", "entries": "memory", "home": "memory",
    "journal": "memory", "read": "memory", "rules": "memory", "soul": "memory", "touch": "memory",
    "review": "review", "replay": "rounds", "round": "rounds", "rounds": "rounds", "completion": "shell",
    "manpage": "shell", "mcp": "tools", "sync": "sync", "tool": "tools", "tools": "tools",
}


def command_modules() -> list[str]:
    """Every module of this package that registers commands."""
    return [info.name for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name)
            if not info.name.startswith("_")]


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser: with ``command`` (the first argument) one that knows that
    command alone, when :data:`COMMAND_MODULES` names it; else every command (help, errors)."""
    parser = argparse.ArgumentParser(prog="linghun", description="The linghun memory system.")
    parser.add_argument("--version", action="version", version=f"linghun {__version__}")
    parser.set_defaults(**COMMON_DEFAULTS)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    parent = common_parent()
    names = [COMMAND_MODULES[command]] if command in COMMAND_MODULES else command_modules()
    for name in names:
        module = importlib.import_module(f"{__name__}.{name}")
        register = getattr(module, "register", None)
        if register is not None:
            register(sub, parent)
    return parser


#: exit code of a system error (disk full, no permission): the README lists every code
OS_ERROR_EXIT = 10


def run() -> int:
    """The ``linghun`` command: :func:`main` in a process that ends when it returns."""
    return main(exiting=True)


def main(argv: Sequence[str] | None = None, *, exiting: bool = False) -> int:
    """Run the command ``argv`` (default: the process's arguments); returns the exit code.
    ``exiting``: the process ends when this returns (:func:`run`)."""
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        check_arguments(argv)
    except InvalidInputError as exc:
        print(f"linghun: {exc}", file=sys.stderr)
        return exc.exit_code
    parser = build_parser(argv[0] if argv else None)
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    from linghun.core.history import capture

    collecting = gc.isenabled()
    if not getattr(args, "long_lived", False):
        # A one-shot command keeps what it builds (every parsed entry, every token) until it
        # exits: the collector's full passes over them were a quarter of linghun turn's CPU at
        # 100k entries, and the few cycles it would free are freed by the exit. A server, a
        # conversation, a watcher or an evaluation keeps collecting.
        gc.disable()
        # numpy's OpenBLAS starts a thread per core that spins while it waits for work: a one-shot
        # command's vectors are small, and those threads were a fifth of `linghun context`'s CPU
        # at 10k entries (0.53 -> 0.41 s, the same wall time). Set before the command imports
        # numpy (the parser does not); a value the user set is kept.
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
        # its writes are written down for the home's history and committed by the next reader
        # (or by a command that finds too many waiting): committing loads libgit2, 0.1 s
        capture.spool_writes(True)
    try:
        # every write this command makes to the home is kept in the home's history, as the CLI's
        # (resolved quietly: only a subcommand that reads the home says which one it used)
        capture.enable(checked_home(args), "cli")
        rc = args.func(args)
    except LinghunError as exc:
        print(f"linghun: {error_text(exc, kind=False)}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # the reader went away (``linghun entries | head``): not an error worth a traceback
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as exc:  # disk full, permission denied, a folder that is a file...
        # writes are atomic: the temporary file is gone and the old file is whole
        where = f" ({exc.filename})" if exc.filename else ""
        print(f"linghun: {error_text(exc.strerror or str(exc))}{error_text(where)}; nothing was changed", file=sys.stderr)
        return OS_ERROR_EXIT
    finally:
        capture.flush()
        capture.spool_writes(False)
        if exiting:
            # What the command made is frozen out of the collector's reach, which stays off: the
            # interpreter's last collection at exit, and one right after enabling it again, walked
            # every object a command holds (each parsed entry, unit and token): 40-50 ms of a
            # round's CPU at 10k entries, after its answer was written. The atexit work (the parse
            # a writer leaves) still runs.
            gc.freeze()
        elif collecting:  # main() called in a process that goes on (tests, an embedding program)
            gc.enable()
    return int(rc or 0)
