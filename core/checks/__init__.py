"""Memory checks: questions with the entries the agent must (and must not) be shown for them.

A check is pinned once (from a round, from a closed gap, or by hand) and run whenever the home
changes: it asks its question the way the agent's path does and says, entry by entry, what did
not reach the context and why. Format and places: ``core/CHECKS.md``.

- ``model``: ``Check`` and ``Expected`` (an entry found again after edits and consolidation);
- ``store``: ``checks.json`` (locked, atomic) and the results history;
- ``locate``: where an expected entry stands now (warm, an ontology file, nowhere);
- ``run``: ``CheckRunner`` (one index, one composed context reused across checks);
- ``make``: checks from a round, a question (a closed gap) or by hand;
- ``preview``: which checks a consolidation would break.
"""
