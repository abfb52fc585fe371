"""The language knowledge of the recognition layer: one data file per language.

Each ``languages/<code>.yaml`` says, for one language, which words ask for which operation, how a
request negates or describes something already done, which words name the objects of each
semantic app, how untrusted text addresses an assistant, the labels of buttons, and (section
``values``) the words of sensitive values and of the fields and screens that hold them: what
names a one-time code or a password, street types, a phone field's label. The files
are validated here (pydantic) and merged into one ``Lexicon``: a request is not tagged with its
language, so every matcher matches the union. Adding a language is adding a file (and its
conformance cases under ``tests/data/languages/``).

Words are matched whole (with the inflections the matcher allows); a trailing ``*`` marks a stem
("supprim*" matches supprime, supprimer); languages written without spaces (``spaced: false``)
match their words as substrings. ``patterns`` hold the few grammatical constructions a word list
cannot say (a negation after the verb, a past-tense ending), as regular expressions.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from importlib import resources
from typing import TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from host_pep.recognition.marks import fold_marks
from host_pep.recognition.wordmatch import words_regex
from host_pep.semantics import FieldRole, Operation

# libyaml's parser where PyYAML was built with it: the language files are ~40 files of long word
# lists, which the pure-Python parser took ~0.75 s to read at every start (libyaml: ~0.09 s)
try:
    from yaml import CSafeLoader as _SafeLoader
except ImportError:  # pragma: no cover - PyYAML built without libyaml
    from yaml import SafeLoader as _SafeLoader  # type: ignore[assignment]

LANGUAGES_PACKAGE = "host_pep.recognition.languages"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Negation(_Strict):
    before: list[str] = Field(default_factory=list)
    """Words that negate a verb coming later in the same clause ("don't", "nicht", "不要")."""
    after: list[str] = Field(default_factory=list)
    """Regular expressions matched right after the verb ("\\s+nicht\\b", "ないで")."""
    clause_end: list[str] = Field(default_factory=list)
    """Words that negate the clause's verb from its end ("verwijder het contact niet")."""
    adjacent: list[str] = Field(default_factory=list)
    """Words that negate only the word right after them (Hinglish "mat bhejo"): elsewhere they
    are other words of other languages ("a yoga mat and …")."""
    question_tags: list[str] = Field(default_factory=list)
    """Phrases that hold a negation word and ask rather than negate (Malay "boleh tak …?", can
    you … or not): a verb after one is asked for."""
    cancelled_by: list[str] = Field(default_factory=list)
    """Verbs that, negated, ask for the act after them: "don't forget to pay", "no olvides
    pagar" ask to pay."""
    beyond: list[str] = Field(default_factory=list)
    """Words right after a negated verb that forbid only more of it than was asked: "reply to
    him … don't send anything else" still asks for the reply."""
    alternative: list[str] = Field(default_factory=list)
    """Words before what a sentence rejects in favour of what it names ("push to mirror
    instead of origin"): what follows them to the clause's end is not named for use."""


class Tense(_Strict):
    done_before: list[str] = Field(default_factory=list)
    """Markers before a verb saying it already happened ("already", "déjà", "已经")."""
    done_after: list[str] = Field(default_factory=list)
    """Regular expressions right after a verb saying it happened (Japanese した, Korean 했)."""
    participle_endings: list[str] = Field(default_factory=list)
    """Endings that make a listed whole verb a past participle ("delete" + "d")."""
    stem_participle_endings: list[str] = Field(default_factory=list)
    """Endings that make a listed stem a past participle ("supprim*" + "é", "elimin*" + "ado")."""
    wish_before: list[str] = Field(default_factory=list)
    """Words before a participle that still ask for the act ("make sure it is deleted")."""
    ongoing_before: list[str] = Field(default_factory=list)
    """Words right before a verb's form of an act going on ("the tablets *are* syncing
    photos", "it keeps uploading"): the sentence describes the act, it does not ask for it."""
    ongoing_endings: list[str] = Field(default_factory=list)
    """Endings that make a listed verb that form ("sync" + "ing")."""
    own_before: list[str] = Field(default_factory=list)
    """Markers before a verb saying the user will do it ("I'll", "I'm going to"): "if it
    hasn't shipped by Friday I'll probably cancel it" asks the assistant for nothing."""
    reminder_before: list[str] = Field(default_factory=list)
    """Regular expressions ending right before a verb that a reminder or a note is about
    ("remind me on Friday to", "add a to-do to"): the act is remembered, not asked for."""


class Money(_Strict):
    currencies: list[str] = Field(default_factory=list)
    """Currency words written after an amount ("euros", "rupees", "元")."""
    prefixes: list[str] = Field(default_factory=list)
    """Currency words and abbreviations written before an amount ("RM50", "Rp 20.000", "Tk 500");
    signs ($, €, ৳) need no listing."""
    giving_verbs: list[str] = Field(default_factory=list)
    """Verbs that, before a sum of money, ask for a payment ("send 50 euros")."""
    giving_verbs_last: list[str] = Field(default_factory=list)
    """Verbs that ask for a payment after the sum ("500 rupaye bhej do", "50 € schicken")."""
    nouns: list[str] = Field(default_factory=list)
    """Words that name money itself ("money", "funds", "Geld"): a giving verb with one asks to pay."""
    documents: list[str] = Field(default_factory=list)
    """Words that, right after a money noun, make it name a document about the money ("the rent
    receipt", "the fee schedule"): sending one is no payment."""
    caps: list[str] = Field(default_factory=list)
    """Words before a sum that make it a limit ("under", "up to", "unter", "moins de")."""
    deductions: list[str] = Field(default_factory=list)
    """Words before a sum that take it off another ("minus", "less", "menos", "abzüglich"): the
    request states what is deducted, not what is paid."""
    deductions_after: list[str] = Field(default_factory=list)
    """The same, written after the sum (Turkish "1.200 TL kesip", Japanese "2000円を差し引いて")."""
    shares: list[str] = Field(default_factory=list)
    """Words by which a request speaks of a sum shared between people ("for the two of us",
    "my half", "split"): the sum it states is what was shared, and a part of it is asked."""
    multipliers: dict[str, int] = Field(default_factory=dict)
    """Words right after a number that multiply it ("25만원" = 250,000 won, "3万元", "5k")."""
    converting_verbs: list[str] = Field(default_factory=list)
    """Verbs that, with two currencies named, ask for a trade of one into the other ("convert
    half of my USDT into lira", "ETH 0.2개를 USDC로 바꿔줘"); without them ("convert the PDF to
    Word") they ask for no payment."""
    services: list[str] = Field(default_factory=list)
    """Money-transfer services whose name is used as the verb ("Venmo her 20", "hazme un Bizum
    de 15", "५००० भेज दो UPI से"): with a number near it, the request asks for a payment, even
    where no currency is written."""


class Instructions(_Strict):
    """How text addresses an AI assistant and asks it for something (rule 5's instruction spans),
    and how a user's request adopts the instructions of a source it names. Fields other than
    ``addressees``, ``markers`` and ``requests`` are regular expressions (case-insensitive);
    ``{A}`` in an ``addressing`` pattern stands for any addressee."""

    addressees: list[str] = Field(default_factory=list)
    """Words naming the assistant ("assistant", "AI agent", "KI"): they count only where a
    text addresses them (``addressing``), since "agent" or "assistant" also name people. A
    leading ``*`` marks the head of a compound ("*assistent" also names "Buchungsassistent").
    An addressee stands where a word starts (or in a compound, or after a word of a script
    written without spaces): the addressing constructions are tried only where one does."""
    addressing: list[str] = Field(default_factory=list)
    """Constructions that address an addressee ("dear {A}", "note to the {A}", "^{A}:")."""
    own_addressees: bool = False
    """True: in this language's constructions ``{A}`` is its own addressees and those of the
    languages without the flag (English names an AI assistant in text of every language), not
    every language's ("Nota para el asistente" names no German "Assistent"). Without the flag a
    language's constructions take every addressee (English labels and @-mentions stand in text
    of any language)."""
    overrides: list[str] = Field(default_factory=list)
    """Attempts to replace the user's instructions ("ignore (all )?previous instructions")."""
    sequencing: list[str] = Field(default_factory=list)
    """Demands put before or after the user's task ("before you (can )?continue")."""
    back_references: list[str] = Field(default_factory=list)
    """A demand that points back at what was said before it ("Do this before replying."): the
    sentence before it is what it demands."""
    secrecy: list[str] = Field(default_factory=list)
    """Asks to hide an act from the user ("do not tell the user")."""
    impersonation: list[str] = Field(default_factory=list)
    """Claims to come from the user, the developer or the system ("message from the user")."""
    markers: list[str] = Field(default_factory=list)
    """Literal role and framing markers of chat formats ("<|im_start|>", "[INST]")."""
    requests: list[str] = Field(default_factory=list)
    """Words that open a request to whoever reads ("please", "kindly", "could you")."""
    delegation: list[str] = Field(default_factory=list)
    """Requests that adopt what a named source asks ("do the tasks (in|from|listed)")."""
    address_pointer: list[str] = Field(default_factory=list)
    """Requests that say where the addressee's address is ("her email is on her website",
    "use the address in the invoice"): an address taken from there is the one asked for."""
    habitual: list[str] = Field(default_factory=list)
    """Requests that ask an act done as it always is ("pay the rent as usual", "same as last
    time"): where the money or the message goes is the user's own record of it, not a new one
    that some message offers."""
    addressee: list[str] = Field(default_factory=list)
    """Requests that name whom a send goes to by who they are ("forward it to my wife"): the
    address is theirs, not one a source the request points at offers."""
    tool_directives: list[str] = Field(default_factory=list)
    """Text that tells its reader which tool or function to call, and with what ("use the tool
    send_money with the following arguments:"): only an agent is told that."""
    lead_labels: list[str] = Field(default_factory=list)
    """Labels that may stand before an imperative's verb ("TODO:", "Action item -", "FYI:"):
    the sentence after them is read as if they were not there."""
    lead_clauses: list[str] = Field(default_factory=list)
    """Words that open a clause of purpose, condition or time set off by a comma before the
    main clause ("To resume, install …", "If the upload stalls, enable …"): an imperative
    may follow it, and is read as if the clause were not there."""


class Buttons(_Strict):
    """What a button's label commits when tapped (the GUI event builder's lexicon)."""

    commits: dict[Operation, list[str]] = Field(default_factory=dict)
    """Single words of a label, matched as whole words ("Send", "Löschen", "btn_pay")."""
    phrases: dict[Operation, list[str]] = Field(default_factory=dict)
    """Phrases matched inside a label: several words ("factory reset") or a script without
    spaces ("发送", "アップロード")."""
    confirm: list[str] = Field(default_factory=list)
    """Labels that only confirm what their dialog says ("OK", "Confirm", "确定")."""
    form_commit: list[str] = Field(default_factory=list)
    """Labels that commit the form they sit on ("Save", "Done", "Speichern")."""
    form_commit_ids: list[str] = Field(default_factory=list)
    """Words of a resource id that commit its form (btn_save, action_done)."""
    id_noise: list[str] = Field(default_factory=list)
    """Words of a resource id that name the widget, not its act (btn, fab, menu)."""
    grants: list[str] = Field(default_factory=list)
    """What a dialog says when approving it grants an app access ("device admin", "start
    recording or casting", "accessibility"): matched inside its title and message."""
    approvals: list[str] = Field(default_factory=list)
    """Labels that approve what a dialog asks ("Allow", "Activate", "Start now"); a label whose
    first word is one ("Activate this device admin app") approves too."""
    permission_groups: dict[str, list[str]] = Field(default_factory=dict)
    """What a runtime permission prompt grants, by Android's permission group ("location":
    "location"; "sms": "sms messages", "短信"): matched inside the prompt, and a request that
    names the group's words asks for that grant."""
    permission_needs: dict[str, list[str]] = Field(default_factory=dict)
    """Tasks that need a permission group ("camera": "scan", "qr code"): a request for one asks,
    by meaning, for that group's grant to the app that does it."""
    declines: list[str] = Field(default_factory=list)
    """Labels that decline or dismiss ("Don't allow", "Not now", "Close"): a tap on one does
    nothing anyone asked for (rule 5 judges the taps a span named)."""


