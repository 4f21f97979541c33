"""The judged-answer protocol peers report: an answer from a context, a judge's CORRECT / WRONG,
token F1 and exact match.

**Judge.** :data:`JUDGE_PROMPT` is the LLM-as-judge prompt of mem0's LoCoMo evaluation
(``evaluation/metrics/llm_judge.py`` in github.com/mem0ai/mem0, Apache-2.0; the protocol of
"Mem0: Building Production-Ready AI Agents with Scalable Long-Term Memory", arXiv 2504.19413,
which Zep, LangMem, MemMachine and others reuse to put their numbers beside mem0's). It is kept
word for word (its typographic quotes included): a changed prompt is another protocol. It is sent
as the one user message at temperature 0, asking for a JSON object, as there.

**Verdicts.** mem0's script reads ``{"label": ...}`` and fails on anything else; a product must
not. :func:`parse_verdict` takes the JSON label when there is one, else the one of CORRECT / WRONG
the text names (the prompt asks for the label last), else the verdict is *unparsed*: counted
WRONG, and counted apart in the report so a judge that cannot follow the format is seen.

**F1 and exact match** as mem0's ``metrics/utils.py`` (from A-Mem) computes them: lowercase,
``. , ! ?`` turned into spaces, split on white space; F1 over the *sets* of words; exact match of
the stripped, lowercased strings.

**Answer prompt.** Ours (the peers' answer prompts differ per system): the question first, then
the memories, so that ``core.llm.fit`` can cut the memories from the end (the weakest first) when
the prompt does not fit the model's window (:data:`MEMORY_HEADING` is one of its candidate
headings).

**Offline.** With no model configured the run is still a run: :func:`offline_answer` answers with
the context's line sharing most words with the question (extractive), and :func:`offline_verdict`
judges by answer-in-context's rule (``core.evaluation.answers``: the gold answer's words stand in
the answer). Its figures are labelled offline and are not comparable with an LLM judge's.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass

from linghun.core.evaluation import answers
from linghun.core.llm.fit import MEMORY_HEADING

#: mem0's judge prompt (module docstring), with ``{question}``, ``{gold_answer}``, ``{generated_answer}``
JUDGE_PROMPT = """
Your task is to label an answer to a question as ’CORRECT’ or ’WRONG’. You will be given the following data:
    (1) a question (posed by one user to another user), 
    (2) a ’gold’ (ground truth) answer, 
    (3) a generated answer
which you will score as CORRECT/WRONG.

The point of the question is to ask about something one user should know about the other user based on their prior conversations.
The gold answer will usually be a concise and short answer that includes the referenced topic, for example:
Question: Do you remember what I got the last time I went to Hawaii?
Gold answer: A shell necklace
The generated answer might be much longer, but you should be generous with your grading - as long as it touches on the same topic as the gold answer, it should be counted as CORRECT. 

For time related questions, the gold answer will be a specific date, month, year, etc. The generated answer might be much longer or use relative time references (like "last Tuesday" or "next month"), but you should be generous with your grading - as long as it refers to the same date or time period as the gold answer, it should be counted as CORRECT. Even if the format differs (e.g., "May 7th" vs "7 May"), consider it CORRECT if it's the same date.

Now it's time for the real question:
Question: {question}
Gold answer: {gold_answer}
Generated answer: {generated_answer}

First, provide a short (one sentence) explanation of your reasoning, then finish with CORRECT or WRONG. 
Do NOT include both CORRECT and WRONG in your response, or it will break the evaluation script.

