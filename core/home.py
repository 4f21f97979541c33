"""The memory home: where every file of the layout lives (SPEC 2), its lock file among them (the lock
itself, which recovers an interrupted transaction, is ``core.home_lock``, above ``core.transaction``).

``MemoryHome`` knows paths only; formats live in ``core.formats`` and operations in
``core.memory``. Legacy locations (``linghun/journal``, ``linghun/team``, ``knowledge.md``) are
read; only the current locations are written.
"""
from __future__ import annotations

import logging
import os
import re
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path

from linghun.core import appdirs
from linghun.core.fsio import remove_dead_temps

_DAY_FILE = re.compile(r"^(\d{4}-\d{2}-\d{2})\.md$")
#: the folder of the home's transaction journal (``core.transaction``), which only recovery touches
JOURNAL_DIR = ".linghun-txn"


def agent_dsh_home() -> Path:
    """Where the agent keeps its home when ``DSH_HOME`` is not set."""
    return Path.home() / ".dsh"


def default_dsh_home() -> tuple[Path, str]:
    """The ``$DSH_HOME`` the CLI, the tools and the workbench use when none is given, and why.

    The ``DSH_HOME`` variable, else the agent's ``~/.dsh`` when it exists, else the workbench's
    writable copy of the demo home once it has been made (so ``linghun map`` after a first start
    of the workbench shows what the workbench showed), else ``~/.dsh``. The reason is one of
    ``"env"``, ``"agent"``, ``"demo"``, ``"none"``.
    """
    env = os.environ.get("DSH_HOME")
    if env:
        return Path(env).expanduser(), "env"
    agent = agent_dsh_home()
    if agent.is_dir():
        return agent, "agent"
    demo = appdirs.demo_home_dir()
    if (demo / "linghun").is_dir():
        return demo, "demo"
    return agent, "none"


def resolve_dsh_home(explicit: str | os.PathLike | None = None) -> Path:
    """``$DSH_HOME``: an explicit path, else ``default_dsh_home()``."""
    if explicit:
        return Path(explicit).expanduser()
    return default_dsh_home()[0]


