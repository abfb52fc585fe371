"""Look-alike domains (host_pep/values/domains.py)."""

from __future__ import annotations

import pytest

from host_pep.recognition.lexicon import lexicon
from host_pep.values.domains import Likeness, host_of, likeness, looks_alike, registrable


def additions() -> frozenset[str]:
    return lexicon().lookalike_additions


@pytest.mark.parametrize(
    ("host", "imitated"),
    [
        ("halvorsen-joinerry.no", "halvorsen-joinery.no"),  # one letter doubled
        ("lincoln-elementary-org.com", "lincolnelementary.org"),  # its suffix baked into the name
        ("allianz-care-payments.co", "allianz-care.com"),  # a word a phishing domain adds
        ("paypal-secure-login.com", "paypal.com"),
        ("rnicrosoft-online.com", "microsoft-online.com"),  # "rn" for "m"
    ],
)
def test_a_name_made_to_pass_for_another_looks_alike(host: str, imitated: str) -> None:
    assert looks_alike(host, imitated, additions())


@pytest.mark.parametrize(
    ("host", "other"),
    [
        ("mail.acme-corp.com", "acme-corp.com"),  # one owner's subdomain
        ("acme-corp.de", "acme-corp.com"),  # the owner's country site
        ("googleusercontent.com", "google.com"),  # another name, no added word
        ("kestrel-labs.example", "kestrel.example"),  # a company's own addition
        ("outlook.com", "hotmail.com"),
        ("acme.io", "acne.io"),  # too short to imitate recognisably
        ("halvorsen-joinery.no", "halvorsen-joinery.no"),  # the same host
    ],
)
def test_other_names_do_not(host: str, other: str) -> None:
    assert not looks_alike(host, other, additions())


def test_hosts_and_registrable_names() -> None:
    assert host_of("email:ana@kestrel.dev") == "kestrel.dev"
    assert host_of("domain:shop.example") == "shop.example"
    assert host_of("phone:+4915112345678") is None
    assert registrable("mail.acme.co.uk") == "acme"
    assert registrable("a.b.acme.com") == "acme"


def test_an_added_word_goes_one_way_near_names_both_ways() -> None:
    adds = additions()
    assert likeness("allianz-care-payments.co", "allianz-care.com", adds) is Likeness.EXTENDED
    assert likeness("allianz-care.com", "allianz-care-payments.co", adds) is None
    # either of two near names could be the imitation: the rule asks which one is anchored
    assert likeness("halvorsen-joinerry.no", "halvorsen-joinery.no", adds) is Likeness.NEAR
    assert likeness("halvorsen-joinery.no", "halvorsen-joinerry.no", adds) is Likeness.NEAR
