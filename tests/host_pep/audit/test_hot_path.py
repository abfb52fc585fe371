"""The fast paths of an append produce exactly what the plain definitions would."""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import threading
import unicodedata
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from host_pep.audit import AuditLog, AuditRecord, canonical_json, mask_value, redact_text
from host_pep.audit.keys import AuditKey
from host_pep.audit.log import _SEQ_MARK, _Prepared, _Sealed, split_body
from host_pep.audit.masking import ValueHasher, skeleton
from host_pep.audit.record import _redacted_summary, decision_draft
from host_pep.audit.secret import Secret
from host_pep.events import ActionType, AgentEvent, Channel
from host_pep.semantics import Completion
from host_pep.verdict import Verdict

from .helpers import event, leaky_decision, verdict

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


def test_split_body_with_values_only_the_fallback_encoder_takes() -> None:
    # a 100-bit integer makes the whole body go through json; the placeholder elsewhere in it
    # makes split_body cut it by parts, which must come from the same encoder
    body = {"a": 1e-05, "claimed_provenance": {"seq": _SEQ_MARK}, "z": 2**100, "ts": 1.5}
    head, tail = split_body(body)
    assert head + "7" + tail == canonical_json({**body, "seq": 7})


def test_canonical_json_is_sorted_compact_utf8_and_falls_back_for_what_orjson_refuses() -> None:
    plain = {"b": [1, 2.5, None, True], "a": {"ü": "日本", "k": "x\ny"}}
    assert canonical_json(plain) == json.dumps(
        plain, sort_keys=True, separators=(",", ":"), ensure_ascii=False
    )
    big = {"n": 2**80, "s": "x"}
    assert canonical_json(big) == '{"n":1208925819614629174706176,"s":"x"}'
    assert canonical_json({1: "a"}) == '{"1":"a"}'


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


ident = st.text(alphabet=st.sampled_from(list("ab.+-_@ 12X9DE(/\né٣>")), min_size=1, max_size=30)


@given(
    agent=ident | st.text(min_size=1, max_size=20),
    session=ident | st.text(min_size=1, max_size=20),
    target=tricky | st.text(max_size=40),
    channel=st.sampled_from(list(Channel)),
    action=st.sampled_from(list(ActionType)),
)
def test_the_summary_redacted_in_parts_is_the_summary_redacted(
    agent: str, session: str, target: str, channel: Channel, action: ActionType
) -> None:
    ev = AgentEvent.model_construct(
        agent=agent, session=session, channel=channel, action=action, target=target
    )
    assert _redacted_summary(ev, redact_text(target)) == redact_text(ev.summary())


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


payloads = st.dictionaries(
    st.text(min_size=1, max_size=8),
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
        lambda inner: (
            st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
        ),
        max_leaves=8,
    ),
    max_size=5,
)


def _same_draft_as_model(ev: AgentEvent, completion: Completion | None, v: Verdict) -> None:
    draft = decision_draft(ev, completion, v, error="failed on 13812345678")
    record = AuditRecord.from_decision(ev, completion, v, error="failed on 13812345678")
    expected = record.body()
    assert {**draft.body, "ts": 0} == {**expected, "ts": 0}
    assert draft.pending == record._pending


def test_the_decision_draft_is_the_record_body() -> None:
    ev, completion, v = leaky_decision()
    _same_draft_as_model(ev, completion, v)
    _same_draft_as_model(ev, None, v.model_copy(update={"evidence": [], "shadow": []}))


@given(payload=payloads)
def test_the_decision_draft_is_the_record_body_for_any_payload(payload: dict[str, Any]) -> None:
    # the payload goes in as event()'s keyword arguments, two of which are not payload keys
    payload = {k: v for k, v in payload.items() if k not in ("session", "agent")}
    ev = event(**payload) if payload else event()
    _same_draft_as_model(ev, None, verdict(ev, "deny", latency_ms={"T1": 1e-05, "total": 2.5}))


async def test_append_decision_stores_what_append_of_the_record_stores(tmp_path: Path) -> None:
    ev, completion, v = leaky_decision()
    with AuditLog.open(tmp_path / "a.db") as log:
        assert log.append(AuditRecord.from_decision(ev, completion, v)) == 1
        assert log.append_decision(ev, completion, v) == 2
        assert await log.aappend_decision(ev, completion, v) == 3
        rows = [json.loads(r.body) for r in log.store.iter_rows()]
        assert log.verify().ok
    for row in rows:
        row["ts"] = row["seq"] = 0
    assert rows[0] == rows[1] == rows[2]
    assert rows[0]["evidence"][0]["digest"] and rows[0]["payload"][0]["digest"]


@given(
    value=st.text(max_size=30), salt=st.text(alphabet="0123456789abcdef", min_size=32, max_size=150)
)
def test_value_digest_is_hmac_sha256_of_the_skeleton(value: str, salt: str) -> None:
    expected = hmac.new(salt.encode(), (skeleton(value) or value).encode(), hashlib.sha256)
    assert ValueHasher(Secret(salt)).digest(value) == expected.hexdigest()


def test_a_draft_sealed_as_it_is_built_is_the_sealed_draft() -> None:
    hasher = ValueHasher(Secret("ab" * 32))
    ev, completion, v = leaky_decision()
    for args in ((ev, completion, v), (ev, None, v.model_copy(update={"evidence": []}))):
        later = decision_draft(*args, error="failed on 13812345678")
        at_once = decision_draft(*args, error="failed on 13812345678", hasher=hasher)
        assert at_once.pending == {}
        assert {**at_once.body, "ts": 0} == {**later.seal(hasher), "ts": 0}


@given(
    body=st.dictionaries(body_keys | st.text(max_size=5), json_value, max_size=8),
    seq=st.integers(1, 10**12),
)
def test_a_record_encoded_with_its_seq_is_the_one_put_together_from_parts(
    body: dict[str, Any], seq: int
) -> None:
    # the lone caller's record (_Sealed) and the grouped one (_Prepared): the same row
    body = {**body, **dict.fromkeys(("ts", "kind", "session", "agent", "event_id"), "x")}
    body |= {"decision": None, "stage": None}
    key = AuditKey.generate()
    head, tail = split_body(body)
    parts = _Prepared(head, tail, "x", "x", "x", "x", None, None, "x")  # type: ignore[arg-type]
    assert _Sealed(dict(body)).row(seq, "0" * 64, key) == parts.row(seq, "0" * 64, key)


def test_a_lone_caller_that_has_to_join_a_group_is_prepared_for_it(tmp_path: Path) -> None:
    ev, completion, v = leaky_decision()
    with AuditLog.open(tmp_path / "a.db") as log:
        assert log.append_decision(ev, completion, v) == 1  # alone: committed in this thread
        queued: list[object] = []
        submit = log._writer.submit

        def spy(item: Any) -> Any:
            queued.append(item)
            return submit(item)

        log._writer.submit = spy  # type: ignore[method-assign]
        log._writer._busy = True  # another commit under way: this one joins the queue
        threading.Timer(0.2, _release, (log,)).start()
        assert log.append_decision(ev, completion, v) == 2
        assert [type(item) for item in queued] == [_Prepared]
        rows = [json.loads(r.body) for r in log.store.iter_rows()]
        assert log.verify().ok
    for row in rows:
        row["ts"] = row["seq"] = 0
    assert rows[0] == rows[1]


def _release(log: AuditLog) -> None:
    writer = log._writer
    with writer._mutex:
        writer._busy = False
        writer._cond.notify_all()
