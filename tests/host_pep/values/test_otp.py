"""Verification codes: only with context (keyword nearby, or a code field)."""

from __future__ import annotations

import pytest

from host_pep.values import DetectionContext, SensitiveKind, detect
from host_pep.values.detect import is_record_id


def otps(text: str, ctx: DetectionContext | None = None) -> list[tuple[str, str]]:
    return [(d.raw, d.key) for d in detect(text, ctx) if d.kind is SensitiveKind.OTP]


@pytest.mark.parametrize(
    ("text", "raw", "key"),
    [
        ("Your verification code is 482913. Do not share it.", "482913", "otp:482913"),
        ("G-482913 is your Google verification code.", "482913", "otp:482913"),
        ("Code: 4821", "4821", "otp:4821"),
        ("Your OTP: 88213190 (valid 5 min)", "88213190", "otp:88213190"),
        ("passcode 7731", "7731", "otp:7731"),
        ("【银行】验证码：482913，5分钟内有效。", "482913", "otp:482913"),
        ("Tu código es 4821", "4821", "otp:4821"),
        ("Ihr Bestätigungscode lautet 552211", "552211", "otp:552211"),
        ("認証コード: 123456", "123456", "otp:123456"),
        ("Security code: A7B9C2", "A7B9C2", "otp:A7B9C2"),
        ("the code is one two three four five six", "one two three four five six", "otp:123456"),
        ("use code 123 456 to sign in", "123 456", "otp:123456"),
        ("PIN 9911 for online banking", "9911", "otp:9911"),
        ("Steam Guard code: 7KD2M. Enter it to sign in.", "7KD2M", "otp:7KD2M"),
        ("Your code is 618 204", "618 204", "otp:618204"),
        ("Ihre TAN für die Anmeldung lautet 73 91 06.", "73 91 06", "otp:739106"),
        ("SMS TAN 739106 arrived within seconds", "739106", "otp:739106"),
        ("Your pushTAN: 482913", "482913", "otp:482913"),
        # the one-time code's own words in more languages (values.otp.keywords)
        ("আপনার bKash ভেরিফিকেশন কোড 845120. কোডটি কাউকে দেবেন না।", "845120", "otp:845120"),
        ("Ваш код подтверждения: 482913", "482913", "otp:482913"),
        ("Kod weryfikacyjny: 4821", "4821", "otp:4821"),
        ("Mã xác thực của bạn là 552210", "552210", "otp:552210"),
        ("Doğrulama kodunuz 661204", "661204", "otp:661204"),
        ("رمز التحقق: 7712", "7712", "otp:7712"),
        ("Vahvistuskoodisi on 3391", "3391", "otp:3391"),
    ],
)
def test_codes_with_context(text: str, raw: str, key: str) -> None:
    assert otps(text) == [(raw, key)]


@pytest.mark.parametrize(
    "text",
    [
        "482913",
        "Order 482913 shipped",
        "zip code 94043",
        "error code 4040",
        "postal code 10115",
        "the code expires in 10 minutes",
        "Code: Hello",
        "Verification failed. Call 5551234 later",
        "promo code SAVE20",
        "Zoom meeting ID 845 2213 9904, passcode on the invite",  # tail of a longer number
        "card PIN reset requested",
        "Your booking code: X7Y2Z9",  # a reservation's reference, not a one-time code
        "Reservation code ABC123 confirmed",
        "Flight ticket code LH4410",
        "Flight UA1234 to SFO boards at gate B12. Confirmation code: K7QX2P.",  # a PNR
        "A tan leather sofa, model 4471, for 1299 EUR",  # a colour, not a TAN
        "Click here to claim 20% off the print annual (code GRID20).",  # a discount code
        "Shop now! Use code SPRING20 at checkout (min. order 60 EUR).",  # spent at checkout
        "kod pocztowy 00-950",  # a postal code: only a one-time code's own words count
        "Mã đơn hàng 123456",  # an order's code
        # a boarding pass's reservation code and a discount code, in Spanish
        "Tarjeta de embarque · Asiento 14F · Código de reserva: QH3WZT",
        "¡Claro! Usa el código LUCIA15: 15% en toda la tienda",
        "Cartão de embarque · Código da reserva: QH3WZT",
        # the number a confirmation goes by, named so right before it, with no code word
        "Booking confirmation 88120 for 2 nights",
        "Rate Confirmation 40011823",
    ],
)
def test_no_code_without_context(text: str) -> None:
    assert otps(text) == []


def test_code_field_makes_the_whole_text_a_code() -> None:
    assert otps("482913", DetectionContext(field="com.bank:id/et_sms_code")) == [
        ("482913", "otp:482913")
    ]
    assert otps(" 4821 ", DetectionContext(field="otpInput")) == [("4821", "otp:4821")]
    assert otps("94043", DetectionContext(field="zip_code")) == []
    assert otps("hello", DetectionContext(field="otp")) == []


def test_kind_hint_otp() -> None:
    assert otps("553311", DetectionContext(kind_hint="otp")) == [("553311", "otp:553311")]


@pytest.mark.parametrize("text", ["Your one-time PIN is 4821", "PIN: 4821"])
def test_a_disclosed_numeric_pin_also_keeps_its_code_key(text: str) -> None:
    """A PIN disclosure is a credential, and its digits may later be typed as a bare code."""
    assert "otp:4821" in {k for d in detect(text) for k in d.keys}


def test_a_bank_code_is_no_one_time_code() -> None:
    text = "Deposit due: 300.00 GBP. Sort code: 401162, account 21544780."
    assert SensitiveKind.OTP not in {d.kind for d in detect(text)}
    assert SensitiveKind.OTP in {d.kind for d in detect("Your login code: 401162.")}


def test_a_number_in_an_id_field_identifies_a_record() -> None:
    assert is_record_id("order_id", "5512001042")
    assert is_record_id("order.id", "5512001042")
    assert not is_record_id("order_id", "call +1 415 555 0199")
    # ids that are phone numbers stay phones
    assert not is_record_id("caller_id", "4155550199")
    assert not is_record_id("wa_id", "4155550199")
