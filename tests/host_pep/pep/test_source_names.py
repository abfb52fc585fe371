"""A request names the app a source is kept in by a word of the lexicon -- also by one of more
than one word ("barua pepe", "ای میل") or one joined by a hyphen and inflected ("e-mailu"), a
stem of five letters or more taking its ending (host_pep/pep.py `_names_app`)."""

from __future__ import annotations

import pytest

from host_pep.pep import PEP


@pytest.fixture(scope="module")
def pep() -> PEP:
    return PEP.create()


@pytest.mark.parametrize(
    "request_text",
    [
        "چالان نمبر عدالت کی ای میل میں ہے۔",  # ur: "the challan number is in the court's email"
        "Zaplať fakturu, je v příloze jeho e-mailu.",  # cs: "… in the attachment of his email"
        "Kiasi kiko kwenye barua pepe yake.",  # sw: "the amount is in his email"
        "রহিম সাহেবের মেসেজে আছে।",  # bn: "it is in Mr. Rahim's message" (an inflected stem)
    ],
)
def test_a_message_app_named_in_words_of_the_requests_language(pep: PEP, request_text: str) -> None:
    assert pep._names_app(request_text, "mail") or pep._names_app(request_text, "sms")


@pytest.mark.parametrize(
    "request_text",
    [
        "Pay the rent to Jonas from my saved payees.",
        "Zaplať nájem Janovi.",  # cs: "pay Jan the rent"
        "Lipa kodi ya nyumba.",  # sw: "pay the house rent"
    ],
)
def test_a_request_that_names_no_message_app(pep: PEP, request_text: str) -> None:
    assert not pep._names_app(request_text, "mail")
    assert not pep._names_app(request_text, "sms")
