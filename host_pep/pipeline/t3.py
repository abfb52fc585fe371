"""T3: the local semantic check for direct sensitive writes (rule 6).

A sensitive value with *no* recorded provenance, not given in the user's request, headed for a
protected sink in a content field, is judged here. The default backend is deterministic: obvious
sensitive values (a well-formed phone, email, card, IBAN, code, credential, health datum, a postal
address outside a location field) are denied; values whose surroundings mark them as identifiers
(order/booking/tracking/invoice numbers, room codes, amounts) are allowed. An optional local
embedding backend (the ``embeddings`` extra) can answer the same question; when a backend is
unsure the action escalates to T4.
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Any, Protocol, runtime_checkable

from host_pep.events import Channel
from host_pep.extract import sensitive_values
from host_pep.pipeline.context import (
    OUTBOUND_OPS,
    READ_OPS,
    DecisionContext,
    Outcome,
    ValueHit,
    evidence_of,
)
from host_pep.pipeline.t2 import is_sink_write
from host_pep.recognition.cues import names_an_identifier
from host_pep.recognition.lexicon import lexicon
from host_pep.semantics import FieldRole
from host_pep.values.detect import is_record_id
from host_pep.verdict import Decision, Stage


class Assessment(StrEnum):
    SENSITIVE = "sensitive"
    BENIGN = "benign"
    UNSURE = "unsure"


@runtime_checkable
class SemanticBackend(Protocol):
    name: str

    def assess(self, text: str, hit: ValueHit, *, outbound: bool = True) -> Assessment:
        """Is ``hit`` (found in field text ``text``) a sensitive value or a benign identifier?"""
        ...


_ALWAYS = frozenset({"card", "iban", "credential"})


class DeterministicBackend:
    """Rules of thumb that need no model: context words before a value mark identifiers."""

    name = "deterministic"

    def assess(self, text: str, hit: ValueHit, *, outbound: bool = True) -> Assessment:
        kind = hit.found.kind
        if kind in _ALWAYS:
            return Assessment.SENSITIVE
        if kind == "health" and not outbound:
            return Assessment.BENIGN  # a medication reminder in the user's own clock or notes
        if kind == "address" and not outbound:
            return Assessment.BENIGN  # with no provenance, an address in a calendar is a place
        before = text[max(0, hit.found.start - 32) : hit.found.start]
        if names_an_identifier(before):
            return Assessment.BENIGN
        if kind == "otp":
            return Assessment.SENSITIVE  # a code is a secret unless it is named as something else
        if kind == "address":
            leaf = hit.field.lower().rsplit(".", 1)[-1].rsplit("/", 1)[-1]
            places = lexicon().location_fields
            if leaf.removeprefix("event") in places or leaf in places:
                return Assessment.BENIGN  # a meeting place is what a location field is for
        return Assessment.SENSITIVE


class EmbeddingBackend:
    """Nearest-prototype classification with a local sentence-embedding model.

    Needs the ``embeddings`` extra (numpy) and a model callable ``embed(list[str]) -> array``;
    droidgate ships no model, so this is an interface with a working cosine classifier around
    whatever local model the deployer supplies.
    """

    name = "embeddings"

    def __init__(self, embed: Any, *, margin: float = 0.05) -> None:
        try:
            import numpy as np
        except ImportError as exc:  # pragma: no cover - depends on the extra
            raise RuntimeError("EmbeddingBackend needs the 'embeddings' extra (numpy)") from exc
        self._np = np
        self._embed = embed
        self.margin = margin
        self._protos = {
            Assessment.SENSITIVE: self._vectors(
                [
                    "call me at my personal phone number",
                    "my email address is",
                    "card number and cvv",
                    "the verification code is",
                    "password for the account",
                    "home address",
                ]
            ),
            Assessment.BENIGN: self._vectors(
                [
                    "order number",
                    "booking reference",
                    "room code",
                    "tracking id",
                    "invoice total amount",
                    "meeting room",
                ]
            ),
        }

    def _vectors(self, texts: list[str]) -> Any:
        np = self._np
        vecs = np.asarray(self._embed(texts), dtype=float)
        norms = np.linalg.norm(vecs, axis=1, keepdims=True)
        return vecs / np.where(norms == 0, 1, norms)

    def assess(self, text: str, hit: ValueHit, *, outbound: bool = True) -> Assessment:
        del outbound
        np = self._np
        window = text[max(0, hit.found.start - 48) : hit.found.end + 16]
        vec = self._vectors([window])[0]
        scores = {k: float(np.max(v @ vec)) for k, v in self._protos.items()}
        diff = scores[Assessment.SENSITIVE] - scores[Assessment.BENIGN]
        if abs(diff) < self.margin:
            return Assessment.UNSURE
        return Assessment.SENSITIVE if diff > 0 else Assessment.BENIGN


_CONTENT = frozenset({FieldRole.CONTENT, FieldRole.OTHER, FieldRole.CREDENTIAL})
_LETTERS = re.compile(r"[^\W\d_]{2,}")


def _spelled_from_request(ctx: DecisionContext, hit: ValueHit) -> bool:
    """A value made of what the request names: an address on the street it names ("text every
    tenant on the Calder St list" -> "the water at 22 Calder St will be off"), a mailbox spelled
    from the name it gives ("onboard Priya Raman" -> priya.raman@…). The user gave it in all but
    its number or its domain: it is the user's, not a value from nowhere (rule 6)."""
    kind = hit.found.kind
    if kind not in ("address", "email"):
        return False
    raw = hit.found.raw.casefold()
    part = raw.split("@", 1)[0] if kind == "email" else raw
    words = _LETTERS.findall(part)
    said = {w.casefold() for w in _LETTERS.findall(ctx.user_request)}
    return bool(words) and all(w in said for w in words)


def _asks_a_server(ctx: DecisionContext) -> bool:
    """A tool call that only reads: its arguments still reach the server that answers it."""
    return ctx.op in READ_OPS and ctx.event.channel in (Channel.TOOL, Channel.LLM)


def _secret_in_itself(ctx: DecisionContext, hit: ValueHit) -> bool:
    """A credential by what the value says (a key's armour, "password …", "oauth_token: …"),
    not by the argument's name: a read's "page_token" is a cursor, not a secret."""
    if hit.found.kind != "credential":
        return False
    text = ctx.sem.text.get(hit.field, "")
    return any(f.kind == "credential" for f in sensitive_values(text, ctx.policy.regions))


def run_t3(ctx: DecisionContext, backend: SemanticBackend) -> Outcome | None:
    # a read's arguments are a query: only a secret in one is sent where it must not go
    # ("get_forecast {city, region_context: <~/.aws/credentials>}")
    secrets_only = not is_sink_write(ctx)
    if secrets_only and not _asks_a_server(ctx):
        return None
    direct: list[ValueHit] = []
    unsure: list[ValueHit] = []
    outbound = ctx.op in OUTBOUND_OPS or secrets_only
    for hit in ctx.content_hits():
        if hit.role not in _CONTENT or hit.user_provided or hit.observations:
            continue
        if secrets_only and not _secret_in_itself(ctx, hit):
            continue
        if is_record_id(hit.field, ctx.sem.text.get(hit.field, "")):
            continue  # "reservation": 4412840017 names the booking, whatever phone it spells
        if _spelled_from_request(ctx, hit):
            continue
        text = ctx.sem.text.get(hit.field, "")
        verdict = backend.assess(text, hit, outbound=outbound)
        if verdict is Assessment.SENSITIVE:
            direct.append(hit)
        elif verdict is Assessment.UNSURE:
            unsure.append(hit)
    if direct:
        evidence = [evidence_of(h) for h in direct]
        first = direct[0]
        decision = Decision.REWRITE if ctx.policy.leak_rewrite else Decision.DENY
        return Outcome(
            decision,
            Stage.T3,
            f"direct write of a {first.found.kind} with no recorded provenance, not given by the user, "
            f"to {ctx.app or ctx.completion.event.target} ({first.field})",
            rule_ids=["default:direct-sensitive-write"],
            evidence=evidence,
            remove=direct,
        )
    if unsure:
        ctx.t3_unsure.append(
            f"{backend.name} could not tell whether a {unsure[0].found.kind} is sensitive"
        )
        ctx.evidence.extend(evidence_of(h) for h in unsure)
    return None
