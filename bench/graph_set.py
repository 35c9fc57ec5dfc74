"""Writes the graph-shaped evaluation set: questions whose answer sits one hop away.

    python bench/graph_set.py bench/data/graph    # writes dev.jsonl and heldout.jsonl (deterministic)

Each line is one small world (a store of its own): people, their managers, employers, siblings, cities
and projects, said in plain sentences, plus look-alike statements about everyone else (every person
works somewhere, lives somewhere, has a manager), so "works at" or "lives in" alone finds dozens of
candidates. Names are shared on purpose: several people have the same first name or surname, so a query
must name the right one. Each question names one entity and asks about a neighbour ("Where does Ana
Ruiz's manager work?"): ``bridge`` is the memory that links them ("Ana Ruiz reports to Omar Haddad"),
``answer`` the one that answers ("Omar Haddad works at Initech").

The held-out worlds use other relations and other phrasings (mentor, landlord, dentist, team lead;
"is employed by", "is based in", "has lived in"...) written apart from the development ones; the graph
lane's constants were set before either set existed and were not changed after measuring them.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

FIRST = ["Ana", "Omar", "Lena", "Tomas", "Priya", "Kenji", "Sofia", "Marek", "Aisha", "Jonas", "Elena", "Ravi",
         "Nadia", "Pablo", "Ingrid", "Felix", "Zara", "Mateo", "Yuki", "Hassan"]  # fmt: skip
LAST = ["Ruiz", "Haddad", "Novak", "Berg", "Okafor", "Tanaka", "Costa", "Weber", "Silva", "Kowalski", "Moreau",
        "Ivanova", "Larsen", "Duarte", "Nakamura", "Fischer"]  # fmt: skip
ORGS = ["Initech", "Globex", "Umbrella Corp", "Hooli", "Vandelay Industries", "Soylent", "Tyrell Systems",
        "Cyberdyne", "Aperture Labs", "Stark Freight", "Wayne Logistics", "Acme Foods"]  # fmt: skip
CITIES = ["Lisbon", "Porto", "Berlin", "Lyon", "Oslo", "Kyoto", "Austin", "Denver", "Nairobi", "Lima", "Seoul",
          "Dublin", "Krakow", "Valencia"]  # fmt: skip
PROJECTS = ["Falcon", "Orion", "Atlas", "Nimbus", "Quasar", "Helix", "Aurora", "Comet", "Pulsar", "Vega"]
DRINKS = ["green tea", "oat milk lattes", "espresso", "sparkling water", "chai", "hot chocolate", "rooibos"]

#: development relations: (bridge template, answer template, question template, answer kind)
DEV = [
    ("{a}'s manager is {b}.", "{b} works at {x}.", "Where does {a}'s manager work?", "org"),
    ("{a} reports to {b}.", "{b} lives in {x}.", "Which city does {a}'s boss live in?", "city"),
    ("{a}'s sister is {b}.", "{b} lives in {x}.", "Where does {a}'s sister live?", "city"),
    ("{a} works at {b}.", "{b} is headquartered in {x}.", "In which city is {a}'s employer based?", "org_city"),
    ("Project {p} is led by {a}.", "{a} drinks {x} every morning.", "What does the lead of Project {p} drink?",
     "drink"),
    ("{a} is married to {b}.", "{b} works at {x}.", "Who employs {a}'s spouse?", "org"),
]  # fmt: skip
HELD_OUT = [
    ("{a}'s mentor is {b}.", "{b} is employed by {x}.", "Which company employs {a}'s mentor?", "org"),
    ("{b} rents a flat to {a}.", "{b} has lived in {x} for years.", "Where does {a}'s landlord live?", "city"),
    ("{a} sees {b} as a dentist.", "{b} runs a practice in {x}.", "In what city is {a}'s dentist?", "city"),
    ("{b} is the team lead of {a}.", "{b} is based in {x}.", "Where is {a}'s team lead based?", "city"),
    ("{a} and {b} are brothers.", "{b} recently joined {x}.", "Which company did {a}'s brother join?", "org"),
    ("{a} owns the {p} roadmap.", "{a} only drinks {x} in meetings.", "What does the {p} roadmap owner drink?",
     "drink"),
]  # fmt: skip
#: what everyone has, so that each answer's kind of statement is common (look-alikes)
BACKGROUND = {
    "dev": ["{a} works at {org}.", "{a} lives in {city}.", "{a}'s manager is {b}.", "{a} drinks {drink} every morning."],
    "heldout": ["{a} is employed by {org}.", "{a} has lived in {city} for years.", "{b} is the team lead of {a}.",
                "{a} only drinks {drink} in meetings."],
}  # fmt: skip


def world(
    rng: random.Random, relations: list[tuple[str, str, str, str]], part: str, n_questions: int
) -> dict:
    people = rng.sample([f"{f} {la}" for f in FIRST for la in LAST], 36)
    memories: list[str] = []
    questions = []
    used = set()
    for _ in range(n_questions):
        bridge_t, answer_t, question_t, kind = rng.choice(relations)
        a, b = rng.sample([p for p in people if p not in used], 2)
        used |= {a, b}
        project = rng.choice([p for p in PROJECTS if all(p not in m for m in memories)] or PROJECTS)
        if kind == "org_city":
            org = rng.choice(ORGS)
            bridge = bridge_t.format(a=a, b=org, p=project)
            answer = answer_t.format(a=a, b=org, x=rng.choice(CITIES))
        else:
            x = {"org": ORGS, "city": CITIES, "drink": DRINKS}[kind]
            bridge = bridge_t.format(a=a, b=b, p=project)
            answer = answer_t.format(a=a, b=b, x=rng.choice(x))
        memories += [bridge, answer]
        questions.append(
            {
                "question": question_t.format(a=a, p=project),
                "bridge": len(memories) - 2,
                "answer": len(memories) - 1,
            }
        )
    others = [p for p in people if p not in used]
    for person in others:  # look-alikes: the same kinds of statement about everyone else
        for template in rng.sample(BACKGROUND[part], 2):
            other = rng.choice([p for p in others if p != person])
            memories.append(
                template.format(
                    a=person, b=other, org=rng.choice(ORGS), city=rng.choice(CITIES), drink=rng.choice(DRINKS)
                )  # fmt: skip
            )
    order = list(range(len(memories)))
    rng.shuffle(order)
    where = {old: new for new, old in enumerate(order)}
    return {
        "memories": [memories[i] for i in order],
        "questions": [{**q, "bridge": where[q["bridge"]], "answer": where[q["answer"]]} for q in questions],
    }


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else Path("bench/data/graph")
    out.mkdir(parents=True, exist_ok=True)
    for name, relations, worlds, seed in (("dev", DEV, 6, 20261201), ("heldout", HELD_OUT, 5, 9127)):
        rng = random.Random(seed)
        lines = [json.dumps(world(rng, relations, name, 8)) for _ in range(worlds)]
        (out / f"{name}.jsonl").write_text("\n".join(lines) + "\n")
        print(f"{name}: {worlds} worlds, {8 * worlds} questions")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
