"""Peak memory of reading a large synthetic ChatGPT export (issue 14: bounded memory on big exports).

    python bench/import_rss.py /tmp/big-export --mb 500

Writes a sharded export folder of about ``--mb`` MB (conversations of ~60 KB with one memory write
each), then parses it with ``memlane.importers.read_export`` in a fresh process and prints the peak
RSS (``ru_maxrss``), the time and the facts found. Nothing is stored.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path


def conversation(i: int) -> dict:
    filler = "Let us talk about the garden and the weather this week. " * 20
    mapping = {"root": {"id": "root", "parent": None, "message": None}}
    parent = "root"
    for j in range(50):
        node = f"n{j}"
        role = "user" if j % 2 == 0 else "assistant"
        msg = {"id": node, "author": {"role": role}, "create_time": 1_767_225_600.0 + i * 100 + j,
               "content": {"content_type": "text", "parts": [f"{filler} ({i}/{j})"]}, "recipient": "all"}  # fmt: skip
        mapping[node] = {"id": node, "parent": parent, "message": msg}
        parent = node
    bio = {"id": "bio", "author": {"role": "assistant"}, "create_time": 1_767_225_700.0 + i, "recipient": "bio",
           "content": {"content_type": "text", "parts": [f"User planted tomato row number {i % 4000}."]}}  # fmt: skip
    mapping["bio"] = {"id": "bio", "parent": parent, "message": bio}
    return {"id": f"c{i}", "conversation_id": f"c{i}", "title": None, "create_time": 1_767_225_600.0 + i,
            "update_time": 1_767_225_600.0 + i, "current_node": "bio", "mapping": mapping}  # fmt: skip


def build(folder: Path, megabytes: int) -> int:
    folder.mkdir(parents=True, exist_ok=True)
    target, written, shard, i = megabytes * 1024 * 1024, 0, 0, 0
    while written < target:
        path = folder / f"conversations-{shard:03d}.json"
        with path.open("w") as f:
            f.write("[")
            for k in range(400):
                f.write(("," if k else "") + json.dumps(conversation(i)))
                i += 1
            f.write("]")
        written += path.stat().st_size
        shard += 1
    (folder / "user.json").write_text(json.dumps({"email": "someone@example.org"}))
    return written


def measure(folder: Path) -> None:
    from memlane.importers import read_export

    start = time.perf_counter()
    batch = read_export(folder)
    elapsed = time.perf_counter() - start
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"facts": len(batch.facts), "in_file_duplicates": batch.in_file_duplicates,
                      "seconds": round(elapsed, 1), "peak_rss_mb": round(peak_mb, 1)}))  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("folder", type=Path)
    parser.add_argument("--mb", type=int, default=500)
    parser.add_argument("--measure-only", action="store_true")
    args = parser.parse_args()
    if args.measure_only:
        measure(args.folder)
        return
    size = build(args.folder, args.mb)
    print(
        f"export: {size / 1024 / 1024:.0f} MB in {len(list(args.folder.glob('conversations-*.json')))} shards"
    )
    subprocess.run([sys.executable, __file__, str(args.folder), "--measure-only"], check=True)


if __name__ == "__main__":
    main()
