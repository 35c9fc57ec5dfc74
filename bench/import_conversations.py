"""How fast ``import --conversations`` logs and extracts, and what a re-run costs.

    python bench/import_conversations.py [--conversations 200] [--embedder local|none] [--db-url URL]

Builds a synthetic ChatGPT export (every conversation: four visible turns, two of them durable user
statements, a discarded branch and a hidden tool call; names and places varied so that statements
differ), imports it into a fresh store with ``conversations=True``, then imports it again (everything is
recognised: the cost of resuming a finished import) and reports wall times, conversations and exchanges
per second, and the memories extracted. Writes nothing outside a temporary folder.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import platform
import sys
import tempfile
import time
import zipfile
from pathlib import Path

from memlane import Memlane

_PEOPLE = ["Ana", "Bruno", "Chloe", "Dmitri", "Elif", "Farah", "Goran", "Hana", "Ivo", "Jonas", "Kemal"]
_CITIES = ["Porto", "Lyon", "Gdansk", "Tartu", "Bergen", "Split", "Ghent", "Turin", "Graz", "Malmo", "Riga"]


def conversation(i: int) -> dict:
    person, city = _PEOPLE[i % len(_PEOPLE)], _CITIES[(i // len(_PEOPLE)) % len(_CITIES)]

    def msg(mid: str, role: str, text: str, t: float, **extra: object) -> dict:
        return {"id": mid, "author": {"role": role}, "create_time": t, "weight": 1, "recipient": "all",
                "content": {"content_type": "text", "parts": [text]}, "metadata": {}, **extra}  # fmt: skip

    when = 1_767_225_600.0 + 3600 * i
    turns = [
        ("u1", msg("u1", "user", f"My colleague {person} {i} moved to {city} in spring.", when + 1)),
        ("a1", msg("a1", "assistant", "Noted. Anything else?", when + 2)),
        ("call", msg("call", "assistant", "search('rooms')", when + 3, recipient="browser")),
        ("u2", msg("u2", "user", f"I prefer the room {i} in {city} for planning days.", when + 5)),
        ("a2", msg("a2", "assistant", "Booked.", when + 6)),
    ]
    mapping: dict = {"root": {"id": "root", "parent": None, "children": [], "message": None}}
    parent = "root"
    for node_id, message in turns:
        mapping[node_id] = {"id": node_id, "parent": parent, "children": [], "message": message}
        mapping[parent]["children"].append(node_id)
        parent = node_id
    mapping["old"] = {
        "id": "old",
        "parent": "a1",
        "children": [],
        "message": msg("old", "user", "discarded", when),
    }
    return {"id": f"c{i}", "conversation_id": f"c{i}", "title": None, "create_time": when, "current_node": "a2",
            "mapping": mapping}  # fmt: skip


def export(n: int) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("conversations.json", json.dumps([conversation(i) for i in range(n)]))
    return buf.getvalue()


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--conversations", type=int, default=200)
    parser.add_argument("--embedder", default="local")
    parser.add_argument("--db-url", help="a PostgreSQL URL (default: a SQLite file in a temporary folder)")
    args = parser.parse_args()
    data = export(args.conversations)
    with tempfile.TemporaryDirectory() as tmp:
        target = args.db_url or str(Path(tmp) / "bench.db")
        with Memlane(target, user="bench", embedder=args.embedder) as m:
            m.store("warm-up: the model is loaded before the clock starts")
            load = [os.getloadavg()[0]]
            t0 = time.perf_counter()
            first = m.import_file(data, conversations=True).conversations
            t1 = time.perf_counter()
            again = m.import_file(data, conversations=True).conversations
            t2 = time.perf_counter()
            load.append(os.getloadavg()[0])
    assert first is not None and again is not None
    exchanges = first.exchanges_extracted + first.exchanges_already_extracted + first.exchanges_without_memory
    print(f"import --conversations, {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()},"
          f" embedder {args.embedder}, {'PostgreSQL' if args.db_url else 'SQLite'}; 1-minute load {load[0]:.1f} -> {load[1]:.1f}")  # fmt: skip
    print(f"first import: {first.conversations} conversations, {first.messages_appended} messages, {exchanges}"
          f" exchanges ({first.exchanges_extracted} extracted), memories added {first.memories_added}, updated"
          f" {first.memories_updated}: {t1 - t0:.1f} s = {first.conversations / (t1 - t0):.1f} conversations/s,"
          f" {exchanges / (t1 - t0):.1f} exchanges/s")  # fmt: skip
    print(
        f"re-run (all done already): {again.messages_already_there} messages already there, "
        f"{again.exchanges_extracted} extracted: {t2 - t1:.1f} s ({(t2 - t1) / (t1 - t0):.1%} of the first)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
