"""Render the application logo to the hicolor PNG sizes shipped in ``resources/desktop/hicolor``.

Run after changing ``resources/icons/linghun.svg``::

    QT_QPA_PLATFORM=offscreen python packaging/render_icons.py
"""
from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from linghun.workbench.desktop_entry import APP_ID, HICOLOR_DIR, ICON_SIZES, ICON_SVG  # noqa: E402


def main() -> int:
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841 - QPainter needs it
    renderer = QSvgRenderer(str(ICON_SVG))
    for size in ICON_SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        out = HICOLOR_DIR / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        out.parent.mkdir(parents=True, exist_ok=True)
        if not image.save(str(out), "PNG"):
            raise SystemExit(f"could not write {out}")
        print(out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
