"""T2: payload and provenance. Source->sink (rule 1) on content fields, and injected consequences
(rule 5) on key arguments. Only enforcement-side observations count; agent-claimed provenance is
never read here.

Rule 1: a sensitive value observed from a *source* app (Contacts, SMS, bank, files...) that shows
up in a content field of a write to a *sink* (Calendar, Mail, Notes...) or of any outbound action
is a leak -- unless the write stays inside the value's own app (editing a contact in Contacts) or
the user gave the value in the request. Recipient/address fields are not content: a contact's own
number as the recipient of a message to that contact is using the contact (rule 5 judges them).

Rule 5: a recipient, account, URL, amount or address taken from untrusted running text (a web
page, an incoming message, a file) -- and not from the user's request or the user's own trusted
data -- is an injected consequence.
"""

from __future__ import annotations

from host_pep.observations import Observation
from host_pep.pipeline.context import (
    OUTBOUND_OPS,
    READ_OPS,
    DecisionContext,
    Outcome,
    ValueHit,
    evidence_of,
    note_evidence,
)
from host_pep.pipeline.injection import check_carried_out, check_injected_values
from host_pep.policy.compiled import is_package_name
from host_pep.recognition.lexicon import lexicon
from host_pep.recognition.marks import unaccented
from host_pep.recognition.request import names_person
from host_pep.recognition.secret_files import secret_files
from host_pep.recognition.words import squashed, tokens
from host_pep.semantics import FieldRole, Operation
from host_pep.values.detect import is_record_id
from host_pep.values.fields import is_credential_field
from host_pep.verdict import Decision, Stage

_SECRET_KINDS = frozenset({"credential", "card", "iban"})
_CONTENT_ROLES = frozenset({FieldRole.CONTENT, FieldRole.CREDENTIAL, FieldRole.OTHER})
# what leaves the device carries its identifiers (a search query, a file name) along with it
_OUTBOUND_CONTENT_ROLES = _CONTENT_ROLES | {FieldRole.IDENTIFIER}
# In a local write an address field (a calendar event's location) holding a postal address is
# the place of that event: using the address, like a recipient uses a contact. Any other kind
# typed there is content (``content_role``), so it needs no role of its own here.
_LOCAL_CONTENT_ROLES = _CONTENT_ROLES
_URL_ONLY = frozenset({FieldRole.URL})
_URL_AND_QUERY = frozenset({FieldRole.URL, FieldRole.IDENTIFIER, FieldRole.CONTENT})


def is_sink_write(ctx: DecisionContext) -> bool:
    """Whether this action writes somewhere rule 1 protects: a sink app or any outbound action."""
    if ctx.op in READ_OPS:
        return False
    if ctx.op in OUTBOUND_OPS or ctx.op is Operation.UNKNOWN:
        return True
    if ctx.app is None:
        # an app or tool the policy does not know (a CRM, a to-do list): a different app
        # receiving a value is a sink
        return ctx.op is Operation.LOCAL_WRITE
    return ctx.app in ctx.policy.sinks


def _enters_what_was_shown(ctx: DecisionContext) -> bool:
    """The request asks for a write into the user's own records (add, create, save, note)."""
    return ctx.op is Operation.LOCAL_WRITE and Operation.LOCAL_WRITE in ctx.intent().asks


