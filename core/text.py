"""Text analysis for mixed Chinese and English memory text (SPEC 13).

Upstream BM25 sees only ASCII words, so a Chinese query scores zero. Here Chinese runs are cut into
words by jieba and Latin words follow the upstream rule (``[a-z0-9][a-z0-9_\\-']*``, lowercased,
English stop list, single characters dropped).

Chinese is cut into rjieba's words (jieba-rs), by :mod:`core.segmenter` for a process's first
characters (no dictionary build) and by rjieba after (see :data:`SEGMENTER_CHARS`). jieba itself,
the reference, cuts when the user added words or neither is installed: it is loaded lazily on the
first Chinese text (about a second the first time), under a lock so two threads never build its
dictionary twice, with its dictionary cache in the application's cache folder
(``core.appdirs.cache_dir()/jieba``) and its logging kept quiet.

Public functions:

- :func:`tokenize` -- index/query tokens (jieba words + Latin words, stop words removed).
- :func:`significant_tokens` -- the SPEC 13 rule used by feedback and cache matching (CJK bigrams,
  Latin words of 4+ characters).
- :func:`configure` -- a user dictionary for jieba (a path, one ``word [freq] [tag]`` a line) and
  extra words.
- :func:`stem` -- English stemming of tokens (Snowball via PyStemmer), used by the searcher.
"""
from __future__ import annotations

import logging
import re
import threading
import unicodedata
from functools import lru_cache, partial
from importlib.util import find_spec
from os import PathLike
from pathlib import Path
from typing import Iterable

from linghun.core.appdirs import cache_dir
from linghun.core.segmenter import open_cached

__all__ = [
    "tokenize",
    "significant_tokens",
    "configure",
    "stem",
    "is_cjk",
    "approx_tokens",
    "within_tokens",
    "ENGLISH_STOP",
    "CHINESE_STOP",
    "SIGNIFICANT_STOP",
]

# CJK unified ideographs (basic, extension A, compatibility). Runs of these go to jieba.
_CJK_CLASS = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_CJK_CHAR = re.compile(f"[{_CJK_CLASS}]")
# One scan finds both kinds of token in text order: a CJK run, or a Latin word (upstream rule).
_SCAN = re.compile(f"([{_CJK_CLASS}]+)|([a-z0-9][a-z0-9_\\-']*)")

ENGLISH_STOP: frozenset[str] = frozenset(
    """
    a about above after again against all am an and any are aren't as at be because been before
    being below between both but by can can't cannot could couldn't did didn't do does doesn't
    doing don't down during each few for from further had hadn't has hasn't have haven't having he
    he'd he'll he's her here here's hers herself him himself his how how's i i'd i'll i'm i've if
    in into is isn't it it's its itself let's me more most mustn't my myself no nor not of off on
    once only or other ought our ours ourselves out over own same shan't she she'd she'll she's
    should shouldn't so some such than that that's the their theirs them themselves then there
    there's these they they'd they'll they're they've this those through to too under until up
    very was wasn't we we'd we'll we're we've were weren't what what's when when's where where's
    which while who who's whom why why's will with won't would wouldn't you you'd you'll you're
    you've your yours yourself yourselves also just like get got yes yeah oh ok okay really
    s t d ll m re ve
    """.split()
)

# Function words, pronouns, particles and fillers. Content words (even short ones) stay searchable.
CHINESE_STOP: frozenset[str] = frozenset(
    """
    的 了 着 过 是 在 和 与 及 或 也 都 就 还 又 再 把 被 让 给 对 从 到 向 为 以 而 但 却 则 并 且
    吗 呢 吧 啊 呀 哦 嗯 哈 么 嘛 啦 哟 喔 呗 这 那 哪 谁 我 你 您 他 她 它 咱 俺 其 之 于 个 些 得 地
    很 太 更 最 挺 蛮 有 没 不 会 能 要 想 可 该 将 已 才 刚 正 便 即 若 如 等 等等 之类
    我们 你们 他们 她们 它们 咱们 自己 大家 什么 怎么 怎样 如何 为什么 为何 哪里 哪儿 哪个 那个 这个
    这些 那些 这样 那样 这么 那么 一个 一下 一些 一点 一种 一直 可以 可能 应该 需要 知道 没有 不是
    就是 还是 或者 而且 但是 然后 因为 所以 如果 虽然 只是 不过 已经 现在 请问 时候 的话 一样 比较
    非常 特别 其实 当然 并且 以及 还有 这里 那里 之前 之后 以后 以前 问题 东西 事情 吧 呀 嘿
    """.split()
)

# SPEC 13: the stop list of the significant-token rule, exactly as published.
SIGNIFICANT_STOP: frozenset[str] = frozenset(
    "这个 那个 什么 怎么 如何 一下 我们 你们 他们 一个 自己 现在 请问 可以 知道 没有 不是 就是 这样 那样 "
    "昨天 今天 明天 最近 之前 时候 问题 东西 事情".split()
)

