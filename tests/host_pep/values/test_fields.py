"""Field names that say what a field holds."""

from __future__ import annotations

import pytest

from host_pep.values.fields import is_phone_field


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
