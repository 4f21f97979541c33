"""The whole screen of an X display as a PNG, for ``packaging/x11_smoke.sh``: proof that the
window a bare X server shows is really there (the screen is not one colour).

Run: ``python packaging/x11_screenshot.py OUT.png`` with DISPLAY set; exits 1 when the screen is
blank. It connects as its own Qt client (``xcb``), so the same libraries as the workbench's are
loaded, and reads the root window: on X11 another program's windows are part of it."""
from __future__ import annotations

import os
import sys

os.environ["QT_QPA_PLATFORM"] = "xcb"

from PySide6.QtGui import QGuiApplication  # noqa: E402 - the platform is chosen before Qt loads

#: a blank screen has one colour; a window with text and icons has hundreds
MIN_COLOURS = 16


def colours_of(image, step: int = 8) -> int:
    """Distinct colours on a grid of every ``step``-th pixel (enough to tell a blank screen)."""
    seen = {image.pixel(x, y) for x in range(0, image.width(), step) for y in range(0, image.height(), step)}
    return len(seen)


def main(out: str) -> int:
    app = QGuiApplication(sys.argv[:1])
    screen = app.primaryScreen()
    image = screen.grabWindow(0).toImage()
    if image.isNull() or not image.save(out, "PNG"):
        print(f"x11_screenshot: could not grab the screen of {os.environ.get('DISPLAY')}", file=sys.stderr)
        return 1
    colours = colours_of(image)
    print(f"x11_screenshot: {image.width()}x{image.height()}, {colours} colours -> {out}")
    return 0 if colours >= MIN_COLOURS else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