_lock = threading.RLock()
_jieba = None  # the initialised jieba.Tokenizer (jieba.dt), or None before first use
_user_dicts: list[Path] = []
_user_words: list[str] = []
_cache_file_name = "jieba.cache"


def is_cjk(ch: str) -> bool:
    """Whether ``ch`` (one character) is a CJK ideograph."""
    return bool(_CJK_CHAR.match(ch))


def approx_tokens(text: str) -> int:
    """A model-free token estimate, the one every budget and report of the project uses: CJK
    characters count one each, other text about four characters per token (the usual rule of
    thumb for English BPE vocabularies)."""
    cjk = sum(1 for ch in text if "\u3400" <= ch <= "\u9fff")
    return cjk + -(-(len(text) - cjk) // 4)


def within_tokens(text: str, budget: int) -> str:
    """The longest prefix of ``text`` whose :func:`approx_tokens` is at most ``budget``."""
    if approx_tokens(text) <= budget:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # approx_tokens grows with the prefix: bisect its length
        mid = (lo + hi + 1) // 2
        if approx_tokens(text[:mid]) <= budget:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo]


def _normalise(text: str) -> str:
    # NFKC folds full-width Latin and digits (Ｓｐｒｉｎｔ１) into ASCII before lowercasing.
    return unicodedata.normalize("NFKC", text).lower()


def _load_userdict(tokenizer, path: Path) -> None:
    # jieba opens a path it is given and never closes it; hand it an open file we close.
    with open(path, "rb") as handle:
        tokenizer.load_userdict(handle)


def _dictionary():
    """The shared jieba tokenizer, initialised once (thread-safe), cache in our cache folder."""
    global _jieba
    if _jieba is not None:
        return _jieba
    with _lock:
        if _jieba is not None:
            return _jieba
        import jieba

        jieba.setLogLevel(logging.WARNING)
        folder = cache_dir() / "jieba"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            jieba.dt.tmp_dir = str(folder)
            jieba.dt.cache_file = _cache_file_name
        except OSError:
            # An unwritable cache folder only costs speed: jieba then rebuilds in memory.
            pass
        jieba.dt.initialize()
        for path in _user_dicts:
            _load_userdict(jieba.dt, path)
        for word in _user_words:
            jieba.dt.add_word(word)
        _jieba = jieba.dt
        return _jieba


def configure(user_dict: str | PathLike | None = None, words: Iterable[str] = ()) -> None:
    """Add a jieba user dictionary file and/or single words (names, project terms).

    Applied at once when jieba is already loaded, else at its first use. A missing file raises
    ``core.errors.NotFoundError``.
    """
    with _lock:
        if user_dict is not None:
            path = Path(user_dict)
            if not path.is_file():
                from linghun.core.errors import NotFoundError

                raise NotFoundError(f"jieba user dictionary not found: {path}")
            _user_dicts.append(path)
            if _jieba is not None:
                _load_userdict(_jieba, path)
        for word in words:
            word = word.strip()
            if word:
                _user_words.append(word)
                if _jieba is not None:
                    _jieba.add_word(word)
        _cut_run.cache_clear()


#: characters of Chinese cut by :mod:`core.segmenter` in a process before rjieba takes over: the
#: segmenter costs ~10 us a character and opens in a millisecond, rjieba 0.2 us a character after
#: an import of ~110 ms (measured on the seeds), so a command that cuts only its question never
#: imports rjieba, and a process that indexes a home pays the import once its work is large.
SEGMENTER_CHARS = 2000


def _fast_cut(size: int):
    """A cut of one CJK run into rjieba's words (jieba-rs: the same dictionary and HMM as jieba,
    measured to give the same words on every Chinese line of the fixtures, the demo home and the
    seeds, at about a tenth of jieba's CPU and without jieba's one-second dictionary load), from
    :mod:`core.segmenter` for the first :data:`SEGMENTER_CHARS` characters of a process and from
    rjieba after; None when neither is at hand or the user added words (jieba's user dictionaries
    stay the reference). ``size`` is the length of the run about to be cut."""
    global _segmented
    if _user_dicts or _user_words:
        return None
    if _segmented < SEGMENTER_CHARS or not _rjieba_cut():
        segmenter = _segmenter()
        if segmenter is not None:
            _segmented += size
            return segmenter.cut
    return _rjieba_cut() or None


def _segmenter():
    global _segmenter_opened
    if _segmenter_opened is None:
        with _lock:
            if _segmenter_opened is None:
                _segmenter_opened = open_cached(cache_dir()) or False
    return _segmenter_opened or None


def _rjieba_cut():
    """rjieba's ``cut`` with the HMM, or False when it is not installed."""
    global _rjieba
    if _rjieba is None:
        try:
            import rjieba  # start-up time: its import builds the whole dictionary (~110 ms)

            _rjieba = partial(rjieba.cut, hmm=True)
        except ImportError:  # optional speed-up: jieba does the same work
            _rjieba = False
    return _rjieba


_rjieba = None
_segmenter_opened = None
_segmented = 0


