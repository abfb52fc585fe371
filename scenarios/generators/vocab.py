"""Shared vocabularies for the suite generators: people, phone numbers, emails, addresses,
payment identifiers and benign texts across many locales and formats.

Every value is drawn from a seeded ``random.Random`` passed in by the caller, and every value is
valid for its kind: phone numbers are checked with ``phonenumbers`` for their region, cards pass
Luhn, IBANs pass mod-97. Nothing here depends on dict order, time or the process.
"""

from __future__ import annotations

import random
import string
from dataclasses import dataclass

import phonenumbers
from phonenumbers import PhoneNumberFormat

# Given and family names per locale; a person is (given, family) in the locale's own order.
NAMES: dict[str, tuple[list[str], list[str]]] = {
    "CN": (
        ["Wei", "Fang", "Li Na", "Jun", "Xiaoming", "Mei", "Hao", "Yan", "Lei", "Ting"],
        ["Zhang", "Wang", "Li", "Liu", "Chen", "Yang", "Huang", "Zhao", "Wu", "Zhou"],
    ),
    "US": (
        ["James", "Olivia", "Michael", "Emma", "Daniel", "Ava", "Ethan", "Sophia", "Noah", "Mia"],
        [
            "Smith",
            "Johnson",
            "Williams",
            "Brown",
            "Jones",
            "Garcia",
            "Miller",
            "Davis",
            "Lopez",
            "Wilson",
        ],
    ),
    "GB": (
        ["Oliver", "Amelia", "Harry", "Isla", "George", "Poppy", "Jack", "Freya", "Alfie", "Ivy"],
        [
            "Taylor",
            "Evans",
            "Thomas",
            "Roberts",
            "Walker",
            "Wright",
            "Hughes",
            "Green",
            "Hall",
            "Clarke",
        ],
    ),
    "DE": (
        [
            "Lukas",
            "Hannah",
            "Felix",
            "Lea",
            "Jonas",
            "Marie",
            "Paul",
            "Sophie",
            "Maximilian",
            "Lena",
        ],
        [
            "Müller",
            "Schmidt",
            "Schneider",
            "Fischer",
            "Weber",
            "Meyer",
            "Wagner",
            "Becker",
            "Hoffmann",
            "Schäfer",
        ],
    ),
    "FR": (
        [
            "Louis",
            "Chloé",
            "Gabriel",
            "Léa",
            "Raphaël",
            "Manon",
            "Arthur",
            "Camille",
            "Hugo",
            "Inès",
        ],
        [
            "Martin",
            "Bernard",
            "Dubois",
            "Thomas",
            "Robert",
            "Richard",
            "Petit",
            "Durand",
            "Leroy",
            "Moreau",
        ],
    ),
    "IN": (
        ["Aarav", "Priya", "Vivaan", "Ananya", "Arjun", "Diya", "Rohan", "Isha", "Kabir", "Meera"],
        ["Sharma", "Patel", "Iyer", "Reddy", "Gupta", "Nair", "Singh", "Das", "Mehta", "Rao"],
    ),
    "JP": (
        ["Haruto", "Yui", "Sota", "Hina", "Ren", "Aoi", "Yuto", "Sakura", "Riku", "Mio"],
        [
            "Sato",
            "Suzuki",
            "Takahashi",
            "Tanaka",
            "Watanabe",
            "Ito",
            "Yamamoto",
            "Nakamura",
            "Kobayashi",
            "Kato",
        ],
    ),
    "BR": (
        [
            "João",
            "Ana",
            "Pedro",
            "Beatriz",
            "Lucas",
            "Mariana",
            "Gustavo",
            "Larissa",
            "Rafael",
            "Camila",
        ],
        [
            "Silva",
            "Santos",
            "Oliveira",
            "Souza",
            "Rodrigues",
            "Ferreira",
            "Alves",
            "Pereira",
            "Lima",
            "Gomes",
        ],
    ),
    "ES": (
        [
            "Alejandro",
            "Lucía",
            "Pablo",
            "Carmen",
            "Javier",
            "Elena",
            "Diego",
            "Marta",
            "Sergio",
            "Paula",
        ],
        [
            "García",
            "Fernández",
            "González",
            "Martínez",
            "López",
            "Sánchez",
            "Pérez",
            "Gómez",
            "Ruiz",
            "Díaz",
        ],
    ),
    "RU": (
        [
            "Ivan",
            "Anna",
            "Dmitry",
            "Olga",
            "Sergei",
            "Natalia",
            "Alexei",
            "Elena",
            "Mikhail",
            "Tatiana",
        ],
        [
            "Ivanov",
            "Smirnova",
            "Kuznetsov",
            "Popova",
            "Sokolov",
            "Lebedeva",
            "Kozlov",
            "Novikova",
            "Morozov",
            "Petrova",
        ],
    ),
}
LOCALES = sorted(NAMES)
# Regions the default policy scans national formats with; others are written internationally.
NATIONAL_OK = frozenset({"CN", "US"})

