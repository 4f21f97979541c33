"""What is installed is importable only under the project's own name, ``linghun``.

The repository keeps ``core/``, ``workbench/`` and ``resources/`` as folders; pyproject.toml maps
them to ``linghun.core``, ``linghun.workbench`` and ``linghun.resources``. These checks keep the
mapping whole: every package folder is listed, and no module imports the bare folder names (an
import that would work in the checkout and break in an installed wheel).
"""
import re
import tomllib
from pathlib import Path

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


def _debian_package(soname: str) -> str:
    """Debian's name for the package of a shared library: ``libxcb-icccm.so.4`` ->
    ``libxcb-icccm4``, ``libxkbcommon-x11.so.0`` -> ``libxkbcommon-x11-0`` (a dash before the
    version when the name ends in a digit), lower case (``libX11-xcb.so.1`` -> ``libx11-xcb1``)."""
    name, version = soname.split(".so.", 1)
    version = version.split(".")[0]
    return (name + ("-" if name[-1].isdigit() else "") + version).lower()


def test_the_readme_names_every_library_of_qts_xcb_platform():
    """ldd of Qt's xcb plugin (found or "not found": both name the library) against the README's
    list for a bare X server, which CI installs before it shows the window under Xvfb."""
    import shutil
    import subprocess

    import pytest
    import PySide6

    qt = Path(PySide6.__file__).parent / "Qt"
    libraries = [qt / "plugins" / "platforms" / "libqxcb.so", qt / "lib" / "libQt6XcbQpa.so.6"]
    if shutil.which("ldd") is None or not all(p.is_file() for p in libraries):
        pytest.skip("no ldd or no xcb plugin (not Linux)")
    needed = set()
    for library in libraries:
        listing = subprocess.run(["ldd", str(library)], capture_output=True, text=True, check=True).stdout
        for soname in re.findall(r"^\s*(lib(?:xcb-[\w-]+|xkbcommon-x11|X11-xcb)\.so\.\d+)", listing, re.MULTILINE):
            needed.add(_debian_package(soname))
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    named = set(re.search(r"^apt-get install (libx.*)$", readme, re.MULTILINE).group(1).split())
    assert {"libxcb-icccm4", "libxcb-keysyms1", "libxcb-cursor0"} <= needed  # the parse finds them
    assert needed <= named, sorted(needed - named)