def leak_sources(
    ctx: DecisionContext, hit: ValueHit, *, outbound: bool = False
) -> list[Observation]:
    """Source-app observations that make ``hit`` a leak in this action."""
    sources = ctx.policy.sources
    current = ctx.event.id
    outbound = outbound or ctx.op in OUTBOUND_OPS or ctx.op is Operation.UNKNOWN
    out = []
    entry = not outbound and _enters_what_was_shown(ctx)
    for obs in hit.observations:
        if obs.public:
            continue  # public directory data about a business or a place (rule 1)
        if entry and obs.designated and not obs.trusted and obs.kind == "address":
            # the place of the lunch in the mail the user pointed at, written into the event the
            # user asked to add: where something happens, from the source the user designated,
            # entered into the user's own records (a number or a diagnosis stays protected)
            continue
        app = obs.source_app
        # a secret a tool returned in a field of its own ({"password": …} from a vault's
        # rotation) is the user's whoever the tool is: its result was no message from outside
        issued = (
            obs.kind == "credential"
            and not obs.free_text
            and not obs.instructive
            and ctx.op is Operation.EXTERNAL_SEND
            and is_credential_field(obs.field.rsplit(".", 1)[-1])
        )
        if app is None and (obs.trusted or issued) and _own_data(obs):
            # a card, password or health record that an app the policy does not know (a wallet,
            # a vault, a health app) showed or asked for is the user's own; only that same app
            # -- or, writing locally, another tool of its service -- may receive it back
            if obs.source_tool in (ctx.sem.package, ctx.completion.event.target, ctx.event.target):
                continue
            if not outbound and _same_service(obs.source_tool, ctx):
                continue
            out.append(obs)
            continue
        if (
            app is None
            and outbound
            and obs.kind == "credential"
            and not obs.instructive
            and obs.source_tool not in (ctx.completion.event.target, ctx.event.target)
        ):
            # a live secret printed in what an unseen tool returned (a CI log's environment
            # dump, an error's bearer token) is the user's whatever else that output holds: it
            # leaves the device only where the user gave it
            out.append(obs)
            continue
        if app is None and obs.trusted and _user_data_tool(obs.source_tool, ctx, outbound):
            out.append(obs)  # records an unseen tool returned (a CRM's leads, a shop's orders)
            continue
        if app is None or app not in sources:
            continue
        if app == ctx.app and not outbound:
            continue  # a local write inside the value's own app (editing a contact)
        if app == ctx.app and obs.event_id == current:
            continue  # the target app's own screen right now (a compose box the agent filled)
        if (
            app == ctx.app
            and obs.kind in ("credential", "otp")
            and ":id/" in obs.field
            and _field_id(obs.field) == _field_id(hit.field)
        ):
            continue  # submitting the secret typed into this very field of this app (a CVV)
        out.append(obs)
    return out


def _own_data(obs: Observation) -> bool:
    """A value that is the user's own whatever app showed it: a secret, or a health datum that
    is not from a public-information tool (a news or encyclopedia lookup)."""
    if obs.kind in _SECRET_KINDS:
        return True
    return obs.kind == "health" and _PUBLIC_WORDS.isdisjoint(tokens(obs.source_tool or ""))


def _same_service(tool: str | None, ctx: DecisionContext) -> bool:
    """``tool`` and the called tool belong to one service (``bitwarden.get_item`` and
    ``bitwarden.update_item``): the same app, whether or not the bundle knows it."""
    if not tool:
        return False
    service = ctx.policy.service_of(tool)
    if service is None:
        return False
    targets = (ctx.completion.event.target, ctx.event.target)
    return any(ctx.policy.service_of(t) == service for t in targets)


def _field_id(field: str) -> str:
    """``com.app:id/pmts-cvv`` and ``pmts-cvv`` name one field."""
    return field.rsplit("/", 1)[-1].rsplit(".", 1)[-1].lower()


# Unseen tools that return public listings, not the user's records.
_PUBLIC_WORDS = frozenset(
    {"maps", "map", "place", "places", "weather", "news", "wiki", "wikipedia", "geocode",
     "directions", "translate", "dictionary", "stocks", "quote", "flights", "transit"}
)  # fmt: skip


def _user_data_tool(tool: str | None, ctx: DecisionContext, outbound: bool) -> bool:
    """An unseen tool (not an app package) whose trusted result holds the user's records: a
    source for rule 1, unless it is the very tool being called, another tool of the same
    service writing locally (``hubspot.contacts.get`` then ``hubspot.contacts.update``: the
    value stays in its own app, as when editing a contact), or a public-information one."""
    if not tool or is_package_name(tool):
        return False
    targets = (ctx.completion.event.target, ctx.event.target)
    if tool in targets:
        return False
    if not outbound and _same_service(tool, ctx):
        return False
    return _PUBLIC_WORDS.isdisjoint(tokens(tool))


def _request_roles(ctx: DecisionContext) -> frozenset[FieldRole]:
    """Fields of a read that still leave the device: a URL (its query string) anywhere, and the
    query of a read in an app that talks to the outside (a web search)."""
    if ctx.op not in READ_OPS:
        return frozenset()
    if (
        ctx.app is not None
        and ctx.app in ctx.policy.untrusted
        and ctx.app not in ctx.policy.sources
    ):
        return _URL_AND_QUERY
    return _URL_ONLY


