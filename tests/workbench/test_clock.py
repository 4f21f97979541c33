"""The one formatter of times: absolute times in the home's zone, wall-clock times as written."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from linghun.core.home_zone import HomeZone
from linghun.workbench import clock

UTC7 = HomeZone(timezone(timedelta(hours=7)), "inferred")


@pytest.fixture
def home_at_utc7():
    before = clock.zone()
    clock.use(UTC7)
    yield
    clock.use(before)


def test_records_kept_in_utc_read_on_the_homes_clock(home_at_utc7):
    # Compare printed "2026-10-08T04:02:10+00:00"; gaps keep "…Z"
    assert clock.shown_iso("2026-10-08T04:02:10+00:00") == "2026-10-08 11:02:10"
    assert clock.shown_iso("2026-10-08T04:02:10.114Z", clock.MINUTES) == "2026-10-08 11:02"
    assert clock.shown(datetime(2026, 10, 8, 4, 2, tzinfo=timezone.utc), clock.DAY) == "2026-10-08"
    assert clock.epoch_shown(datetime(2026, 10, 8, 17, 30, tzinfo=timezone.utc).timestamp()) == "2026-10-09 00:30:00"


def test_wall_clock_times_are_shown_as_written(home_at_utc7):
    assert clock.shown_iso("2026-10-08 11:02") == "2026-10-08 11:02:00"  # a stamp has no zone: it is the home's
    assert clock.shown_iso("not a time") == "not a time" and clock.shown_iso(None) == ""
    moment = clock.home_wall(datetime(2026, 10, 8, 11, 2))
    assert moment == datetime(2026, 10, 8, 4, 2, tzinfo=timezone.utc)
    assert clock.now().utcoffset() == timedelta(hours=7)
