"""Every store field of the wrong kind is refused in one message, embedded and over REST (the remote SDK),
alone and in a batch: REST said ``observed_at: must be a string`` where the SDK says ``expected a
date/time or ISO-8601 string, got int``, ``items.0.owner: …`` where it says ``item 0: owner: …`` (now
``item_place``, once per item), and ``subject: must be a string or an object`` where it said ``must be an
object``. A null is the field's default on both (REST stored the default type, visibility, importance,
confidence and auto_supersede for a JSON null; the SDK refused None)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from memlane import Memlane, MemlaneError
from servers import make_stack, running

FIELDS = ["subject", "related_user", "importance", "confidence", "valid_from", "valid_to", "observed_at",
          "expires_at", "data", "provenance", "type", "visibility", "owner", "replaces", "space", "source",
          "auto_supersede"]  # fmt: skip
VALUES: dict[str, Any] = {"int": 5, "list": [1], "null": None}
#: the fields also tried in a batch (a batch item's place before the problem)
IN_BATCH = ("owner", "observed_at", "subject", "type")


def _outcomes(c: Any, tag: str) -> dict[str, str]:
    out = {}
    for field in FIELDS:
        for name, value in VALUES.items():
            for kind in ("one", "many") if field in IN_BATCH and name != "null" else ("one",):
                content = f"The {tag} probe of {field} as {name}, {kind}"
                try:
                    if kind == "one":
                        c.store(content, **{field: value})
                    else:
                        c.store_many([{"content": content, field: value}])
                    out[f"{kind} {field} {name}"] = "stored"
                except MemlaneError as exc:
                    out[f"{kind} {field} {name}"] = f"{type(exc).__name__}: {exc}"
    return out


def test_a_field_of_the_wrong_kind_is_refused_alike(tmp_path: Path) -> None:
    stack = make_stack(tmp_path / "fields.db")
    try:
        embedded = _outcomes(stack.mem, "embedded")
        with running(stack.app()) as url, Memlane.connect(url, api_key=stack.admin_key) as remote:
            over_http = _outcomes(remote, "remote")
        differ = {k: (embedded[k], over_http[k]) for k in embedded if embedded[k] != over_http[k]}
        assert not differ, differ
        assert embedded["one observed_at int"] == (
            "InvalidInput: observed_at: expected a date/time or ISO-8601 string, got int"
        )
        assert embedded["many owner int"] == "InvalidInput: item 0: owner: must be a string"
        assert embedded["one subject int"] == "InvalidInput: subject: must be a string or an object"
        assert all(embedded[f"one {f} null"] == "stored" for f in FIELDS)
        stored = stack.mem.list_recent(limit=1000, space="*")
        assert {m.importance for m in stored if "importance as null" in m.content} == {0.5}
    finally:
        stack.mem.close()
