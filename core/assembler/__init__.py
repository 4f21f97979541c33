"""The assembler team (SPEC 11): one cognitive cycle per question, offline or with an LLM.

``core.assembler.round.Assembler(home, provider=...).run(question)`` runs feedback, debounce,
judge, retriever, archivist, advocate, editor and scribe; every role leaves a span in the round's
trace (``core.assembler.trace``: live on ``core.events.bus``, kept under ``memory/team/traces``;
schema in ``TRACE.md``). ``core.assembler.replay.rerun`` replays a round from its trace, with
changed settings if wanted, and ``diff_rounds`` compares two rounds; ``core.assembler.config``
holds the settings with the seed's defaults.

The package imports none of its modules: each is imported by its own name, so that a leaf such
as ``config`` can be read by the layers below the round (``core.settings``) without loading the
round, which stands on the memory operations.
"""
