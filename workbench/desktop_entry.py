"""Desktop integration for pip users: ``linghun-workbench --install-desktop-entry``.

A wheel cannot put files in ``share/applications``; this copies the desktop entry, the AppStream
metadata and the icons shipped in ``resources/desktop`` into the user's XDG data folder
(``$XDG_DATA_HOME``, else ``~/.local/share``), with the entry's ``Exec``/``TryExec`` rewritten to
the absolute command that started this installation (a virtual environment is rarely on the menu's
PATH). Distribution packages install the same files system-wide instead (packaging/README.md).
"""
from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from linghun import resources
APP_ID = "io.github.linghun.Workbench"
DESKTOP_DIR = resources.path("desktop")
DESKTOP_FILE = DESKTOP_DIR / f"{APP_ID}.desktop"
METAINFO_FILE = DESKTOP_DIR / f"{APP_ID}.metainfo.xml"
HICOLOR_DIR = DESKTOP_DIR / "hicolor"
# The logo is drawn for any size; the PNG sizes (rendered by packaging/render_icons.py) serve
# menus and docks that do not scale SVG.
ICON_SVG = resources.ICONS_DIR / "linghun.svg"
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def xdg_data_home() -> Path:
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")


def launch_command() -> list[str]:
    """The command that starts this installation of the workbench, as absolute paths."""
    if getattr(sys, "frozen", False):  # a PyInstaller bundle: the executable itself
        return [str(Path(sys.executable).resolve())]
    script = Path(sys.prefix) / "bin" / "linghun-workbench"
    if script.is_file():
        return [str(script)]
    found = shutil.which("linghun-workbench")
    if found:
        return [str(Path(found).resolve())]
    return [str(Path(sys.executable).resolve()), "-m", __package__]


def _quote_exec_arg(arg: str) -> str:
    """One Exec argument quoted as the Desktop Entry spec asks (then escaped as a string value)."""
    if arg and not any(c in arg for c in ' \t\n"\'\\><~|&;$*?#()`'):
        return arg
    inner = "".join("\\" + c if c in '"`$\\' else c for c in arg)
    return ('"' + inner + '"').replace("\\", "\\\\")


def desktop_entry_text(command: list[str]) -> str:
    """The shipped desktop entry with Exec and TryExec pointing at ``command``."""
    exec_line = " ".join(_quote_exec_arg(a) for a in command)
    lines = []
    for line in DESKTOP_FILE.read_text(encoding="utf-8").splitlines():
        if line.startswith("Exec="):
            line = f"Exec={exec_line} %f"
        elif line.startswith("TryExec="):
            line = f"TryExec={command[0]}"
        lines.append(line)
    return "\n".join(lines) + "\n"


def installed_paths(data_home: Path) -> list[Path]:
    icons = data_home / "icons" / "hicolor"
    return [
        data_home / "applications" / DESKTOP_FILE.name,
        data_home / "metainfo" / METAINFO_FILE.name,
        icons / "scalable" / "apps" / f"{APP_ID}.svg",
        *(icons / f"{n}x{n}" / "apps" / f"{APP_ID}.png" for n in ICON_SIZES),
    ]


def install(data_home: Path | None = None, command: list[str] | None = None) -> list[Path]:
    """Write the entry, metadata and icons under ``data_home``; returns the files written."""
    data_home = data_home or xdg_data_home()
    entry, metainfo, svg, *pngs = installed_paths(data_home)
    sources = [None, METAINFO_FILE, ICON_SVG, *(HICOLOR_DIR / f"{n}x{n}" / "apps" / f"{APP_ID}.png"
                                                for n in ICON_SIZES)]
    for dest, source in zip([entry, metainfo, svg, *pngs], sources):
        dest.parent.mkdir(parents=True, exist_ok=True)
        if source is None:
            tmp = dest.with_suffix(".tmp")
            tmp.write_text(desktop_entry_text(command or launch_command()), encoding="utf-8")
            tmp.replace(dest)
        else:
            shutil.copyfile(source, dest)
    # Menus notice a new icon when the theme folder's time changes (no icon cache to rebuild).
    os.utime(data_home / "icons" / "hicolor")
    return [entry, metainfo, svg, *pngs]


def uninstall(data_home: Path | None = None) -> list[Path]:
    """Remove what ``install`` wrote; returns the files removed."""
    removed = []
    for path in installed_paths(data_home or xdg_data_home()):
        if path.is_file():
            path.unlink()
            removed.append(path)
    return removed