Just return the label CORRECT or WRONG in a json format with the key as "label".
"""
JUDGE_SOURCE = "mem0 evaluation/metrics/llm_judge.py (arXiv 2504.19413)"
#: the judge's answer is a label and a sentence: this is room enough, and bounds a rambling model
JUDGE_MAX_TOKENS = 200

ANSWER_SYSTEM = (
    "You answer questions about a person's past conversations from the memories given. "
    "Answer in a short phrase (a few words: a name, a date, a thing), not a sentence. "
    "Dates as the memories state them, with the day, month and year when they are known; "
    "resolve words like 'yesterday' or 'last week' against the date of the memory that says them. "
    "If the memories do not say, answer with your best guess from them.")
#: an answer is a short phrase; a base model writes on until it is stopped
ANSWER_MAX_TOKENS = 64
#: bump when a prompt or a rule above changes: a resumed run refuses a ledger of another version
PROTOCOL_VERSION = 1

CORRECT, WRONG, UNPARSED = "CORRECT", "WRONG", "unparsed"

_LABEL = re.compile(r"\b(CORRECT|WRONG)\b")
_JSON_OBJECT = re.compile(r"\{[^{}]*\}", re.DOTALL)
_PUNCT = str.maketrans({".": " ", ",": " ", "!": " ", "?": " "})


def answer_messages(question: str, memories: list[str], joiner: str = "\n\n") -> list[dict]:
    """The answerer's messages: instructions, then the question and the memories (strongest first)."""
    listing = joiner.join(m.strip() for m in memories if m.strip()) or "(none)"
    return [{"role": "system", "content": ANSWER_SYSTEM},
            {"role": "user", "content": f"Question: {question}\n\n{MEMORY_HEADING}{listing}"}]


def judge_messages(question: str, gold: str, generated: str) -> list[dict]:
    return [{"role": "user", "content": JUDGE_PROMPT.format(question=question, gold_answer=gold,
                                                            generated_answer=generated)}]


@dataclass(frozen=True)
class Verdict:
    """A judge's reply read: ``label`` CORRECT / WRONG / unparsed, and how it was read."""

    label: str
    how: str  # "json" | "text" | "none"

    @property
    def correct(self) -> bool:
        return self.label == CORRECT


def parse_verdict(text: str) -> Verdict:
    """The label a judge's reply gives (module docstring)."""
    for found in reversed(_JSON_OBJECT.findall(text or "")):
        try:
            label = str(json.loads(found).get("label", "")).strip().upper()
        except (ValueError, AttributeError):
            continue
        if label in (CORRECT, WRONG):
            return Verdict(label, "json")
    named = set(_LABEL.findall(text or ""))
    if len(named) == 1:
        return Verdict(named.pop(), "text")
    return Verdict(UNPARSED, "none")


def simple_tokens(text: str) -> list[str]:
    return str(text).lower().translate(_PUNCT).split()


def token_f1(prediction: str, gold: str) -> float:
    """F1 over the sets of words (module docstring)."""
    predicted, wanted = set(simple_tokens(prediction)), set(simple_tokens(gold))
    common = predicted & wanted
    if not predicted or not wanted or not common:
        return 0.0
    precision, recall = len(common) / len(predicted), len(common) / len(wanted)
    return 2 * precision * recall / (precision + recall)


def exact_match(prediction: str, gold: str) -> bool:
    return str(prediction).strip().lower() == str(gold).strip().lower()


def offline_answer(question: str, memories: list[str]) -> str:
    """The memory line sharing most words with the question (the first such line on a tie)."""
    asked = answers.words(question)
    best, best_score = "", 0
    for memory in memories:
        for line in memory.splitlines():
            score = len(asked & answers.words(line))
            if score > best_score:
                best, best_score = line.strip(), score
    return best


def offline_verdict(question: str, gold: str, generated: str) -> Verdict:
    """CORRECT when the gold answer's words stand in the answer (``core.evaluation.answers``);
    a gold answer with no word of its own beside the question's is judged by token F1 >= 0.5."""
    facts = answers.facts_of([gold], question)
    if facts:
        said = answers.with_months(answers.words(generated))
        return Verdict(CORRECT if all(f.stands_in(said) for f in facts) else WRONG, "offline")
    return Verdict(CORRECT if token_f1(generated, gold) >= 0.5 else WRONG, "offline")


__all__ = ["ANSWER_MAX_TOKENS", "ANSWER_SYSTEM", "CORRECT", "JUDGE_MAX_TOKENS", "JUDGE_PROMPT", "JUDGE_SOURCE",
           "PROTOCOL_VERSION", "UNPARSED", "Verdict", "WRONG", "answer_messages", "exact_match", "judge_messages",
           "offline_answer", "offline_verdict", "parse_verdict", "simple_tokens", "token_f1"]
