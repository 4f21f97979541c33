"""The way to a remote: the user's own ``git`` binary, run on the home's history repository.

``git`` (not libgit2) so that whatever the user set up for git works unchanged: ssh config and
agents, credential helpers for https, proxies. We store no credentials: the remote's URL is kept
in the history repository's own config (``remote.origin.url``), nothing else. Each call has a
timeout; its errors are said in one line (the remote unreachable, a push refused).

What the remote sends is untrusted: ``fetch.fsckObjects`` has git check every object it receives,
``protocol.ext.allow=never`` refuses a URL that would run a command, a URL that starts with ``-``
is refused (it would be read as an option), and the trees are checked again before any file is
merged (``core.sync.check_tree``).
"""
from __future__ import annotations

import os
import shutil
import subprocess
import threading
import time
from pathlib import Path

from linghun.core.errors import InvalidInputError, LinghunError, NotFoundError

REMOTE = "origin"
TRACKING = "refs/remotes/origin/main"
BRANCH = "refs/heads/main"
#: seconds a fetch or a push may take before it is stopped
TIMEOUT = 300.0
#: a pack of a history's states is mostly versions of one file, next to each other in git's delta
#: order: a window of 2 finds the same deltas as the default 10, and one thread spends less CPU
#: (10k-entry home, 100 states pushed: 1.9 s of git's CPU with the defaults, 1.2 s so)
_PACKING = ["-c", "pack.window=2", "-c", "pack.threads=1"]
_SAFETY = [*_PACKING, "-c", "gc.auto=0", "-c", "maintenance.auto=false", "-c", "fetch.fsckObjects=true",
           "-c", "transfer.fsckObjects=true", "-c", "protocol.ext.allow=never", "-c", "core.hooksPath=/dev/null"]
#: the variables that would point git at another repository or work tree than the one given
_GIT_VARS = ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES",
             "GIT_NAMESPACE", "GIT_CEILING_DIRECTORIES", "GIT_COMMON_DIR")


class RemoteError(LinghunError):
    """The remote could not be reached, or refused what was sent."""

    exit_code = 11


class PushRejected(RemoteError):
    """The remote moved on since it was fetched (a push is never forced)."""


class NoRemoteError(NotFoundError):
    """No remote is set for this home yet."""


class SyncCancelled(LinghunError):
    """Stopped before anything was written to the home."""


def git_binary() -> str:
    found = shutil.which("git")
    if found is None:
        raise RemoteError("git is not installed (sync runs the git command, so your ssh and credential setup apply)")
    return found


def check_url(url: str) -> str:
    url = (url or "").strip()
    if not url:
        raise InvalidInputError("the remote is empty: give a git URL or the path of a bare repository")
    if url.startswith("-") or "\n" in url or "\x00" in url:
        raise InvalidInputError(f"{url!r} is not a git remote")
    if url.startswith("ext::"):
        raise InvalidInputError("an ext:: remote runs a command; give a path, ssh or https URL")
    return url