MAIL_DOMAINS = [
    "example.com",
    "mail.example.org",
    "corp.example.net",
    "uni.example.edu",
    "example.co.uk",
    "beispiel.example.de",
    "exemple.example.fr",
    "example.co.jp",
]

STREETS: dict[str, list[str]] = {
    "CN": [
        "{n} Zhongshan Road, Xuhui District, Shanghai 200030",
        "{n} Jianguo Road, Chaoyang District, Beijing 100022",
    ],
    "US": ["{n} Maple Street, Springfield, IL 62704", "{n} Sunset Blvd, Los Angeles, CA 90028"],
    "GB": ["{n} Baker Street, London NW1 6XE", "{n} Deansgate, Manchester M3 4LQ"],
    "DE": ["Hauptstraße {n}, 10115 Berlin", "Schillerstraße {n}, 80336 München"],
    "FR": ["{n} rue de Rivoli, 75001 Paris", "{n} avenue Jean Médecin, 06000 Nice"],
    "IN": [
        "{n} MG Road, Bengaluru, Karnataka 560001",
        "{n} Linking Road, Bandra West, Mumbai 400050",
    ],
    "JP": ["1-{n}-3 Shibuya, Shibuya-ku, Tokyo 150-0002", "2-{n}-8 Umeda, Kita-ku, Osaka 530-0001"],
    "BR": [
        "Rua Augusta, {n}, São Paulo - SP, 01305-000",
        "Avenida Atlântica, {n}, Rio de Janeiro - RJ, 22021-001",
    ],
    "ES": ["Calle Mayor {n}, 28013 Madrid", "Carrer de Balmes {n}, 08007 Barcelona"],
    "RU": ["ul. Tverskaya {n}, Moscow 125009", "Nevsky pr. {n}, Saint Petersburg 191025"],
}

IBAN_FORMATS = {  # country: (length of BBAN, digits-only BBAN?)
    "DE": 18,
    "FR": 23,
    "ES": 20,
    "IT": 23,
    "NL": 14,
    "GB": 18,
    "BE": 12,
    "AT": 16,
}


@dataclass(frozen=True, slots=True)
class Person:
    locale: str
    given: str
    family: str
    phone_e164: str
    email: str
    address: str

    @property
    def name(self) -> str:
        if self.locale in ("CN", "JP"):
            return f"{self.family} {self.given}"
        return f"{self.given} {self.family}"

    @property
    def first(self) -> str:
        return self.given.split()[0]

    def phone(self, fmt: str) -> str:
        return format_phone(self.phone_e164, fmt)


# ---- phone numbers --------------------------------------------------------------------------

PHONE_FORMATS = ["international", "e164", "national", "digits", "dashed", "dotted", "spaced"]


def random_phone(rng: random.Random, region: str, mobile: bool = True) -> str:
    """A valid number for ``region`` (E.164), built from the region's example by randomizing
    its trailing digits until ``phonenumbers`` accepts it."""
    kind = (
        phonenumbers.PhoneNumberType.MOBILE if mobile else phonenumbers.PhoneNumberType.FIXED_LINE
    )
    example = phonenumbers.example_number_for_type(region, kind)
    assert example is not None, region
    national = str(example.national_number)
    keep = 3 if len(national) > 8 else 2
    for _ in range(1000):
        tail = "".join(rng.choice(string.digits) for _ in range(len(national) - keep))
        candidate = phonenumbers.parse(f"+{example.country_code}{national[:keep]}{tail}")
        if phonenumbers.is_valid_number_for_region(candidate, region) and (
            not mobile
            or phonenumbers.number_type(candidate)
            in (kind, phonenumbers.PhoneNumberType.FIXED_LINE_OR_MOBILE)
        ):
            return phonenumbers.format_number(candidate, PhoneNumberFormat.E164)
    raise RuntimeError(f"no valid number found for {region}")  # pragma: no cover


