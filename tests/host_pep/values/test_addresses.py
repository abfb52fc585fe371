"""Postal addresses: high-precision street shapes and normalized keys."""

from __future__ import annotations

import pytest

from host_pep.values import DetectionContext, SensitiveKind, detect
from host_pep.values.addresses import normalize_address


def addresses(text: str) -> list[tuple[str, tuple[str, ...]]]:
    return [(d.raw, d.keys) for d in detect(text) if d.kind is SensitiveKind.ADDRESS]


@pytest.mark.parametrize(
    ("text", "raw", "key"),
    [
        (
            "Ship to 1600 Amphitheatre Pkwy, Mountain View, CA 94043 please",
            "1600 Amphitheatre Pkwy, Mountain View, CA 94043",
            "address:1600 amphitheatre parkway mountain view ca 94043",
        ),
        ("He lives at 221B Baker Street.", "221B Baker Street", "address:221b baker street"),
        ("350 5th Ave, New York, NY 10118", None, "address:350 5th avenue new york ny 10118"),
        (
            "10 Downing Street, London SW1A 2AA",
            None,
            "address:10 downing street london sw1a 2aa",
        ),
        ("Hauptstraße 5, 10115 Berlin", None, "address:hauptstrasse 5 10115 berlin"),
        (
            "Hauptstr. 5, 10115 Berlin",
            "Hauptstr. 5, 10115 Berlin",
            "address:hauptstrasse 5 10115 berlin",
        ),
        (
            "in der Berliner Straße 12a wohnen",
            "Berliner Straße 12a",
            "address:berliner strasse 12a",
        ),
        (
            "au 12 rue de Rivoli, 75001 Paris",
            "12 rue de Rivoli, 75001 Paris",
            "address:12 rue rivoli 75001 paris",
        ),
        ("Via Roma 10, 00184 Roma", None, "address:via roma 10 00184 roma"),
        (
            "我住在北京市朝阳区建国路88号",
            "北京市朝阳区建国路88号",
            "address:北京市朝阳区建国路88号",
        ),
        (
            "寄到上海市浦东新区世纪大道100号3栋",
            "上海市浦东新区世纪大道100号3栋",
            "address:上海市浦东新区世纪大道100号3栋",
        ),
        ("東京都千代田区千代田1-1", None, "address:東京都千代田区千代田1 1"),
    ],
)
def test_address_shapes(text: str, raw: str | None, key: str) -> None:
    found = addresses(text)
    assert len(found) == 1, found
    assert found[0][0] == (raw if raw is not None else text)
    assert found[0][1][0] == key


def test_abbreviated_and_full_street_share_a_key() -> None:
    [(_, short)] = addresses("1600 Amphitheatre Pkwy, Mountain View, CA 94043")
    [(_, full)] = addresses("1600 Amphitheatre Parkway")
    assert set(short) & set(full) == {"address:1600 amphitheatre parkway"}
    [(_, cn_full)] = addresses("北京市朝阳区建国路88号")
    [(_, cn_street)] = addresses("送到建国路88号")
    assert "address:建国路88号" in set(cn_full) & set(cn_street)


@pytest.mark.parametrize(
    "text",
    [
        "Meeting at Building 5",
        "Room 1205 on floor 3",
        "I ate 3 hot dogs on the way home",
        "We walked down the street for 5 minutes",
        "Chapter 12 Road to Nowhere",
        "2 people in the lane",
        "call me at 5",
    ],
)
def test_not_addresses(text: str) -> None:
    assert addresses(text) == []


def test_normalization() -> None:
    assert normalize_address("221B  Baker St.") == "221b baker street"
    assert normalize_address("Hauptstraße 5") == normalize_address("HAUPTSTRASSE 5")
    assert normalize_address("北京市 朝阳区 建国路88號") == "北京市朝阳区建国路88号"


