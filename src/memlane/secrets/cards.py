"""Payment card numbers: a number that pays, like a password that opens, does not belong in memory.

A card number (PAN) is 13 to 19 digits, written whole or in the groups printed on cards (4-4-4-4,
Amex's 4-6-5, Diners' 4-6-4), starting with an issuer's prefix. Two readings, by how much the text
says:

* **said as a card** — a card word ("card number", "credit card", "Visa", "Mastercard", "Amex",
  "Kreditkarte", "numéro de carte"…) shortly before a 13–19-digit number with an issuer prefix: refused
  whether or not its check digit is right. A number typed from memory with one digit wrong, or made
  up for an example, is still said as a card number, and a careful assistant refuses it on the words
  alone;
* **bare** — no card word: the number must be a card by its own shape, which random digits rarely
  are: a prefix of a known issuer with a length that issuer uses, a valid Luhn check digit
  (``stdnum.luhn``), and whole or card-grouped digits. Even then a word right before it that names it
  as something else ("order", "tracking", "IMEI", "ISBN", "invoice", "account", "phone"…) lets it pass,
  and so does a 13-digit number that is a valid EAN-13 barcode (``stdnum.ean``).

Numbers with a ``+`` (phone numbers), masked numbers (``4929 **** **** 0043``), the last four digits
("card ending 0043"), IBANs (letters) and longer digit runs (USPS tracking numbers, ICCIDs of 20 digits)
are never read as cards. Figures on every stored text of the repository's sets and the LoCoMo dev
conversations: docs/secrets.md.
"""

from __future__ import annotations

import re

from stdnum import ean, luhn

__all__ = ["find_card"]

KIND = "a payment card number"

#: Issuer prefixes (IIN ranges) and the lengths each issuer uses, from the card networks' published
#: ranges as Wikipedia's "Payment card number" table gathers them. (low, high, lengths): a number is
#: in range when its first len(str(low)) digits lie between low and high.
_ISSUERS: tuple[tuple[int, int, tuple[int, ...]], ...] = (
    (4, 4, (13, 16, 19)),  # Visa (incl. Electron, Dankort co-brands)
    (51, 55, (16,)),  # Mastercard
    (2221, 2720, (16,)),  # Mastercard 2-series
    (34, 34, (15,)),  # American Express
    (37, 37, (15,)),
    (300, 305, (14, 15, 16, 17, 18, 19)),  # Diners Club Carte Blanche / International
    (36, 36, (14, 15, 16, 17, 18, 19)),  # Diners Club International
    (38, 39, (16, 17, 18, 19)),  # Diners Club (Discover network)
    (6011, 6011, (16, 17, 18, 19)),  # Discover
    (644, 649, (16, 17, 18, 19)),
    (65, 65, (16, 17, 18, 19)),  # Discover, RuPay, Troy
    (3528, 3589, (16, 17, 18, 19)),  # JCB
    (62, 62, (16, 17, 18, 19)),  # UnionPay (and Discover's 622126-622925)
    (2200, 2204, (16, 17, 18, 19)),  # Mir
    (5018, 5018, (13, 14, 15, 16, 17, 18, 19)),  # Maestro
    (5020, 5020, (13, 14, 15, 16, 17, 18, 19)),
    (5038, 5038, (13, 14, 15, 16, 17, 18, 19)),
    (5893, 5893, (13, 14, 15, 16, 17, 18, 19)),
    (6304, 6304, (13, 14, 15, 16, 17, 18, 19)),  # Maestro, Laser
    (6759, 6759, (13, 14, 15, 16, 17, 18, 19)),  # Maestro UK
    (6761, 6763, (13, 14, 15, 16, 17, 18, 19)),
    (5019, 5019, (16,)),  # Dankort
    (60, 60, (16,)),  # RuPay
    (508, 508, (16,)),
    (353, 353, (16,)),
    (356, 356, (16,)),
    (9792, 9792, (16,)),  # Troy
    (506099, 506198, (16, 18, 19)),  # Verve
    (650002, 650027, (16, 18, 19)),
    (507865, 507964, (16, 18, 19)),
    (8600, 8600, (16,)),  # UzCard
    (9860, 9860, (16,)),  # Humo
    (636, 636, (16, 17, 18, 19)),  # InterPayment
    (637, 639, (16,)),  # InstaPayment
)

