"""Session state: per-session, bounded, indexed memory of observations.

Matching a payload against memory costs time proportional to the payload: observations are kept
in a dict from normalized value key to the (few) observations of that key, and a payload's values
are normalized to keys and looked up. Memory is bounded per session by count and TTL; the oldest
observations are evicted first and every eviction is reported so that the PEP can audit it.
Several agents may share a session; sessions never see each other's observations.
"""

from __future__ import annotations

import contextlib
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from host_pep.observations import Instruction, Observation

if TYPE_CHECKING:
    from host_pep.observe import Observed
from host_pep.phrases import PhraseIndex
from host_pep.values.domains import host_of

MAX_NAMES = 50_000
"""Short data values kept per session for rule 5's carried-names check (beyond it, no more are
added: the check then errs towards blocking)."""
MAX_INSTRUCTIONS = 4096
"""Instruction spans kept per session (oldest dropped first); each is also indexed by word."""
MAX_DOMAINS = 4096
"""Hosts kept per session for the look-alike check (beyond it, no more are added)."""


@dataclass(slots=True)
class InstructionMemory:
    """Instruction spans seen in a session, indexed by content word so that matching an action
    against them costs time proportional to the action's words, not to the session's past."""

    items: deque[Instruction] = field(default_factory=deque)
    by_word: dict[str, list[Instruction]] = field(default_factory=dict)
    by_ask: dict[str, list[Instruction]] = field(default_factory=dict)
    """Instructions by the operations they ask for (an action matched by what it does)."""
    by_identifier: dict[str, list[Instruction]] = field(default_factory=dict)
    """Instructions by the identifiers they name, lowercased (a tool's own name in a span)."""
    _seen: set[tuple[str, str, frozenset[str]]] = field(default_factory=set)

    def __len__(self) -> int:
        return len(self.items)

    def add(self, ins: Instruction) -> None:
        key = (ins.event_id, ins.cue, ins.words)
        if key in self._seen:
            return  # the same span reported twice by one result (a leaf and its labelled form)
        self._seen.add(key)
        self.items.append(ins)
        for w in ins.words:
            self.by_word.setdefault(w, []).append(ins)
        for a in ins.asks:
            self.by_ask.setdefault(a, []).append(ins)
        for ident in ins.identifiers:
            self.by_identifier.setdefault(ident.lower(), []).append(ins)
        while len(self.items) > MAX_INSTRUCTIONS:
            self._drop(self.items.popleft())

    def _drop(self, ins: Instruction) -> None:
        self._seen.discard((ins.event_id, ins.cue, ins.words))
        _unindex(self.by_ask, ins.asks, ins)
        _unindex(self.by_word, ins.words, ins)
        _unindex(self.by_identifier, (i.lower() for i in ins.identifiers), ins)

    def expire(self, horizon: float) -> None:
        while self.items and self.items[0].ts < horizon:
            self._drop(self.items.popleft())

    def asking(self, operations: Iterable[str]) -> list[Instruction]:
        """The instructions that ask for any of ``operations``, each once."""
        seen: dict[int, Instruction] = {}
        for a in operations:
            for ins in self.by_ask.get(a, ()):
                seen.setdefault(id(ins), ins)
        return list(seen.values())

    def naming(self, identifier: str) -> list[Instruction]:
        """The instructions that name ``identifier`` (compared lowercased)."""
        return list(self.by_identifier.get(identifier.lower(), ()))

    def sharing_words(self, words: Iterable[str]) -> list[Instruction]:
        """The instructions that share at least one word with ``words``, each once."""
        seen: dict[int, Instruction] = {}
        for w in words:
            for ins in self.by_word.get(w, ()):
                seen.setdefault(id(ins), ins)
        return list(seen.values())


def _unindex(index: dict[str, list[Instruction]], keys: Iterable[str], ins: Instruction) -> None:
    for key in keys:
        bucket = index.get(key)
        if bucket is None:
            continue
        with contextlib.suppress(ValueError):
            bucket.remove(ins)
        if not bucket:
            del index[key]


@dataclass(slots=True)
class Eviction:
    session: str
    count: int
    reason: str  # "count" | "ttl"
    oldest_ts: float


