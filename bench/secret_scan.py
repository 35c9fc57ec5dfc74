"""Secret refusal on a labelled set: refusal rate, false-positive rate and cost per store.

    python bench/secret_scan.py tests/data/secrets/dev.jsonl tests/data/secrets/heldout.jsonl \
        [--baseline REF] [--detect-secrets] [--corpus DIR ...]

Each line of a set is ``{"label": "secret"|"benign", "field": ..., "value": ..., "note": ...}``;
``<<>>`` inside a value is removed (it keeps repository scanners from flagging the fake tokens).
An item is refused when ``memlane.secrets.scan_fields({field: value})`` finds something.
``--baseline REF`` also runs the scanner of git revision REF the way the service used it then (on
``content`` only); ``--detect-secrets`` runs the ``detect-secrets`` package's regex plugins (if
installed) over the item's JSON for comparison. Misses and false positives are listed by note, never
by value. ``--corpus DIR`` also scans every string in the JSON files of DIR (e.g. the LoCoMo dev
conversations, none of them a secret) and counts what each scanner would refuse there.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import io
import json
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from memlane.secrets import scan_fields

MARK = "<<>>"
_KEEP: list[Any] = []


def unmark(value: Any) -> Any:
    if isinstance(value, str):
        return value.replace(MARK, "")
    if isinstance(value, dict):
        return {unmark(k): unmark(v) for k, v in value.items()}
    if isinstance(value, list):
        return [unmark(v) for v in value]
    return value


def load(path: Path) -> list[dict[str, Any]]:
    rows = [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]
    for row in rows:
        row["value"] = unmark(row["value"])
    return rows


def baseline_scanner(ref: str) -> Callable[[str, Any], bool]:
    """REF's scanner: the single module of before issue 9 (``content`` only, as the service used it then),
    or, since ``memlane.secrets`` became a package, that package loaded from REF's tree (all fields)."""
    old = subprocess.run(["git", "show", f"{ref}:src/memlane/secrets.py"], capture_output=True, text=True)
    if old.returncode == 0:
        spec = importlib.util.spec_from_loader("memlane._secrets_baseline", loader=None)
        assert spec is not None
        module = importlib.util.module_from_spec(spec)
        module.__package__ = "memlane"
        exec(compile(old.stdout, f"{ref}:secrets.py", "exec"), module.__dict__)
        return lambda field, value: field == "content" and module.find_secret(value) is not None
    # a copy of REF's package tree under another top-level name, so both versions load side by side
    root = Path(tempfile.mkdtemp(prefix="secret-scan-"))
    name = "memlane_at_" + "".join(c if c.isalnum() else "_" for c in ref)
    archive = subprocess.run(["git", "archive", ref, "src/memlane"], capture_output=True, check=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(root, filter="data")
    (root / "src" / "memlane").rename(root / name)
    sys.path.insert(0, str(root))
    package = importlib.import_module(f"{name}.secrets")
    return lambda field, value: package.scan_fields({field: value}) is not None


def detect_secrets_scanner() -> Callable[[str, Any], bool]:
    from detect_secrets.core.scan import scan_line
    from detect_secrets.settings import transient_settings

    regex_plugins = [
        "AWSKeyDetector", "ArtifactoryDetector", "AzureStorageKeyDetector", "BasicAuthDetector",
        "CloudantDetector", "DiscordBotTokenDetector", "GitHubTokenDetector", "GitLabTokenDetector",
        "IbmCloudIamDetector", "IbmCosHmacDetector", "JwtTokenDetector", "KeywordDetector",
        "MailchimpDetector", "NpmDetector", "OpenAIDetector", "PrivateKeyDetector", "PypiTokenDetector",
        "SendGridDetector", "SlackDetector", "SoftlayerDetector", "SquareOAuthDetector", "StripeDetector",
        "TelegramBotTokenDetector", "TwilioKeyDetector",
    ]  # fmt: skip
    context = transient_settings({"plugins_used": [{"name": n} for n in regex_plugins]})
    context.__enter__()
    _KEEP.append(context)  # exiting (even by garbage collection) would restore the default settings

    def scan(field: str, value: Any) -> bool:
        text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        return any(True for line in text.splitlines() for _ in scan_line(line))

    return scan


def memlane_scanner(field: str, value: Any) -> bool:
    return scan_fields({field: value}) is not None


def evaluate(name: str, scan: Callable[[str, Any], bool], rows: list[dict[str, Any]], show: bool) -> dict:
    secrets = [r for r in rows if r["label"] == "secret"]
    benign = [r for r in rows if r["label"] == "benign"]
    missed = [r["note"] for r in secrets if not scan(r["field"], r["value"])]
    false_pos = [r["note"] for r in benign if scan(r["field"], r["value"])]
    refused = len(secrets) - len(missed)
    print(
        f"  {name:<16} refused {refused}/{len(secrets)} ({refused / len(secrets):.1%})"
        f"   false positives {len(false_pos)}/{len(benign)} ({len(false_pos) / len(benign):.1%})"
    )
    for note in missed if show else ():
        print(f"      missed: {note}")
    for note in false_pos if show or name != "memlane" else ():
        print(f"      false positive: {note}")
    return {"refused": refused, "secrets": len(secrets), "fp": len(false_pos), "benign": len(benign)}


def timing(name: str, scan: Callable[[str, Any], bool], rows: list[dict[str, Any]], repeat: int) -> None:
    """Microseconds per item: the median over items of the best of ``repeat`` runs, and the p95."""
    per_item = []
    for r in rows:
        best = float("inf")
        for _ in range(repeat):
            t0 = time.perf_counter()
            scan(r["field"], r["value"])
            best = min(best, time.perf_counter() - t0)
        per_item.append(best * 1e6)
    per_item.sort()
    p95 = per_item[min(len(per_item) - 1, int(0.95 * len(per_item)))]
    print(f"  {name:<16} per item: median {statistics.median(per_item):.1f} us, p95 {p95:.1f} us")


#: memories of typical shapes, none a secret: the cost every store pays
SAMPLE_TEXTS = {
    "a chat turn (80 chars)": "Caroline went to a LGBTQ support group yesterday and it was so powerful, she said.",
    "a turn with keywords": (
        "Key points from the meeting: the token budget for the new user onboarding flow is fine, pass it on."
    ),
    "a note (2,000 chars)": (
        "We met at the café; Ann said the API rollout https://example.com/docs/rollout/plan is on track: "
        "keys rotate monthly, tokens expire after a day. " * 14
    )[:2000],
    "a document (32,000 chars)": (
        "Caroline went to a LGBTQ support group yesterday, she said. It was powerful. " * 420
    )[:32000],
}


def timing_texts(scanners: dict[str, Callable[[str, Any], bool]], repeat: int) -> None:
    print(f"cost per content text (best of {repeat}):")
    for label, text in SAMPLE_TEXTS.items():
        cells = []
        for name, scan in scanners.items():
            best = float("inf")
            for _ in range(repeat):
                t0 = time.perf_counter()
                scan("content", text)
                best = min(best, time.perf_counter() - t0)
            cells.append(f"{name} {best * 1e6:.1f} us")
        print(f"  {label:<28} " + ", ".join(cells))


def corpus_strings(folder: Path) -> list[str]:
    """Every string in DIR's JSON files, JSON-lines files (each line) and text files (each line)."""
    found: list[str] = []
    stack: list[Any] = [json.loads(p.read_text("utf-8")) for p in sorted(folder.glob("*.json"))]
    for path in sorted(folder.glob("*.jsonl")):
        stack += [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]
    for path in sorted(folder.glob("*.txt")):
        found += [line for line in path.read_text("utf-8").splitlines() if line.strip()]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return found


def scan_corpus(folder: Path, scanners: dict[str, Callable[[str, Any], bool]]) -> None:
    """What each scanner refuses in DIR; with a baseline, the texts memlane refuses and it does not are
    listed (DIR's texts are meant as no secrets, but the forget sets hold some on purpose)."""
    texts = corpus_strings(folder)
    print(f"{folder}: {len(texts)} strings")
    refused: dict[str, set[int]] = {}
    for name, scan in scanners.items():
        t0 = time.perf_counter()
        refused[name] = {i for i, text in enumerate(texts) if scan("content", text)}
        mean = (time.perf_counter() - t0) / len(texts) * 1e6
        flagged = len(refused[name])
        print(f"  {name:<16} refused {flagged} ({flagged / len(texts):.2%}), mean {mean:.1f} us per string")
    baseline = next((name for name in scanners if name.startswith("memlane@")), None)
    if baseline is not None:
        for i in sorted(refused["memlane"] - refused[baseline]):
            finding = scan_fields({"content": texts[i]})
            kind = finding.kind if finding else "?"
            print(f"    newly refused ({kind}): {texts[i][:140]!r}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("sets", nargs="+", type=Path)
    parser.add_argument("--baseline", metavar="REF", help="also run the scanner of this git revision")
    parser.add_argument("--detect-secrets", action="store_true", help="also run detect-secrets' plugins")
    parser.add_argument("--corpus", type=Path, action="append", default=[], metavar="DIR")
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--quiet", action="store_true", help="do not list misses and false positives")
    args = parser.parse_args()
    scanners: dict[str, Callable[[str, Any], bool]] = {"memlane": memlane_scanner}
    if args.baseline:
        scanners[f"memlane@{args.baseline}"] = baseline_scanner(args.baseline)
    if args.detect_secrets:
        try:
            scanners["detect-secrets"] = detect_secrets_scanner()
        except ImportError:
            print("detect-secrets is not installed: skipped", file=sys.stderr)
    everything: list[dict[str, Any]] = []
    for path in args.sets:
        rows = load(path)
        everything += rows
        print(f"{path.name}: {len(rows)} items")
        for name, scan in scanners.items():
            evaluate(name, scan, rows, show=not args.quiet and name == "memlane")
    print(f"cost per item (best of {args.repeat}, all sets):")
    for name, scan in scanners.items():
        timing(name, scan, everything, args.repeat)
    timing_texts(scanners, args.repeat)
    for folder in args.corpus:
        scan_corpus(folder, scanners)
    while _KEEP:
        _KEEP.pop().__exit__(None, None, None)


if __name__ == "__main__":
    main()