def _owners_address(ctx: DecisionContext, hit: ValueHit) -> bool:
    """A mail address in the address field of a record about the person it belongs to: a
    Checkr candidate {first_name: Dana, last_name: Whitfield, email: dana.whitfield@…}, a
    signer {name: Priya Raman, email: priya.raman.dev@…}, {client_name, client_email}. The
    record is the person's and the address theirs, used as a message to a contact uses the
    contact (rule 1); whom it reaches is rule 5's to judge. The request must be about that
    person, and the name beside the address its own (its local part spells it): another
    person's record holding Dana's address, or people posted in a body, leak still."""
    if hit.found.kind != "email" or hit.field.count(".") > 1:
        return False  # a record of the call's own, not people carried in a body ("json.people[0]")
    if not names_person(ctx.user_request, unaccented(hit.found.raw)):
        return False  # the request is about this person ("the background check for Dana …")
    parent, _, leaf = hit.field.rpartition(".")
    lex = lexicon()
    field = squashed(leaf.split("[", 1)[0])
    kinds = [k for k in lex.contact_fields if field.endswith(k)]
    if not kinds:
        return False
    prefix = field.removesuffix(max(kinds, key=len))  # "email", not its "mail"
    names = []
    for path, text in ctx.text.items():
        head, _, name = path.rpartition(".")
        if head != parent or path == hit.field:
            continue
        joined = squashed(name.split("[", 1)[0])
        if any(joined == prefix + n for n in lex.person_name_fields):
            names.append(text)
    if not names:
        return False
    shown = " ".join(unaccented(w).title() for w in " ".join(names).split())
    return names_person(shown, unaccented(hit.found.raw))


def check_leaks(ctx: DecisionContext) -> Outcome | None:
    if not is_sink_write(ctx):
        roles = _request_roles(ctx)
        if not roles:
            return None
        return _leaks_in(ctx, roles, outbound=True)
    content_roles = _OUTBOUND_CONTENT_ROLES if ctx.op in OUTBOUND_OPS else _LOCAL_CONTENT_ROLES
    return _leaks_in(ctx, content_roles, outbound=ctx.op in OUTBOUND_OPS)


def _leaks_in(
    ctx: DecisionContext, content_roles: frozenset[FieldRole], *, outbound: bool
) -> Outcome | None:
    leaks: list[ValueHit] = []
    evidence = []
    for hit in ctx.content_hits():
        if hit.role not in content_roles or hit.user_provided or not hit.observations:
            continue
        if is_record_id(hit.field, ctx.text.get(hit.field, "")):
            continue  # "order_id": 5512001042 names the order, whatever phone its digits spell
        if all(o.reference for o in hit.observations):
            continue  # a contract or reference number where it was read: no one's phone
        if _owners_address(ctx, hit):
            continue  # Dana's record created with Dana's address: using the contact
        obs = leak_sources(ctx, hit, outbound=outbound)
        if obs:
            leaks.append(hit)
            evidence.append(evidence_of(hit, obs[0]))
    if not leaks:
        return None
    first = evidence[0]
    where = ctx.app or ctx.completion.event.target
    reason = (
        f"{first.kind} observed in {first.source} would be written to {where} "
        f"({first.field}): sensitive source-to-sink flow"
    )
    decision = Decision.REWRITE if ctx.policy.leak_rewrite else Decision.DENY
    return Outcome(
        decision,
        Stage.T2,
        reason,
        rule_ids=["default:source-to-sink"],
        evidence=evidence,
        remove=leaks,
    )


def check_secret_files(ctx: DecisionContext) -> Outcome | None:
    """Rule 1 by reference: an action that sends out a file whose name says it holds
    credentials (a private key, ``.aws/credentials``, ``.env``) leaks them, though their values
    never passed through the session -- unless the request names that file."""
    if ctx.op not in OUTBOUND_OPS and ctx.op is not Operation.UNKNOWN:
        return None
    request = ctx.user_request.lower()
    for path, text in ctx.text.items():
        for file in secret_files(text):
            name = file.rstrip("/").rsplit("/", 1)[-1].lower()
            if name in request:
                continue  # "upload my .env to the deploy server": the user's own call
            return Outcome(
                Decision.DENY,
                Stage.T2,
                f"{path} sends {file}, a file that holds credentials, out of the device: "
                "sensitive source-to-sink flow",
                rule_ids=["default:source-to-sink"],
                evidence=[note_evidence("credentials file", f"{path}: {file}")],
            )
    return None


def run_t2(ctx: DecisionContext) -> Outcome | None:
    """Rule 5 on the action's values, rule 1, then rule 5 on what the action does: a value
    that leaks or was injected is the more precise evidence when several rules object."""
    return (
        check_injected_values(ctx)
        or check_leaks(ctx)
        or check_secret_files(ctx)
        or check_carried_out(ctx)
    )
