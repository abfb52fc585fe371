"""Rule 4's reading of the sums a request asks for."""

from __future__ import annotations

import pytest

from host_pep.pipeline.authorization import _money_amounts


@pytest.mark.parametrize(
    ("request_text", "total"),
    [
        ("Pay Mikko for October: 14 hours at 38 EUR each.", "amount:532"),
        ("Refund the eight lessons he won't take ($45 each).", "amount:360"),
        ("Pay the six sessions, 40,50 euros per session.", "amount:243"),
    ],
)
def test_a_count_at_a_price_each_asks_for_their_product(request_text: str, total: str) -> None:
    assert total in _money_amounts(request_text)


def test_a_count_multiplies_only_a_sum_the_request_writes() -> None:
    # differences and halves are derived sums: a count times one of them is asked by no one
    asked = _money_amounts("She paid 80 euros, her share was 55; there were 3 of us.")
    assert "amount:25" in asked  # the difference
    assert "amount:75" not in asked  # 3 x 25
    assert "amount:240" in asked and "amount:165" in asked  # 3 x 80, 3 x 55
