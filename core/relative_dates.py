"""Relative time expressions ("last month", "三天前") resolved against the time a text was written.

The searcher indexes a memory unit with the month and year of its own time, because questions name
dates ("What did John attend in March 2023?"). A chat turn written on 2023-04-10 that says "we went
to a convention last month" is about March 2023, so the months a text *refers to* are worth
indexing too. :func:`referenced_dates` finds them; :func:`month_words` spells a date the way the
searcher indexes it ("march 2023").

One precompiled regular expression covers every English and Chinese expression, so a text costs a
single scan (the index is built over thousands of units). Each alternative of that expression is a
named group whose name selects the resolver that turns the match into a date.

Resolution rules (``anchor`` is the day the text was written):

- day words: yesterday / last night / 昨天 -1, the day before yesterday / 前天 -2, 大前天 -3, today /
  tonight / this morning|afternoon|evening / 今天 0, tomorrow / 明天 +1, the day after tomorrow /
  后天 +2;
- weeks: last (this past, past) / this / next week, 上周 / 这周 / 下周 (and 星期, 礼拜, 上上周):
  anchor -7 / 0 / +7 days; month and year words likewise;
- weekends: the Saturday of the anchor's weekend (the coming one on a weekday) for "this", the
  Saturday before it for "last", after it for "next";
- months and years: calendar arithmetic, the day clamped to the target month ("next month" on
  January 31 is February 28);
- counts: "N days|weeks|months|years ago", "in N days|weeks" and "N days|weeks|months|years from now", N in
  digits (up to three) or words ("a", "a couple of", "a few" = 3, "several" = 3, one..twelve ...);
  Chinese "N天前|周前|个月前|年前" with N in digits or Chinese numerals (几 = 3, 半个月 = 15 days,
  半年 = 6 months);
- weekdays: "last Friday" is the most recent Friday strictly before the anchor, "next Friday" the
  first one strictly after it.

Traditional characters (上週, 兩個月前, 後天) count as well. Vague words ("recently", "the other
day", 最近) are not dates and give nothing. Chinese has no word boundaries, so the few characters
that would turn a date word into part of another word (目前天气, 过去年代, 聪明天才, 登上月球) are
excluded around it, and "5日前" (before the 5th) is not read as "five days ago".
"""
from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from functools import cache
from typing import Callable

__all__ = ["referenced_dates", "month_words"]

_MONTH_NAMES = ("january", "february", "march", "april", "may", "june", "july", "august",
                "september", "october", "november", "december")
# Not calendar.month_name: that one follows the process locale.

_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")

_EN_NUMBERS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20,
    "thirty": 30, "few": 3, "several": 3, "couple": 2,
}
_ZH_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5,
              "六": 6, "七": 7, "八": 8, "九": 9, "几": 3, "幾": 3}

# --- the pieces of the pattern -------------------------------------------------------------------

# English count: digits, or a number word; "a couple (of)", "a few" keep their article inside.
_EN_COUNT = (r"(?:\d{1,3}|a\s+couple(?:\s+of)?|couple\s+of|a\s+few|few|several|"
             + "|".join(sorted((w for w in _EN_NUMBERS if w not in ("few", "several", "couple")),
                               key=len, reverse=True))
             + r")")
_WHICH = r"(?:last|this\s+past|past|this|next)"
_ZH_COUNT = r"(?:\d{1,3}|[零〇一二两兩三四五六七八九十几幾]{1,3})"
_ZH_NOT_IN_NUMBER = r"(?<![\d零〇一二两兩三四五六七八九十几幾百千万萬])"
_ZH_WEEK = r"(?:周|週|星期|个星期|個星期|礼拜|禮拜|个礼拜|個禮拜)"
_ZH_MONTH = r"(?:个月|個月)"
# 上/下/这 before 周/月 that belong to another word: 马上周末了, 登上月球, 周报, 周围, 月亮, 月台.
_ZH_SHIFT = r"(?<![马馬登踏爬早晚])(?P<{g}>上上|上|下下|下|这|這|本)(?:个|個)?"


