"""SVG icons of ``resources/icons``, drawn in the palette's text colour so they suit both themes.

The SVGs are written with one stroke colour (``#1f2328``); ``icon()`` swaps it for the current
palette's text colour before rendering, and caches per (name, colour). ``linghun.svg`` keeps its own
colours (the application logo).
"""
from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QByteArray, QSize, Qt
from PySide6.QtGui import QGuiApplication, QIcon, QPainter, QPalette, QPixmap
from PySide6.QtSvg import QSvgRenderer

from linghun import resources
_INK = "#1f2328"
_SIZES = (16, 24, 32, 48)


def _text_colour() -> str:
    app = QGuiApplication.instance()
    if app is None:
        return _INK
    return QGuiApplication.palette().color(QPalette.ColorRole.WindowText).name()


def icon(name: str) -> QIcon:
    """The icon ``name`` (file stem in resources/icons), tinted for the current palette."""
    colour = _INK if name == "linghun" else _text_colour()
    return _icon(name, colour)


@lru_cache(maxsize=256)
def _icon(name: str, colour: str) -> QIcon:
    path = resources.ICONS_DIR / f"{name}.svg"
    if not path.is_file():
        raise FileNotFoundError(f"no icon named {name!r} in {resources.ICONS_DIR}")
    svg = path.read_text(encoding="utf-8").replace(_INK, colour)
    renderer = QSvgRenderer(QByteArray(svg.encode("utf-8")))
    result = QIcon()
    for size in _SIZES:
        result.addPixmap(_render(renderer, size), QIcon.Mode.Normal)
        result.addPixmap(_render(renderer, size, opacity=0.35), QIcon.Mode.Disabled)
    return result


def _render(renderer: QSvgRenderer, size: int, opacity: float = 1.0) -> QPixmap:
    pixmap = QPixmap(QSize(size, size))
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setOpacity(opacity)
    renderer.render(painter)
    painter.end()
    return pixmap


def clear_cache() -> None:
    """Forget rendered icons (after a theme change the text colour differs)."""
    _icon.cache_clear()


def available() -> list[str]:
    return sorted(p.stem for p in resources.ICONS_DIR.glob("*.svg"))
