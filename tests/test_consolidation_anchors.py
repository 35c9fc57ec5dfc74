"""A statement's anchors written one way (``consolidation.anchors``): one number, amount, time or date
in two spellings is one value, so the default word rule merges the statements; another value stays
another fact. New sentences, none from the labelled sets."""

from __future__ import annotations

import pytest

from memlane.consolidation.anchors import anchor_forms, currency_name
from word_rule import joined, merged

TOGETHER = [
    # numbers and multipliers
    ("Greta's bakery turned over 84k pounds last year", "Greta's bakery turned over 84,000 pounds last year"),
    (
        "Greta's bakery turned over £84,000 last year",
        "Greta's bakery turned over 84 thousand pounds last year",
    ),
    (
        "Greta's bakery turned over eighty-four thousand pounds last year",
        "Greta's bakery turned over £84k last year",
    ),
    ("The Halvorsen grant is $1.2M", "The Halvorsen grant is 1.2 million dollars"),
    ("The Halvorsen grant is USD 1,200,000", "The Halvorsen grant is $1.2 million"),
    ("Oskar keeps two hundred and fifty sheep", "Oskar keeps 250 sheep"),
    ("The hike takes three and a half hours", "The hike takes 3.5 hours"),
    ("Maren buys a dozen eggs every Friday", "Maren buys 12 eggs every Friday"),
    # amounts
    ("Maren's savings account pays 4.1% interest", "Maren's savings account pays 4.1 percent interest"),
    ("Maren's savings account pays 4.1 per cent interest", "Maren's savings account pays 4.1% interest"),
    ("Dev sends ₹5,000 to his parents every month", "Dev sends 5,000 INR to his parents every month"),
    # times of day
    ("The ferry to Texel leaves at 7 in the morning", "The ferry to Texel leaves at 7am"),
    ("The ferry to Texel leaves at seven in the morning", "The ferry to Texel leaves at 07:00"),
    ("The choir rehearses at 8 in the evening", "The choir rehearses at 8pm"),
    ("The choir rehearses at 8 in the evening", "The choir rehearses at 20:00"),
    ("The depot opens at 6 on weekdays", "The depot opens at 6am on weekdays"),
    ("The depot opens at 6", "The depot opens at 6 o'clock"),
    # dates
    ("Jonas's recital is on March 3rd", "Jonas's recital is on 3 March"),
    ("Jonas's recital is on the third of March", "Jonas's recital is on March 3"),
    ("Jonas's recital is on the 3rd of March", "Jonas's recital is on 3 March"),
    ("Jonas's recital is on 13/03/2027", "Jonas's recital is on 13 March 2027"),
    ("Jonas's recital is on 2027-03-13", "Jonas's recital is on 13 March 2027"),
    ("The studio is closed till 4 April", "The studio is closed until 4 April"),
    # ranges, units and numbered things
    ("The help desk is staffed Monday through Friday", "The help desk is staffed Monday to Friday"),
    ("The help desk is staffed Mon-Fri", "The help desk is staffed Monday to Friday"),
    ("The help desk is staffed 9:00-17:00", "The help desk is staffed 9:00 to 17:00"),
    ("Rike's studio is shut from 2 May till 9 May", "Rike's studio is shut from 2 May to 9 May"),
    ("Rike's studio is shut between 2 May and 9 May", "Rike's studio is shut from 2 May until 9 May"),
    ("The search API answers in 120 ms", "The search API answers in 120 milliseconds"),
    ("Pia takes 50 mcg of vitamin D", "Pia takes 50 micrograms of vitamin D"),
    ("The kiln fires at 1,200 °C", "The kiln fires at 1200 degrees Celsius"),
    ("Hanno's grandfather has type II diabetes", "Hanno's grandfather has type 2 diabetes"),
    ("The Q2 sales target is 40 cars", "The second quarter sales target is 40 cars"),
    # twentieth session: a code before a multiplied amount, lakh and crore, a currency's own name, a
    # dollar sign with a country, "N and a half thousand", "half four"
    ("Tomasz's grant is PLN 90k", "Tomasz's grant is 90,000 zlotys"),
    ("Tomasz's grant is 90 thousand PLN", "Tomasz's grant is PLN 90,000"),
    ("Anjali's flat cost 85 lakh rupees", "Anjali's flat cost 8,500,000 rupees"),
    ("Anjali's firm raised 3 crore rupees", "Anjali's firm raised 30 million rupees"),
    ("Lwazi's bakery turned over 2 million rand", "Lwazi's bakery turned over ZAR 2,000,000"),
    ("The Ipanema flat rents for R$ 4,000", "The Ipanema flat rents for BRL 4000"),
    ("Sione's boat cost NZ$ 38,000", "Sione's boat cost 38,000 NZD"),
    ("The ferry route is two and a half thousand kilometres", "The ferry route is 2,500 km"),
    ("Niamh's shift ends at half four", "Niamh's shift ends at 4:30"),
    # one in two of a recurring period (twenty-first session)
    ("Bruno visits his aunt every second Saturday", "Bruno visits his aunt every other Saturday"),
    ("Bruno is on call on alternate weekends", "Bruno is on call every second weekend"),
    ("The Kestrel newsletter goes out every two weeks", "The Kestrel newsletter goes out fortnightly"),
    # twenty-second session: a range of days with a dash, an amount's four digits (no year), decades,
    # a part of an hour in minutes, weekdays' abbreviations in a list, "type-2"
    ("Oyelaran's studio is closed 14-18 August", "Oyelaran's studio is closed from 14 to 18 August"),
    ("Kasim sends 3000 dollars to his sister every month", "Kasim sends $3,000 to his sister every month"),
    ("Kasim sends 3000 RSD to his sister every month", "Kasim sends RSD 3,000 to his sister every month"),
    ("Edda has kept bees for three decades", "Edda has kept bees for 30 years"),
    ("Edda lived in Tromsø for a decade", "Edda lived in Tromsø for ten years"),
    ("The drive to Bodø takes an hour and a half", "The drive to Bodø takes 90 minutes"),
    ("The drive to Bodø takes 2.5 hours", "The drive to Bodø takes 150 minutes"),
    ("Ilse swims Tue/Thu/Sat", "Ilse swims Tuesday/Thursday/Saturday"),
    ("Ilse's father has type-2 diabetes", "Ilse's father has type 2 diabetes"),
]