def _en(name: str, body: str) -> str:
    """An English alternative, between non-letters.

    Not ``\\b``: Chinese characters count as word characters there, and "他yesterday来过" should match.
    """
    return rf"(?P<{name}>(?<![a-z0-9])(?:{body})(?![a-z0-9]))"


def _zh(name: str, body: str) -> str:
    """A Chinese alternative (no word boundaries in Chinese; guards live in ``body``)."""
    return rf"(?P<{name}>{body})"


# --- resolvers -----------------------------------------------------------------------------------

def _add_months(d: date, months: int) -> date:
    """``d`` moved by whole months, the day clamped to the length of the target month."""
    index = d.year * 12 + d.month - 1 + months
    year, month = divmod(index, 12)
    month += 1
    if month == 12:
        last = 31
    else:
        last = (date(year, month + 1, 1) - timedelta(days=1)).day
    return date(year, month, min(d.day, last))


def _add_years(d: date, years: int) -> date:
    """``d`` moved by whole years (February 29 becomes February 28 in a common year)."""
    return _add_months(d, 12 * years)


def _shift(which: str) -> int:
    """-1, 0 or +1 for last / this / next (and their Chinese forms; 上上 is -2)."""
    which = " ".join(which.lower().split())
    return {"last": -1, "past": -1, "this past": -1, "this": 0, "next": 1,
            "上上": -2, "上": -1, "下": 1, "下下": 2, "这": 0, "這": 0, "本": 0}[which]


def _this_saturday(d: date) -> date:
    """The Saturday of ``d``'s weekend: the coming one on a weekday, itself or the day before."""
    wd = d.weekday()
    return d + timedelta(days=5 - wd) if wd <= 5 else d - timedelta(days=1)


def _en_count(word: str) -> int:
    """Value of an English count ("3", "a couple of", "a few", "twelve")."""
    words = word.lower().split()
    if words[0].isdecimal():
        return int(words[0])
    if words[0] == "a" and len(words) > 1:
        words = words[1:]
    return _EN_NUMBERS[words[0]]


def _zh_count(text: str) -> int:
    """Value of a Chinese count: digits, or numerals up to 十 (二十三, 十五, 几, 两)."""
    if text.isdecimal():
        return int(text)
    if "十" in text:
        tens, _, ones = text.partition("十")
        tens_value = _ZH_DIGITS.get(tens[-1], 0) if tens else 1
        return tens_value * 10 + (_ZH_DIGITS.get(ones[-1], 0) if ones else 0)
    # 两三天前 ("two or three days"): the last numeral.
    return _ZH_DIGITS.get(text[-1], 0)


def _by_unit(anchor: date, unit: str, n: int) -> date:
    """``anchor`` moved by ``n`` days, weeks, months or years (``unit`` in English or Chinese)."""
    unit = unit.lower()
    if unit.startswith(("day", "天")):
        return anchor + timedelta(days=n)
    if unit.startswith(("month", "个月", "個月")):
        return _add_months(anchor, n)
    if unit.startswith(("year", "年")):
        return _add_years(anchor, n)
    return anchor + timedelta(weeks=n)  # week, 周, 星期, 礼拜


_Resolver = Callable[[re.Match, date], date]


def _days(offset: int) -> _Resolver:
    return lambda m, anchor: anchor + timedelta(days=offset)


# "last / this / next" week, weekend and month read the same in both languages; ``group`` names
# the pattern's group holding that word.
def _week(group: str) -> _Resolver:
    return lambda m, a: a + timedelta(weeks=_shift(m[group]))


def _weekend(group: str) -> _Resolver:
    return lambda m, a: _this_saturday(a) + timedelta(weeks=_shift(m[group]))


def _month(group: str) -> _Resolver:
    return lambda m, a: _add_months(a, _shift(m[group]))


