"""Sync: keep one memory in step between machines through a git remote (``linghun sync``,
*File > Sync*).

- :mod:`core.sync.engine` -- pull, merge and push a home's history (libgit2: imported by the
  commands that sync, not by the review);
- :mod:`core.sync.remote` -- the user's own ``git`` for fetch and push;
- :mod:`core.sync.merge` -- the three-way merge of each kind of file, by entry, day, node or key;
- :mod:`core.sync.conflicts` -- what a merge could not settle, as Review items, and the review's
  two gestures on them.

The package imports none of its modules, so the review reads its conflicts without libgit2.
"""
