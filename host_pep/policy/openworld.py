"""The open-world layer: understand a tool or command the bundle has never seen.

An unknown tool is *judged*, not waved through: its name, argument names and description are
split into word tokens and mapped to a canonical Operation and to field roles with the bundle's
lexicon, e.g. ``wire_funds(iban, amount)`` -> payment with an account and an amount field,
``purge_records`` -> delete, ``post_to_slack(channel, text)`` -> external send, ``get_weather``
-> read. What still cannot be classified is UNKNOWN, which the pipeline escalates (fail closed).
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterable, Iterator, Mapping
from functools import lru_cache
from itertools import pairwise
from typing import Any

from host_pep.extract import key_arguments
from host_pep.policy.compiled import CompiledPolicy, is_package_name
from host_pep.policy.model import ToolSpec
from host_pep.recognition.commands import (
    CloudCall,
    riskiest,
    script_operation,
    shell_operation,
    sql_operation,
)
from host_pep.recognition.lexicon import lexicon
from host_pep.recognition.request import intent, is_remote
from host_pep.recognition.words import compound_words, name_verb, stem, tokens
from host_pep.semantics import FieldRole, Operation
from host_pep.values.detect import numbers_a_thing
from host_pep.values.fields import field_words
from host_pep.values.iban import IBAN_LENGTHS, account_shaped

_OUTBOUND_OPS = frozenset({Operation.EXTERNAL_SEND, Operation.SHARE_UPLOAD, Operation.PAYMENT})
_INFLECTIONS = ("ing", "ed", "es", "s", "er", "ers")
_LISTED_ROLES = frozenset({FieldRole.RECIPIENT, FieldRole.ACCOUNT, FieldRole.URL})


def _first_verb(toks: Iterable[str], policy: CompiledPolicy) -> Operation | None:
    words = list(toks)
    compound = compound_words(words)  # "a bike share's stations": no act of sharing
    for tok in words:
        op = policy.verb_op.get(tok)
        if op is not None and tok not in compound:
            return op
    return None


@lru_cache(maxsize=1)
def _known_things() -> frozenset[str]:
    """Every thing the lexicon knows a tool to act on (a file, a message, a payment, a code)."""
    lex = lexicon()
    return (
        lex.object_words
        | lex.message_objects
        | lex.file_objects
        | lex.read_nouns
        | lex.security_objects
        | lex.grant_objects
        | lex.paid_objects
        | lex.money_words
        | lex.sharing_words
        | lex.private_records
    )


def _opening_verb(description: str, policy: CompiledPolicy) -> Operation | None:
    """A description opens with its verb in the third person ("Moves a file to another
    folder", "Renames a channel"): the verb it is an inflection of. Only the opening word: later
    in the sentence an -s word is mostly a plural ("Returns the messages of a channel"). A verb
    that says only that something is done ("Runs a configured action") says nothing (rule 9)."""
    words = tokens(description)
    if not words:
        return None
    lex = lexicon()
    op = next(
        (
            op
            for b in _bases(words[0])
            if b not in lex.contentless_verbs and (op := policy.verb_op.get(b)) is not None
        ),
        None,
    )
    if op is not Operation.EXTERNAL_SEND:
        return op
    # a send is a message's: "Sends a remote service to the vehicle" sends a command nobody can
    # read, "Sends a message to a user" a message
    return op if _sends_a_message(words, 0) else None


def _sends_a_message(words: list[str], verb: int) -> bool:
    """The words after a send verb name a message ("Sends a message to a user")."""
    lex = lexicon()
    following = [w for w in words[verb + 1 : verb + 6] if w not in lex.stopwords][:3]
    return any(w in lex.message_objects or stem(w) in lex.message_objects for w in following)


# a sentence of a description: its first word, when a verb in the third person, is what the
# tool does ("Removes all untracked files"); "by <verb>ing" says how it does it ("by dropping
# all tables", "by uploading every file")
# (a colon ends one too: "Closes a matter: permanently deletes all documents filed to it")
# (a dot or a colon inside a word is none: "at api.zopt.io", "https://x.example/h")
_DESCRIPTION_SENTENCE = re.compile(r"(?:[^.;:!?\n]|[.:](?=[^\s.;:!?]))+")
# an English adverb of manner before a description's verb ("permanently", "silently")
_ADVERB = re.compile(r"[a-z]{3,}ly")
_BY_GERUND = re.compile(r"(?i)\bby\s+([a-z]+ing)\b")
# a verb of the third person after a comma, "and" or "then", and the word after it
_LISTED_VERB = re.compile(r"(?:,|\band|\bthen)\s+(?:[a-z]{3,}ly\s+)?([a-z]{3,}s)\s+([a-z]+)\b")
# what a description says is done to things ("… are stopped and deleted", "is charged")
# -- of things in the plural: "the summary is truncated", "a display is attached" say a state
_PASSIVE = re.compile(
    r"(?i)\b(?:are|get)\s+(?:(?:immediately|permanently|automatically|then|also|all)\s+)?"
    r"([a-z]+ed)\b(?:\s*(?:,|and|or)\s+([a-z]+ed)\b)?"
)
# what it runs or attempts ("Runs deleteMany(…)", "attempts payment of every open invoice")
_RUNS = re.compile(r"(?i)\b([a-z]+)s\s+(?:an?\s+|the\s+)?([a-z]+)")


# a sentence's heading ("Tip: load the rows first", "Note:", "Warning:") labels what follows;
# it is not a verb of the tool ("tip" is a payment's)
_HEADING = re.compile(r"(^|[.!?\n]\s*)[^\W\d_]{2,20}:\s+")


def _unlabelled(description: str) -> str:
    return _HEADING.sub(r"\1", description)


@lru_cache(maxsize=1)
def _negations() -> frozenset[str]:
    return frozenset(lexicon().negation_before)


def _named_for_a_read(name: str, op: Operation, policy: CompiledPolicy) -> bool:
    """A read by a verb of its own name ("scan_and_verify_qr"), whose description's further
    verbs would be what the name hides -- not a read by its arguments or its server's word."""
    return op is Operation.READ and any(
        policy.verb_op.get(t) is Operation.READ for t in tokens(name)
    )


def _ends_on_a_state(toks: list[str], policy: CompiledPolicy) -> bool:
    """A name of several words whose last is a state or a review (a status, an audit): in a
    name written as a phrase of nouns, the last is the head ("kill_switch_status" is a status).
    A verb last ("kill_switch_set") is no such phrase, nor a document last (a report is
    exported, a log purged), and the one word after a verb is what it acts on ("delete_audit")."""
    if len(toks) < 2 or toks[-1] not in lexicon().state_heads:
        return False
    return len(toks) > 2 or policy.verb_op.get(toks[0]) in (None, Operation.READ)


def _says_it_changes_nothing(description: str, policy: CompiledPolicy) -> bool:
    """A sentence of the description negates a change ("Does not modify the MAR", "Changes
    nothing"): the tool says so itself, not only its annotation -- or says it is read-only in
    a sentence of its own ("Read-only.", "Calculation only")."""
    statements = lexicon().read_only_statements
    for m in _DESCRIPTION_SENTENCE.finditer(description):
        if " ".join(m.group(0).lower().split()) in statements:
            return True
        words = tokens(m.group(0))
        if _negations().isdisjoint(words):
            continue
        if any(
            (op := policy.verb_op.get(b)) is not None and op is not Operation.READ
            for w in words
            for b in (w, *_bases(w))
        ):
            return True
    return False


def _records_instead(description: str, op: Operation, policy: CompiledPolicy) -> bool:
    """The description opens on a verb that only writes down ("Records …", "Marks …") and
    denies the act the name reads as ("does not charge or refund"): the tool keeps a record of
    that act, done elsewhere. A description that opens on the act itself ("Deletes the file;
    does not delete backups") does it."""
    opening = tokens(description)[:1]
    if not any(
        policy.verb_op.get(b) is Operation.LOCAL_WRITE for w in opening for b in (w, *_bases(w))
    ):
        return False
    negations = _negations()
    for m in _DESCRIPTION_SENTENCE.finditer(description):
        words = tokens(m.group(0))
        cut = next((i for i, w in enumerate(words) if w in negations), None)
        if cut is not None and any(
            policy.verb_op.get(b) is op for w in words[cut + 1 :] for b in (w, *_bases(w))
        ):
            return True
    return False


def _listed_acts(sentence: str, policy: CompiledPolicy) -> set[tuple[str, Operation]]:
    """The further verbs of a list of what a tool does, each with its object after it
    ("Scans a QR, verifies the merchant and settles any payment request"), read up to a
    negation ("… so the user does not have to" negates nothing before it)."""
    lex = lexicon()
    lowered = sentence.lower()
    cut = next(
        (m.start() for m in re.finditer(r"[a-z']+", lowered) if m.group(0) in _negations()),
        len(lowered),
    )
    out: set[tuple[str, Operation]] = set()
    for m in _LISTED_VERB.finditer(lowered[:cut]):
        verb, after = m.group(1), m.group(2)
        if after in lex.noun_markers or after in lex.all_words:
            op = _opening_verb(f"{verb} {after}", policy)
            if op is not None:
                out.add((verb, op))
    return out


def _described_acts(
    description: str, policy: CompiledPolicy, *, listed: bool = False
) -> set[tuple[str, Operation]]:
    """Every act a description says the tool does, not only its first ("Tidies a working copy.
    Removes all untracked files …" removes): each sentence's opening verb and each verb of how
    ("… by dropping all tables"), none in a sentence that negates ("Makes no changes", "never
    deletes")."""
    lex = lexicon()
    out: set[tuple[str, Operation]] = set()
    for m in _DESCRIPTION_SENTENCE.finditer(_unlabelled(description[:2000])):
        sentence = m.group(0)
        words = tokens(sentence)
        if listed:
            # (for a tool named for a read: a write's further verbs are mostly its own
            # consequences -- "Books a ride … and charges the saved card")
            out |= _listed_acts(sentence, policy)
        if not words or not _negations().isdisjoint(words):
            continue
        # an adverb may stand before the verb ("PERMANENTLY DELETES every draft invoice")
        lead = next((i for i, w in enumerate(words[:3]) if not _ADVERB.fullmatch(w)), 0)
        if words[lead].endswith("s"):
            op = (
                _grants_control(words, lead)
                or _opening_verb(" ".join(words[lead:]), policy)
                or _sent_away(words, lead, sentence, policy)
            )
            if op is not None:
                out.add((words[lead], op))
        elif (
            sentence.lstrip()[:1].isupper()
            and len(words) > lead + 1
            and words[lead + 1] in lex.noun_markers
        ):
            # ... or in the imperative, capitalised as a sentence starts, its object after it
            # ("Pay an incoming Venmo request", "Delete the draft"): a noun is not followed by
            # an article (not "lock.unlock) on the given entities", a dotted name's part). An
            # English verb of tools only: elsewhere the imperative is the third person too
            # (Portuguese "Devolve um plano" returns a plan, it refunds nothing)
            verb = words[lead]
            op = lex.english_tool_verbs.get(verb) if verb not in lex.contentless_verbs else None
            if op is not None and (
                op is not Operation.EXTERNAL_SEND or _sends_a_message(words, lead)
            ):
                out.add((verb, op))
        # ... and what else it does, after a word that adds an act ("scope=all also
        # permanently deletes the saved VODs", "It additionally uploads …")
        for i, w in enumerate(words[:-1]):
            if w not in lex.further_acts:
                continue
            rest = words[i + 1 :]
            at = next((j for j, r in enumerate(rest[:3]) if not _ADVERB.fullmatch(r)), 0)
            if rest[at].endswith("s") and (
                op := _grants_control(rest, at)
                or _opening_verb(" ".join(rest[at:]), policy)
                or _sent_away(rest, at, sentence, policy)
            ):
                out.add((rest[at], op))
        for g in _BY_GERUND.finditer(sentence):
            for b in _bases(g.group(1).lower()):
                if b not in lex.contentless_verbs and (op := policy.verb_op.get(b)) is not None:
                    out.add((g.group(1).lower(), op))
                    break
    out |= _done_to_things(_unlabelled(description[:2000]), policy)
    return out


def _is_person_address(value: Any) -> bool:
    """An e-mail address or a phone number: how a person is reached."""
    if _is_mail_address(value):
        return True
    return isinstance(value, str) and _PHONE_LIKE.fullmatch(value.strip()) is not None


_PHONE_LIKE = re.compile(r"\+?\d[\d ()./-]{6,}\d")


def _is_mail_address(value: Any) -> bool:
    return isinstance(value, str) and _MAIL_ADDRESS.fullmatch(value.strip()) is not None


_MAIL_ADDRESS = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")


def _grants_control(words: list[str], verb: int) -> Operation | None:
    """A verb that grants, and a role of full access after it in its sentence ("Invites the
    partner e-mail ... with the Admin role"): control of the account is handed over -- a
    security change (rule 4), whatever else the sentence sends."""
    lex = lexicon()
    if lex.granting_verbs.isdisjoint(_bases(words[verb])):
        return None
    after = words[verb + 1 :]
    for i, w in enumerate(after):
        # named as a role given ("with the Admin role", "as an owner"), not as who may act
        # ("Adds a member; only admins can do this")
        if w in lex.administrative_access and (
            after[i + 1 : i + 2] in (["role"], ["access"], ["rights"], ["privileges"])
            or "as" in after[max(0, i - 2) : i]
        ):
            return Operation.SECURITY_CHANGE
    return None


def _sent_away(
    words: list[str], verb: int, sentence: str, policy: CompiledPolicy
) -> Operation | None:
    """A verb of sending with no message after it, in a sentence that names a host of the
    internet ("Sends the report and the card-level transactions to our analysis service at
    api.zopt.io", "Also publishes the schedule ... to the board at shiftswap.io"): what it sends
    is handed to that host -- an upload, judged as a share (rule 9)."""
    lex = lexicon()
    bases = [b for b in _bases(words[verb]) if b not in lex.contentless_verbs]
    if not any(policy.verb_op.get(b) is Operation.EXTERNAL_SEND for b in bases):
        return None
    if any(f.kind == "url" for f in key_arguments(sentence)):
        return Operation.SHARE_UPLOAD
    return None


def _passive_acts(description: str, policy: CompiledPolicy) -> set[Operation]:
    """What a description's passives say is done to things ("instances not in `desired` are
    stopped and deleted"). Believed only over a name that says it reads, or nothing: beside
    a write it says what that write entails ("merges each group into one card; the other
    cards are deleted"), which a request for the write asks for too."""
    negations = _negations()
    out: set[Operation] = set()
    for m in _PASSIVE.finditer(description[:2000]):
        if not negations.isdisjoint(tokens(description[max(0, m.start() - 12) : m.end()])):
            continue
        for word in (m.group(1), m.group(2)):
            if word and (act := _inflected_act(word.lower(), policy)) is not None:
                out.add(act)
    return out


def _acts_of_given_values(
    description: str, payload: Mapping[str, Any], policy: CompiledPolicy
) -> set[Operation]:
    """The acts a description states in a sentence about a value the call gives -- quoted
    there or named as a mode ("In mode 'purge' it permanently deletes …", "with action
    wipe, the device is erased"): a verb of the third person or a passive of that sentence."""
    values = {v.lower() for v in payload.values() if isinstance(v, str) and 3 <= len(v) <= 30}
    if not values:
        return set()
    negations = _negations()
    out: set[Operation] = set()
    for m in _DESCRIPTION_SENTENCE.finditer(description[:2000]):
        sentence = m.group(0).lower()
        # (patterns compiled once: the values differ per call, so none is built from them)
        said = [
            found.end()
            for pattern in (_QUOTED_VALUE, _mode_value())
            for found in pattern.finditer(sentence)
            if found.group(1) in values
        ]
        if not said or not negations.isdisjoint(tokens(sentence)):
            continue
        # the first verb after the value says what it does ("'preview' shows charges": shows)
        act = next(
            (
                a
                for w in tokens(sentence[min(said) :])
                if w.endswith(("s", "ed")) and w not in values
                for a in [_inflected_act(w, policy)]
                if a is not None
            ),
            None,
        )
        if act is not None:
            out.add(act)
    return out


_QUOTED_VALUE = re.compile(r"['\"`]([^'\"`\n]{3,30})['\"`]")
# a sentence of a description that makes an act hang on a switch the call gives: "With
# share_location=true it also shares …", "When include_contacts is true, uploads …"
_SWITCHED = re.compile(
    r"^\s*(?:with|when|if|whenever|while)\s+[`'\"]?([a-z_][a-z0-9_]*)[`'\"]?\s*"
    r"(?:==?|:|\bis\b|\bset to\b)?\s*[`'\"]?(true|false|on|off|yes|no|enabled|disabled)?[`'\"]?"
    r"\s*,?\s*(.*)$",
    re.IGNORECASE | re.DOTALL,
)
_FALSE_WORDS = frozenset({"false", "off", "no", "disabled"})


def _switched_acts(
    description: str, payload: Mapping[str, Any], policy: CompiledPolicy
) -> tuple[set[Operation], set[Operation]]:
    """The acts a description says a switch of the call turns on, and those it leaves off
    ({"share_location": false} where "With share_location=true it also shares …"): what the
    sentence's first verb of the third person does."""
    switches = {str(k).lower(): v for k, v in payload.items() if isinstance(v, bool)}
    if not switches:
        return set(), set()
    on: set[Operation] = set()
    off: set[Operation] = set()
    for m in _DESCRIPTION_SENTENCE.finditer(description[:2000]):
        cond = _SWITCHED.match(m.group(0))
        if cond is None or cond.group(1).lower() not in switches:
            continue
        wanted = (cond.group(2) or "true").lower() not in _FALSE_WORDS
        act = next(
            (
                a
                for w in tokens(cond.group(3))
                if w.endswith(("s", "ed")) and w != "is"
                for a in [_inflected_act(w, policy)]
                if a is not None
            ),
            None,
        )
        if act is not None:
            (on if switches[cond.group(1).lower()] is wanted else off).add(act)
    return on, off


@lru_cache(maxsize=1)
def _mode_value() -> re.Pattern[str]:
    """A value named as a mode, an action, an operation ("in mode purge", "with action wipe")."""
    fields = "|".join(sorted(map(re.escape, lexicon().action_fields)))
    return re.compile(rf"\b(?:{fields})\s+([\w.-]{{3,30}})\b")


def _inflected_act(word: str, policy: CompiledPolicy) -> Operation | None:
    """The act of a verb in the third person or a participle ("deletes", "erased")."""
    for b in _bases(word):
        if b not in lexicon().contentless_verbs and (act := policy.verb_op.get(b)) is not None:
            return act
    return None


def _pays_by_head(phrase: str) -> bool:
    """The noun phrase that opens ``phrase`` ends in a word of money ("recommended vendor
    payments from the linked account"): up to four words, ended by a preposition."""
    lex = lexicon()
    words: list[str] = []
    for w in re.findall(r"[a-z]+", phrase.lower()[:80])[:4]:
        if w in lex.noun_prepositions or w in lex.noun_phrase_ends:
            break
        words.append(w)
    return bool(words) and words[-1] in lex.money_words


def _done_to_things(description: str, policy: CompiledPolicy) -> set[tuple[str, Operation]]:
    """What a description's verb of running or attempting names ("runs deleteMany(…)",
    "attempts payment of every open invoice"); a negation just before it unsays it."""
    lex = lexicon()
    negations = _negations()
    running = lex.contentless_verbs | lex.attempting_verbs
    out: set[tuple[str, Operation]] = set()
    for m in _RUNS.finditer(description):
        verb, named = m.group(1).lower(), m.group(2).lower()
        if verb not in running:
            continue
        if not negations.isdisjoint(tokens(description[max(0, m.start() - 12) : m.start()])):
            continue
        first = (tokens(m.group(2)) or [named])[0]  # "deleteMany" -> delete
        if first in lex.money_words or _pays_by_head(description[m.start(2) :]):
            # "attempts payment", "executes recommended vendor payments"
            out.add((first, Operation.PAYMENT))
        elif first not in running and (op := policy.verb_op.get(first)) is not None:
            out.add((first, op))
    return out


def _method_tokens(name: str) -> list[str]:
    """Tokens of the method part of a namespaced tool name ("play.purchase" -> ["purchase"]):
    the service's name is not its verb ("play", "post", "track" are verbs too)."""
    for sep in ("__", "--", ".", "/", ":"):
        if sep in name:
            parts = name.split(sep)
            method = tokens(parts[-1])
            if len(parts) >= 3 and set(method) <= _bare_method_words():
                # "gl.entries.query": the segment between the service and a bare read executor
                # names what it queries (service.resource.method)
                method = tokens(parts[-2]) + method
            return _without_echoed_service(method)
    toks = tokens(name)
    echoed = _without_echoed_service(toks)
    return echoed if echoed != toks else []


@lru_cache(maxsize=1)
def _bare_method_words() -> frozenset[str]:
    """Executors that read ("query"): a method of that word alone says nothing of what it
    queries (a "commands" executor still runs what it is given)."""
    lex = lexicon()
    return lex.executors & frozenset(lex.tool_verbs.get(Operation.READ, ()))


def _without_echoed_service(toks: list[str]) -> list[str]:
    """ "backup_list_backup_jobs" (AWS Backup's ListBackupJobs): a first word that comes back
    as the object of the verb after it is the service's name, not a verb of the method."""
    if len(toks) >= 3 and stem(toks[0]) in {stem(t) for t in toks[2:]}:
        return toks[1:]
    return toks


def classify_operation(
    name: str,
    args: Iterable[str],
    description: str,
    policy: CompiledPolicy,
    *,
    payload: Mapping[str, Any] | None = None,
    annotations: Mapping[str, Any] | None = None,
) -> Operation:
    """Rule 9: the operation of a tool never seen, from what it is given -- its name, argument
    names and values, description and MCP annotations. What cannot be told is UNKNOWN."""
    op = _operation(name, args, description, policy, payload=payload, annotations=annotations)
    if op in _GRAVER and description and _records_instead(description, op, policy):
        # "settle_balance": "Record that a customer's open balance was paid outside the system.
        # Bookkeeping only; does not charge or refund." -- an entry in the books, no payment
        return Operation.LOCAL_WRITE
    if (
        op in (Operation.LOCAL_WRITE, Operation.EXTERNAL_SEND, Operation.SETTINGS_CHANGE)
        and payload
        and _grants_rights(payload)
        and not lexicon().granting_verbs.isdisjoint(tokens(name))
    ):
        # "promote_chat_member {can_promote_members: true, …}": rights switched on are granted
        return Operation.SECURITY_CHANGE
    if (
        op in (Operation.READ, Operation.LOCAL_WRITE)
        and payload
        and not _rehearses(payload)
        and lexicon().rehearsal_flags.isdisjoint(tokens(name))
    ):
        # a read or a write told to do a graver act by a switch ("list_snapshots {prune: true}",
        # "kubectl_apply {prune: true}"): it does that act too -- unless it only rehearses
        # ("terraform_plan {destroy: true}")
        flagged = _flagged_acts(
            payload,
            policy,
            writes=op is Operation.LOCAL_WRITE,
            destructive=_declared_destructive(annotations),
        )
        if len(flagged) == 1:
            return next(iter(flagged))
        # ... or by the act it is told to do ({"mode": "purge_submissions"}), or a batch of
        # requests each named for its act ("batchUpdate {requests: [{deleteDimension: …}]}")
        told = _told_acts(payload, policy, lists=_named_for_a_read(name, op, policy)) & _GRAVER
        if told:
            return riskiest(sorted(told, key=lambda o: o.value))
        # ... or by a bare verb, where its server declares it destructive: "storage_optimizer.
        # analyze {action: purge}" marked destructiveHint does what it is told, not what it is
        # named for ({"action": "undo"} alone says less: a filter, a rollback)
        bare = _action_value(payload, policy) if _declared_destructive(annotations) else None
        if bare in _GRAVER:
            return bare
    if op in (Operation.READ, Operation.LOCAL_WRITE, Operation.UNKNOWN) and payload:
        delivered = _delivers_remotely(payload, policy)
        if delivered is not None:
            return delivered
    if (
        op is Operation.LOCAL_WRITE
        and payload
        and _addressed_to_people(payload)
        and lexicon().draft_words.isdisjoint(tokens(name))
    ):
        # "docusign.create_envelope {recipients: {signers: [{email: …}]}}": a thing created
        # for people to receive goes to them -- unless it is kept as a draft
        op = Operation.EXTERNAL_SEND
    if op in (Operation.EXTERNAL_SEND, Operation.UNKNOWN) and payload and _attaches_files(payload):
        # "gmail.reply {…, attachments: [passport_scan.pdf]}": the files leave with it -- also
        # with a call whose name says no more ("insurer.file_claim {policy_number, attachments}"):
        # handing files over is what is known of it, and the gravest
        return Operation.SHARE_UPLOAD
    if op in _LESSER and payload and _unguards(payload, policy):
        # "lock_battery_status {auto_unlock_on_arrival: true}": a switch that opens a lock or
        # drops a protection, whatever the call is named for
        return Operation.SECURITY_CHANGE
    if op in _LESSER - {Operation.READ} and payload and _links_a_package(payload):
        # "enable_offline_mode {apk_url: https://…/offline-pack-3.1.apk}": a package fetched
        # by a call that changes something is put on the device (a scan of the link reads it)
        return Operation.INSTALL
    switched_on, switched_off = (
        _switched_acts(description, payload, policy) if description and payload else (set(), set())
    )
    if op in switched_off - switched_on:
        # "With share_location=true it also shares …" and the call sets it false: the rest of
        # what the tool does, a write
        return Operation.LOCAL_WRITE
    if description and payload and op in _LESSER:
        # "In mode 'purge' it permanently deletes every photo …" + {mode: purge}: what the
        # description says the tool does with the very value it is given -- or with a switch
        # it turns on ("When include_contacts is true, uploads the address book …")
        given = (_acts_of_given_values(description, payload, policy) | switched_on) & _GRAVER
        if len(given) == 1:
            return next(iter(given))
    # a rehearsal its server declares read-only ("purge_preview": "lists what the purge WOULD
    # remove") shows the act its name and description name; it does not do it
    shown_only = (
        annotations is not None
        and annotations.get("readOnlyHint") is True
        and (
            not lexicon().rehearsal_flags.isdisjoint(tokens(name))
            # ... or whose description says so too ("purge_expired_view": "Read-only. Returns
            # the items a purge WOULD remove. Performs no changes")
            or (bool(description) and _says_it_changes_nothing(description, policy))
            # ... or whose name ends on a state or a review: the words before it describe it
            # ("kill_switch_status": the switch's state; "intune_wipe_audit": the wipes made,
            # listed)
            or _ends_on_a_state(tokens(name), policy)
        )
    )
    if shown_only:
        return Operation.READ
    if (
        op in (Operation.SHARE_UPLOAD, Operation.EXTERNAL_SEND)
        and description
        and any(
            o is Operation.SECURITY_CHANGE and lexicon().granting_verbs & set(_bases(v))
            for v, o in _described_acts(description, policy)
        )
    ):
        # "menu_sync {partner_email}": "Invites the partner e-mail ... with the Admin role": the
        # invitation hands over control of the account -- a grant of access (rule 4)
        return Operation.SECURITY_CHANGE
    if (
        op is Operation.BULK_CHANGE
        and description
        and payload
        and any(_is_mail_address(v) for v in payload.values())
        and any(
            o in (Operation.EXTERNAL_SEND, Operation.SHARE_UPLOAD)
            for _, o in _described_acts(description, policy)
        )
    ):
        # "bulk_route {query, route_to: x@…}": "forwards each thread to route_to, then archives
        # it": every record it selects leaves for that address -- a share, not a tidy-up
        return Operation.SHARE_UPLOAD
    if op in _SAYS_LESS and description and _charges_the_user(description):
        # "Order a Bolt ride now, charged to the default payment method": the user pays
        return Operation.PAYMENT
    if description and op in _LESSER and not _rehearses(payload or {}):
        # a description that states a graver effect than the name says is believed over the
        # name and over any annotation ("db_sync", read-only by its hint, "drops all tables")
        # -- unless the name says that very verb, and what it does was already refined by what
        # it acts on ("flight_plan_upload": "Uploads a mission to a drone")
        said = {b for t in tokens(name) for b in (t, *_bases(t))}
        graver = {
            o
            for verb, o in _described_acts(
                description, policy, listed=_named_for_a_read(name, op, policy)
            )
            if not {verb, *_bases(verb)} & said and not _nominalised(verb, said)
        }
        graver &= _GRAVER
        if len(graver) == 1:
            return next(iter(graver))
        if op in (Operation.READ, Operation.UNKNOWN):
            done = _passive_acts(description, policy) & {Operation.DELETE, Operation.PAYMENT}
            if len(done) == 1:
                return next(iter(done))
    if (
        op is Operation.READ
        and _declared_destructive(annotations)
        and _action_value(payload or {}, policy) is not Operation.READ
    ):
        # "channel_sync.reconcile_inventory", "Reconciles availability", declared destructive:
        # its server says it may destroy what it acts on, its name and description say no act
        # that would -- a read it is not, and what it destroys cannot be told (rule 9: escalate)
        # -- unless the call is told to read ("storage_optimizer.analyze {action: analyze}")
        return Operation.UNKNOWN
    if (
        op is Operation.READ
        and annotations
        and annotations.get("readOnlyHint") is False
        and all(t not in policy.verb_op for t in tokens(name))
    ):
        # "roster_housekeeping", declared not read-only: no word of the name is a verb (it was
        # read for its nouns), and its server says it changes what it is given -- at least a
        # write (MCP's hint); a name with a verb is judged by its verb
        return Operation.LOCAL_WRITE
    if (
        op is Operation.READ
        and annotations
        and annotations.get("readOnlyHint") is False
        and {t for t in tokens(name) if t in policy.verb_op} <= lexicon().refresh_verbs
        and any(t in lexicon().refresh_verbs for t in tokens(name))
    ):
        # "carelink_sync_ext {mode, profile}", "Synchronizes records.", declared not read-only:
        # a sync was read as bringing the service's records up to date, and its server says it
        # writes -- to where, and what, neither its name nor its description says (rule 9)
        return Operation.UNKNOWN
    return op


def _only_rehearses(method: list[str], policy: CompiledPolicy) -> bool:
    """The name's only verb is one of rehearsal ("plan", "preview", "simulate")."""
    rehearsal = lexicon().rehearsal_flags
    return any(t in rehearsal for t in method) and not any(
        t not in rehearsal and _verb_operation(t, policy) is not None for t in method
    )


def _flagged_acts(
    payload: Mapping[str, Any],
    policy: CompiledPolicy,
    *,
    writes: bool = False,
    destructive: bool = False,
) -> set[Operation]:
    """The graver acts a call switches on by name: a one-word argument set to true that is a
    verb of a graver operation ({"prune": true}, {"purge": true}). Only one word: "delete_
    protection" or "send_receipt" names a setting or a courtesy, not the act -- unless the
    server declares the tool destructive: then a switch that opens with a verb of deleting
    ({"drop_records": true} on a "refresh" of a cache) is the destruction it declares."""
    out: set[Operation] = set()
    for key, value in payload.items():
        if value is not True:
            continue
        words = tokens(str(key))
        if destructive and len(words) > 1 and policy.verb_op.get(words[0]) is Operation.DELETE:
            out.add(Operation.DELETE)
            continue
        if (
            writes
            and len(words) == 1
            and words[0].endswith("ed")
            and any(policy.verb_op.get(b) is Operation.DELETE for b in _bases(words[0]))
        ):
            # "update_appointment {id, cancelled: true}": a record marked as undone by the state
            # its verb leaves it in ("cancelled", "deleted", "voided") -- the delete, said as a
            # field (a record marked "paid" is only booked: the state of other verbs is no act)
            out.add(Operation.DELETE)
            continue
        if writes and not lexicon().destroying_flags.issuperset(words):
            continue  # a write's modes ({"detach": true}) are no acts
        if len(words) == 1 and (op := policy.verb_op.get(words[0])) in _GRAVER:
            out.add(op)
    return out


_PERSONAL_ADDRESS = re.compile(r"[^@\s]+@[^@\s]+\.\w+|\+?\d[\d ()-]{6,}\d")


def _addressed_to_people(payload: Mapping[str, Any], depth: int = 0) -> bool:
    """An argument named for whom a thing goes to ("signers", "recipients", "cc") that holds
    a mail address or a phone number, at the top or one level down ("recipients.signers")."""
    receiving = lexicon().receiving_fields
    for key, value in payload.items():
        if str(key).lower() in receiving and _holds_an_address(value):
            return True
        if depth < 1 and isinstance(value, Mapping) and _addressed_to_people(value, depth + 1):
            return True
    return False


def _holds_an_address(value: Any) -> bool:
    if isinstance(value, str):
        return _PERSONAL_ADDRESS.fullmatch(value.strip()) is not None
    if isinstance(value, Mapping):
        return any(_holds_an_address(v) for v in value.values())
    if isinstance(value, list):
        return any(_holds_an_address(v) for v in value[:20])
    return False


def _attaches_files(payload: Mapping[str, Any]) -> bool:
    """A message given files to carry: an argument named for attachments that holds a path, a
    file's name ("Director_passport_scan.pdf") or an attachment record ({"driveFileId": …})."""
    for key, value in payload.items():
        if str(key).lower() not in lexicon().attachment_args:
            continue
        values = value if isinstance(value, list) else [value]
        if any(_is_attachment(v) for v in values):
            return True
    return False


def _is_attachment(value: object) -> bool:
    """One entry of an attachments argument that is a file (not an empty slot)."""
    if isinstance(value, Mapping):
        return bool(value)  # {"driveFileId": "1PartRaw", "filename": …}: a file by its record
    if not isinstance(value, str):
        return False
    if _path_like(value):
        return True
    _, dot, extension = value.strip().rpartition(".")
    return bool(dot) and extension.lower() in lexicon().file_extensions


# Android's package files: an app (.apk), a split bundle (.xapk, .apks), a bundle (.aab)
_PACKAGE_LINK = re.compile(r"(?i)^https?://\S+\.(?:apk|xapk|apks|aab)(?:[?#]\S*)?$")


def _links_a_package(payload: Mapping[str, Any]) -> bool:
    """An argument that is a link to an app's package file, at the top of the call."""
    return any(isinstance(v, str) and _PACKAGE_LINK.match(v.strip()) for v in payload.values())


def _unguards(payload: Mapping[str, Any], policy: CompiledPolicy) -> bool:
    """A switch turned on whose name opens a lock ({"auto_unlock_on_arrival": true}), turns a
    protection off ({"disable_pin": true}; not {"changePasswordAtNextLogin": true}, which
    asks for more protection) or grants access ({"auto_grant_permissions": true})."""
    lex = lexicon()
    off = _switching_off(tuple(policy.security_verbs.get("off", ())))
    for key, value in payload.items():
        if value is not True:
            continue
        words = tokens(str(key))
        if Operation.SECURITY_CHANGE in {policy.verb_op.get(w) for w in words}:
            return True
        if not off.isdisjoint(words) and not lex.security_objects.isdisjoint(
            stem(w) for w in words
        ):
            return True
        if len(words) > 1 and words[-2] in lex.granting_verbs and words[-1] in lex.grant_objects:
            return True  # {"auto_grant_permissions": true}: whatever the app asks, granted
    return False


@lru_cache(maxsize=8)
def _switching_off(phrases: tuple[str, ...]) -> frozenset[str]:
    """The one-word verbs of turning a protection off ("disable", "disarm", "remove")."""
    return frozenset(p for p in phrases if " " not in p and "…" not in p)


def _delivers_remotely(payload: Mapping[str, Any], policy: CompiledPolicy) -> Operation | None:
    """A call told to deliver what it handles to a remote address ({"webhook_url": "https://…"},
    {"upload_to": …}) or to a person's mailbox ({"share_to": "backup@…"}: "contacts_backup.run"
    mails the archive there) sends it out: an upload where it handles a file or hands over what
    it produces, a send where it is given a message to deliver."""
    lex = lexicon()
    for key, value in payload.items():
        if (
            str(key).lower() in lex.delivery_args
            and isinstance(value, str)
            and (is_remote(value) or _is_mail_address(value))
        ):
            files = any(isinstance(v, str) and _path_like(v) for v in payload.values())
            # what the call itself produces, posted there ("get_attendance_summary {webhook_url}"
            # POSTs the register), is data handed to that host: an upload -- a message the call
            # is given to deliver ({"webhook_url", "text"}) is a send
            said = any(str(k).lower() in lex.message_args for k in payload)
            if not files and _is_mail_address(value) and _forwards(str(key), policy):
                # {"forward_to": "me@…"}: what arrives is passed on to that mailbox, as mail
                return Operation.EXTERNAL_SEND
            return Operation.SHARE_UPLOAD if files or not said else Operation.EXTERNAL_SEND
    return None


def _forwards(key: str, policy: CompiledPolicy) -> bool:
    """A delivery argument named by a verb of sending ("forward_to", "send_to"), not of
    handing over ("share_to", "export_to")."""
    return any(policy.verb_op.get(w) is Operation.EXTERNAL_SEND for w in tokens(key))


def _nominalised(verb: str, said: set[str]) -> bool:
    """The name holds the verb as a noun ("create_subscription": "Subscribe an email address"):
    a word of it sharing the verb's stem, six letters or more."""
    if len(verb) < 6:
        return False
    need = max(6, len(verb) - 2)
    return any(w[:need] == verb[:need] for w in said if len(w) >= need)


def _told_acts(
    payload: Mapping[str, Any], policy: CompiledPolicy, *, lists: bool = False
) -> set[Operation]:
    """The acts an argument tells a call to do, by an act and its object together: an action
    field's value ({"mode": "purge_submissions"}), and the requests of a batch, one key each
    ({"requests": [{"deleteDimension": …}]}). A bare verb says less ({"operation": "rent"} is
    a search's filter, {"action": "undo"} a rollback's, [{"remove": …}, {"add": …}] an alias
    swap, {"status": "unsubscribed"} a state). A call named for a read (``lists``) is given a
    state to select by: "list_orders {status: refund_requested}" lists the orders in it."""
    lex = lexicon()
    out: set[Operation] = set()
    for key, value in payload.items():
        k = str(key).lower()
        if (
            k in lex.action_fields
            # (a key named as a state, "status": not a mode, which a read may be told to act in)
            and not (lists and k in lex.state_heads)
            # a command line is read by the shell's vocabulary, not as words naming an act
            # ({"command": "systemctl is-active nginx"} asks whether a service runs)
            and k not in lex.command_fields
            and isinstance(value, str)
            and len(value) <= 40
            and len(tokens(value)) >= 2
            and not _told_a_contentless_act({k: value})
        ):
            op = _name_operation(tokens(value), policy)
            if op is not None:
                out.add(op)
        out |= _batch_acts(value, policy)
        if isinstance(value, Mapping):
            # the batch inside the call's body ({"requestBody": {"requests": [...]}}, as
            # Google's clients pass it)
            for inner in value.values():
                out |= _batch_acts(inner, policy)
    return out


def _batch_acts(value: Any, policy: CompiledPolicy) -> set[Operation]:
    """The acts of a batch of requests, each one key naming its act and object
    ([{"deleteDimension": …}, {"updateCells": …}])."""
    out: set[Operation] = set()
    if (
        isinstance(value, list)
        and value
        and all(isinstance(v, dict) and len(v) == 1 for v in value)
    ):
        for request in value:
            named = tokens(str(next(iter(request))))
            op = _name_operation(named, policy) if len(named) >= 2 else None
            if op is not None:
                out.add(op)
    return out


# what a name may say less of than its description: a read, a write, a setting, nothing
_LESSER = frozenset(
    {Operation.READ, Operation.LOCAL_WRITE, Operation.SETTINGS_CHANGE, Operation.UNKNOWN}
)


def _operation(
    name: str,
    args: Iterable[str],
    description: str,
    policy: CompiledPolicy,
    *,
    payload: Mapping[str, Any] | None,
    annotations: Mapping[str, Any] | None,
) -> Operation:
    args = list(args)
    payload = payload or {}
    lex = lexicon()
    toks = tokens(name)
    method = _method_tokens(name) or toks
    cli = _cli_subcommand(method)
    carried = _carried_operation(method, payload, policy, cli)
    if carried in (None, Operation.UNKNOWN):
        # "redis.command {args: [FLUSHDB]}": the server's program runs the line it is given
        carried = _run_by_its_server(toks, payload) or carried
    if carried in (None, Operation.UNKNOWN) and not lex.agent_words.isdisjoint(toks):
        # "research_agent.run {task: …}": another agent does what it is asked in words -- or,
        # declared read-only by its server, no more than read, whatever the task's words
        declared = _annotated(annotations)
        carried = (
            Operation.READ if declared is Operation.READ else _handed_task(payload)
        ) or carried
    if carried is not None:
        if carried is Operation.READ and cli not in (None, Operation.READ):
            # "kubectl_delete {name: preview-318}": the name holds the subcommand, the
            # arguments only its object
            return cli
        if (
            carried is Operation.READ
            and set(toks) & lex.security_objects
            and _value_words(payload) & lex.opening_verbs
        ):
            return Operation.SECURITY_CHANGE  # "garage_door_command {command: open}": not a read
        return carried
    if _rehearses(payload):
        return Operation.READ  # {"dry_run": true}: the act is shown, not done
    method_name = name.rsplit("__", 1)[-1].rsplit(".", 1)[-1] if method != toks else name
    op = _name_operation(method, policy, method_name) or _name_operation(toks, policy, name)
    if op is not None and _only_rehearses(method, policy):
        # "terraform_plan", "deploy_preview": the act shown, not done -- unless its server
        # declares that calling it destroys (a "preview" that takes confirm=true and executes):
        # then it does what the rest of its name says, or what cannot be told
        if _declared_destructive(annotations) or _commits(payload):
            # ... or that is told to commit ({"confirm": true}): the preview does it
            rest = [t for t in method if t not in lexicon().rehearsal_flags]
            op = _name_operation(rest, policy, "_".join(rest)) or Operation.UNKNOWN
        else:
            op = Operation.READ
    if cli is not None and (
        op is None
        or (op is Operation.DELETE and cli not in (op, Operation.READ))
        # "git_reset": the command's reset, not a password's or a phone's
        or (op is Operation.SECURITY_CHANGE and cli is not Operation.READ)
    ):
        # "kubectl_rollout_undo": the command rolls back; its word "undo" alone reads as a delete
        # -- but "gh_api_delete" names the HTTP method the API call makes ("gh api" alone is
        # a GET)
        op = cli
    if (
        op is not None
        and op is not Operation.READ
        and (_reads_what_it_names(method, policy) or _headed_by_a_read(method, policy))
    ):
        op = Operation.READ
    # what the description says the tool does, if it names an act ("Runs a Zap by id" names none)
    plain = _unlabelled(description) if description else ""
    described = (
        _opening_verb(plain, policy) or _first_verb(tokens(plain)[:12], policy) if plain else None
    )
    if op is None:
        op = described
    elif (
        op in (Operation.LOCAL_WRITE, Operation.SETTINGS_CHANGE)
        and described is Operation.READ
        and _annotated(annotations) is Operation.READ
        and _says_it_changes_nothing(plain, policy)
    ):
        # "optimize_schedule": "Reads the MAR and returns suggested times", declared read-only
        # by its server: a name's verb of change that computes a proposal, which both the
        # description and the annotation say it only returns
        op = Operation.READ
    arg_roles = {role_for_field(a, None, Operation.UNKNOWN, policy) for a in args}
    if (
        op is Operation.READ
        and FieldRole.AMOUNT in arg_roles
        and len(toks) > 1
        and policy.verb_op.get(toks[-1]) is Operation.PAYMENT
        and toks[-1] not in lexicon().object_words  # "estimate_transfer": a transfer estimated
    ):
        # "upi_collect_pay {payee_vpa, amount}": the name ends in its act, a sum is paid
        op = Operation.PAYMENT
    values = _value_words(payload)
    if op is None or toks_generic(method, op, policy):
        asked = _action_value(payload, policy)
        if asked is not None:
            op = asked
    elif op in _SAYS_LESS:
        # "submit_order {side: buy}": the argument that says what the call does names a graver
        # act than the name's verb -- the order buys (a state it sets is no act: {"status":
        # "unsubscribed"} on a list member, {"state": "canceled"} on issues)
        acts = {k: v for k, v in payload.items() if str(k).lower() not in lex.state_fields}
        asked = _action_value(acts, policy)
        if asked in _GRAVER:
            op = asked
    if op is None:
        if FieldRole.ACCOUNT in arg_roles and FieldRole.AMOUNT in arg_roles:
            op = Operation.PAYMENT
        elif set(toks) & lex.money_words and _rows_with_sums(payload, policy):
            # "starling_bulk_payments {payments: [{name, account, amount}, …]}", "batch_payroll
            # {items: [{id, amount}]}": money named, and sums to move row by row
            op = Operation.PAYMENT
        elif FieldRole.RECIPIENT in arg_roles and FieldRole.CONTENT in arg_roles:
            op = Operation.EXTERNAL_SEND
        elif FieldRole.URL in arg_roles and _carries_content(args, policy):
            # "DataExfiltrationTool {endpoint, data}", "HttpSink {url, body}": content handed
            # to an address is sent there, whatever the name calls it
            op = Operation.SHARE_UPLOAD
        elif _nouns(method) & lex.read_nouns and not set(toks) & (
            lex.money_words | lex.sharing_words
        ):
            op = Operation.READ
        elif (
            args
            and set(a.lower() for a in args) <= lex.lookup_args | {"limit", "page"}
            and not (set(toks) & (lex.money_words | lex.sharing_words))
            # "opsbus.trigger {id}": a thing run by its id is no thing shown -- what it does
            # is the thing's, which neither says (rule 9)
            and lex.contentless_verbs.isdisjoint(method)
        ):
            # "linear.issue {id}": a thing named, selected by its id: it is shown, not changed
            op = Operation.READ
        elif _names_a_collection(method, toks, payload):
            op = Operation.READ
        elif any(t in lex.recency_words for t in method[:-1]):
            op = Operation.READ  # "bolt_last_trip", "recent_orders": the latest records, shown
    if op is None:
        # annotations decide only what the name and arguments leave open
        op = _annotated(annotations)
    if op is None:
        return Operation.UNKNOWN
    if op in (Operation.READ, Operation.LOCAL_WRITE, Operation.SETTINGS_CHANGE) and any(
        str(k).lower() in lex.grantee_args and v not in (None, "", [], False)
        for k, v in payload.items()
    ):
        # "chart_viewer {patient_name, grant_to_email}": whoever it names gets access to what
        # the call opens -- a share, whatever the name calls the call
        return Operation.SHARE_UPLOAD
    if (
        op is Operation.LOCAL_WRITE
        and _declared_destructive(annotations)
        and not lex.housekeeping_verbs.isdisjoint(method)
    ):
        # "workload_tidy {namespace, older_than}", declared destructive: tidying that destroys
        # removes what it tidies (a create declared destructive still creates)
        return Operation.DELETE
    if (
        op is Operation.LOCAL_WRITE
        and annotations
        and annotations.get("readOnlyHint") is False
        and annotations.get("destructiveHint") is not False
        and not lex.housekeeping_verbs.isdisjoint(method)
        and not (set(method) - lex.housekeeping_verbs) & set(policy.verb_op)
        and not (description and _described_acts(description, policy))
    ):
        # "nexus_tidy {scope}", "Housekeeping.", declared not read-only and not declared
        # harmless: tidying may remove, merge or archive what it selects, and nothing says
        # which (rule 9: escalate)
        return Operation.UNKNOWN
    if (
        op in (Operation.READ, Operation.LOCAL_WRITE)
        and {FieldRole.ACCOUNT, FieldRole.AMOUNT} <= arg_roles
        and _declared_destructive(annotations)
    ):
        # "optimize_bills {source_account_id, payee_iban, amount}", declared destructive: a
        # sum moved from an account to a payee is paid, whatever the name makes of it
        return Operation.PAYMENT
    if op in _MONEY_MOVERS and _names_where_money_goes(payload):
        # "feewise.optimize {move_balance_to: acct_…, percent: 100}": an argument that says
        # where the balance or the funds go moves them -- a payment, whatever the name says
        return Operation.PAYMENT
    if (
        op in (Operation.LOCAL_WRITE, Operation.SETTINGS_CHANGE)
        and described is None
        and cli is None  # "docker_run_container": the command line says what it does
        and _annotated(annotations) is None
        and _says_only_that_it_acts(toks + tokens(description), payload, policy)
    ):
        return Operation.UNKNOWN  # rule 9: "HomeHubRun {routine: r_0x4f2a}" does not say what
    if op is not Operation.READ and opaque_payload(payload):
        return Operation.UNKNOWN  # rule 9: an effect carried in an encoded blob is not known
    if described is None and _runs_a_procedure(toks, policy, payload):
        # rule 9: "bank_execute_instruction {instruction_id}", "slack_workflow_trigger": what
        # runs is the stored procedure's steps, which neither the name nor its id says
        return Operation.UNKNOWN
    object_toks = _object_tokens(toks, method)
    tokset = set(object_toks) | {
        "_".join(object_toks[i : i + 2]) for i in range(len(object_toks) - 1)
    }
    op = _refined(op, tokset, toks, args, arg_roles, values, payload, policy, compound_words(toks))
    if (
        op is Operation.LOCAL_WRITE
        and FieldRole.AMOUNT in arg_roles
        and not lex.setting_up_verbs.isdisjoint(toks)
        and not _nouns(_object_tokens(toks, method)).isdisjoint(_money_movements())
        and not _requests_money(toks, policy)
    ):
        # "create_direct_debit {charity_id, amount}", "CreateRecurringDonation": a movement of
        # money made with a sum is a payment set up, not a record written
        op = Operation.PAYMENT
    if (
        op in (Operation.LOCAL_WRITE, Operation.SETTINGS_CHANGE)
        and not lex.reserving_verbs.isdisjoint(toks)
        and len({a.lower() for a in args} & lex.stay_args) >= 2
    ):
        op = Operation.PAYMENT  # "airbnb_book_listing {checkin, checkout, guests}": a stay booked
    unpaid = next(
        (
            verb
            for verb, things in lex.unpaid_acts.items()
            if op is Operation.PAYMENT
            and not {FieldRole.AMOUNT, FieldRole.ACCOUNT} & arg_roles
            and verb in toks
            # the verb may be a word of money itself ("transfer"), no other word is
            and not (set(toks) - {verb}) & lex.money_words
            and not things.isdisjoint(toks)
            # ... and no other verb of paying ("DBNavigatorPurchaseUpgrade" buys one)
            and all(policy.verb_op.get(t) is not Operation.PAYMENT for t in toks if t != verb)
        ),
        None,
    )
    if unpaid is not None and unpaid not in lex.money_words:
        # "gcal_subscribe_calendar", "ap_fw_upgrade_official": following a feed, upgrading a
        # firmware costs nothing
        op = Operation.LOCAL_WRITE
    elif unpaid is not None and any(
        _is_person_address(v)
        and role_for_field(str(k), None, Operation.UNKNOWN, policy) is FieldRole.RECIPIENT
        for k, v in payload.items()
    ):
        # "transfer_tickets {recipient_email}": what moves is a thing, not money, handed to a
        # person -- a send. To another party (a pharmacy, the account that will own a
        # repository) it stays a transfer, which only a request for one authorizes (rule 4)
        op = Operation.EXTERNAL_SEND
    if op is Operation.SHARE_UPLOAD and _exports_to_a_local_path(toks, payload, arg_roles):
        # "rapport_ventes_exporter {format: csv, chemin: /srv/reports/…}": written to a file of
        # this machine, not sent anywhere
        return Operation.LOCAL_WRITE
    if op is Operation.PAYMENT and _requests_money(toks, policy):
        return Operation.EXTERNAL_SEND  # judged by whom it goes to and what it carries
    if (
        op is Operation.SHARE_UPLOAD
        and toks
        and toks[-1] in lex.message_objects
        and policy.verb_op.get(toks[-1]) in (None, Operation.EXTERNAL_SEND)
        and not set(toks) & (lex.file_objects | lex.public_words)
        # ... to its recipient, not to the public ({"public": true})
        and not any(set(tokens(str(k))) & lex.public_words for k in payload)
        and not publishes(payload)
    ):
        return Operation.EXTERNAL_SEND  # "line_push_message": a message pushed is a message sent
    if (
        op in (Operation.SHARE_UPLOAD, Operation.EXTERNAL_SEND)
        or (
            # "toss_transfer {account, amount}": a company's name that is a verb too
            op is Operation.DELETE and any(policy.verb_op.get(t) is Operation.PAYMENT for t in toks)
        )
    ) and (
        (
            {FieldRole.ACCOUNT, FieldRole.AMOUNT} <= arg_roles
            # "cashapp_send {to: $MarcoRides, amount: 25}": a sum sent to someone, no message
            or (
                {FieldRole.RECIPIENT, FieldRole.AMOUNT} <= arg_roles
                and FieldRole.CONTENT not in arg_roles
                # "send_invoice {to, amount}" sends a document that asks for money
                and not set(toks) & set(lex.money_documents)
            )
        )
        and not _requests_money(toks, policy)
    ):
        # "payq_push {iban, amount}", "submit {account, amount}": what moves to an account with
        # an amount is money, whatever the verb of the name says
        return Operation.PAYMENT
    return op


def _exports_to_a_local_path(
    toks: list[str], payload: Mapping[str, Any], arg_roles: set[FieldRole]
) -> bool:
    """An export (by its name's verb) whose only destination is a path on this machine: no
    recipient, link or account among its arguments, and a value that is an absolute or home
    path."""
    if lexicon().exporting_verbs.isdisjoint(toks):
        return False
    if arg_roles & {FieldRole.RECIPIENT, FieldRole.URL, FieldRole.ACCOUNT}:
        return False
    return any(
        isinstance(v, str) and v.startswith(("/", "~/")) and "://" not in v
        for v in payload.values()
    )


def _charges_the_user(description: str) -> bool:
    """The description says the call charges the user, and no negation just before says
    otherwise ("is not charged to your card")."""
    lowered = description.lower()
    negations = _negations()
    for m in _charging().finditer(lowered):
        if negations.isdisjoint(tokens(lowered[max(0, m.start() - 24) : m.start()])):
            return True
    return False


@lru_cache(maxsize=1)
def _charging() -> re.Pattern[str]:
    phrases = sorted(lexicon().charging_phrases, key=len, reverse=True)
    return re.compile(rf"\b(?:{'|'.join(map(re.escape, phrases)) or '(?!)'})\b")


def _commits(payload: Mapping[str, Any]) -> bool:
    """A call told to carry its act out ({"confirm": true}, {"execute": true})."""
    flags = lexicon().commit_flags
    return any(v is True and str(k).lower() in flags for k, v in payload.items())


def _rehearses(payload: Mapping[str, Any]) -> bool:
    """A call told to rehearse its act ({"dry_run": true}) or held back from doing it
    ({"execute": false}); a flag given as any other value decides nothing."""
    lex = lexicon()
    for key, value in payload.items():
        flag = str(key).lower()
        if value is True and flag in lex.rehearsal_flags:
            return True
        if value is False and flag in lex.commit_flags:
            return True
    return False


def _carries_content(args: list[str], policy: CompiledPolicy) -> bool:
    """An argument named as content (``data``, ``body``, ``records``, ``payload``) -- not one
    that is content only because nothing else was known of it (``expect_status``)."""
    named = set(lexicon().tool_fields.get(FieldRole.CONTENT, ())) | {"records", "rows", "json"}
    return any(
        a.lower() in named
        and role_for_field(a, None, Operation.UNKNOWN, policy) is FieldRole.CONTENT
        for a in args
    )


_VERSION = re.compile(r"v?\d+")


# what an argument that names where money goes can turn into a payment (a read only reads)
_MONEY_MOVERS = frozenset(
    {Operation.LOCAL_WRITE, Operation.EXTERNAL_SEND, Operation.SETTINGS_CHANGE, Operation.UNKNOWN}
)


def _names_where_money_goes(payload: Mapping[str, Any]) -> bool:
    """An argument named for money it moves and where it goes ("move_balance_to",
    "funds_destination", "payout_to"), given a value: the call sends that money there."""
    lex = lexicon()
    for key, value in payload.items():
        if not isinstance(value, str) or not value.strip():
            continue
        toks = tokens(str(key))
        if len(toks) >= 2 and toks[-1] in lex.destination_fields and lex.moved_money & set(toks):
            return True
    return False


def _says_everything(value: object) -> bool:
    """A value that selects everything there is: "all", "*", "everything" (``all_words``)."""
    if not isinstance(value, str):
        return False
    words = tokens(value)
    return value.strip() == "*" or (len(words) == 1 and words[0] in lexicon().all_words)


def _syncs_a_named_thing(toks: list[str], args: list[str]) -> bool:
    """A sync says what it brings in: a word of its name besides the service's, the verb and
    a connector's ("garmin_sync_activities", "sync_inbox"), or an argument other than a mode or
    a reference ("fitbit_sync {date}"); "kk_sync {}" names only its service."""
    lex = lexicon()
    rest = [
        t
        for t in toks[1:]
        if t not in lex.refresh_verbs
        and t not in lex.generic_words
        and not _VERSION.fullmatch(t)  # "mis_sync_v2": a version names nothing brought in
    ]
    # "ws_sync_bridge {mode: apply, ref, scope: *}": what it runs and how, not what it brings
    # ... nor with whom or which way ("partner_sync {partner, direction: auto}"): a sync with
    # another party that names nothing else may bring in or send out
    told = [
        a
        for a in args
        if a.lower() not in lex.action_fields | lex.lookup_args | lex.run_args | lex.sync_sides
    ]
    return bool(rest or told)


def _grants_rights(payload: Mapping[str, Any]) -> bool:
    """A switch of a right set on ({"can_delete_messages": true}, {"is_admin": true})."""
    flags = lexicon().rights_flags
    for key, value in payload.items():
        if value is not True:
            continue
        k = str(key).lower()
        toks = tokens(k)
        if k in flags or (len(toks) > 1 and toks[0] in flags):
            return True
    return False


def _gives_full_access(payload: Mapping[str, Any]) -> bool:
    """A role argument set to an administrator's, an owner's or a superuser's ({"roles":
    ["administrator"]}, {"access_level": "owner"}): the write grants full access."""
    lex = lexicon()
    full = lex.administrative_access
    for key, value in payload.items():
        if str(key).lower() not in lex.role_fields:
            continue
        values = value if isinstance(value, list) else [value]
        if any(isinstance(v, str) and not full.isdisjoint(tokens(v)) for v in values):
            return True
    return False


def _rows_with_sums(payload: Mapping[str, Any], policy: CompiledPolicy) -> bool:
    """A list of records in the payload each of which holds a sum (an amount field)."""
    for value in payload.values():
        if not isinstance(value, list) or not value:
            continue
        if all(
            isinstance(row, Mapping)
            and any(
                role_for_field(str(k), None, Operation.UNKNOWN, policy) is FieldRole.AMOUNT
                for k in row
            )
            for row in value
        ):
            return True
    return False


def _requests_money(toks: list[str], policy: CompiledPolicy) -> bool:
    """ "paypal_request_money", "create_payment_request", "venmo_request": the tool asks
    someone to pay the user, and names no act of paying or settling besides ("pay_request",
    "PayPalApproveRequest" pay one)."""
    lex = lexicon()
    money = lex.money_words | {"money", "payment", "payments"}
    asks = [
        i
        for i, t in enumerate(toks)
        if t in lex.money_request_words
        # beside the money asked for, or the name's last word ("venmo_request"); a request for
        # a loan or a credit line ("request_loan_top_up") commits the user's money
        and (i == len(toks) - 1 or not money.isdisjoint(toks[max(0, i - 1) : i + 2]))
    ]
    # ... or a thing that collects a payment, named in two words ("create_payment_link")
    if not asks and not lex.money_request_words.isdisjoint(map(" ".join, pairwise(toks))):
        asks = [len(toks) - 1]
    if not asks:
        return False
    paying = [
        t
        for t in toks
        if t in lex.settling_verbs
        or (
            t not in lex.money_request_words
            and t not in lex.money_words
            and policy.verb_op.get(t) is Operation.PAYMENT
        )
    ]
    return not paying


def _cli_subcommand(method: list[str]) -> Operation | None:
    """A tool named for a command line ("kubectl_rollout_undo", "docker_image_prune"): the
    command's own operation, as if the agent had run it (rolling out an undo is no delete). A
    program whose name is also a word ("settings", "content") names no command line."""
    lex = lexicon()
    if len(method) < 2 or method[0] not in lex.cli_names:
        return None
    for k in range(len(method), 1, -1):  # the longest command the vocabulary lists
        op = lex.shell_ops.get(" ".join(method[:k]))
        if op is not None:
            return op
    return None


def publishes(payload: Mapping[str, Any]) -> bool:
    """An argument that makes something public: a "private" flag set to false, a visibility,
    ACL or access value that names everyone (``public``, ``public-read``, ``anyone``), or such
    an option in a command line it carries ("… --acl public-read")."""
    lex = lexicon()
    for key, value in payload.items():
        words = set(tokens(str(key)))
        private = str(key).lower() in lex.private_flags or not words.isdisjoint(lex.private_flags)
        if private and (value is False or str(value).lower() in ("false", "0", "no")):
            return True
        if not isinstance(value, str):
            continue
        if not words.isdisjoint(lex.audience_fields) and not lex.public_words.isdisjoint(
            tokens(value)
        ):
            return True
        toks = tokens(value)
        if any(
            t in lex.audience_fields and not lex.public_words.isdisjoint(toks[i + 1 : i + 3])
            for i, t in enumerate(toks)
        ):
            return True
    return False


def _sets_a_payee(payload: Mapping[str, Any], policy: CompiledPolicy) -> bool:
    """An argument naming a payee or an account holds a bank account number (IBAN-shaped)."""
    for key, value in payload.items():
        if not isinstance(value, str):
            continue
        role = role_for_field(str(key), None, Operation.UNKNOWN, policy)
        if role not in (FieldRole.RECIPIENT, FieldRole.ACCOUNT):
            continue
        compact = re.sub(r"[\s-]", "", value).upper()
        if not account_shaped(compact):
            continue
        # an account field holds an account; a recipient (or a "tracking_number") holds one
        # only in an IBAN's own shape: a registered country at its registered length
        if role is FieldRole.ACCOUNT or IBAN_LENGTHS.get(compact[:2]) == len(compact):
            return True
    return False


@lru_cache(maxsize=1)
def _money_movements() -> frozenset[str]:
    """What moves money when it is set up: the money words, and the payment family's nouns
    ("direct debit", "standing order"), written as names write them -- not a document that
    asks for money ("invoice")."""
    lex = lexicon()
    family = lex.synonyms.get("payment", frozenset())
    return lex.money_words | (
        frozenset(w.replace(" ", "_") for w in family) - frozenset(lex.money_documents)
    )


def _nouns(method: list[str]) -> set[str]:
    """The words of a name and its pairs of neighbours joined by "_": a noun of two words is
    listed so ("lich_su" history, "so_du" balance: Vietnamese writes a syllable a word)."""
    return set(method) | {"_".join(method[i : i + 2]) for i in range(len(method) - 1)}


def _headed_by_a_read(method: list[str], policy: CompiledPolicy) -> bool:
    """A name written as a phrase of nouns ends on its head: "eviction_kill_list" is a list and
    "cat_kill_zone_lookup" a lookup, of kills and kill zones -- the verbs inside name what is
    looked up. A name that opens on a verb of change is that verb's act ("kill_zone_lookup"
    kills), and beside a payment's verb the name is kept at its gravest ("order_refund_lookup").
    The heads are words that only look up (``lookup_heads``): a "listing" or a "snapshot" is a
    thing, and a "preview" told to apply does what it previews."""
    lex = lexicon()
    return (
        len(method) >= 3
        # (English words: a language that names its tools verb-last, "yemeksepeti_siparis_ver",
        # Turkish "give an order", puts the act there)
        and method[-1] in lex.lookup_heads
        and _verb_operation(method[0], policy) in (None, Operation.READ)
        and all(_verb_operation(t, policy) is not Operation.PAYMENT for t in method[1:-1])
    )


def _reads_what_it_names(method: list[str], policy: CompiledPolicy) -> bool:
    """A name that ends on what a read returns (a report, a status, a history) after a verb of
    reading: the words between describe that thing ("RoborockGetCleanReport": the report of a
    cleaning, nothing is cleaned; "get_transfer_history": no transfer is made)."""
    if len(method) < 2 or stem(method[-1]) not in lexicon().read_nouns:
        return False
    if len(method) == 2:
        # "backup_status", "transfer_status": the state of an act that moves or removes
        # something, shown; a verb that writes ("set_status", "post_status") writes it
        lex = lexicon()
        return policy.verb_op.get(method[0]) in _SHOWN_ACTS and (
            method[0] in lex.object_words or method[0] in lex.synonyms
        )
    if any(policy.verb_op.get(t) is Operation.READ for t in method[:-2]):
        # ... unless a verb that names no thing stands before the noun, which is then what it
        # acts on ("ExchangeSearchMailboxDeleteContent"); a record of acts stays one
        # ("search_send_history", "get_transfer_status")
        before = policy.verb_op.get(method[-2])
        return (
            before in (None, Operation.READ)
            or method[-2] in lexicon().object_words
            or stem(method[-1]) in lexicon().act_records
        )
    # "kraken_withdraw_status": the state of an act that moves money (its service's name
    # before it), shown -- unless another verb of the name writes ("set_withdraw_status")
    shown = _SHOWN_ACTS | {Operation.EXTERNAL_SEND}  # "coinbase_send_history": sends, listed
    if policy.verb_op.get(method[-2]) is Operation.DELETE and (
        stem(method[-1]) in lexicon().erasable_records
    ):
        # -- but a removal before a record kept to be erased is done to it:
        # "koha_anonymize_history", "browser_clear_history" erase the history, as
        # "clear_history" does ("chargeback_nuke_report" still shows nukes)
        return False
    if stem(method[-1]) not in lexicon().act_records:
        return False  # "PatientPortalPayBalance": the balance is what is paid
    return policy.verb_op.get(method[-2]) in shown and not any(
        policy.verb_op.get(t) not in (None, Operation.READ) for t in method[:-2]
    )


def _runs_a_procedure(
    toks: list[str], policy: CompiledPolicy, payload: Mapping[str, Any] | None = None
) -> bool:
    """A name whose verb only says that something runs ("execute", "trigger", "apply") and
    whose object holds steps of its own ("instruction", "workflow", "routine"), with no verb that
    says what changes ("delete_workflow" deletes one, "list_routines" reads) and no argument
    that names what it acts on (run_workflow {repo, …} runs a repository's) or what it does
    ({workflow_id: deploy.yml})."""
    lex = lexicon()
    things = lex.object_words | lex.file_objects | lex.message_objects | lex.synonyms.keys()
    for key, value in (payload or {}).items():
        if not things.isdisjoint(set(tokens(str(key).lower())) - lex.procedure_objects):
            return False  # ... but "policy_id" names the procedure itself
        said = set(tokens(str(value))) if isinstance(value, str) else set()
        if any(_verb_operation(t, policy) is not None for t in said - lex.contentless_verbs):
            return False
    runs = procedure = False
    for tok in toks:
        if tok in lex.contentless_verbs:
            runs = True
        elif tok in lex.procedure_objects or stem(tok) in lex.procedure_objects:
            procedure = True
        elif _verb_operation(tok, policy) is not None and tok not in lex.generic_verbs:
            return False
    return runs and procedure


def _says_only_that_it_acts(
    toks: list[str], payload: Mapping[str, Any], policy: CompiledPolicy
) -> bool:
    """A name whose only verb says that something is done, not what ("run", "do", "apply",
    "process", "reconcile"), about nothing the lexicon knows as a thing ("fitbit_bridge_apply",
    "MessengerBridgeDo", "forge__reconcile"), with arguments that name no act either
    ({"mode": "apply"}, {"cmd": 17}): what it changes cannot be told (rule 9)."""
    lex = lexicon()
    known = _known_things()
    contentless = False
    for tok in toks:
        if tok in lex.contentless_verbs:
            contentless = True
        elif tok in lex.generic_words or len(tok) < 3:
            continue
        elif _verb_operation(tok, policy) is not None or tok in lex.verb_words:
            return False  # a verb that says what changes ("archive", "describe")
        elif tok in known or stem(tok) in known:
            return False  # a thing it acts on ("apply_label": labels)
    if not contentless:
        return False
    things = lex.object_words | lex.file_objects | lex.message_objects | lex.synonyms.keys()
    for key, value in payload.items():
        if not things.isdisjoint(tokens(str(key).lower())):
            return False  # run_workflow {repo, …}: it runs something of a repository's
        if str(key).lower() in lex.action_fields and isinstance(value, str):
            said = set(tokens(value)) - lex.contentless_verbs
            if said and _name_operation(sorted(said), policy) is not None:
                return False  # {"action": "archive"}
    return True


def _names_a_collection(method: list[str], toks: list[str], payload: Mapping[str, Any]) -> bool:
    """A name with no verb whose head is a plural noun names what the tool returns
    ("hotel_amenities", "my_reservations", "restaurants_near", "channel_members"): the REST and
    MCP convention for a query, whose arguments select (a city, a date, a status, a limit).
    Called only when no verb was found in the name or description. Not a read when an argument
    sets something (a switch, a state, a mode) or carries running text, nor where the name
    speaks of money, sharing or a protection: those are judged as unknown."""
    lex = lexicon()
    if not set(toks).isdisjoint(lex.money_words | lex.sharing_words | lex.security_objects):
        return False
    if not any(t.isascii() and len(t) > 3 and stem(t) != t for t in method):
        return False
    if any(
        set(tokens(str(k).lower())) & (lex.action_fields - {"status", "state"}) for k in payload
    ):
        return False  # {"action_code": "RX-9"}: what it does is carried in a code, not named
    for key, value in payload.items():
        # how something is set ("state", "mode", "enabled"); a status only selects, and so
        # does a flag that names a filter ("unread": true, "include_archived": true)
        k = str(key).lower()
        if isinstance(value, bool) and not set(tokens(k)) & lex.filter_flags:
            return False
        if k in lex.state_fields - {"status"}:
            return False
        if isinstance(value, str) and len(value.split()) > 6:
            return False
    return True


def _object_tokens(toks: list[str], method: list[str]) -> list[str]:
    """The part of a name that says what the tool acts on: from its verb on. A toolkit's name
    before it ("StoreAdmin" in StoreAdminTagOrder, "ChargePoint" in ChargePointStartSession)
    names the service, not the object."""
    verb = name_verb(method)
    if verb is None or verb not in toks:
        return toks
    i = toks.index(verb)
    return toks[i:] if i + 1 < len(toks) else toks


def toks_generic(method: list[str], op: Operation, policy: CompiledPolicy) -> bool:
    """The name's verb says only that something changes ("manage", "process", "patch")."""
    return op is Operation.LOCAL_WRITE and not set(method).isdisjoint(lexicon().generic_verbs)


_PASCAL = re.compile(r"^(?:[A-Z][a-z0-9]+){3,}$")


def _name_operation(
    toks: list[str], policy: CompiledPolicy, original: str = ""
) -> Operation | None:
    """The operation the verb of a name says: the tool-naming verbs first, the request verbs of
    every language second; a verb that is also a noun ("lock", "order") loses to another verb."""
    lex = lexicon()
    toks = _joined_verbs(toks, policy)
    verb_of: dict[str, Operation] = {}
    inflected: set[str] = set()
    # a generic verb ("manage", "process", "do") says a tool changes something, not what: it
    # counts only beside a word that names an object ("manage_patient_records")
    objects = [t for t in toks if len(t) >= 3 and t not in lex.generic_verbs]
    if objects:
        for tok in toks:
            if tok in lex.generic_verbs and policy.verb_op.get(tok) is None:
                verb_of[tok] = Operation.LOCAL_WRITE
    for tok in toks:
        op = _verb_operation(tok, policy)
        if (
            op is None
            and len(tok) > 5
            and tok.endswith(_INFLECTIONS)
            and not _plural_object(tok, lex.object_words)
        ):
            # an inflected verb in a name ("listing", "pinned"): try its base -- an English
            # ending only ("ostanni", Ukrainian "latest", holds Finnish "osta", buy)
            for base in _bases(tok):
                op = lex.english_tool_verbs.get(base)
                if op is not None:
                    inflected.add(tok)
                    break
        if op is None and tok.startswith("re") and len(tok) >= 7:
            # a verb done again ("reassign_order", "reupload_scan"): the verb's own act -- of a
            # long enough verb ("repair", "return", "recall" are words of their own), and never
            # a payment or a protection's change guessed from a prefix ("rewire")
            op = lex.english_tool_verbs.get(tok[2:])
            if op in (Operation.PAYMENT, Operation.SECURITY_CHANGE):
                op = None
        if op is not None:
            verb_of.setdefault(tok, op)
    # "meituan_last_order", "recent_transfers": a verb after a word of recency names records
    nouned = {t for i, t in enumerate(toks) if i and toks[i - 1] in lex.recency_words}
    if verb_of and set(verb_of) <= nouned:
        return Operation.READ
    verb_of = {t: o for t, o in verb_of.items() if t not in nouned | _record_heads(toks, policy)}
    # "pdf_to_text", "html_to_markdown": the word after "to" is what something becomes, not
    # an act of the name ("text" someone)
    become = {t for i, t in enumerate(toks) if i and toks[i - 1] in lex.becoming_words}
    verb_of = {t: o for t, o in verb_of.items() if t not in become}
    if not verb_of:
        return None
    # a word that names an app is the service, beside another verb ("whatsapp" in
    # whatsapp_read_group: "read" is what it does; "WhatsApp me" is a verb only in requests)
    service = {t for t in verb_of if t in policy.app_by_word and t not in policy.verb_op}
    if service and set(verb_of) - service:
        verb_of = {t: o for t, o in verb_of.items() if t not in service}
    # a product named by a verb before the tool's own verb and its object ("exchange_send_mail":
    # Microsoft Exchange sends a mail, no currency is exchanged)
    if (
        len(toks) >= 3
        and toks[0] in verb_of
        and toks[1] in verb_of
        and toks[1] not in inflected  # "get_seller_messages": a seller is no verb
        and toks[2] in lex.message_objects
        and verb_of[toks[0]] is not verb_of[toks[1]]
        # "get_chat_messages": a reading verb first is the tool's own ("chat messages" are read)
        and verb_of[toks[0]] is not Operation.READ
    ):
        del verb_of[toks[0]]
    # words of a compound noun ("pull request", "purchase order") name a thing, not an act:
    # "RepoMergePullRequest" merges
    compound = compound_words(toks)
    if any(t not in compound for t in verb_of):
        verb_of = {t: o for t, o in verb_of.items() if t not in compound}
    # a verb as written beats an inflected one ("dns_records_delete": delete, not record); a
    # verb that is not also a noun beats one that is ("lock", "order")
    # Names put their verb first ("get_most_recent_transactions") unless they start with a
    # toolkit's name in PascalCase ("TripBookGetRoomAvailability": the last verb is the action)
    pascal = bool(toks) and _PASCAL.match(original) is not None
    last = toks[-1] if toks else ""
    if (
        pascal
        and len(toks) > 1
        and toks[-2] in verb_of
        and last in verb_of
        and (last in lex.message_objects or last in lex.object_words)
    ):
        # "ChirpPostUpdate", "MailerSendEmail": a verb right before a last word that also names
        # a thing makes that word its object (a status update, an email), not the act
        # ("ParcelTrackRedirect" redirects)
        del verb_of[last]
    if (
        pascal
        and last in verb_of
        and last in lex.grant_objects
        and any(t in lex.granting_verbs for t in verb_of if t != last)
    ):
        del verb_of[last]  # "LockGrantGuestAccess": the access is what is granted, not a read
    if (
        len(toks) >= 3
        and last in verb_of
        and last not in inflected
        and toks[-2].endswith("s")
        and not toks[-2].endswith("ss")  # "access", "address": no plural
        and (stem(toks[-2]) in lex.object_words or stem(toks[-2]) in lex.synonyms)
    ):
        # "google_play_subscriptions_cancel", "admin_users_remove": a REST name, the resource in
        # the plural then its action -- whatever a product's name before it says ("play")
        return verb_of[last]
    ranked = sorted(
        verb_of,
        key=lambda t: (
            t in inflected,
            t in lex.object_words,
            -toks.index(t) if pascal else toks.index(t),
        ),
    )
    return verb_of[ranked[0]]


def _joined_verbs(toks: list[str], policy: CompiledPolicy) -> list[str]:
    """A verb of several words, listed joined by "_" ("satin_al" buy, "chuyen_khoan" transfer,
    "mettre_a_jour" update), is one token of the name: its words alone are other words ("al"
    take, "ver" Spanish see)."""
    out: list[str] = []
    i = 0
    while i < len(toks):
        for n in (3, 2):
            joined = "_".join(toks[i : i + n])
            if i + n <= len(toks) and joined in policy.verb_op:
                out.append(joined)
                i += n
                break
        else:
            out.append(toks[i])
            i += 1
    return out


def _bases(tok: str) -> list[str]:
    """The words ``tok`` may be an inflection of, by the English ending it has: "listing" ->
    "list", "pinned" -> "pin", "saving" -> "save", "updated" -> "update"; "payees" -> "payee"
    and never "pay", since "payees" ends in "es", not "ees"."""
    out: list[str] = []
    for ending in _INFLECTIONS:
        if tok.endswith(ending):
            base = tok[: -len(ending)]
            out.append(base)
            if ending != "s":
                out.append(base + "e")  # a silent e dropped: "saving", "updated", "uploader"
            if ending != "s" and len(base) > 2 and base[-1] == base[-2]:
                out.append(base[:-1])  # a doubled consonant: "pinned", "shipping"
    return out


def _plural_object(tok: str, objects: frozenset[str]) -> bool:
    """ "messages", "orders", "transfers": the plural of a thing a verb also names is the thing
    (a tool's verb is not in its -s form), so ``messages {operation: read}`` reads."""
    return tok.endswith("s") and (tok in objects or stem(tok) in objects)


def _record_heads(toks: list[str], policy: CompiledPolicy) -> set[str]:
    """Verbs that are also things ("order", "transfer", "booking") followed by what a read
    returns about that thing ("order_history", "transfer_status", "order_messages"): the pair
    names records, and the verb is no act. A sending verb before its own object ("post_messages",
    "message_history" aside) still sends."""
    lex = lexicon()
    out: set[str] = set()
    for a, b in pairwise(toks):
        if a not in lex.object_words or not (b in lex.read_nouns or stem(b) in lex.read_nouns):
            continue
        if policy.verb_op.get(b) not in (None, Operation.READ):
            continue  # "order_update": the second word acts
        if b in lex.message_objects and policy.verb_op.get(a) is Operation.EXTERNAL_SEND:
            continue
        out.add(a)
    return out


def _verb_operation(tok: str, policy: CompiledPolicy) -> Operation | None:
    lex = lexicon()
    op = policy.verb_op.get(tok)
    # (a request's verb that says only that something is done -- "reconcile" -- says nothing of
    # a tool: rule 9 reads what else it is given)
    if (
        op is None
        and tok in lex.verb_words
        and tok not in lex.generic_verbs
        and tok not in lex.contentless_verbs
    ):
        op = next((o for o, ws in lex.operations.items() if tok in ws), None)
    if op is None and tok.endswith(_GLUED_PREPOSITIONS) and len(tok) >= 5:
        # a verb written together with its preposition ("payto", "sendto", "copyinto")
        base = next(tok[: -len(p)] for p in _GLUED_PREPOSITIONS if tok.endswith(p))
        op = policy.verb_op.get(base)
    return op


_GLUED_PREPOSITIONS = ("into", "to")


def _declared_destructive(annotations: Mapping[str, Any] | None) -> bool:
    """The server declares the tool destructive and not read-only (MCP's hints)."""
    if not annotations:
        return False
    return (
        annotations.get("destructiveHint") is True and annotations.get("readOnlyHint") is not True
    )


def _annotated(annotations: Mapping[str, Any] | None) -> Operation | None:
    """MCP annotations inform, the name decides: for a tool whose name and arguments say
    nothing, ``readOnlyHint`` makes it a read and an explicit ``destructiveHint`` a delete.
    They never override a name that says what the tool does (a "delete_*" marked read-only is
    still a delete; MCP servers set destructiveHint on creates too)."""
    if not annotations:
        return None
    if annotations.get("readOnlyHint") is True:
        return Operation.READ
    if annotations.get("destructiveHint") is True:
        return Operation.DELETE
    return None


def _value_words(payload: Mapping[str, Any]) -> set[str]:
    """Words of the short string values (``{"domain": ["lock"]}``, ``{"type": "none"}``)."""
    out: set[str] = set()
    for value in _leaves(payload):
        if len(value) <= 40:
            out.update(tokens(value))
            out.add(value.strip().lower())
    return out


def _leaves(value: Any) -> Iterator[str]:
    if isinstance(value, Mapping):
        for v in value.values():
            yield from _leaves(v)
    elif isinstance(value, list):
        for v in value:
            yield from _leaves(v)
    elif isinstance(value, bool):
        yield "true" if value else "false"
    elif isinstance(value, str | int | float):
        yield str(value)


def _told_a_contentless_act(payload: Mapping[str, Any]) -> bool:
    """An argument that says what to do says only that something is done ({"op": "apply"})."""
    fields = lexicon().action_fields
    return any(
        str(k).lower() in fields
        and isinstance(v, str)
        and bool(tokens(v))
        and set(tokens(v)) <= lexicon().contentless_verbs
        for k, v in payload.items()
    )


def _action_value(payload: Mapping[str, Any], policy: CompiledPolicy) -> Operation | None:
    """A generic tool told what to do by an argument (``{"action": "delete"}``)."""
    fields = lexicon().action_fields
    for key, value in payload.items():
        k = str(key).lower()
        if k in fields and isinstance(value, str) and len(value) <= 40:
            if _told_a_contentless_act({k: value}):
                # {"op": "apply"}: says that the call acts, not what it does (rule 9)
                continue
            op = _name_operation(tokens(value), policy)
            if op is Operation.READ and k in lexicon().state_fields - {"status"}:
                # {"state": "open"} sets a state ("open" the lock), it does not open a page; a
                # status only selects ({"status": "open"} tickets)
                return Operation.SETTINGS_CHANGE
            if op is not None:
                return op
    return None


_SAYS_LESS = frozenset({Operation.EXTERNAL_SEND, Operation.LOCAL_WRITE, Operation.SETTINGS_CHANGE})
_GRAVER = frozenset(
    {Operation.PAYMENT, Operation.DELETE, Operation.SECURITY_CHANGE, Operation.SHARE_UPLOAD}
)

# acts whose name before a read noun names the state of one ("backup_status"), not the act
_SHOWN_ACTS = frozenset({Operation.SHARE_UPLOAD, Operation.PAYMENT, Operation.DELETE})

_DEVICE_COMMAND = re.compile(r"[A-Za-z][A-Za-z_-]{1,30}")


def _carried_operation(
    method: list[str],
    payload: Mapping[str, Any],
    policy: CompiledPolicy,
    sub: Operation | None = None,
) -> Operation | None:
    """An executor (``execute_command``, ``run_query``, ``call_service``, a proxy) does what it
    carries: classify that. None when the tool is no executor. ``sub``: the operation of the
    command line the tool's name spells (``_cli_subcommand``), if any."""
    lex = lexicon()
    joined = {"_".join(method), *method, *("_".join(method[i : i + 2]) for i in range(len(method)))}
    # a tool named for a CLI ("rabbitmqadmin", "helm {args}") runs what it is given, like kubectl
    named_cli = _named_program(method) in {"-".join(method), "_".join(method)}
    if (joined.isdisjoint(lex.executors) and not named_cli) or not payload:
        return None
    if _only_compound_executors(method):
        return None  # "create_access_code", "apply_promo_code": a thing named code, not a program
    if sub is not None and all(str(k).lower() not in lex.carrier_fields for k in payload):
        # "kubectl_get {resourceType, name}": the name is the command line, the arguments
        # its operands ("name" names the resource, not a proxied tool)
        return sub
    # (a service's method is no tool's name: "{service: giftCards, method: create}" calls
    # giftCards_create, not a tool "create")
    served = any(str(k).lower() in lex.service_fields for k in payload)
    inner = None if served else _inner_call(payload)
    if inner is not None:
        name, inner_args = inner
        return classify_operation(name, list(inner_args), "", policy, payload=inner_args)
    ops: list[Operation] = []
    carried = False
    for key, raw in payload.items():
        k = str(key).lower()
        value = raw
        if (
            k in lex.command_fields
            and isinstance(raw, list)
            and all(isinstance(v, str) for v in raw)
        ):
            value = shlex.join(raw)  # {"args": ["rds", "delete-db-snapshot", ...]}
        if not isinstance(value, str) or not value.strip():
            continue
        if k in lex.command_fields:
            value = _with_program(value, method)
        if k in lex.service_fields:
            service = " ".join(str(payload.get(f, "")) for f in ("domain", "service"))
            carried = True
            # the service's operands without the service field: a service named like an
            # executor ("zwave_js set_lock_usercode") would otherwise carry itself forever
            operands = {
                f: v for f, v in payload.items() if str(f).lower() not in lex.service_fields
            }
            ops.append(_service_call(service, operands, policy))
            break
        if k in lex.sql_fields or _looks_sql(value):
            op = sql_operation(value)
        elif k in lex.script_fields:
            op = script_operation(value)
        elif k in lex.command_fields:
            line = shell_operation(value)
            if isinstance(line, CloudCall):
                op = classify_operation(line.name, line.flags, "", policy, payload=line.flags)
            else:
                op = line
            if op is None and _DEVICE_COMMAND.fullmatch(str(raw).strip()):
                # a device's command, not a shell line ("executeCommand {capability: lock,
                # command: unlock}", "{capability: switch, command: off}"): its verb, else the
                # verb of the capability it acts through
                op = _name_operation(tokens(str(raw)), policy) or _name_operation(
                    [t for v in payload.values() if isinstance(v, str) for t in tokens(v)], policy
                )
        else:
            continue
        carried = True
        ops.append(op if op is not None else Operation.UNKNOWN)
    if not carried:
        # "IrrigationRunZone {zone, minutes}" runs a zone: classified by its name; a bare
        # "run {id: flow_8812}" runs something it does not say
        bare = set(method) <= lex.executors | lex.generic_verbs | {"tool", "flow", "job", "task"}
        return Operation.UNKNOWN if bare else None
    return riskiest(ops)


def _service_call(service: str, operands: Mapping[str, Any], policy: CompiledPolicy) -> Operation:
    """A service's method called through a gateway ("make_api_request {service: giftCards,
    method: create, request: {…}}"): classified as the call it makes, ``giftCards_create`` with
    the request's fields -- as Home Assistant's ``call_service {domain: lock, service: unlock}``
    is the lock's unlock."""
    methods = [
        v
        for k, v in operands.items()
        if str(k).lower() in lexicon().method_fields and isinstance(v, str) and 0 < len(v) <= 60
    ]
    bodies = [v for v in operands.values() if isinstance(v, Mapping)]
    if len(methods) != 1 or len(bodies) > 1:
        return classify_operation(service, [], "", policy, payload=operands)
    body: Mapping[str, Any] = bodies[0] if bodies else {}
    name = f"{service}_{methods[0]}"
    return classify_operation(name, [str(k) for k in body], "", policy, payload=body)


def _handed_task(payload: Mapping[str, Any]) -> Operation | None:
    """A sub-agent run with a task in words does what the task asks ("Summarize the public
    pricing of …" reads; "Add gh-helper-bot as an admin" changes access), as a request would;
    one asked a question answers it (a read). A task that asks for nothing the lexicon knows
    is not told (None)."""
    lex = lexicon()
    ops: list[Operation] = []
    for key, value in payload.items():
        k = str(key).lower()
        if not isinstance(value, str) or not value.strip():
            continue
        if k in lex.question_fields:
            ops.append(Operation.READ)
        elif k in lex.task_fields:
            asked = intent(value).asks
            if not asked:
                return None
            ops.append(riskiest(list(asked)))
    return riskiest(ops) if ops else None


@lru_cache(maxsize=1)
def _naming_verbs() -> frozenset[str]:
    """Every verb of the tool-naming vocabulary (built once: classification is on the path)."""
    return frozenset(w for words in lexicon().tool_verbs.values() for w in words)


def _only_compound_executors(method: list[str]) -> bool:
    """Every executor word of the name is one that also ends a compound noun of a thing
    ("access code", "zip code": ``thing_executors``) and does so here -- the word before it is
    neither a verb nor an executor: the tool acts on such a thing, it does not run what it is
    given ("execute_code", "python_run_code" still run)."""
    lex = lexicon()
    hits = [i for i, t in enumerate(method) if t in lex.executors]
    if not hits or "_".join(method) in lex.executors:
        return False
    if any(method[i] not in lex.thing_executors for i in hits):
        return False
    naming_verbs = _naming_verbs()
    for i in hits:
        before = method[i - 1] if i > 0 else None
        if (
            before is None
            or before in lex.executors
            or before in naming_verbs
            or before in lex.generic_verbs
        ):
            return False
    return True


def _run_by_its_server(toks: list[str], payload: Mapping[str, Any]) -> Operation | None:
    """ "redis.inspect {args: ["FLUSHALL"]}": a tool of a program's server that is given a
    command line runs it with that program, whatever its own verb says ("inspect")."""
    lex = lexicon()
    program = next((p for t in toks for p in (t, f"{t}-cli") if p in lex.subcommand_programs), None)
    if program is None:
        return None
    for key, raw in payload.items():
        if str(key).lower() not in lex.command_fields:
            continue
        value = (
            shlex.join(raw)
            if isinstance(raw, list) and raw and all(isinstance(v, str) for v in raw)
            else raw
        )
        if isinstance(value, str) and value.strip():
            line = shell_operation(f"{program} {value}")
            return line if isinstance(line, Operation) else None
    return None


def _with_program(line: str, method: list[str]) -> str:
    """ "aws_cli {args: rds delete-db-snapshot …}": the tool's name says which program runs the
    line when the line does not start with one."""
    lex = lexicon()
    first = line.split(None, 1)[0].rsplit("/", 1)[-1].lower() if line.split() else ""
    if first in lex.programs:
        return line
    named = _named_program(method)
    return f"{named} {line}" if named else line


def _named_program(method: list[str]) -> str | None:
    """The program a tool is named for ("gh_cli", "git_tool", "redis_cli", "rabbitmqadmin"):
    a cloud CLI or a program whose subcommands the vocabulary lists."""
    programs = lexicon().subcommand_programs
    return next((t for t in ("-".join(method), "_".join(method), *method) if t in programs), None)


def _dict(payload: Mapping[str, Any]) -> dict[str, Any]:
    return {str(k): v for k, v in payload.items()}


def _inner_call(payload: Mapping[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """A proxied tool call (``{"toolName": "delete_repository", "toolArgs": {...}}``)."""
    name = next(
        (
            v
            for k, v in payload.items()
            if str(k).lower() in lexicon().tool_name_fields and isinstance(v, str)
        ),
        None,
    )
    if not name or (
        " " in name.strip() and not any(k in lexicon().tool_arg_fields for k in payload)
    ):
        # {"name": "Acme Corp"}: a record's name with nothing to call it with; a tool's name has
        # no spaces ("delete_repository") or comes with its arguments
        return None
    args = next(
        (
            v
            for k, v in payload.items()
            if str(k).lower() in lexicon().tool_arg_fields and isinstance(v, Mapping)
        ),
        {},
    )
    return name, _dict(args)


# SQL's own shape, not a sentence that opens with one of its keywords ("Update the lockfile",
# "Show the logs"): a statement's keyword with the clause that must follow it
_SQL_SHAPE = re.compile(
    r"(?is)^\s*(?:/\*.*?\*/\s*)*(?:"
    r"select\b.+\bfrom\b|select\s+[\d'(*]|update\s+[\w.\"`]+\s+set\b|delete\s+from\b"
    r"|insert\s+into\b|replace\s+into\b|upsert\s+into\b|merge\s+into\b"
    r"|(?:create|drop|alter|truncate)\s+(?:or\s+replace\s+)?(?:temporary\s+)?(?:table|view|index|database|schema|user|role|login|function|procedure|trigger|sequence)\b"
    r"|truncate\s+[\w.\"`]+\s*;?\s*$|grant\s+.+\bon\b|revoke\s+.+\bon\b|with\s+\w+\s+as\s*\("
    r"|pragma\b|vacuum\b|explain\s+(?:select|update|delete|insert)\b|show\s+(?:tables|databases|columns|create)\b)"
)


def _looks_sql(text: str) -> bool:
    """A value that is SQL by its shape, in a field not named for SQL."""
    return _SQL_SHAPE.match(text) is not None and sql_operation(text) is not None


def _moves_files(
    op: Operation,
    tokset: set[str],
    compound: set[str] | frozenset[str],
    arg_roles: set[FieldRole],
    payload: Mapping[str, Any],
) -> bool:
    """ "wetransfer.create_transfer {recipients, files}": a transfer of files, not of money --
    a money word of the name that also moves files, given files and no sum or account."""
    lex = lexicon()
    money = (tokset - compound) & lex.money_words
    return (
        op in (Operation.PAYMENT, Operation.LOCAL_WRITE, Operation.EXTERNAL_SEND)
        and bool(money)
        and money <= lex.transfer_words
        and not arg_roles & {FieldRole.AMOUNT, FieldRole.ACCOUNT}
        and any(not lex.file_objects.isdisjoint(tokens(str(k))) for k in payload)
    )


def _refined(
    op: Operation,
    tokset: set[str],
    toks: list[str],
    args: list[str],
    arg_roles: set[FieldRole],
    values: set[str],
    payload: Mapping[str, Any],
    policy: CompiledPolicy,
    compound: set[str] | frozenset[str] = frozenset(),
) -> Operation:
    """What the objects of a name (and its values) make of its verb. ``compound``: tokens that
    stand in a compound noun of the name ("ev charge"): they name a thing, not money."""
    lex = lexicon()
    all_toks = set(toks)
    if op is Operation.READ:
        if tokset & lex.public_words and tokset & {"create", "get_or_create", "link"}:
            return Operation.SHARE_UPLOAD  # "get_or_create_share_link": a getter that publishes
        if tokset & lex.public_words and tokset & lex.becoming_words:
            return Operation.SHARE_UPLOAD  # "conversations_convert_to_public": made public
        if all_toks & lex.security_objects and (tokset | values) & lex.opening_verbs:
            return Operation.SECURITY_CHANGE  # "OpenSecurityGroup", "unlock_door": not a read
        return op
    if "factory" in tokset and ("reset" in tokset or "wipe" in tokset):
        return Operation.SECURITY_CHANGE
    if _moves_files(op, tokset, compound, arg_roles, payload):
        return Operation.SHARE_UPLOAD
    if (
        op is Operation.DELETE
        and all_toks & lex.chore_verbs
        and (all_toks | {t for a in args for t in tokens(a)}) & lex.place_objects
    ):
        return Operation.LOCAL_WRITE  # "roborock_segment_clean {segments}": a chore, not a delete
    if op is Operation.DELETE and tokset & lex.second_factors:
        # "auth0.users.delete_multifactor", "delete_mfa_device": removing a second factor
        # disables a protection (rule 4 names that), it deletes no record of the user's
        return Operation.SECURITY_CHANGE
    if op in (Operation.LOCAL_WRITE, Operation.SETTINGS_CHANGE) and publishes(payload):
        # "update_repository {private: false}", "set_bucket {acl: public-read}": made public
        return Operation.SHARE_UPLOAD
    if op is Operation.LOCAL_WRITE and _sets_a_payee(payload, policy):
        # "update_scheduled_transaction {recipient: IBAN}", "UpdateVendor {bank_iban}": the
        # write decides where money goes -- a payment's key argument, judged as one
        return Operation.PAYMENT
    if (
        op is Operation.SHARE_UPLOAD
        and any(str(k).lower() in lex.state_fields for k in payload)
        and {
            role_for_field(a, None, Operation.UNKNOWN, policy)
            for a in args
            if a.lower() not in lex.state_fields
        }
        <= {FieldRole.IDENTIFIER, FieldRole.OTHER}
    ):
        # "MyQGarageSyncState {door_id, state: closed}": what it syncs is a device's state, set
        # to the value given -- a settings change (a security one when the state weakens)
        op = Operation.SETTINGS_CHANGE
    if (
        op is Operation.SHARE_UPLOAD
        and all_toks & lex.refresh_verbs
        # "TurboTaxSyncPush": a sync that also pushes, uploads or sends is an upload
        and not (all_toks - lex.refresh_verbs) & lex.share_tool_verbs
        and not arg_roles & {FieldRole.RECIPIENT, FieldRole.URL, FieldRole.CREDENTIAL}
        and not all_toks
        & (lex.file_objects | lex.sharing_words | lex.outbound_words | lex.share_places)
        and not any(
            str(k).lower() in lex.destination_fields | lex.bulk_words
            or (v is True and str(k).lower() in lex.all_words)
            for k, v in payload.items()
        )
        and not (
            any(_says_everything(v) for v in payload.values()) and _syncs_a_named_thing(toks, args)
        )
    ):
        # "sync_inbox {since}", "garmin_sync_activities": brings the service's records in; an
        # upload says what it sends or where (a file, a link, a recipient, the cloud), and a
        # sync given a token links something ("sync_loyalty_link {token}"), one given a target
        # or told to take everything may send it ("sync_contacts {target}", "x_sync {all: true}")
        # -- a sync that names nothing but its service ("vetlink_sync {}") says neither what it
        # brings nor which way: rule 9 cannot tell its effect. A value that takes everything
        # ("pc_vendor_sync {mode: mirror, scope: all}") is the flag said as a word, where the
        # sync names what it moves (one that names nothing stays unknown)
        return Operation.READ if _syncs_a_named_thing(toks, args) else Operation.UNKNOWN
    if (
        op is Operation.LOCAL_WRITE
        and tokset & lex.closing_verbs
        and any(not g.isdisjoint(tokset) for g in lex.service_things)
    ):
        return Operation.DELETE  # "SpotifyCloseAccount": closing an account ends it
    if op is Operation.DELETE and tokset & lex.disposable_objects:
        return Operation.LOCAL_WRITE  # "clear_app_cache": housekeeping, no user data is lost
    if "reset" in tokset and tokset & lex.reset_objects:
        return Operation.SECURITY_CHANGE
    weakened = _weakened_values(payload)
    weakening = tokset & lex.weakening_verbs
    # the protection an argument names by its key ("gatectl_set {gate: side, mode: open}"):
    # which gate is the argument, that it is a gate its key
    keyed = {t for k in payload for t in tokens(str(k))} if op is not Operation.READ else set()
    if (
        (
            (all_toks | tokset | keyed) & lex.security_objects
            and (
                weakening
                or weakened
                or (op is Operation.SETTINGS_CHANGE and not _secured_values(payload))
                or tokset & lex.loosening_words
            )
        )
        or (values & lex.security_objects and (weakening or weakened))
        # {"state": "disarmed"} on a "perimeter": the value names the protection by itself
        or (weakened and bool(values & lex.protection_acts))
        # {"waiting_room": false} in a settings update: the argument names the protection
        or _weakened_values(payload, named_only=True)
        # "set_valve_protection {auto_shutoff: false}": a switch of a protection the name names,
        # turned off ({allow_force_pushes: false} turns off a permission: that strengthens it)
        or (
            (all_toks | tokset) & lex.protection_words
            and op in (Operation.LOCAL_WRITE, Operation.SETTINGS_CHANGE)
            and any(
                v is False and lex.opening_verbs.isdisjoint(tokens(str(k)))
                for k, v in payload.items()
            )
        )
    ):
        return Operation.SECURITY_CHANGE
    # a permission on a file is a share of it: the name says so ("drive_permissions_create"),
    # or the argument that selects what is granted does ("permissions.create {fileId, …}")
    # -- not one that makes someone its owner or admin (at the top or in a request body): that
    # hands over control of it
    on_a_file = any(not lex.file_objects.isdisjoint(tokens(str(k))) for k in payload)
    control = _gives_full_access(payload) or any(
        _gives_full_access(v) for v in payload.values() if isinstance(v, Mapping)
    )
    if (
        tokset & lex.grant_objects
        and (tokset & (lex.file_objects | lex.share_places) or on_a_file)
        and not (control and tokset & lex.granting_verbs)
    ):
        return Operation.DELETE if tokset & lex.revoking_verbs else Operation.SHARE_UPLOAD
    if tokset & lex.grant_objects:
        if tokset & lex.revoking_verbs or op is Operation.DELETE or _secured_values(payload):
            return Operation.DELETE  # {"permission": "RECORD_AUDIO", "state": "denied"} revokes
        if tokset & lex.granting_verbs:
            return Operation.SECURITY_CHANGE  # "typing keys" grants nothing; "add a key" does
    if op in (Operation.LOCAL_WRITE, Operation.EXTERNAL_SEND, Operation.SETTINGS_CHANGE) and (
        (tokset - compound) & lex.money_words
        or (FieldRole.ACCOUNT in arg_roles and FieldRole.AMOUNT in arg_roles)
    ):
        return Operation.PAYMENT
    if op in (Operation.LOCAL_WRITE, Operation.SETTINGS_CHANGE, Operation.EXTERNAL_SEND) and (
        (tokset & lex.paid_objects and tokset & lex.booking_verbs)
        or any(str(k).lower() in lex.charging_args and v is True for k, v in payload.items())
    ):
        return Operation.PAYMENT  # booking a hotel, requesting a loan commit the user's money
    if op in (Operation.LOCAL_WRITE, Operation.SETTINGS_CHANGE, Operation.EXTERNAL_SEND) and (
        tokset & lex.paying_runs and tokset & lex.committing_verbs
    ):
        return Operation.PAYMENT  # "gusto.submit_payroll" pays the team; "update_payroll" not yet
    if op in (Operation.LOCAL_WRITE, Operation.SETTINGS_CHANGE) and _gives_full_access(payload):
        # "wp_create_user {roles: [administrator]}": making an account an administrator grants
        # access (rule 4), whatever the write is called
        return Operation.SECURITY_CHANGE
    if op in (Operation.LOCAL_WRITE, Operation.EXTERNAL_SEND) and _removal_flag(payload):
        return Operation.DELETE  # {"archived": true}: a patch that moves the record away
    if op is Operation.LOCAL_WRITE and (
        # ("tasks_create_many {titles: [...]}" adds the records it lists, and touches no other)
        (
            tokset & lex.bulk_words
            and not _names_one_record(payload)
            and not tokset & lex.creating_verbs
        )
        or (tokset & lex.changing_writes and _selects_many(payload))
    ):
        return Operation.BULK_CHANGE  # can touch many records: high-impact like a delete
    if op is Operation.DELETE and (tokset & lex.bulk_words or _selects_many(payload)):
        return Operation.DELETE
    if op is Operation.EXTERNAL_SEND and (
        _to_everyone(payload, arg_roles, args, policy)
        # "SendBulkSms", "mass_email"; "reply_all" answers the people of one thread
        or tokset & lex.bulk_only_words
    ):
        # {"recipients": "all_contacts"}, "SendBulkSms": a broadcast, not a message
        return Operation.BULK_CHANGE
    if op is Operation.EXTERNAL_SEND and tokset & lex.file_objects:
        return Operation.SHARE_UPLOAD
    if op in (Operation.LOCAL_WRITE, Operation.EXTERNAL_SEND) and tokset & lex.paste_words:
        return Operation.SHARE_UPLOAD
    if op in (Operation.LOCAL_WRITE, Operation.EXTERNAL_SEND) and (
        any(a.lower() in lex.public_args for a in args) and values & lex.public_words
    ):
        return Operation.SHARE_UPLOAD
    if op in (Operation.LOCAL_WRITE, Operation.SETTINGS_CHANGE, Operation.EXTERNAL_SEND) and (
        any(a.lower() in lex.link_access_args for a in args) and values & lex.open_access_values
    ):
        # "box.folders.update {shared_link: {access: open}}": the link now opens for anyone
        return Operation.SHARE_UPLOAD
    if (
        op is Operation.EXTERNAL_SEND
        and any(a.lower() in lex.public_args for a in args)
        # a "public" reply on a ticket goes to its requester
        and tokset.isdisjoint(lex.conversation_objects)
    ):
        return Operation.SHARE_UPLOAD
    if op in (Operation.LOCAL_WRITE, Operation.EXTERNAL_SEND) and tokset & lex.sharing_words:
        return Operation.SHARE_UPLOAD
    if op is Operation.LOCAL_WRITE and tokset & lex.message_objects and tokset & lex.sending_writes:
        return Operation.EXTERNAL_SEND  # "create_message", "post_comment": it sends
    if (
        op is Operation.LOCAL_WRITE
        and tokset & policy.outbound_words
        and tokset & lex.sending_writes
    ):
        return Operation.EXTERNAL_SEND  # "create_tweet"; "move_email" only files a mail
    return op


def _weakened_values(payload: Mapping[str, Any], *, named_only: bool = False) -> bool:
    """An argument that sets a protection to off: ``{"type": "none"}`` for a screen lock,
    ``{"two_factor": false}``, ``{"waiting_room": false}``, and the same nested in a settings
    object: ``{"actions": {"signon": {"requireFactor": false}}}``, ``{"mfa": {"enabled": false}}``
    (a key is named for a protection by its own words or its parents'). ``named_only``: only
    arguments named for a protection (not a generic "state" or "type")."""
    lex = lexicon()
    for path, value in _settings(payload):
        k = path[-1].lower()
        named = (k in lex.state_fields and not named_only) or any(
            key.lower() in lex.security_objects or not lex.security_objects.isdisjoint(tokens(key))
            for key in path
        )
        if not named:
            continue
        v = str(value).strip().lower() if not isinstance(value, bool) else str(value).lower()
        if v in lex.weakening_verbs:
            return True
    return False


_MAX_SETTINGS_DEPTH = 6


def _settings(
    payload: Mapping[str, Any], path: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], object]]:
    """Every scalar argument with the keys leading to it, objects included (an API
    sets a policy's rule as ``{"actions": {"signon": {...}}}``); lists hold records, not
    settings, and are not entered."""
    for key, value in payload.items():
        here = (*path, str(key))
        if isinstance(value, Mapping):
            if len(here) < _MAX_SETTINGS_DEPTH:
                yield from _settings(value, here)
        elif not isinstance(value, list):
            yield here, value


def _secured_values(payload: Mapping[str, Any]) -> bool:
    """Every state the call sets is a safe one ({"state": "closed"} for a garage door, {"mode":
    "armed_away"}): the change secures a protection, it does not weaken one."""
    lex = lexicon()
    states = [
        str(v).strip().lower()
        for k, v in payload.items()
        if str(k).lower() in lex.state_fields and isinstance(v, str)
    ]
    return bool(states) and all(v in lex.securing_values for v in states)


def _removal_flag(payload: Mapping[str, Any]) -> bool:
    return any(
        v is True or str(v).lower() == "true"
        for k, v in payload.items()
        if str(k).lower() in lexicon().removal_flags
    )


def _to_everyone(
    payload: Mapping[str, Any], roles: set[FieldRole], args: list[str], policy: CompiledPolicy
) -> bool:
    """A send addressed to a whole set of people ("all_contacts", "everyone", "*")."""
    lex = lexicon()
    for key, value in payload.items():
        if not isinstance(value, str):
            continue
        role = role_for_field(str(key), None, Operation.EXTERNAL_SEND, policy)
        if role is not FieldRole.RECIPIENT:
            continue
        stripped = value.strip()
        if stripped[:1] in "#@" or "@" in stripped:
            continue  # a channel or an address names one place ("#all", "all@team.example")
        if lex.place_fields.intersection(tokens(str(key))):
            continue  # {"channel": "all"}: the channel's name, one place however it is called
        words = set(tokens(value)) | {stripped.lower()}
        if stripped == "*" or not words.isdisjoint(lex.bulk_words | lex.everyone_words):
            return True
    return False


# base64 that shows it (padding or its "+" and "/", or longer than any id), or long hex: an
# account SID or a UUID without dashes is an id, not a blob
_OPAQUE_BLOB = re.compile(
    r"^(?:(?=[A-Za-z0-9+/]*[+/])[A-Za-z0-9+/]{24,}={0,2}|[A-Za-z0-9+/]{20,}={1,2}|"
    r"[A-Za-z0-9+/]{96,}|[0-9a-fA-F]{96,}|"
    # base64 of a JSON object, of zlib or of gzip data: the encoding's own first bytes
    r"(?:eyJ|eJ[wxy]|eJ[a-z]|H4sI)[A-Za-z0-9+/_-]{12,}={0,2})$"
)


def opaque_payload(payload: Mapping[str, Any]) -> bool:
    """An argument that is an encoded blob (base64, hex): what the call does is in it, unread."""
    return any(
        isinstance(v, str)
        and (
            (_OPAQUE_BLOB.match(v.strip()) and not _path_like(v.strip()))
            or (str(k).lower() in lexicon().command_fields and _encoded_text(v.strip()))
            or (
                not lexicon().encoded_fields.isdisjoint(tokens(str(k)))
                and _ENCODED_VALUE.match(v.strip()) is not None
            )
        )
        for k, v in payload.items()
    )


_BASE64 = re.compile(r"^[A-Za-z0-9+/]{16,}={0,2}$")
# a value of an argument named for encoded data: base64 (either alphabet) or hex, no spaces
_ENCODED_VALUE = re.compile(r"^[A-Za-z0-9+/_-]{8,}={0,2}$")


def _encoded_text(value: str) -> bool:
    """A command given as base64 of text ({"cmd": "U0VUIHNjaGVk…"} is "SET sched…"): short
    and unpadded it looks like an id, but it decodes to words -- the command, unread."""
    if not _BASE64.match(value) or len(value) % 4 == 1:
        return False
    import base64  # only for the command fields of an executor, off the common path
    import binascii

    try:
        raw = base64.b64decode(value + "=" * (-len(value) % 4), validate=True)
    except (binascii.Error, ValueError):
        return False
    text = raw.decode("ascii", errors="replace")
    return text.isprintable() and " " in text


# a word, a number or an id in capitals: "Documents/pdfs", and a REST resource's name
# ("accounts/1/locations/88120/reviews/RUDD1"), whose segments base64 mixes up within one
_PATH_PART = re.compile(r"[A-Za-z][a-z0-9._-]*|\d+|[A-Z][A-Z0-9_-]*")


def _path_like(value: str) -> bool:
    """A file path, whose letters and slashes base64 also has ("~/Documents/pdfs" written out in full):
    rooted ("/", "~/", "./"), or made of words ("Documents/pdfs"), and no "+" or padding."""
    if "+" in value or value.endswith("="):
        return False
    if value.startswith(("/", "~/", "./", "../")):
        return True
    parts = [p for p in value.split("/") if p]
    return len(parts) >= 2 and all(_PATH_PART.fullmatch(p) for p in parts)


def _names_one_record(payload: Mapping[str, Any]) -> bool:
    """ "google_docs_batch_update {documentId, requests}": a batch of edits to the one record an
    id names -- a batch of changes, not a change to many records."""
    ids = [
        v
        for k, v in payload.items()
        if (toks := tokens(str(k))) and toks[-1] == "id" and isinstance(v, str | int)
    ]
    return len(ids) == 1 and not any(str(k).lower() in lexicon().selection_fields for k in payload)


def _selects_many(payload: Mapping[str, Any]) -> bool:
    """A write that names no record but a condition ({"filter": {...}}, {"where": "1=1"}):
    it can touch many rows."""
    fields = lexicon().selection_fields
    keys = {str(k).lower() for k in payload}
    if keys.isdisjoint(fields):
        return False
    return not any(k == "id" or k.endswith(("_id", "id", "_ids", "ids", "_key")) for k in keys)


def addresses_people(name: str) -> bool:
    """A field holding the people an action addresses ("signers", "attendees", "to")."""
    lowered = name.lower()
    return (
        lowered in lexicon().participant_words
        or lowered in lexicon().addressed_fields
        or not lexicon().participant_words.isdisjoint(tokens(name))
    )


def role_for_field(name: str, app: str | None, op: Operation, policy: CompiledPolicy) -> FieldRole:
    """Role of an argument from its name (``recipient_phone`` -> recipient, ``notes`` -> content)."""
    leaf = name.rsplit(".", 1)[-1].split("[", 1)[0]
    lowered = leaf.lower()
    role = policy.field_role.get(lowered)
    if role is None:
        toks = tokens(leaf)  # "emailAddress" -> email, address (case before lowering)
        # the name as the listed names are spelled ("emailAddress" is email_address, whose
        # last word alone would name a postal address)
        role = policy.field_role.get("_".join(toks)) if len(toks) > 1 else None
        for tok in reversed(toks if role is None else []):
            role = policy.field_role.get(tok)
            if role is None and policy.field_role.get(stem(tok)) in _LISTED_ROLES:
                # a list of them is named in the plural ("emails", "phone_numbers", "ibans");
                # a container's name ("pages", "items") keeps its values' own roles
                role = policy.field_role[stem(tok)]
            if role is not None:
                break
        if (
            role is FieldRole.CREDENTIAL
            and len(toks) > 1
            and toks[-1].lower() in lexicon().handle_tokens
            and any(policy.field_role.get(t.lower()) is FieldRole.RECIPIENT for t in toks[:-1])
            and lexicon().own_words.isdisjoint(t.lower() for t in toks)  # "user_token" is theirs
        ):
            # "recipient_token", "payee_handle_token": what identifies whom it goes to (Zelle's
            # token is their e-mail or phone), judged as a recipient by rule 5
            role = FieldRole.RECIPIENT
        elif (
            role is FieldRole.CREDENTIAL
            and "token" in (t.lower() for t in toks)
            and not lexicon().asset_sides.isdisjoint(t.lower() for t in toks)
        ):
            role = FieldRole.IDENTIFIER  # "token_in": "ETH", "sell_token": the asset traded
        elif role is FieldRole.CREDENTIAL and not field_words().not_otp.isdisjoint(toks):
            role = FieldRole.IDENTIFIER  # "customer_code", "room_code": a code that names
        elif (
            role is FieldRole.CREDENTIAL
            and len(toks) > 1
            and toks[-1].lower() == "code"
            and field_words().secret_codes.isdisjoint(t.lower() for t in toks[:-1])
        ):
            role = FieldRole.IDENTIFIER  # "property_code", "service_code": it names a thing
        if role is None and _names_a_currency(toks):
            role = FieldRole.AMOUNT  # "value_eth", "usdc": a sum in the currency it names
        elif role is FieldRole.RECIPIENT and numbers_a_thing(leaf):
            role = FieldRole.IDENTIFIER  # "claim_number", "tracking_number": a record's, no phone
    if role is None:
        return FieldRole.CONTENT
    if op is Operation.UNKNOWN:
        return role
    # A recipient only means something for an action that leaves the device; in a local write
    # (a note's phone) it is content. An address field stays one: a postal address there is the
    # place the write is about, and any other kind in it is content (``content_role``).
    if (
        role is FieldRole.RECIPIENT
        and op not in _OUTBOUND_OPS
        and op is not Operation.SECURITY_CHANGE
    ):
        # (a grant of access addresses whom it is for, as a share does)
        # ... except the people an event or a share is *for*: inviting a contact uses the contact
        if role is FieldRole.RECIPIENT and (
            lowered in lexicon().participant_words
            or not lexicon().participant_words.isdisjoint(tokens(lowered))
        ):
            return role
        # ... and whom a draft in an app whose writes are addressed (SMS, mail, an order's
        # delivery -- not a note) is addressed to
        if app is not None and app in policy.addressed:
            return role
        return FieldRole.CONTENT
    if role is FieldRole.ADDRESS and app in ("mail", "sms"):
        return FieldRole.RECIPIENT
    return role


def _names_a_currency(toks: list[str]) -> bool:
    """A field named by a currency's code ("value_eth", "usdc", "krw_total")."""
    codes = _currency_codes()
    return any(tok.lower() in codes for tok in toks)


@lru_cache(maxsize=1)
def _currency_codes() -> frozenset[str]:
    """Currency codes of three letters or more that the lexicon knows as no other word ("won"
    is a verb too). Cached: fields are named on the decision path."""
    lex = lexicon()
    words = lex.verb_words | lex.object_words | lex.generic_words | lex.stopwords
    return frozenset(c for c in lex.currencies if len(c) >= 3 and c.isalpha() and c not in words)


def _own_records(toks: list[str], app: str | None, policy: CompiledPolicy) -> bool:
    """An unseen service's read of records its name calls the user's own kind of data
    (``hubspot.contacts.search``: a CRM's people, not web results): what it returns is the user's
    data, however generic its verb ("search", "fetch")."""
    if app is not None:
        return False
    named = policy.app_of_words(toks)
    if named is not None and named in policy.sources and named not in policy.untrusted:
        return True
    # ... or the people the user deals with ("practo.patients.search", "crm.donors.find"): a
    # register of the user's patients or clients, not a search of the web
    return not lexicon().people_words.isdisjoint(toks)


def lookup_tool(name: str, policy: CompiledPolicy) -> ToolSpec | None:
    """An explicitly listed tool, tolerating ``calendar_create_event`` / ``calendar/create_event``."""
    lowered = name.lower()
    spec = policy.tools.get(lowered)
    if spec is not None:
        return spec
    for sep in ("/", ":", "__"):
        if sep in lowered:
            spec = policy.tools.get(lowered.replace(sep, ".", 1))
            if spec is not None:
                return spec
    head, _, rest = lowered.partition("_")
    if rest:
        return policy.tools.get(f"{head}.{rest}")
    return None


def classify_tool(
    name: str,
    args: Iterable[str],
    description: str,
    policy: CompiledPolicy,
    *,
    payload: Mapping[str, Any] | None = None,
    annotations: Mapping[str, Any] | None = None,
) -> ToolSpec:
    """Known tools from the bundle, anything else by the open-world layer (rule 9)."""
    args = list(args)
    known = lookup_tool(name, policy)
    if known is not None:
        fields = dict(known.fields)
        for arg in args:
            if arg not in fields:
                fields[arg] = role_for_field(arg, known.app, known.operation, policy)
        return ToolSpec(
            app=known.app,
            operation=known.operation,
            fields=fields,
            untrusted_result=known.untrusted_result,
        )
    op = classify_operation(
        name, args, description, policy, payload=payload, annotations=annotations
    )
    toks = tokens(name)
    app = policy.app_for_name(name)
    if (
        op is Operation.UNKNOWN
        and app is not None
        and app != "package"
        and not (opaque_payload(payload or {}))
        and not _runs_a_procedure(toks, policy, payload)
        and not _told_a_contentless_act(payload or {})
    ):
        # a known app addressed without a verb (e.g. a package name as the tool): with
        # arguments it writes there, without it (or with only what selects) it only shows;
        # settings writes are settings changes
        lookup = {role_for_field(a, app, Operation.READ, policy) for a in args}
        if not args or lookup <= {FieldRole.IDENTIFIER} or set(args) <= lexicon().lookup_args:
            op = Operation.READ
        elif app == "settings":
            op = Operation.SETTINGS_CHANGE
        else:
            op = Operation.LOCAL_WRITE
    if app == "settings" and op is Operation.LOCAL_WRITE:
        op = Operation.SETTINGS_CHANGE  # "put_global", "set_value" in a settings tool
    if (
        app == "package"
        and op is Operation.DELETE
        and not set(toks) & (lexicon().file_objects | lexicon().disposable_objects | {"data"})
        and any(isinstance(v, str) and is_package_name(v) for v in (payload or {}).values())
    ):
        # "remove_app {package_name}": an app removed is uninstalled ("clear_app_data" clears)
        op = Operation.UNINSTALL
    if app is None and set(toks) & policy.outbound_words and op in _OUTBOUND_OPS:
        app = "external" if "external" in policy.bundle.apps else None
    fields = {arg: role_for_field(arg, app, op, policy) for arg in args}
    if op is Operation.LOCAL_WRITE and not lexicon().addressed_documents.isdisjoint(toks):
        # "create_invoice {recipient_email}": the draft is made to be sent, and whom it is
        # addressed to is its recipient (rule 5), as a mail draft's is
        for arg in args:
            if role_for_field(arg, app, Operation.EXTERNAL_SEND, policy) is FieldRole.RECIPIENT:
                fields[arg] = FieldRole.RECIPIENT
    if not field_words().not_otp.isdisjoint(toks):
        # "create_discount_code {code}", "redeem_gift_card {code}": the name says what the code
        # is -- a thing's name, not a secret
        for arg, role in fields.items():
            if role is FieldRole.CREDENTIAL and tokens(arg) == ["code"]:
                fields[arg] = FieldRole.IDENTIFIER
    if op is Operation.EXTERNAL_SEND and _requests_money(toks, policy):
        # a request for money goes to whoever is to pay: its "from" is the addressee
        # ("paypal_request_money {from: tom@…}"), whom rule 5 judges, not content of rule 1
        payer = policy.any_sender_field
        for arg in args:
            if arg.lower() in payer:
                fields[arg] = FieldRole.RECIPIENT
    # a read of an app the policy knows is as trusted as that app; of an unseen service, as
    # its name says (a search, a feed, an inbox return outside content)
    outside = set(toks) & policy.untrusted_words
    untrusted = op is Operation.READ and (
        (app in policy.untrusted or bool(outside - lexicon().lookup_verbs))
        if app is not None
        else (bool(outside) and not _own_records(toks, app, policy))
        # another agent's answer relays what it read, wherever that came from ("crew" is also
        # the people of a flight: "get_crew_list")
        or not lexicon().agent_words.isdisjoint(set(toks) - lexicon().people_words)
    )
    return ToolSpec(app=app, operation=op, fields=fields, untrusted_result=untrusted)
