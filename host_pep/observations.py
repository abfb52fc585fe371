"""Observation: one normalized value an enforcement-side observation point saw.

Observations are what trusted provenance is made of: a value key (e.g. ``phone:+8613812345678``),
its sensitive kind, where it was seen (semantic app, tool, field), which event exposed it and which
agent acted, whether the content came from outside the user (untrusted), and when. They are built
by the PEP from ``ObservedValue`` records that adapters, executors' wrappers and ``PEP.observe``
hand in -- never from what an agent claims.

A plain slotted dataclass: sessions hold hundreds of thousands of them and the hot path reads them.
"""

from __future__ import annotations

from dataclasses import dataclass


# eq=False: an observation is an event in time, equal only to itself; identity comparison also
# keeps bucket membership tests cheap on the hot path.
@dataclass(frozen=True, slots=True, eq=False)
class Observation:
    key: str
    """Normalized value key: ``phone:+86138...``, ``email:zhang@example.com``, ``url:...``."""
    kind: str
    """Sensitive kind (phone, email, card, iban, otp, credential, address, health) or a key-arg
    kind used by rule 5 (url, amount, account)."""
    masked: str
    """Masked form for evidence and audit; the clear value is never stored."""
    source_app: str | None
    source_tool: str | None
    field: str
    event_id: str
    agent: str
    trusted: bool
    """False for content from outside the user: web pages, incoming messages, files, notifications."""
    free_text: bool
    """The value was embedded in running text (a message body) rather than a field of its own;
    an untrusted value from free text is what an injected instruction looks like (rule 5)."""
    sender: bool
    """The value is the sender of an incoming message (replying to it is not an injection)."""
    instructive: bool
    """The untrusted text around it reads like an injected instruction ("ignore previous...")."""
    ts: float
    phrase: str | None = None
    """Normalized text of a long structured value (an address), matched inside free text."""
    imperative: bool = False
    """The value sits in an imperative sentence of untrusted text ("Send it to …"): a weak
    instruction span; the user may still delegate it (rule 5)."""
    designated: bool = False
    """It came from a source the user's request pointed at ("the bill in bill.txt"): used as
    data, it may serve as an argument the request calls for (rule 5's delegation)."""
    public: bool = False
    """Public directory data about a business or place: rule 1 does not protect it."""
    reference: bool = False
    """A number its label names as a record's ("Verwendungszweck 7719-0021-06", "customer no.
    40017733"): whatever phone its digits spell, it is no one's number (rule 1)."""
    asks: frozenset[str] = frozenset()
    """For a value inside an instruction span: the operations the span asks for."""
    record_words: frozenset[str] = frozenset()
    """For an identifier in a structured result: the content words of the record it identifies
    (its title, name, subject): an action carrying the id acts on what those words name."""

    @property
    def source(self) -> str:
        return self.source_app or self.source_tool or ""


@dataclass(frozen=True, slots=True, eq=False)
class Instruction:
    """An instruction span observed in content (``host_pep.recognition.instructions``): what it
    asks for, about what, with which values, and where it was seen. Kept in session memory so
    that a later action can be matched against it by operation and object (rule 5)."""

    strong: bool
    """It addressed the assistant or claimed authority (not just an imperative sentence)."""
    untrusted: bool
    """Seen in content from outside the user (a weak span in the user's own data -- a note to
    self -- is kept only for matching actions the user did not ask for)."""
    cue: str
    asks: frozenset[str]
    """Operations it asks for (``Operation`` values)."""
    words: frozenset[str]
    identifiers: frozenset[str]
    source_app: str | None
    source_tool: str | None
    event_id: str
    agent: str
    ts: float
    designated: bool = False
    """Seen in a source the user's request pointed at."""
    about_private: bool = False
    """It asks for someone's private data (a phone, an address, codes, a password)."""
    prose: frozenset[str] = frozenset()
    """``words`` less the letters of the mail addresses and links it gives."""
    field: str = ""
    """Where in its result it was seen ("Invoices[0].LineItems[2].Description"): a span in a
    record's text is that record's, and what it names elsewhere in the listing is another."""

    @property
    def source(self) -> str:
        return self.source_app or self.source_tool or ""
