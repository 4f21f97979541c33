"""The domain lexicon: which parts of life (money, family, health...) a text touches.

The built-in lexicon is ``core.goals.domains.DOMAIN_LEXICON``. A home extends it with
``memory/goals/lexicon.json``::

    {
      "version": 1,
      "domains": {
        "pets":   {"en": ["vet", "puppy"], "zh": ["兽医", "小狗"], "situations": ["vet visit"]},
        "money":  {"en": ["crypto"], "zh": ["比特币"]}
      }
    }

Words given for an existing domain are added to it; a new name makes a new domain. Lists or
whitespace-separated strings are accepted (situations: a list or ``|``-separated). Matching:

- English words are compared on stems (``saving`` hits ``save``); an entry of several words (or a
  hyphenated one, e.g. ``down-payment``) hits when all its words occur in the text.
- Chinese words hit as substrings of the text, whatever the jieba segmentation.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping

from linghun.core.errors import CorruptFileError
from linghun.core.fsio import read_json
from linghun.core.goals.domains import DOMAIN_LEXICON
from linghun.core.goals.features import TextFeatures, tokens_of

#: the domain of a goal that no lexicon word places (never gives a domain hit)
GENERAL = "general"
BELIEF = "belief"


def _words(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return value.split()
    return [str(v).strip() for v in value if str(v).strip()]


def _situations(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [s.strip() for s in value.split("|") if s.strip()]
    return [str(v).strip() for v in value if str(v).strip()]


def _is_cjk_word(word: str) -> bool:
    return any("\u3400" <= ch <= "\u9fff" for ch in word)


@dataclass
class Domain:
    """One domain's words, prepared for matching."""

    name: str
    single: dict[str, str] = field(default_factory=dict)          # stem -> the word as listed
    multi: list[tuple[frozenset[str], str]] = field(default_factory=list)  # stems, word
    chinese: list[str] = field(default_factory=list)
    situations: list[str] = field(default_factory=list)

    def add(self, words: Iterable[str], situations: Iterable[str] = ()) -> None:
        for word in words:
            word = word.strip().lower()
            if not word:
                continue
            if _is_cjk_word(word):
                if word not in self.chinese:
                    self.chinese.append(word)
                continue
            stems = tokens_of(word.replace("-", " "))
            if len(stems) == 1:
                self.single.setdefault(stems[0], word)
            elif len(stems) > 1:
                self.multi.append((frozenset(stems), word))
        for s in situations:
            if s not in self.situations:
                self.situations.append(s)

    def hits(self, features: TextFeatures) -> list[str]:
        """The lexicon words of this domain found in the text, in lexicon order."""
        found = [w for s, w in self.single.items() if s in features.tokens]
        found += [w for stems, w in self.multi if stems <= features.tokens]
        found += [w for w in self.chinese if w in features.normalised]
        return found


class Lexicon:
    """Domains by name; ``hits`` tells which domains a text touches and through which words."""

    def __init__(self, data: Mapping[str, Mapping[str, Any]] = DOMAIN_LEXICON):
        self.domains: dict[str, Domain] = {}
        self.extend(data)

    def extend(self, data: Mapping[str, Mapping[str, Any]]) -> None:
        for name, spec in data.items():
            name = str(name).strip().lower()
            if not name or not isinstance(spec, Mapping):
                continue
            domain = self.domains.setdefault(name, Domain(name))
            domain.add(_words(spec.get("en")) + _words(spec.get("zh")) + _words(spec.get("words")),
                       _situations(spec.get("situations")))

    @property
    def names(self) -> list[str]:
        return list(self.domains)

    def hits(self, text_or_features: str | TextFeatures) -> dict[str, list[str]]:
        """``{domain: [words]}`` for every domain with at least one word in the text."""
        f = text_or_features if isinstance(text_or_features, TextFeatures) else TextFeatures.of(text_or_features)
        out = {}
        for name, domain in self.domains.items():
            words = domain.hits(f)
            if words:
                out[name] = words
        return out

    def classify(self, text: str) -> tuple[str, list[str]]:
        """The domain with the most word hits (lexicon order breaks ties), or ``general``."""
        hits = self.hits(text)
        if not hits:
            return GENERAL, []
        best = max(hits, key=lambda d: len(hits[d]))  # max keeps the first of equals
        return best, hits[best]

    def situations(self, domain: str) -> list[str]:
        d = self.domains.get(domain)
        return list(d.situations) if d else []


def extension_path(goals_dir: Path) -> Path:
    return Path(goals_dir) / "lexicon.json"


def load_extension(path: Path) -> dict[str, Mapping[str, Any]]:
    """The ``domains`` of a lexicon extension file (``{}`` when absent).

    A file that is not JSON is quarantined and raises ``CorruptFileError``; a JSON file of the
    wrong shape raises ``CorruptFileError`` too (nothing is copied: it is valid JSON, kept as is).
    """
    data = read_json(path)
    if data is None:
        return {}
    domains = data.get("domains") if isinstance(data, dict) else None
    if not isinstance(domains, dict):
        raise CorruptFileError(path, 'expected {"domains": {name: {"en": [...], "zh": [...]}}}', None)
    return domains


_BUILTIN: Lexicon | None = None


def builtin_lexicon() -> Lexicon:
    global _BUILTIN
    if _BUILTIN is None:
        _BUILTIN = Lexicon()
    return _BUILTIN


def lexicon_for(goals_dir: Path | None) -> Lexicon:
    """The built-in lexicon extended by the home's ``lexicon.json`` when there is one."""
    if goals_dir is None:
        return builtin_lexicon()
    ext = load_extension(extension_path(goals_dir))
    if not ext:
        return builtin_lexicon()
    lex = Lexicon()
    lex.extend(ext)
    return lex
