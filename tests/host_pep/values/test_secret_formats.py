"""Self-identifying secret formats (host_pep/values/secret_formats.py): every format is a credential
in prose, JSON and code, keyed like a labelled disclosure; a PEM block keys the same however it
is wrapped; documentation examples and ordinary ids are not secrets.

The secrets are made here from a seeded generator, so the repository holds no string a secret
scanner would take for a live key.
"""

from __future__ import annotations

import base64
import hashlib
import json
import random
import string

import pytest

from host_pep.values import SensitiveKind, detect
from host_pep.values.secret_formats import catalog

_R = random.Random(14)
ALNUM = string.ascii_letters + string.digits
UPPER = string.ascii_uppercase + string.digits
HEX = "0123456789abcdef"


def rnd(n: int, alphabet: str = ALNUM) -> str:
    return "".join(_R.choice(alphabet) for _ in range(n))


def _key(secret: str) -> str:
    return "credential:" + hashlib.sha256(secret.encode()).hexdigest()


def _b64url(data: dict[str, object]) -> str:
    return base64.urlsafe_b64encode(json.dumps(data).encode()).decode().rstrip("=")


def pem_body(nbytes: int = 400) -> str:
    return base64.b64encode(bytes(_R.randrange(256) for _ in range(nbytes))).decode()


def pem(label: str = "OPENSSH PRIVATE KEY", body: str | None = None, width: int = 70) -> str:
    body = body or pem_body()
    lines = [body[i : i + width] for i in range(0, len(body), width)]
    return f"-----BEGIN {label}-----\n" + "\n".join(lines) + f"\n-----END {label}-----"


# one sample per format, by its name in data/secret_formats.yaml: (the text written, the secret
# keyed); what is found is the secret, or the whole block for a PEM block
SAMPLES: dict[str, tuple[str, str]] = {}


def _sample(name: str, found: str, secret: str | None = None) -> None:
    SAMPLES[name] = (found, secret or found)


