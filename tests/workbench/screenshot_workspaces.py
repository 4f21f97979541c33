"""Screenshots of every workspace of the main window on the demo home, as a person sees them.

Run from the repository (offscreen, in its own settings folder; the demo home is copied there)::

    TZ=Asia/Shanghai .venv/bin/python -m tests.workbench.screenshot_workspaces --language en
    TZ=Asia/Shanghai .venv/bin/python -m tests.workbench.screenshot_workspaces --language zh_CN --size 1280x720

It writes ``resources/screenshots/workspace-<id>-<en|zh>.png`` (``--out`` for another folder):
a round asked in Rounds, a turn sent in Conversation, an entry and a goal selected, so that each
screen shows what it is for. Chinese text needs a CJK font installed (fontconfig), or the shots show
boxes where the characters go.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
QUESTIONS = {"en": ("How was the vault migration decided?", "What is the latest version of checkout-api?"),
             "zh_CN": ("vault 的迁移之前是怎么决定的？", "checkout-api 现在的最新版本是多少？")}


def _wait(app, ms: int) -> None:
    from PySide6.QtCore import QDeadlineTimer, QEventLoop

    deadline = QDeadlineTimer(ms)
    while not deadline.hasExpired():
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)


def _wait_for(app, condition, ms: int = 60000) -> None:
    from PySide6.QtCore import QDeadlineTimer

    deadline = QDeadlineTimer(ms)
    while not condition() and not deadline.hasExpired():
        _wait(app, 50)


def shoot(language: str, size: tuple[int, int], out: Path) -> list[Path]:
    """Render every workspace at ``size`` in ``language``; returns the files written."""
    from linghun.workbench.app import Workbench, create_application, demo_home
    from linghun.workbench.settings import Settings

    app = create_application(["linghun-workbench"])
    settings = Settings()
    settings.language, settings.theme, settings.welcome_shown = language, "light", True
    wb = Workbench(app, settings)
    window = wb.window
    window.resize(*size)
    window.show()
    path, _note = demo_home()
    window.open_home(path, remember=False)
    _wait(app, 1500)
    _wait_for(app, lambda: not window.status_warmup.text())
    ask, send = QUESTIONS.get(language, QUESTIONS["en"])
    written = []
    suffix = "zh" if language.startswith("zh") else language
    for workspace, act in window.workspace_actions.items():
        act.trigger()
        _wait(app, 400)
        if workspace == "curate":
            entries = window.pane("entries")
            entries.view.selectRow(3)
        elif workspace == "rounds":
            rounds = window.pane("rounds")
            rounds.question.setText(ask)
            rounds.run()
            _wait_for(app, lambda: rounds._handle is None)
        elif workspace == "conversation":
            chat = window.pane("conversation")
            chat.message.setText(send)
            chat.send()
            _wait_for(app, lambda: chat._handle is None)
        elif workspace == "goals":
            window.pane("goals").view.selectRow(0)
        _wait(app, 800)
        file = out / f"workspace-{workspace}-{suffix}.png"
        window.grab().save(str(file))
        written.append(file)
    window._may_close_home = lambda: True
    window.close()
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--language", default="en", choices=("en", "zh_CN"))
    parser.add_argument("--size", default="1280x800", help="WIDTHxHEIGHT (default 1280x800)")
    parser.add_argument("--out", type=Path, default=REPO / "resources" / "screenshots")
    args = parser.parse_args(argv)
    width, height = (int(n) for n in args.size.lower().split("x"))
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    scratch = Path(tempfile.mkdtemp(prefix="linghun-shots-"))
    os.environ["LINGHUN_CONFIG_DIR"] = str(scratch / "config")  # never the developer's own settings
    os.environ["LINGHUN_DATA_DIR"] = str(scratch / "data")
    args.out.mkdir(parents=True, exist_ok=True)
    for file in shoot(args.language, (width, height), args.out):
        print(file)
    return 0


if __name__ == "__main__":
    sys.exit(main())
