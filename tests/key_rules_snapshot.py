"""The snapshot of the key rules (``memlane.graph.rekey.KEY_RULES_VERSION``) that tests/test_key_rules.py
compares with: the lookup keys a store files each name of ``tests/data/key-names.txt`` under
(``storage.entity_names.name_keys`` for its type: what stays in a database until it is re-keyed), with
the optional ``names`` extra's table and without it, and the version and table packages they were taken
with. Take it again after bumping the version:

    PYTHONPATH=src python tests/key_rules_snapshot.py

It refuses to overwrite a snapshot of the same version whose keys differ (bump ``KEY_RULES_VERSION`` in
``src/memlane/graph/rekey.py`` first: stores keyed with the old keys re-key only when the version moves),
unless the table packages differ from the snapshot's too (their versions are part of the stores' marker
already). ``--check`` only lists the differences."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "data" / "key-names.txt"
SNAPSHOT = HERE / "data" / "key-rules-snapshot.jsonl"
SRC = HERE.parent / "src"
COMMAND = "PYTHONPATH=src python tests/key_rules_snapshot.py"

#: keys of every corpus name in a process where the ``names`` extra cannot be imported (hidden before
#: memlane is imported, as a user without it has it): a process of its own, so that no table read with
#: the extra is reused
_WITHOUT_TABLE = r"""
import json, sys
sys.modules["gender_guesser"] = None
from memlane.storage.entity_names import name_keys
corpus = json.load(sys.stdin)
print(json.dumps([sorted(name_keys([name], kind)) for kind, name in corpus]))
"""


@dataclass(frozen=True)
class Snapshot:
    version: int
    #: {package: version or None (absent)} of ``graph.rekey``'s table packages
    packages: dict[str, str | None]
    corpus: list[tuple[str, str]]
    #: keys of each corpus name, with the extra's table and without it
    with_table: list[list[str]]
    without_table: list[list[str]]


def read_corpus() -> list[tuple[str, str]]:
    """(type, name) of each line of the corpus, in its order."""
    corpus = []
    for line in CORPUS.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        kind, _, name = line.partition(" | ")
        corpus.append((kind.strip(), name.strip()))
    return corpus


def packages() -> dict[str, str | None]:
    from memlane.graph.rekey import _KEY_PACKAGES

    found: dict[str, str | None] = {}
    for package in _KEY_PACKAGES:
        try:
            found[package] = metadata.version(package)
        except metadata.PackageNotFoundError:
            found[package] = None
    return found


def has_names_extra() -> bool:
    from memlane.graph.given_names import has_name_dictionary

    return has_name_dictionary()


def keys_with_table(corpus: list[tuple[str, str]]) -> list[list[str]]:
    from memlane.storage.entity_names import name_keys

    return [sorted(name_keys([name], kind)) for kind, name in corpus]


def keys_without_table(corpus: list[tuple[str, str]]) -> list[list[str]]:
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    done = subprocess.run([sys.executable, "-c", _WITHOUT_TABLE], input=json.dumps(corpus), capture_output=True,
                          text=True, env=env, timeout=600, check=False)  # fmt: skip
    if done.returncode != 0:
        raise RuntimeError(f"keying without the names extra failed:\n{done.stderr}")
    keys: list[list[str]] = json.loads(done.stdout.strip().splitlines()[-1])
    return keys


def take() -> Snapshot:
    """The snapshot of this code and installation (the ``names`` extra must be installed)."""
    from memlane.graph.rekey import KEY_RULES_VERSION

    if not has_names_extra():
        raise RuntimeError("the names extra (gender-guesser) is not installed: pip install -e '.[names]'")
    corpus = read_corpus()
    return Snapshot(
        KEY_RULES_VERSION, packages(), corpus, keys_with_table(corpus), keys_without_table(corpus)
    )


def load() -> Snapshot:
    lines = SNAPSHOT.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    rows = [json.loads(line) for line in lines[1:]]
    return Snapshot(
        version=int(head["key_rules_version"]),
        packages=dict(head["packages"]),
        corpus=[(str(r[0]), str(r[1])) for r in rows],
        with_table=[list(r[2]) for r in rows],
        without_table=[list(r[3] if len(r) > 3 else r[2]) for r in rows],
    )


def write(snap: Snapshot) -> None:
    head = {"key_rules_version": snap.version, "packages": snap.packages, "names": len(snap.corpus)}
    lines = [json.dumps(head, sort_keys=True)]
    for (kind, name), with_, without in zip(snap.corpus, snap.with_table, snap.without_table, strict=True):
        row: list[object] = [kind, name, with_] + ([without] if without != with_ else [])
        lines.append(json.dumps(row, ensure_ascii=False))
    SNAPSHOT.write_text("\n".join(lines) + "\n", encoding="utf-8")


def differences(
    old_corpus: list[tuple[str, str]],
    old_keys: list[list[str]],
    corpus: list[tuple[str, str]],
    keys: list[list[str]],
    *,
    label: str = "",
) -> list[str]:
    """The names whose keys differ between two keyings (those of the same type and name in both: a name
    only one corpus has is not a difference of the rules), one line each."""
    before = dict(zip(old_corpus, old_keys, strict=True))
    found = []
    for entry, now in zip(corpus, keys, strict=True):
        was = before.get(entry)
        if was is not None and was != now:
            added, removed = sorted(set(now) - set(was)), sorted(set(was) - set(now))
            found.append(f"{entry[0]} | {entry[1]}{label}: added {added}, removed {removed}")
    return found


def verdict(old: Snapshot, version: int, corpus: list[tuple[str, str]], changed: list[str]) -> str | None:
    """Why keys that differ from the snapshot ``old`` in ``changed`` are not allowed under ``version``
    with ``corpus`` (None: they are): a snapshot of another version or corpus, keys that changed under
    the same version."""
    if old.version != version:
        return (
            f"{SNAPSHOT.name} is of KEY_RULES_VERSION {old.version}, the code's is {version}:"
            f" take the snapshot again: {COMMAND}"
        )
    if old.corpus != corpus:
        return f"{CORPUS.name} is not the snapshot's corpus: take the snapshot again: {COMMAND}"
    if not changed:
        return None
    shown = changed[:20] + ([f"... and {len(changed) - 20} more"] if len(changed) > 20 else [])
    return (
        f"The lookup keys of {len(changed)} names differ from the snapshot of KEY_RULES_VERSION {version}:"
        " bump KEY_RULES_VERSION in src/memlane/graph/rekey.py (stores keyed with the old keys re-key only"
        f" when it moves) and take the snapshot again: {COMMAND}\n" + "\n".join(shown)
    )


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--check", action="store_true", help="list the differences only; write nothing")
    args = parser.parse_args()
    new = take()
    old = load() if SNAPSHOT.exists() else None
    changed = []
    if old is not None:
        changed = differences(old.corpus, old.with_table, new.corpus, new.with_table) + differences(
            old.corpus, old.without_table, new.corpus, new.without_table, label=" (without the names extra)"
        )
    for line in changed:
        print(line)
    if args.check:
        print(f"{len(changed)} differences" if changed else "the keys are those of the snapshot")
        return 1 if changed else 0
    if old is not None and changed and old.version == new.version and old.packages == new.packages:
        print(
            f"The keys differ from the snapshot of KEY_RULES_VERSION {old.version}: bump KEY_RULES_VERSION in"
            " src/memlane/graph/rekey.py first (stores keyed with the old keys re-key when it moves), then"
            " run this again.",
            file=sys.stderr,
        )
        return 1
    write(new)
    print(
        f"wrote {SNAPSHOT.relative_to(HERE.parent)}: KEY_RULES_VERSION {new.version}, {len(new.corpus)} names"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
