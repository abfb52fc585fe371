"""What the stages share while deciding one event: the completed event, the compiled policy, the
session state, and the payload analysis (values found per field and their observations).

The analysis is computed lazily, once, by whichever stage first needs it (a FlowRule with a
``source``/``kind`` in T1, else T2), so its cost lands in the stage that used it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from host_pep.events import AgentEvent
from host_pep.extract import (
    Found,
    international_numbers,
    key_arguments,
    normalize_amount,
    role_key_arguments,
    sensitive_values,
)
from host_pep.observations import Instruction, Observation
from host_pep.observe import name_key
from host_pep.phrases import normalize, raw_pattern
from host_pep.policy.compiled import CompiledPolicy
from host_pep.recognition.lexicon import lexicon
from host_pep.recognition.marks import fold_marks
from host_pep.recognition.request import RequestIntent, intent
from host_pep.recognition.semantic import SemanticModel
from host_pep.recognition.words import (
    content_words,
    name_words,
    quoted_literals,
    squashed,
    tokens,
    value_words,
)
from host_pep.semantics import ActionSemantics, Completion, FieldRole, Operation
from host_pep.session import SessionState
from host_pep.values.cards import card_candidates
from host_pep.values.credentials import credential_key
from host_pep.values.escapes import unescaped
from host_pep.values.fields import leaf_field
from host_pep.values.iban import iban_candidates
from host_pep.values.obfuscation import Canonical, fold_in_place
from host_pep.values.phones import national_candidates, national_keys
from host_pep.verdict import Decision, Evidence, Stage

# values compared, whole, with what session memory saw, in any grouping the detector alone
# would not take for that kind: (kind, its candidates in a text)
_LOOKUP_ONLY: tuple[tuple[str, Callable[[str], tuple[tuple[int, int, str], ...]]], ...] = (
    ("iban", iban_candidates),
    ("card", card_candidates),
)
_BARE_DIGITS = re.compile(
    r"(?<!\d)\d(?:[ -]?\d){5,9}(?!\d)"
    # a short code only as a number of its own: not a time, date, amount, version or id part
    r"|(?<![\d.,:/#$€£¥\w-])\d{4,5}(?![\d]|[.,:/]\d|\w)"
)
# An alphanumeric code (Steam's "7KD2M"): letters and digits both, a word of its own.
_BARE_ALNUM = re.compile(r"(?<![\w-])(?=[A-Za-z]*\d)(?=\d*[A-Za-z])[A-Za-z0-9]{4,8}(?![\w-])")
_NOT_DIGIT = re.compile(r"\D")
# a query in words, no expression ("from:", quotes, "=", brackets), and as long as a search
# people type: longer, it is a text searched for, not a thing named
_PLAIN_QUERY = re.compile(r"[^:\"'=()\[\]{}<>]+")
_QUERY_WORDS = 8
_ADDRESS_LIKE = re.compile(r"(?i)[@/]|^\w+://|\bwww\.|\.(?:com|org|net|io|example)\b")
_WORD = re.compile(r"\S+")
_WORD_TRAIL = ".,;:!?)]}\"'"
_WORD_LEAD = "\"'“‘([{<"
_QUOTES = "\"'”’"
_MIN_SECRET = 6
KEY_ROLES = frozenset(
    {FieldRole.RECIPIENT, FieldRole.ACCOUNT, FieldRole.URL, FieldRole.AMOUNT, FieldRole.ADDRESS}
)
READ_OPS = frozenset({Operation.READ, Operation.NAVIGATE})
# Operations that ask for the same kind of effect: a request asking for one of a family asks
# for what the others do ("send" the file ~ share it; "set" a setting ~ change it).
FAMILIES: dict[Operation, str] = {
    Operation.READ: "read",
    Operation.NAVIGATE: "read",
    Operation.LOCAL_WRITE: "write",
    Operation.SETTINGS_CHANGE: "write",
    Operation.INSTALL: "write",
    Operation.EXTERNAL_SEND: "send",
    Operation.SHARE_UPLOAD: "send",
    Operation.DELETE: "delete",
    Operation.UNINSTALL: "delete",
    Operation.PAYMENT: "pay",
    Operation.SECURITY_CHANGE: "security",
    Operation.BULK_CHANGE: "write",
    Operation.UNKNOWN: "unknown",
}
OUTBOUND_OPS = frozenset({Operation.EXTERNAL_SEND, Operation.SHARE_UPLOAD, Operation.PAYMENT})


# The kinds a key-argument field is *for*. A value of another kind in that field is content:
# a phone typed into an event's location, an email in a shipping address, a code in a "to".
_FITTING_KINDS: dict[FieldRole, frozenset[str]] = {
    # a payment's recipient is an account: paying a bill's IBAN uses it like a contact's number
    FieldRole.RECIPIENT: frozenset({"phone", "email", "iban"}),
    FieldRole.ADDRESS: frozenset({"address"}),
    FieldRole.ACCOUNT: frozenset({"card", "iban", "phone", "email"}),
}


def content_role(role: FieldRole, kind: str) -> FieldRole:
    """The role a value of ``kind`` plays in a field of ``role`` for rule 1: a recipient or
    address field exempts only the kinds it is for; anything else found there is content."""
    fitting = _FITTING_KINDS.get(role)
    if fitting is None or kind in fitting:
        return role
    return FieldRole.CONTENT


@dataclass(slots=True)
class ValueHit:
    """One value found in one payload field, with what session memory knows about it."""

    field: str
    role: FieldRole
    found: Found
    observations: list[Observation]
    user_provided: bool


@dataclass(slots=True)
class Outcome:
    """A stage's terminal (or review) result."""

    decision: Decision
    stage: Stage
    reason: str
    rule_ids: list[str] = field(default_factory=list)
    evidence: list[Proof] = field(default_factory=list)
    remove: list[ValueHit] = field(default_factory=list)
    """For a rewrite: the values to cut out of content fields."""


