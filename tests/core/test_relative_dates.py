"""Relative time expressions resolved against the time a text was written."""
from datetime import date, datetime, timedelta

import pytest
from hypothesis import given, settings, strategies as st

from linghun.core.relative_dates import month_words, referenced_dates

MON = date(2023, 4, 10)  # a Monday
SAT = date(2023, 4, 15)
SUN = date(2023, 4, 16)


def refs(text, anchor=MON):
    return referenced_dates(text, anchor)


def test_the_convention_last_month_is_in_march():
    found = refs("My colleagues and I went to a convention last month")
    assert found == [date(2023, 3, 10)]
    assert month_words(found[0]) == "march 2023"


@pytest.mark.parametrize("text, offset", [
    ("I saw her yesterday.", -1),
    ("Last night was fun", -1),
    ("the day before yesterday", -2),
    ("Day before yesterday we left", -2),
    ("the day after tomorrow", 2),
    ("today", 0),
    ("Tonight we eat out", 0),
    ("this morning", 0),
    ("this afternoon", 0),
    ("this evening", 0),
    ("see you TOMORROW", 1),
    ("today's plan", 0),
    ("他yesterday来过", -1),
])
def test_english_day_words(text, offset):
    assert refs(text) == [MON + timedelta(days=offset)]


@pytest.mark.parametrize("text, expected", [
    ("last week", date(2023, 4, 3)),
    ("this past week", date(2023, 4, 3)),
    ("this week", MON),
    ("next week", date(2023, 4, 17)),
    ("last weekend", date(2023, 4, 8)),
    ("this weekend", SAT),
    ("next weekend", date(2023, 4, 22)),
])
def test_english_weeks_and_weekends_on_a_monday(text, expected):
    assert refs(text) == [expected]


@pytest.mark.parametrize("anchor, this_sat", [(SAT, SAT), (SUN, SAT), (date(2023, 4, 14), SAT)])
def test_weekends_seen_from_friday_saturday_and_sunday(anchor, this_sat):
    assert refs("this weekend", anchor) == [this_sat]
    assert refs("last weekend", anchor) == [this_sat - timedelta(days=7)]
    assert refs("上周末", anchor) == [this_sat - timedelta(days=7)]


@pytest.mark.parametrize("text, anchor, expected", [
    ("last month", date(2023, 1, 15), date(2022, 12, 15)),
    ("next month", date(2023, 1, 31), date(2023, 2, 28)),
    ("next month", date(2024, 1, 31), date(2024, 2, 29)),
    ("last month", date(2023, 3, 31), date(2023, 2, 28)),
    ("next month", date(2022, 12, 5), date(2023, 1, 5)),
    ("this month", date(2023, 6, 30), date(2023, 6, 30)),
    ("last year", date(2024, 2, 29), date(2023, 2, 28)),
    ("next year", date(2022, 12, 31), date(2023, 12, 31)),
    ("this year", date(2023, 6, 1), date(2023, 6, 1)),
    ("over the past year", date(2023, 6, 1), date(2022, 6, 1)),
])
def test_english_months_and_years_clamp_the_day(text, anchor, expected):
    assert refs(text, anchor) == [expected]


@pytest.mark.parametrize("text, expected", [
    ("3 days ago", date(2023, 4, 7)),
    ("a few days ago", date(2023, 4, 7)),
    ("several days ago", date(2023, 4, 7)),
    ("a couple of days ago", date(2023, 4, 8)),
    ("a couple days ago", date(2023, 4, 8)),
    ("a day ago", date(2023, 4, 9)),
    ("two weeks ago", date(2023, 3, 27)),
    ("a week ago", date(2023, 4, 3)),
    ("a year ago", date(2022, 4, 10)),
    ("Five months ago", date(2022, 11, 10)),
    ("twelve months ago", date(2022, 4, 10)),
    ("10 years ago", date(2013, 4, 10)),
    ("in 2 days", date(2023, 4, 12)),
    ("in a week", date(2023, 4, 17)),
    ("in three weeks", date(2023, 5, 1)),
    ("two days from now", date(2023, 4, 12)),
])
def test_english_counts(text, expected):
    assert refs(text) == [expected]


def test_months_ago_crosses_the_year_and_clamps():
    assert refs("two months ago", date(2023, 1, 31)) == [date(2022, 11, 30)]


@pytest.mark.parametrize("text, anchor, expected", [
    ("last Friday", MON, date(2023, 4, 7)),
    ("last friday", date(2023, 4, 14), date(2023, 4, 7)),  # strictly before a Friday anchor
    ("last Sunday", MON, date(2023, 4, 9)),
    ("next Monday", MON, date(2023, 4, 17)),
    ("next Tuesday", MON, date(2023, 4, 11)),
])
def test_english_weekdays(text, anchor, expected):
    assert refs(text, anchor) == [expected]


@pytest.mark.parametrize("text, expected", [
    ("昨天我们去了公园", date(2023, 4, 9)),
    ("昨晚", date(2023, 4, 9)),
    ("前天", date(2023, 4, 8)),
    ("大前天", date(2023, 4, 7)),
    ("今天", MON),
    ("明天见", date(2023, 4, 11)),
    ("后天", date(2023, 4, 12)),
    ("上周", date(2023, 4, 3)),
    ("上星期", date(2023, 4, 3)),
    ("上个星期", date(2023, 4, 3)),
    ("上上周", date(2023, 3, 27)),
    ("上週", date(2023, 4, 3)),
    ("这周", MON),
    ("下周", date(2023, 4, 17)),
    ("下个礼拜", date(2023, 4, 17)),
    ("这个周末", SAT),
    ("上个月", date(2023, 3, 10)),
    ("上月", date(2023, 3, 10)),
    ("下个月", date(2023, 5, 10)),
    ("本月", MON),
    ("去年", date(2022, 4, 10)),
    ("前年", date(2021, 4, 10)),
    ("今年", MON),
    ("明年", date(2024, 4, 10)),
])
def test_chinese_words(text, expected):
    assert refs(text) == [expected]


