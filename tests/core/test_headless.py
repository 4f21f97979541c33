"""The core never imports Qt: every module of ``core`` imports in a process where Qt is absent."""
import subprocess
import sys
import textwrap

from tests.conftest import REPO


def test_core_imports_without_qt():
    probe = textwrap.dedent(
        """
        import importlib, pkgutil, sys
        class _NoQt:
            def find_spec(self, name, path=None, target=None):
                gui = name == 'linghun.workbench' or name.startswith('linghun.workbench.')
                if gui or name.split('.')[0] in ('PySide6', 'shiboken6', 'PyQt5', 'PyQt6', 'pyqtgraph'):
                    raise ImportError('core must not import ' + name)
        sys.meta_path.insert(0, _NoQt())
        from linghun import core
        names = [m.name for m in pkgutil.walk_packages(core.__path__, 'linghun.core.') if not m.name.endswith('__main__')]
        for name in names:
            importlib.import_module(name)
        print(len(names))
        """
    )
    out = subprocess.run([sys.executable, "-c", probe], cwd=REPO, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert int(out.stdout.strip()) >= 5
