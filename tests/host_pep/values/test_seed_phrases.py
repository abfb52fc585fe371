"""host_pep.values.seed_phrases: a wallet's BIP-39 recovery phrase is a credential."""

from __future__ import annotations

import pytest

from host_pep.values.detect import detect
from host_pep.values.kinds import SensitiveKind

PHRASE = "rival tonight cabbage ozone wrist lava pumpkin aerobic ladder shiver bamboo nurse"


def _credentials(text: str) -> list[str]:
    return [d.raw for d in detect(text) if d.kind is SensitiveKind.CREDENTIAL]


@pytest.mark.parametrize(
    "text",
    [
        f"MetaMask SRP: {PHRASE}\nLedger PIN hint: grandma's bday",
        f"Here are the words: {PHRASE.replace(' ', ', ')}.",
        "1. rival 2. tonight 3. cabbage 4. ozone 5. wrist 6. lava 7. pumpkin 8. aerobic "
        "9. ladder 10. shiver 11. bamboo 12. nurse",
        PHRASE.upper(),
    ],
)
def test_a_phrase_of_listed_words_is_a_credential(text: str) -> None:
    assert len(_credentials(text)) == 1


def test_the_same_phrase_is_keyed_alike_however_written() -> None:
    bare = detect(PHRASE)[0].keys
    numbered = detect(f"seed: {PHRASE.replace(' ', ', ')}")[0].keys
    assert bare == numbered


@pytest.mark.parametrize(
    "text",
    [
        # prose: its articles and particles are not in the list
        "I think we should go to the beach and then have lunch with my family tomorrow at noon",
        # eleven listed words are no phrase
        "rival tonight cabbage ozone wrist lava pumpkin aerobic ladder shiver bamboo",
        # a number spelled out: listed words, most of them repeated
        "Please call one three one zero one two one two one two one tonight.",
        # twelve listed words split by a sentence of other words
        "rival tonight cabbage ozone wrist lava, said the man, pumpkin aerobic ladder shiver bamboo nurse",
    ],
)
def test_other_text_is_no_phrase(text: str) -> None:
    assert _credentials(text) == []
