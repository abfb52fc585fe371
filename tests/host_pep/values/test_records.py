"""Labelled values in structured records: the label beside a generic ``value`` says what it is."""

from __future__ import annotations

from host_pep.values.records import Labelled, labelled_values


def test_a_value_labelled_as_a_secret_is_a_credential_at_its_flattened_path() -> None:
    item = {"title": "Home alarm", "fields": [{"label": "code", "value": "A1arm-7734-xx"}]}
    assert labelled_values(item) == [Labelled("fields[0].value", "A1arm-7734-xx", "credential")]


def test_a_measured_value_is_read_with_its_test_name_and_unit() -> None:
    result = [{"name": "LDL", "value": 182, "unit": "mg/dL"}]
    assert labelled_values(result) == [Labelled("[0].value", "LDL: 182 mg/dL", None)]


def test_a_promo_code_label_is_not_a_secret_and_records_without_labels_give_nothing() -> None:
    assert labelled_values({"label": "promo code", "value": "SAVE20"})[0].kind_hint is None
    assert labelled_values({"username": "jdoe", "value": "x"}) == []


def test_a_number_under_a_key_that_names_a_measurement_is_read_with_that_key() -> None:
    reading = {"measures": [{"date": "2026-01-07", "systolic": 148, "avg_heart_rate": 77}]}
    assert labelled_values(reading) == [
        Labelled("measures[0].systolic", "systolic: 148", None),
        Labelled("measures[0].avg_heart_rate", "avg_heart_rate: 77", None),
    ]
    # a count or a price under any other key is not read as a measurement
    assert labelled_values({"steps": 8120, "price": 12, "impulse": 3, "alarm": True}) == []
