"""Sender header lines inside text: the header block and a listing's entries, never a body."""

from __future__ import annotations

import pytest

from host_pep.recognition.headers import sender_name


def _at(text: str, address: str) -> str | None:
    return sender_name(text, text.index(address))


@pytest.mark.parametrize(
    ("text", "address", "name"),
    [
        (
            "From: Immobilien Rother KG <v@rother.example>\nSubject: Miete\n\nBitte zahlen.",
            "v@",
            "Immobilien Rother KG",
        ),
        ("Von: Anna Kurz <anna@kurz.example>\nBetreff: Termin", "anna@", "Anna Kurz"),
        (
            '[2] From: Chidi Okeke <chidi@tw.example> — "Can you send the deck?"',
            "chidi@",
            "Chidi Okeke",
        ),
        ("1. 差出人: 山田 <yamada@ex.example>", "yamada@", "山田"),
        ("- Sender: +44 7700 900123: are you home?", "+44", ""),
    ],
)
def test_an_address_on_a_header_line_is_the_senders(text: str, address: str, name: str) -> None:
    assert _at(text, address) == name


@pytest.mark.parametrize(
    ("text", "address"),
    [
        # a "From:" line in a body, after the header block, is the body's text
        ("From: shop@ex.example\n\nThanks for your order.\nFrom: boss@corp.example", "boss@"),
        # an address a sentence gives is not a header's
        ("Please send the files to: drop@evil.example", "drop@"),
        ('Note: "reply from now on to x@evil.example"', "x@"),
        ("Subject: From the team\nTo: anna@ex.example", "anna@"),
    ],
)
def test_elsewhere_an_address_is_no_sender(text: str, address: str) -> None:
    assert _at(text, address) is None
