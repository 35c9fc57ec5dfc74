"""A statement's anchors written one way: numbers, amounts, times, dates, units. Pure functions, no I/O.

Two statements that give one value in two spellings say the same thing: "84k", "84,000", "84
thousand" and "eighty-four thousand" are one number, "£84,000" and "84,000 pounds" one amount, "at 8
in the morning" and "8am" one time, "March 3rd", "3 March" and "the third of March" one day.
``anchor_forms`` writes each such value one way before the word rule (and the paraphrase mode, which
reads the same ``signature.normalise``) compares statements, so that equal values compare equal while
different values stay different words: "84k" / "85k", "8am" / "8pm", "3 March" / "4 March" are never
joined by it, since only the spelling changes, never the value. (``restatement.written_forms`` then
writes every time of day as 24-hour "HH:MM", as before.)

- **number words** are digits, by the ``text2num`` package (``alpha2digit``: "eighty-four thousand" is
  "84000", "thirty-five" "35", "two" "2"; before, the signature read "one" to "ninety-nine" itself); a
  number word before a hyphen too ("six-year-old" is "6 year-old"); ordinal words ("first", "second")
  are left as words, except beside a month (below): "my first language", "every second Tuesday" say
  no day; so is "one" as a pronoun ("the one who runs it", "no one", "one another");
- **multipliers**: "thousand", "million", "billion" after a number, and "k", "m", "bn" after an amount
  of money (a currency symbol before it, a currency word or code after it: "$450k", "€1.2M", "18k
  pounds"; "5k run" and "5m" are left alone), are the number, written with thousands' commas as the
  keyword tokenizer reads "84,000" and "84000" alike ("84,000", "1,200,000"; never a year); "a
  thousand", "half a million", "a dozen";
- **"N and a half"** is "N.5" ("three and a half hours" is "3.5 hours"), "an hour and a half" "1.5
  hours", "half an hour" "30 minutes", "two and a half thousand" "2,500";
- **amounts**: "%" and "per cent" are "percent"; a currency's ISO code beside an amount (the CLDR's
  codes, through ``babel``) is its English name: the common word for the five the signature reads as
  words already (dollars, euros, pounds, francs, yen: "USD 20" is "20 dollars"), the full name for the
  others ("95000 RSD" is "95000 serbian dinars", "500 AUD" "500 australian dollars", never "dollars");
  a currency symbol after its amount is its name ("€2,000" is "2,000 euros", as ``signature`` reads
  $ € £ ¥), and one no other currency uses in English (₹, ₦, ₩, ₪…, and a dollar sign with its
  country: "R$", "NZ$", "US$") is its code's name too; a currency's own plural name that names one
  currency in use ("cedis", "forints") is its full name ("84,000 cedis" is "GHS 84,000"); a code
  before a multiplied amount is money ("GHS 84k"), and "lakh" / "crore" are multipliers;
- **times of day**: "8 in the morning" is "8am", "8 in the evening" / "at night" / "in the afternoon"
  "8pm" ("12 at night" is midnight), and a bare hour after "at" ("opens at 8", "at 8 on Saturdays") is
  the clock's "8:00", as "8 o'clock" and "8:00" already are (24-hour: "at 8" is not "8pm", which is
  "20:00"; a bare hour said of an evening is then missed, never joined to another hour); British
  "at half four" is "4:30", with a time word or the clause's end after it;
- **dates**: an ordinal beside a month is its day ("March 3rd", "3rd of March", "the third of March"
  are "March 3" / "3 March"; the order is ``signature.normalise_order``'s); a numeric date is read
  only when it says one day (a year given or a preposition of time before it, and the day or the
  month told apart: "13/04/2026", "2026-04-13", "on 03/03"; "on 03/04" may be either, and stays);
- **ranges**: "through" / "thru" and a dash between two days, months, times or numbers are "to"
  ("Monday through Friday", "Mon–Fri", "8:00-20:00"); "till" / "til" before a time, a date or a
  number is "until"; "from A until B" and "between A and B" (A and B such values) are "from A to B";
  "3-6 June" / "3 to 6 June" is "3 June to 6 June"; a range of hours whose start does not say its half
  takes its end's after "from" or "between" or with a dash ("from 4 to 11 pm", "4-11pm" are "4 pm to 11
  pm", when the start is the earlier hour; not "10 to 2 pm", which may be 13:50; twenty-seventh session);
- **units** after a number WordNet does not read (``lexicon.unit_name`` reads km, kg, ft, mg…): "ms"
  is milliseconds, "mcg" / "µg" micrograms, "h" / "hr" / "hrs" hours, "min" / "mins" minutes, "sec" /
  "s" seconds, "yr" / "yrs" years, "kph" / "km/h" and "mph" kilometres / miles per hour, "°C" / "°F"
  degrees Celsius / Fahrenheit;
- **other numbered things**: "Q3" is "quarter 3", as "the third quarter" / "3rd quarter" are; a Roman
  numeral after "type", "phase", "stage", "step", "grade", "level", "class", "tier", "part" is its
  number ("type II diabetes" is "type 2 diabetes"; "I" alone is the pronoun and stays).

Twenty-second session: "3-6 June" is "3 June to 6 June" as "3 to 6 June" was (the range's step
read the words before the dash was "to"); an amount's four digits are written with their comma
("2000 dirhams", "2000 AED", "€2000" are "2,000 …": an amount, never the year 2000; not "in 2020
dollars", a year's dollars, nor "2017 MAN", no currency's code); "N decades" and "a decade" are "N×10
years" ("half a decade", "decades" stay); a part of an hour in whole minutes is minutes ("1.5 hours",
"an hour and a half" are "90 minutes", as "half an hour" is "30 minutes"); two or more weekdays'
abbreviations in a list ("Mon/Wed/Fri", "Tue, Thu") are their names (one alone, "Sun", stays a word);
"type-2", "stage-IV" are "type 2", "stage 4".

Round 28 (docs/benchmarks.md, "Blind round 28 — consolidation"), each a spelling of one value: a
metric quantity is written in the largest unit of its dimension that gives at least 1 ("1.5 km" and
"1,500 metres" are "1.5 kilometres", "90 cm" and "0.9 m" "90 centimetres", "28 m³" and "28 cubic
metres" "28,000 litres" (a volume in litres from one up: one word), "118 kilos" "118 kilograms", "20 mg" stays "20 milligrams"; "m" and "l" alone only at the clause's end or before
a word of extent, "5m budget" stays; not a speed, "km/h"); feet and inches ("9'2\"", "9 ft 2 in") are
"9 feet 2 inches"; "Nk" before a noun is a count in thousands ("15k sheets", not "a 5k run"); a
continental decimal comma or thousands' dots in an amount or a percentage ("37,50 €", "3,1%", "180.000
€"; dots also in two groups or more, "1.200.000"); a month and year with a slash ("03/2029", "until
3/2029") are that month; a duration in clock notation with seconds or in letters ("3:12:40",
"3h12m40s") is "3 hours 12 minutes 40 seconds" ("at 10:30:00" stays a time); a frequency in a year
that whole months divide ("twice a year", "3 times per year", "semi-annually") is "every N months";
"NIS" and "RMB" are the codes ILS and CNY; a range of days with a month's abbreviation ("6–13 Oct") is
read as with its name; a unit of time after a slash is "per" it ("15,000 sheets/h" is "15,000 sheets per
hour", "€90/month"), and a negative number's sign is the word "minus" ("the -80 freezer" is "the minus
80 freezer", which the signature reads: it read "-80" as "80"). ``dated_as`` reads a numeric date whose day and month may be either way round
("09/02/2027") as the one reading the other statement names, pairwise.

Thirtieth session (docs/benchmarks.md, "Consolidation: the fresh twenty-eighth mixed set's misses by
class"): weekdays' abbreviations joined by "and" / "or" ("Tue and Thu") as in a list; one period in two
("one weekend in two", "1 week out of 2") is "every other …" (not "one day in two weeks"); thousands
grouped by a space, a no-break or a narrow no-break space in an amount ("SEK 24 600", "12 500 CZK"; not
"planted 3 100 tulips"); "Rs" / "Rs." before an amount is rupees ("Rs 120" is "120 rupees").

Not read: a bare "3:15" as "15:15" (which half of the day is not said), durations in clock notation
("3:41" for 3 hours 41 minutes), acronyms of names ("NYC" / "New York City").
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from functools import lru_cache

from ..text.dates import CALENDAR_WORDS, MONTH_NAMES, MONTHS_IN_ORDER, WEEKDAY_NAMES
from ..text.words import STOPWORDS

__all__ = ["anchor_forms", "currency_name", "dated_as"]

_MONTHS = MONTHS_IN_ORDER
_SHORT_WEEKDAYS = {"mon": "Monday", "tue": "Tuesday", "tues": "Tuesday", "wed": "Wednesday",
                   "thu": "Thursday", "thur": "Thursday", "thurs": "Thursday", "fri": "Friday",
                   "sat": "Saturday", "sun": "Sunday"}  # fmt: skip

_UNITS_1 = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
_TEENS = [
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
]
_TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
_ORDINAL_UNITS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"]
_ORDINAL_TEENS = ["tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth"]  # fmt: skip
#: ordinal words of the days of a month ("first" … "thirty-first") -> the day
_ORDINALS: dict[str, int] = {
    **{w: n for n, w in enumerate(_ORDINAL_UNITS, 1)},
    **{w: n for n, w in enumerate(_ORDINAL_TEENS, 10)},
    "twentieth": 20,
    "thirtieth": 30,
    **{f"twenty{sep}{w}": 20 + n for n, w in enumerate(_ORDINAL_UNITS, 1) for sep in ("-", " ")},
    **{f"thirty{sep}first": 31 for sep in ("-", " ")},
}
_ORDINAL_WORD = "|".join(sorted(_ORDINALS, key=len, reverse=True))
#: any number word (a quick test before ``alpha2digit``)
_NUMBER_WORD_RE = re.compile(
    r"\b(?:"
    + "|".join(_UNITS_1 + _TEENS + _TENS + ["zero", "hundred", "thousand", "million", "billion"])
    + r")\b",
    re.IGNORECASE,
)
#: a number word before a hyphen and a word ("six-year-old", "three-bedroom"): the hyphen a space
_NUMBER_HYPHEN_RE = re.compile(
    r"\b("
    + "|".join(_UNITS_1 + _TEENS + _TENS)
    + r")-(?!(?:"
    + "|".join(_UNITS_1 + _ORDINAL_UNITS)
    + r")\b)(?=[a-z])",
    re.IGNORECASE,
)
#: ordinal words, and "one" as a pronoun ("the one who runs it", "no one", "one another"), kept as words
#: by ``alpha2digit`` (split around)
_ORDINAL_SPLIT_RE = re.compile(
    rf"\b(?:{_ORDINAL_WORD})\b|\b(?:the|no)\s+one\b(?=\s+(?:who|that|which|whom|else)\b|\s*(?:[,.;]|$))"
    r"|\bno\s+one\b|\bone\s+another\b",
    re.IGNORECASE,
)

_MONTH = rf"(?:{MONTH_NAMES})"
#: "the third of March", "3rd of March", "3rd March": the day first
_DAY_FIRST_RE = re.compile(
    rf"\b(?:the\s+)?(?:(\d{{1,2}})(?:st|nd|rd|th)|({_ORDINAL_WORD}))\s+(?:of\s+)?({_MONTH})\b", re.IGNORECASE
)
#: "March 3rd", "March the third", "March third"
_MONTH_FIRST_RE = re.compile(
    rf"\b({_MONTH})\s+(?:the\s+)?(?:(\d{{1,2}})(?:st|nd|rd|th)|({_ORDINAL_WORD}))\b", re.IGNORECASE
)
#: a numeric date: day / month / year (or month / day / year), or ISO's year-month-day
_SLASH_DATE_RE = re.compile(
    r"(?:\b((?:on|by|until|till|from|since|before|after)\s+)|\b)(\d{1,2})[/.](\d{1,2})(?:[/.](\d{4}|\d{2}))?\b(?![/.]\d)",
    re.IGNORECASE,
)
_ISO_DATE_RE = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")

#: a money context: a currency symbol before an amount, or a currency word / code after it
_SYMBOLS = "$€£¥₹₦₩₪₱₫₴₽₺₸₡₭₮₲₵"
_CURRENCY_WORDS = (
    "dollars?|euros?|pounds?|quid|yen|francs?|rupees?|pesos?|kroner|kronor|krona|krone|crowns?|"
    "zlotys?|dinars?|dirhams?|rand|reais|real|yuan|renminbi|won|naira|shillings?|lira|liras|rubles?|"
    "roubles?|baht|ringgit|dong|pesos|[A-Z]{3}"
)
#: "84k", "$450k", "1.2M", "3 million", "1.5bn": the number times its multiplier
_MULTIPLIER_RE = re.compile(
    rf"(?P<sym>(?:[{_SYMBOLS}]|\b[A-Z]{{3}})\s*)?(?<![\d.,])(?P<num>\d+(?:,\d{{3}})*(?:\.\d+)?)"
    r"(?:\s*(?P<word>thousand|million|billion|trillion|lakhs?|crores?)\b|(?P<letter>[kKmM]|bn|mn|b)\b)"
    rf"(?P<after>\s+(?:{_CURRENCY_WORDS})\b)?"
)
_MULTIPLIERS = {"thousand": 3, "k": 3, "million": 6, "m": 6, "mn": 6, "billion": 9, "bn": 9, "b": 9,
                "trillion": 12, "lakh": 5, "lakhs": 5, "crore": 7, "crores": 7}  # fmt: skip
#: "a thousand", "a million", "half a million", "a dozen", "half a dozen"
_A_MULTIPLIER_RE = re.compile(
    r"\b(?:(half)\s+)?(?:a|one)\s+(dozen|hundred|thousand|million|billion)\b(?!\s+(?:and|\d))", re.IGNORECASE
)
_A_VALUES = {"dozen": 12, "hundred": 100, "thousand": 1000, "million": 10**6, "billion": 10**9}

_HALF_RE = re.compile(r"\b(\d+)\s+and\s+a\s+half\b", re.IGNORECASE)
_UNIT_AND_HALF_RE = re.compile(r"\ban?\s+(hour|day|week|month|year|mile|kilometre|kilometer)\s+and\s+a\s+half\b",
                               re.IGNORECASE)  # fmt: skip
_HALF_TIMES_RE = re.compile(r"\b(\d+\.5)\s+(1000|1000000|1000000000)\b(?![\d,.])")
_HALF_AN_HOUR_RE = re.compile(r"\bhalf\s+an\s+hour\b", re.IGNORECASE)

_PERCENT_RE = re.compile(r"(\d)\s*(?:%|per\s*cent\b)", re.IGNORECASE)

#: "8 in the morning", "8:30 in the evening", "11 at night"
_DAY_PART_RE = re.compile(
    r"\b(1[0-2]|[1-9])(?:[:.]([0-5]\d))?\s+(?:o'clock\s+)?(in\s+the\s+morning|in\s+the\s+afternoon|in\s+the\s+evening|at\s+night)\b",
    re.IGNORECASE,
)
_WEEKDAY = rf"(?:{WEEKDAY_NAMES})s?"
#: a bare hour after "at", then the end of the clause or a word of time ("opens at 8", "at 8 on Saturdays")
_BARE_HOUR_RE = re.compile(
    r"\b(at)\s+(1[0-2]|[1-9])(?=\s*(?:$|[;!?)]|[.,](?!\d)|\s(?:on|every|each|daily|sharp|today|tomorrow|tonight|"
    rf"this|next|and|or|until|till|before|after|from|with|for|{_WEEKDAY})\b))",
    re.IGNORECASE,
)

#: "at half four" (British English for 4:30; not "half past four", "half an hour", "half 4 kg"): the
#: clause's end or a word of time after it, as for a bare hour
_HALF_HOUR_RE = re.compile(
    r"\b(at)\s+half\s+(1[0-2]|[1-9])(?=\s*(?:$|[;!?),]|[.](?!\d)|\s(?:in\s+the\s+(?:morning|afternoon|evening)|"
    rf"at\s+night|on|every|each|daily|sharp|today|tomorrow|tonight|this|next|and|or|until|till|before|after|"
    rf"from|with|for|{_WEEKDAY})\b))",
    re.IGNORECASE,
)

_RANGE_WORD = rf"(?:{WEEKDAY_NAMES}|{MONTH_NAMES})"
_THROUGH_RE = re.compile(rf"\b({_RANGE_WORD}|\d[\d:.]*(?:\s*[ap]\.?m\.?)?)\s+(?:through|thru)\s+(?=\d|{_RANGE_WORD})",
                         re.IGNORECASE)  # fmt: skip
#: "Mon-Fri", "Monday–Friday", "8:00-20:00", "8am-8pm", "3–6" (not "2026-04-13", "555-0142")
_DASH_RE = re.compile(
    rf"\b({_RANGE_WORD}|(?:\d{{1,2}}(?::\d\d)?(?:\s*[ap]\.?m\.?)?))\s*[-–—]\s*(?=(?:{_RANGE_WORD}|\d{{1,2}}(?::\d\d)?(?:\s*[ap]\.?m\.?)?)\b(?![-–/]\d))",
    re.IGNORECASE,
)
_SHORT_WEEKDAY_RANGE_RE = re.compile(
    r"\b("
    + "|".join(_SHORT_WEEKDAYS)
    + r")\.?\s*(?:[-–—]|to|through|thru)\s*("
    + "|".join(_SHORT_WEEKDAYS)
    + r")\b\.?",
    re.IGNORECASE,
)
_ANCHOR = rf"(?:\d[\d:.,]*(?:\s*[ap]\.?m\.?|\s+(?:{MONTH_NAMES}))?|(?:{WEEKDAY_NAMES}|{MONTH_NAMES})(?:\s+\d{{1,2}})?)"
#: "from July 1 until July 14" and "between July 1 and July 14" are "from July 1 to July 14" (two
#: values: days, months, times or numbers; "between Ana and Leo" is no range)
_FROM_UNTIL_RE = re.compile(rf"\b(from\s+{_ANCHOR})\s+(?:until|till|til)\s+(?={_ANCHOR}\b)", re.IGNORECASE)
_BETWEEN_RE = re.compile(rf"\bbetween\s+({_ANCHOR})\s+and\s+(?={_ANCHOR}\b)", re.IGNORECASE)
#: the words of a range "from A until B" / "between A and B" (``_FROM_UNTIL_RE``, ``_BETWEEN_RE``)
_RANGE_OPENERS = frozenset({"from", "between"})
_TILL_RE = re.compile(
    rf"\b(?:till|til|'til|’til)\s+(?=\d|{_RANGE_WORD}|noon|midnight|the\s+end\b)", re.IGNORECASE
)
#: a time of day as the steps above write it ("05:00", "5 am", "5:00am", "22:00")
_CLOCK = r"\d{1,2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?"
#: "opens at A and closes at B": the hours "is open from A to B" (twenty-eighth session)
_OPENS_CLOSES_RE = re.compile(
    rf"\bopens\s+at\s+({_CLOCK})(?:\s*,)?\s+(?:and\s+)?closes\s+at\s+({_CLOCK})(?![\w:])", re.IGNORECASE
)
#: "<the place> hours are A to B" (a clause of its own, the place said first): "<the place> is open from
#: A to B" ("Truck gate hours are 5 am to 10 pm" / "The truck gate opens at 05:00 and closes at 22:00")
_HOURS_ARE_RE = re.compile(
    r"^(?!\s*(?:[Oo]ur|[Mm]y|[Tt]heir|[Yy]our|[Hh]is|[Hh]er|[Ii]ts|\w+ing)\s+(?:opening\s+)?hours\b)"
    rf"(\s*(?:[Tt]he\s+)?[\w-]+(?:\s+[\w-]+){{0,3}}?)(?:['’]s)?\s+(?:opening\s+)?hours\s*(?:are\b|:)\s*"
    rf"(?:from\s+)?({_CLOCK})\s+to\s+({_CLOCK})(?![\w:])"
)
#: "3 to 6 June", "3-6 June" (after the dash is read): "3 June to 6 June"
_DAYS_OF_MONTH_RE = re.compile(
    rf"\b(\d{{1,2}})\s+to\s+(\d{{1,2}})\s+({_MONTH}|(?-i:{'|'.join(m[:3].capitalize() for m in _MONTHS)}|Sept)\b\.?)\b",
    re.IGNORECASE,
)

_QUARTER_RE = re.compile(r"\bQ([1-4])\b")
_NTH_QUARTER_RE = re.compile(
    r"\b(?:the\s+)?(first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter\b", re.IGNORECASE
)
_QUARTERS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4}

_ROMAN = {"II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8, "IX": 9, "X": 10, "XI": 11,
          "XII": 12}  # fmt: skip
_ROMAN_RE = re.compile(
    r"\b((?i:type|phase|stage|step|grade|level|class|tier|part))\s+(" + "|".join(_ROMAN) + r")\b"
)
#: "4 decades", "a decade" (not "half a decade", "decades"): ten years each
_DECADE_RE = re.compile(r"\b(?<!half )(\d+|an?|one)\s+decades?\b", re.IGNORECASE)
#: a part of an hour in minutes ("1.5 hours" is "90 minutes", as "half an hour" is "30 minutes")
_PART_HOURS_RE = re.compile(r"(?<![\d.,])(\d+\.\d+)\s+hours?\b", re.IGNORECASE)
#: a year-like number of an amount ("2000 dirhams"): written with its thousands' comma, as "AED 2,000"
_AMOUNT_NUMBER_RE = re.compile(
    rf"(?<![\d.,])(?<!\bin )([1-9]\d{{3}})(?![\d.,]\d)(?=\s+({_CURRENCY_WORDS})\b)"
)
_SHORT_WEEKDAY = "|".join(sorted((w.capitalize() for w in _SHORT_WEEKDAYS), key=len, reverse=True))
#: two or more weekdays' abbreviations in a list ("Mon/Wed/Fri", "Tue, Thu", "Mon and Fri"): their names
_SHORT_WEEKDAY_LIST_RE = re.compile(
    rf"\b(?:{_SHORT_WEEKDAY})\b\.?(?:(?:\s*[/,&+]\s*|,?\s+(?:and|or)\s+)(?:{_SHORT_WEEKDAY})\b\.?)+"
)
_SHORT_WEEKDAY_ONE_RE = re.compile(rf"\b({_SHORT_WEEKDAY})\b\.?")
#: "type-2", "stage-IV": "type 2", "stage IV"
_NUMBERED_HYPHEN_RE = re.compile(
    r"\b((?i:type|phase|stage|step|grade|level|class|tier|part))-(\d{1,2}|" + "|".join(_ROMAN) + r")\b"
)

#: a money or percent context after an amount: a currency symbol, a currency word or code, "%" / "per cent"
_MONEY_AFTER = rf"\s*(?:[{_SYMBOLS}%]|(?:{_CURRENCY_WORDS}|per\s*cent|percent)\b)"
#: a continental decimal comma: one or two digits after the comma ("37,50 €", "3,1%", "€ 2,5"), in
#: an amount or a percentage only (English "1,500" has three; "sizes 2,5" says no amount)
_DECIMAL_COMMA_RE = re.compile(r"(?<![\d.,])(\d+),(\d{1,2})(?![\d]|[.,]\d)")
#: continental thousands' dots ("180.000 €", "€1.200.000", "1.200.000"): two groups or more, or one
#: in an amount
_DOT_THOUSANDS_RE = re.compile(r"(?<![\d.,])(\d{1,3})((?:\.\d{3})+)(?![\d]|[.,]\d)")
_MONEY_AFTER_RE = re.compile(_MONEY_AFTER)
#: thousands grouped by a space, a no-break or a narrow no-break space ("12 500 CZK", "SEK 24 600"): in
#: an amount only (``_money_beside``; "planted 3 100 tulips" may be three hundred-tulip beds)
_SPACE_THOUSANDS_RE = re.compile(r"(?<![\d.,])(\d{1,3})((?:[ \u00a0\u202f]\d{3})+)(?![\d]|[.,]\d)")
_SPACE_THOUSANDS_HINT_RE = re.compile(r"\d[ \u00a0\u202f]\d{3}\b")
#: "Rs" / "Rs." before an amount, the common abbreviation of rupees
_RS_RE = re.compile(r"\bRs\.?\s*(\d[\d,.]*\d|\d)")
_SYMBOL_BEFORE_RE = re.compile(rf"[{_SYMBOLS}]\s?$|\b[A-Z]{{3}}\s?$")

#: a month and a year with a slash ("03/2029", "valid to 3/2029"): that month ("March 2029"); a month
#: of one digit only after a word of time, a year from 1900 to 2099
_MONTH_YEAR_RE = re.compile(
    r"(?:\b(?P<prep>to|until|till|by|in|from|since|before|after|on)\s+)?(?<![\d/.])(?P<month>\d{1,2})"
    r"/(?P<year>(?:19|20)\d\d)(?![\d/])",
    re.IGNORECASE,
)

#: a duration in clock notation with seconds ("3:12:40"; not "at 10:30:00", a time of day) or in
#: letters ("3h12m40s", "3h 12min", "2 hrs 5 mins"): its hours, minutes and seconds in words
_HMS_RE = re.compile(r"(?<![\d:.])(?<!\bat )(\d{1,2}):([0-5]\d):([0-5]\d)(?![\d:])", re.IGNORECASE)
_HM_LETTERS_RE = re.compile(
    r"(?<![\d.,])(\d{1,3})\s*(?:h|hrs?|hours?)\s*(\d{1,2})\s*(?:m|mins?|minutes?)"
    r"(?:\s*(\d{1,2})\s*(?:s|secs?|seconds?))?(?![\w])",
    re.IGNORECASE,
)

#: feet and inches ("9'2\"", "9′2″", "9 ft 2 in", "5 foot 10 inches"): "9 feet 2 inches"
_FEET_INCHES_RE = re.compile(
    r"(?<![\d.])(\d{1,2})\s*(?:'|’|′|ft\b\.?|feet\b|foot\b)\s*(\d{1,2})\s*(?:\"|”|″|''|in\b\.?(?!\s+(?:the|a|an)\b)|inch(?:es)?\b)"
)

#: metric units -> (the base unit, its factor): a quantity is written in one unit of its dimension
#: (``_LADDERS``), so "1.5 km" and "1,500 metres", "90 cm" and "0.9 m", "28 m³" and "28 cubic metres", "2
#: kg" and "2,000 g", "20 hl" and "2,000 litres" are one value (the number and the unit change together, the value
#: never)
_METRIC: dict[str, tuple[str, str]] = {
    **dict.fromkeys(["mm", "millimetre", "millimetres", "millimeter", "millimeters"], ("metres", "0.001")),
    **dict.fromkeys(["cm", "centimetre", "centimetres", "centimeter", "centimeters"], ("metres", "0.01")),
    **dict.fromkeys(["m", "metre", "metres", "meter", "meters"], ("metres", "1")),
    **dict.fromkeys(["km", "kms", "kilometre", "kilometres", "kilometer", "kilometers"], ("metres", "1000")),
    **dict.fromkeys(["mg", "milligram", "milligrams", "milligramme", "milligrammes"], ("grams", "0.001")),
    **dict.fromkeys(["g", "gram", "grams", "gramme", "grammes"], ("grams", "1")),
    **dict.fromkeys(["kg", "kgs", "kilo", "kilos", "kilogram", "kilograms", "kilogramme", "kilogrammes"],
                    ("grams", "1000")),
    **dict.fromkeys(["tonne", "tonnes"], ("grams", "1000000")),
    **dict.fromkeys(["ml", "millilitre", "millilitres", "milliliter", "milliliters"], ("litres", "0.001")),
    **dict.fromkeys(["cl", "centilitre", "centilitres", "centiliter", "centiliters"], ("litres", "0.01")),
    **dict.fromkeys(["dl", "decilitre", "decilitres", "deciliter", "deciliters"], ("litres", "0.1")),
    **dict.fromkeys(["l", "litre", "litres", "liter", "liters"], ("litres", "1")),
    **dict.fromkeys(["hl", "hectolitre", "hectolitres", "hectoliter", "hectoliters"], ("litres", "100")),
    **dict.fromkeys(["m³", "m3", "cubic metre", "cubic metres", "cubic meter", "cubic meters"], ("litres", "1000")),
    **dict.fromkeys(["m²", "m2", "sq m", "sqm", "square metre", "square metres", "square meter", "square meters"],
                    ("square metres", "1")),
    **dict.fromkeys(["ha", "hectare", "hectares"], ("square metres", "10000")),
    **dict.fromkeys(["km²", "km2", "sq km", "square kilometre", "square kilometres", "square kilometer",
                     "square kilometers"], ("square metres", "1000000")),
}  # fmt: skip
#: the units a quantity of each dimension is written in, smallest first, with their size in the base unit
_LADDERS: dict[str, tuple[tuple[str, str], ...]] = {
    "metres": (("millimetres", "0.001"), ("centimetres", "0.01"), ("metres", "1"), ("kilometres", "1000")),
    "grams": (("milligrams", "0.001"), ("grams", "1"), ("kilograms", "1000"), ("tonnes", "1000000")),
    "litres": (("millilitres", "0.001"), ("litres", "1")),  # "28 m³" is "28,000 litres": one word
    "square metres": (("square metres", "1"), ("hectares", "10000"), ("square kilometres", "1000000")),
}
_METRIC_UNIT = "|".join(sorted((re.escape(u).replace(r"\ ", r"\s+") for u in _METRIC), key=len, reverse=True))
#: a number and a metric unit ("1.5 km", "400-gram", "28 m³"); not before "/" or "per" a unit of time
#: ("km/h": a speed, ``_UNIT_RE``), not after a currency symbol; "m" and "l" alone (metres or a
#: million, a litre or a letter) only at the clause's end or before a word of extent ("0.9 m", "2 m
#: tall")
_METRIC_RE = re.compile(
    rf"(?<![\d.,{_SYMBOLS}])(?<![{_SYMBOLS}]\s)(\d+(?:,\d{{3}})*(?:\.\d+)?)(?:\s*-\s*|\s*)({_METRIC_UNIT})"
    r"(?![\w²³/])(?!\s*per\s+(?:hour|second|minute|h)\b)",
    re.IGNORECASE,
)
_EXTENT_RE = re.compile(
    r"\s*(?:$|[.,;:!?)]|(?:long|wide|high|deep|tall|thick|in|of|above|below|away|across|square|cubed)\b)",
    re.IGNORECASE,
)
_METRIC_HINT_RE = re.compile(
    r"\d\s*-?\s*(?:mm|cm|m|km|mg|g|kg|kilo|tonne|ml|cl|dl|l|hl|ha|hect|millim|centim|met|kilom|gram|lit|cubic|sq)",
    re.IGNORECASE,
)

#: a frequency in a year that a whole number of months divides ("twice a year", "3 times per year",
#: "semi-annually"): "every N months", as "every 6 months" says it
_PER_YEAR_RE = re.compile(
    r"\b(?:(?P<n>\d+)\s+times|(?P<word>twice|thrice))\s+(?:a|per|each|every)\s+year\b|\bsemi-?annually\b",
    re.IGNORECASE,
)
_TIMES_WORDS = frozenset({"times", "twice", "thrice", "semi", "semiannually"})


def _per_year(m: re.Match[str]) -> str:
    count = (
        int(m.group("n"))
        if m.group("n")
        else {"twice": 2, "thrice": 3}.get((m.group("word") or "").lower(), 2)
    )
    if count < 2 or 12 % count:
        return m.group()
    return f"every {12 // count} months"


#: a unit of time after a slash, after a word or a number ("sheets/h", "1,150/month", "3/day"; "km/h" is
#: read before): "per hour"
_PER_UNITS = {"h": "hour", "hr": "hour", "hour": "hour", "day": "day", "wk": "week", "week": "week",
              "mo": "month", "month": "month", "yr": "year", "year": "year", "min": "minute",
              "sec": "second"}  # fmt: skip
_PER_SLASH_RE = re.compile(r"(?<=[a-z\d])\s*/\s*(" + "|".join(_PER_UNITS) + r")\b(?![/\d])", re.IGNORECASE)
#: a negative number's sign ("-80", "−80", "minus-80"): "minus 80", a word the signature keeps (the
#: tokenizer drops a sign, so "-20" was read as "20")
_MINUS_RE = re.compile(r"(?<![\w)\]])[-−](?=\d)|\bminus[\s-]+(?=\d)", re.IGNORECASE)


#: words after "Nk" that make it a race or a distance ("a 5k run", "10k race"), not a count
_RACES = frozenset({"run", "runs", "race", "races", "walk", "walks", "swim", "ride", "rides", "route", "loop",
                    "course", "trail", "fun", "time", "pb", "event", "in", "on", "at", "and", "or", "last", "next",
                    "this", "today", "yesterday", "tomorrow", "tonight"})  # fmt: skip
#: an article or a possessive right before a number ("a 5k", "her 10k"): one thing, not a count
_ARTICLE_BEFORE_RE = re.compile(r"\b(?:a|an|the|my|his|her|our|their|your|its)\s+$", re.IGNORECASE)
_K_COUNT_RE = re.compile(r"(?<![\d.,])(\d+(?:\.\d+)?)[kK]\s+([a-z]+)\b")


def _amount_number(number: str) -> str:
    """An amount's integer with its thousands' commas ("2000" -> "2,000": never a year)."""
    return _decimal_text(Decimal(number)) if number.isdigit() else number


def _amount_before_currency(m: re.Match[str]) -> str:
    """ "2000 dirhams" -> "2,000 dirhams"; "2017 MAN" (no currency's code) stays."""
    word = m.group(2)
    if word.isupper() and currency_name(word) is None:
        return m.group()
    return _amount_number(m.group(1))


def _part_hours(m: re.Match[str]) -> str:
    minutes = Decimal(m.group(1)) * 60
    return f"{_decimal_text(minutes)} minutes" if minutes == minutes.to_integral_value() else m.group()


#: unit abbreviations after a number that WordNet does not read as the unit (``lexicon.unit_name``)
_UNIT_WORDS = {
    "ms": "milliseconds", "msec": "milliseconds", "mcg": "micrograms", "µg": "micrograms",
    "μg": "micrograms", "h": "hours", "hr": "hours", "hrs": "hours", "min": "minutes", "mins": "minutes",
    "sec": "seconds", "secs": "seconds", "yr": "years", "yrs": "years", "wk": "weeks",
    "wks": "weeks", "kph": "kilometers per hour", "km/h": "kilometers per hour", "kmh": "kilometers per hour",
    "mph": "miles per hour", "°c": "degrees celsius", "°f": "degrees fahrenheit", "ºc": "degrees celsius",
}  # fmt: skip
_UNIT_RE = re.compile(
    r"(?<=\d)\s*(km/h|°\s?[CF]|º\s?C|(?:ms|msec|mcg|µg|μg|hrs?|h|mins?|secs?|yrs?|wks?|kph|kmh|mph)\b)",
    re.IGNORECASE,
)

#: the currency words the signature reads already (``signature.CURRENCY``, ``restatement._CODES``)
_COMMON = {"USD": "dollars", "EUR": "euros", "GBP": "pounds", "CHF": "francs", "JPY": "yen"}
#: abbreviations of a currency in common use that are not its ISO code ("2,900 NIS" is "ILS 2,900", the
#: shekel; "RMB" the yuan): read as the code
_CODE_ALIASES = {"NIS": "ILS", "RMB": "CNY"}
_CODE_RE = re.compile(r"\b[A-Z]{3}\b")
_CODE_AFTER_RE = re.compile(r"(\d)\s*\b([A-Z]{3})\b")
_CODE_BEFORE_RE = re.compile(r"\b([A-Z]{3})\s*(\d[\d,.]*\d|\d)")


@lru_cache(maxsize=512)
def currency_name(code: str) -> str | None:
    """The English name of the currency whose ISO 4217 code is ``code`` (the CLDR's, through
    ``babel``), lower case and plural: "dollars" for USD (and the other four the signature reads as
    words), "serbian dinars" for RSD; None when ``code`` is no current currency's code."""
    if code in _COMMON:
        return _COMMON[code]
    code = _CODE_ALIASES.get(code, code)
    try:
        import babel.numbers

        if code not in babel.numbers.list_currencies():
            return None
        return str(babel.numbers.get_currency_name(code, count=2, locale="en")).lower()
    except Exception:  # noqa: BLE001 - no babel data: the code is left as written
        return None


@lru_cache(maxsize=1)
def _symbols() -> dict[str, str]:
    """Currency symbols that name one currency in English (₹ -> INR), besides $ € £ ¥ (``signature``)."""
    try:
        import babel.numbers
    except ImportError:  # pragma: no cover
        return {}
    seen: dict[str, set[str]] = {}
    for code in babel.numbers.list_currencies():
        for form in ("short", "narrow"):
            try:
                symbol = str(babel.numbers.get_currency_symbol(code, "en") if form == "short" else
                             babel.numbers.format_currency(0, code, "¤¤¤¤¤", locale="en")).strip()  # fmt: skip
            except Exception:  # noqa: BLE001
                continue
            if symbol and (
                (not symbol.isascii() and not any(c.isalnum() for c in symbol))
                or re.fullmatch(r"[A-Z]{1,3}\$", symbol)  # "R$", "A$", "NZ$": a dollar sign with a country
            ):
                seen.setdefault(symbol, set()).add(code)
    unique = {s: next(iter(codes)) for s, codes in seen.items() if len(codes) == 1}
    return {**unique, "$": "USD", "US$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY"}


#: plural currency names that are other things in English too, or were other currencies before
#: ("5 marks", "gold", "soles"): not read as a currency by ``_bare_names``
_NOT_BARE = frozenset(
    {"gold", "marks", "soles", "som", "soms", "tala", "kina", "guilders", "florin", "escudos"}
)


@lru_cache(maxsize=1)
def _bare_names() -> dict[str, str]:
    """A currency's name without its country ("cedis", "forints", "zlotys") -> the CLDR's full name
    ("ghanaian cedis"), for the words that name one currency in use (the CLDR's tender of every
    territory today) and are no common word (``_NOT_BARE``); the five the signature reads as words
    (dollars, euros…) are left to it. So "84,000 cedis" is "GHS 84,000"; "lei" (Romania and Moldova),
    "kroner", "rupees", "shillings", "pesos" name several and stay."""
    try:
        import datetime

        import babel.numbers
        from babel.core import get_global
    except ImportError:  # pragma: no cover
        return {}
    today = datetime.date.today()
    codes: set[str] = set()
    for territory in get_global("territory_currencies"):
        codes |= set(babel.numbers.get_territory_currencies(territory, today, tender=True))
    by_word: dict[str, set[str]] = {}
    for code in codes:
        name = currency_name(code)
        if name and "(" not in name and code not in _COMMON:
            by_word.setdefault(name.split()[-1], set()).add(code)
    return {
        word: currency_name(next(iter(found))) or word
        for word, found in by_word.items()
        if len(found) == 1 and word not in _NOT_BARE and " " in (currency_name(next(iter(found))) or "")
    }


def _decimal_text(value: Decimal) -> str:
    """``value`` with thousands' commas ("84,000": a number as it is written, never a year)."""
    text = format(value.normalize(), ",f")
    return text.rstrip("0").rstrip(".") if "." in text else text


def _multiplied(m: re.Match[str]) -> str:
    word, letter, symbol, after = m.group("word"), m.group("letter"), m.group("sym"), m.group("after")
    money = symbol is not None and (not symbol.strip().isalpha() or currency_name(symbol.strip()) is not None)
    if letter is not None and not money and after is None:
        return m.group()  # "5k run", "5m", "ABC 5k": metres, a race, not an amount ("GHS 84k" is one)
    key = (word or letter or "").lower()
    try:
        value = Decimal(m.group("num").replace(",", "")) * (Decimal(10) ** _MULTIPLIERS[key])
    except (InvalidOperation, KeyError):
        return m.group()
    return f"{symbol or ''}{_decimal_text(value)}{after or ''}"


def _a_multiplied(m: re.Match[str]) -> str:
    value = Decimal(_A_VALUES[m.group(2).lower()]) * (Decimal("0.5") if m.group(1) else 1)
    return _decimal_text(value)


def _spelled_numbers(content: str) -> str:
    """Number words as digits (``text2num``), ordinal words left as words."""
    if not _NUMBER_WORD_RE.search(content):
        return content
    from text_to_num import alpha2digit

    content = _NUMBER_HYPHEN_RE.sub(r"\1 ", content)
    parts = _ORDINAL_SPLIT_RE.split(content)
    kept = _ORDINAL_SPLIT_RE.findall(content)
    out = [alpha2digit(p, "en", threshold=0) if _NUMBER_WORD_RE.search(p) else p for p in parts]
    return "".join(x for pair in zip(out, [*kept, ""], strict=True) for x in pair)


def _day(m: re.Match[str], number: int, word: int) -> int | None:
    if m.group(number):
        return int(m.group(number))
    return _ORDINALS.get(re.sub(r"\s+", " ", m.group(word).lower()))


def _day_first(m: re.Match[str]) -> str:
    """ "the third of March" -> "3 March" (a month's name capitalised: "may" is a verb)."""
    return f"{_day(m, 1, 2)} {m.group(3)}" if m.group(3)[0].isupper() else m.group()


def _month_first(m: re.Match[str]) -> str:
    """ "March 3rd" -> "March 3" (not "you may first ask")."""
    return f"{m.group(1)} {_day(m, 2, 3)}" if m.group(1)[0].isupper() else m.group()


def _numeric_date(m: re.Match[str]) -> str:
    before, first, second, year = m.group(1), int(m.group(2)), int(m.group(3)), m.group(4)
    if year is None and (before is None or "." in m.group()):
        return m.group()  # "24/7", "until 9.30" (a time): a date needs a year, or "/" after "on"…
    if 1 <= second <= 12 and (first > 12 or first == second) and first <= 31:
        day, month = first, second
    elif 1 <= first <= 12 and 12 < second <= 31:
        day, month = second, first
    else:
        return m.group()  # "03/04": the 3rd of April or the 4th of March
    if year is not None and len(year) == 2:
        year = "20" + year
    return f"{before or ''}{day} {_MONTHS[month - 1].capitalize()}{' ' + year if year else ''}"


def _month_year(m: re.Match[str]) -> str:
    """ "03/2029", "to 3/2029" -> "March 2029" (a month of one digit only after a word of time)."""
    month = m.group("month")
    if not 1 <= int(month) <= 12 or (len(month) == 1 and m.group("prep") is None):
        return m.group()
    return f"{m.group('prep') or ''}{' ' if m.group('prep') else ''}{_MONTHS[int(month) - 1].capitalize()} {m.group('year')}"


def _iso_date(m: re.Match[str]) -> str:
    year, month, day = int(m.group(1)), int(m.group(2)), int(m.group(3))
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return m.group()
    return f"{day} {_MONTHS[month - 1].capitalize()} {year}"


def _day_part(m: re.Match[str]) -> str:
    hour, minutes, part = int(m.group(1)), m.group(2) or "00", m.group(3).lower()
    if part.endswith("morning"):
        return f"{hour}:{minutes}am" if hour != 12 else m.group()
    if part.endswith("night"):
        if hour == 12:
            return f"0:{minutes}"
        return f"{hour}:{minutes}{'pm' if hour >= 6 else 'am'}"
    return f"{hour}:{minutes}pm"  # afternoon, evening ("12 in the afternoon": 12pm)


def _unit(m: re.Match[str]) -> str:
    unit = re.sub(r"\s+", "", m.group(1)).lower()
    return " " + _UNIT_WORDS.get(unit, m.group(1))


def _money_beside(content: str, start: int, end: int) -> bool:
    """Whether the number at ``content[start:end]`` is an amount or a percentage: a currency symbol or
    code right before it, or a currency symbol, word or code, "%" or "per cent" right after it."""
    if _SYMBOL_BEFORE_RE.search(content[max(0, start - 5) : start]):
        code = content[max(0, start - 4) : start].strip()
        return not code.isalpha() or currency_name(code) is not None
    after = _MONEY_AFTER_RE.match(content, end)
    if after is None:
        return False
    word = after.group().strip()
    return not (len(word) == 3 and word.isupper()) or currency_name(word) is not None


def _continental(content: str) -> str:
    """A continental decimal comma ("37,50 €", "3,1%") as a point, and thousands' dots ("180.000 €",
    "1.200.000") as commas: in an amount or a percentage (``_money_beside``), or (dots) two groups
    or more, which no decimal has."""

    def comma(m: re.Match[str]) -> str:
        return f"{m.group(1)}.{m.group(2)}" if _money_beside(content, m.start(), m.end()) else m.group()

    def dots(m: re.Match[str]) -> str:
        if m.group(2).count(".") < 2 and not _money_beside(content, m.start(), m.end()):
            return m.group()
        return m.group(1) + m.group(2).replace(".", ",")

    def spaces(m: re.Match[str]) -> str:
        if not _money_beside(content, m.start(), m.end()):
            return m.group()
        return m.group(1) + re.sub(r"[ \u00a0\u202f]", ",", m.group(2))

    if _SPACE_THOUSANDS_HINT_RE.search(content):
        content = _SPACE_THOUSANDS_RE.sub(spaces, content)
    if "," in content:
        content = _DECIMAL_COMMA_RE.sub(comma, content)
    return _DOT_THOUSANDS_RE.sub(dots, content) if "." in content else content


def _metric(m: re.Match[str]) -> str:
    """A metric quantity in the largest unit of its dimension's ``_LADDERS`` that gives at least 1 ("1,500
    metres" and "1.5 km" -> "1.5 kilometres", "0.9 m" and "90 cm" -> "90 centimetres", "20 mg" -> "20
    milligrams"): one spelling for one value, and the unit one would say."""
    unit = re.sub(r"\s+", " ", m.group(2)).lower()
    if unit in ("m", "l") and not _EXTENT_RE.match(m.string, m.end()):
        return m.group()  # "a 5m boat", "2 l" before a word: metres or a million, a litre or a letter
    base, factor = _METRIC[unit]
    try:
        value = Decimal(m.group(1).replace(",", "")) * Decimal(factor)
    except InvalidOperation:
        return m.group()
    ladder = _LADDERS[base]
    name, size = ladder[0]
    for rung, rung_size in ladder:
        if value >= Decimal(rung_size):
            name, size = rung, rung_size
    return f"{_decimal_text(value / Decimal(size))} {name}"


def _durations(content: str) -> str:
    """A duration in clock notation with seconds or in letters, in words ("3:12:40", "3h12m40s" ->
    "3 hours 12 minutes 40 seconds")."""

    def words(hours: str, minutes: str, seconds: str | None) -> str:
        out = f"{int(hours)} hours {int(minutes)} minutes"
        return out + (f" {int(seconds)} seconds" if seconds else "")

    if ":" in content:
        content = _HMS_RE.sub(lambda m: words(m.group(1), m.group(2), m.group(3)), content)
    return _HM_LETTERS_RE.sub(lambda m: words(m.group(1), m.group(2), m.group(3)), content)


def _k_counts(content: str) -> str:
    """ "15k sheets", "20k calendars": a count in thousands ("15,000 sheets") before a noun; not "a 5k run"
    (a race's distance, ``_RACES``), "a 5k every Saturday" (one thing: an article before it)."""

    def counted(m: re.Match[str]) -> str:
        word = m.group(2)
        if (
            word in _RACES
            or word in STOPWORDS
            or word in CALENDAR_WORDS
            or _ARTICLE_BEFORE_RE.search(m.string, 0, m.start())
        ):
            return m.group()  # "a 5k every Saturday", "ran the 10k": one thing, a race
        from . import lexicon

        if "n" not in lexicon.parts_of_speech(word):
            return m.group()
        return f"{_decimal_text(Decimal(m.group(1)) * 1000)} {word}"

    return _K_COUNT_RE.sub(counted, content)


def _codes(content: str) -> str:
    def after(m: re.Match[str]) -> str:
        name = currency_name(m.group(2))
        return f"{m.group(1)} {name}" if name else m.group()

    def before(m: re.Match[str]) -> str:
        name = currency_name(m.group(1))
        return f"{_amount_number(m.group(2))} {name}" if name else m.group()

    return _CODE_BEFORE_RE.sub(before, _CODE_AFTER_RE.sub(after, content))


_DIGIT_RE = re.compile(r"\d")
_WORDS_RE = re.compile(r"[a-z]+")
#: the words that may start a number ("eighty", "thousand", "dozen") and those ``_worded`` reads
_NUMBER_WORDS = frozenset(_UNITS_1 + _TEENS + _TENS + ["zero", "hundred", "thousand", "million", "billion"])
_WORDED = frozenset(
    [w for o in _ORDINALS for w in o.split()]
    + [
        "half",
        "through",
        "thru",
        "till",
        "til",
        "until",
        "between",
        "quarter",
        "type",
        "phase",
        "stage",
        "step",
        "grade",
        "level",
        "class",
        "tier",
        "part",
    ]
    + list(_SHORT_WEEKDAYS)
)
_SYMBOL_RE = re.compile(f"[{re.escape(_SYMBOLS)}]")
_DAY_PARTS = ("morning", "afternoon", "evening", "night")


@lru_cache(maxsize=65536)
def anchor_forms(content: str) -> str:
    """``content`` with its numbers, amounts, times, dates, ranges and units written one way (module
    docstring); unchanged when it has none. Each step runs only when a word or character it reads is
    there (the statement's words read once)."""
    low = content.lower()
    words = set(_WORDS_RE.findall(low))
    if words & _ALTERNATE_WORDS or (" in two" in low or " in 2" in low or " of two" in low or " of 2" in low):
        # "every second week", "on alternate Sundays", "one week in two": "every other week"
        content = _alternate(content)
    digits = _DIGIT_RE.search(content) is not None
    if digits and ("," in content or "." in content or _SPACE_THOUSANDS_HINT_RE.search(content)):
        content = _continental(content)  # "37,50 €", "180.000 €", "12 500 CZK" (continental)
    if "rs" in words:  # "Rs 120", "Rs. 1,200": "120 rupees" (the rupee of several countries)
        content = _RS_RE.sub(lambda m: f"{_amount_number(m.group(1))} rupees", content)
    if digits and _MULTIPLIER_HINT_RE.search(content):  # "84 thousand", "$1.2M" before "eighty thousand"
        content = _MULTIPLIER_RE.sub(_multiplied, content)
    if digits and ("k " in content or "K " in content):  # "15k sheets" (after "$450k", "18k pounds")
        content = _k_counts(content)
    if words & _NUMBER_WORDS or "dozen" in words:
        content = _A_MULTIPLIER_RE.sub(_a_multiplied, content) if "a" in words or "one" in words else content
        content = _spelled_numbers(content)
        digits = True
    if ("year" in words or "annually" in words) and words & _TIMES_WORDS:  # "twice a year": "every 6 months"
        content = _PER_YEAR_RE.sub(_per_year, content)
    if words & _WORDED or "q" in words:
        content = _worded(content)
    if "decade" in low:  # "4 decades" is "40 years", "a decade" "10 years"
        content = _DECADE_RE.sub(_decades, content)
    digits = digits or _DIGIT_RE.search(content) is not None  # "an hour and a half" is "1.5 hours" now
    if not digits:
        return content
    if _SYMBOL_RE.search(content) or not content.isascii():
        symbols = _symbols()
        if any(s in content for s in symbols):  # "€2,000" is "2,000 euros", "₹800" "800 indian rupees"
            content = re.sub(
                "(?<![A-Za-z])(" + "|".join(map(re.escape, symbols)) + r")\s*(\d[\d,.]*\d|\d)",
                lambda m: f"{_amount_number(m.group(2))} {currency_name(symbols[m.group(1)]) or m.group(1)}",
                content,
            )
    if "half" in words:
        content = _HALF_RE.sub(r"\1.5", content)
        # "two and a half thousand": text2num read "thousand" alone ("2.5 1000")
        content = _HALF_TIMES_RE.sub(lambda m: _decimal_text(Decimal(m.group(1)) * int(m.group(2))), content)
    bare = words & _bare_names().keys()
    if bare:  # "84,000 cedis" is "84,000 ghanaian cedis", as "GHS 84,000" is
        content = re.sub(
            r"(\d)\s+(" + "|".join(sorted(bare)) + r")\b",
            lambda m: f"{m.group(1)} {_bare_names()[m.group(2).lower()]}",
            content,
            flags=re.IGNORECASE,
        )
    if "%" in content or "cent" in words:
        content = _PERCENT_RE.sub(r"\1 percent", content)
    if _FOUR_DIGITS_RE.search(content):  # "2000 dirhams" is "2,000 dirhams" (an amount, not a year)
        content = _AMOUNT_NUMBER_RE.sub(_amount_before_currency, content)
    if _CODE_RE.search(content):
        content = _codes(content)
    if words & _MONTH_WORDS and (words & _ORDINAL_PARTS or _ORDINAL_SUFFIX_RE.search(content)):
        content = _DAY_FIRST_RE.sub(_day_first, content)
        content = _MONTH_FIRST_RE.sub(_month_first, content)
    if "-" in content:
        content = _ISO_DATE_RE.sub(_iso_date, content)
    if "/" in content or "." in content:
        content = _MONTH_YEAR_RE.sub(_month_year, content)
        content = _SLASH_DATE_RE.sub(_numeric_date, content)
    if "half" in words and "at" in words:  # "at half four" (British: 4:30), before "in the morning"
        content = _HALF_HOUR_RE.sub(r"\1 \2:30", content)
    if any(part in low for part in _DAY_PARTS):
        content = _DAY_PART_RE.sub(_day_part, content)
    if "at" in words and _AT_DIGIT_RE.search(content):
        content = _BARE_HOUR_RE.sub(r"\1 \2:00", content)
    if words & _RANGE_OPENERS:  # again, now that "five in the morning" is a time: "from 5:00am until …"
        content = _FROM_UNTIL_RE.sub(r"\1 to ", content)
        content = _BETWEEN_RE.sub(r"from \1 to ", content)
    if ":" in content or _HOURS_HINT_RE.search(content):  # "3:12:40", "3h12m40s": hours, minutes, seconds
        content = _durations(content)
    if (
        "'" in content
        or "’" in content
        or "′" in content
        or "ft" in words
        or "foot" in words
        or "feet" in words
    ):
        content = _FEET_INCHES_RE.sub(r"\1 feet \2 inches", content)  # "9'2\"", "9 ft 2 in"
    if _UNIT_HINT_RE.search(content):
        content = _UNIT_RE.sub(_unit, content)
    if "/" in content:  # "15,000 sheets/h", "€1,150/month": "per hour", "per month" (after "km/h")
        content = _PER_SLASH_RE.sub(lambda m: f" per {_PER_UNITS[m.group(1).lower()]}", content)
    if "minus" in words or "-" in content or "−" in content:  # "the -80 freezer" is "the minus 80 freezer"
        content = _MINUS_RE.sub("minus ", content)
    if _METRIC_HINT_RE.search(content):  # "1,500 metres" is "1.5 kilometres", "0.9 m" "90 centimetres"
        content = _METRIC_RE.sub(_metric, content)
    if "hour" in low:  # "1.5 hours" is "90 minutes"
        content = _PART_HOURS_RE.sub(_part_hours, content)
    if _HALF_HINT_RE.search(content):  # "from 4 to 11 pm" is "from 4 pm to 11 pm"; "in the evening" too
        content = _RANGE_HALF_RE.sub(_range_half, content)
    if "through" in words or "thru" in words:
        content = _THROUGH_RE.sub(r"\1 to ", content)
    if "-" in content or "–" in content or "—" in content:
        content = _DASH_RE.sub(r"\1 to ", content)
    if "till" in words or "til" in words:
        content = _TILL_RE.sub("until ", content)
    if " to " in content:  # "3-6 June" is "3 to 6 June" by now (the dash's step)
        content = _DAYS_OF_MONTH_RE.sub(r"\1 \3 to \2 \3", content)
    if "hours" in words or ("opens" in words and "closes" in words):  # opening hours said as a range
        content = _OPENS_CLOSES_RE.sub(r"is open from \1 to \2", content)
        content = _HOURS_ARE_RE.sub(r"\1 is open from \2 to \3", content)
    return _QUARTER_RE.sub(r"quarter \1", content) if "Q" in content else content


#: month names in lower case (with their abbreviations), for a quick test
_MONTH_WORDS = frozenset(_MONTHS) | frozenset(m[:3] for m in _MONTHS) | {"sept"}
#: quick tests before the dearer patterns (each a pattern that starts with a digit or a word, which
#: the regex engine finds fast; the full patterns start with optional groups or a lookbehind and are
#: tried at every position): what each of these steps needs in the statement
_ORDINAL_PARTS = frozenset(w for o in _ORDINALS for w in o.replace("-", " ").split())
_ORDINAL_SUFFIX_RE = re.compile(r"\d(?:st|nd|rd|th)\b", re.IGNORECASE)
_MULTIPLIER_HINT_RE = re.compile(r"\d\s*(?:thousand|million|billion|trillion|lakh|crore|[kKmMb])")
_FOUR_DIGITS_RE = re.compile(r"\b[1-9]\d{3}\s+[a-z]", re.IGNORECASE)
_AT_DIGIT_RE = re.compile(r"\bat\s+\d", re.IGNORECASE)
_HALF_HINT_RE = re.compile(r"\d\s*[ap]\.?m\b", re.IGNORECASE)
_HOURS_HINT_RE = re.compile(r"\d\s*h", re.IGNORECASE)
_UNIT_HINT_RE = re.compile(r"\d\s*(?:k|°|º|m|µ|μ|h|s|y|w)", re.IGNORECASE)


#: a period or a weekday that recurs ("week", "weekend", "Sunday"), singular or plural
_RECURRING = rf"(?:day|night|morning|evening|week|weekend|month|year|{WEEKDAY_NAMES})"
#: one in two of a recurring period said another way: "every second week", "every two weeks", "on
#: alternate Sundays", "every fortnight", "fortnightly" (all "every other …"; "every second" alone is
#: each second, and "biweekly" may be twice a week, so neither is read)
_EVERY_SECOND_RE = re.compile(rf"\bevery\s+(?:second|2nd)\s+(?={_RECURRING}s?\b)", re.IGNORECASE)
_EVERY_TWO_RE = re.compile(rf"\bevery\s+(?:two|2)\s+({_RECURRING})s\b", re.IGNORECASE)
_ALTERNATE_RE = re.compile(rf"\b(?:on\s+)?alternate\s+({_RECURRING})s?\b", re.IGNORECASE)
_FORTNIGHT_RE = re.compile(
    r"\b(?:every\s+(?:other\s+)?fortnight|fortnightly|once\s+a\s+fortnight)\b", re.IGNORECASE
)
#: "one weekend in two", "1 week out of 2": "every other weekend"
_ONE_IN_TWO_RE = re.compile(
    rf"\b(?:one|1)\s+({_RECURRING})\s+(?:in|out\s+of)\s+(?:two|2)\b(?![.,]?\d)"
    rf"(?!\s+(?:{_RECURRING}|hour|minute)s?\b)",
    re.IGNORECASE,
)
_ALTERNATE_WORDS = frozenset({"every", "alternate", "fortnightly", "fortnight"})


def _alternate(content: str) -> str:
    """One in two of a recurring period written "every other …" (``_EVERY_SECOND_RE`` and the rest)."""
    content = _EVERY_SECOND_RE.sub("every other ", content)
    content = _EVERY_TWO_RE.sub(lambda m: f"every other {m.group(1).lower()}", content)
    content = _ALTERNATE_RE.sub(lambda m: f"every other {m.group(1)}", content)
    content = _ONE_IN_TWO_RE.sub(lambda m: f"every other {m.group(1)}", content)
    return _FORTNIGHT_RE.sub("every other week", content)


def _worded(content: str) -> str:
    """The steps that need no digit: an ordinal word beside a month, a quarter, a Roman numeral, a
    range of days, "half an hour"."""
    content = _DAY_FIRST_RE.sub(_day_first, content)
    content = _MONTH_FIRST_RE.sub(_month_first, content)
    content = _NTH_QUARTER_RE.sub(lambda m: f"quarter {_QUARTERS[m.group(1).lower()]}", content)
    content = _NUMBERED_HYPHEN_RE.sub(r"\1 \2", content)
    content = _ROMAN_RE.sub(lambda m: f"{m.group(1)} {_ROMAN[m.group(2)]}", content)
    content = _SHORT_WEEKDAY_LIST_RE.sub(
        lambda m: _SHORT_WEEKDAY_ONE_RE.sub(lambda d: _SHORT_WEEKDAYS[d.group(1).lower()], m.group()), content
    )
    content = _SHORT_WEEKDAY_RANGE_RE.sub(
        lambda m: f"{_SHORT_WEEKDAYS[m.group(1).lower()]} to {_SHORT_WEEKDAYS[m.group(2).lower()]}", content
    )
    content = _THROUGH_RE.sub(r"\1 to ", content)
    content = _TILL_RE.sub("until ", content)
    content = _FROM_UNTIL_RE.sub(r"\1 to ", content)
    content = _BETWEEN_RE.sub(r"from \1 to ", content)
    content = _UNIT_AND_HALF_RE.sub(lambda m: f"1.5 {m.group(1)}s", content)
    return _HALF_AN_HOUR_RE.sub("30 minutes", content)


#: a range of hours whose end says its half and whose start does not, after "from" or "between" or with
#: a dash ("from 4 to 11 pm", "between 4 and 11pm", "4-11 pm"; not "10 to 2 pm", which may be 13:50)
_RANGE_HALF_RE = re.compile(
    r"(?:(?<=\bfrom\s)|(?<=\bbetween\s))(?P<h>\d{1,2})(?P<m>:\d{2})?(?P<sep>\s+(?:to|and)\s+)"
    r"(?=(?P<h2>\d{1,2})(?::\d{2})?\s*(?P<half>[ap]\.?m\b\.?))"
    r"|\b(?P<dh>\d{1,2})(?P<dm>:\d{2})?(?P<dsep>\s*[-–]\s*)"
    r"(?=(?P<dh2>\d{1,2})(?::\d{2})?\s*(?P<dhalf>[ap]\.?m\b\.?))"
    r"|(?<![\d:.])\b(?P<th>\d{1,2})(?P<tsep>\s+to\s+)"
    r"(?=(?P<th2>\d{1,2})(?::\d{2})?\s*(?P<thalf>[ap]\.?m\b\.?))",
    re.IGNORECASE,
)
#: the minutes a time "to" the hour is said with ("ten to two" is 13:50): a range's start without "from"
#: is read as the start of a range only when it is not one of them ("seven to ten in the evening")
_MINUTES_TO = frozenset([5, 10, 20, 25])


def _range_half(m: re.Match[str]) -> str:
    """The start of a range of hours with the half its end says (``_RANGE_HALF_RE``), when it is the
    earlier hour of that half; as written otherwise."""
    if m.group("th"):  # "7 to 10 pm" without "from": not "7 minutes to 10"
        hour, minute, sep, end, half = m.group("th"), None, m.group("tsep"), m.group("th2"), m.group("thalf")
        if int(hour) in _MINUTES_TO:
            return m.group()
    elif m.group("h"):
        hour, minute, sep = m.group("h"), m.group("m"), m.group("sep")
        end, half = m.group("h2"), m.group("half")
    else:
        hour, minute, sep = m.group("dh"), m.group("dm"), m.group("dsep")
        end, half = m.group("dh2"), m.group("dhalf")
    if not 1 <= int(hour) < int(end) <= 11:
        return m.group()
    return f"{hour}{minute or ''} {half}{sep}"


def _decades(m: re.Match[str]) -> str:
    count = int(m.group(1)) if m.group(1).isdigit() else 1
    return f"{count * 10} years"


#: a numeric date whose day and month may be either ("09/02/2027", "03.04.26"): both at most 12
_EITHER_DATE_RE = re.compile(r"(?<![\d/.])(0?[1-9]|1[0-2])([/.])(0?[1-9]|1[0-2])\2(\d{4}|\d{2})(?![\d/.])")


@lru_cache(maxsize=65536)
def dated_as(a: str, b: str) -> str:
    """``a`` with each numeric date that may be read day first or month first ("09/02/2027": the 9th
    of February or the 2nd of September) written as the one reading that ``b`` names ("9 February
    2027"); ``a`` itself when there is none, or when ``b`` names both readings or neither. The day
    and month are never guessed: only the other statement tells which order ``a`` was written in."""
    if not _EITHER_DATE_RE.search(a):
        return a
    from .. import text

    named = {k for k in text.extract_entities(anchor_forms(b)) if k.startswith("date:") and k.count("-") == 2}

    def read(m: re.Match[str]) -> str:
        first, second, year = int(m.group(1)), int(m.group(3)), m.group(4)
        year = year if len(year) == 4 else "20" + year
        found = {
            (day, month)
            for day, month in ((first, second), (second, first))
            if f"date:{year}-{month:02d}-{day:02d}" in named
        }
        if len(found) != 1:
            return m.group()
        day, month = next(iter(found))
        return f"{day} {_MONTHS[month - 1].capitalize()} {year}"

    return _EITHER_DATE_RE.sub(read, a)