def _en_year(m: re.Match, a: date) -> date:
    return _add_years(a, _shift(m["en_year_w"]))


def _en_ago(m: re.Match, a: date) -> date:
    return _by_unit(a, m["en_ago_u"], -_en_count(m["en_ago_n"]))


def _en_in(m: re.Match, a: date) -> date:
    return _by_unit(a, m["en_in_u"], _en_count(m["en_in_n"]))


def _en_from_now(m: re.Match, a: date) -> date:
    return _by_unit(a, m["en_fn_u"], _en_count(m["en_fn_n"]))


def _en_weekday(m: re.Match, a: date) -> date:
    target = _WEEKDAYS.index(m["en_wd_d"].lower())
    if m["en_wd_w"].lower() == "next":
        return a + timedelta(days=(target - a.weekday()) % 7 or 7)
    return a - timedelta(days=(a.weekday() - target) % 7 or 7)


def _zh_year(m: re.Match, a: date) -> date:
    return _add_years(a, {"大前年": -3, "前年": -2, "去年": -1, "今年": 0, "明年": 1}[m["zh_year_w"]])


def _zh_ago(m: re.Match, a: date) -> date:
    return _by_unit(a, m["zh_ago_u"], -_zh_count(m["zh_ago_n"]))


def _zh_half_ago(m: re.Match, a: date) -> date:
    return a - timedelta(days=15) if "月" in m["zh_half_w"] else _add_months(a, -6)


# Characters that make the date word part of another word: 目前天气, 之前年, 聪明天才, 说明年度,
# 之后天气, 过去年代.
_NOT_AFTER_QIAN = r"(?<![目之以提面眼当當从從跟空先事此])"
_NOT_AFTER_MING = r"(?<![说說证證表发發声聲透聪聰光文鲜鮮申简簡分标標注阐闡查])"
_NOT_AFTER_HOU = r"(?<![之以然最落随隨先背而午此前往过過日])"
_NOT_AFTER_QU = r"(?<![过過回失离離出进進上下除来來])"

# (name, pattern, resolver); order matters only where two alternatives start at the same place.
_EN_RULES: list[tuple[str, str, _Resolver]] = [
    ("en_dby", r"(?:the\s+)?day\s+before\s+yesterday", _days(-2)),
    ("en_dat", r"(?:the\s+)?day\s+after\s+tomorrow", _days(2)),
    ("en_yesterday", r"yesterday|last\s+night", _days(-1)),
    ("en_today", r"today|tonight|this\s+(?:morning|afternoon|evening)", _days(0)),
    ("en_tomorrow", r"tomorrow", _days(1)),
    ("en_weekend", rf"(?P<en_weekend_w>{_WHICH})\s+weekend", _weekend("en_weekend_w")),
    ("en_week", rf"(?P<en_week_w>{_WHICH})\s+week", _week("en_week_w")),
    ("en_month", rf"(?P<en_month_w>{_WHICH})\s+month", _month("en_month_w")),
    ("en_year", rf"(?P<en_year_w>{_WHICH})\s+year", _en_year),
    ("en_ago", rf"(?P<en_ago_n>{_EN_COUNT})\s+(?P<en_ago_u>day|week|month|year)s?\s+ago", _en_ago),
    ("en_in", rf"in\s+(?P<en_in_n>{_EN_COUNT})\s+(?P<en_in_u>day|week)s?", _en_in),
    ("en_fn", rf"(?P<en_fn_n>{_EN_COUNT})\s+(?P<en_fn_u>day|week|month|year)s?\s+from\s+now",
     _en_from_now),
    ("en_wd", rf"(?P<en_wd_w>last|next)\s+(?P<en_wd_d>{'|'.join(_WEEKDAYS)})", _en_weekday),
]
_ZH_RULES: list[tuple[str, str, _Resolver]] = [
    ("zh_ddby", r"大前天", _days(-3)),
    ("zh_dby", _NOT_AFTER_QIAN + r"前天", _days(-2)),
    ("zh_yesterday", r"昨天|昨日|昨晚", _days(-1)),
    ("zh_today", r"今天|今日|今晚", _days(0)),
    ("zh_tomorrow", _NOT_AFTER_MING + r"明(?:天|晚)", _days(1)),
    ("zh_dat", _NOT_AFTER_HOU + r"(?:后|後)天", _days(2)),
    ("zh_weekend", _ZH_SHIFT.format(g="zh_weekend_w") + r"(?:周末|週末)", _weekend("zh_weekend_w")),
    ("zh_week", _ZH_SHIFT.format(g="zh_week_w") + _ZH_WEEK + r"(?![报報刊围圍边邊岁歲期])", _week("zh_week_w")),
    ("zh_month", _ZH_SHIFT.format(g="zh_month_w") + r"月(?![球亮光台饼餅])", _month("zh_month_w")),
    ("zh_year", rf"(?P<zh_year_w>大前年|{_NOT_AFTER_QIAN}前年|{_NOT_AFTER_QU}去年|今年|{_NOT_AFTER_MING}明年)",
     _zh_year),
    ("zh_ago", _ZH_NOT_IN_NUMBER + rf"(?P<zh_ago_n>{_ZH_COUNT})"
               rf"(?P<zh_ago_u>天|{_ZH_WEEK}|{_ZH_MONTH}|年)(?:以|之)?前", _zh_ago),
    ("zh_half", r"(?P<zh_half_w>半(?:个月|個月|年))(?:以|之)?前", _zh_half_ago),
]