class ToolNaming(_Strict):
    """How tools and their arguments are named: the open-world layer's vocabulary (rule 9)."""

    verbs: dict[Operation, list[str]] = Field(default_factory=dict)
    """Verbs of a tool's name -> operation (``wire_funds`` -> payment)."""
    fields: dict[FieldRole, list[str]] = Field(default_factory=dict)
    """Argument names -> field role (``iban`` -> account, ``notes`` -> content)."""
    outbound: list[str] = Field(default_factory=list)
    """Name words meaning the tool talks to the outside world (slack, webhook, tweet)."""
    untrusted: list[str] = Field(default_factory=list)
    """Name words meaning the tool returns content from outside the user (fetch, inbox)."""
    executors: list[str] = Field(default_factory=list)
    """Name words of tools that run what they are given (``execute_command``, ``run_query``,
    ``browser_evaluate``, ``call_service``): they are judged by the command they carry."""
    security_objects: list[str] = Field(default_factory=list)
    """What protects the user (a lock, 2FA, a firewall): weakening one is a security change."""
    weakening_verbs: list[str] = Field(default_factory=list)
    """Verbs and values that weaken a protection ("disable", "unlock", "off", "none")."""
    recency_words: list[str] = Field(default_factory=list)
    """Words that make the verb after them a noun: "last_order", "recent_transfers" name
    records (what the tool returns), they do not order or transfer."""
    securing_values: list[str] = Field(default_factory=list)
    """Values that set a protection to its safe state ("closed", "locked", "armed"): such a
    setting secures, it disables nothing (rule 4 names *disabling* security)."""
    grant_objects: list[str] = Field(default_factory=list)
    """What gives someone access (a role, a collaborator seat, a key, an accessibility
    service): creating one is a security change, revoking one a delete."""
    granting_verbs: list[str] = Field(default_factory=list)
    revoking_verbs: list[str] = Field(default_factory=list)
    message_objects: list[str] = Field(default_factory=list)
    """What a "create"/"post" sends when it is the object ("create_message", "post_comment")."""
    public_words: list[str] = Field(default_factory=list)
    public_requests: list[str] = Field(default_factory=list)
    """What, in a request, asks for a thing put before everyone or anyone with its link: a verb
    of publishing ("publish it to npm") or a link made to be passed on ("a share link")."""
    public_venues: list[str] = Field(default_factory=list)
    second_factors: list[str] = Field(default_factory=list)
    """A sign-in's second factors ("mfa", "authenticator"): deleting one turns a protection off
    (a security change, rule 4), it removes no record."""
    """Places whose posts everyone can read (a social network's feed): a post there is public
    by what it is, so a request to post there asks for a public share."""
    # arguments that say who may see a thing ("visibility", "acl"): set to a public word, published
    audience_fields: list[str] = Field(default_factory=list)
    # a flag that keeps a thing private ("private": false publishes it)
    private_flags: list[str] = Field(default_factory=list)
    """Name and argument words that make a write public ("visibility", "public", "share_link")."""
    bulk_words: list[str] = Field(default_factory=list)
    """Name words of a write that touches many records ("bulk", "batch")."""
    action_fields: list[str] = Field(default_factory=list)
    """Argument names whose value says what a generic tool does ({"action": "delete"})."""
    binding_verbs: list[str] = Field(default_factory=list)
    """Verbs of acts that bind the user ("sign", "approve", "accept", "enroll", "merge"): a
    local write, but one a span that claims authority over the assistant must not get done."""
    generic_verbs: list[str] = Field(default_factory=list)
    """Verbs that say a tool changes something but not how ("manage", "process", "patch")."""
    refresh_verbs: list[str] = Field(default_factory=list)
    """Verbs of a tool's name that bring a service's records up to date ("sync_inbox"): with
    nothing said of where data goes, the tool reads them in."""
    procedure_objects: list[str] = Field(default_factory=list)
    """What holds steps of its own (a workflow, a routine, a stored instruction): a tool that
    runs one does what its steps do, which its name does not say."""
    setting_up_verbs: list[str] = Field(default_factory=list)
    """Verbs of a tool's name that set something up to run ("create_direct_debit",
    "NewStandingOrder"), unlike those that only record ("log_donation", "note_payment")."""
    changing_verbs: list[str] = Field(default_factory=list)
    """Verbs that say only that a record changes ("update", "change", "modify"): a request may
    name a tool's act by any of them ("change her monthly payment" -> update_scheduled_…)."""
    destination_fields: list[str] = Field(default_factory=list)
    """Argument names that say where data goes ("target", "remote"): a sync given one sends."""
    paying_fields: list[str] = Field(default_factory=list)
    """Argument names of the account money is paid from ("BankAccountRef", "from_account"):
    its name is the payer's, not the object a request names."""
    sync_sides: list[str] = Field(default_factory=list)
    """Argument names that say with whom or which way a sync runs ("partner", "direction"),
    not what it brings in: a sync given only these may send as well as read."""
    abbreviations: dict[str, str] = Field(default_factory=dict)
    """Abbreviated words of API names -> the word ("Inq" -> inquiry, "Xfer" -> transfer):
    enterprise APIs name operations so (Jack Henry's jXchange ``AcctInq``, ``TrnHistSrch``,
    ``CustMod``), and an abbreviation the verbs do not list leaves the tool unknown."""
    moved_money: list[str] = Field(default_factory=list)
    """Words of an argument's name for money a call moves ("balance", "funds"): with a word of
    where it goes ("move_balance_to", "funds_destination") the call pays it there."""
    transfer_words: list[str] = Field(default_factory=list)
    """Money words that move files as well ("wetransfer.create_transfer {files}"): money only
    where the call gives no files."""
    creating_verbs: list[str] = Field(default_factory=list)
    """Verbs of a tool's name that add a record of the user's own making ("create_note",
    "append_block", "save_file", "import_form"): how a summary or a copy the user asked for is
    kept, not a change of what is there."""
    contentless_verbs: list[str] = Field(default_factory=list)
    """Verbs of a tool's name that say only that something is done ("run", "do", "apply",
    "process"): with nothing the lexicon knows as their object, the tool's effect is unknown."""
    run_args: list[str] = Field(default_factory=list)
    """Arguments that say which run and how wide ({"ref": "wsb-77f1", "scope": "*"}), not
    what a tool brings or changes."""
    attempting_verbs: list[str] = Field(default_factory=list)
    """Verbs of a description that start an act named after them ("attempts payment",
    "initiates a refund"): the act is the tool's."""
    thing_executors: list[str] = Field(default_factory=list)
    """Executor words that also end compound nouns of things ("access code", "zip code"):
    after a word that is no verb they name the thing, and the tool runs nothing."""
    filter_flags: list[str] = Field(default_factory=list)
    """Words of a boolean argument that selects rather than sets ("unread", "include_…",
    "only_…"): with it a tool named by a plural noun still reads."""
    selection_fields: list[str] = Field(default_factory=list)
    """Argument names that select records by a condition rather than by id ("filter", "where")."""
    read_nouns: list[str] = Field(default_factory=list)
    """Nouns that name what a getter returns: a tool named only by them reads ("forecast")."""
    people_words: list[str] = Field(default_factory=list)
    """Who a directory lists when it lists people the user deals with ("tenant_directory"):
    such a lookup is no public directory."""
    private_records: list[str] = Field(default_factory=list)
    """What holds the user's private data (a profile, contacts, a vault, codes)."""
    paid_objects: list[str] = Field(default_factory=list)
    """What is paid for when booked (a hotel room, a flight, a rental): booking one is a payment."""
    booking_verbs: list[str] = Field(default_factory=list)
    """Verbs that commit to a paid object ("book", "reserve", "upgrade", "rebook")."""
    paying_runs: list[str] = Field(default_factory=list)
    """What pays many people at once when it is committed (a payroll, a pay run)."""
    committing_verbs: list[str] = Field(default_factory=list)
    """Verbs that commit such a run ("submit", "approve"): editing one pays nobody yet."""
    public_sources: list[str] = Field(default_factory=list)
    """Name words of tools that return public directory data (maps, hotels, weather)."""
    business_fields: list[str] = Field(default_factory=list)
    """Fields that make a record a business's or a place's (rating, opening hours)."""
    limited_access: list[str] = Field(default_factory=list)
    """Words naming a limited level of access ("read-only", "viewer", "comment")."""
    role_fields: list[str] = Field(default_factory=list)
    """Arguments that set the level of access an account or a member gets ("roles",
    "access_level")."""
    rights_flags: list[str] = Field(default_factory=list)
    """The first word of a switch that grants a right when true ("can_delete_messages",
    "is_admin")."""
    administrative_access: list[str] = Field(default_factory=list)
    """Levels of access that administer the whole thing ("administrator", "owner", "root")."""
    full_access: list[str] = Field(default_factory=list)
    """Words naming full or administrative access ("admin", "owner", "writer",
    "AdministratorAccess"): granting it when the request asked for limited access grants more
    than asked."""
    edit_access: list[str] = Field(default_factory=list)
    """Verbs a request uses to let someone change a thing ("edit", "tweak"): a request that
    names them beside a limited level ("see and tweak the chart") asks for more than it."""
    compound_nouns: list[str] = Field(default_factory=list)
    """Two-word nouns whose words are also verbs ("pull request", "purchase order"): in a
    tool's name they name a thing, the verb is elsewhere ("RepoMergePullRequest" merges)."""
    closing_verbs: list[str] = Field(default_factory=list)
    """Verbs that resolve a record ("close a ticket") but end a thing kept with a service
    ("close my account", "close the subscription"): there they delete."""
    service_things: list[list[str]] = Field(default_factory=list)
    """Kinds of thing a user keeps with a service, each a group of words for one kind (a
    subscription, an account, a newsletter, a domain): ending one is not ending another."""
    person_selectors: list[str] = Field(default_factory=list)
    """Argument names that select a person's conversation ("contact", "chat", "with", "from"):
    a word of the request given there names whose chat the call reads ("the plumber's message"
    -> read_chat(contact: Seu Jorge encanador))."""
    message_selectors: list[str] = Field(default_factory=list)
    """Argument names, written together and lower-cased, that select one message
    ("messageId", "message_id"): a read given one reads part of a message (its attachment)."""
    title_fields: list[str] = Field(default_factory=list)
    """Argument names that give a document's title ("title", "name", "doc"): where the request
    names a document, a word of it given there names the document the call reads."""
    removal_flags: list[str] = Field(default_factory=list)
    """Fields and values by which a write moves a record away ({"archived": true}, SET
    trashed = 1): the write is a delete."""
    own_words: list[str] = Field(default_factory=list)
    """Name words that make a lookup the user's own records ("get_my_bookings", "saved_places"),
    whatever else its name says."""
    negative_key_words: list[str] = Field(default_factory=list)
    """Words of a setting's key that invert its value ("disable_lock" = 1 turns a lock off)."""
    location_fields: list[str] = Field(default_factory=list)
    """Argument names that hold where something takes place (a place, not a person's address)."""
    disposable_objects: list[str] = Field(default_factory=list)
    """What a tool may remove without losing the user's data (a cache, temporary files): such
    a removal is housekeeping, not a delete."""
    reserving_verbs: list[str] = Field(default_factory=list)
    """Verbs that reserve something for the user ("book", "reserve")."""
    stay_args: list[str] = Field(default_factory=list)
    """Arguments of a stay (check-in, check-out, guests): reserving with them books a paid stay."""
    addressed_documents: list[str] = Field(default_factory=list)
    """Documents made to be sent to someone ("create_invoice {recipient_email}", a quote): whom
    the draft is addressed to is its recipient, judged by rule 5, not content of rule 1."""
    handle_tokens: list[str] = Field(default_factory=list)
    """Credential words that, after a recipient's word, name how the recipient is reached
    ("recipient_token": Zelle's e-mail or phone), not a secret."""
    memory_stores: list[str] = Field(default_factory=list)
    """Words that name an agent's memory in a tool's name ("memory.search", "mem0_recall"):
    what such a store holds is written for the assistant."""
    message_args: list[str] = Field(default_factory=list)
    """Arguments that carry a message the call delivers ({"webhook_url", "text"}): a call
    without one that posts to a remote address posts what it produces itself."""
    asset_sides: list[str] = Field(default_factory=list)
    """Words beside "token" in an argument's name that make it the asset a trade moves
    ("token_in", "tokenOut", "sell_token"), not a secret."""
    protection_acts: list[str] = Field(default_factory=list)
    """States that name the protection they switch off by themselves ("disarmed": an alarm,
    "unlocked": a lock), whatever the device is called."""
    unpaid_acts: dict[str, list[str]] = Field(default_factory=dict)
    """Verbs that pay for a plan, with the things they act on for nothing ("subscribe" to a
    calendar, "upgrade" a firmware): with one of those, no payment."""
    money_words: list[str] = Field(default_factory=list)
    money_request_words: list[str] = Field(default_factory=list)
    """Words that, beside money, ask someone else to pay the user ("request_money",
    "create_payment_request"): a message asking for money, no money leaves."""
    exporting_verbs: list[str] = Field(default_factory=list)
    """Verbs of a tool that returns the records it copies out ("export"): its result is the
    store's data, not an echo of the agent's arguments."""
    settling_verbs: list[str] = Field(default_factory=list)
    """Acts that settle a request for money ("approve", "accept"): the request is paid."""
    """Name words that put money in play (payout, refund, crypto): a write or send with one is a payment."""
    sharing_words: list[str] = Field(default_factory=list)
    """Name words by which a create grants access or makes a link: sharing outside the device."""
    paste_words: list[str] = Field(default_factory=list)
    """Pastes and gists publish a text at a link anyone holding it can read: an upload, whatever the verb."""
    attachment_args: list[str] = Field(default_factory=list)
    """Argument names that give a message the files it carries ("attachments"): a message
    with one carries files out of the device, a share."""
    delivery_args: list[str] = Field(default_factory=list)
    """Argument names that say where a call delivers what it handles ("webhook_url",
    "upload_to"): given a remote address, the call sends it there, whatever its name says."""
    public_args: list[str] = Field(default_factory=list)
    """Argument names by which an outbound write is flagged public (a share, not a message)."""
    link_access_args: list[str] = Field(default_factory=list)
    """Arguments that set who a link opens for ({"shared_link": {"access": "open"}})."""
    open_access_values: list[str] = Field(default_factory=list)
    """Their values that open it to anyone holding the link."""
    grantee_args: list[str] = Field(default_factory=list)
    """Arguments naming whom a call gives access ({"grant_to_email": …}, {"share_with": …})."""
    file_objects: list[str] = Field(default_factory=list)
    """What a send or a grant carries when it is a file (a document, a photo, a backup): a share."""
    loosening_words: list[str] = Field(default_factory=list)
    """Name words that loosen what a protection object guards (disable, bypass, turn off)."""
    reset_objects: list[str] = Field(default_factory=list)
    """What a reset wipes when it is the device itself (factory, phone, system)."""
    participant_words: list[str] = Field(default_factory=list)
    """Argument names that list the people an event or a share involves (attendees, guests)."""
    changing_writes: list[str] = Field(default_factory=list)
    """Write verbs that change existing records (with a condition instead of an id: a bulk change)."""
    share_places: list[str] = Field(default_factory=list)
    """Objects by which a grant shares a place rather than an account (a drive, a folder, a repo)."""
    sending_writes: list[str] = Field(default_factory=list)
    """Write verbs that send when their object is a message (create_message, post_comment)."""
    charging_args: list[str] = Field(default_factory=list)
    """Flags by which a change charges the user ({charge_difference: true}): a payment."""
    charging_phrases: list[str] = Field(default_factory=list)
    """What a description says when the call charges the user ("charged to the default payment
    method"): a payment, whatever the name calls it."""
    lookup_verbs: list[str] = Field(default_factory=list)
    """How a tool looks something up: in an app the policy knows, searching its records is a read of that app."""
    lookup_args: list[str] = Field(default_factory=list)
    """Arguments that only select what a bare app name shows ({name: Priya Raman})."""
    opening_verbs: list[str] = Field(default_factory=list)
    """Verbs that open what a protection object guards (open, unlock, expose)."""
    entry_acts: list[str] = Field(default_factory=list)
    """Acts that open a door, a gate, a lock or a vehicle (open, unlock, unlatch)."""
    entry_objects: list[str] = Field(default_factory=list)
    """What guards a way in: a door, a gate, a garage, a lock (an app's screen about one)."""
    chore_verbs: list[str] = Field(default_factory=list)
    """Verbs of a household chore ("clean", "mop"): done to a place, they remove nothing."""
    place_objects: list[str] = Field(default_factory=list)
    """Places a device works in ("rooms", "segments", "kitchen"), not records."""
    protection_words: list[str] = Field(default_factory=list)
    """Things that exist only to protect ("valve_protection", "safe_browsing"): any switch of
    theirs turned off weakens them."""
    act_records: list[str] = Field(default_factory=list)
    """What a read returns about an act, never its object ("withdraw_status", "send_history"):
    the name shows acts of that kind, it does none."""
    erasable_records: list[str] = Field(default_factory=list)
    """Act records that a removal is done to ("clear_history", "purge_logs"): after a verb of
    removing they are its object, not the record of its acts."""
    becoming_words: list[str] = Field(default_factory=list)
    """Words by which a name says what something becomes ("convert_to_public", "mark_as_public"):
    whatever its verb, the name changes that state."""
    conversation_objects: list[str] = Field(default_factory=list)
    """A conversation's replies go to whoever is in it: a public reply on a ticket is no publication."""
    state_fields: list[str] = Field(default_factory=list)
    """Argument names whose value says how something is set ({type: none}, {enabled: false})."""
    rehearsal_flags: list[str] = Field(default_factory=list)
    """Arguments that, set true, make a call rehearse its act without doing it ({"dry_run":
    true}, {"preview": true}): such a call changes nothing and only shows."""
    state_heads: list[str] = Field(default_factory=list)
    """Last words of a name that make it the state or review of what the words before name
    ("kill_switch_status", "intune_wipe_audit"): never a document an act moves or removes
    (a "report" is exported, a "log" purged)."""
    read_only_statements: list[str] = Field(default_factory=list)
    """A sentence of a tool's description that says, on its own, that the tool changes nothing
    ("Read-only.", "Calculation only; changes nothing."): with its server's readOnlyHint, a
    read whatever words its name holds."""
    lookup_heads: list[str] = Field(default_factory=list)
    """Last words of a name written as nouns that make it a read of what the words before name
    ("cat_kill_zone_lookup", "eviction_kill_list"): the verbs inside name what is looked up."""
    receiving_fields: list[str] = Field(default_factory=list)
    """Argument names for whom a thing created goes to ("signers", "recipients", "cc"): a
    person's address under one is where it is sent, in a write too (an envelope created with
    its signers); people added to a list ("members") are the list's data."""
    quantity_fields: list[str] = Field(default_factory=list)
    """Argument names for how much of an asset an order trades ("quantity", "qty", "size")."""
    person_name_fields: list[str] = Field(default_factory=list)
    """Argument names, written together and lower-cased, that hold a person's name in a record
    ("first_name" -> "firstname", "displayName", "name"): an address field beside them, with
    the same prefix ("client_name", "client_email"), is that person's own."""
    contact_fields: list[str] = Field(default_factory=list)
    """Argument names, written together and lower-cased, that hold a person's mail address in a
    record ("email", "email_address", "workEmail" ends with one)."""
    minor_units: list[str] = Field(default_factory=list)
    """Words by which a payment API's name, description or amount field says its amounts are
    integers in the currency's minor unit ("stripe", "cents", "amount_minor"): 500 is 5.00."""
    minor_unit_fields: list[str] = Field(default_factory=list)
    """Argument names, written together and lower-cased, of payment APIs that count in the
    currency's minor unit (Stripe's ``payment_intent``, Square's ``amount_money``): a call that
    carries one pays in minor units whatever its tool is called."""
    draft_words: list[str] = Field(default_factory=list)
    """Words by which a tool's name says what it creates is kept, not sent ("create_draft")."""
    further_acts: list[str] = Field(default_factory=list)
    """Words by which a description adds what else a tool does ("… It also permanently deletes
    the saved VODs", "scope=all additionally uploads …"): the verb after one is an act too."""
    housekeeping_verbs: list[str] = Field(default_factory=list)
    """Verbs of tidying up ("tidy", "sweep", "declutter"): a tool named by one that its server
    declares destructive removes what it tidies."""
    destroying_flags: list[str] = Field(default_factory=list)
    """One-word switches that make a write destroy what it does not name ({"prune": true} on
    an apply): other switches of a write are its modes ({"detach": true} on a container run)."""
    commit_flags: list[str] = Field(default_factory=list)
    """Arguments that, set false, hold a call back from doing its act ({"execute": false},
    {"commit": false}): likewise a preview."""
    everyone_words: list[str] = Field(default_factory=list)
    """Recipient values that address every contact at once: a broadcast."""
    place_fields: list[str] = Field(default_factory=list)
    """Argument names that name one place people read (a channel, a room), not a set of people."""
    addressed_fields: list[str] = Field(default_factory=list)
    """Argument names that list people an action addresses (to, cc, signers, invitees)."""
    sql_fields: list[str] = Field(default_factory=list)
    """Argument names that carry an SQL statement."""
    key_columns: list[str] = Field(default_factory=list)
    """Column names that hold a row's own key besides ``id`` (``WHERE sku = 'UI-101'`` selects
    one row, as ``WHERE id = 7`` does; ``WHERE status = 'active'`` selects many)."""
    script_fields: list[str] = Field(default_factory=list)
    """Argument names that carry a script to run in a page or an interpreter."""
    command_fields: list[str] = Field(default_factory=list)
    encoded_fields: list[str] = Field(default_factory=list)
    """Words by which an argument's name says it holds encoded data ("profile_blob", "cfg_b64"):
    what such a value makes the call do is not read, however short it is."""
    """Argument names that carry a shell command line."""
    agent_words: list[str] = Field(default_factory=list)
    """Name words of a tool that hands work to another agent (``research_agent.run``)."""
    task_fields: list[str] = Field(default_factory=list)
    """Argument names that carry the task such a tool hands over, in words."""
    question_fields: list[str] = Field(default_factory=list)
    """Argument names that carry a question such a tool is asked: answering it is a read."""
    service_fields: list[str] = Field(default_factory=list)
    """Argument names that name the service a generic call reaches (Home Assistant's service)."""
    method_fields: list[str] = Field(default_factory=list)
    """The argument of a gateway that names the method it calls on a service ("make_api_request
    {service: refunds, method: refund_payment}")."""
    tool_name_fields: list[str] = Field(default_factory=list)
    """Argument names that name the inner tool a proxy calls."""
    tool_arg_fields: list[str] = Field(default_factory=list)
    """Argument names that carry the inner tool's arguments."""


