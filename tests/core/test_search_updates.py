"""A searcher that follows changes scores exactly as one built from scratch on the same units."""
from __future__ import annotations

import random

import numpy as np
import pytest

from linghun.core.search import SearchConfig, Searcher, TokenCache, Unit, config_for

WORDS = ["订单服务", "端口", "部署", "redis", "postgres", "缓存", "release", "rollback", "回归测试", "昨天",
         "last month", "预算", "staging", "pnpm", "监控"]


def _unit(rng: random.Random, i: int, speakers: bool) -> Unit:
    day = f"2026-0{1 + i % 3}-{1 + (i // 4) % 20:02d}"
    meta = {"time": f"{day} 10:{i % 60:02d}", "session": day}
    if speakers:
        meta["speaker"] = rng.choice(["Maya", "Tom", "user"])
    text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 7))) + ("?" if i % 5 == 0 else "")
    return Unit(f"u{i}-{rng.random():.6f}", text, meta)


def _scores(searcher: Searcher, query: str) -> dict:
    total, _, parts = searcher._score(searcher._query(query))
    live = [i for i, u in enumerate(searcher.units) if u is not None]
    out = {searcher.units[i].id: round(float(total[i]), 12) for i in live}
    for name, (weight, values) in parts.items():
        out.update({(name, searcher.units[i].id): round(float(weight * values[i]), 12) for i in live})
    return out


def changed(rng: random.Random, units: list[Unit], op: str, new: Unit, time: str, more: str) -> list[Unit]:
    """``units`` after ``op``: ``new`` appended at ``time`` (its day the session), a random unit's
    text extended by ``more``, or a random unit removed."""
    if op == "append":
        return units + [Unit(new.id, new.text, {**new.meta, "time": time, "session": time[:10]})]
    if not units:
        return units
    i = rng.randrange(len(units))
    if op == "edit":
        return units[:i] + [Unit(units[i].id, units[i].text + more, units[i].meta)] + units[i + 1:]
    return units[:i] + units[i + 1:]


@pytest.mark.parametrize("speakers, config", [(False, SearchConfig()), (True, SearchConfig()),
                                              (True, config_for(False, use_meaning=True))])
def test_updated_scores_as_a_fresh_build(speakers, config):
    rng = random.Random(3)
    units = sorted((_unit(rng, i, speakers) for i in range(60)), key=lambda u: u.meta["time"])
    searcher = Searcher(units, config, cache=TokenCache())
    counter = 60
    for step in range(40):
        op = rng.choice(["append", "edit", "remove", "append"])
        counter += 1
        units = changed(rng, units, op, _unit(rng, counter, speakers), "2026-04-01 10:00", " 端口 redis")
        before = searcher
        searcher = searcher.updated(units)
        assert searcher is before, "an append, edit or removal is done in place"
        fresh = Searcher(units, config)
        for query in ("订单服务 端口", "redis release?", "what did Maya say about 缓存", "my 预算", "april 2026"):
            # float32 products of the meaning channel differ in their last digits with the
            # matrix's layout (grown in place or built whole): equal to 1e-6
            assert _scores(searcher, query) == pytest.approx(_scores(fresh, query), rel=1e-5, abs=1e-6), (step, op, query)
            assert [h.id for h in searcher.search(query, 8)] == [h.id for h in fresh.search(query, 8)]
        assert searcher.newest_ids(5) == fresh.newest_ids(5)
        assert len(searcher) == len(units)


def test_insertion_before_other_units_builds_anew_with_the_cache():
    rng = random.Random(5)
    units = [_unit(rng, i, False) for i in range(10)]
    cache = TokenCache()
    searcher = Searcher(units, cache=cache)
    tokenised = cache.added
    moved = searcher.updated([_unit(rng, 99, False)] + units)
    assert moved is not searcher
    assert cache.added == tokenised + 1  # only the new unit was tokenised
    assert np.array_equal(moved._score(moved._query("端口"))[0],
                          Searcher([moved.units[0]] + units)._score(moved._query("端口"))[0])
