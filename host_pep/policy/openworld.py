"""The open-world layer: understand a tool or command the bundle has never seen.

An unknown tool is *judged*, not waved through: its name, argument names and description are
split into word tokens and mapped to a canonical Operation and to field roles with the bundle's
lexicon, e.g. ``wire_funds(iban, amount)`` -> payment with an account and an amount field,
``purge_records`` -> delete, ``post_to_slack(channel, text)`` -> external send, ``get_weather``
-> read. What still cannot be classified is UNKNOWN, which the pipeline escalates (fail closed).
"""

from __future__ import annotations

from collections.abc import Iterable

from host_pep.policy.compiled import CompiledPolicy, tokens
from host_pep.policy.model import ToolSpec
from host_pep.semantics import FieldRole, Operation

_MONEY = frozenset(
    {
        "money",
        "funds",
        "fund",
        "cash",
        "payment",
        "payments",
        "remittance",
        "crypto",
        "bitcoin",
        "btc",
        "eth",
        "usdt",
        "giftcard",
        "gift_card",
        "wire",
        "payout",
        "payouts",
        "charge",
        "charges",
        "refund",
        "refunds",
        "transfer",
        "transfers",
    }
)
# Sharing words: a "create" that grants access or makes a link is sharing outside the device.
_SHARING = frozenset(
    {"share", "shared", "sharing", "permission", "permissions", "acl", "public", "publish"}
)
# Pastes and gists publish a text at a link anyone holding it can read: an upload outside the
# device, whatever the verb ("github.create_gist", "pastebin.new_paste").
_PASTES = frozenset({"gist", "gists", "paste", "pastes", "pastebin", "hastebin", "snippet"})
# An outbound write flagged public ("public=true", "visibility") is a share, not a message.
_PUBLIC_ARGS = frozenset({"public", "is_public", "visibility", "privacy"})
# Nouns that name what a getter returns ("maps.place_details", "weather.forecast"): with no
# verb, a tool named only by them reads.
_READ_NOUNS = frozenset(
    {"details", "detail", "info", "information", "status", "profile", "summary", "history",
     "balance", "forecast", "lookup", "records", "quote", "quotes", "rates", "directions"}
)  # fmt: skip
_FILES = frozenset(
    {
        "file",
        "files",
        "document",
        "documents",
        "photo",
        "photos",
        "attachment",
        "pdf",
        "folder",
        "image",
        "images",
        "video",
        "backup",
    }
)
_SECURITY_OBJECTS = frozenset(
    {
        "lock",
        "lockscreen",
        "security",
        "antivirus",
        "verification",
        "verifier",
        "firewall",
        "protect",
        "encryption",
        "2fa",
        "mfa",
        "biometric",
        "fingerprint",
        "passcode",
        "pin",
        "screenlock",
        "play_protect",
    }
)
_LOOSENING = frozenset({"disable", "off", "remove", "bypass", "unlock", "turn", "stop", "allow"})
_RESET_OBJECTS = frozenset({"factory", "device", "phone", "system", "everything"})
_PARTICIPANTS = frozenset(
    {
        "attendee",
        "attendees",
        "invitee",
        "invitees",
        "participant",
        "participants",
        "guest",
        "guests",
    }
)
_OUTBOUND_OPS = frozenset({Operation.EXTERNAL_SEND, Operation.SHARE_UPLOAD, Operation.PAYMENT})


def _first_verb(toks: Iterable[str], policy: CompiledPolicy) -> Operation | None:
    for tok in toks:
        op = policy.verb_op.get(tok)
        if op is not None:
            return op
    return None


def _method_tokens(name: str) -> list[str]:
    """Tokens of the method part of a namespaced tool name ("play.purchase" -> ["purchase"]):
    the service's name is not its verb ("play", "post", "track" are verbs too)."""
    for sep in (".", "/", ":"):
        if sep in name:
            return tokens(name.rsplit(sep, 1)[-1])
    return []


