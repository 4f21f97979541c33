"""What is installed is importable only under the project's own name, ``linghun``.

The repository keeps ``core/``, ``workbench/`` and ``resources/`` as folders; pyproject.toml maps
them to ``linghun.core``, ``linghun.workbench`` and ``linghun.resources``. These checks keep the
mapping whole: every package folder is listed, and no module imports the bare folder names (an
import that would work in the checkout and break in an installed wheel).
"""
import re
import tomllib

from tests.conftest import REPO

TOP = ("core", "workbench", "resources")


def test_every_package_folder_is_installed_under_linghun():
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    folders = {".".join(("linghun",) + p.parent.relative_to(REPO).parts)
               for top in TOP for p in (REPO / top).rglob("__init__.py") if "__pycache__" not in p.parts}
    assert set(config["packages"]) == folders
    assert config["package-dir"] == {f"linghun.{top}": top for top in TOP}


def test_no_module_imports_the_bare_folder_names():
    bare = re.compile(rf"^\s*(from|import)\s+({'|'.join(TOP)})(\.|\s|$)", re.M)
    offenders = [f"{p.relative_to(REPO)}:{text[:m.start()].count(chr(10)) + 1}"
                 for top in TOP + ("tests", "packaging") for p in (REPO / top).rglob("*.py")
                 for text in [p.read_text(encoding="utf-8")] for m in bare.finditer(text)]
    assert offenders == []


def test_the_installed_name_resolves_to_this_checkout():
    import linghun.core
    import linghun.workbench

    assert linghun.core.__file__.startswith(str(REPO / "core"))
    assert linghun.workbench.__file__.startswith(str(REPO / "workbench"))
