"""File > Sync and File > Sync Remote…: keep the open home in step with a git remote
(``core.sync``: the history pushed and pulled, merged by entry).

Sync asks for the remote the first time (a bare repository's path, an ssh or https URL; the
user's own git credentials are used, none is stored) and remembers it in the home's history; Sync
Remote… changes it. The sync runs on a worker, never on the GUI thread: a progress dialog says
which step it is at, and its Cancel stops it (a git running is stopped) unless the merge reached
its write's commit point, when it is written whole. The result is said in the status bar; what
could not be merged waits in the Review pane (the conflicts are review items: Accept keeps this
machine's version, Reject takes the other's). The panes reload from the write as after any other.
"""
from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QInputDialog, QLineEdit, QProgressDialog

from linghun.workbench.tasks import TaskCancelled


def _remote_of(_state, home):
    from linghun.core.sync.engine import remote_url  # start-up time: sync loads libgit2 on first use

    return remote_url(home)


def _run_sync(state, home, remote: str | None):
    from linghun.core.sync.engine import SyncCancelled, sync  # start-up time, as above

    try:
        return sync(home, remote, cancel=state.cancel_event, progress=state.set_message)
    except SyncCancelled:
        raise TaskCancelled() from None


class Sync(QObject):
    """The two File menu actions, for the window's open home."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.handle = None
        self.progress: QProgressDialog | None = None

    def sync_now(self) -> None:
        """Sync with the remembered remote, asking for one first when there is none."""
        self._look_up_remote(ask_always=False)

    def change_remote(self) -> None:
        """Ask for a remote (the current one offered) and sync with it."""
        self._look_up_remote(ask_always=True)

    def _look_up_remote(self, ask_always: bool) -> None:
        """Read the remembered remote on a worker (the history's config), then sync or ask."""
        ctx = self.window.ctx
        if ctx is None or ctx.refuse_if_read_only() or self.handle is not None:
            return
        handle = ctx.tasks.submit(self.tr("Looking up the sync remote"), _remote_of, ctx.home)
        handle.sig_finished.connect(lambda url, c=ctx: self._with_remote(c, url, ask_always))
        handle.sig_failed.connect(lambda exc: self.window.show_message(str(exc), 0))

    def _with_remote(self, ctx, url: str | None, ask_always: bool) -> None:
        if ctx is not self.window.ctx:  # another home was opened meanwhile
            return
        if url and not ask_always:
            self._start(ctx, None)
        else:
            self._ask_and_start(ctx, url or "")

    def _ask_and_start(self, ctx, current: str) -> None:
        url, ok = QInputDialog.getText(
            self.window, self.tr("Sync remote"),
            self.tr("The git remote this home syncs with: the path of a bare repository, or an ssh or https URL "
                    "(your own git credentials are used; none is stored):"), QLineEdit.EchoMode.Normal, current)
        url = (url or "").strip()
        if ok and url:
            self._start(ctx, url)

    def _start(self, ctx, remote: str | None) -> None:
        self.window.show_message(self.tr("Syncing…"), 0)
        self.handle = handle = ctx.tasks.submit(self.tr("Syncing the home"), _run_sync, ctx.home, remote)
        dialog = self.progress = QProgressDialog(self.tr("Syncing the home…"), self.tr("Cancel"), 0, 0, self.window)
        dialog.setWindowTitle(self.tr("Sync"))
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setMinimumDuration(300)
        dialog.canceled.connect(handle.cancel)
        handle.sig_progress.connect(lambda _f, text: text and dialog.setLabelText(self._step(text)))
        handle.sig_finished.connect(lambda result: self.window.show_message(result.summary(), 0))
        handle.sig_failed.connect(self._failed)
        handle.sig_cancelled.connect(lambda: self.window.show_message(
            self.tr("Sync cancelled: nothing was written, unless the merge was being written already (then it "
                    "is written whole)"), 0))
        handle.sig_done.connect(self._done)

    def _step(self, step: str) -> str:
        words = {"recording the home": self.tr("Recording the home…"), "fetching": self.tr("Fetching from the remote…"),
                 "merging": self.tr("Merging…"), "writing": self.tr("Writing the merged home…"),
                 "pushing": self.tr("Sending to the remote…")}
        return words.get(step, step)

    def _failed(self, exc: object) -> None:
        self.window.show_message(self.tr("Sync failed: {0}").format(exc), 0)

    def _done(self) -> None:
        self.handle = None
        if self.progress is not None:
            self.progress.canceled.disconnect()
            self.progress.reset()
            self.progress.deleteLater()
            self.progress = None
