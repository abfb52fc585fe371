"""Credentials: password fields are wholly secret; disclosures in text are found; keys are hashes."""

from __future__ import annotations

import hashlib

import pytest

from host_pep.values import DetectionContext, SensitiveKind, detect
from host_pep.values.fields import is_credential_field


def _key(secret: str) -> str:
    return "credential:" + hashlib.sha256(secret.encode()).hexdigest()


def test_password_field_whole_text() -> None:
    text = "hunter2 13812345678"
    [d] = detect(text, DetectionContext(password=True))
    assert d.kind is SensitiveKind.CREDENTIAL
    assert d.keys == (_key(text),)
    assert d.span == (0, len(text))
    assert "hunter2" not in d.masked and "hunter2" not in d.key


@pytest.mark.parametrize(
    "field",
    ["password", "com.app:id/et_password", "userPasswd", "pin_code", "client_secret", "pwd"],
)
def test_credential_field_names(field: str) -> None:
    assert is_credential_field(field)
    [d] = detect("s3cret!", DetectionContext(field=field))
    assert d.kind is SensitiveKind.CREDENTIAL


@pytest.mark.parametrize("field", ["shipping_address", "spinner", "notes", "", "username"])
def test_other_fields_are_not_credential_fields(field: str) -> None:
    assert not is_credential_field(field)


def test_kind_hint_credential() -> None:
    [d] = detect("abc", DetectionContext(kind_hint="credential"))
    assert d.kind is SensitiveKind.CREDENTIAL


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("my password is hunter2.", "hunter2"),
        ("Password: S3cr3t!", "S3cr3t!"),
        ("wifi password for the office is abc12345", "abc12345"),
        ("PIN: 1234", "1234"),
        ("密码是abc123", "abc123"),
        ("api_key=sk-live-abcdef123456", "sk-live-abcdef123456"),
        ("mot de passe: Soleil2024", "Soleil2024"),
        ("token: eyJhbGciOiJIUzI1NiJ9.abc", "eyJhbGciOiJIUzI1NiJ9.abc"),
    ],
)
def test_disclosures_in_text(text: str, secret: str) -> None:
    found = [d for d in detect(text) if d.kind is SensitiveKind.CREDENTIAL]
    assert [(d.raw, d.key) for d in found] == [(secret, _key(secret))]
    assert found[0].masked == "********"


@pytest.mark.parametrize(
    "text",
    [
        "password is incorrect",
        "Reset your password: tap the link",
        "the spinner is 12345",
        "pass the salt",
    ],
)
def test_prose_about_passwords(text: str) -> None:
    assert [d for d in detect(text) if d.kind is SensitiveKind.CREDENTIAL] == []


def test_code_typed_into_a_pin_field_keeps_its_otp_key() -> None:
    [d] = detect("482913", DetectionContext(field="pin"))
    assert d.kind is SensitiveKind.CREDENTIAL
    assert d.keys == (_key("482913"), "otp:482913")
    [d] = detect("hunter2", DetectionContext(password=True))
    assert d.keys == (_key("hunter2"),)


def test_secret_lines_of_a_config_file_are_credentials_and_their_companions_are_not() -> None:
    env = (
        "AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\n"
        "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCY\n"
        'export GITHUB_TOKEN="ghp_xyz98765432"\n'
        "DB_HOST=db.internal.example\n"
    )
    raws = [d.raw for d in detect(env) if d.kind is SensitiveKind.CREDENTIAL]
    assert raws == ["wJalrXUtnFEMI/K7MDENG/bPxRfiCY", "ghp_xyz98765432"]
    assert detect("Key: Important") == []  # a heading, not a secret


def test_assignments_after_others_on_one_line_are_each_read() -> None:
    # a CI log's environment dump: the second assignment is no part of the first one's value
    line = "10:11:14Z debug env dump: LOG_LEVEL=debug DEPLOY_TOKEN=q8ZpLmN4xY7vR2wq"
    found = [d.raw for d in detect(line) if d.kind is SensitiveKind.CREDENTIAL]
    assert found == ["q8ZpLmN4xY7vR2wq"]


def test_a_secret_shaped_value_right_after_its_label_is_a_credential() -> None:
    found = detect("Sign in with your email and temporary password Vk7#pQ2m!Ld9 to track it.")
    assert [(d.kind, d.raw) for d in found] == [(SensitiveKind.CREDENTIAL, "Vk7#pQ2m!Ld9")]
    # without a colon, a word, a plain word-and-number or a link's name is no disclosure
    for text in ("reset your password reset-link now", "the password Summer2024 works"):
        assert [d for d in detect(text) if d.kind is SensitiveKind.CREDENTIAL] == [], text
