"""A deterministic synthetic corpus of memory-like statements and questions about them.

Varied names, organisations, places, dates, numbers and verbs so that every lane has work to do; a
seed makes runs comparable. Shared by the engine and peer benchmarks.
"""

from __future__ import annotations

import random
from datetime import date, timedelta

FIRST = ["Ana", "Bruno", "Chen", "Dara", "Elif", "Femi", "Gita", "Hugo", "Ines", "Jonas", "Kira", "Luca", "Mira", "Nils", "Omar", "Priya", "Quinn", "Rosa", "Sven", "Tara", "Umar", "Vera", "Wen", "Xavi", "Yara", "Zane", "Lena", "Marco", "Noor", "Oskar"]  # fmt: skip
LAST = ["Okafor", "Kowalski", "Silva", "Tanaka", "Novak", "Haddad", "Larsen", "Moreau", "Fischer", "Rossi", "Duarte", "Ivanova", "Kim", "Osei", "Berg", "Costa", "Dubois", "Nakamura", "Petrov", "Quispe"]  # fmt: skip
ORGS = [
    "Acme",
    "Globex",
    "Initech",
    "Umbrella",
    "Soylent",
    "Hooli",
    "Vandelay",
    "Stark",
    "Wayne",
    "Tyrell",
    "Cyberdyne",
    "Aperture",
]
PROJECTS = [
    "Zephyr",
    "Falcon",
    "Orion",
    "Atlas",
    "Nimbus",
    "Quasar",
    "Helix",
    "Aurora",
    "Comet",
    "Pulsar",
    "Vega",
    "Titan",
]
PLACES = [
    "Lisbon",
    "Porto",
    "Berlin",
    "Lyon",
    "Oslo",
    "Kyoto",
    "Austin",
    "Denver",
    "Nairobi",
    "Lima",
    "Seoul",
    "Dublin",
]
THINGS = ["budget review", "launch plan", "security audit", "offsite", "hiring loop", "data migration", "design review", "customer call", "pricing update", "board meeting", "retro", "onboarding"]  # fmt: skip
PREFS = ["green tea", "dark roast coffee", "window seats", "morning meetings", "async updates", "vegetarian food", "printed agendas", "standing desks", "quiet rooms", "short emails"]  # fmt: skip
TEMPLATES = (
    "{p} moved the {t} for Project {j} to {d} in {c}",
    "{p} prefers {f} and says so in every {t}",
    "The {t} with {o} costs {n} euros and is owned by {p}",
    "{p} joined {o} as head of the {t} team on {d}",
    "Ticket {k} about the {t} for {j} was closed by {p}",
    "{p} will present the {t} results in {c} on {d}",
    "Reminder from {p}: the {j} {t} needs {n} more reviewers",
    "{p} told {q} that {o} signed the {j} contract worth {n} dollars",
)
QUESTIONS = {
    0: "when is the {t} for Project {j}?",
    1: "what does {p} prefer?",
    2: "how much does the {t} with {o} cost?",
    3: "when did {p} join {o}?",
    4: "who closed ticket {k}?",
    5: "where will {p} present the {t} results?",
    6: "how many reviewers does the {j} {t} need?",
    7: "what contract did {o} sign?",
}


def corpus(n: int, seed: int = 7) -> list[tuple[str, str]]:
    """n distinct (statement, question about it) pairs."""
    rng = random.Random(seed)
    seen: set[str] = set()
    out: list[tuple[str, str]] = []
    start = date(2022, 1, 1)
    while len(out) < n:
        i = rng.randrange(len(TEMPLATES))
        fields = {
            "p": f"{rng.choice(FIRST)} {rng.choice(LAST)}",
            "q": f"{rng.choice(FIRST)} {rng.choice(LAST)}",
            "o": rng.choice(ORGS),
            "j": rng.choice(PROJECTS),
            "c": rng.choice(PLACES),
            "t": rng.choice(THINGS),
            "f": rng.choice(PREFS),
            "n": str(rng.randrange(2, 90_000)),
            "k": f"{rng.choice(PROJECTS).upper()}-{rng.randrange(1, 9999)}",
            "d": (start + timedelta(days=rng.randrange(0, 1400))).strftime("%-d %B %Y"),
        }
        text = TEMPLATES[i].format(**fields)
        if text in seen:
            continue
        seen.add(text)
        out.append((text, QUESTIONS[i].format(**fields)))
    return out
