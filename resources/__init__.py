"""Data shipped with the workbench: icons, translations, the demo home, screenshots.

A package (not a plain folder) so that an installed wheel carries it and code finds it through
``resources.path(...)`` whether it runs from the source tree or from site-packages.
"""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent
ICONS_DIR = ROOT / "icons"
I18N_DIR = ROOT / "i18n"
DEMO_HOME_DIR = ROOT / "demo-home"
SCREENSHOTS_DIR = ROOT / "screenshots"


def path(*parts: str) -> Path:
    """The path of a shipped resource (it may not exist: callers check)."""
    return ROOT.joinpath(*parts)