class Nested(_Strict):
    """A command that runs another command line given after it (``ssh host …``)."""

    target: bool = True
    """Whether a target comes first (the host, the container); ``adb shell …`` has none."""
    options: list[str] = Field(default_factory=list)
    """Its options that take a value (``ssh -i key``): the value is not the target."""


class Commands(_Strict):
    """The vocabulary of formal languages tools carry: shell commands and SQL statements."""

    shell: dict[Operation, list[str]] = Field(default_factory=dict)
    """Program names (``rm``) and program + subcommand pairs (``git push``) -> operation."""
    sql: dict[Operation, list[str]] = Field(default_factory=dict)
    """Statement keywords (``select``, ``drop``) -> operation."""
    clouds: list[str] = Field(default_factory=list)
    """CLIs whose subcommand is an API call named like a tool (``aws ec2 terminate-instances``)."""
    send_flags: list[str] = Field(default_factory=list)
    """Flags by which an HTTP client sends data out (``-d``, ``--upload-file``)."""
    script_sends: list[str] = Field(default_factory=list)
    """Calls by which a script sends data out (``fetch(``, ``sendBeacon``)."""
    bypass_flags: list[str] = Field(default_factory=list)
    """Flags by which a command overrides a protection (``gh pr merge --admin``,
    ``git commit --no-verify``): the command is a security change."""
    overwrite_commands: list[str] = Field(default_factory=list)
    """Commands that may overwrite what is at their destination (``git push``)."""
    force_flags: list[str] = Field(default_factory=list)
    """Flags by which such a command overwrites (``--force``, ``--delete``): then a delete."""
    api_programs: list[str] = Field(default_factory=list)
    """HTTP clients and API subcommands (``curl``, ``gh api``) whose method flag (``-X DELETE``)
    says what the call does."""
    info_flags: list[str] = Field(default_factory=list)
    """Arguments that make any program only print about itself (``--version``, ``--help``):
    a line of a program and nothing but them reads, whatever the program."""
    sql_programs: dict[str, list[str]] = Field(default_factory=dict)
    """Database clients and the flags that carry the SQL they run (``psql -c``): they do what
    the SQL does; an empty list: the SQL follows the database (``sqlite3 app.db "…"``)."""
    nested: dict[str, Nested] = Field(default_factory=dict)
    """Commands that run a command line given after them (``docker exec web …``): they do
    what it does."""
    stopping_commands: list[str] = Field(default_factory=list)
    """Commands that stop or disable a service (``systemctl stop``, ``service * stop``)."""
    protections: list[str] = Field(default_factory=list)
    """Services that protect a host (``ufw``, ``apparmor``, ``auditd``): stopping one is a
    security change."""
    security_paths: list[str] = Field(default_factory=list)
    """Files that say who may do what (``/etc/sudoers``, ``authorized_keys``): writing one is
    a security change."""


