"""Validation failures in plain words, the same on every surface.

pydantic's own messages ("String should have at least 1 character", "Value error, …", a link to
errors.pydantic.dev) are written for Python programmers. ``problem`` says what a value must be instead;
``expected`` says it from a field's JSON schema, for surfaces that publish one (the MCP tools), so the
message and the schema a client was shown agree.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from pydantic import ValidationError
from pydantic_core import ErrorDetails

__all__ = ["expected", "plain_errors", "problem", "problems", "where"]

_TYPES = {
    "int_type": "must be an integer", "int_parsing": "must be an integer", "int_from_float": "must be an integer",
    "float_type": "must be a number", "float_parsing": "must be a number",
    "bool_type": "must be true or false", "bool_parsing": "must be true or false",
    "string_type": "must be a string", "list_type": "must be a list", "dict_type": "must be an object",
    "model_type": "must be an object", "model_attributes_type": "must be an object",
    "datetime_type": "must be a date/time (ISO-8601)", "datetime_parsing": "must be a date/time (ISO-8601)",
    "datetime_from_date_parsing": "must be a date/time (ISO-8601)", "missing": "is required",
    "extra_forbidden": "is not a known field", "json_invalid": "is not valid JSON",
}  # fmt: skip


def _number(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)  # "at most 1", not "at most 1.0"
    return f"{value:,}" if isinstance(value, int) and not isinstance(value, bool) else str(value)


#: the place pydantic gives each member of a union in an error's ``loc`` (``subject.str``,
#: ``subject.SubjectIn.name``): a type's name, not a field's (memlane's fields are snake_case words)
_UNION_MEMBER = re.compile(r"^(?:[A-Z]\w*|str|int|float|bool|bytes|none|[a-z-]+\[.*\]|constrained-[a-z]+)$")
#: a member that did not take the value's type at all (so the value was meant for another member)
_MISMATCH = {"int_type", "int_parsing", "float_type", "float_parsing", "bool_type", "bool_parsing",
             "string_type", "list_type", "dict_type", "model_type", "model_attributes_type",
             "is_instance_of", "none_required"}  # fmt: skip


def plain_errors(errors: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """A union's errors as the caller meant the value: pydantic reports each member's failure under the
    member's type name (``subject.str: must be a string; subject.SubjectIn.name: must not be empty``).
    Kept: the errors of the member whose type the value has (``subject.name: must not be empty``), or,
    when it has none of them, one error saying what it may be (``subject: must be a string or an
    object``)."""
    out: list[Mapping[str, Any] | tuple[Any, ...]] = []
    unions: dict[tuple[Any, ...], dict[str, list[Mapping[str, Any]]]] = {}
    for error in errors:
        loc = tuple(error.get("loc", ()))
        at = next((i for i, p in enumerate(loc) if isinstance(p, str) and _UNION_MEMBER.match(p)), None)
        if at is None:
            out.append(error)
            continue
        if loc[:at] not in unions:
            unions[loc[:at]] = {}
            out.append(loc[:at])
        unions[loc[:at]].setdefault(str(loc[at]), []).append({**error, "loc": loc[:at] + loc[at + 1 :]})
    said: list[Mapping[str, Any]] = []
    for item in out:
        if not isinstance(item, tuple):
            said.append(item)
            continue
        members = unions[item]
        fitted = [
            found for found in members.values()
            if not all(e["type"] in _MISMATCH and tuple(e["loc"]) == item for e in found)
        ]  # fmt: skip
        if fitted:
            said.extend(plain_errors(fitted[0]))
        else:
            kinds = [problem(found[0]).removeprefix("must be ") for found in members.values()]
            said.append({"loc": item, "type": "union_type", "ctx": {"options": list(dict.fromkeys(kinds))}})
    return said


def problem(error: ErrorDetails | Mapping[str, Any]) -> str:
    """What is wrong with one value, without pydantic's wording (``must not be empty``)."""
    kind = str(error.get("type", ""))
    ctx: Mapping[str, Any] = error.get("ctx") or {}
    if kind in ("value_error", "assertion_error") and "error" in ctx:
        message = str(ctx["error"])
        field = where(error) + ": "
        return message[len(field) :] if message.startswith(field) else message  # said once, by the caller
    if kind == "string_too_short":
        n = ctx.get("min_length", 1)
        return "must not be empty" if n == 1 else f"must have at least {_number(n)} characters"
    if kind == "string_too_long":
        return f"must have at most {_number(ctx.get('max_length'))} characters"
    if kind in ("too_short", "too_long"):
        bound = ctx.get("min_length") if kind == "too_short" else ctx.get("max_length")
        items = "item" if bound == 1 else "items"  # (not "at least 1 items")
        return f"must have {'at least' if kind == 'too_short' else 'at most'} {_number(bound)} {items}"
    bounds = {"greater_than_equal": ("at least", "ge"), "less_than_equal": ("at most", "le"),
              "greater_than": ("more than", "gt"), "less_than": ("less than", "lt")}  # fmt: skip
    if kind in bounds:
        words, key = bounds[kind]
        return f"must be {words} {_number(ctx.get(key))}"
    if kind in ("literal_error", "enum"):
        return f"must be one of {ctx.get('expected', '')}".strip()
    if kind == "union_tag_invalid":  # a tagged union's tag (a record's ``kind``) that names no member
        return f"must be one of {ctx.get('expected_tags', '')}, not {str(ctx.get('tag', ''))!r}"
    if kind == "union_tag_not_found":
        return "is required"
    if kind == "string_unicode":  # a lone surrogate ("\ud800" in JSON): as ``requests.check_storable`` says
        given = error.get("input")
        lone = (
            next((c for c in given if 0xD800 <= ord(c) <= 0xDFFF), None) if isinstance(given, str) else None
        )
        return f"a lone surrogate (U+{ord(lone):04X}) is not Unicode text" if lone else "is not Unicode text"
    if kind == "union_type":  # (``plain_errors``) a value of none of a union's types
        return "must be " + " or ".join(ctx.get("options", ()))
    return _TYPES.get(kind, str(error.get("msg", "is not valid")))