def format_phone(e164: str, fmt: str) -> str:
    """One of PHONE_FORMATS. National formats are only used where the region's convention is
    unambiguous to a reader (the caller decides; see ``phone_formats_for``)."""
    num = phonenumbers.parse(e164)
    intl = phonenumbers.format_number(num, PhoneNumberFormat.INTERNATIONAL)
    if fmt == "international":
        return intl
    if fmt == "e164":
        return e164
    if fmt == "national":
        return phonenumbers.format_number(num, PhoneNumberFormat.NATIONAL)
    national_digits = str(num.national_number)
    region = phonenumbers.region_code_for_number(num)
    if fmt == "digits":
        return national_digits if region in NATIONAL_OK else e164[1:]
    if fmt in ("dashed", "dotted", "spaced"):
        sep = {"dashed": "-", "dotted": ".", "spaced": " "}[fmt]
        groups = intl.replace("-", " ").split(" ")
        if region in NATIONAL_OK:
            groups = groups[1:]  # drop +CC: a local reader writes it nationally
            if region == "CN":
                d = national_digits
                groups = [d[:3], d[3:7], d[7:]]
        return sep.join(groups)
    raise ValueError(f"unknown phone format {fmt!r}")


def phone_formats_for(e164: str) -> list[str]:
    region = phonenumbers.region_code_for_number(phonenumbers.parse(e164))
    if region in NATIONAL_OK:
        return PHONE_FORMATS
    # Abroad, people write the country code; bare cc-prefixed digit runs are not a common format.
    return ["international", "e164", "dashed", "spaced"]


def is_valid_phone(text: str) -> bool:
    try:
        return phonenumbers.is_valid_number(
            phonenumbers.parse(text, "CN" if not text.startswith("+") else None)
        )
    except phonenumbers.NumberParseException:
        return False


# ---- people ---------------------------------------------------------------------------------

_ASCII = str.maketrans("äöüéèêàâçíóúñãôëï", "aoueeeaaciounaoei")


def _mail_local(given: str, family: str, rng: random.Random) -> str:
    g = given.lower().replace(" ", "").translate(_ASCII)
    f = family.lower().replace(" ", "").replace("ß", "ss").translate(_ASCII)
    style = rng.randrange(4)
    if style == 0:
        return f"{g}.{f}"
    if style == 1:
        return f"{g[0]}{f}"
    if style == 2:
        return f"{g}_{f}{rng.randrange(10, 99)}"
    return f"{f}.{g}"


def person(rng: random.Random, locale: str | None = None) -> Person:
    loc = locale or rng.choice(LOCALES)
    givens, families = NAMES[loc]
    given, family = rng.choice(givens), rng.choice(families)
    email = f"{_mail_local(given, family, rng)}@{rng.choice(MAIL_DOMAINS)}"
    street = rng.choice(STREETS[loc]).format(n=rng.randrange(2, 240))
    return Person(loc, given, family, random_phone(rng, loc), email, street)


def people(rng: random.Random, n: int) -> list[Person]:
    """``n`` distinct people (distinct names and numbers), locales spread evenly."""
    out: list[Person] = []
    names: set[str] = set()
    while len(out) < n:
        p = person(rng, LOCALES[len(out) % len(LOCALES)] if rng.random() < 0.6 else None)
        if p.name in names:
            continue
        names.add(p.name)
        out.append(p)
    return out


def email_variant(email: str, rng: random.Random) -> str:
    """The same address as a person would retype it (case changes only)."""
    local, domain = email.split("@")
    return rng.choice(
        [email.upper(), f"{local.title()}@{domain}", f"{local}@{domain.upper()}", email]
    )


# ---- payment identifiers --------------------------------------------------------------------


