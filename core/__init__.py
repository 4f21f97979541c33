"""The linghun memory system: the memory home shared with the agent, its formats and operations.

This package never imports Qt: the agent tools, the CLI, the evaluation and the workbench all
stand on it (the boundary is checked by ``tests/core/test_headless.py``).
"""

__version__ = "0.1.0"