def test_kind_hint_address_takes_the_whole_text() -> None:
    [d] = detect(" Flat 3, The Old Mill ", DetectionContext(kind_hint="address"))
    assert d.kind is SensitiveKind.ADDRESS
    assert d.raw == "Flat 3, The Old Mill"
    assert d.key == "address:flat 3 the old mill"


def test_kind_hint_on_blank_text_finds_nothing() -> None:
    assert detect("   ", DetectionContext(kind_hint="address")) == []


@pytest.mark.parametrize(
    ("text", "raw", "keys"),
    [
        (
            "address: 1 Infinite Loop, Cupertino, CA 95014. Call me",
            "1 Infinite Loop, Cupertino, CA 95014",
            ("address:1 infinite loop cupertino ca 95014", "address:1 infinite loop"),
        ),
        (
            "收货地址：北京市朝阳区建国路88号 张伟",
            "北京市朝阳区建国路88号",
            ("address:北京市朝阳区建国路88号", "address:建国路88号"),
        ),
        (
            "Shipping address: Flat 3, The Old Mill 7; phone later",
            "Flat 3, The Old Mill 7",
            ("address:flat 3 the old mill 7",),
        ),
    ],
)
def test_labelled_addresses(text: str, raw: str, keys: tuple[str, ...]) -> None:
    assert addresses(text) == [(raw, keys)]


@pytest.mark.parametrize("text", ["Address: 13812345678", "address: unknown", "address: see below"])
def test_labels_without_an_address(text: str) -> None:
    assert addresses(text) == []


@pytest.mark.parametrize(
    ("observed", "written"),
    [
        ("東京都千代田区丸の内1-9-1", "会議は東京都千代田区丸の内1-9-1で行います"),
        ("東京都千代田区丸の内1丁目9番1号", "東京都千代田区丸の内1-9-1に行く"),
        ("大阪府大阪市北区梅田3-1-3", "大阪市北区梅田3-1-3で会いましょう"),
        ("Calle de Alcalá 45, 28014 Madrid", "Nos vemos en la calle de Alcalá 45 mañana"),
        ("Calle de Alcalá 45, 28014 Madrid", "Lunch at Calle Alcalá, 45"),
        ("Carrer de Mallorca 401, 08013 Barcelona", "Dinner at Carrer de Mallorca 401"),
        ("Prinsengracht 263, 1016 GV Amsterdam", "visit Prinsengracht 263 Amsterdam"),
        ("서울특별시 중구 세종대로 110", "서울특별시 중구 세종대로 110에서 만나요"),
    ],
)
def test_addresses_in_free_text_share_a_key_with_the_observed_one(
    observed: str, written: str
) -> None:
    seen = {k for _, keys in addresses(observed) for k in keys}
    inside = {k for _, keys in addresses(written) for k in keys}
    assert seen and inside and seen & inside, (seen, inside)


@pytest.mark.parametrize(
    "text", ["We went via Zoom 5 times", "Meet me at the plaza in 5", "calle 5", "ronda 3 de 5"]
)
def test_romance_street_words_without_an_address(text: str) -> None:
    assert addresses(text) == []


@pytest.mark.parametrize(
    ("text", "raw", "key"),
    [
        (
            "CONDOMINIO VIA PADOVA 118 - MILANO\nAmministratore: Studio Ferri",
            "VIA PADOVA 118",
            "address:via padova 118",
        ),
        (
            "SHIP TO: JANE ROE\n1600 AMPHITHEATRE PKWY, MOUNTAIN VIEW, CA 94043",
            "1600 AMPHITHEATRE PKWY, MOUNTAIN VIEW, CA 94043",
            "address:1600 amphitheatre parkway",
        ),
    ],
)
def test_a_line_in_capitals_is_read_as_capitalized_words(text: str, raw: str, key: str) -> None:
    # letterheads and shipping labels write addresses in capitals; the keys are the same
    [(found, keys)] = addresses(text)
    assert found == raw and key in keys


def test_capitals_without_a_street_shape_are_no_address() -> None:
    assert addresses("ROOM 1205 BUILDING 5\nGATE 12 TERMINAL 2") == []