APART = [
    ("Greta's bakery turned over 84k pounds last year", "Greta's bakery turned over 85k pounds last year"),
    (
        "Greta's bakery turned over 84,000 pounds last year",
        "Greta's bakery turned over 84,000 euros last year",
    ),
    ("The Halvorsen grant is 1.2 million dollars", "The Halvorsen grant is 1.2 million Australian dollars"),
    ("The Halvorsen grant is 500 AUD", "The Halvorsen grant is 500 USD"),
    ("The ferry to Texel leaves at 8am", "The ferry to Texel leaves at 8pm"),
    ("The choir rehearses at 8 in the evening", "The choir rehearses at 8am"),
    ("The depot opens at 6", "The depot opens at 6pm"),
    ("Jonas's recital is on March 3rd", "Jonas's recital is on 4 March"),
    ("Jonas's recital is on the third of March", "Jonas's recital is on the fourth of March"),
    ("Jonas's recital is on 03/04", "Jonas's recital is on 3 April"),  # the 3rd of April or the 4th of March
    ("The help desk is staffed 9:00-17:00", "The help desk is staffed 9:00 to 18:00"),
    ("The Q2 sales target is 40 cars", "The Q3 sales target is 40 cars"),
    ("Hanno's grandfather has type II diabetes", "Hanno's grandfather has type I diabetes"),
    ("Liv runs a 5k every Saturday", "Liv runs 5,000 every Saturday"),  # a race, not an amount
    ("Tomasz's grant is PLN 90k", "Tomasz's grant is 90,000 forints"),
    ("The Ipanema flat rents for R$ 4,000", "The Ipanema flat rents for $4,000"),  # reals, not US dollars
    ("Sione's boat cost NZ$ 38,000", "Sione's boat cost A$ 38,000"),
    ("Mihai's rent is 2,000 lei", "Mihai's rent is 2,000 RON"),  # lei: Romania's or Moldova's
    ("Niamh's shift ends at half four", "Niamh's shift ends at 4:00"),
    ("Niamh's shift ends at half four", "Niamh's shift ends at 16:30"),
    ("Bruno visits his aunt every second Saturday", "Bruno visits his aunt every Saturday"),
    ("Bruno visits his aunt every other Saturday", "Bruno visits his aunt every third Saturday"),
    ("The Kestrel newsletter goes out every two weeks", "The Kestrel newsletter goes out every two months"),
    ("Oyelaran's studio is closed 14-18 August", "Oyelaran's studio is closed from 14 to 19 August"),
    ("Kasim sends 3000 dollars to his sister every month", "Kasim sends $3,500 to his sister every month"),
    ("Kasim sends 3000 RSD to his sister every month", "Kasim sends 3000 HUF to his sister every month"),
    ("Edda has kept bees for three decades", "Edda has kept bees for 40 years"),
    ("Edda lived in Tromsø for a decade", "Edda lived in Tromsø for eleven years"),
    ("The drive to Bodø takes an hour and a half", "The drive to Bodø takes 80 minutes"),
    ("The drive to Bodø takes 2.5 hours", "The drive to Bodø takes 2 hours"),
    ("Ilse swims Tue/Thu/Sat", "Ilse swims Tuesday/Thursday/Sunday"),
    ("Ilse's father has type-2 diabetes", "Ilse's father has type 1 diabetes"),
]


