"""Local embedder runtimes on this machine: PyTorch vs ONNX fp32 vs ONNX int8.

    python bench/embedders.py [--queries 200] [--lines 2000] [--home DIR] [--threads N]

For each runtime: single-query latency (p50/p95 over short questions, one ``embed`` call each), batch
throughput (texts/s over LoCoMo-like chat lines of 10-30 words, ``--call-size`` texts per call), and the
mean / minimum cosine of its vectors to the PyTorch fp32 reference on the same texts. Prints a markdown
table. The ONNX exports are cached under ``--home``/models (default ``$MEMLANE_HOME`` or ``~/.memlane``);
the first run exports them, which is reported separately and not counted in the figures.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from memlane.providers.embedders import (  # noqa: E402
    LocalOnnxEmbedder,
    LocalTorchEmbedder,
    onnx_model_path,
)

SPEAKERS = ("Caroline", "Melanie", "Jon", "Gina", "John", "Maria", "Joanna", "Nate", "Tim", "Audrey")
OPENERS = ("Hey!", "Wow,", "Thanks,", "Yeah,", "Oh nice,", "Haha,", "Honestly,", "So,", "Guess what,", "")
CLAUSES = (
    "I went to an LGBTQ support group yesterday and it was so powerful",
    "we took the kids camping near the lake last weekend",
    "I finally signed up for that pottery class on Thursday evenings",
    "my sister and I painted a sunrise together for her new apartment",
    "I've been researching adoption agencies that support single parents",
    "the counseling workshop really helped me think about my career",
    "I ran my first half marathon in the rain and my legs still hurt",
    "our dog Max keeps stealing tennis balls at the beach",
    "I started reading a book about the history of jazz music",
    "the bakery downtown offered me a part-time job decorating cakes",
    "we are planning a road trip to the mountains in August",
    "I volunteered at the animal shelter and we fostered two kittens",
    "my guitar lessons are going better than I expected",
    "the concert last Friday was loud but absolutely amazing",
    "I had a tough week at work because the project deadline moved",
    "my grandma taught me her secret recipe for apple pie",
    "we repainted the kids' room a soft shade of green",
    "I gave a talk at the school about staying safe online",
)
FOLLOWERS = (
    "It was so much fun.",
    "I can't wait to do it again!",
    "What about you?",
    "How has your week been?",
    "It really made me think about what matters.",
    "The kids loved every minute of it.",
    "I'll send you some photos later.",
    "Have you ever tried something like that?",
    "It reminded me of our trip last summer.",
    "",
)
QUESTIONS = (
    "When did {s} go to the support group?",
    "What did {s} paint recently?",
    "Where did {s} go camping?",
    "What class did {s} sign up for?",
    "Which pet does {s} have?",
    "What job was {s} offered?",
    "Is {s} researching adoption?",
    "What instrument is {s} learning?",
    "Where is {s} planning a road trip?",
    "What recipe did {s} learn?",
)


def chat_lines(n: int, rng: random.Random) -> list[str]:
    """LoCoMo-like turns: ``"<speaker>: <opener> <clause>. <follower>"``, 10-30 words each."""
    lines: list[str] = []
    while len(lines) < n:
        words = f"{rng.choice(OPENERS)} {rng.choice(CLAUSES)}. {rng.choice(FOLLOWERS)}".split()
        if rng.random() < 0.4:  # some longer turns
            words += (rng.choice(CLAUSES) + ".").split()
        words = words[:30]
        if len(words) >= 10:
            lines.append(f"{rng.choice(SPEAKERS)}: " + " ".join(words))
    return lines


def queries(n: int, rng: random.Random) -> list[str]:
    return [rng.choice(QUESTIONS).format(s=rng.choice(SPEAKERS)) for _ in range(n)]


def measure(embedder, qs: list[str], lines: list[str], call_size: int, repeat: int) -> dict[str, object]:
    """Best of ``repeat`` rounds: on a shared machine the quietest round is the closest to the truth."""
    for q in qs[:10]:  # warm-up: first runs allocate arenas
        embedder.embed([q])
    p50s, p95s, tputs = [], [], []
    for _ in range(repeat):
        latencies = []
        for q in qs:
            start = time.perf_counter()
            embedder.embed([q])
            latencies.append((time.perf_counter() - start) * 1000)
        latencies.sort()
        p50s.append(statistics.median(latencies))
        p95s.append(latencies[min(len(latencies) - 1, int(round(0.95 * len(latencies))) - 1)])
        start = time.perf_counter()
        parts = [embedder.embed(lines[i : i + call_size]) for i in range(0, len(lines), call_size)]
        tputs.append(len(lines) / (time.perf_counter() - start))
    return {
        "p50": min(p50s),
        "p95": min(p95s),
        "tput": max(tputs),
        "line_vectors": np.concatenate(parts),
        "query_vectors": embedder.embed(qs),
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--lines", type=int, default=2000)
    parser.add_argument("--call-size", type=int, default=256, help="texts per embed() call in the batch run")
    parser.add_argument("--threads", type=int, default=None, help="onnxruntime intra-op threads")
    parser.add_argument("--runtimes", default="torch,onnx,onnx-int8")
    parser.add_argument(
        "--home", type=Path, default=Path(os.environ.get("MEMLANE_HOME") or Path.home() / ".memlane")
    )
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=3, help="rounds per runtime; the best is reported")
    parser.add_argument(
        "--spinning", action="store_true", help="let onnxruntime pool threads busy-wait (off by default)"
    )
    args = parser.parse_args()

    rng = random.Random(args.seed)
    lines = chat_lines(args.lines, rng)
    qs = queries(args.queries, rng)
    runtimes = [r.strip() for r in args.runtimes.split(",") if r.strip()]

    print(
        f"# machine: {platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, "
        f"python {platform.python_version()}, OMP_NUM_THREADS={os.environ.get('OMP_NUM_THREADS', 'unset')}, "
        f"best of {args.repeat} rounds of {args.queries} queries and {args.lines} lines"
    )
    for quantized in (False, True):
        if ("onnx-int8" if quantized else "onnx") in runtimes and not onnx_model_path(
            args.home, quantized=quantized
        ).is_file():
            start = time.perf_counter()
            LocalOnnxEmbedder(args.home, quantized=quantized)
            label = "int8 quantisation" if quantized else "fp32 export"
            print(f"# one-time {label}: {time.perf_counter() - start:.1f} s")

    results: dict[str, dict[str, object]] = {}
    for name in runtimes:
        start = time.perf_counter()
        if name == "torch":
            embedder = LocalTorchEmbedder()
        elif name in ("onnx", "onnx-int8"):
            embedder = LocalOnnxEmbedder(
                args.home, quantized=name == "onnx-int8", threads=args.threads, spinning=args.spinning
            )
        else:
            parser.error(f"unknown runtime {name!r}")
        load = time.perf_counter() - start
        row = measure(embedder, qs, lines, args.call_size, args.repeat)
        row["load"] = load
        row["identity"] = embedder.identity
        results[name] = row
        print(f"# {name}: done ({load:.2f} s load)", file=sys.stderr)

    reference = results.get("torch")
    print()
    header = ["runtime", "identity", "load s", "query p50 ms", "query p95 ms", "batch texts/s"]
    header += ["mean cos vs torch", "min cos"]
    print("| " + " | ".join(header) + " |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for name, row in results.items():
        if reference is not None:
            a = np.concatenate([row["line_vectors"], row["query_vectors"]])
            b = np.concatenate([reference["line_vectors"], reference["query_vectors"]])
            cos = (a * b).sum(axis=1)
            mean_cos, min_cos = f"{cos.mean():.5f}", f"{cos.min():.5f}"
        else:
            mean_cos = min_cos = "n/a"
        print(
            f"| {name} | {row['identity']} | {row['load']:.2f} | {row['p50']:.2f} | {row['p95']:.2f} "
            f"| {row['tput']:.0f} | {mean_cos} | {min_cos} |"
        )


if __name__ == "__main__":
    main()
