"""Every ``memlane …`` command the README and docs/*.md show (in backticks or in a code block) is a
command of the CLI, with options that command takes: a reader who types it as written is not answered
with "No such command" (docs/concepts.md named ``memlane reindex --keys``, which is
``memlane memory reindex --keys``). The commands themselves are run by the tests of each feature; this
checks only that what the docs name exists."""

from __future__ import annotations

import re
from pathlib import Path

import click

from memlane.cli import main

ROOT = Path(__file__).resolve().parent.parent
#: shown on purpose as what not to type (docs/cli.md: "``memlane store …`` is answered with did you mean"),
#: or a label (docs/peers.md: a benchmark row "``memlane (1 thread)``")
NOT_COMMANDS = {"memlane store …", "memlane (1 thread)"}


def _shown(text: str) -> list[str]:
    """``memlane …`` as a command: an inline code span, or a line of a fenced block."""
    spans = re.findall(r"(?<!`)`(memlane [^`\n]+)`(?!`)", text)
    for block in re.findall(r"```[a-z]*\n(.*?)```", text, flags=re.S):
        for line in block.splitlines():
            found = re.search(r"(?:^|\$ |&& |\| )(memlane [^#|&]*)", line)
            if found:
                spans.append(found.group(1))
    return [s.strip() for s in spans if s.strip() not in NOT_COMMANDS]


def _problem(line: str) -> str | None:
    words = line.split()[1:]
    if words and "|" in words[0] and not words[0].startswith("-"):  # memlane keys|users|teams
        said = [_problem(" ".join(["memlane", one, *words[1:]])) for one in words[0].split("|")]
        return next((p for p in said if p), None)
    command: click.Command = main
    path: list[str] = []
    for word in words:
        if word.startswith("-"):
            continue
        if isinstance(command, click.Group) and word in command.commands:
            command = command.commands[word]
            path.append(word)
        else:
            break
    if isinstance(command, click.Group) and command is main:
        first = next((w for w in words if not w.startswith("-")), None)
        if first is not None and not first.isupper():  # (memlane COMMAND --help: a placeholder)
            return f"no command {first!r}"
        return None
    options = {o for p in (*main.params, *command.params) for o in (*p.opts, *p.secondary_opts)}
    unknown = [
        w.split("=")[0] for w in words if w.startswith("--") and w.split("=")[0] not in options | {"--help"}
    ]
    return f"memlane {' '.join(path)} has no option {', '.join(unknown)}" if unknown else None


def test_every_command_the_docs_show_exists_with_its_options() -> None:
    wrong = []
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for line in _shown(path.read_text(encoding="utf-8")):
            problem = _problem(line)
            if problem:
                wrong.append(f"{path.relative_to(ROOT)}: `{line}`: {problem}")
    assert wrong == []
