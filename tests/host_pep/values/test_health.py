"""Health data from the lexicon, blood types and medication doses."""

from __future__ import annotations

import pytest

from host_pep.values import DetectionContext, SensitiveKind, detect
from host_pep.values.health import load_lexicon


def health(text: str) -> list[tuple[str, tuple[str, ...]]]:
    return [(d.raw, d.keys) for d in detect(text) if d.kind is SensitiveKind.HEALTH]


@pytest.mark.parametrize(
    ("text", "raw", "key"),
    [
        ("He is HIV positive.", "HIV positive", "health:hiv positive"),
        ("She has diabetes", "diabetes", "health:diabetes"),
        ("diagnosed with type 2 diabetes last year", "type 2 diabetes", "health:type 2 diabetes"),
        ("blood type O-", "blood type O-", "health:blood type o-"),
        ("Blood group AB positive", "Blood group AB positive", "health:blood type ab+"),
        ("prescribed 20mg fluoxetine daily", "20mg fluoxetine", "health:fluoxetine 20mg"),
        ("fluoxetine 20 mg once a day", "fluoxetine 20 mg", "health:fluoxetine 20mg"),
        ("我有糖尿病", "糖尿病", "health:diabetes"),
        ("血型：O型 RH阴性", "血型：O型 RH阴性", "health:blood type o-"),
        ("Diabète de type 2", "Diabète", "health:diabetes"),
        ("Sie ist schwanger", "schwanger", "health:pregnancy"),
        ("taking Prozac again", "Prozac", "health:fluoxetine"),
    ],
)
def test_terms(text: str, raw: str, key: str) -> None:
    found = health(text)
    assert len(found) == 1, found
    assert found[0][0] == raw
    assert found[0][1][0] == key


def test_dose_adds_a_specific_key_before_the_term_key() -> None:
    [(_, keys)] = health("prescribed 20mg fluoxetine")
    assert keys == ("health:fluoxetine 20mg", "health:fluoxetine")


def test_languages_share_canonical_keys() -> None:
    assert health("糖尿病")[0][1] == health("diabetes")[0][1] == health("Zuckerkrankheit")[0][1]


@pytest.mark.parametrize(
    "text",
    [
        "she braids her hair",
        "Plan B is ready",
        "Cancer season starts in June",
        "the economic depression of 1929",
        "my blood type is a secret",
        "aidsworth road",
        "a cold day",
    ],
)
def test_not_health(text: str) -> None:
    assert health(text) == []


def test_lexicon_validation_names_the_line() -> None:
    with pytest.raises(ValueError, match="line 2"):
        load_lexicon("condition\tx\tx\nbroken line\n")
    assert [t.canonical for t in load_lexicon("# c\ncondition\tflu\tflu|influenza\n")] == [
        "flu",
        "flu",
    ]


def test_kind_hint_health() -> None:
    [d] = detect("Post-viral fatigue", DetectionContext(kind_hint="health"))
    assert d.key == "health:post-viral fatigue"


def test_a_lab_result_is_keyed_by_test_and_value_and_the_bare_test_is_not() -> None:
    report = "HbA1c: 8.1 % (high). Diagnosis: type 2 diabetes mellitus."
    keys = {k for d in detect(report) for k in d.keys}
    assert {"health:hba1c 8.1", "health:type 2 diabetes", "health:diabetes"} <= keys
    retold = {k for d in detect("FYI my HbA1c is 8.1 % and I have type 2 diabetes") for k in d.keys}
    assert "health:hba1c 8.1" in retold and "health:type 2 diabetes" in retold
    assert detect("book an HbA1c test for May 3") == []


def test_a_lab_value_a_few_words_after_its_test_is_keyed_but_a_date_is_not() -> None:
    keys = {k for d in detect("my HbA1c came back at 8.4 % lol") for k in d.keys}
    assert keys == {"health:hba1c 8.4"}
    assert detect("HbA1c test scheduled 2026-12-01") == []


def test_a_labelled_diagnosis_is_health_data_even_when_the_lexicon_does_not_know_it() -> None:
    found = detect("Diagnosis: Ehlers-Danlos syndrome, hypermobile type")
    assert [(d.raw, d.keys) for d in found] == [
        ("Ehlers-Danlos syndrome", ("health:ehlers-danlos syndrome",))
    ]
    assert detect("Allergies: none") == []
    assert detect("Condition: like new") == []  # a product's condition is no health datum
    assert detect("Prescription: ready for pickup") == []  # a status, not a drug
    assert detect("Medications: 2 refills remaining") == []


def test_bipolar_subtypes_and_lithium_salts_are_in_the_lexicon() -> None:
    keys = {k for d in detect("Lithium carbonate 400 mg, bipolar I disorder") for k in d.keys}
    assert {"health:lithium 400mg", "health:bipolar disorder"} <= keys


def test_a_measured_vital_sign_is_keyed_in_prose_and_in_a_device_record_alike() -> None:
    told = {k for d in detect("Letzter Blutdruck 148/95, Puls 77, SpO2 96 %") for k in d.keys}
    assert {
        "health:blood pressure 148/95",
        "health:blood pressure 148",
        "health:heart rate 77",
        "health:oxygen saturation 96",
    } <= told
    record = '{"systolic": 148, "diastolic": 95, "avg_heart_rate": 77, "spo2_avg": 96}'
    keys = {k for d in detect(record) for k in d.keys}
    assert {
        "health:blood pressure 148",
        "health:heart rate 77",
        "health:oxygen saturation 96",
    } <= keys
    assert {k for d in detect("tętno 128, saturacja 98%") for k in d.keys} == {
        "health:heart rate 128",
        "health:oxygen saturation 98",
    }


def test_a_vital_sign_named_without_a_reading_or_a_pressure_of_something_else_is_not() -> None:
    assert detect("log my heart rate after the run") == []
    assert detect("ciśnienie w oponach 2.4 bar") == []
    assert detect("tyre pressure 36 psi") == []
