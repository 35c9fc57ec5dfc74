"""The labelled set in tests/data/secrets: every secret refused, no look-alike refused.

dev.jsonl was written before the detectors and used while writing them (so passing it is a regression
check, not a measure); heldout.jsonl was written afterwards and is measured, not tuned on, by
bench/secret_scan.py (docs/secrets.md). cards.jsonl (payment card numbers and look-alikes: order,
tracking, IMEI, ISBN, IBAN and phone numbers) was written with the card detector, so it is in-sample.
Values carry a ``<<>>`` marker inside fake tokens so that
repository scanners do not flag this data; it is removed on loading.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from memlane.secrets import scan_fields

DATA = Path(__file__).parent / "data" / "secrets"


def _unmark(value: Any) -> Any:
    if isinstance(value, str):
        return value.replace("<<>>", "")
    if isinstance(value, dict):
        return {_unmark(k): _unmark(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_unmark(v) for v in value]
    return value


def _load(name: str, label: str) -> list[Any]:
    rows = [json.loads(line) for line in (DATA / name).read_text("utf-8").splitlines() if line.strip()]
    return [pytest.param(r["field"], _unmark(r["value"]), id=r["note"]) for r in rows if r["label"] == label]


def test_the_set_is_big_enough() -> None:
    assert len(_load("dev.jsonl", "secret")) >= 60 and len(_load("dev.jsonl", "benign")) >= 60


@pytest.mark.parametrize(("field", "value"), _load("dev.jsonl", "secret"))
def test_dev_secrets_are_refused(field: str, value: Any) -> None:
    assert scan_fields({field: value}) is not None


@pytest.mark.parametrize(("field", "value"), _load("dev.jsonl", "benign"))
def test_dev_look_alikes_pass(field: str, value: Any) -> None:
    assert scan_fields({field: value}) is None


@pytest.mark.parametrize(("field", "value"), _load("heldout.jsonl", "benign"))
def test_heldout_look_alikes_pass(field: str, value: Any) -> None:
    assert scan_fields({field: value}) is None


def test_heldout_refusal_rate() -> None:
    """A floor, not a target: the held-out secrets include kinds the scanner does not claim to detect
    (a PIN called a code, "key X" for a wifi password); docs/secrets.md lists the misses."""
    secrets = _load("heldout.jsonl", "secret")
    refused = sum(scan_fields({p.values[0]: p.values[1]}) is not None for p in secrets)
    assert refused / len(secrets) >= 0.9


@pytest.mark.parametrize(("field", "value"), _load("cards.jsonl", "secret"))
def test_card_numbers_are_refused(field: str, value: Any) -> None:
    finding = scan_fields({field: value})
    assert finding is not None and finding.kind == "a payment card number"


@pytest.mark.parametrize(("field", "value"), _load("cards.jsonl", "benign"))
def test_card_look_alikes_pass(field: str, value: Any) -> None:
    """Order, tracking, IMEI, ISBN, EAN, IBAN, phone and bank account numbers, last fours, masked cards."""
    assert scan_fields({field: value}) is None