class Cues(_Strict):
    """Words that say what a number beside them is."""

    code: list[str] = Field(default_factory=list)
    """Words by which a message speaks of a one-time code or a confirmation ("code", "verify*",
    "log in", "验证"): a 6-8 digit number in it is a code."""
    strong_code: list[str] = Field(default_factory=list)
    """The unmistakable ones: a 4-5 digit number is a code only in a sentence with one."""
    record_number: list[str] = Field(default_factory=list)
    """Words that name a number right after them as a record's ("order", "room", "flight",
    "invoice"): such a number is an identifier, not a code or a secret."""
    identifier_number: list[str] = Field(default_factory=list)
    """Words that make the number after them a reference for T3's identifier test, beside the
    record words ("confirmation"): not for telling codes, where "confirmation" speaks of one."""


# --- the sensitive-value detectors' words (host_pep/values) and the GUI builder's field words ---
#
# A word of a spaced script matches whole; a word of an unspaced script (CJK, Hangul) matches as
# a substring (``recognition.wordmatch.is_unspaced``). Words are written lower-case: the
# detectors match them on lower-cased text, or case-insensitively. Fields named ``patterns`` or
# ``constructions`` hold regular expressions, for the few constructions a word list cannot say.


def _compiles(patterns: list[str], flags: int = re.IGNORECASE) -> list[str]:
    for p in patterns:
        try:
            re.compile(p, flags)
        except re.error as exc:
            raise ValueError(f"{p!r} is not a regular expression: {exc}") from exc
    return patterns


class OtpWords(_Strict):
    """How a message names a one-time code (``host_pep/values/otp.py``)."""

    keywords: list[str] = Field(default_factory=list)
    """Words that name a one-time code ("verification", "one-time password", "验证码"): a 4-8
    digit or short letter-and-digit code within a few words of one is a code."""
    not_after: dict[str, list[str]] = Field(default_factory=dict)
    """Keyword -> words right before it that make it another kind of code ("zip code", "error
    code", "SIM PIN"); a word ending in '-' is written joined to it ("zip-code")."""
    constructions: dict[str, list[str]] = Field(default_factory=dict)
    """Word -> regular expressions (on lower-cased text) of constructions in which it names a
    code and alone it does not ("Ihre TAN lautet", "pushTAN"; a bare "tan" is a colour). Every
    match contains the word."""
    travel: list[str] = Field(default_factory=list)
    """Words of a message about a trip ("flight", "boarding"): its letter-and-digit "code" is
    the booking reference (a PNR), not a one-time code."""
    sale: list[str] = Field(default_factory=list)
    """Words of a sale's message ("coupon", "Rabatt"): its letter-and-digit "code" is a
    discount code."""
    percent_off: list[str] = Field(default_factory=list)
    """Words right after a percentage that make the message a sale ("20% off")."""

    @field_validator("constructions")
    @classmethod
    def _constructions(cls, value: dict[str, list[str]]) -> dict[str, list[str]]:
        for word, patterns in value.items():
            _compiles(patterns, 0)
            if any(word not in p for p in patterns):
                raise ValueError(f"every construction of {word!r} contains {word!r}")
        return value


class CredentialWords(_Strict):
    """How a text discloses a secret (``host_pep/values/credentials.py``)."""

    labels: list[str] = Field(default_factory=list)
    """Words that name a secret before its value ("password: hunter2", "passwort ist …"); a '_'
    matches a space, '_', '-' or nothing ("api_key": API key, api-key, apikey)."""
    copulas: list[str] = Field(default_factory=list)
    """Words between a label and its value ("is", "ist", "是")."""
    copula_patterns: list[str] = Field(default_factory=list)
    """Regular expressions of longer constructions between a label and its value ("for my
    bank is")."""
    config_names: list[str] = Field(default_factory=list)
    """Words of a configuration name that make its value secret (DB_PASSWORD, GITHUB_TOKEN)."""
    config_qualifiers: list[str] = Field(default_factory=list)
    """Words of a configuration name that make its value secret only in a text that also holds
    a label or a configuration name above (CLIENT_AUTH in an ``.env`` file; not "Private: 415
    555 0132" alone)."""
    companion_names: list[str] = Field(default_factory=list)
    """Last words of a configuration name that name a secret's companion, not the secret
    (AWS_ACCESS_KEY_ID, KEY_PATH)."""
    prose_after: list[str] = Field(default_factory=list)
    """Words that follow "password is" in prose about passwords, not in a disclosure
    ("incorrect", "required")."""
    setting_values: list[str] = Field(default_factory=list)
    """Values of a secret's settings, never the secret ({"symbols": true}, "off")."""

    @field_validator("copula_patterns")
    @classmethod
    def _patterns(cls, value: list[str]) -> list[str]:
        return _compiles(value)


class StreetTypesAfterName(_Strict):
    """ "221B Baker Street, Mountain View, CA 94043": the number, the name, the street type."""

    types: list[str] = Field(default_factory=list)
    """Street types written out ("street", "avenue")."""
    abbreviations: dict[str, str] = Field(default_factory=dict)
    """Abbreviated street types (with or without a dot) -> the type ("st": street)."""
    ordinal_suffixes: list[str] = Field(default_factory=list)
    """Endings of an ordinal street name ("5th Avenue", "42nd Street")."""
    units: list[str] = Field(default_factory=list)
    """Words of the unit after the street ("apt", "suite", "floor")."""
    directions: dict[str, str] = Field(default_factory=dict)
    """Compass letters before the name -> their word ("N" north: "1600 N Main St")."""


class StreetTypesGlued(_Strict):
    """A street type glued to the name (or standing after it), the number after: "Hauptstraße 5,
    10115 Berlin" (``name_type_number``), "Keizersgracht 123, 1016 GV Amsterdam"
    (``name_type_number_postcode_letters``)."""

    types: list[str] = Field(default_factory=list)
    """Street types ("straße", "str.", "gracht")."""


class StreetTypesAfterNumber(_Strict):
    """ "12 rue de Rivoli, 75001 Paris": the number, the street type, the name."""

    types: list[str] = Field(default_factory=list)
    """Street types ("rue", "av.")."""
    number_suffixes: list[str] = Field(default_factory=list)
    """Words after a house number that make another house of it ("12 bis")."""
    connectors: list[str] = Field(default_factory=list)
    """Words between the type and the name ("de la", "du", "l'")."""


class StreetTypesFirst(_Strict):
    """ "Calle de Alcalá 45, 28014 Madrid", "Via Roma 5": the street type, the name, the number."""

    types: list[str] = Field(default_factory=list)
    """Street types, in any case ("calle", "rua", "av.")."""
    capitalized_types: list[str] = Field(default_factory=list)
    """Street types that count only capitalized ("Via": "via" is also a preposition)."""
    connectors: list[str] = Field(default_factory=list)
    """Words between the type and the name ("de la", "del", "di")."""
    inner_connectors: list[str] = Field(default_factory=list)
    """Words between two words of the name ("Calle Mayor de Gracia")."""


class RoadNumberMark(_Strict):
    """ "北京市朝阳区建国路88号3号楼": administrative units, the road, its number and mark, the
    building's parts. Single characters, except ``types``, ``compound`` and ``units``."""

    types: list[str] = Field(default_factory=list)
    """Road types after the road's name ("路", "大街", "胡同")."""
    number_marks: list[str] = Field(default_factory=list)
    """Marks after the number ("号"); in a key every mark is written as the first."""
    compound: list[str] = Field(default_factory=list)
    """Words of a compound after the number ("院")."""
    units: list[str] = Field(default_factory=list)
    """Parts of a building after a number ("号楼", "单元", "室")."""
    admin_units: list[str] = Field(default_factory=list)
    """Administrative units left of the road ("省", "市", "区")."""
    stops: list[str] = Field(default_factory=list)
    """Characters that end the text before an address ("在", "住", "寄": "我住在北京市…")."""


class CityTownBlock(_Strict):
    """ "東京都千代田区千代田1-1-1", "1丁目9番1号": prefecture, city units, town, block numbers."""

    prefectures: list[str] = Field(default_factory=list)
    """Prefectures named in full ("東京都", "北海道")."""
    prefecture_suffixes: list[str] = Field(default_factory=list)
    """The suffix of every other prefecture ("県")."""
    municipal_units: list[str] = Field(default_factory=list)
    """Units of cities, wards, towns and districts ("市", "区", "町")."""
    chome: list[str] = Field(default_factory=list)
    """The word after the first block number ("丁目")."""
    banchi: list[str] = Field(default_factory=list)
    """The words after the second ("番地", "番")."""
    go: list[str] = Field(default_factory=list)
    """The word after the third ("号")."""


class RegionDistrictRoad(_Strict):
    """ "서울특별시 중구 세종대로 110": [city or province] [district] road + number."""

    regions: list[str] = Field(default_factory=list)
    """Suffixes of cities and provinces ("특별시", "도")."""
    districts: list[str] = Field(default_factory=list)
    """Suffixes of districts ("구", "군")."""
    roads: list[str] = Field(default_factory=list)
    """Suffixes of road names ("대로", "로", "길")."""


