"""Writes ``locomo_small.json``: one synthetic LoCoMo-format conversation (made up here, not taken
from any dataset) large enough that a memory home written from it does not fit the direct
material (12 sessions, 360 turns; with their headers ~27,000 characters of material, over `maxDirectChars`), with 36 questions about turns of every
session: the plain questions a person asks (``What did Mira name her kayak?``), which the
zero-LLM judge reads as light, some with a date, some naming a latest state.

Run ``python tests/fixtures_eval/make_locomo_small.py`` to write it again: the output is the same
on every run (a fixed seed).
"""
from __future__ import annotations

import json
import random
from datetime import date, timedelta
from pathlib import Path

SPEAKERS = ("Mira", "Tomas")
THINGS = ["kayak", "violin", "hedgehog", "telescope", "sourdough starter", "bonsai", "motorbike", "parrot",
          "greenhouse", "sailboat", "loom", "accordion", "tortoise", "campervan", "beehive", "harp",
          "ferret", "pottery wheel", "drone", "chess set", "aquarium", "canoe", "sewing machine", "cello",
          "rabbit", "typewriter", "banjo", "glider", "orchid", "lathe", "tandem bike", "kiln", "llama",
          "hammock", "compass", "easel"]
NAMES = ["Quill", "Juniper", "Pesto", "Orion", "Marble", "Tango", "Saffron", "Biscotti", "Nimbus", "Clover",
         "Fennel", "Zephyr", "Paprika", "Domino", "Sorrel", "Pixel", "Maple", "Cosmo", "Tofu", "Ember",
         "Waffle", "Indigo", "Rascal", "Kiwi", "Basil", "Echo", "Mochi", "Pippin", "Sable", "Truffle",
         "Velvet", "Gizmo", "Hazel", "Olive", "Rusty", "Sprout"]
PLACES = ["Lisbon", "Kyoto", "Oslo", "Hobart", "Cusco", "Tbilisi", "Valparaiso", "Tromso", "Zanzibar",
          "Galway", "Luang Prabang", "Ushuaia"]
FILLER = ["That sounds lovely, tell me more.", "Wow, I did not expect that!", "Ha, that is so you.",
          "I am really happy for you.", "How was the weather there?", "It was a long week at work.",
          "We should meet up soon.", "I have been reading a lot lately.", "Sounds like a plan to me.",
          "My sister called yesterday, she says hi.", "I made pancakes this morning.",
          "The neighbours are painting their fence again.", "Traffic was terrible today.",
          "I finally cleaned the garage.", "The garden needs some rain.", "I watched an old film last night."]


def build() -> list[dict]:
    rng = random.Random(20231201)
    conversation: dict = {"speaker_a": SPEAKERS[0], "speaker_b": SPEAKERS[1]}
    qa: list[dict] = []
    start = date(2023, 1, 7)
    thing = 0
    for s in range(1, 13):
        day = start + timedelta(days=23 * (s - 1))
        conversation[f"session_{s}_date_time"] = f"10:00 am on {day.day} {day.strftime('%B')}, {day.year}"
        turns = []
        facts = {rng.randrange(2, 30) for _ in range(3)}
        while len(facts) < 3:
            facts.add(rng.randrange(2, 30))
        for t in range(1, 31):
            speaker = SPEAKERS[(t - 1) % 2]
            dia = f"D{s}:{t}"
            if t in facts:
                item, name = THINGS[thing % len(THINGS)], NAMES[thing % len(NAMES)]
                place = PLACES[s - 1]
                text = f"Guess what, I bought a {item} in {place} and named it {name}."
                style = thing % 3
                if style == 0:
                    question = f"What did {speaker} name the {item}?"
                elif style == 1:
                    question = f"Where did {speaker} buy the {item}?"
                else:
                    question = f"What did {speaker} buy in {day.strftime('%B')} {day.year}?"
                qa.append({"question": question, "answer": name if style == 0 else place if style == 1 else item,
                           "evidence": [dia], "category": 4 if style < 2 else 2})
                thing += 1
            else:
                text = rng.choice(FILLER)
            turns.append({"speaker": speaker, "dia_id": dia, "text": text})
        conversation[f"session_{s}"] = turns
    return [{"sample_id": "small-1", "conversation": conversation, "qa": qa}]


if __name__ == "__main__":
    out = Path(__file__).with_name("locomo_small.json")
    out.write_text(json.dumps(build(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {out}")
