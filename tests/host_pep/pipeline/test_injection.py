"""Rule 5's carried-out check (host_pep/pipeline/injection.py): where a request says a value is."""

from __future__ import annotations

import pytest

from host_pep.pipeline.injection import _place_heads


@pytest.mark.parametrize(
    ("place", "heads"),
    [
        # the words right after "is in": the place's first and last content word
        ("my contacts", {"contacts"}),
        ("the hoa meeting minutes", {"hoa", "minutes"}),
        # ... ending where another phrase begins, not at every word near it
        ("the board minutes the link to the form", {"board", "minutes"}),
        ("his contacts, call her there", {"contacts"}),
        # ... and nothing where no content word follows
        ("the", set()),
    ],
)
def test_the_place_a_request_names_ends_where_another_phrase_begins(
    place: str, heads: set[str]
) -> None:
    assert _place_heads(place) == heads