class AddressWords(_Strict):
    """How postal addresses are written (``host_pep/values/addresses.py``): one section per
    shape of address; a language gives the words of the shapes its addresses take."""

    number_name_type: StreetTypesAfterName = Field(default_factory=StreetTypesAfterName)
    name_type_number: StreetTypesGlued = Field(default_factory=StreetTypesGlued)
    name_type_number_postcode_letters: StreetTypesGlued = Field(default_factory=StreetTypesGlued)
    number_type_name: StreetTypesAfterNumber = Field(default_factory=StreetTypesAfterNumber)
    type_name_number: StreetTypesFirst = Field(default_factory=StreetTypesFirst)
    name_type_number_mark: RoadNumberMark = Field(default_factory=RoadNumberMark)
    city_town_block: CityTownBlock = Field(default_factory=CityTownBlock)
    region_district_road: RegionDistrictRoad = Field(default_factory=RegionDistrictRoad)
    labels: list[str] = Field(default_factory=list)
    """Labels before an address ("Address:", "Anschrift:", "地址"): the value after one is an
    address when it holds a digit and a letter."""
    key_forms: dict[str, str] = Field(default_factory=dict)
    """Words written the same way in an address's key ("apt": apartment, "avda": avenue), beside
    the abbreviations and directions above: "Avda. de X" and "Avenida de X" share a key."""
    key_connectors: list[str] = Field(default_factory=list)
    """Words left out of an address's key, which writers add or leave out ("Calle de Alcalá" /
    "Calle Alcalá")."""


class HealthWords(_Strict):
    """How a text states a health datum, beside the term list ``host_pep/values/data/
    health_terms.tsv`` (``host_pep/values/health.py``)."""

    dose_units: list[str] = Field(default_factory=list)
    """Units of a medication's dose ("mg", "units", "毫克")."""
    lab_fillers: list[str] = Field(default_factory=list)
    """Words between a lab test and its value ("HbA1c came back at 8.4 %")."""
    lab_joiners: list[str] = Field(default_factory=list)
    """Words right before a lab value ("was", "of", "at")."""
    lab_units: list[str] = Field(default_factory=list)
    """Units of a lab value ("%", "mg/dl")."""
    labels: list[str] = Field(default_factory=list)
    """Labels of a record's health entry ("Diagnosis:", "Medications:", "诊断")."""
    no_entry: list[str] = Field(default_factory=list)
    """Entries that name no datum ("none", "n/a")."""
    status_words: list[str] = Field(default_factory=list)
    """Words of a status line after a label, not a diagnosis or a drug ("ready for pickup")."""
    parents: dict[str, str] = Field(default_factory=dict)
    """Terms that also disclose a broader one ("type 2 diabetes": diabetes)."""
    blood_types: dict[str, list[str]] = Field(default_factory=dict)
    """Word -> regular expressions of a stated blood type, with the groups ``group`` (AB, A, B,
    O) and ``rh`` ("blood type is A positive", "A型血"); tried where the word occurs."""
    rh_signs: dict[str, str] = Field(default_factory=dict)
    """Words of the Rh factor -> its sign ("positive": +, "阴性": -)."""

    @field_validator("blood_types")
    @classmethod
    def _blood_types(cls, value: dict[str, list[str]]) -> dict[str, list[str]]:
        for patterns in value.values():
            for p in _compiles(patterns):
                if "group" not in re.compile(p).groupindex:
                    raise ValueError(f"{p!r} has no group named 'group'")
        return value


class PhoneWords(_Strict):
    """What stands around digits that are not a phone number (``host_pep/values/phones.py``)."""

    amount_words: list[str] = Field(default_factory=list)
    """Currency words right after a number that make it an amount ("500 dollars", "200元")."""


class EmailWords(_Strict):
    """How an email address is spelled out (``host_pep/values/emails.py``)."""

    at: list[str] = Field(default_factory=list)
    """Words for "@" ("name at domain dot com", "艾特")."""
    dot: list[str] = Field(default_factory=list)
    """Words for "." ("dot", "点")."""


class NumeralWords(_Strict):
    """Spelled-out digits (``host_pep/values/obfuscation.py``): "one three eight", "一三八"."""

    digits: dict[str, int] = Field(default_factory=dict)
    """Words and characters -> the digit they spell ("oh": 0, "幺": 1)."""
    repeats: dict[str, int] = Field(default_factory=dict)
    """Words that repeat the next digit ("double five": 55)."""
    separators: list[str] = Field(default_factory=list)
    """Words for a separator between digits ("202 dash 555")."""
    interjections: list[str] = Field(default_factory=list)
    """Digit words that are also interjections ("oh"): a digit only beside another digit word."""

    @field_validator("digits")
    @classmethod
    def _digits(cls, value: dict[str, int]) -> dict[str, int]:
        if any(not 0 <= d <= 9 for d in value.values()):
            raise ValueError("a digit is 0-9")
        return value


class RecordWords(_Strict):
    """Keys of labelled records ({"label": "code", "value": "…"}; ``host_pep/values/records.py``)."""

    label_keys: list[str] = Field(default_factory=list)
    """Keys whose value names what the record holds, first found first ("label", "name")."""
    value_keys: list[str] = Field(default_factory=list)
    """Keys that hold the value itself ("value", "result")."""
    unit_keys: list[str] = Field(default_factory=list)
    """Keys of the value's unit ("unit")."""
    secret_labels: list[str] = Field(default_factory=list)
    """Label words that make the value a secret, beside the credential field words ("code",
    "token", "cvv")."""


class FieldWords(_Strict):
    """Words of a field's name or resource-id ("et_password", "contacts[0].mobile") that say
    what it holds (``host_pep/values/fields.py``; the GUI and shell adapters'
    ``android_bridge/events/apps.py`` and ``compose.py``)."""

    credential: list[str] = Field(default_factory=list)
    """A secret ("password", "pin"): the whole text is a credential."""
    otp: list[str] = Field(default_factory=list)
    """A one-time code ("otp", "verification")."""
    not_otp: list[str] = Field(default_factory=list)
    """Words that make a field's "code" another kind of code ("zip", "promo", "order")."""
    secret_codes: list[str] = Field(default_factory=list)
    """Words that make a tool argument's "code" a secret ("sms_code", "door_code"): qualified
    by any other word ("property_code", "service_code") a code names a thing."""
    phone: list[str] = Field(default_factory=list)
    """A phone number, in any language's label ("mobile", "Handy", "电话")."""
    pin: list[str] = Field(default_factory=list)
    """Last words of a PIN's field ("pin", "passcode"): a PIN is digits."""
    roles: dict[FieldRole, list[str]] = Field(default_factory=dict)
    """Role of a field the app catalog does not know, by its words (GUI and shell adapters):
    credential, address (a postal address's parts), url, amount, recipient."""
    address_nouns: list[str] = Field(default_factory=list)
    """Words for "address" itself: with another word beside them a postal address
    ("address_line", "Street address"), alone the recipient of a message."""
    not_postal: list[str] = Field(default_factory=list)
    """Words that make an address a mail, network or message address ("email", "ip", "to")."""
    conversation_to: list[str] = Field(default_factory=list)
    """A messaging screen's field that names who the message goes to ("to", "recipient")."""
    conversation_title: list[str] = Field(default_factory=list)
    """A messaging screen's label that names the conversation's other party ("title", "name")."""


class SettingsWords(_Strict):
    """How the device's protection settings are labelled on screen
    (``android_bridge/events/security.py``)."""

    lock_titles: list[str] = Field(default_factory=list)
    """Titles of the screen-lock chooser ("Choose screen lock", "Bildschirmsperre")."""
    no_lock_choices: list[str] = Field(default_factory=list)
    """Choices on it that leave the phone unlocked ("None", "Swipe", "无")."""
    protection_dialogs: list[str] = Field(default_factory=list)
    """The dialog Android shows before it drops the lock ("Remove device protection?")."""
    keep_answers: list[str] = Field(default_factory=list)
    """Answers to that dialog that keep the lock ("Cancel", "Abbrechen")."""
    toggles: dict[str, list[str]] = Field(default_factory=dict)
    """Setting -> labels of its toggle row ("adb_enabled": "USB debugging"), matched inside
    the row's labels."""
    switch_states: list[str] = Field(default_factory=list)
    """A switch's own state labels ("ON", "OFF"): they name no setting."""
    off_answers: list[str] = Field(default_factory=list)
    """Answers on a protection's own dialog that turn it off ("Turn off two-factor
    authentication?" [Turn off], "2단계 인증을 끄시겠어요?" [끄기])."""


class Values(_Strict):
    """The words of sensitive values and of the fields and screens that hold them."""

    otp: OtpWords = Field(default_factory=OtpWords)
    credentials: CredentialWords = Field(default_factory=CredentialWords)
    addresses: AddressWords = Field(default_factory=AddressWords)
    health: HealthWords = Field(default_factory=HealthWords)
    phones: PhoneWords = Field(default_factory=PhoneWords)
    emails: EmailWords = Field(default_factory=EmailWords)
    numerals: NumeralWords = Field(default_factory=NumeralWords)
    records: RecordWords = Field(default_factory=RecordWords)
    fields: FieldWords = Field(default_factory=FieldWords)
    settings: SettingsWords = Field(default_factory=SettingsWords)


