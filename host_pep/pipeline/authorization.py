"""Does the user's request (or the policy) authorize a high-impact action? (Rule 4.)

A request authorizes an action when it asks for that *kind* of operation (a verb from the
bundle's lexicon: "delete", "pay", "uninstall", "turn off"...) about the *object* the action
touches (a word of the target app's vocabulary, the tool name, or the action's own arguments:
"delete the old meeting" ~ calendar.delete(title="old meeting")). A verb without a matching object
is ambiguous: it goes to review (T4), which without an adjudicator denies. A negated verb
("don't delete") authorizes nothing. If the request states amounts, a payment must use one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from host_pep.events import Channel
from host_pep.extract import key_arguments, normalize_amount
from host_pep.pipeline.context import DecisionContext
from host_pep.policy.compiled import tokens
from host_pep.policy.objects import object_mismatch
from host_pep.semantics import FieldRole, Operation

_STOP = frozenset(
    [
        "a",
        "an",
        "the",
        "my",
        "me",
        "mine",
        "i",
        "you",
        "your",
        "our",
        "we",
        "us",
        "it",
        "its",
        "this",
        "that",
        "these",
        "those",
        "to",
        "for",
        "of",
        "in",
        "on",
        "at",
        "by",
        "from",
        "with",
        "and",
        "or",
        "but",
        "please",
        "can",
        "could",
        "would",
        "will",
        "should",
        "be",
        "is",
        "are",
        "was",
        "were",
        "do",
        "does",
        "did",
        "up",
        "out",
        "now",
        "today",
        "tomorrow",
        "all",
        "any",
        "some",
        "also",
        "just",
        "then",
        "there",
        "here",
        "what",
        "which",
        "who",
        "how",
        "when",
        "want",
        "need",
        "like",
        "let",
        "make",
        "sure",
        "get",
        "go",
        "app",
    ]
)
_NEGATION = re.compile(
    r"(?:\b(?:don'?t|do not|never|not|no|without|stop me from|nicht|kein|keine|nie|ne|pas|non|"
    r"nunca|sin|nada|mai|nao|não|mat|nahi|nahin|niet|geen|inte|ej|не|ни|لا|jangan|tidak|tak|"
    r"đừng|không|chớ|मत)\b|नहीं|别|不要|不用|勿|先别|しないで)[^.,;!?，。；]{0,24}$"
)
# Languages that negate after the verb ("payment mat karna", "zahl noch nicht", "払わないで").
_NEGATION_AFTER = re.compile(
    r"^\S*\s+(?:mat|nahi|nahin)\s+(?:kar|karo|karna|karein|karen|karni)\b"
    r"|^\S*\s+(?:(?:noch|jetzt|bitte)\s+)?nicht\b|^\S*\s+pas\b|^\S*?(?:ないで|しないで|しない)"
    r"|^\S*?\s*(?:하지|지)\s*(?:마|말|않)|^\S*\s+안\s|^\S*\s+(?:नहीं|मत)"
)
# Dutch, Swedish and German put the negation at the end of the clause ("verwijder het contact
# Piet niet", "radera inte", "lösche den Termin nicht").
_NEGATION_CLAUSE_END = re.compile(r"^[^.,;!?]*?\b(?:niet|inte|nicht)\b")
# A perfective or past form describes something done, not asked ("I already deleted the old
# event, just add the new one"): markers before the verb in its clause ...
_PAST_BEFORE = re.compile(
    r"(?:\b(?:already|déjà|già|schon|bereits|já|sudah|telah|đã|уже|zaten|już|redan|"
    r"inmiddels)\b|已经)(?:[^\S\n]+[^\s.,;!?，。；]+)?[^\S\n]*$"
)
# ... endings after it (Japanese した/しました, Korean 했/되었) ...
_PAST_AFTER = re.compile(r"(?:し)?(?:た|ました)|했|하였|됐|되었")
# ... and past participles: English -ed ("deleted", "have removed"), Dutch -d ("verwijderd"),
# Romance participles of stems ("supprimé", "eliminado", "cancellato", "apaguei").
_ENGLISH_PAST = re.compile(r"(?:ed|d)$")
_ROMANCE_PAST = re.compile(
    r"(?:ado|ados|ada|adas|ido|idos|ida|idas|ato|ati|ata|é|ée|és|ées|ei|ou|ed)$"
)
# A participle still asks when it says what should become of the object ("make sure it is
# deleted", "I want it removed", "can it be deleted", "get it uninstalled").
_PARTICIPLE_REQUEST = re.compile(
    r"\b(?:be|get|gets|want|wants|need|needs|make sure|have (?:it|them|this|that)|"
    r"soit|sia|sea|seja|werden|worden)\b[^.,;!?]{0,24}$"
)


def _describes_past(request: str, verb: str, pos: int, verbs: tuple[str, ...]) -> bool:
    """Does the verb at ``pos`` state something already done instead of asking for it?"""
    before = request[:pos]
    if _PAST_BEFORE.search(before) or _PAST_AFTER.match(request, pos + len(verb)):
        return True
    if verb in verbs or _CJK.search(verb):
        return False
    stems = [v[:-1] for v in verbs if v.endswith("*") and verb.startswith(v[:-1])]
    if stems:
        ending = verb[len(max(stems, key=len)) :]
        participle = _ROMANCE_PAST.search(ending) is not None
    else:
        base = max((v for v in verbs if verb.startswith(v)), key=len, default=verb)
        participle = _ENGLISH_PAST.fullmatch(verb[len(base) :]) is not None
    return participle and _PARTICIPLE_REQUEST.search(before) is None


# Words of any script, for objects named in the user's language ("Иван", "контакт", "राहुल").
_UWORD = re.compile(r"[^\W\d_](?:[^\W_]|[\u0300-\u036f\u0610-\u061a\u064b-\u065f\u0900-\u0963])*")


def _unicode_words(text: str) -> set[str]:
    return {w for w in _UWORD.findall(text.casefold().replace("\u0307", "")) if len(w) > 1}


_MONEY_WORDS = (
    r"euros?|eur|dollars?|usd|bucks|pounds?|gbp|yuan|rmb|cny|yen|jpy|francs?|chf|rupees?|rupaye|"
    r"rupaiye|rs|inr|kr|sek|nok|dkk|zł|pln|reais|brl|pesos?|mxn|元|块"
)
# "send 50 euros", and languages that put the verb last ("500 rupaye bhej do", "50 € schicken").
_MONEY_REQUEST = re.compile(
    r"\b(send|give|pay|transfer|wire|move|lend|reimburse|refund|schick|sende|envía|envia|manda|"
    r"envoie|invia|bhej|bhejo|de do)\b[^.;!?]{0,40}?"
    rf"(?:[$€£¥₹]\s?\d|\d[\d,.]*\s?(?:{_MONEY_WORDS})\b|\bmoney\b|\bfunds\b|\bgeld\b|\bdinero\b)"
    rf"|(?:[$€£¥₹]\s?\d[\d,.]*|\d[\d,.]*\s?(?:[$€£¥₹]|(?:{_MONEY_WORDS})\b))[^.;!?]{{0,40}}?"
    r"\b(bhej|bhejo|bhej do|schicken|senden|überweisen|mandar|enviar|envoyer|inviare|de do)\b"
)


# "the delete button", "a pay option": the verb names a control, it does not ask for the act.
_UI_NOUN = re.compile(
    r"(?:s|es|ed|d|ing)?\s+(?:button|buttons|option|options|icon|icons|menu|tab)\b"
)
_FILE_NAME = re.compile(
    r"(?<![\w.])[\w\-]+\.(?:pdf|docx?|xlsx?|pptx?|txt|csv|jpe?g|png|gif|heic|mp4|mov|zip|json|md|"
    r"odt|rtf|key|pages|numbers)(?![\w])"
)


# "export my contacts to a file on the phone": the request keeps the result on the device.
_LOCAL_DESTINATION = re.compile(
    r"\b(?:on|to|in|onto) (?:the|my|this) (?:phone|device|sd ?card|downloads?|internal storage|"
    r"storage)\b|\blocally\b"
)
_REMOTE = re.compile(r"(?i)(?:https?|s?ftp)://")


def _file_names(text: str) -> set[str]:
    """File names a text mentions ("trip-itinerary.pdf", "/sdcard/Download/tax-2025.pdf")."""
    return set(_FILE_NAME.findall(text))


class Authorization(StrEnum):
    YES = "yes"
    PARTIAL = "partial"
    NO = "no"


@dataclass(frozen=True, slots=True)
class AuthResult:
    status: Authorization
    reason: str


_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")


@lru_cache(maxsize=64)
def _verb_pattern(verbs: tuple[str, ...]) -> re.Pattern[str] | None:
    """One alternation for the verbs of an operation written with spaces between words
    (longest first): whole words with English inflections, and stems ("supprim*") with any
    ending."""
    spaced = [v for v in verbs if v and not _CJK.search(v)]
    words = sorted((v for v in spaced if not v.endswith("*")), key=len, reverse=True)
    stems = sorted(
        (v[:-1] for v in spaced if v.endswith("*") and len(v) > 2), key=len, reverse=True
    )
    parts = []
    if words:
        alternation = "|".join(re.escape(v) for v in words)
        parts.append(rf"(?:{alternation})(?:s|es|ed|d|ing)?(?![^\W\d_])")
    if stems:
        parts.append(rf"(?:{'|'.join(re.escape(v) for v in stems)})[^\W\d_]*")
    if not parts:
        return None
    return re.compile(rf"(?<![^\W\d_])(?:{'|'.join(parts)})")


def _verb_positions(request: str, verbs: tuple[str, ...]) -> list[tuple[str, int]]:
    """(matched text, position) of every verb in the request. Chinese and Japanese verbs
    ("删除", "アンインストール") match as substrings: there are no spaces between words."""
    found: list[tuple[str, int]] = []
    pattern = _verb_pattern(verbs)
    if pattern is not None:
        found.extend((m.group(0), m.start()) for m in pattern.finditer(request))
    for verb in verbs:
        if verb and _CJK.search(verb):
            stem = verb.removesuffix("*")
            found.extend((stem, m.start()) for m in re.finditer(re.escape(stem), request))
    return found


def _object_words(ctx: DecisionContext) -> set[str]:
    policy = ctx.policy
    words: set[str] = set()
    if ctx.app:
        words |= policy.app_objects.get(ctx.app, frozenset())
    for alias in ctx.aliases():
        words.update(tokens(alias))
    for path, text in ctx.sem.text.items():
        if len(text) <= 200:
            words.update(tokens(text))
            words.update(w for w in _unicode_words(text) if not w.isascii())
        words.update(tokens(path))
    if ctx.op is Operation.SECURITY_CHANGE:
        # "settings" names the whole app: "reset my network settings" is not about this reset
        words -= _GENERIC_SETTINGS
    return {w for w in words if w not in _STOP and len(w) > 1}


_GENERIC_SETTINGS = frozenset({"settings", "setting", "com", "android", "id"})


def _overlaps(request_words: set[str], objects: set[str]) -> bool:
    if request_words & objects:
        return True
    for r in request_words:
        if len(r) < 4:
            continue
        for o in objects:
            if len(o) >= 4 and (r in o or o in r or r.rstrip("s") == o.rstrip("s")):
                return True
    return False


# Operations whose verbs name the action precisely ("order", "buy", "uninstall"): in the app
# that does them, the verb alone asks for it. Deleting, sharing and security changes need the
# object too ("turn on dark mode" must not authorize a factory reset).
_VERB_IS_ENOUGH = frozenset({Operation.PAYMENT, Operation.UNINSTALL})


_MONEY = re.compile(
    r"(?i)[$€£¥₹]\s?(\d[\d,]*(?:\.\d+)?)|(\d[\d,]*(?:\.\d+)?)\s?(?:euros?|eur|dollars?|usd|bucks|"
    r"pounds?|gbp|yuan|rmb|cny|yen|jpy|francs?|chf|rupees?|inr|sek|nok|dkk|pln|reais|brl)\b"
)


# Payment APIs whose amounts are integers in the currency's minor unit (cents).
_MINOR_UNIT_APIS = frozenset(
    {"stripe", "adyen", "square", "braintree", "razorpay", "paddle", "checkout", "mollie"}
)


def _in_minor_units(amount_key: str) -> str:
    """``amount:500`` -> ``amount:50000``; ``amount:49.9`` -> ``amount:4990``."""
    whole, _, frac = amount_key.removeprefix("amount:").partition(".")
    cents = int(whole or "0") * 100 + int((frac + "00")[:2])
    return f"amount:{cents}"


def _money_amounts(text: str) -> set[str]:
    """Sums of money the request states ("$35.20", "500 EUR"): bare numbers (a card, a time)
    are not amounts."""
    out = set()
    for m in _MONEY.finditer(text):
        number = (m.group(1) or m.group(2)).replace(",", "")
        whole, _, frac = number.partition(".")
        out.add(normalize_amount(whole, frac or None))
    return out


_OFF_VALUES = frozenset({"0", "false", "off", "none", "no", "disabled", "disable"})
_ON_VALUES = frozenset({"1", "true", "on", "yes", "enabled", "enable"})
_NEGATIVE_KEY = frozenset({"disabled", "disable", "off", "skip", "bypass", "no"})


def _security_verbs(ctx: DecisionContext) -> tuple[str, ...] | None:
    """The verbs that ask for this security change in its direction (None: not configured)."""
    table = ctx.policy.security_verbs
    if not table:
        return None
    value = next(
        (t.strip().lower() for p, t in ctx.text.items() if p.rsplit(".", 1)[-1] == "value"), None
    )
    key = next(
        (t.strip().lower() for p, t in ctx.text.items() if p.rsplit(".", 1)[-1] in ("key", "name")),
        "",
    )
    if value is not None and not _NEGATIVE_KEY.isdisjoint(tokens(key)):
        # "lockscreen.disabled = 1" turns the lock screen *off*: the key names the negation
        value = "0" if value in _ON_VALUES else "1" if value in _OFF_VALUES else value
    if value in _OFF_VALUES:
        return table.get("off", ())
    if value in _ON_VALUES:
        return table.get("on", ())
    if value is None:
        return table.get("reset", ()) + table.get("off", ())
    return table.get("off", ()) + table.get("on", ())


def _names_another_app(ctx: DecisionContext, request_words: set[str]) -> bool:
    own = ctx.policy.app_objects.get(ctx.app or "", frozenset())
    related = ctx.policy.related_apps.get(ctx.op, frozenset())
    for app, words in ctx.policy.app_words.items():
        if app == ctx.app or app in related:
            continue
        if not request_words.isdisjoint(words - own):
            return True
    return False


def authorize(ctx: DecisionContext) -> AuthResult:
    op = ctx.op
    scope = ctx.policy.bundle.agents.get(ctx.event.agent)
    if scope is not None and op in scope.authorize:
        return AuthResult(
            Authorization.YES, f"agent {ctx.event.agent} is authorized for {op.value} by policy"
        )
    granted = ctx.event.context.get("authorized_operations")
    if isinstance(granted, list) and op.value in granted:
        return AuthResult(Authorization.YES, f"{op.value} authorized by the policy context")
    request = ctx.user_request.lower()
    if not request.strip():
        return AuthResult(Authorization.NO, f"{op.value} without a user request that asks for it")
    verbs = _security_verbs(ctx) if op is Operation.SECURITY_CHANGE else None
    if verbs is None:
        verbs = ctx.policy.hi_verbs.get(op, ())
    positions = [
        (v, p)
        for v, p in _verb_positions(request, verbs)
        if not _NEGATION.search(request[:p])
        and not _NEGATION_AFTER.search(request[p + len(v) : p + len(v) + 24])
        and not _NEGATION_CLAUSE_END.search(request[p + len(v) :])
        and not _UI_NOUN.match(request, p + len(v))
        and not _describes_past(request, v, p, verbs)
    ]
    if op is Operation.PAYMENT and not positions:
        # "send 50 euros to my landlord": a giving verb with a sum of money asks for a payment
        m = _MONEY_REQUEST.search(request)
        if m is not None and not _NEGATION.search(request[: m.start()]):
            positions = [(m.group(1) or m.group(2), m.start())]
    if not positions:
        return AuthResult(
            Authorization.NO, f"the user request does not ask for {op.value.replace('_', ' ')}"
        )
    if op is Operation.PAYMENT:
        asked = _money_amounts(ctx.user_request)
        if asked:
            paid = {
                k
                for path, text in ctx.sem.text.items()
                if ctx.sem.fields.get(path) is FieldRole.AMOUNT
                for f in key_arguments(text)
                if f.kind == "amount"
                for k in f.keys
            }
            # payment APIs that take minor units: 500 EUR asked, amount 50000 (cents) paid
            minor_api = not _MINOR_UNIT_APIS.isdisjoint(tokens(ctx.event.target.lower()))
            minor = {_in_minor_units(a) for a in asked} if minor_api else set()
            if paid and paid.isdisjoint(asked) and paid.isdisjoint(minor):
                return AuthResult(
                    Authorization.NO,
                    "the payment amount differs from the amount the user asked for",
                )
    if op is Operation.SHARE_UPLOAD and _LOCAL_DESTINATION.search(request) is not None:
        outside = [
            t
            for path, t in ctx.sem.text.items()
            if ctx.sem.fields.get(path) is FieldRole.URL and _REMOTE.match(t.strip())
        ]
        if outside:
            return AuthResult(
                Authorization.NO,
                f"the user asked to keep it on the device, but this sends it to {outside[0][:80]}",
            )
    asked_files = _file_names(request)
    acted_files = {f for text in ctx.sem.text.values() for f in _file_names(text.lower())}
    if asked_files and acted_files and asked_files.isdisjoint(acted_files):
        return AuthResult(
            Authorization.NO,
            f"the user asked for a {op.value.replace('_', ' ')} of a different file "
            f"({', '.join(sorted(asked_files))})",
        )
    mismatch = object_mismatch(
        ctx.policy,
        op,
        ctx.user_request,
        ctx.sem.text,
        on_screen=ctx.event.channel is Channel.GUI,
    )
    if mismatch is not None:
        return AuthResult(Authorization.NO, mismatch)
    request_words = {w for w in tokens(request) if w not in _STOP and len(w) > 1}
    # the verb that asks for the operation is not its object ("pay for the order": order stays)
    first_verb = min(positions, key=lambda vp: vp[1])[0]
    request_words -= set(first_verb.split())
    objects = _object_words(ctx)
    # CJK requests have no spaces: an object word ("联系人", "王伟") counts as a substring
    cjk = any(o in request for o in objects if len(o) >= 2 and not o.isascii())
    if cjk or _overlaps(request_words, objects):
        return AuthResult(
            Authorization.YES, f"the user request asks for this {op.value.replace('_', ' ')}"
        )
    if op in _VERB_IS_ENOUGH and not _names_another_app(ctx, request_words):
        # "order running shoes" in the shopping app: the verb asks for exactly this kind of
        # action and the request points nowhere else
        return AuthResult(
            Authorization.YES, f"the user request asks for a {op.value.replace('_', ' ')} here"
        )
    return AuthResult(
        Authorization.PARTIAL,
        f"the user request asks for a {op.value.replace('_', ' ')} but not clearly of this object",
    )