def tokenizer_name() -> str:
    """Which words Chinese is cut into (a token cache made by another segmenter is not reused):
    rjieba's, from rjieba or :mod:`core.segmenter` alike, or jieba's with the user's words.
    Answered without importing rjieba: its dictionary load is the largest part of a command that
    restores the home's index and never cuts Chinese."""
    if _user_dicts or _user_words:
        return f"jieba+{len(_user_dicts)}+{len(_user_words)}"
    if _rjieba or (_rjieba is None and find_spec("rjieba") is not None) or _segmenter():
        return "rjieba"
    return "jieba+0+0"


@lru_cache(maxsize=65536)
def _cut_run(run: str) -> tuple[str, ...]:
    """jieba words of one CJK run, stop words dropped (cached: chat text repeats a lot)."""
    fast = _fast_cut(len(run))
    words = fast(run) if fast else _dictionary().lcut(run, HMM=True)
    return tuple(w for w in words if w not in CHINESE_STOP and w.strip())


def tokenize(text: str) -> list[str]:
    """Index and query tokens of mixed Chinese/English text, in text order.

    >>> tokenize("Sprint 1 的截止日期是 2026-03-29")  # doctest: +SKIP
    ['sprint', '截止', '日期', '2026-03-29']
    """
    if not text:
        return []
    out: list[str] = []
    for cjk, latin in _SCAN.findall(_normalise(text)):
        if cjk:
            out.extend(_cut_run(cjk))
        elif len(latin) > 1 and latin not in ENGLISH_STOP:
            out.append(latin)
    return out


def significant_tokens(text: str) -> list[str]:
    """SPEC 13 significant tokens: CJK runs of 2+ as overlapping bigrams minus the stop list,
    and Latin words of 4+ characters (lowercased). Order kept, duplicates removed."""
    seen: dict[str, None] = {}
    for cjk, latin in _SCAN.findall(_normalise(text or "")):
        if cjk:
            if len(cjk) < 2:
                continue
            for i in range(len(cjk) - 1):
                gram = cjk[i : i + 2]
                if gram not in SIGNIFICANT_STOP:
                    seen.setdefault(gram, None)
        elif len(latin) >= 4:
            seen.setdefault(latin, None)
    return list(seen)


# Past forms of common irregular English verbs -> the base form. Questions ask in the present
# ("When did she meet...?") while conversations tell in the past ("we met..."), and a suffix
# stemmer cannot see that "met" is "meet".
_IRREGULAR = """
arise:arose,arisen awake:awoke,awoken be:was,were,been bear:borne become:became begin:began,begun
bend:bent bite:bit,bitten bleed:bled blow:blew,blown break:broke,broken breed:bred bring:brought
build:built burn:burnt buy:bought catch:caught choose:chose,chosen cling:clung come:came creep:crept
deal:dealt dig:dug dive:dove do:did,done draw:drew,drawn dream:dreamt drink:drank,drunk drive:drove,driven
eat:ate,eaten fall:fell,fallen feed:fed feel:felt fight:fought find:found flee:fled fly:flew,flown
forbid:forbade forget:forgot,forgotten forgive:forgave,forgiven freeze:froze,frozen get:got,gotten
give:gave,given go:went,gone grow:grew,grown hang:hung have:had hear:heard hide:hid,hidden
hold:held keep:kept kneel:knelt know:knew,known lay:laid lead:led leap:leapt learn:learnt leave:left
lend:lent lie:lain light:lit lose:lost make:made mean:meant meet:met pay:paid ride:rode,ridden
ring:rang,rung rise:rose,risen run:ran say:said see:saw,seen seek:sought sell:sold send:sent sew:sewn
shake:shook,shaken shine:shone shoot:shot show:shown shrink:shrank sing:sang,sung sink:sank,sunk sit:sat
sleep:slept slide:slid speak:spoke,spoken speed:sped spend:spent spin:spun spit:spat spring:sprang
stand:stood steal:stole,stolen stick:stuck sting:stung stink:stank strike:struck strive:strove
swear:swore,sworn sweep:swept swim:swam,swum swing:swung take:took,taken teach:taught tear:tore,torn
tell:told think:thought throw:threw,thrown understand:understood wake:woke,woken wear:wore,worn
weave:wove,woven weep:wept win:won withdraw:withdrew write:wrote,written
"""
IRREGULAR_VERBS: dict[str, str] = {
    form: base for item in _IRREGULAR.split() for base, forms in [item.split(":")] for form in forms.split(",")
}

_stemmers = threading.local()  # PyStemmer objects are not thread-safe: one per thread


def stem(tokens: Iterable[str]) -> list[str]:
    """English Snowball stems of ``tokens`` (past forms of irregular verbs first mapped to their
    base: "met" -> "meet"); Chinese words and numbers pass through unchanged."""
    stemmer = getattr(_stemmers, "english", None)
    if stemmer is None:
        import Stemmer

        stemmer = _stemmers.english = Stemmer.Stemmer("english")
    return [stemmer.stemWord(IRREGULAR_VERBS.get(tok, tok)) if "a" <= tok[0] <= "z" else tok for tok in tokens]