@pytest.mark.parametrize(("a", "b"), TOGETHER)
def test_one_value_in_two_spellings_merges(a: str, b: str) -> None:
    assert merged(a, b) and merged(b, a)
    assert joined(a, b)


@pytest.mark.parametrize(("a", "b"), APART)
def test_another_value_stays_apart(a: str, b: str) -> None:
    assert not merged(a, b) and not merged(b, a)
    assert not joined(a, b)


@pytest.mark.parametrize(
    ("written", "plain"),
    [
        ("revenue of €84k", "revenue of 84,000 euros"),
        ("84 thousand pounds", "84,000 pounds"),
        ("half a million", "500,000"),
        ("a 5k run", "a 5k run"),  # no money: a race
        ("the 5m pool", "the 5m pool"),  # metres
        ("six-year-old twins", "6 year-old twins"),
        ("my first language", "my first language"),  # an ordinal without a month is left as a word
        ("every second Tuesday", "every other Tuesday"),  # one in two (twenty-first session)
        ("on alternate weekends", "every other weekend"),
        ("every two weeks", "every other week"),
        ("meets fortnightly", "meets every other week"),
        ("every second", "every second"),  # each second
        ("meets biweekly", "meets biweekly"),  # every two weeks or twice a week
        ("the second Tuesday", "the second Tuesday"),
        ("you may first ask", "you may first ask"),  # "may" is no month
        ("the twenty-first of May", "21 May"),
        ("on 03/04", "on 03/04"),
        ("24/7 support", "24/7 support"),
        ("open until 9.30", "open until 9.30"),  # a time, no date
        ("on 13.04.2026", "on 13 April 2026"),
        ("born in the 1990s", "born in the 1990s"),
        ("call 555-0142", "call 555-0142"),
        ("at 8.30 in the evening", "at 8:30pm"),
        ("12 at night", "0:00"),
        ("at the till", "at the till"),
        ("Bo is the one who plans it", "Bo is the one who plans it"),  # a pronoun, no number
        ("no one came", "no one came"),
        ("between Ana and Leo", "between Ana and Leo"),  # no values: no range
        ("I like it", "I like it"),
        ("ABC 5k", "ABC 5k"),  # no currency's code: no amount
        ("gave 5 marks", "gave 5 marks"),  # a plural that is a common word is no currency
        ("paid 300 cedis", "paid 300 ghanaian cedis"),
        ("at half past four", "at half past 4"),  # the clock's "half past" is restatement's
        ("half 4 kg", "half 4 kilograms"),  # no "half" read; the unit in one spelling
        ("CAR$5", "CAR$5"),
        ("3-6 June", "3 June to 6 June"),
        ("sent 2000 AED", "sent 2,000 uae dirhams"),
        ("a 2017 MAN truck", "a 2017 MAN truck"),  # no currency's code: a year
        ("prices in 2020 dollars", "prices in 2020 dollars"),  # a year's dollars
        ("for four decades", "for 40 years"),
        ("half a decade", "half a decade"),
        ("for decades", "for decades"),
        ("an hour and a half", "90 minutes"),
        ("1.33 hours", "1.33 hours"),  # no whole minutes
        ("gym Mon/Wed/Fri", "gym Monday/Wednesday/Friday"),
        ("Sun rose", "Sun rose"),  # one abbreviation alone: a word
        ("stage-IV cancer", "stage 4 cancer"),
    ],
)
def test_anchor_forms(written: str, plain: str) -> None:
    assert anchor_forms(written) == plain


def test_currency_names_come_from_the_cldr() -> None:
    assert currency_name("USD") == "dollars"
    assert currency_name("RSD") == "serbian dinars"
    assert currency_name("AUD") == "australian dollars"
    assert currency_name("NYC") is None


@pytest.mark.parametrize(
    ("a", "b", "agree"),
    [
        ("Ilse swims on Tuesdays, Thursdays and Saturdays", "Ilse swims Tue/Thu/Sat", True),
        ("Ilse swims on Tuesdays, Thursdays and Sundays", "Ilse swims Tue/Thu/Sat", False),
        ("Edda has kept bees for forty years", "For four decades Edda has kept bees", True),
        ("Edda has kept bees for thirty years", "For four decades Edda has kept bees", False),
        ("Kasim sends 3000 dirhams home every month", "Every month Kasim sends AED 3,000 home", True),
        ("Kasim sends 3000 dirhams home every month", "Every month Kasim sends AED 3,300 home", False),
    ],
)
def test_paraphrase_anchors(a: str, b: str, agree: bool) -> None:
    """The paraphrase mode's blocks (``paraphrases.anchors``) read the same spellings."""
    from memlane.consolidation.paraphrases import anchors_agree

    assert anchors_agree(a, b) is agree and anchors_agree(b, a) is agree
