"""Desktop integration: the entry and metadata validate, one name everywhere, a home as PATH,
``--install-desktop-entry`` into the user's XDG data folder, the desktop file name on the app."""
from __future__ import annotations

import configparser
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QTranslator
from PySide6.QtGui import QGuiApplication, QImage

from linghun import resources
from linghun.core.home import MemoryHome
from tests.conftest import REPO
from tests.workbench.test_app_helpers import isolated, no_thread_left, settings  # noqa: F401 - fixtures
from linghun.workbench import desktop_entry
from linghun.workbench.desktop_entry import APP_ID

XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def _desktop(path: Path) -> configparser.SectionProxy:
    parser = configparser.RawConfigParser(strict=True, interpolation=None)
    parser.optionxform = str  # keys are case-sensitive
    parser.read(path, encoding="utf-8")
    return parser["Desktop Entry"]


def _metainfo() -> ET.Element:
    return ET.parse(desktop_entry.METAINFO_FILE).getroot()


def _validator_lines(cmd: list[str]) -> list[str]:
    out = subprocess.run(cmd, capture_output=True, text=True)
    lines = (out.stdout + out.stderr).splitlines()
    assert out.returncode == 0, lines
    return lines


def test_files_are_named_after_the_appstream_id():
    root = _metainfo()
    assert root.findtext("id") == APP_ID
    assert desktop_entry.DESKTOP_FILE.name == f"{APP_ID}.desktop"
    assert root.find("launchable").text == desktop_entry.DESKTOP_FILE.name
    assert _desktop(desktop_entry.DESKTOP_FILE)["Icon"] == APP_ID


def test_metainfo_is_complete():
    root = _metainfo()
    assert root.find("developer/name").text and root.findtext("developer_name")
    urls = {u.get("type"): u.text for u in root.findall("url")}
    assert {"homepage", "bugtracker", "vcs-browser"} <= set(urls)
    shots = root.findall("screenshots/screenshot")
    assert len(shots) >= 2 and shots[0].get("type") == "default"
    for shot in shots:  # each names a screenshot the repository really has
        name = shot.findtext("image").rsplit("/", 1)[-1]
        assert (resources.SCREENSHOTS_DIR / name).is_file(), name
    assert root.find("content_rating").get("type") == "oars-1.1"
    from linghun.core import __version__
    assert root.find("releases/release").get("version") == __version__


@pytest.mark.skipif(not shutil.which("desktop-file-validate"), reason="desktop-file-utils not installed")
def test_desktop_file_validates_without_a_hint(tmp_path):
    assert _validator_lines(["desktop-file-validate", str(desktop_entry.DESKTOP_FILE)]) == []
    installed = desktop_entry.install(tmp_path, ["/opt/my apps/linghun-workbench"])[0]
    assert _validator_lines(["desktop-file-validate", str(installed)]) == []


@pytest.mark.skipif(not shutil.which("appstreamcli"), reason="appstream not installed")
def test_metainfo_validates_without_a_warning():
    lines = _validator_lines(["appstreamcli", "validate", "--no-net", str(desktop_entry.METAINFO_FILE)])
    assert not [line for line in lines if line.startswith(("E:", "W:"))], lines


def test_one_chinese_name_everywhere(qapp):
    desktop_name = _desktop(desktop_entry.DESKTOP_FILE)["Name[zh_CN]"]
    meta_name = next(n.text for n in _metainfo().findall("name") if n.get(XML_LANG) == "zh-CN")
    translator = QTranslator()
    assert translator.load(str(resources.I18N_DIR / "linghun_zh_CN.qm"))
    assert desktop_name == meta_name == translator.translate("MainWindow", "linghun workbench")
    assert translator.translate("AboutDialog", "About linghun workbench") == f"关于{desktop_name}"


def test_icons_come_in_the_hicolor_sizes():
    for size in desktop_entry.ICON_SIZES:
        image = QImage(str(desktop_entry.HICOLOR_DIR / f"{size}x{size}" / "apps" / f"{APP_ID}.png"))
        assert (image.width(), image.height()) == (size, size)


def test_install_desktop_entry_puts_entry_and_icons_in_the_data_folder(tmp_path):
    data = tmp_path / "xdg-data"
    env = {**os.environ, "XDG_DATA_HOME": str(data)}
    out = subprocess.run([sys.executable, "-m", "linghun.workbench", "--install-desktop-entry"], cwd=REPO, env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    entry = data / "applications" / f"{APP_ID}.desktop"
    assert f"installed {entry}" in out.stdout
    fields = _desktop(entry)
    command = fields["Exec"].removesuffix(" %f").split(" ")
    assert Path(command[0]).is_absolute() and Path(command[0]).exists()
    assert fields["Icon"] == APP_ID
    assert (data / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg").read_bytes() == \
        desktop_entry.ICON_SVG.read_bytes()
    assert (data / "icons" / "hicolor" / "48x48" / "apps" / f"{APP_ID}.png").is_file()
    assert (data / "metainfo" / f"{APP_ID}.metainfo.xml").is_file()
    out = subprocess.run([sys.executable, "-m", "linghun.workbench", "--uninstall-desktop-entry"], cwd=REPO, env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and not [p for p in data.rglob("*") if p.is_file()]


def test_exec_paths_with_spaces_and_quotes_are_quoted():
    text = desktop_entry.desktop_entry_text(['/opt/my "apps"/bin/linghun-workbench'])
    assert 'Exec="/opt/my \\\\"apps\\\\"/bin/linghun-workbench" %f' in text.splitlines()


def test_a_home_given_as_path_opens(qtbot, settings, upstream_home, no_thread_left):
    from linghun.workbench.app import Workbench, parse_args
    args = parse_args([str(upstream_home)])
    wb = Workbench(QGuiApplication.instance(), settings)
    qtbot.addWidget(wb.window)
    wb.open_start_home(args.home)
    assert wb.window.ctx.home == MemoryHome.resolve(upstream_home)
    wb.window.close()


def test_a_file_inside_a_home_opens_that_home(upstream_home):
    from linghun.workbench.app import parse_args
    warm = MemoryHome.resolve(upstream_home).warm
    assert Path(parse_args([str(warm)]).home) == upstream_home.resolve()


def test_path_and_home_together_are_refused(capsys):
    from linghun.workbench.app import parse_args
    with pytest.raises(SystemExit) as exc:
        parse_args(["/a", "--home", "/b"])
    assert exc.value.code == 2 and "not both" in capsys.readouterr().err


def test_the_application_names_its_desktop_file(qapp):
    from linghun.workbench.app import create_application
    assert create_application() is qapp
    assert QGuiApplication.desktopFileName() == APP_ID