@dataclass(frozen=True)
class MemoryHome:
    """Paths of one memory home. ``root`` is ``$DSH_HOME/linghun``.

    Three paths can be moved by the assembler settings (``warm.path``, ``output.injectPath``,
    ``team.cycleDir``); ``with_paths`` returns a copy that uses them. Equality is the root's.
    """

    root: Path
    warm_path: Path | None = field(default=None, compare=False)
    assembled_path: Path | None = field(default=None, compare=False)
    team_path: Path | None = field(default=None, compare=False)

    def with_paths(self, *, warm: Path | None = None, assembled: Path | None = None,
                   team: Path | None = None) -> "MemoryHome":
        """This home with the given files moved (``None`` keeps the layout's place)."""
        return replace(self, warm_path=warm or self.warm_path, assembled_path=assembled or self.assembled_path,
                       team_path=team or self.team_path)

    @classmethod
    def resolve(cls, explicit: str | os.PathLike | None = None) -> "MemoryHome":
        """Accepts ``$DSH_HOME`` or its ``linghun`` folder itself."""
        base = resolve_dsh_home(explicit)
        if base.name == "linghun" and (base / "memory").is_dir() and not (base / "linghun").is_dir():
            return cls(base.resolve())
        return cls((base / "linghun").resolve())

    # -- the layout --------------------------------------------------------------------------
    @property
    def dsh_home(self) -> Path:
        return self.root.parent

    @property
    def identity(self) -> Path:
        return self.root / "identity.md"

    @property
    def memory(self) -> Path:
        return self.root / "memory"

    @property
    def warm(self) -> Path:
        return self.warm_path or self.memory / "warm.md"

    @property
    def cold(self) -> Path:
        return self.memory / "cold.md"

    @property
    def memory_ontology(self) -> Path:
        return self.memory / "memory_ontology.md"

    @property
    def knowledge_ontology(self) -> Path:
        return self.memory / "knowledge_ontology.md"

    @property
    def knowledge_legacy(self) -> Path:
        return self.memory / "knowledge.md"

    @property
    def rules(self) -> Path:
        return self.memory / "rules.md"

    @property
    def ontology(self) -> Path:
        return self.memory / "ontology.md"

    @property
    def assembled(self) -> Path:
        return self.assembled_path or self.memory / "assembled.md"

    @property
    def episodic_dir(self) -> Path:
        return self.memory / "episodic"

    @property
    def journal_dir(self) -> Path:
        return self.memory / "journal"

    @property
    def legacy_journal_dir(self) -> Path:
        return self.root / "journal"

    @property
    def goals_dir(self) -> Path:
        return self.memory / "goals"

    @property
    def goals(self) -> Path:
        return self.goals_dir / "goals.json"

    @property
    def team_dir(self) -> Path:
        return self.team_path or self.memory / "team"

    @property
    def legacy_team_dir(self) -> Path:
        return self.root / "team"

    @property
    def config(self) -> Path:
        """Our settings for this home (aliases, lexicon extensions...); the agent ignores it."""
        return self.root / "workbench.json"

    @property
    def lock_path(self) -> Path:
        return self.root / ".linghun.lock"

    # -- helpers -----------------------------------------------------------------------------
    def exists(self) -> bool:
        return self.root.is_dir()

    def enclosing_home(self) -> "MemoryHome | None":
        """When this home does not exist but the path given was *inside* one (its ``memory/``
        folder, a journal folder...), that home; else None. Used for a helpful hint only."""
        for folder in self.root.parent.parents if self.root.name == "linghun" else self.root.parents:
            candidate = folder if folder.name == "linghun" else folder / "linghun"
            if (candidate / "memory").is_dir():
                return MemoryHome(candidate)
        return None

    def missing_message(self) -> str:
        """What to tell a person whose path is not a memory home, with what to do instead."""
        text = f"no memory home at {self.dsh_home} (there is no {self.root})"
        inside = self.enclosing_home()
        if inside is not None:
            text += f"; the folder is inside the home {inside.dsh_home}: open that one"
        return text + "; give --home DSH_HOME (the folder holding linghun/), or write the demo with `linghun demo --out DIR`"

    def ensure(self) -> None:
        """Create the folders of the layout (never files: an absent file reads as empty)."""
        for folder in (self.memory, self.episodic_dir, self.journal_dir, self.goals_dir, self.team_dir):
            folder.mkdir(parents=True, exist_ok=True)

    def knowledge_files(self) -> list[Path]:
        """The knowledge ontology, current name first, then the older ``knowledge.md``."""
        return [p for p in (self.knowledge_ontology, self.knowledge_legacy) if p.exists()]

    def journal_file(self, day: date | str) -> Path:
        return self.journal_dir / f"{_day(day)}.md"

    def episodic_file(self, day: date | str) -> Path:
        return self.episodic_dir / f"{_day(day)}.md"

    def journal_days(self) -> dict[str, list[Path]]:
        """Every journal day, from the current folder and the legacy one (current first)."""
        return _day_files(self.journal_dir, self.legacy_journal_dir)

    def episodic_days(self) -> dict[str, list[Path]]:
        return _day_files(self.episodic_dir)

    def team_file(self, relative: str) -> Path:
        """A team workspace file: the current location is always the one written."""
        return self.team_dir / relative

    def team_file_for_reading(self, relative: str) -> Path:
        """The current location if it exists, else the legacy ``linghun/team`` one."""
        current = self.team_dir / relative
        if current.exists():
            return current
        legacy = self.legacy_team_dir / relative
        return legacy if legacy.exists() else current

    def remove_dead_temps(self) -> list[Path]:
        """Delete what writers killed mid-write left (``core.fsio.remove_dead_temps``); done once
        per process when the home is opened (``core.memory.Memory``). The transaction journal is
        left to recovery."""
        if not self.root.is_dir():
            return []
        removed = remove_dead_temps(self.root, skip=(JOURNAL_DIR,))
        for path in removed:
            logging.getLogger(__name__).info("removed a dead writer's temporary file %s", path)
        return removed


def _day(day: date | str) -> str:
    return day.isoformat() if isinstance(day, date) else str(day)


def _day_files(*folders: Path) -> dict[str, list[Path]]:
    days: dict[str, list[Path]] = {}
    for folder in folders:
        if not folder.is_dir():
            continue
        for p in sorted(folder.iterdir()):
            m = _DAY_FILE.match(p.name)
            if m and p.is_file():
                days.setdefault(m.group(1), []).append(p)
    return dict(sorted(days.items()))
