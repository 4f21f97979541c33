"""Measuring what the memory recalls, on public benchmarks and on cue/trigger pairs.

- :mod:`core.evaluation.data` -- the common shapes: a conversation of turns, and questions with
  gold evidence ids.
- :mod:`core.evaluation.locomo`, :mod:`core.evaluation.beam` -- loaders of the benchmark formats.
- :mod:`core.evaluation.cues` -- cue/trigger recall: the goal system's channels
  (``core.goals.cue_eval``) beside the workbench's searcher.
- :mod:`core.evaluation.metrics` -- recall@k, hit@k, all@k, latency percentiles, token estimate.
- :mod:`core.evaluation.runner` -- runs a retriever over every question (progress, cancel).
- :mod:`core.evaluation.report` / :mod:`core.evaluation.charts` -- Markdown, JSON and SVG charts
  (``core.evaluation.svg``) with their data.
- :mod:`core.evaluation.suite` -- one call per benchmark (the CLI and the workbench use it).
- :mod:`core.evaluation.homes` -- turns a conversation into a memory home (written, or grown
  turn by turn as an agent grows it).
- :mod:`core.evaluation.context_recall` -- R@context: the gold evidence in the context the agent
  is shown, asked through the agent's path on those homes.
- :mod:`core.evaluation.answers` -- answer-in-context (A@context): the rule by which a short gold
  answer stands in that context.
- :mod:`core.evaluation.baseline` -- the recorded figures a run is held to (drops are named).

No module here uses a dataset's LLM-written summaries or observations as retrieval units.
See README.md beside this file for the commands, the metrics and the measured results.
"""