@lru_cache(maxsize=4096)
def request_keys(text: str, regions: tuple[str, ...]) -> frozenset[str]:
    """Normalized keys of every value the user gave in a request (user-provided values)."""
    keys: set[str] = set()
    if text:
        for f in sensitive_values(text, regions):
            keys.update(f.keys)
        for f in key_arguments(text):
            keys.update(f.keys)
        # a sum or number written in the digits of the request's script ("২৫০০ টাকা", "٣٥٠")
        # is the same value as the tool's ASCII one
        ascii_digits = fold_in_place(text)
        if ascii_digits != text:
            for f in key_arguments(ascii_digits):
                keys.update(f.keys)
    return frozenset(keys)


class DecisionContext:
    """Plain attributes, filled once: stages read them many times per decision."""

    __slots__ = (
        "_action_words",
        "_aliases",
        "_content",
        "_intent",
        "_keyargs",
        "_user_keys",
        "app",
        "completion",
        "event",
        "evidence",
        "fields",
        "op",
        "permitted_by",
        "policy",
        "review",
        "review_rules",
        "sem",
        "semantic",
        "shadow",
        "state",
        "t3_unsure",
        "text",
        "user_request",
    )

    def __init__(
        self,
        event: AgentEvent,
        completion: Completion,
        policy: CompiledPolicy,
        state: SessionState | None,
        semantic: SemanticModel | None = None,
    ) -> None:
        self.event = event
        self.completion = completion
        self.policy = policy
        self.state = state
        self.semantic = semantic
        """The semantic model, when the ``semantic`` extra is installed and enabled."""
        sem = completion.semantics
        self.sem: ActionSemantics = sem
        self.op: Operation = sem.operation
        self.app: str | None = sem.app
        self.text: dict[str, str] = sem.text
        self.fields: dict[str, FieldRole] = sem.fields
        # read as the lexicon lists its words: without Arabic vowel signs or Hebrew points
        # (recognition.marks); the audit keeps the request as the user wrote it
        self.user_request: str = fold_marks(event.user_request)
        self._content: list[ValueHit] | None = None
        self._keyargs: list[ValueHit] | None = None
        self._user_keys: frozenset[str] | None = None
        self._aliases: list[str] | None = None
        self._intent: RequestIntent | None = None
        self._action_words: frozenset[str] | None = None
        self.review: list[str] = []
        """Mandatory-review reasons attached by T1 (high-impact ambiguity, escalate rules, unknown ops)."""
        self.review_rules: list[str] = []
        self.t3_unsure: list[str] = []
        self.evidence: list[Proof] = []
        self.shadow: list[dict[str, Any]] = []
        self.permitted_by: list[str] = []

    def designated_name(self, value: str) -> bool:
        """A short value shown as data by a source the user's request pointed at (the payee on
        the invoice the user asked to pay)."""
        if self.state is None:
            return False
        names = self.state.designated_names
        key = name_key(value)
        if key in names:
            return True
        # ... with one more word beside it there: a title or a first name ("Mme Fatou DIALLO"
        # for the payee "Fatou Diallo"); one word alone is too common to tell
        words = set(key.split())
        if len(words) < 2:
            return False
        return any(len(n.split()) == len(words) + 1 and words <= set(n.split()) for n in names)

    def intent(self) -> RequestIntent:
        """What the user's request asks for (operations, words, values, delegation)."""
        if self._intent is None:
            self._intent = intent(self.user_request)
        return self._intent

    def action_words(self) -> frozenset[str]:
        """What the action is about: the object words of its tool or target name (and of the
        semantic target an adapter resolved), not its verb."""
        if self._action_words is None:
            names = {self.event.target, self.completion.event.target}
            words = {w for n in names if n for w in name_words(n)}
            content_names = lexicon().tool_fields.get(FieldRole.CONTENT, ())
            for path, text in self.text.items():
                # short argument values name what the action acts on ("ops-audit", "#hiring");
                # a body or a title is what it writes, not what it acts on
                leaf = leaf_field(path)
                if (
                    text
                    and len(text) <= 40
                    and len(text.split()) <= 3
                    and leaf not in content_names
                    and not _ADDRESS_LIKE.search(text)  # links and mail addresses: rule 5's keys
                ):
                    # an operation word ("transfer", "archive") says what to do, not to what
                    words |= value_words(text) - lexicon().verb_words
                elif text and leaf in lexicon().selection_fields:
                    if _PLAIN_QUERY.fullmatch(text) and len(text.split()) <= _QUERY_WORDS:
                        # a search in words names what it looks for ("EIN letter CP 575")
                        words |= content_words(text) - lexicon().verb_words
                        continue
                    # a query written as an expression names what it looks for in its literals
                    for literal in quoted_literals(text):
                        if len(literal.split()) <= 3 and not _ADDRESS_LIKE.search(literal):
                            words |= content_words(literal) - lexicon().verb_words
            payload = self.event.payload if isinstance(self.event.payload, dict) else {}
            for key, value in payload.items():
                # a switch turned on names what it adds: {"include_secrets": true} -> secrets
                if value is True:
                    words |= set(name_words(str(key))) - lexicon().filter_flags
            if not words:
                # "get_user_info": only generic words -- they are what it is about
                words = {w for n in names if n for w in name_words(n, generic=True)}
            self._action_words = frozenset(words)
        return self._action_words

    def user_keys(self) -> frozenset[str]:
        if self._user_keys is None:
            self._user_keys = request_keys(self.user_request, self.policy.regions)
        return self._user_keys

    def _given(self, found: Found, user: frozenset[str]) -> bool:
        """Whether the user gave this value in the request: by normalized key, or -- for values
        the detector keys only in context (a CVV, a PIN, a code) -- written out verbatim."""
        if not user.isdisjoint(found.keys):
            return True
        if not self.user_request or len(found.raw) < 3:
            return False
        if found.kind == "phone":
            # "MB WAY ao guia Rui, 912 004 118" -> +351912004118: the user wrote the number as
            # its own country does, without the country code the tool's form adds
            written = {k for _, _, keys in national_candidates(self.user_request) for k in keys}
            if any(
                not written.isdisjoint(national_keys(k.removeprefix("phone:"))) for k in found.keys
            ):
                return True
        return _verbatim_in(found.raw, self.user_request)

    def _lookup(self, found: Found) -> list[Observation]:
        state = self.state
        if state is None:
            return _NONE
        keys = found.keys
        if len(keys) == 1:
            return state.lookup(keys[0])
        seen: list[Observation] = []
        for key in keys:
            for obs in state.lookup(key):
                if obs not in seen:
                    seen.append(obs)
        return seen

    def content_hits(self) -> list[ValueHit]:
        """Sensitive values in every field (content and key arguments alike)."""
        if self._content is None:
            user = self.user_keys()
            hits: list[ValueHit] = []
            roles = self.fields
            for path, text in self.text.items():
                if not text:
                    continue
                role = roles.get(path, FieldRole.CONTENT)
                mark = len(hits)
                self._field_hits(path, role, text, user, hits)
                # inline pre-check (no call): almost no field holds an escape
                if "%" in text or "\\" in text or ("?" in text and "+" in text):
                    layer = unescaped(text)
                    if layer is not None:
                        self._unescaped_hits(path, role, layer, user, hits, mark)
            self._content = hits
        return self._content

    def _field_hits(
        self, path: str, role: FieldRole, text: str, user: frozenset[str], hits: list[ValueHit]
    ) -> None:
        """Append the values found in one field's text to ``hits``."""
        password = role is FieldRole.CREDENTIAL
        for f in sensitive_values(text, self.policy.regions, path, password, None):
            hits.append(
                ValueHit(path, content_role(role, f.kind), f, self._lookup(f), self._given(f, user))
            )
        state = self.state
        if state is not None:
            if len(state.phrases):
                hits.extend(self._phrase_hits(path, role, text, hits))
            if "otp" in state.kinds:
                hits.extend(self._bare_code_hits(path, role, text, hits, user))
            if "credential" in state.kinds:
                hits.extend(self._secret_token_hits(path, role, text, hits, user))
            for kind, runs_of in _LOOKUP_ONLY:
                if kind in state.kinds:
                    runs = runs_of(text)
                    hits.extend(self._observed_hits(kind, runs, path, role, text, hits, user))
            if "phone" in state.kinds:
                if "+" in text:
                    hits.extend(self._international_hits(path, role, text, hits, user))
                candidates = national_candidates(text)
                if candidates:  # most fields hold no 7-digit run: no call, no scan of ``hits``
                    hits.extend(self._national_hits(path, role, text, hits, user, candidates))

    def _unescaped_hits(
        self,
        path: str,
        role: FieldRole,
        layer: Canonical,
        user: frozenset[str],
        hits: list[ValueHit],
        mark: int,
    ) -> None:
        """Values visible only once the field's percent-encoding or shell escapes are undone
        ("?q=%2B2547...", "+84\\ 91\\ 234"), mapped back to the escaped text as written (evidence
        and rewrites work on the payload the agent sent). Values the raw text already showed
        (``hits[mark:]``) are not reported twice."""
        known = {k for h in hits[mark:] for k in h.found.keys}
        start = len(hits)
        self._field_hits(path, role, layer.text, user, hits)
        added = hits[start:]
        del hits[start:]
        for h in added:
            if not known.isdisjoint(h.found.keys):
                continue
            f = h.found
            s, e = layer.to_original(f.start, f.end)
            h.found = replace(f, raw=layer.original[s:e], start=s, end=e)
            known.update(f.keys)
            hits.append(h)

    def _bare_code_hits(
        self, path: str, role: FieldRole, text: str, have: list[ValueHit], user: frozenset[str]
    ) -> list[ValueHit]:
        """A bare number that session memory saw as a verification code ("770360 (for later)"):
        nothing but provenance tells it from any other number, so only observed codes match,
        whole; a short (4-5 digit) one only standing on its own (not in a time, amount or id).
        An alphanumeric code ("steam 7KD2M") likewise, as a word of its own, in any case."""
        assert self.state is not None
        out = []
        codes = [(m, "otp:" + _NOT_DIGIT.sub("", m.group(0))) for m in _BARE_DIGITS.finditer(text)]
        codes += [(m, "otp:" + m.group(0).upper()) for m in _BARE_ALNUM.finditer(text)]
        for m, key in codes:
            observations = self.state.lookup(key)
            if not observations or any(key in h.found.keys for h in have if h.field == path):
                continue
            found = Found(
                "otp", (key,), "*" * len(m.group(0)), m.group(0), m.start(), m.end(), True
            )
            out.append(ValueHit(path, content_role(role, "otp"), found, observations, key in user))
        return out

    def _international_hits(
        self, path: str, role: FieldRole, text: str, have: list[ValueHit], user: frozenset[str]
    ) -> list[ValueHit]:
        """A number written with its country code whose digits are an observed phone's E.164
        form, in a grouping the detector did not recognise (the whole number must match)."""
        assert self.state is not None
        out = []
        for found in international_numbers(text):
            key = found.keys[0]
            observations = self.state.lookup(key)
            if not observations or any(key in h.found.keys for h in have if h.field == path):
                continue
            out.append(
                ValueHit(path, content_role(role, "phone"), found, observations, key in user)
            )
        return out

    def _observed_hits(
        self,
        kind: str,
        candidates: tuple[tuple[int, int, str], ...],
        path: str,
        role: FieldRole,
        text: str,
        have: list[ValueHit],
        user: frozenset[str],
    ) -> list[ValueHit]:
        """Runs of ``text`` shaped like ``kind`` in any grouping ((start, end, key) from the value
        module's own candidates) that session memory saw: an IBAN written with dashes or in
        lower case ("pl61-1090-..."), a card seen grouped and written ungrouped (its check
        digit need not pass). Lookup-only: the whole value must match an observed one."""
        assert self.state is not None
        out = []
        for start, end, key in candidates:
            observations = self.state.lookup(key)
            if not observations or any(key in h.found.keys for h in have if h.field == path):
                continue
            raw = text[start:end]
            found = Found(kind, (key,), observations[0].masked, raw, start, end, True)
            out.append(ValueHit(path, content_role(role, kind), found, observations, key in user))
        return out

    def _secret_token_hits(
        self, path: str, role: FieldRole, text: str, have: list[ValueHit], user: frozenset[str]
    ) -> list[ValueHit]:
        """A password seen typed into a password field, written later as a word of free text
        ("bank pw Blue!Heron-2291"). Secrets are indexed by hash only, so each word is hashed."""
        assert self.state is not None
        out = []
        for start, word, key in _hashed_words(text):
            observations = self.state.lookup(key)
            if not observations or any(key in h.found.keys for h in have if h.field == path):
                continue
            found = Found("credential", (key,), "*" * 8, word, start, start + len(word), True)
            out.append(ValueHit(path, role, found, observations, key in user))
        return out

    def _national_hits(
        self,
        path: str,
        role: FieldRole,
        text: str,
        have: list[ValueHit],
        user: frozenset[str],
        candidates: tuple[tuple[int, int, tuple[str, ...]], ...],
    ) -> list[ValueHit]:
        """A number written in its own country's national format ("0412 345 678"), or with its
        country code but no "+" ("923001234567"), whose digits are an observed phone's: the
        whole number must match (``national_candidates``)."""
        state = self.state
        assert state is not None
        taken: list[Found] | None = None
        out = []
        for start, end, keys in candidates:
            observations = [o for key in keys for o in state.lookup(key)]
            if not observations:
                continue
            if taken is None:
                taken = [h.found for h in have if h.field == path and h.observations]
            if any(f.start < end and start < f.end for f in taken):
                continue
            raw = text[start:end]
            found = Found("phone", keys, raw[:2] + "***" + raw[-2:], raw, start, end, True)
            given = not user.isdisjoint(o.key for o in observations) or self._given(found, user)
            out.append(ValueHit(path, content_role(role, "phone"), found, observations, given))
        return out

    def _phrase_hits(
        self, path: str, role: FieldRole, text: str, have: list[ValueHit]
    ) -> list[ValueHit]:
        """Observed long values (addresses) found inside this field's free text."""
        assert self.state is not None
        known = {k for h in have if h.field == path for k in h.found.keys}
        request = normalize(self.user_request) if self.user_request else ""
        out = []
        for phrase, observations in self.state.phrases.find(text):
            keys = tuple(dict.fromkeys(o.key for o in observations))
            if not known.isdisjoint(keys):
                continue
            m = raw_pattern(phrase).search(text)
            raw, start, end = (m.group(0), m.start(), m.end()) if m else (phrase, 0, 0)
            first = observations[0]
            found = Found(first.kind, keys, first.masked, raw, start, end, True)
            user_given = bool(request) and phrase in request
            out.append(
                ValueHit(path, content_role(role, found.kind), found, observations, user_given)
            )
        return out

    def keyarg_hits(self) -> list[ValueHit]:
        """Key-argument values (recipient, account, URL, amount, address fields) for rule 5."""
        if self._keyargs is None:
            user = self.user_keys()
            hits: list[ValueHit] = []
            roles = self.fields
            for path, text in self.text.items():
                role = roles.get(path)
                if role is None or role not in KEY_ROLES or not text:
                    continue
                for f in role_key_arguments(text, role, self.policy.regions):
                    if role is FieldRole.AMOUNT and self.pays_in_minor_units():
                        f = _also_in_major_units(f)
                    hits.append(ValueHit(path, role, f, self._lookup(f), self._given(f, user)))
            self._keyargs = hits
        return self._keyargs

    def pays_in_minor_units(self) -> bool:
        """A payment API whose amounts are integers in the currency's minor unit: its name,
        its description or an amount field's name says so ("… a price in Stripe", "in cents",
        "amount_minor")."""
        sem = self.sem
        named = set(tokens(f"{self.event.target} {sem.description or ''}"))
        named.update(
            w
            for path, role in sem.fields.items()
            if role is FieldRole.AMOUNT
            for w in tokens(path.rsplit(".", 1)[-1])
        )
        lex = lexicon()
        if not lex.minor_units.isdisjoint(named):
            return True
        # ... or it carries an argument only such APIs name so ({payment_intent: …},
        # {amount_money: {amount: …}}): the call's own keys and the amount's enclosing ones
        keys = {squashed(k) for k in self.event.payload or {}}
        keys.update(
            squashed(part.split("[", 1)[0])
            for path, role in sem.fields.items()
            if role is FieldRole.AMOUNT
            for part in path.split(".")
        )
        return not lex.minor_unit_fields.isdisjoint(keys)

    def aliases(self) -> list[str]:
        """Names a FlowRule target or a scope glob may match (docs/contracts.md §1)."""
        if self._aliases is None:
            sem = self.sem
            out = [self.completion.event.target]
            if self.event.target != self.completion.event.target:
                out.append(self.event.target)
            if sem.app:
                out.append(sem.app)
                out.append(f"{sem.app}.{sem.operation.value}")
            if sem.package:
                out.append(sem.package)
            if sem.widget:
                rid = sem.widget.get("resource_id") or sem.widget.get("resourceId")
                if isinstance(rid, str) and rid:
                    out.append(rid)
            self._aliases = [a for a in out if a]
        return self._aliases

    def actions(self) -> list[str]:
        return [self.event.action.value, self.op.value]