_BODY = pem_body()
_sample("private key (PEM / OpenSSH / PGP block)", pem(body=_BODY), _BODY)
_sample("AWS access key id", "AKIA" + rnd(16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"))
_sample(
    "GitHub token (personal, OAuth, user-to-server, server-to-server, refresh)", "ghp_" + rnd(36)
)
_sample("GitHub fine-grained personal access token", "github_pat_" + rnd(22) + "_" + rnd(59))
_sample("GitLab token", "glpat-" + rnd(20))
_BEARER = rnd(8) + "7" + rnd(24)
_sample("HTTP bearer token (an Authorization header's credential)", "Bearer " + _BEARER, _BEARER)
_sample("Slack token", f"xoxb-{rnd(11, string.digits)}-{rnd(13, string.digits)}-{rnd(24)}")
_sample(
    "Slack incoming webhook",
    f"https://hooks.slack.com/services/T{rnd(8, UPPER)}/B{rnd(10, UPPER)}/{rnd(24)}",
)
_sample("Stripe live secret or restricted key", "sk_live_" + rnd(99))
_sample("OpenAI API key", "sk-proj-" + rnd(74) + "T3BlbkFJ" + rnd(74))
_sample("Anthropic API key", "sk-ant-api03-" + rnd(93) + "AA")
_sample("Google API key", "AIza" + rnd(35))
_sample("Google OAuth client secret", "GOCSPX-" + rnd(28))
_sample(
    "JSON Web Token (signed)",
    _b64url({"alg": "HS256", "typ": "JWT"})
    + "."
    + _b64url({"sub": rnd(12), "iat": 1767225600})
    + "."
    + rnd(43),
)
_sample("SendGrid API key", "SG." + rnd(22) + "." + rnd(43))
_sample("npm access token", "npm_" + rnd(36))
_sample("PyPI upload token", "pypi-AgEIcHlwaS5vcmc" + rnd(80))
_sample("Hugging Face access token", "hf_" + rnd(34, string.ascii_letters))
_sample("Square OAuth secret", "sq0csp-" + rnd(43))
_AZURE = rnd(86) + "=="
_sample("Azure storage account key", "AccountKey=" + _AZURE, _AZURE)
_sample("Telegram bot token", rnd(10, string.digits) + ":AA" + rnd(33))
_sample("Mailchimp API key", rnd(32, HEX) + "-us14")
_sample("Shopify access token", "shpat_" + rnd(32, HEX))
_sample("age secret key", "AGE-SECRET-KEY-1" + rnd(58, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L"))


def _credentials(text: str) -> list[tuple[str, tuple[str, ...]]]:
    return [(d.raw, d.keys) for d in detect(text) if d.kind is SensitiveKind.CREDENTIAL]


def test_every_format_in_the_catalog_has_a_sample_and_a_source() -> None:
    names = [f.name for f in catalog().formats]
    assert sorted(names) == sorted(SAMPLES)
    assert all(f.source and f.prefixes for f in catalog().formats)


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_each_format_holds_one_of_its_prefixes(name: str) -> None:
    """The prefilter is sound: a format's match holds one of the literals searched for."""
    [fmt] = [f for f in catalog().formats if f.name == name]
    found, _ = SAMPLES[name]
    assert fmt.pattern.search(found) is not None
    assert any(p in found for p in fmt.prefixes)


def _contexts(found: str) -> list[str]:
    return [
        f"Here is the key you asked for: {found} -- keep it safe.",  # prose
        json.dumps({"title": "config", "body": found}),  # JSON, as a payload carries it
        f'client = Client(api_key="{found}")\n',  # code
        f"token={found}&next=1",  # a query string
        f"`{found}`",  # markdown
    ]


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_each_format_is_a_credential_in_prose_json_and_code(name: str) -> None:
    written, secret = SAMPLES[name]
    found = written if "\n" in written else secret
    for text in _contexts(written):
        if "\n" in written and text.startswith("{"):
            continue  # a block in JSON is written with escapes: see the wrapping test
        assert _credentials(text) == [(found, (_key(secret),))], text


def test_a_label_and_the_format_give_one_key() -> None:
    """ "token: ghp_…" read from a source and "ghp_…" written bare are the same credential."""
    token = SAMPLES["GitHub token (personal, OAuth, user-to-server, server-to-server, refresh)"][0]
    assert _credentials(f"token: {token}") == _credentials(token) == [(token, (_key(token),))]


@pytest.mark.parametrize(
    "label",
    [
        "RSA PRIVATE KEY",
        "EC PRIVATE KEY",
        "PRIVATE KEY",
        "ENCRYPTED PRIVATE KEY",
        "OPENSSH PRIVATE KEY",
    ],
)
def test_a_pem_block_spanning_lines_is_one_credential(label: str) -> None:
    body = pem_body(600)
    block = pem(label, body, width=64)
    text = f"Here's my deploy key, can you check it?\n\n{block}\n\nThanks!"
    [(raw, keys)] = _credentials(text)
    assert raw == block
    assert keys == (_key(body),)


def test_a_pgp_private_key_block_with_its_headers() -> None:
    body = pem_body(500)
    block = (
        "-----BEGIN PGP PRIVATE KEY BLOCK-----\nVersion: GnuPG v2\n\n"
        + "\n".join(body[i : i + 64] for i in range(0, len(body), 64))
        + "\n=Ab3x\n-----END PGP PRIVATE KEY BLOCK-----"
    )
    [(raw, _)] = _credentials(f"backup:\n{block}\n")
    assert raw == block


def test_a_pem_block_keys_the_same_however_it_is_wrapped_indented_or_escaped() -> None:
    body = pem_body(500)
    keys = {
        _credentials(pem(body=body, width=70))[0][1],
        _credentials(pem(body=body, width=64))[0][1],
        _credentials("    " + pem(body=body).replace("\n", "\n    "))[0][1],  # indented (YAML)
        _credentials("\r\n".join(pem(body=body).split("\n")))[0][1],  # CRLF
        _credentials(json.dumps({"key": pem(body=body)}))[0][1],  # JSON-escaped "\n"
    }
    assert keys == {(_key(body),)}


def test_a_pem_block_cut_off_at_the_end_of_the_text_is_still_a_key() -> None:
    block = pem(body=pem_body(300))
    cut = block[: len(block) // 2]
    [(raw, _)] = _credentials(f"cat ~/.ssh/id_ed25519\n{cut}")
    assert raw == cut


@pytest.mark.parametrize(
    "text",
    [
        # AWS's published example key, and the same idea for other formats
        "An access key id looks like AKIAIOSFODNN7EXAMPLE.",
        "aws configure  # AKIAIOSFODNN7EXAMPLE / region us-west-2",
        "Stripe keys look like sk_live_" + "x" * 24 + " (never commit one)",
        "Set STRIPE_KEY to sk_live_<your key> in .env",
        "Set STRIPE_KEY to sk_live_xxx in .env",
        "A classic token looks like ghp_" + "X" * 36,
        "A classic token looks like ghp_" + ("1234567890" * 4)[:36],
        "AKIA" + "X" * 16,
        "AIza" + "SyEXAMPLE" + rnd(26),
        "replace ghp_" + "yourTokenHere" + rnd(23) + " with yours",
        # jwt.io's sample token
        "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwi"
        "aWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
        # a PEM header and footer around no key (a how-to)
        "-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----",
        "-----BEGIN PRIVATE KEY-----\n<your key here>\n-----END PRIVATE KEY-----",
        "Paste the block starting with -----BEGIN OPENSSH PRIVATE KEY----- into the field.",
    ],
)
def test_documentation_examples_are_not_credentials(text: str) -> None:
    assert _credentials(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "Please remind me to buy milk tomorrow and to call mom after the weekly meeting.",
        "uuid 123e4567-e89b-12d3-a456-426614174000 and request id 9f1c2d3e-4b5a-6789-abcd-ef0123456789",
        "commit 3f786850e387550fdab836ed7e6dc881de23001b (HEAD -> main), parent a94a8fe5ccb19ba61c4c0873d391e987982fbbd3",
        "gid://shopify/Product/1234567890 and gid://shopify/Order/450789469",
        "https://github.com/acme/shop/pull/42/files#diff-3f786850e387550fdab836ed7e6dc881de23001b",
        "sha256:2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae",
        "The SG. team and ASIA trip; DESK-1234, ACCA-2024 exam, xox hugs, hf_ models, npm_modules",
        "ghp_tooShort and sk_live_short and AKIA1234",
        "en-us, fr-fr; locale zh-cn; our-us-team",
        "Meet at 12:00:AA or 09:30 in Room 5",
        "The PRIVATE KEY of the vault is stored in the HSM; never paste it.",
        "eyJhbGciOiJIUzI1NiJ9 is a header alone",
    ],
)
def test_ordinary_text_and_ids_are_not_credentials(text: str) -> None:
    assert _credentials(text) == []


def test_a_base64_image_is_not_a_credential() -> None:
    png = base64.b64encode(b"\x89PNG\r\n\x1a\n" + bytes(_R.randrange(256) for _ in range(6000)))
    text = f'<img src="data:image/png;base64,{png.decode()}">'
    assert _credentials(text) == []
    # a long base64 run holds the prefixes somewhere; a match needs a token's own boundaries
    assert _credentials(pem_body(20000)) == []


def test_a_secret_is_masked_and_never_a_key_in_clear() -> None:
    token = SAMPLES["Stripe live secret or restricted key"][0]
    [d] = detect(f"key {token}")
    assert d.masked == "********"
    assert token not in d.key


def test_a_longer_token_is_not_a_shorter_format() -> None:
    """A format's fixed length is whole: 37 characters after ghp_ is no GitHub token."""
    assert _credentials("ghp_" + rnd(37)) == []
    assert _credentials("xAKIA" + rnd(16, UPPER)) == []


def test_a_bot_token_in_a_url_is_the_token_alone() -> None:
    token = SAMPLES["Telegram bot token"][1]
    url = f"https://api.telegram.org/bot{token}/sendMessage?chat_id=42"
    assert _credentials(url) == [(token, (_key(token),))]


@pytest.mark.parametrize(
    "text",
    [
        "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        "AWS Secret Access Key [None]: wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        "AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE",
    ],
)
def test_a_labelled_documentation_example_is_no_credential(text: str) -> None:
    assert _credentials(text) == []


def test_a_labelled_password_holding_a_word_is_still_one() -> None:
    """Only the examples' own convention (a value ending EXAMPLE) is read as one."""
    assert [raw for raw, _ in _credentials("password: Example2024!")] == ["Example2024!"]


def test_a_bearer_of_a_letter_is_no_token() -> None:
    # the scheme's word in prose: no digit in what follows, so no credential
    assert _credentials("The Bearer of this letter is my colleague Johnathan Smithers.") == []