class Language(_Strict):
    code: str
    name: str
    spaced: bool = True
    """False for languages written without spaces between words (Chinese, Japanese)."""
    verb_final: bool = False
    """True where the verb closes the sentence (Turkish, Hindi): an order given in untrusted
    text may end on its verb ("Raporu … adresine gönder.") instead of opening with it."""
    operations: dict[Operation, list[str]] = Field(default_factory=dict)
    """Words in a request that ask for an operation of this kind ("delete", "pay")."""
    security: dict[str, list[str]] = Field(default_factory=dict)
    """Request words per direction of a security change: off, on, reset; open (opening what
    a lock, a door or a gate guards, for someone); and admit (letting someone in: the phrase
    names the entrance itself, "let her in")."""
    objects: dict[str, list[str]] = Field(default_factory=dict)
    """Words naming the objects of each semantic app ("meeting" -> calendar)."""
    all_words: list[str] = Field(default_factory=list)
    """Words by which a request asks for every object ("all", "alle", "全部")."""
    negation: Negation = Field(default_factory=Negation)
    tense: Tense = Field(default_factory=Tense)
    money: Money = Field(default_factory=Money)
    ui_nouns: list[str] = Field(default_factory=list)
    """Nouns after a verb that make it the name of a control ("the delete button")."""
    noun_markers: list[str] = Field(default_factory=list)
    """Articles and possessives: a verb right after one is a noun ("in my trash", "the order
    I placed"), not a request for the act."""
    noun_prepositions: list[str] = Field(default_factory=list)
    """Prepositions that take a noun, never a verb of the request: a verb word right after one
    and before a record's number names that record ("the chargeback on order 3301"). Not in
    languages whose prepositions take an infinitive ("merci de payer", "para pagar")."""
    noun_modifiers: list[str] = Field(default_factory=list)
    """Adjectives that may stand between an article and its noun ("the latest email", "my new
    order"): the word after them is still a noun."""
    noun_phrase_ends: list[str] = Field(default_factory=list)
    """Words that may follow the last noun of a noun phrase but not an imperative's verb
    ("the flight log for my report", "the system log and tell me"): with an article some
    words before, a verb-noun before one of them is the phrase's noun."""
    noun_phrases: list[str] = Field(default_factory=list)
    """Nouns whose first word is also a verb ("text message", "email address", "order
    number"): inside one, the word asks for nothing."""
    light_verbs: list[str] = Field(default_factory=list)
    """Verbs whose object names the act ("make a payment", "fais un virement"): after one and
    an article, an operation noun still asks for its act."""
    proclitics: list[str] = Field(default_factory=list)
    """Words that stand right before a verb -- pronouns ("mi paghi", "ci mandi"), a conjunction
    (Czech "a zaplať", and pay): where another language reads the same word as an article or a
    possessive (Spanish "mi", English "a"), a verb of this language after it is still a verb."""
    enclitics: list[str] = Field(default_factory=list)
    """Pronouns written joined to the end of an imperative ("devuélvele", "cancélalo",
    "restituiscigli"): a listed whole verb of this language with one still asks for its act,
    with the stress accent the pronoun puts on one of the verb's vowels ("devuelve" + "le")."""
    question_words: list[str] = Field(default_factory=list)
    """Words that open a question about an act ("how much", "when", "quanto"): a verb after one
    in the same clause is asked about, not asked for ("tell me how much I must pay")."""
    consents: list[str] = Field(default_factory=list)
    """Patterns of a prompt the user agrees to ahead ("when it asks to make Company Portal a
    device admin, say yes"): what the prompt asks is asked for, though a question word opens
    the clause."""
    clause_joiners: list[str] = Field(default_factory=list)
    """Words that join a second clause with a verb of its own ("check what he wrote and pay
    him"): a question word's clause ends before one."""
    question_openings: list[str] = Field(default_factory=list)
    """Words that open a yes/no question ("did", "has", "hat"): a sentence they open and a
    question mark ends asks whether, not for the act ("did Lena pay me back?"). Never the
    modals of a polite request ("can you", "could you", "kannst du")."""
    telling_openings: list[str] = Field(default_factory=list)
    """Words that open a request to be told ("check whether", "tell me", "show me", "find out"):
    a sentence they open, with no second clause joined to it, asks to be told, not for an act
    ("Check whether the meter is communicating." changes nothing)."""
    hypothetical_modals: list[str] = Field(default_factory=list)
    """Modals that make a verb what would happen, not what is asked ("how many contacts a bulk
    delete would remove"): in a sentence a question word opened, the verb after one is asked
    about, however far from the question word it stands."""
    question_words_after: list[str] = Field(default_factory=list)
    """Question words that stand after the verb they ask about, in the same clause (Thai
    "ต้องจ่ายค่าไฟเท่าไหร่", how much must I pay for electricity): the verb is asked about."""
    answer_phrases: list[str] = Field(default_factory=list)
    """Phrases by which a request asks the assistant to answer in the conversation ("tell me",
    "let me know"): a send verb inside one does not ask for a message to leave the device."""
    local_destinations: list[str] = Field(default_factory=list)
    """Regular expressions for phrases that keep a result on the device ("on my phone")."""
    file_extensions: list[str] = Field(default_factory=list)
    """Extensions that make a word a file name ("pdf", "docx")."""
    sent_files: list[str] = Field(default_factory=list)
    """Words naming a file or a document ("pdf", "scan", "allegato"): a request to send one asks
    for a share -- the file leaves the device ("manda il PDF a Marco")."""
    secret_files: list[str] = Field(default_factory=list)
    """Shell-style patterns of files that hold credentials, matched against a path's last
    segments ("id_rsa", ".aws/credentials", "*.pem"): sending one out leaks what it holds."""
    accessibility_services: list[str] = Field(default_factory=list)
    """Android's accessibility services by their names ("TalkBack", "Select to Speak"): a
    request naming one names the accessibility switch that turns it on."""
    switch_values: list[str] = Field(default_factory=list)
    """Values that set a switch one way or the other ("0", "true", "off"): a change to one has a
    direction, which a request must say."""
    system_paths: list[str] = Field(default_factory=list)
    """Prefixes of a machine's own folders ("/etc/", "/home/"): a path under one names a file
    of this host, not a route of an API a tool's description documents."""
    stopwords: list[str] = Field(default_factory=list)
    word_prefixes: list[str] = Field(default_factory=list)
    """Letters written onto the front of a word (Hebrew "ב" in, "ל" to; Arabic "ال" the):
    "בוואטסאפ" is "וואטסאפ" (WhatsApp) with "in" before it."""
    synonyms: list[list[str]] = Field(default_factory=list)
    """Groups of words that name the same object ("2fa", "two-factor", "mfa"; "tablet",
    "phone", "device"): a request naming one names the others."""
    personal_words: list[str] = Field(default_factory=list)
    """Words by which a text asks for someone's private data ("phone", "address", "code")."""
    lookalike_additions: list[str] = Field(default_factory=list)
    """Words a look-alike domain adds to the name it imitates after a hyphen ("-payments",
    "-secure", "-login", "-org"); a company's own additions ("-labs", "-group") are not listed."""
    kind_words: dict[str, list[str]] = Field(default_factory=dict)
    """Words that name a kind of value in a request ("the address it gives" -> email, url)."""
    folder_words: list[str] = Field(default_factory=list)
    """What a request calls a folder ("folder", "cartella", "Ordner"): the word beside it is
    that folder's name ("in the Casa folder", "nella cartella Casa")."""
    determiners: list[str] = Field(default_factory=list)
    """Words that open an object ("the", "my", "it", "to"): a verb that is also a noun ("Order",
    "Email", "Transfer") starts an imperative only when one of these (or a name) follows."""
    follow_words: list[str] = Field(default_factory=list)
    """Words by which a request asks to follow what content points at ("open the link")."""
    title_labels: list[str] = Field(default_factory=list)
    """Labels of what a message or document says it is ("Subject", "Betreff", "件名"), as a
    header line or a field: a request naming that title points at it (rule 5)."""
    sender_labels: list[str] = Field(default_factory=list)
    """Header labels that name who sent a message ("From", "Von", "差出人"): an address on such
    a line of a message's header is its sender's."""
    generic_words: list[str] = Field(default_factory=list)
    """Words that name nothing specific in a tool's name or a request ("data", "details",
    "manager", "tool"): they do not make an action match an instruction or a request."""
    instructions: Instructions = Field(default_factory=Instructions)
    prototypes: dict[Operation, list[str]] = Field(default_factory=dict)
    """Typical requests for each operation, for the semantic model (``recognition.semantic``):
    a paraphrase no word list covers is compared with them."""
    tool_naming: ToolNaming = Field(default_factory=ToolNaming)
    buttons: Buttons = Field(default_factory=Buttons)
    commands: Commands = Field(default_factory=Commands)
    cues: Cues = Field(default_factory=Cues)
    values: Values = Field(default_factory=Values)
    """The words of sensitive values and of the fields and screens that hold them."""

    @field_validator("code")
    @classmethod
    def _code(cls, value: str) -> str:
        if not value or not value.replace("-", "").isalnum():
            raise ValueError("a language code is letters, digits and '-' (e.g. 'en', 'hi-latn')")
        return value

    @field_validator("security")
    @classmethod
    def _directions(cls, value: dict[str, list[str]]) -> dict[str, list[str]]:
        unknown = set(value) - {"off", "on", "reset", "open", "admit"}
        if unknown:
            raise ValueError(
                f"security directions are off, on, reset, open, admit (not {sorted(unknown)})"
            )
        return value


class LexiconError(ValueError):
    """A language file is unreadable or invalid; names the file and the field."""


_Model = TypeVar("_Model", bound=BaseModel)


def merged(parts: Sequence[_Model], where: str = "values") -> _Model:
    """Every language's section merged into one: lists are ordered unions, dicts merge per key
    (lists as unions; a scalar two languages give differently is an error), sections recursively."""
    cls = type(parts[0])
    data: dict[str, object] = {}
    for name in cls.model_fields:
        values = [getattr(p, name) for p in parts]
        here = f"{where}.{name}"
        if isinstance(values[0], BaseModel):
            data[name] = merged(values, here)
        elif isinstance(values[0], list):
            data[name] = list(dict.fromkeys(x for v in values for x in v))
        elif isinstance(values[0], dict):
            out: dict[object, object] = {}
            for v in values:
                for key, item in v.items():
                    if isinstance(item, list):
                        old = out.get(key, [])
                        assert isinstance(old, list)
                        out[key] = list(dict.fromkeys([*old, *item]))
                    elif key in out and out[key] != item:
                        raise LexiconError(f"{here}.{key}: {out[key]!r} and {item!r}")
                    else:
                        out[key] = item
            data[name] = out
        else:
            data[name] = values[0]
    return cls.model_validate(data)


def _merged(tables: list[dict[str, list[str]]]) -> dict[str, frozenset[str]]:
    """Tables of word lists by key, from every language file, as one: each key's words from
    all of them (``_words``)."""
    keys = sorted({k for table in tables for k in table})
    return {k: frozenset(_words([table.get(k, []) for table in tables])) for k in keys}


def _words(lists: list[list[str]]) -> tuple[str, ...]:
    """Lower-cased union in first-seen order (the order is kept for readable patterns). A word
    written with Arabic vowel signs or Hebrew points is also listed without them
    (``marks.fold_marks``): a request is read folded, while the instruction patterns read
    untrusted text as it was written."""
    seen: dict[str, None] = {}
    for words in lists:
        for w in words:
            seen.setdefault(w.lower(), None)
            seen.setdefault(fold_marks(w.lower()), None)
    return tuple(seen)