@pytest.mark.parametrize("text, expected", [
    ("三天前", date(2023, 4, 7)),
    ("3天前", date(2023, 4, 7)),
    ("３天前", date(2023, 4, 7)),
    ("两周前", date(2023, 3, 27)),
    ("两个星期之前", date(2023, 3, 27)),
    ("两个月前", date(2023, 2, 10)),
    ("兩個月前", date(2023, 2, 10)),
    ("5个月以前", date(2022, 11, 10)),
    ("十年前", date(2013, 4, 10)),
    ("十五天前", date(2023, 3, 26)),
    ("二十三天前", date(2023, 3, 18)),
    ("几天前", date(2023, 4, 7)),
    ("两三天前", date(2023, 4, 7)),
    ("半个月前", date(2023, 3, 26)),
    ("半年前", date(2022, 10, 10)),
])
def test_chinese_counts(text, expected):
    assert refs(text) == [expected]


def test_chinese_month_and_year_boundaries():
    assert refs("上个月", date(2023, 1, 15)) == [date(2022, 12, 15)]
    assert refs("下个月", date(2023, 1, 31)) == [date(2023, 2, 28)]
    assert refs("一个月前", date(2023, 3, 31)) == [date(2023, 2, 28)]
    assert refs("去年", date(2024, 2, 29)) == [date(2023, 2, 28)]


@pytest.mark.parametrize("text", [
    "", "last", "the last time we met", "at last", "monthly report", "weekly", "yesterdays",
    "lastweek", "Recently I went hiking", "years ago", "the other day", "within a week",
    "the last weekday of the month", "this monthly thing",
    "最近", "目前天气很好", "过去年代", "聪明天才", "光明天地", "登上月球", "马上周末了",
    "看一下周报", "请在5日前提交", "2020年前完成", "一百年前", "这周围很安静", "说明年度报告",
])
def test_no_false_positives(text):
    assert refs(text) == []


def test_dates_are_deduplicated_in_order_of_appearance():
    text = "Tomorrow, not yesterday. 昨天 and last month; yesterday again, 明天, 上个月."
    assert refs(text) == [date(2023, 4, 11), date(2023, 4, 9), date(2023, 3, 10)]


def test_a_datetime_anchor_counts_by_its_date():
    assert refs("yesterday", datetime(2023, 4, 10, 23, 59)) == refs("yesterday", MON)


def test_references_outside_the_calendar_are_left_out():
    assert refs("last year and tomorrow", date(1, 1, 5)) == [date(1, 1, 6)]
    assert refs("in 999 weeks", date(9999, 12, 1)) == []


def test_a_wrong_anchor_type_is_a_clear_error():
    with pytest.raises(TypeError):
        referenced_dates("yesterday", "2023-04-10")


@pytest.mark.parametrize("d, words", [
    (date(2023, 3, 5), "march 2023"),
    (date(2023, 1, 1), "january 2023"),
    (date(1999, 12, 31), "december 1999"),
])
def test_month_words(d, words):
    assert month_words(d) == words


_FRAGMENTS = ["last", "next", "this", "past", "week", "weekend", "month", "year", "day", "days",
              "ago", "in", "a", "few", "couple", "of", "999", "12", "yesterday", "tomorrow",
              "friday", "before", "from now", "上", "下", "个", "周", "星期", "月", "年", "天",
              "前", "后", "十", "两", "几", "半", "目", "去", "明", "说", " ", "  ", "\n", "-"]
_ANCHORS = st.one_of(st.dates(date(1900, 1, 1), date(2100, 12, 31)),
                     st.datetimes(datetime(1900, 1, 1), datetime(2100, 12, 31)))


def _check(text, anchor):
    found = referenced_dates(text, anchor)
    assert all(type(d) is date for d in found)
    assert len(found) == len(set(found))


@settings(max_examples=150, deadline=None)
@given(st.text(), _ANCHORS)
def test_any_text_never_raises(text, anchor):
    _check(text, anchor)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(_FRAGMENTS), max_size=12), _ANCHORS)
def test_expression_like_text_never_raises(parts, anchor):
    _check(" ".join(parts), anchor)
    _check("".join(parts), anchor)


@settings(max_examples=50, deadline=None)
@given(st.dates(date(1, 1, 1), date(9999, 12, 31)))
def test_extreme_anchors_never_raise(anchor):
    _check("999 years ago, in 999 weeks, next year, 999年前, last month, 上上个月", anchor)


def test_the_cheap_pre_check_drops_no_expression():
    """Every line of the demo home and every rule's own examples: the pre-check never hides a match."""
    from datetime import date as _date
    from pathlib import Path

    from linghun.core import relative_dates as rd
    from linghun.resources import DEMO_HOME_DIR

    lines = [line for p in Path(DEMO_HOME_DIR).rglob("*.md") for line in p.read_text(encoding="utf-8").splitlines()]
    lines += ["the day before yesterday", "last night", "this evening", "in 3 weeks", "two years ago",
              "next Friday", "上上周末", "三个礼拜前", "半个月以前", "大前年", "下个月", "明晚", "后天"]
    anchor = _date(2026, 5, 14)
    found = 0
    for line in lines:
        bare = [m.group(0) for m in rd._pattern().finditer(line)]
        if bare:
            found += 1
            assert rd._MAYBE.search(line), line
    assert found >= 13
    assert rd.referenced_dates("no time words here 订单服务", anchor) == []