def where(error: ErrorDetails | Mapping[str, Any]) -> str:
    loc: list[str | int] = [p if isinstance(p, int) else str(p) for p in error.get("loc", ())]
    if str(error.get("type", "")).startswith("union_tag_"):  # the tag's own field, not the union's place
        loc.append(str((error.get("ctx") or {}).get("discriminator", "")).strip("'"))
    return path(loc) or "input"


def path(loc: Iterable[str | int]) -> str:
    """A place in a value as the service names it: ``messages[0].role``, ``data.list[2]`` (an index in
    brackets, as ``requests.check_json`` and ``conversations.parse_messages`` write it; pydantic's
    ``messages.0.role`` made the REST API say one bad message otherwise than the SDK)."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif part:
            out += f".{part}" if out else part
    return out


def problems(exc: ValidationError, prefix: str = "") -> str:
    """Every problem of a failed validation, ``field: what is wrong``, joined by ``; `` (``prefix``
    before each field: ``defaults.``)."""
    return "; ".join(f"{prefix}{where(e)}: {problem(e)}" for e in plain_errors(exc.errors()))


def expected(schema: Mapping[str, Any]) -> str:
    """What a value of this JSON schema is, in words: ``an integer between 1 and 100``."""
    if "enum" in schema:
        return "one of " + ", ".join(str(v) for v in schema["enum"])
    if "const" in schema:
        return f"{schema['const']}"
    kind = schema.get("type")
    if kind in ("integer", "number"):
        noun = "an integer" if kind == "integer" else "a number"
        low, high = schema.get("minimum"), schema.get("maximum")
        if low is not None and high is not None:
            return f"{noun} between {_number(low)} and {_number(high)}"
        if low is not None:
            return f"{noun} of at least {_number(low)}"
        if high is not None:
            return f"{noun} of at most {_number(high)}"
        return noun
    if kind == "string":
        low, high = schema.get("minLength"), schema.get("maxLength")
        text = "a non-empty string" if low else "a string"
        return text + (f" of at most {_number(high)} characters" if high else "")
    if kind == "boolean":
        return "true or false"
    if kind == "array":
        items = schema.get("items")
        return f"a list, each {expected(items)}" if isinstance(items, Mapping) else "a list"
    if kind == "object":
        return "an object"
    options: Sequence[Any] = schema.get("anyOf") or schema.get("oneOf") or ()
    if options:
        return " or ".join(expected(o) for o in options if isinstance(o, Mapping))
    return "a valid value"
