"""Where evaluation reports go unless told otherwise: the user's data folder, for the CLI and the
workbench alike, never the current directory (a run left a stray ``eval-report/`` wherever it
started). Kept apart from the measuring code so the workbench can name the folder cheaply."""
from __future__ import annotations

from datetime import datetime
from pathlib import Path

from linghun.core import appdirs


def reports_dir() -> Path:
    """``<data>/evaluation`` (``LINGHUN_DATA_DIR`` or the platform's data folder)."""
    return appdirs.data_dir() / "evaluation"


def new_report_dir(kind: str, when: datetime | None = None) -> Path:
    """A fresh folder per run: ``<data>/evaluation/<kind>-YYYYmmdd-HHMMSS``."""
    return reports_dir() / f"{kind}-{(when or datetime.now()):%Y%m%d-%H%M%S}"