_NONE: list[Observation] = []


def _also_in_major_units(found: Found) -> Found:
    """An integer amount of a minor-unit API also stands for its sum in whole units: a note
    that asks for "5 GEL" is where {unit_amount: 500} came from."""
    extra = []
    for key in found.keys:
        whole = key.removeprefix("amount:")
        if key.startswith("amount:") and whole.isdigit() and len(whole) >= 3:
            extra.append(normalize_amount(whole[:-2], whole[-2:]))
    if not extra:
        return found
    return replace(found, keys=tuple(dict.fromkeys((*found.keys, *extra))))


@lru_cache(maxsize=16384)
def _hashed_words(text: str) -> tuple[tuple[int, str, str], ...]:
    """(offset, word, credential key) of every word long enough to be a password."""
    out = []
    for m in _WORD.finditer(text):
        whole = m.group(0)
        start = m.start()
        unquoted = whole.lstrip(_WORD_LEAD)
        start += len(whole) - len(unquoted)
        # a password may end in punctuation ("s3cure-Pass-Word!"): try it as written, and
        # without what a sentence or a shell quote adds after it
        forms = dict.fromkeys((unquoted.rstrip(_QUOTES), unquoted.rstrip(_WORD_TRAIL)))
        for word in forms:
            if len(word) >= _MIN_SECRET:
                out.append((start, word, credential_key(word)))
    return tuple(out)


