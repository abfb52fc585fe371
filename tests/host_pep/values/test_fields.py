"""Field names that say what a field holds."""

from __future__ import annotations

import pytest

from host_pep.values.fields import field_tokens, is_phone_field


@pytest.mark.parametrize(
    "field",
    ["phone", "contacts[0].mobile", "com.android.contacts:id/tel", "phoneNumber", "msisdn",
     # the labels of a signature or a card in other languages
     "Mobil", "Portable", "Teléfono", "Handy", "电话"],
)  # fmt: skip
def test_phone_fields(field: str) -> None:
    assert is_phone_field(field)


@pytest.mark.parametrize("field", ["", "number", "order_number", "telegram", "iphone_model"])
def test_other_fields(field: str) -> None:
    assert not is_phone_field(field)


@pytest.mark.parametrize(
    ("field", "otp"),
    [
        ("verification_code", True),
        ("code", True),
        ("sms_code", True),
        # a classification's code names a kind of thing, never a one-time code
        ("items[0].hs_code", False),
        ("diagnosis.icd_code", False),
        ("naics_code", False),
        ("promo_code", False),
        # a workshop's job or fault code ("op_code": "W-2611", a diagnostic trouble code)
        ("op_code", False),
        ("repair_order.labor_code", False),
        ("dtc_code", False),
    ],
)
def test_a_code_field_is_a_one_time_code_unless_it_classifies(field: str, otp: bool) -> None:
    from host_pep.values.fields import is_otp_field

    assert is_otp_field(field) is otp


@pytest.mark.parametrize(
    ("field", "words"),
    [
        # a vowel sign or a tone mark is part of its word, not a break between two
        ("मोबाइल नंबर", {"मोबाइल", "नंबर"}),
        ("เบอร์โทร", {"เบอร์โทร"}),
        ("fields.মোবাইল", {"fields", "মোবাইল"}),
        ("com.app:id/etVerifyCode", {"com", "app", "id", "et", "verify", "code"}),
    ],
)
def test_a_field_name_splits_into_whole_words_of_any_script(field: str, words: set[str]) -> None:
    assert field_tokens(field) == words