#: 13-19 digits, whole or in groups separated by one space or dash; no '+' (a phone number), no digit,
#: letter, '*' or further group joined on either side (a longer number, a masked one, an IBAN).
_RUN_RE = re.compile(
    r"[0-9](?<![\w+*/.,-][0-9])(?<![0-9*][ -][0-9])(?:[ -]?[0-9]){12,18}(?![\w*])(?![ -][0-9*])(?![.,][0-9])"
)  # the first digit comes first: the engine then looks for a digit instead of trying each position
#: the groups printed on cards: 4-4-4-4(-1..3), 4-4-4-1, Amex 4-6-5, Diners 4-6-4, 4-4-5, 4-4-4-3
_GROUPED_RE = re.compile(
    r"\d{4}([ -])\d{4}\1\d{4}\1\d{1,4}(?:\1\d{1,3})?|\d{4}([ -])\d{6}\2\d{4,5}|\d{4}([ -])\d{4}\3\d{5}"
)
#: words that say a number is a payment card (English, German, French, Spanish, Portuguese, Italian,
#: Dutch), looked for just before it
_CARD_WORDS_RE = re.compile(
    r"(?i)(?:card|visa|master\s?card|maestro|amex|american\s+express|diners|discover|jcb|unionpay|"
    r"\bcc\b|\bccn\b|\bpan\b|karte|kreditkarte|kartennummer|carte|tarjeta|cart[ãa]o|carta|creditcard|"
    r"pinpas|bankpas)"
)
#: words that say a number is card-like only in shape (an order, a parcel, a phone…)
_OTHER_NUMBER_RE = re.compile(
    r"(?i)\b(?:order|tracking|track|shipment|parcel|package|consignment|waybill|invoice|receipt|ref|"
    r"reference|imei|meid|iccid|sim|isbn|issn|ean|upc|gtin|barcode|serial|s/?n|account|acct|iban|"
    r"routing|sort\s+code|phone|tel|telephone|mobile|cell|fax|call|whatsapp|policy|member|membership|"
    r"customer|booking|confirmation|reservation|ticket|case|claim|transaction|txn|id|no\s+de\s+commande|"
    r"bestellnummer|sendungsnummer|pedido|commande)\b"
)
#: what "shortly before" means: the card word and the number in one clause
_WINDOW = 48
_CLAUSE_END_RE = re.compile(r"[.;!?\n]\s|[;\n]")
_NOT_A_CARD = re.compile(
    r"(?i)\b(?:id|sim|gift|library|loyalty|member(?:ship)?|student|health|insurance|business|key)\s*card"
)

#: an IBAN (country, check digits, then groups of letters and digits): its digits are an account
_IBAN_RE = re.compile(r"\b[A-Z]{2}\d{2}(?:[ -]?[A-Z0-9]{4}){2,7}(?:[ -]?[A-Z0-9]{1,3})?\b")


def _issuer_lengths(digits: str) -> tuple[int, ...]:
    for low, high, lengths in _ISSUERS:
        width = len(str(low))
        if low <= int(digits[:width]) <= high:
            return lengths
    return ()


def _said_as_card(before: str) -> bool:
    """A card word in ``before`` (the text just before a number), in the same clause as the number and
    with no other kind of number named in between ("my Visa expires 11/27, order 4532…")."""
    words = list(_CARD_WORDS_RE.finditer(before))
    if not words:
        return False
    last = words[-1]
    between = before[last.end() :]
    if _CLAUSE_END_RE.search(between) or _OTHER_NUMBER_RE.search(between):
        return False
    return not _NOT_A_CARD.search(before[max(0, last.start() - 12) : last.end()])


def find_card(text: str) -> str | None:
    """The kind, ``KIND``, if ``text`` holds a payment card number (the module docstring gives the two
    readings), else None."""
    ibans: list[tuple[int, int]] | None = None
    for m in _RUN_RE.finditer(text):
        if ibans is None:
            ibans = [iban.span() for iban in _IBAN_RE.finditer(text)]
        if any(start <= m.start() < end for start, end in ibans):
            continue
        digits = m.group().replace(" ", "").replace("-", "")
        if not 13 <= len(digits) <= 19:
            continue
        lengths = _issuer_lengths(digits)
        if not lengths:
            continue
        if _said_as_card(text[max(0, m.start() - _WINDOW) : m.start()]):
            return KIND
        if len(digits) not in lengths or not luhn.is_valid(digits):
            continue
        if any(c in m.group() for c in " -") and not _GROUPED_RE.fullmatch(m.group()):
            continue  # grouped as no card is (an order number's 3-7-7)
        if _OTHER_NUMBER_RE.search(text[max(0, m.start() - 32) : m.start()]):
            continue
        if len(digits) == 13 and ean.is_valid(digits):
            continue
        return KIND
    return None
