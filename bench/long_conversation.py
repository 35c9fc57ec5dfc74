"""Extraction of one long logged conversation (``extract(conversation_id)``): time and memory.

    python bench/long_conversation.py --messages 20000            # a fresh SQLite file
    python bench/long_conversation.py --messages 2000 --db DIR    # keep the file in DIR
    python bench/long_conversation.py --messages 2000 --facts OUT.json   # also write what was extracted

One user's conversation of ``--messages`` messages (her turns answered by the assistant; one in three of
her turns states something durable, the rest is small talk, ``bench/sweep.py``'s texts), logged through
the SDK, then extracted once in a fresh process with the rule-based extractor and no embedder. Prints the
extraction's wall and CPU seconds, the process's resident set before it and its peak during it
(``ru_maxrss``), and how many memories were added, updated and skipped. ``--facts`` writes the report's
added/updated/skipped texts (sorted), to compare two versions' results.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

_SRC = os.environ.get("MEMLANE_BENCH_SRC") or str(Path(__file__).resolve().parents[1] / "src")
sys.path.insert(0, _SRC)
sys.path.insert(0, str(Path(__file__).resolve().parent))

from sweep import user_text  # noqa: E402

from memlane import Memlane  # noqa: E402

CONVERSATION = "long-conversation"


def said(t: int) -> str:
    """Her ``t``-th turn: ``bench/sweep.py``'s texts, each durable one made unique by a room number
    (sweep's repeat: a long conversation would say a few dozen things again and again)."""
    text = user_text(t)
    return text if t % 3 else f"{text[:-1]} (room {t})."


def build(db: Path, messages: int) -> None:
    with Memlane(db, user="alice", embedder="none") as mem:
        page: list[dict[str, str]] = []
        for t in range(messages // 2):
            page += [{"role": "user", "text": said(t)}, {"role": "assistant", "text": "Noted."}]
            if len(page) >= 500:
                mem.conversations.append(CONVERSATION, page)
                page = []
        if page:
            mem.conversations.append(CONVERSATION, page)


def _rss_kib() -> int:
    with open("/proc/self/status", encoding="ascii") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))


def extract(db: Path, facts: str | None) -> dict[str, object]:
    with Memlane(db, user="alice", embedder="none") as mem:
        mem.list_recent(1)  # (the store opened and its first query made)
        before = _rss_kib()
        wall, cpu = time.perf_counter(), time.process_time()
        report = mem.extract(CONVERSATION)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    if facts:
        Path(facts).write_text(json.dumps({
            "added": sorted(x.content for x in report.added),
            "updated": sorted(x.content for x in report.updated),
            "skipped": sorted(f"{x.text} | {x.reason}" for x in report.skipped),
        }, indent=1, ensure_ascii=False), encoding="utf-8")  # fmt: skip
    return {"wall_s": round(wall, 1), "cpu_s": round(cpu, 1), "rss_before_mib": round(before / 1024, 1),
            "peak_mib": round(peak / 1024, 1), "peak_over_mib": round((peak - before) / 1024, 1),
            "added": len(report.added), "updated": len(report.updated), "skipped": len(report.skipped)}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--messages", type=int, default=20_000)
    parser.add_argument("--db", help="a folder to keep the SQLite file in (default: a temporary one)")
    parser.add_argument("--facts", help="write the extracted texts to this JSON file")
    parser.add_argument("--extract-only", help=argparse.SUPPRESS)  # (the child process: the file to extract)
    args = parser.parse_args()
    if args.extract_only:
        print(json.dumps(extract(Path(args.extract_only), args.facts)))
        return
    folder = Path(args.db or tempfile.mkdtemp(prefix="memlane-long-"))
    built = folder / f"logged-{args.messages}.db"
    if not built.exists():
        build(built, args.messages)
    db = folder / "extracted.db"  # (each run extracts from a copy of the logged conversation)
    for stale in folder.glob("extracted.db*"):
        stale.unlink()
    shutil.copyfile(built, db)
    child = [sys.executable, __file__, "--extract-only", str(db)] + (
        ["--facts", args.facts] if args.facts else []
    )
    out = subprocess.run(child, check=True, capture_output=True, text=True).stdout
    print(json.dumps({"messages": args.messages, **json.loads(out.strip().splitlines()[-1])}))


if __name__ == "__main__":
    main()