@dataclass(slots=True)
class SessionState:
    session: str
    max_observations: int
    ttl_s: float
    per_key: int
    index: dict[str, list[Observation]] = field(default_factory=dict)
    order: deque[Observation] = field(default_factory=deque)
    created: float = field(default_factory=time.time)
    evictions: list[Eviction] = field(default_factory=list)
    agents: set[str] = field(default_factory=set)
    kinds: dict[str, int] = field(default_factory=dict)
    """How many observations of each kind are held (lets a matcher skip kinds never seen)."""
    instructed: int = 0
    """How many held observations an instruction span gave (rule 5's carried values): none, and
    the carried-value check has nothing to look up."""
    phrases: PhraseIndex = field(default_factory=PhraseIndex)
    """Long structured values (addresses) by normalized phrase, for matching inside free text."""
    instructions: InstructionMemory = field(default_factory=InstructionMemory)
    """Instruction spans seen in content, for rule 5's carry-out check."""
    domains: set[str] = field(default_factory=set)
    """Hosts of the mail addresses and links seen (up to MAX_DOMAINS): a recipient whose domain
    imitates one of them is a look-alike (``values.domains``)."""
    names: set[str] = field(default_factory=set)
    """Short values seen as data outside instruction spans (``observe.data_names``), up to
    MAX_NAMES: an argument naming one was chosen among what the agent saw."""
    designated_names: set[str] = field(default_factory=set)
    """The names among those that a source the user pointed at showed (the files listed in the
    folder the request named): a read of one reads what the user pointed at."""

    def __len__(self) -> int:
        return len(self.order)

    def add(self, obs: Observation) -> None:
        bucket = self.index.get(obs.key)
        if bucket is None:
            self.index[obs.key] = [obs]
        else:
            # one key seen again from the same place adds nothing new for provenance
            for old in bucket:
                if (
                    old.source_app == obs.source_app
                    and old.trusted == obs.trusted
                    and old.field == obs.field
                    and old.free_text == obs.free_text
                    # the same value inside an instruction span is news: it taints the value
                    and old.instructive == obs.instructive
                    and old.imperative == obs.imperative
                    and old.designated == obs.designated
                ):
                    return
            bucket.append(obs)
            if len(bucket) > self.per_key:
                dropped = bucket.pop(0)
                self._forget_in_order(dropped)
        self.order.append(obs)
        self.agents.add(obs.agent)
        host = host_of(obs.key)
        if host is not None and len(self.domains) < MAX_DOMAINS:
            self.domains.add(host)
        self.kinds[obs.kind] = self.kinds.get(obs.kind, 0) + 1
        if obs.instructive or obs.imperative:
            self.instructed += 1
        if obs.phrase is not None:
            self.phrases.add(obs.phrase, obs)
        if len(self.order) > self.max_observations:
            self._evict_count()

    def _forget_in_order(self, obs: Observation) -> None:
        # rare (a key observed from more than per_key places); linear in the deque is acceptable
        with contextlib.suppress(ValueError):
            self.order.remove(obs)
        self._uncount(obs)
        if obs.phrase is not None:
            self.phrases.discard(obs.phrase, obs)

    def _drop(self, obs: Observation) -> None:
        self._uncount(obs)
        if obs.phrase is not None:
            self.phrases.discard(obs.phrase, obs)
        bucket = self.index.get(obs.key)
        if bucket is None:
            return
        try:
            bucket.remove(obs)
        except ValueError:
            return
        if not bucket:
            del self.index[obs.key]

    def _uncount(self, obs: Observation) -> None:
        if obs.instructive or obs.imperative:
            self.instructed -= 1
        left = self.kinds.get(obs.kind, 0) - 1
        if left > 0:
            self.kinds[obs.kind] = left
        else:
            self.kinds.pop(obs.kind, None)

    def _evict_count(self) -> None:
        n = 0
        oldest = self.order[0].ts if self.order else 0.0
        while len(self.order) > self.max_observations:
            self._drop(self.order.popleft())
            n += 1
        if n:
            self.evictions.append(Eviction(self.session, n, "count", oldest))

    def expire(self, now: float) -> None:
        horizon = now - self.ttl_s
        self.instructions.expire(horizon)
        n = 0
        oldest = self.order[0].ts if self.order else 0.0
        while self.order and self.order[0].ts < horizon:
            self._drop(self.order.popleft())
            n += 1
        if n:
            self.evictions.append(Eviction(self.session, n, "ttl", oldest))

    def add_all(self, observed: Observed) -> None:
        for obs in observed.values:
            self.add(obs)
        for ins in observed.instructions:
            self.instructions.add(ins)
        if observed.names and len(self.names) < MAX_NAMES:
            self.names.update(observed.names)
            if observed.designated:
                self.designated_names.update(observed.names)
            self.designated_names.update(observed.designated_names)

    def lookup(self, key: str) -> list[Observation]:
        return self.index.get(key, _EMPTY)

    def drain_evictions(self) -> list[Eviction]:
        out, self.evictions = self.evictions, []
        return out


_EMPTY: list[Observation] = []


class SessionStore:
    """All live sessions of one PEP. Sessions are isolated: each has its own index."""

    def __init__(
        self,
        *,
        max_observations: int = 250_000,
        ttl_s: float = 24 * 3600.0,
        per_key: int = 16,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.max_observations = max_observations
        self.ttl_s = ttl_s
        self.per_key = per_key
        self.clock = clock
        self._sessions: dict[str, SessionState] = {}

    def get(self, session: str) -> SessionState:
        state = self._sessions.get(session)
        if state is None:
            state = SessionState(session, self.max_observations, self.ttl_s, self.per_key)
            self._sessions[session] = state
        return state

    def peek(self, session: str) -> SessionState | None:
        return self._sessions.get(session)

    def record(self, session: str, observed: Observed) -> list[Eviction]:
        state = self.get(session)
        state.add_all(observed)
        state.expire(self.clock())
        return state.drain_evictions()

    def end(self, session: str) -> int:
        """Forget a session; returns how many observations it held."""
        state = self._sessions.pop(session, None)
        return len(state) if state is not None else 0

    def sessions(self) -> list[str]:
        return list(self._sessions)
