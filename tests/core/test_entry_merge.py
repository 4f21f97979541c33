"""Two chosen entries merged (core/entry_merge.py): what the kept entry becomes, and what is refused."""
import pytest

from linghun.core.entry_merge import merge_changes, merge_order, merged_body
from linghun.core.errors import InvalidInputError
from linghun.core.formats.warm import new_entry, parse_warm


def _entries(*blocks):
    doc = parse_warm("".join(new_entry(*b).raw + "\n" for b in blocks))
    return doc.entries


def test_the_earlier_entry_keeps_both_bodies_the_lower_confidence_and_the_later_access():
    a, b = _entries(("2026-10-01 09:00", "fact", "high", "端口 | 8080", "2026-10-02 10:00"),
                    ("2026-10-05 09:00", "fact", "low", "端口 | 9090", "2026-10-06 11:00"))
    kept, removed = merge_order(b, a)
    assert (kept.n, removed.n) == (1, 2)
    assert merge_changes(kept, removed) == {"body": "端口 | 8080\n\n端口 | 9090", "confidence": "low",
                                            "last_access": "2026-10-06 11:00"}


def test_a_body_the_other_holds_is_not_repeated():
    assert merged_body("the deploy runs at 9", "the  deploy\nruns at 9") == "the deploy runs at 9"
    assert merged_body("deploy", "the deploy runs at 9") == "the deploy runs at 9"


def test_wrong_entries_other_kinds_and_one_entry_twice_are_refused():
    a, b, c = _entries(("2026-10-01 09:00", "fact", "medium", "x | 1", None),
                       ("2026-10-02 09:00", "fact", "wrong", "x | 2", None),
                       ("2026-10-03 09:00", "event", "medium", "went | home", None))
    with pytest.raises(InvalidInputError, match=r"\[2\] is wrong: Revive it first"):
        merge_changes(a, b)
    with pytest.raises(InvalidInputError, match="only entries of one kind merge"):
        merge_changes(a, c)
    with pytest.raises(InvalidInputError, match="two different entries"):
        merge_changes(a, a)
