"""The fast paths of an append produce exactly what the plain definitions would."""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from host_pep.audit import AuditLog, AuditRecord, canonical_json, mask_value, redact_text
from host_pep.audit.log import _SEQ_MARK, split_body
from host_pep.audit.masking import ValueHasher, skeleton
from host_pep.audit.secret import Secret

from .helpers import leaky_decision

json_leaf = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text()
json_value = st.recursive(
    json_leaf,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)
body_keys = st.sampled_from(
    ["action", "agent", "reason", "rule_ids", "seq", "session", "ts", "zz", "", "seq0", "se"]
)


@given(
    body=st.dictionaries(body_keys | st.text(max_size=5), json_value, max_size=8),
    seq=st.integers(0, 10**12),
)
def test_split_body_is_canonical_json_with_the_seq(body: dict[str, Any], seq: int) -> None:
    head, tail = split_body(body)
    assert head + str(seq) + tail == canonical_json({**body, "seq": seq})


def test_split_body_when_the_placeholder_also_appears_in_the_body() -> None:
    body = {"claimed_provenance": {"seq": _SEQ_MARK}, "shadow": [{"seq": _SEQ_MARK}], "ts": 1.5}
    head, tail = split_body(body)
    assert head + "42" + tail == canonical_json({**body, "seq": 42})


_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]){10,30}\b")
_DIGITS = re.compile(r"\+?\d(?:[\s.\-()/]{0,3}\d){5,}")


def reference_redact(text: str) -> str:
    """The plain definition: mask addresses, then IBANs, then long digit runs."""
    text = _EMAIL.sub(lambda m: mask_value(m.group(0)), text)
    text = _IBAN.sub(lambda m: mask_value(m.group(0), "iban"), text)
    return _DIGITS.sub(lambda m: mask_value(m.group(0)), text)


tricky = st.text(alphabet=st.sampled_from(list("ab.+-_@ 12X9(/\né٣")), max_size=40)


@given(text=tricky | st.text(max_size=40))
def test_redact_text_matches_the_plain_definition(text: str) -> None:
    assert redact_text(text) == reference_redact(text)


def test_adjacent_addresses_are_all_masked() -> None:
    text = "a.b@x.org+c@y.com,d@z.net"
    assert redact_text(text) == reference_redact(text)
    assert "c@y.com" not in redact_text(text) and "d@z.net" not in redact_text(text)


@given(value=st.text(max_size=20))
def test_skeleton_is_nfkc_casefolded_alphanumerics(value: str) -> None:
    norm = unicodedata.normalize("NFKC", value).casefold()
    assert skeleton(value) == "".join(ch for ch in norm if ch.isalnum())


def test_sealed_body_is_the_sealed_record(tmp_path: Path) -> None:
    """The stored body (built from one dump) equals the sealed record's own dump."""
    record = AuditRecord.from_decision(*leaky_decision())
    hasher = ValueHasher(Secret("ab" * 32))
    body = record.sealed_body(hasher)
    sealed = record.sealed(hasher)
    assert body == sealed.body()
    assert all(e.digest for e in sealed.evidence) and record.evidence[0].digest is None
    with AuditLog.open(tmp_path / "a.db") as log:
        seq = log.append(record)
        (row,) = list(log.store.iter_rows())
        stored = json.loads(row.body)
    assert seq == 1 and stored["seq"] == 1 and row.body == canonical_json(stored)
