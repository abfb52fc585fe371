"""What a field name or resource-id says about its content ("et_password" -> a credential)."""

from __future__ import annotations

import re
from functools import lru_cache

_SPLIT = re.compile(r"[\W_]+|(?<=[a-z])(?=[A-Z])")  # words of any script

CREDENTIAL_TOKENS = frozenset(
    {"password", "passwd", "pwd", "pass", "passphrase", "pin", "pincode", "secret", "passcode"}
)
OTP_TOKENS = frozenset(
    {
        "otp",
        "code",
        "verification",
        "verify",
        "verifycode",
        "vcode",
        "smscode",
        "captcha",
        "2fa",
        "mfa",
        "totp",
    }
)
PHONE_TOKENS = frozenset(
    {"phone", "phones", "phonenumber", "mobile", "cell", "cellphone", "tel", "telephone",
     "msisdn", "whatsapp",
     # the labels other languages give a number ("Mobil:", "Portable :", "Móvil:", "电话：")
     "mobil", "handy", "telefon", "telefonnummer", "tél", "téléphone", "portable", "móvil",
     "movil", "celular", "teléfono", "telefono", "telefone", "cellulare", "telefoon", "mobiel",
     "telefonu", "komórka", "телефон", "手机", "电话", "電話", "携帯", "휴대폰", "전화"}
)  # fmt: skip
# "code" in these fields is not a one-time code.
NOT_OTP_TOKENS = frozenset(
    {"zip", "postal", "post", "postcode", "country", "area", "promo", "coupon", "discount", "qr",
     "bar", "barcode", "source", "error", "status", "order", "product", "invite", "referral", "lang",
     # (not "bank" or "account": they name apps in resource ids, "com.bank:id/et_sms_code")
     "customer", "reference", "tracking", "booking", "policy", "tax", "vat", "iban", "branch",
     "swift", "sort", "region", "currency", "airport", "station"}
)  # fmt: skip


@lru_cache(maxsize=1024)
def field_tokens(field: str) -> frozenset[str]:
    """Lower-case words of a field name: "com.app:id/etVerifyCode" -> {com, app, id, et, verify, code}."""
    return frozenset(t.lower() for t in _SPLIT.split(field) if t)


def is_credential_field(field: str) -> bool:
    return bool(field) and not field_tokens(field).isdisjoint(CREDENTIAL_TOKENS)


def is_otp_field(field: str) -> bool:
    if not field:
        return False
    tokens = field_tokens(field)
    return not tokens.isdisjoint(OTP_TOKENS) and tokens.isdisjoint(NOT_OTP_TOKENS)


def is_phone_field(field: str) -> bool:
    """A field named for a phone number ("phone", "contacts[0].mobile", "et_tel")."""
    return bool(field) and not field_tokens(field).isdisjoint(PHONE_TOKENS)
