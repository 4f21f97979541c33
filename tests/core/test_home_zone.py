"""The home's time zone: the setting, else the zone the newest entry was stamped in, else the
machine's; a bad setting is said and falls back."""
from __future__ import annotations

import json
import os
from datetime import datetime, timedelta, timezone

import pytest

from linghun.core.home import MemoryHome
from linghun.core.home_zone import home_zone, newest_stamp, offset_between

#: the moment the newest entry is written, in the tests below
WRITTEN = datetime(2026, 10, 8, 4, 2, 40, tzinfo=timezone.utc)


def _home(tmp_path, newest: str | None = "2026-10-08 11:02", setting: object = None,
          written: datetime = WRITTEN) -> MemoryHome:
    """A home whose warm.md ends with an entry stamped ``newest`` and was saved at ``written``."""
    home = MemoryHome.resolve(tmp_path / "dsh")
    home.memory.mkdir(parents=True)
    entries = ["## 2026-10-07 09:15 [fact] high\n\n较早的一条。\n"]
    if newest:
        entries.append(f"## {newest} [event] medium\n\n最新的一条。\n")
    home.warm.write_text("# Warm\n\n" + "\n".join(entries), encoding="utf-8")
    os.utime(home.warm, (written.timestamp(), written.timestamp()))
    if setting is not None:
        home.config.write_text(json.dumps({"timeZone": setting}), encoding="utf-8")
    return home


def test_the_setting_names_the_zone(tmp_path):
    zone = home_zone(_home(tmp_path, setting="Asia/Shanghai"))
    assert (zone.source, zone.tz.key, zone.warning) == ("setting", "Asia/Shanghai", "")
    assert zone.label() == "Asia/Shanghai (UTC+08:00)"


def test_without_a_setting_the_newest_stamp_against_the_save_gives_the_offset(tmp_path):
    zone = home_zone(_home(tmp_path))  # stamped 11:02 at 04:02:40 UTC: UTC+7
    assert (zone.source, zone.tz.utcoffset(None), zone.label()) == ("inferred", timedelta(hours=7), "UTC+07:00")


@pytest.mark.parametrize("stamp, written, offset", [
    (datetime(2026, 10, 8, 9, 47), WRITTEN, timedelta(hours=5, minutes=45)),  # Nepal: quarter hours
    (datetime(2026, 10, 8, 0, 32), WRITTEN, timedelta(hours=-3, minutes=-30)),
    (datetime(2026, 10, 8, 4, 2), WRITTEN + timedelta(minutes=3), timedelta(0)),  # a slow save
    (datetime(2026, 10, 8, 11, 40), WRITTEN, None),  # saved 22 min off a quarter: edited later
    (datetime(2026, 10, 9, 11, 2), WRITTEN, None),  # 31 hours: no zone is that far
])
def test_the_offset_is_a_quarter_hour_within_the_slack_of_a_save(stamp, written, offset):
    assert offset_between(stamp, written) == offset


def test_the_newest_stamp_is_the_latest_not_the_last():
    tail = "## 2026-10-08 11:02 [fact] high\n\nx\n\n## 2026-10-01 08:00:05 [rule] low\n\ny\n## not a stamp [x]\n"
    assert newest_stamp(tail) == datetime(2026, 10, 8, 11, 2)
    assert newest_stamp("no entries") is None


def test_a_file_saved_long_after_its_newest_stamp_gives_the_machine_zone(tmp_path):
    zone = home_zone(_home(tmp_path, written=WRITTEN + timedelta(hours=3, minutes=20)))
    assert (zone.source, zone.tz) == ("machine", None)
    assert home_zone(_home(tmp_path / "older", newest=None)).source == "machine"  # a day before the save
    assert home_zone(MemoryHome.resolve(tmp_path / "absent")).source == "machine"


@pytest.mark.parametrize("value", ["Mars/Olympus", "../../etc/passwd", "", 7])
def test_a_bad_setting_is_said_and_the_zone_is_inferred(tmp_path, value):
    zone = home_zone(_home(tmp_path, setting=value))
    assert zone.source == "inferred" and zone.tz.utcoffset(None) == timedelta(hours=7)
    assert zone.warning.startswith("timeZone ") and "Asia/Shanghai" in zone.warning


def test_a_broken_settings_file_leaves_the_zone_inferred(tmp_path):
    home = _home(tmp_path)
    home.config.write_text("{not json", encoding="utf-8")
    assert home_zone(home).source == "inferred"