@cache
def _pattern() -> re.Pattern[str]:
    """Every expression in one pattern, compiled when first needed: compiling it is ~15 ms, paid
    by every command that imports this module, and most never see a text :data:`_MAYBE` lets by."""
    return re.compile("|".join([_en(name, body) for name, body, _ in _EN_RULES]
                               + [_zh(name, body) for name, body, _ in _ZH_RULES]), re.IGNORECASE)


_RESOLVE: dict[str, _Resolver] = {name: fn for name, _, fn in _EN_RULES + _ZH_RULES}
# Every expression above holds one of these words or characters (a day, a night, a week, a month,
# a year, "ago"): most text holds none, and this check costs about a hundredth of the pattern's
# scan (which was 93 us an entry, most of indexing a home's dates).
_MAYBE = re.compile(r"day|night|morning|afternoon|evening|week|month|year|tomorrow|ago|[天日晚周週期拜月年]",
                    re.IGNORECASE)


# --- public --------------------------------------------------------------------------------------

def referenced_dates(text: str, anchor: datetime | date) -> list[date]:
    """The dates that relative time expressions in ``text`` point to, seen from ``anchor``.

    Args:
        text: any text, English and/or Chinese.
        anchor: when the text was written (a ``datetime`` counts by its date).

    Returns:
        One date per distinct referenced day, in order of first appearance; ``[]`` when the text
        has no relative expression. A reference that would fall outside the calendar
        (``date.min``..``date.max``) is left out. Never raises for any text.
    """
    day = anchor.date() if isinstance(anchor, datetime) else anchor
    if not isinstance(day, date):
        raise TypeError(f"anchor must be a date or datetime, not {type(anchor).__name__}")
    found: dict[date, None] = {}  # ordered set
    if not text or not _MAYBE.search(text):
        return []
    for m in _pattern().finditer(text):
        try:
            found.setdefault(_RESOLVE[m.lastgroup](m, day), None)
        except (OverflowError, ValueError):  # before year 1 or after 9999
            continue
    return list(found)


def month_words(d: date) -> str:
    """``date(2023, 3, 5)`` -> ``"march 2023"``: how the searcher indexes a month."""
    return f"{_MONTH_NAMES[d.month - 1]} {d.year}"