class Git:
    """``git --git-dir=<history>`` with our safety options."""

    def __init__(self, git_dir: Path, interactive: bool = False, timeout: float = TIMEOUT,
                 cancel: threading.Event | None = None) -> None:
        self.git_dir = Path(git_dir)
        self.interactive = interactive
        self.timeout = timeout
        self.cancel = cancel  # once set, the running git is stopped and SyncCancelled raised
        self._ssh_command: bool | None = None

    def _env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if k not in _GIT_VARS}
        env["LC_ALL"] = "C"
        if not self.interactive:  # no prompt nobody can answer (the workbench, a test)
            env["GIT_TERMINAL_PROMPT"] = "0"
            if not any(k in env for k in ("GIT_SSH_COMMAND", "GIT_SSH")) and not self._ssh_configured():
                env["GIT_SSH_COMMAND"] = "ssh -o BatchMode=yes"  # the user's own ssh command is left as it is
        return env

    def _ssh_configured(self) -> bool:
        """Whether the user's git config names an ssh command of its own (``core.sshCommand``)."""
        if self._ssh_command is None:
            try:
                got = subprocess.run([git_binary(), "config", "--get", "core.sshCommand"], capture_output=True,
                                     stdin=subprocess.DEVNULL, timeout=10)
                self._ssh_command = got.returncode == 0 and bool(got.stdout.strip())
            except (OSError, subprocess.TimeoutExpired):
                self._ssh_command = False
        return self._ssh_command

    def run(self, *args: str, check: bool = True, what: str = "git") -> subprocess.CompletedProcess:
        cmd = [git_binary(), f"--git-dir={self.git_dir}", *_SAFETY, *args]
        try:
            proc = subprocess.Popen(cmd, stdin=None if self.interactive else subprocess.DEVNULL,
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=self._env())
        except OSError as exc:
            raise RemoteError(f"git could not be started ({exc})") from None
        deadline = time.monotonic() + self.timeout
        while True:
            try:  # in short waits, so that a cancel stops a fetch that hangs on the network
                out, err = proc.communicate(timeout=0.1 if self.cancel is not None else self.timeout)
                break
            except subprocess.TimeoutExpired:
                cancelled = self.cancel is not None and self.cancel.is_set()
                if not cancelled and time.monotonic() < deadline:
                    continue
                proc.kill()
                proc.communicate()
                if cancelled:
                    raise SyncCancelled(f"sync cancelled during {what}; the home was not changed") from None
                raise RemoteError(f"{what} took longer than {self.timeout:.0f} s and was stopped") from None
        result = subprocess.CompletedProcess(cmd, proc.returncode, out.decode("utf-8", "replace"),
                                             err.decode("utf-8", "replace"))
        if check and result.returncode != 0:
            raise RemoteError(f"{what} failed: {_reason(result.stderr)}")
        return result

    # -- the remote's URL, in the history repository's config --------------------------------
    def url(self) -> str | None:
        got = self.run("config", "--get", f"remote.{REMOTE}.url", check=False)
        return got.stdout.strip() or None if got.returncode == 0 else None

    def set_url(self, url: str) -> None:
        self.run("config", f"remote.{REMOTE}.url", check_url(url), what="setting the remote")

    # -- transport ---------------------------------------------------------------------------
    def fetch(self, url: str) -> None:
        """The remote's main into ``refs/remotes/origin/main`` (gone when the remote has none)."""
        self.run("fetch", "--no-tags", "--prune", "--quiet", check_url(url),
                 f"+{BRANCH}:{TRACKING}", what=f"fetching from {url}") if self._has_main(url) else self._drop_tracking()

    def _has_main(self, url: str) -> bool:
        got = self.run("ls-remote", "--heads", check_url(url), BRANCH, what=f"reaching {url}")
        return BRANCH in got.stdout

    def _drop_tracking(self) -> None:
        self.run("update-ref", "-d", TRACKING, check=False)

    def push(self, url: str) -> None:
        """Our main to the remote's, never forced: ``PushRejected`` when it moved on meanwhile."""
        got = self.run("push", "--quiet", "--porcelain", check_url(url), f"{BRANCH}:{BRANCH}", check=False,
                       what=f"pushing to {url}")
        if got.returncode == 0:
            self.run("update-ref", TRACKING, BRANCH, check=False)
            return
        text = got.stdout + got.stderr
        if "rejected" in text or "non-fast-forward" in text or "fetch first" in text:
            raise PushRejected(f"the remote {url} has changes this machine has not merged yet; nothing was "
                               "pushed (sync pulls them first)")
        raise RemoteError(f"pushing to {url} failed: {_reason(got.stderr or got.stdout)}")


def _reason(stderr: str) -> str:
    lines = [ln.strip() for ln in stderr.splitlines() if ln.strip()]
    wanted = [ln for ln in lines if ln.lower().startswith(("fatal:", "error:", "remote:", "!"))]
    text = "; ".join((wanted or lines)[-3:]) or "no reason given"
    return text[:400]
