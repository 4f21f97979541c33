"""Measuring what the memory recalls, on public benchmarks and on our own cue/trigger format.

- :mod:`core.evaluation.data` -- the common shapes: a conversation of turns, and questions with
  gold evidence ids.
- :mod:`core.evaluation.locomo`, :mod:`core.evaluation.beam`, :mod:`core.evaluation.cues` -- loaders.
- :mod:`core.evaluation.metrics` -- recall@k, hit@k, all@k, latency percentiles.
- :mod:`core.evaluation.runner` -- runs a retriever over every question and aggregates.
- :mod:`core.evaluation.report` / :mod:`core.evaluation.png` -- Markdown, JSON and PNG output.
- :mod:`core.evaluation.homes` -- turns a conversation into a memory home.

No module here uses a dataset's LLM-written summaries or observations as retrieval units.
"""