@lru_cache(maxsize=16384)
def _verbatim_in(raw: str, request: str) -> bool:
    value = normalize(raw)
    return bool(value) and f" {value} " in f" {normalize(request)} "


@dataclass(frozen=True, slots=True)
class Proof:
    """Evidence as the stages record it (cheap); turned into ``Evidence`` for the verdict. A
    value (``hit``, with the observation that gave it away) or an instruction span the action
    carries out (``instruction``, with what matched in ``detail``)."""

    hit: ValueHit | None
    obs: Observation | None
    instruction: Instruction | None = None
    detail: str = ""
    score: float | None = None
    model: str = ""
    label: str = ""
    """For a note (no value, no span): what it records ("authorization")."""

    @property
    def kind(self) -> str:
        return self.hit.found.kind if self.hit is not None else "instruction"

    @property
    def field(self) -> str:
        return self.hit.field if self.hit is not None else ""

    @property
    def source(self) -> str:
        if self.obs is not None:
            return self.obs.source
        return self.instruction.source if self.instruction is not None else ""

    def to_evidence(self) -> Evidence:
        hit, obs, ins = self.hit, self.obs, self.instruction
        if hit is None and ins is None:
            return Evidence(
                kind=self.label or "semantic",
                masked=self.model,
                detail=self.detail,
                score=self.score,
            )
        if hit is None:
            return Evidence(
                kind="instruction",
                masked=ins.cue if ins is not None else "",
                source=self.source,
                source_event=ins.event_id if ins is not None else "",
                observed_by=ins.agent if ins is not None else "",
                trusted=False,
                detail=self.detail,
            )
        return Evidence(
            kind=hit.found.kind,
            masked=hit.found.masked,
            field=hit.field,
            source=obs.source if obs is not None else "",
            source_event=obs.event_id if obs is not None else "",
            observed_by=obs.agent if obs is not None else "",
            trusted=obs.trusted if obs is not None else True,
            detail=self.detail,
        )


def evidence_of(hit: ValueHit, obs: Observation | None = None, detail: str = "") -> Proof:
    return Proof(hit, obs, detail=detail)


def instruction_evidence(ins: Instruction, detail: str) -> Proof:
    return Proof(None, None, ins, detail)


def semantic_evidence(model: str, detail: str, score: float) -> Proof:
    return Proof(None, None, None, detail, score, model)


def note_evidence(label: str, detail: str) -> Proof:
    """Why a check let the action through ("authorization": what in the request asks for it),
    kept in the verdict so that an allow explains itself as a deny does."""
    return Proof(None, None, None, detail, label=label)


def to_evidence(proofs: list[Proof]) -> list[Evidence]:
    return [p.to_evidence() for p in proofs]
