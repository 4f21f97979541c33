"""Per-user folders of the application (cache, configuration, data).

Environment variables win so tests and portable installs can redirect them:
``LINGHUN_CACHE_DIR``, ``LINGHUN_CONFIG_DIR``, ``LINGHUN_DATA_DIR``. Otherwise the XDG locations
(or their equivalents on macOS and Windows) are used.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

APP = "linghun-workbench"


def _base(env_var: str, xdg_var: str, xdg_default: str, mac: str, win_var: str) -> Path:
    explicit = os.environ.get(env_var)
    if explicit:
        return Path(explicit)
    if sys.platform == "darwin":
        return Path.home() / mac / APP
    if os.name == "nt":
        return Path(os.environ.get(win_var) or Path.home() / "AppData" / "Local") / APP
    return Path(os.environ.get(xdg_var) or Path.home() / xdg_default) / APP


def cache_dir() -> Path:
    return _base("LINGHUN_CACHE_DIR", "XDG_CACHE_HOME", ".cache", "Library/Caches", "LOCALAPPDATA")


def config_dir() -> Path:
    return _base("LINGHUN_CONFIG_DIR", "XDG_CONFIG_HOME", ".config", "Library/Application Support", "APPDATA")


def data_dir() -> Path:
    return _base("LINGHUN_DATA_DIR", "XDG_DATA_HOME", ".local/share", "Library/Application Support", "LOCALAPPDATA")


def demo_home_dir() -> Path:
    """The workbench's writable copy of the demo home (a ``$DSH_HOME`` folder)."""
    return data_dir() / "demo-home"