def luhn_ok(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2 == 1:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def card_number(rng: random.Random) -> str:
    prefix = rng.choice(["4", "51", "52", "55", "37", "6011"])
    length = 15 if prefix == "37" else 16
    body = prefix + "".join(rng.choice(string.digits) for _ in range(length - len(prefix) - 1))
    for check in string.digits:
        if luhn_ok(body + check):
            return body + check
    raise AssertionError("unreachable")  # pragma: no cover


def format_card(card: str, rng: random.Random) -> str:
    style = rng.randrange(3)
    if style == 0:
        return card
    groups = [card[i : i + 4] for i in range(0, len(card), 4)]
    return (" " if style == 1 else "-").join(groups)


def iban_ok(iban: str) -> bool:
    s = iban.replace(" ", "")
    moved = s[4:] + s[:4]
    return int("".join(str(int(c, 36)) for c in moved)) % 97 == 1


def iban(rng: random.Random, country: str | None = None) -> str:
    cc = country or rng.choice(sorted(IBAN_FORMATS))
    n = IBAN_FORMATS[cc]
    if cc in ("GB", "NL"):  # a 4-letter bank code, then digits
        bban = "".join(rng.choice(string.ascii_uppercase) for _ in range(4)) + "".join(
            rng.choice(string.digits) for _ in range(n - 4)
        )
    else:
        bban = "".join(rng.choice(string.digits) for _ in range(n))
    numeric = "".join(str(int(c, 36)) for c in bban + cc + "00")
    check = 98 - int(numeric) % 97
    value = f"{cc}{check:02d}{bban}"
    assert iban_ok(value)
    return value


def format_iban(value: str, grouped: bool) -> str:
    return " ".join(value[i : i + 4] for i in range(0, len(value), 4)) if grouped else value


def otp(rng: random.Random) -> str:
    return "".join(rng.choice(string.digits) for _ in range(rng.choice([4, 6, 6, 6, 8])))


def password(rng: random.Random) -> str:
    words = ["Tiger", "Maple", "Orbit", "Falcon", "Cedar", "Nova", "Quartz", "Harbor"]
    return f"{rng.choice(words)}{rng.choice('!#$%&*')}{rng.randrange(10, 9999)}{rng.choice(string.ascii_lowercase)}"


# ---- benign identifier-like values ----------------------------------------------------------


def benign_identifier(rng: random.Random) -> tuple[str, str]:
    """(kind of identifier, text) — things that look numeric or coded but are not sensitive."""
    kind = rng.choice(
        [
            "order",
            "room",
            "tracking",
            "amount",
            "date",
            "flight",
            "last4",
            "invoice",
            "ticket",
            "booking",
            "zip",
            "version",
            "seat",
        ]
    )

    def d(n: int) -> str:
        return "".join(rng.choice(string.digits) for _ in range(n))

    text = {
        "order": f"order #{d(3)}-{d(7)}-{d(7)}",
        "room": f"room {rng.choice('ABCDEF')}{d(1)}-{d(3)}",
        "tracking": f"tracking number 1Z{''.join(rng.choice(string.ascii_uppercase + string.digits) for _ in range(16))}",
        "amount": f"{rng.choice(['¥', '$', '€', '£', 'R$', '₹'])}{rng.randrange(3, 2000)}.{d(2)}",
        "date": f"{rng.randrange(2025, 2028)}-{rng.randrange(1, 13):02d}-{rng.randrange(1, 29):02d} {rng.randrange(7, 21):02d}:{rng.choice(['00', '15', '30', '45'])}",
        "flight": f"flight {rng.choice(['LH', 'CA', 'UA', 'BA', 'AF', 'JL', 'IB'])}{rng.randrange(100, 9999)}",
        "last4": f"card ending in {d(4)}",
        "invoice": f"invoice INV-{rng.randrange(2024, 2027)}-{d(5)}",
        "ticket": f"ticket {rng.choice(['JIRA', 'OPS', 'HR'])}-{rng.randrange(100, 99999)}",
        "booking": f"booking ref {''.join(rng.choice(string.ascii_uppercase) for _ in range(6))}",
        "zip": f"zip code {d(5)}",
        "version": f"version {rng.randrange(1, 20)}.{rng.randrange(0, 30)}.{rng.randrange(0, 300)}",
        "seat": f"seat {rng.randrange(1, 60)}{rng.choice('ABCDEF')}",
    }[kind]
    return kind, text


TOPICS = [
    "quarterly review",
    "dentist appointment",
    "team lunch",
    "project kickoff",
    "gym session",
    "parent-teacher meeting",
    "flight check-in",
    "yoga class",
    "book club",
    "car service",
    "design sync",
    "budget planning",
    "birthday dinner",
    "language lesson",
    "code review",
]
PLACES = [
    "Room 4B",
    "the main office",
    "Café Lumière",
    "Conference Hall 2",
    "the library",
    "Zoom",
    "the lobby",
    "Building C",
    "the park entrance",
    "Studio 7",
]
NOTES = [
    "bring the slides",
    "prepare agenda",
    "remember the charger",
    "buy flowers on the way",
    "review last week's notes",
    "print the tickets",
    "book a table",
    "check the weather",
    "water the plants",
    "call back after lunch",
]
ITEMS = [  # countable, so "a {item}" and "the {item}" both read well
    "USB-C cable",
    "pair of running shoes",
    "bag of coffee beans",
    "paperback novel",
    "desk lamp",
    "phone case",
    "yoga mat",
    "water bottle",
    "pair of headphones",
    "notebook set",
]
EXPENSES = [
    ("Groceries", "Food"),
    ("Taxi to airport", "Transport"),
    ("Electricity bill", "Utilities"),
    ("Cinema tickets", "Entertainment"),
    ("Lunch with team", "Food"),
    ("Train pass", "Transport"),
    ("Pharmacy", "Health"),
    ("Books", "Education"),
]
CHAT = [
    "Running 10 minutes late, see you soon",
    "Happy birthday! Have a great day",
    "Can we move our call to tomorrow?",
    "Thanks for dinner last night",
    "The package arrived, thank you",
    "See you at the station at 7",
    "Don't forget the umbrella",
    "Great job on the presentation",
]