class Lexicon:
    """Every language file merged: what the matchers match (the union of all languages)."""

    def __init__(self, languages: list[Language]) -> None:
        self.languages = tuple(languages)
        langs = self.languages
        self.operations: dict[Operation, tuple[str, ...]] = {
            op: _words([lang.operations.get(op, []) for lang in langs]) for op in Operation
        }
        self.read_words = frozenset(self.operations.get(Operation.READ, ()))
        self.security: dict[str, tuple[str, ...]] = {
            d: _words([lang.security.get(d, []) for lang in langs])
            for d in ("off", "on", "reset", "open", "admit")
        }
        apps = sorted({app for lang in langs for app in lang.objects})
        self.objects: dict[str, tuple[str, ...]] = {
            app: _words([lang.objects.get(app, []) for lang in langs]) for app in apps
        }
        self.all_words = _words([lang.all_words for lang in langs])
        self.negation_before = _words([lang.negation.before for lang in langs])
        self.negation_after = tuple(p for lang in langs for p in lang.negation.after)
        self.negation_clause_end = _words([lang.negation.clause_end for lang in langs])
        self.negation_cancelled_by = _words([lang.negation.cancelled_by for lang in langs])
        self.negation_question_tags = _words([lang.negation.question_tags for lang in langs])
        self.negation_adjacent = _words([lang.negation.adjacent for lang in langs])
        self.negation_beyond = _words([lang.negation.beyond for lang in langs])
        self.negation_alternative = _words([lang.negation.alternative for lang in langs])
        self.done_before = _words([lang.tense.done_before for lang in langs])
        self.own_before = _words([lang.tense.own_before for lang in langs])
        self.reminder_before = tuple(p for lang in langs for p in lang.tense.reminder_before)
        self.done_after = tuple(p for lang in langs for p in lang.tense.done_after)
        self.participle_endings = _words([lang.tense.participle_endings for lang in langs])
        self.wish_before = _words([lang.tense.wish_before for lang in langs])
        self.ongoing_before = _words([lang.tense.ongoing_before for lang in langs])
        self.ongoing_endings = _words([lang.tense.ongoing_endings for lang in langs])
        self.stem_participle_endings = _words(
            [lang.tense.stem_participle_endings for lang in langs]
        )
        self.currencies = _words([lang.money.currencies for lang in langs])
        self.currency_prefixes = _words([lang.money.prefixes for lang in langs])
        self.giving_verbs = _words([lang.money.giving_verbs for lang in langs])
        self.giving_verbs_last = _words([lang.money.giving_verbs_last for lang in langs])
        self.money_services = _words([lang.money.services for lang in langs])
        self.converting_verbs = _words([lang.money.converting_verbs for lang in langs])
        self.money_nouns = _words([lang.money.nouns for lang in langs])
        self.money_documents = _words([lang.money.documents for lang in langs])
        self.money_caps = _words([lang.money.caps for lang in langs])
        self.money_shares = _words([lang.money.shares for lang in langs])
        self.money_deductions = _words([lang.money.deductions for lang in langs])
        self.money_deductions_after = _words([lang.money.deductions_after for lang in langs])
        self.money_multipliers = {
            w.lower(): n for lang in langs for w, n in lang.money.multipliers.items()
        }
        self.ui_nouns = _words([lang.ui_nouns for lang in langs])
        self.answer_phrases = _words([lang.answer_phrases for lang in langs])
        self.question_words = _words([lang.question_words for lang in langs])
        self.consents = tuple(p for lang in langs for p in lang.consents)
        self.clause_joiners = _words([lang.clause_joiners for lang in langs])
        self.question_openings = _words([lang.question_openings for lang in langs])
        self.telling_openings = _words([lang.telling_openings for lang in langs])
        self.question_words_after = _words([lang.question_words_after for lang in langs])
        self.hypothetical_modals = _words([lang.hypothetical_modals for lang in langs])
        self.noun_markers = _words([lang.noun_markers for lang in langs])
        self.noun_prepositions = _words([lang.noun_prepositions for lang in langs])
        self.noun_modifiers = _words([lang.noun_modifiers for lang in langs])
        self.light_verbs = _words([lang.light_verbs for lang in langs])
        self.proclitic_verbs: dict[str, frozenset[str]] = {}
        """A pronoun that stands before a verb -> the verbs (of its languages) it stands before."""
        for lang in langs:
            verbs_of = frozenset(v.lower() for vs in lang.operations.values() for v in vs)
            for pronoun in (p.lower() for p in lang.proclitics):
                self.proclitic_verbs[pronoun] = (
                    self.proclitic_verbs.get(pronoun, frozenset()) | verbs_of
                )
        self.enclitics: dict[str, tuple[str, ...]] = {}
        """A single-word verb of a language that joins pronouns to its imperatives -> those
        pronouns (every such language's that lists the verb)."""
        for lang in langs:
            if not lang.enclitics:
                continue
            for verbs in lang.operations.values():
                for verb in (v.lower() for v in verbs):
                    if verb.isalpha():  # not a stem ("elimin*"), a phrase, a gap
                        known = self.enclitics.get(verb, ())
                        self.enclitics[verb] = _words([list(known), lang.enclitics])
        self.noun_phrases = _words([lang.noun_phrases for lang in langs])
        self.local_destinations = tuple(p for lang in langs for p in lang.local_destinations)
        self.file_extensions = _words([lang.file_extensions for lang in langs])
        self.sent_files = _words([lang.sent_files for lang in langs])
        self.secret_files = tuple(p for lang in langs for p in lang.secret_files)
        self.system_paths = tuple(p for lang in langs for p in lang.system_paths)
        self.switch_values = _words([lang.switch_values for lang in langs])
        self.accessibility_services = _words([lang.accessibility_services for lang in langs])
        self.stopwords = frozenset(_words([lang.stopwords for lang in langs]))
        # longest first: "בה" before "ב"
        self.word_prefixes = tuple(
            sorted(_words([lang.word_prefixes for lang in langs]), key=len, reverse=True)
        )
        self.generic_words = frozenset(_words([lang.generic_words for lang in langs]))
        self.follow_words = frozenset(_words([lang.follow_words for lang in langs]))
        self.sender_labels = _words([lang.sender_labels for lang in langs])
        self.title_labels = _words([lang.title_labels for lang in langs])
        # one matcher over every language's follow words: phrases ("haz clic"), unspaced scripts
        # ("打开", "링크") and words with their endings ("ссылку") match where they stand
        self.follows = words_regex(tuple(sorted(self.follow_words)), re.IGNORECASE)
        self.determiners = frozenset(_words([lang.determiners for lang in langs]))
        self.noun_phrase_ends = tuple(_words([lang.noun_phrase_ends for lang in langs]))
        self.personal_words = frozenset(_words([lang.personal_words for lang in langs]))
        self.lookalike_additions = frozenset(_words([lang.lookalike_additions for lang in langs]))
        self.synonyms: dict[str, frozenset[str]] = {}
        for lang in langs:
            for group in lang.synonyms:
                words = frozenset(_words([group]))
                for w in words:
                    self.synonyms[w] = self.synonyms.get(w, frozenset()) | words
        self.kind_words = _merged([lang.kind_words for lang in langs])
        self.folder_words = frozenset(_words([lang.folder_words for lang in langs]))
        self.verb_words = frozenset(
            w for words in self.operations.values() for w in words if " " not in w and "*" not in w
        )
        """Single-word verbs of every operation (a tool's verb is not its object)."""
        self.object_words = frozenset(
            w for words in self.objects.values() for w in words if " " not in w
        )
        ins = [lang.instructions for lang in langs]
        self.addressees = _words([i.addressees for i in ins])
        self.addressing = tuple(p for i in ins for p in i.addressing)
        shared = _words([i.addressees for i in ins if not i.own_addressees])
        self.addressing_by_language: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = tuple(
            (
                tuple(i.addressing),
                _words([i.addressees, list(shared)]) if i.own_addressees else self.addressees,
            )
            for i in ins
            if i.addressing
        )
        """Each language's constructions, with the addressees its ``{A}`` stands for."""
        self.overrides = tuple(p for i in ins for p in i.overrides)
        self.sequencing = tuple(p for i in ins for p in i.sequencing)
        self.back_references = tuple(p for i in ins for p in i.back_references)
        self.secrecy = tuple(p for i in ins for p in i.secrecy)
        self.impersonation = tuple(p for i in ins for p in i.impersonation)
        self.lead_labels = _words([i.lead_labels for i in ins])
        self.lead_clauses = _words([i.lead_clauses for i in ins])
        self.tool_directives = tuple(p for i in ins for p in i.tool_directives)
        self.markers = _words([i.markers for i in ins])
        self.request_openers = _words([i.requests for i in ins])
        self.final_verbs = _words(
            [
                [w for ws in lang.operations.values() for w in ws]
                for lang in langs
                if lang.verb_final
            ]
        )
        """Operation verbs of the languages that close a sentence on its verb."""
        self.delegation = tuple(p for i in ins for p in i.delegation)
        self.addressee = tuple(p for i in ins for p in i.addressee)
        self.address_pointer = tuple(p for i in ins for p in i.address_pointer)
        self.habitual = tuple(p for i in ins for p in i.habitual)
        self.prototypes: dict[Operation, tuple[str, ...]] = {
            op: tuple(p for lang in langs for p in lang.prototypes.get(op, [])) for op in Operation
        }
        buttons = [lang.buttons for lang in langs]
        self.button_words: dict[Operation, tuple[str, ...]] = {
            op: _words([b.commits.get(op, []) for b in buttons]) for op in Operation
        }
        self.button_phrases: dict[Operation, tuple[str, ...]] = {
            op: _words([b.phrases.get(op, []) for b in buttons]) for op in Operation
        }
        self.confirm_labels = frozenset(_words([b.confirm for b in buttons]))
        self.form_commit_labels = frozenset(_words([b.form_commit for b in buttons]))
        self.form_commit_ids = frozenset(_words([b.form_commit_ids for b in buttons]))
        self.id_noise = frozenset(_words([b.id_noise for b in buttons]))
        self.grant_phrases = _words([b.grants for b in buttons])
        self.approval_labels = frozenset(_words([b.approvals for b in buttons]))
        self.decline_labels = frozenset(_words([b.declines for b in buttons]))
        groups: dict[str, list[str]] = {}
        needs: dict[str, list[str]] = {}
        for b in buttons:
            for name, phrases in b.permission_groups.items():
                groups.setdefault(name, []).extend(phrases)
            for name, phrases in b.permission_needs.items():
                needs.setdefault(name, []).extend(phrases)
        self.permission_groups: dict[str, tuple[str, ...]] = {
            name: _words([phrases]) for name, phrases in groups.items()
        }
        self.permission_needs: dict[str, tuple[str, ...]] = {
            name: _words([phrases]) for name, phrases in needs.items()
        }
        naming = [lang.tool_naming for lang in langs]
        self.tool_verbs: dict[Operation, tuple[str, ...]] = {
            op: _words([t.verbs.get(op, []) for t in naming]) for op in Operation
        }
        self.tool_fields: dict[FieldRole, tuple[str, ...]] = {
            role: _words([t.fields.get(role, []) for t in naming]) for role in FieldRole
        }
        # the verbs an English ending ("-ing", "-ed", "-es") may be taken off to find: the
        # stripped word is looked up in English only ("payees" is no French "paye")
        self.english_tool_verbs: dict[str, Operation] = {
            w.lower(): op
            for lang in langs
            if lang.code == "en"
            for op, ws in lang.tool_naming.verbs.items()
            for w in ws
        }
        self.outbound_words = frozenset(_words([t.outbound for t in naming]))
        self.executors = frozenset(_words([t.executors for t in naming]))
        self.security_objects = frozenset(_words([t.security_objects for t in naming]))
        self.weakening_verbs = frozenset(_words([t.weakening_verbs for t in naming]))
        self.securing_values = frozenset(_words([t.securing_values for t in naming]))
        self.recency_words = frozenset(_words([t.recency_words for t in naming]))
        self.grant_objects = frozenset(_words([t.grant_objects for t in naming]))
        self.granting_verbs = frozenset(_words([t.granting_verbs for t in naming]))
        self.revoking_verbs = frozenset(_words([t.revoking_verbs for t in naming]))
        self.message_objects = frozenset(_words([t.message_objects for t in naming]))
        self.public_words = frozenset(_words([t.public_words for t in naming]))
        self.public_requests = _words([t.public_requests for t in naming])
        self.public_venues = frozenset(_words([t.public_venues for t in naming]))
        self.second_factors = frozenset(_words([t.second_factors for t in naming]))
        self.audience_fields = frozenset(_words([t.audience_fields for t in naming]))
        self.private_flags = frozenset(_words([t.private_flags for t in naming]))
        self.bulk_words = frozenset(_words([t.bulk_words for t in naming]))
        # "bulk" words that are not "all" words ("batch", "mass"): derived once, not per call
        self.bulk_only_words = self.bulk_words - frozenset(self.all_words)
        self.share_tool_verbs = frozenset(self.tool_verbs[Operation.SHARE_UPLOAD])
        self.action_fields = frozenset(_words([t.action_fields for t in naming]))
        self.generic_verbs = frozenset(_words([t.generic_verbs for t in naming]))
        self.contentless_verbs = frozenset(_words([t.contentless_verbs for t in naming]))
        self.run_args = frozenset(_words([t.run_args for t in naming]))
        self.attempting_verbs = frozenset(_words([t.attempting_verbs for t in naming]))
        self.creating_verbs = frozenset(_words([t.creating_verbs for t in naming]))
        self.refresh_verbs = frozenset(_words([t.refresh_verbs for t in naming]))
        self.sync_sides = frozenset(_words([t.sync_sides for t in naming]))
        self.moved_money = frozenset(_words([t.moved_money for t in naming]))
        self.transfer_words = frozenset(_words([t.transfer_words for t in naming]))
        self.name_abbreviations: dict[str, str] = {
            short.lower(): word.lower() for t in naming for short, word in t.abbreviations.items()
        }
        self.changing_verbs = frozenset(_words([t.changing_verbs for t in naming]))
        self.setting_up_verbs = frozenset(_words([t.setting_up_verbs for t in naming]))
        self.procedure_objects = frozenset(_words([t.procedure_objects for t in naming]))
        self.destination_fields = frozenset(_words([t.destination_fields for t in naming]))
        self.paying_fields = frozenset(_words([t.paying_fields for t in naming]))
        self.binding_verbs = frozenset(_words([t.binding_verbs for t in naming]))
        self.selection_fields = frozenset(_words([t.selection_fields for t in naming]))
        self.filter_flags = frozenset(_words([t.filter_flags for t in naming]))
        self.thing_executors = frozenset(_words([t.thing_executors for t in naming]))
        self.read_nouns = frozenset(_words([t.read_nouns for t in naming]))
        self.public_sources = frozenset(_words([t.public_sources for t in naming]))
        self.paid_objects = frozenset(_words([t.paid_objects for t in naming]))
        self.paying_runs = frozenset(_words([t.paying_runs for t in naming]))
        self.committing_verbs = frozenset(_words([t.committing_verbs for t in naming]))
        self.private_records = frozenset(_words([t.private_records for t in naming]))
        self.people_words = frozenset(_words([t.people_words for t in naming]))
        self.booking_verbs = frozenset(_words([t.booking_verbs for t in naming]))
        self.business_fields = frozenset(_words([t.business_fields for t in naming]))
        self.limited_access = frozenset(_words([t.limited_access for t in naming]))
        self.role_fields = frozenset(_words([t.role_fields for t in naming]))
        self.rights_flags = frozenset(_words([t.rights_flags for t in naming]))
        self.administrative_access = frozenset(_words([t.administrative_access for t in naming]))
        self.full_access = frozenset(_words([t.full_access for t in naming]))
        self.edit_access = frozenset(_words([t.edit_access for t in naming]))
        self.closing_verbs = frozenset(_words([t.closing_verbs for t in naming]))
        self.service_things: tuple[frozenset[str], ...] = tuple(
            frozenset(w.lower() for w in group) for t in naming for group in t.service_things
        )
        self.compound_nouns = frozenset(
            tuple(c.split())
            for c in _words([t.compound_nouns for t in naming])
            if len(c.split()) == 2
        )
        self.removal_flags = frozenset(_words([t.removal_flags for t in naming]))
        self.person_selectors = frozenset(_words([t.person_selectors for t in naming]))
        self.message_selectors = frozenset(_words([t.message_selectors for t in naming]))
        self.title_fields = frozenset(_words([t.title_fields for t in naming]))
        self.disposable_objects = frozenset(_words([t.disposable_objects for t in naming]))
        self.own_words = frozenset(_words([t.own_words for t in naming]))
        self.negative_key_words = frozenset(_words([t.negative_key_words for t in naming]))
        self.location_fields = frozenset(_words([t.location_fields for t in naming]))
        self.money_words = frozenset(_words([t.money_words for t in naming]))
        self.reserving_verbs = frozenset(_words([t.reserving_verbs for t in naming]))
        self.stay_args = frozenset(_words([t.stay_args for t in naming]))
        self.addressed_documents = frozenset(_words([t.addressed_documents for t in naming]))
        self.handle_tokens = frozenset(_words([t.handle_tokens for t in naming]))
        self.asset_sides = frozenset(_words([t.asset_sides for t in naming]))
        self.message_args = frozenset(_words([t.message_args for t in naming]))
        self.memory_stores = frozenset(_words([t.memory_stores for t in naming]))
        self.protection_acts = frozenset(_words([t.protection_acts for t in naming]))
        self.unpaid_acts = _merged([t.unpaid_acts for t in naming])
        self.money_request_words = frozenset(_words([t.money_request_words for t in naming]))
        self.settling_verbs = frozenset(_words([t.settling_verbs for t in naming]))
        self.exporting_verbs = frozenset(_words([t.exporting_verbs for t in naming]))
        self.sharing_words = frozenset(_words([t.sharing_words for t in naming]))
        self.paste_words = frozenset(_words([t.paste_words for t in naming]))
        self.delivery_args = frozenset(_words([t.delivery_args for t in naming]))
        self.attachment_args = frozenset(_words([t.attachment_args for t in naming]))
        self.public_args = frozenset(_words([t.public_args for t in naming]))
        self.link_access_args = frozenset(_words([t.link_access_args for t in naming]))
        self.open_access_values = frozenset(_words([t.open_access_values for t in naming]))
        self.grantee_args = frozenset(_words([t.grantee_args for t in naming]))
        self.file_objects = frozenset(_words([t.file_objects for t in naming]))
        self.loosening_words = frozenset(_words([t.loosening_words for t in naming]))
        self.reset_objects = frozenset(_words([t.reset_objects for t in naming]))
        self.participant_words = frozenset(_words([t.participant_words for t in naming]))
        self.changing_writes = frozenset(_words([t.changing_writes for t in naming]))
        self.share_places = frozenset(_words([t.share_places for t in naming]))
        self.sending_writes = frozenset(_words([t.sending_writes for t in naming]))
        self.charging_args = frozenset(_words([t.charging_args for t in naming]))
        self.charging_phrases = tuple(p for t in naming for p in t.charging_phrases)
        self.lookup_verbs = frozenset(_words([t.lookup_verbs for t in naming]))
        self.lookup_args = frozenset(_words([t.lookup_args for t in naming]))
        self.opening_verbs = frozenset(_words([t.opening_verbs for t in naming]))
        self.entry_acts = frozenset(_words([t.entry_acts for t in naming]))
        self.entry_objects = frozenset(_words([t.entry_objects for t in naming]))
        self.becoming_words = frozenset(_words([t.becoming_words for t in naming]))
        self.act_records = frozenset(_words([t.act_records for t in naming]))
        self.erasable_records = frozenset(_words([t.erasable_records for t in naming]))
        self.chore_verbs = frozenset(_words([t.chore_verbs for t in naming]))
        self.place_objects = frozenset(_words([t.place_objects for t in naming]))
        self.protection_words = frozenset(_words([t.protection_words for t in naming]))
        self.conversation_objects = frozenset(_words([t.conversation_objects for t in naming]))
        self.state_fields = frozenset(_words([t.state_fields for t in naming]))
        self.rehearsal_flags = frozenset(_words([t.rehearsal_flags for t in naming]))
        self.state_heads = frozenset(_words([t.state_heads for t in naming]))
        self.lookup_heads = frozenset(_words([t.lookup_heads for t in naming]))
        self.read_only_statements = frozenset(_words([t.read_only_statements for t in naming]))
        self.destroying_flags = frozenset(_words([t.destroying_flags for t in naming]))
        self.housekeeping_verbs = frozenset(_words([t.housekeeping_verbs for t in naming]))
        self.further_acts = frozenset(_words([t.further_acts for t in naming]))
        self.receiving_fields = frozenset(_words([t.receiving_fields for t in naming]))
        self.draft_words = frozenset(_words([t.draft_words for t in naming]))
        self.quantity_fields = frozenset(_words([t.quantity_fields for t in naming]))
        self.minor_units = frozenset(_words([t.minor_units for t in naming]))
        self.minor_unit_fields = frozenset(_words([t.minor_unit_fields for t in naming]))
        self.person_name_fields = frozenset(_words([t.person_name_fields for t in naming]))
        self.contact_fields = frozenset(_words([t.contact_fields for t in naming]))
        self.commit_flags = frozenset(_words([t.commit_flags for t in naming]))
        self.everyone_words = frozenset(_words([t.everyone_words for t in naming]))
        self.place_fields = frozenset(_words([t.place_fields for t in naming]))
        self.addressed_fields = frozenset(_words([t.addressed_fields for t in naming]))
        self.sql_fields = frozenset(_words([t.sql_fields for t in naming]))
        self.key_columns = frozenset(_words([t.key_columns for t in naming]))
        self.script_fields = frozenset(_words([t.script_fields for t in naming]))
        self.command_fields = frozenset(_words([t.command_fields for t in naming]))
        self.encoded_fields = frozenset(_words([t.encoded_fields for t in naming]))
        self.agent_words = frozenset(_words([t.agent_words for t in naming]))
        self.task_fields = frozenset(_words([t.task_fields for t in naming]))
        self.question_fields = frozenset(_words([t.question_fields for t in naming]))
        # every argument that carries what a tool runs (a command line, a script, SQL)
        self.carrier_fields = self.command_fields | self.script_fields | self.sql_fields
        self.service_fields = frozenset(_words([t.service_fields for t in naming]))
        self.method_fields = frozenset(_words([t.method_fields for t in naming]))
        self.tool_name_fields = frozenset(_words([t.tool_name_fields for t in naming]))
        self.tool_arg_fields = frozenset(_words([t.tool_arg_fields for t in naming]))
        cmds = [lang.commands for lang in langs]
        self.shell_ops: dict[str, Operation] = {}
        self.sql_ops: dict[str, Operation] = {}
        for op in Operation:  # later (riskier) operations win for a word listed twice
            for c in cmds:
                for w in c.shell.get(op, []):
                    self.shell_ops[w.lower()] = op
                for w in c.sql.get(op, []):
                    self.sql_ops[w.lower()] = op
        self.clouds = frozenset(_words([c.clouds for c in cmds]))
        # derived once here, not per classification: the open-world layer asks for them on
        # every unseen tool (~800 shell entries)
        self.programs = frozenset(p.split()[0] for p in self.shell_ops) | self.clouds
        self.subcommand_programs = (
            frozenset(p.split()[0] for p in self.shell_ops if " " in p) | self.clouds
        )
        # those whose name is no word of any language ("kubectl", not "settings" or "content"):
        # a tool named after one with its subcommand is that command line
        self.cli_names = self.subcommand_programs - (
            self.verb_words | self.object_words | self.generic_words | self.stopwords
        )
        self.send_flags = frozenset(_words([c.send_flags for c in cmds]))
        self.script_sends = _words([c.script_sends for c in cmds])
        cues = [lang.cues for lang in langs]
        self.code_cues = _words([c.code for c in cues])
        self.strong_code_cues = _words([c.strong_code for c in cues])
        self.record_number_cues = _words([c.record_number for c in cues])
        self.identifier_number_cues = _words([c.identifier_number for c in cues])
        self.bypass_flags = frozenset(_words([c.bypass_flags for c in cmds]))
        self.api_programs = frozenset(_words([c.api_programs for c in cmds]))
        self.overwrite_commands = frozenset(_words([c.overwrite_commands for c in cmds]))
        self.force_flags = frozenset(_words([c.force_flags for c in cmds]))
        self.info_flags = frozenset(_words([c.info_flags for c in cmds]))
        self.sql_programs: dict[str, frozenset[str]] = {
            k.lower(): frozenset(_words([v])) for c in cmds for k, v in c.sql_programs.items()
        }
        self.nested: dict[str, Nested] = {k.lower(): v for c in cmds for k, v in c.nested.items()}
        self.security_paths = _words([c.security_paths for c in cmds])
        self.stopping_commands = frozenset(_words([c.stopping_commands for c in cmds]))
        self.protections = frozenset(_words([c.protections for c in cmds]))
        self.untrusted_words = frozenset(_words([t.untrusted for t in naming]))
        self.values = merged([lang.values for lang in langs])
        """The value detectors' words, every language's together (``Values``)."""


