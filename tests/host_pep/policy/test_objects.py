"""The objects a request names (host_pep/policy/objects.py)."""

from __future__ import annotations

import pytest

from host_pep.policy.objects import requested_names


@pytest.mark.parametrize(
    ("request_text", "names"),
    [
        # Polish declines an abbreviation after a hyphen ("w PDF-ie"): a kind of file, no name
        ("Zapłać za akademik — numer konta jest w PDF-ie od administracji.", set()),
        ("The amount is in the PDF Anna sent.", {"anna"}),
        # ... and any other abbreviation is read without its case ending ("SMS-em": sms)
        ("Wyślij SMS-em Tomowi Bergowi kod.", {"tomowi", "bergowi", "sms"}),
    ],
)
def test_a_file_type_names_no_object(request_text: str, names: set[str]) -> None:
    assert requested_names(request_text) == names