def classify_operation(
    name: str, args: Iterable[str], description: str, policy: CompiledPolicy
) -> Operation:
    args = list(args)
    toks = tokens(name)
    tokset = set(toks)
    op = _first_verb(_method_tokens(name), policy) or _first_verb(toks, policy)
    if op is None and description:
        op = _first_verb(tokens(description)[:12], policy)
    arg_roles = {role_for_field(a, None, Operation.UNKNOWN, policy) for a in args}
    if op is None:
        if FieldRole.ACCOUNT in arg_roles and FieldRole.AMOUNT in arg_roles:
            op = Operation.PAYMENT
        elif FieldRole.RECIPIENT in arg_roles and FieldRole.CONTENT in arg_roles:
            op = Operation.EXTERNAL_SEND
        elif tokset & _READ_NOUNS and not tokset & (_MONEY | _SHARING):
            return Operation.READ
        else:
            return Operation.UNKNOWN
    if op is Operation.READ:
        return op
    if "factory" in tokset and ("reset" in tokset or "wipe" in tokset):
        return Operation.SECURITY_CHANGE
    if "reset" in tokset and tokset & _RESET_OBJECTS:
        return Operation.SECURITY_CHANGE
    if tokset & _SECURITY_OBJECTS and (tokset & _LOOSENING or op is Operation.SETTINGS_CHANGE):
        return Operation.SECURITY_CHANGE
    if op in (Operation.LOCAL_WRITE, Operation.EXTERNAL_SEND, Operation.SETTINGS_CHANGE) and (
        tokset & _MONEY or (FieldRole.ACCOUNT in arg_roles and FieldRole.AMOUNT in arg_roles)
    ):
        return Operation.PAYMENT
    if op is Operation.EXTERNAL_SEND and tokset & _FILES:
        return Operation.SHARE_UPLOAD
    if op in (Operation.LOCAL_WRITE, Operation.EXTERNAL_SEND) and tokset & _PASTES:
        return Operation.SHARE_UPLOAD
    if op is Operation.EXTERNAL_SEND and any(a.lower() in _PUBLIC_ARGS for a in args):
        return Operation.SHARE_UPLOAD
    if op in (Operation.LOCAL_WRITE, Operation.EXTERNAL_SEND) and tokset & _SHARING:
        return Operation.SHARE_UPLOAD
    if op is Operation.LOCAL_WRITE and tokset & policy.outbound_words:
        return Operation.EXTERNAL_SEND
    return op


def role_for_field(name: str, app: str | None, op: Operation, policy: CompiledPolicy) -> FieldRole:
    """Role of an argument from its name (``recipient_phone`` -> recipient, ``notes`` -> content)."""
    lowered = name.lower().rsplit(".", 1)[-1]
    role = policy.field_role.get(lowered)
    if role is None:
        toks = tokens(lowered)
        for tok in reversed(toks):
            role = policy.field_role.get(tok)
            if role is not None:
                break
    if role is None:
        return FieldRole.CONTENT
    if op is Operation.UNKNOWN:
        return role
    # A recipient only means something for an action that leaves the device; in a local write
    # (a note's phone) it is content. An address field stays one: a postal address there is the
    # place the write is about, and any other kind in it is content (``content_role``).
    if role is FieldRole.RECIPIENT and op not in _OUTBOUND_OPS:
        # ... except the people an event or a share is *for*: inviting a contact uses the contact
        if role is FieldRole.RECIPIENT and (
            lowered in _PARTICIPANTS or not _PARTICIPANTS.isdisjoint(tokens(lowered))
        ):
            return role
        # ... and whom a draft in a messaging app (source and sink: SMS, mail) is addressed to
        if app is not None and app in policy.sinks and app in policy.sources:
            return role
        return FieldRole.CONTENT
    if role is FieldRole.ADDRESS and app in ("mail", "sms"):
        return FieldRole.RECIPIENT
    return role


def _own_records(toks: list[str], app: str | None, policy: CompiledPolicy) -> bool:
    """An unseen service's read of records its name calls the user's own kind of data
    (``hubspot.contacts.search``: a CRM's people, not web results): what it returns is the user's
    data, however generic its verb ("search", "fetch")."""
    if app is not None:
        return False
    named = policy.app_of_words(toks)
    return named is not None and named in policy.sources and named not in policy.untrusted


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
    name: str, args: Iterable[str], description: str, policy: CompiledPolicy
) -> ToolSpec:
    """Known tools from the bundle, anything else by the open-world lexicon."""
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
    op = classify_operation(name, args, description, policy)
    toks = tokens(name)
    app = policy.app_for_name(name)
    if op is Operation.UNKNOWN and app is not None:
        # a known app addressed without a verb (e.g. a package name as the tool): with
        # arguments it writes there, without it only shows; settings writes are settings changes
        if not args:
            op = Operation.READ
        elif app == "settings":
            op = Operation.SETTINGS_CHANGE
        else:
            op = Operation.LOCAL_WRITE
    if app is None and set(toks) & policy.outbound_words and op in _OUTBOUND_OPS:
        app = "external" if "external" in policy.bundle.apps else None
    fields = {arg: role_for_field(arg, app, op, policy) for arg in args}
    untrusted = op is Operation.READ and (
        (app is not None and app in policy.untrusted)
        or (bool(set(toks) & policy.untrusted_words) and not _own_records(toks, app, policy))
    )
    return ToolSpec(app=app, operation=op, fields=fields, untrusted_result=untrusted)