class _WordLoader(_SafeLoader):
    """YAML 1.2 booleans only: in word lists "on", "off", "no" and "yes" are words."""


_WordLoader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def _no_duplicate_keys(
    loader: _WordLoader, node: yaml.MappingNode, deep: bool = False
) -> dict[object, object]:
    keys = [loader.construct_object(k, deep=deep) for k, _ in node.value]
    dupes = {k for k in keys if keys.count(k) > 1}
    if dupes:
        raise yaml.constructor.ConstructorError(
            None, None, f"key {sorted(map(str, dupes))[0]!r} given twice", node.start_mark
        )
    return loader.construct_mapping(node, deep=deep)


_WordLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _no_duplicate_keys)
_WordLoader.add_implicit_resolver(
    "tag:yaml.org,2002:bool",
    re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
    list("tTfF"),
)


def parse_language(text: str, where: str) -> Language:
    try:
        data = yaml.load(text, Loader=_WordLoader)  # a SafeLoader subclass: no objects
    except yaml.YAMLError as exc:
        raise LexiconError(f"{where}: not valid YAML: {exc}") from exc
    try:
        return Language.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(p) for p in first.get("loc", ())) or "language"
        raise LexiconError(f"{where}: {field}: {first.get('msg')}") from exc


@lru_cache(maxsize=1)
def lexicon() -> Lexicon:
    """The shipped languages (``host_pep/recognition/languages/*.yaml``), loaded once."""
    root = resources.files(LANGUAGES_PACKAGE)
    languages = []
    for entry in sorted(root.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".yaml"):
            lang = parse_language(entry.read_text("utf-8"), f"languages/{entry.name}")
            if f"{lang.code}.yaml" != entry.name:
                raise LexiconError(f"languages/{entry.name}: code {lang.code!r} names another file")
            languages.append(lang)
    return Lexicon(languages)
