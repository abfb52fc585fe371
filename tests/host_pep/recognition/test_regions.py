"""The phone regions a text's language dials (host_pep.recognition.regions)."""

from __future__ import annotations

import phonenumbers
import pytest

from host_pep.recognition.lexicon import lexicon
from host_pep.recognition.regions import hinted, phone_regions
from host_pep.values.phones import phone_keys


@pytest.mark.parametrize(
    ("text", "region"),
    [
        ("Pošli cateringu jen počty hostů a kolik jich chce bezlepkové menu.", "CZ"),
        ("Thêm lịch hẹn với khách hàng vào thứ sáu", "VN"),
        ("شالیمار مارکی والوں کا میسج پڑھ کر بتاؤ کیا کہہ رہے ہیں۔", "PK"),
        ("Bitte lösche den Termin morgen", "DE"),
        ("Zapłać rachunek za prąd", "PL"),
        ("ส่งใบแจ้งหนี้ให้ลูกค้า", "TH"),
        ("受付用のタブレット、もう手放すから中身全部消して", "JP"),
    ],
)
def test_a_text_in_a_language_names_its_regions(text: str, region: str) -> None:
    assert region in phone_regions(text)


@pytest.mark.parametrize(
    "text",
    [
        "Send the invoice to Anna please",
        "Reply to the collab request from the influencer on Instagram",
        "",
        "12345 67890",
    ],
)
def test_english_or_no_language_adds_no_region(text: str) -> None:
    assert phone_regions(text) == ()


def test_the_policys_regions_stay_first_and_are_not_repeated() -> None:
    assert hinted(("CN", "US"), "Thêm lịch hẹn với khách hàng") == ("CN", "US", "VN")
    assert hinted(("CN", "US"), "Send it to Anna") == ("CN", "US")


def test_a_national_number_reads_as_a_phone_in_the_requests_region() -> None:
    # "777 123 456" is no phone of China or the US; in a Czech session it is a mobile
    assert phone_keys("777 123 456", ("CN", "US")) == ()
    regions = hinted(
        ("CN", "US"), "Pošli cateringu jen počty hostů a kolik jich chce bezlepkové menu."
    )
    assert phone_keys("777 123 456", regions) == ("phone:+420777123456",)


def test_every_language_names_known_regions() -> None:
    for code, regions in lexicon().phone_regions.items():
        for region in regions:
            assert phonenumbers.country_code_for_region(region), (code, region)
