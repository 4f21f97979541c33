"""Offline patterns that recognise goal signals in English and Chinese sentences.

Each pattern names the signal it produces. A sentence is tested against the signals in a fixed
order, most specific first: value statements (``belief``: "I believe in...", "我绝不..."), then
abandonment, completion, change, progress, and finally intentions and plans (``new``). The
first signal with a matching pattern wins, so "I finally finished the marathon I planned" is a
completion, not a plan.

Intentions that are only conversational ("I want to know", "我想问一下") are not goals and are
excluded.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

_I = r"(?:\bi|\bwe|\b(?:the\s+)?user)"
_ADV = r"(?:\s+(?:really|truly|strongly|firmly|still|always|also|just|now|finally|seriously|definitely))*"
_CHAT_VERBS = r"(?:know|ask|say|tell|thank|see\s+(?:if|what|how)|mention|check|add|point|share\s+(?:a|my|some|this))\b"


@dataclass(frozen=True)
class Pattern:
    signal: str          # new | progress | change | achieve | abandon
    name: str            # shown as the evidence of an extraction
    source: str          # the regular expression
    flags: int = 0
    belief: bool = False  # a value statement: the goal goes to the belief domain

    @cached_property
    def regex(self) -> re.Pattern:
        """Compiled when first matched: compiling them all was 14 ms of every command that reads
        goals (``linghun turn``, ``context``), which never extracts one."""
        return re.compile(self.source, self.flags)


def _en(signal: str, name: str, pattern: str, belief: bool = False) -> Pattern:
    return Pattern(signal, name, pattern, re.IGNORECASE, belief)


def _zh(signal: str, name: str, pattern: str, belief: bool = False) -> Pattern:
    return Pattern(signal, name, pattern, 0, belief)


VALUE_PATTERNS: tuple[Pattern, ...] = (
    _en("new", "en:believe", rf"{_I}{_ADV}\s+(?:believe|believed)\s+(?:in|that|everyone|people|it's|it\s+is)\b", True),
    _en("new", "en:refuse", rf"{_I}{_ADV}\s+(?:refused|refuse|won't\s+ever|will\s+never|would\s+never|'d\s+never|'ll\s+never|never\s+will)\b", True),
    _en("new", "en:important-to-me", r"\b(?:it's|it\s+is|that's|that\s+is)\s+(?:really\s+|very\s+|so\s+)?important\s+to\s+me\b", True),
    _en("new", "en:value", rf"{_I}{_ADV}\s+(?:value|cherish|stand\s+(?:for|up\s+for))\b", True),
    _en("new", "en:principle", r"\bmy\s+(?:core\s+)?(?:values?|principles?|beliefs?|moral\s+code)\b", True),
    _en("new", "en:always-try", rf"{_I}\s+always\s+try\s+to\b", True),
    _zh("new", "zh:相信", r"我们?(?:一直|始终|坚定地|真的|也)?(?:相信|坚信)", True),
    _zh("new", "zh:绝不", r"我们?(?:绝不|绝对不会|决不|从不|从来不|坚决不|永远不会|拒绝|不会去)", True),
    _zh("new", "zh:原则", r"我的(?:原则|底线|价值观|信念|信条)", True),
    _zh("new", "zh:很重要", r"对我(?:来说|而言).{0,16}(?:很|非常|最)重要", True),
    _zh("new", "zh:坚持做人", r"(?:做人(?:要|应该)|我坚持(?:要|认为)?)", True),
)

SIGNAL_PATTERNS: tuple[Pattern, ...] = (
    # abandonment
    _en("abandon", "en:give-up", rf"{_I}(?:'ve|\s+have|\s+had)?{_ADV}\s+(?:gave\s+up|given\s+up|give\s+up|giving\s+up)\b"),
    _en("abandon", "en:quit", rf"{_I}(?:'ve|\s+have)?{_ADV}\s+(?:quit|dropped|abandoned|stopped\s+trying|called\s+off|cancelled|canceled)\b"),
    _en("abandon", "en:no-longer", r"\bno\s+longer\s+(?:want|plan|going|interested|pursuing)\b|\bnot\s+going\s+to\s+\w+\s+(?:anymore|any\s+more)\b"),
    _en("abandon", "en:decided-not", rf"{_I}(?:'ve|\s+have)?\s+decided\s+not\s+to\b"),
    _zh("abandon", "zh:放弃", r"放弃了?|不想再|不再(?:打算|想|准备|考虑)|算了吧?|取消了|退出了|不(?:打算|准备)再"),
    # completion
    _en("achieve", "en:finished", rf"{_I}(?:'ve|\s+have)?{_ADV}\s+(?:finished|completed|achieved|accomplished|reached|graduated|made\s+it|did\s+it|got\s+accepted|got\s+into|got\s+the\s+job|passed|paid\s+off|saved\s+enough|hit\s+my\s+goal)\b"),
    _en("achieve", "en:finally", rf"{_I}\s+finally\s+(?!want|plan|decided|started|begin|began)\w+"),
    _en("achieve", "en:done", r"\b(?:it's|it\s+is)\s+(?:finally\s+)?(?:done|official)\b"),
    _zh("achieve", "zh:终于", r"终于|完成了|做到了|实现了|达成了?|毕业了|考上了|拿到了|还清了|存够了|通过了"),
    # change
    _en("change", "en:changed-mind", r"\bchanged\s+my\s+mind\b|\binstead\s+of\b|\binstead\b|\bswitch(?:ed|ing)?\s+(?:to|from)\b|\bnow\s+i\s+(?:want|plan)\s+to\b"),
    # a changed goal is the speaker's own ("我改成…", "我们转而…"): "幂等键改为 order_id" in a PR
    # note changes a setting, not a goal (写侧节制: no goal is made of it)
    _zh("change", "zh:改成", r"(?:我们?|用户)[^，。！？；,.!?;]{0,12}?(?:改成|改为|换成|转而|不如改)|改变主意|改主意"),
    # progress
    _en("progress", "en:working-on", rf"{_I}(?:'ve|'m|\s+have|\s+am|\s+are|'re)?{_ADV}\s+(?:been\s+)?(?:working\s+on|making\s+progress|started|begun|saving\s+up|saving\s+for|putting\s+(?:money\s+|some\s+money\s+)?aside|put\s+(?:money\s+)?aside|signed\s+up|enrolled|training\s+for|practicing|practising|learning|halfway|on\s+track|already\s+saved|saved\s+up)\b"),
    _en("progress", "en:so-far", r"\b(?:so\s+far|halfway\s+there|one\s+step\s+closer|getting\s+closer)\b"),
    _zh("progress", "zh:进展", r"已经开始|开始(?:学|练|存|准备)|正在(?:学|练|存|准备|努力|戒)|在练|在戒|报名了|一半|有进展|已经存了|每个?月(?:都)?(?:存|攒)|坚持了|在准备|在攒"),
    # intentions and plans
    _en("new", "en:want-to", rf"{_I}(?:'d|'m|\s+am|\s+are|'re|\s+would|\s+have)?{_ADV}\s+(?:wants?|wanna|like|hopes?|hoping|plans?|planning|intends?|intending|aims?|aiming|dreams?|dreaming|thinking|decided|determined|going|trying)\s+(?:to|of|about|on)\s+(?!{_CHAT_VERBS}|the\b|a\b|an\b|my\b|your\b|bed\b|sleep\b)"),
    _en("new", "en:my-goal", r"\bmy\s+(?:big\s+|main\s+|new\s+|long-term\s+)?(?:goal|dream|plan|aim|resolution|ambition)\s+(?:is|was|for)\b"),
    _en("new", "en:someday", rf"\bsomeday\s+i\b|\bone\s+day\s+i(?:'d|\s+will|'ll)\b|\bthis\s+year\s+i(?:'m|\s+will|'ll)\b"),
    _zh("new", "zh:想要", r"(?:我们?|用户)(?:很|真的|一直|也|今年|明年|以后)?(?:想要|想|要|打算|计划|准备|希望|决定|梦想)(?!知道|说|问|想|起来|看看|了解一下|请教|确认|吃|睡)"),
    _zh("new", "zh:目标", r"我的(?:目标|梦想|计划|心愿)是|(?:今年|明年)(?:一定)?要"),
)

HIGH_PRIORITY = re.compile(
    r"\b(?:really|most\s+important|dream|must|definitely|biggest|top\s+priority|more\s+than\s+anything|"
    r"determined|life-long|lifelong)\b|一定|最重要|梦想|必须|非常|无论如何", re.IGNORECASE)
LOW_PRIORITY = re.compile(
    r"\b(?:maybe|might|someday|perhaps|probably|one\s+day|eventually|kind\s+of|sort\s+of)\b|也许|或许|可能|有空|有机会|随便",
    re.IGNORECASE)


def match_value(sentence: str) -> Pattern | None:
    return next((p for p in VALUE_PATTERNS if p.regex.search(sentence)), None)


def match_signal(sentence: str) -> Pattern | None:
    """The first pattern (value statements first, then SIGNAL_PATTERNS in order) that matches."""
    return match_value(sentence) or next((p for p in SIGNAL_PATTERNS if p.regex.search(sentence)), None)


def is_value_statement(text: str) -> bool:
    return match_value(text or "") is not None


def guess_priority(sentence: str, belief: bool = False) -> str:
    if belief or HIGH_PRIORITY.search(sentence):
        return "high"
    if LOW_PRIORITY.search(sentence):
        return "low"
    return "medium"
