"""T1: structured rules. Scope (rule 3), FlowRules (forbid beats permit; indexed lookup; monitor
rules only record), high-impact authorization (rule 4), and unknown operations (rule 8).

Terminal outcomes: deny, allow (an explicit permit rule), rewrite (a rewrite rule). Otherwise T1
may attach a mandatory-review requirement that T4 must clear.
"""

from __future__ import annotations

import fnmatch
from functools import lru_cache

from host_pep.adapters.catalog import tool_metadata
from host_pep.control.ruleset import CompiledRule, RuleIndex, is_monitor, strongest
from host_pep.events import ActionType, Channel
from host_pep.pipeline.authorization import Authorization, adopted_source_asks, authorize
from host_pep.pipeline.context import (
    KEY_ROLES,
    READ_OPS,
    DecisionContext,
    Outcome,
    ValueHit,
    evidence_of,
    note_evidence,
    semantic_evidence,
)
from host_pep.policy.openworld import opaque_payload
from host_pep.recognition.lexicon import lexicon
from host_pep.recognition.request import asks_only_to_be_told
from host_pep.recognition.words import expanded, name_verb, name_words, stem, tokens
from host_pep.semantics import Operation
from host_pep.verdict import Decision, Stage

_NAV_ACTIONS = frozenset({ActionType.KEY, ActionType.SWIPE})
_TOOL_CHANNELS = frozenset({Channel.TOOL, Channel.LLM})
_NEUTRAL_APPS = frozenset({"launcher", "notifications"})


@lru_cache(maxsize=4096)
def _glob(pattern: str, value: str) -> bool:
    return fnmatch.fnmatchcase(value.lower(), pattern.lower())


def check_scope(ctx: DecisionContext) -> Outcome | None:
    scope = ctx.policy.bundle.agents.get(ctx.event.agent)
    if scope is None or ctx.event.action in _NAV_ACTIONS:
        return None
    if ctx.op is Operation.NAVIGATE and (ctx.app is None or ctx.app in _NEUTRAL_APPS):
        return None  # moving around the home screen commits nothing
    names = [*ctx.aliases(), *ctx.actions()]
    for pattern in scope.deny:
        if any(_glob(pattern, n) for n in names):
            return Outcome(
                Decision.DENY,
                Stage.T1,
                f"agent {ctx.event.agent} may not act on {ctx.completion.event.target or ctx.op.value} (scope deny {pattern})",
                rule_ids=[f"scope:{ctx.event.agent}"],
            )
    if scope.allow and not any(_glob(p, n) for p in scope.allow for n in names):
        return Outcome(
            Decision.DENY,
            Stage.T1,
            f"{ctx.completion.event.target or ctx.op.value} is outside agent {ctx.event.agent}'s scope",
            rule_ids=[f"scope:{ctx.event.agent}"],
        )
    return None


def _value_hits_for(ctx: DecisionContext, rule: CompiledRule) -> list[ValueHit]:
    out = []
    for hit in ctx.content_hits():
        sources: list[str | None] = []
        for obs in hit.observations:
            sources.append(obs.source_app)
            sources.append(obs.source_tool)
            if rule.needs_provenance and obs.source_app in ctx.policy.bundle.apps:
                # a rule may name the source by package ("com.android.contacts")
                sources.extend(ctx.policy.bundle.apps[obs.source_app].packages)
        if rule.needs_provenance and not any(sources):
            continue
        if RuleIndex.value_match(rule, hit.found.kind, sources):
            out.append(hit)
    return out


def check_rules(ctx: DecisionContext, index: RuleIndex) -> Outcome | None:
    aliases = ctx.aliases()
    candidates = index.candidates(aliases)
    if not candidates:
        return None
    actions = ctx.actions()
    channel = ctx.event.channel.value
    agent = ctx.event.agent
    matched: list[tuple[CompiledRule, list[ValueHit]]] = []
    for rule in candidates:
        if not RuleIndex.structural_match(
            rule, aliases=aliases, actions=actions, channel=channel, agent=agent
        ):
            continue
        hits: list[ValueHit] = []
        if rule.needs_value:
            hits = _value_hits_for(ctx, rule)
            if not hits:
                continue
        matched.append((rule, hits))
    if not matched:
        return None
    enforced = []
    for rule, hits in matched:
        if is_monitor(rule):
            ctx.shadow.append(
                {
                    "rule_id": rule.rule.id,
                    "decision": rule.rule.decision.value,
                    "stage": "T1",
                    "reason": rule.rule.reason or f"rule {rule.rule.id} matched",
                }
            )
        else:
            enforced.append((rule, hits))
    if not enforced:
        return None
    best = strongest([r for r, _ in enforced])
    hits = next(h for r, h in enforced if r is best)
    decision = best.rule.decision
    same = [r.rule.id for r, _ in enforced if r.rule.decision is decision]
    reason = best.rule.reason or f"FlowRule {best.rule.id} says {decision.value}"
    evidence = [evidence_of(h, h.observations[0] if h.observations else None) for h in hits]
    if decision is Decision.ESCALATE:
        ctx.review.append(reason)
        ctx.review_rules.extend(same)
        ctx.evidence.extend(evidence)
        return None
    if decision is Decision.ALLOW:
        ctx.permitted_by.extend(same)
    # a rewrite cuts values out of content; a recipient or account is never edited
    remove = [h for h in hits if h.role not in KEY_ROLES] if decision is Decision.REWRITE else hits
    return Outcome(decision, Stage.T1, reason, rule_ids=same, evidence=evidence, remove=remove)


# what the model may take an unseen tool to do: never a read (a tool the lexicons cannot
# classify is not let through as harmless on a similarity score)
_CHANGES = frozenset(
    {Operation.LOCAL_WRITE, Operation.EXTERNAL_SEND, Operation.DELETE, Operation.PAYMENT,
     Operation.SHARE_UPLOAD, Operation.SECURITY_CHANGE}
)  # fmt: skip


def requested_act(ctx: DecisionContext) -> Operation | None:
    """Rule 9 with rule 4: an unseen tool whose effect its name does not say, but whose object
    the user's request names while asking for one kind of change ("turn on two-factor
    authentication" -> SecureIDSetTwoFactor, "grab me a window seat" -> SkyRideSelectSeat), is
    the act the user asked for, and judged as that (its arguments still by rules 1 and 5). A
    question, a negated ask, a vague one ("sort it out") or a request for several kinds of act
    names none; an ADB command or a GUI action is never unseen in this sense."""
    if ctx.op is not Operation.UNKNOWN or ctx.event.channel not in _TOOL_CHANNELS:
        return None
    if opaque_payload(ctx.event.payload):
        return None  # an effect carried in an encoded blob is not the one the user named
    asks = ctx.intent().asks - {Operation.READ, Operation.UNKNOWN, Operation.LOCAL_WRITE}
    if not asks:
        return None
    target = ctx.completion.event.target or ctx.event.target or ""
    # an MCP tool's server ("mcp__truckhub__run_action") is where it runs, not what it acts on
    method = target.rsplit("__", 1)[-1] if target.startswith("mcp__") else target
    if not lexicon().contentless_verbs.isdisjoint(tokens(method)) and not _names_its_act(ctx):
        # "run_automation {automation_id: auto_7731}": what runs is a stored procedure's, which
        # asking to run it does not say either ({operation_id: turn_knob_off} says it)
        return None
    objects = name_words(method)
    if objects.isdisjoint(expanded(ctx.intent().words)):
        return None
    # one kind of act, named by what it does ("turn on", "pay"): "sort it out" names none
    high = asks & ctx.policy.high_impact
    if len(high) == 1:
        return next(iter(high))
    return next(iter(asks)) if len(asks) == 1 else None


def _names_its_act(ctx: DecisionContext) -> bool:
    """An argument's value holds a verb the policy knows ("turn_knob_off")."""
    verbs = ctx.policy.verb_op
    return any(
        t in verbs for v in ctx.event.payload.values() if isinstance(v, str) for t in tokens(v)
    )


def classify_unknown(ctx: DecisionContext) -> None:
    """Rule 9 with the semantic model: an unseen tool whose name and arguments the lexicons
    cannot classify is compared with each operation's prototypes by what its name and
    description say; a clear winner among the state-changing operations is judged as such
    (rules 1-6); anything else stays unknown and is escalated."""
    asked = requested_act(ctx)
    if asked is not None:
        ctx.op = asked
        ctx.sem.operation = asked  # the audit record shows what it was judged as
        ctx.evidence.append(
            note_evidence(
                "classification",
                f"unseen tool read as {asked.value}: the request names its object and asks for that",
            )
        )
        return
    model = ctx.semantic
    if model is None or ctx.op is not Operation.UNKNOWN:
        return
    name = " ".join(tokens(ctx.completion.event.target or ctx.event.target))
    text = f"{name}: {ctx.sem.description}" if ctx.sem.description else name
    if len(text) < 4:
        return
    meaning = model.operation_of(text, among=_CHANGES)
    if meaning is None:
        return
    ctx.op = meaning.operation
    ctx.sem.operation = meaning.operation  # the audit record shows what it was judged as
    ctx.evidence.append(
        semantic_evidence(
            model.name,
            f"unseen tool read as {meaning.operation.value} (margin {meaning.margin:.3f})",
            meaning.score,
        )
    )


def check_high_impact(ctx: DecisionContext) -> Outcome | None:
    op = ctx.op
    if op is Operation.UNKNOWN:
        ctx.review.append(
            f"unknown operation for {ctx.completion.event.target or 'this action'}: needs review"
        )
        ctx.review_rules.append("default:unknown-operation")
        return None
    if op not in ctx.policy.high_impact:
        return None
    auth = authorize(ctx)
    if auth.status is Authorization.YES:
        ctx.evidence.append(note_evidence("authorization", auth.reason))
        return None
    rule_id = f"default:high-impact:{op.value}"
    if auth.status is Authorization.PARTIAL:
        ctx.review.append(auth.reason)
        ctx.review_rules.append(rule_id)
        return None
    return Outcome(
        Decision.DENY,
        Stage.T1,
        f"high-impact {op.value.replace('_', ' ')} is not authorized: {auth.reason}",
        rule_ids=[rule_id],
    )


_SETTING_KEYS = ("key", "setting", "name")
_SETTINGS_OPS = frozenset({Operation.SECURITY_CHANGE, Operation.SETTINGS_CHANGE})


def settings_direction(ctx: DecisionContext) -> None:
    """Judge a settings write by the direction of its value (rule 4 is about *weakening*
    security): the bundle's ``security_settings`` say which values of a key weaken protection.
    An adapter that only knows the key guards protection (``settings put secure
    lock_screen_enabled 1``) reports a security change; turning the lock screen back on is an
    ordinary settings change, and a weakening value in a key the adapter did not know is a
    security change. Keys the bundle does not list keep the adapter's judgement."""
    if ctx.op not in _SETTINGS_OPS:
        return
    leaves = {path.rsplit(".", 1)[-1].lower(): text for path, text in ctx.text.items()}
    key = next((leaves[k] for k in _SETTING_KEYS if k in leaves), None)
    if key is None:
        return
    weakens = ctx.policy.weakens_security(key, leaves.get("value"))
    if weakens is None:
        return
    ctx.op = Operation.SECURITY_CHANGE if weakens else Operation.SETTINGS_CHANGE
    # the audit record shows the operation the action was judged as
    ctx.sem.operation = ctx.op


def check_forbidden(ctx: DecisionContext) -> Outcome | None:
    """Rule 4 by meaning, its other side: an act the request asks *not* to do ("review the PR,
    do not merge it", "draft the reply but don't send it yet") is not authorized by it, high
    impact or not -- by the tool's own verb, or by its operation when the request asks for no
    other act of that kind."""
    if ctx.op in READ_OPS or ctx.op is Operation.UNKNOWN or not ctx.user_request:
        return None
    said = ctx.intent()
    if not said.forbids:
        return None
    verb = name_verb(tokens(ctx.completion.event.target or ctx.event.target))
    by_verb = verb is not None and stem(verb) in said.forbids
    # typing into a form commits nothing ("fill in my card, don't submit"): only its verb counts
    # ... and only when the tool's own verb is not what the request asks ("don't delete
    # anything, just archive": an archive that counts as a removal is still the archive asked)
    by_op = (
        ctx.op in said.forbidden
        and ctx.op not in said.asks
        and ctx.event.action is not ActionType.TEXT_INPUT
        and (verb is None or (verb not in said.words and stem(verb) not in said.words))
    )
    if not (by_verb or by_op):
        return None
    what = verb if by_verb else ctx.op.value.replace("_", " ")
    return Outcome(
        Decision.DENY,
        Stage.T1,
        f"the user request asks not to {what}: {ctx.user_request[:80]!r}",
        rule_ids=["default:request-forbids"],
    )


def check_binding_act(ctx: DecisionContext) -> None:
    """An act that binds the user (signing, accepting an offer, approving, enrolling: the
    lexicon's ``binding_verbs``) called as a tool when the request asks only to read or to
    answer: like a payment, it is not the agent's to do on its own ("what do I need to pack
    for the school trip?" does not sign the trip's consent form). It goes to review (T4),
    after T2 has had its say: an injected act is reported as one."""
    if ctx.event.channel not in _TOOL_CHANNELS or ctx.op in READ_OPS or not ctx.user_request:
        return
    if any(op not in READ_OPS for op in ctx.intent().asks):
        return  # the request asks for some change: what it acts on decides (rules 4, 5)
    if adopted_source_asks(ctx):
        return  # "do what the teacher's note asks": "please sign the consent form"
    binding = lexicon().binding_verbs
    verb = name_verb(tokens(ctx.completion.event.target or ctx.event.target))
    if verb is not None and verb in binding:
        what = f"this {verb}s for the user"
    else:
        # a submit that carries the act in its arguments: {"consent": true, "signature": …}
        keys = [
            str(k)
            for k, v in ctx.event.payload.items()
            if (v is True or (isinstance(v, str) and v.strip()))
            and not binding.isdisjoint(tokens(str(k)))
        ]
        if not keys:
            return
        what = f"this gives the user's {keys[0]}"
    ctx.review.append(f"{what}, and the request asks only to read or answer")
    ctx.review_rules.append("default:unrequested-binding-act")


# what a question leaves to the other rules: reads, and sends -- judged by what they carry and
# where they go (rule 4: an ordinary send is not high-impact by itself)
_NOT_A_CHANGE = READ_OPS | {Operation.UNKNOWN, Operation.EXTERNAL_SEND}


def declared_read_only(ctx: DecisionContext) -> bool:
    """A tool call whose server declares it read-only (MCP's ``readOnlyHint``)."""
    if ctx.event.channel not in _TOOL_CHANNELS:
        return False
    return tool_metadata(ctx.event).annotations.get("readOnlyHint") is True


def _computes(ctx: DecisionContext) -> bool:
    """``add {a: 1873, b: 2291}``: a tool named by a bare verb, given only numbers, names no
    record to change -- a computation, whatever its verb would mean with an object."""
    payload = ctx.event.payload
    return (
        ctx.event.channel in _TOOL_CHANNELS
        and not name_words(ctx.completion.event.target or ctx.event.target)
        and bool(payload)
        and all(isinstance(v, int | float) and not isinstance(v, bool) for v in payload.values())
    )


def _says_it_reads(ctx: DecisionContext) -> bool:
    """The call names a read as its act: its name's verb is a reading verb
    ("MicrosoftGraphListSignInEvents": list), or its action field asks for one
    ({"action": "status"}). What a question's answer needs, whatever else the words suggest."""
    if ctx.event.channel not in _TOOL_CHANNELS:
        return False
    verb = name_verb(tokens(ctx.completion.event.target or ctx.event.target))
    if verb is not None and ctx.policy.verb_op.get(verb) is Operation.READ:
        return True
    lex = lexicon()
    # a field that sets a state selects or switches ({"status": "open"} filters a write-off,
    # {"state": "open"} opens a relay): its value is where the act leads, not the act
    fields = lex.action_fields - lex.state_fields
    reads = lex.read_nouns
    return any(
        str(k).lower() in fields
        and isinstance(v, str)
        and (v.lower() in reads or ctx.policy.verb_op.get(v.lower()) is Operation.READ)
        for k, v in ctx.event.payload.items()
    )


def _tap_names_a_change(ctx: DecisionContext) -> bool:
    """A tap the screen reads as navigation on a control whose label is an act and its object
    ("Cancel membership", "Terminate contract"): what the tap does is what the label says,
    when the tap alone commits it. A bare "Cancel" stays a dialog's dismissal, and a label in
    a verb-final language is left unread (its verb is not the first word)."""
    if ctx.event.channel is not Channel.GUI or ctx.event.action is not ActionType.TAP:
        return False
    widget = ctx.sem.widget or {}
    for label in (widget.get("text"), widget.get("description")):
        if not isinstance(label, str) or not 2 <= len(label.split()) <= 3:
            continue  # a button's label: a verb and its object, at most three words
        words = tokens(label)
        act = ctx.policy.verb_op.get(words[0]) if words else None
        if act is not None and act not in _TAP_LEAVES:
            return True
    return False


# what a tapped label names that the tap alone does not commit: a read, a write that opens a
# form or fills the clipboard ("Add event", "Copy code": the form's Save is judged when tapped),
# a send (rules 1 and 5)
_TAP_LEAVES = _NOT_A_CHANGE | {Operation.LOCAL_WRITE}


def check_question_act(ctx: DecisionContext) -> None:
    """Rule 4's "ask for nothing": a request that only asks a question ("how many sessions
    does Mark have left?", "did Aetna pay the January invoices?") authorizes no change. A
    state change made under it -- cancelling, resuming, writing off, running payroll -- is
    the agent's own act, whatever kind it is; it goes to review (T4) after T2 has had its
    say, so that an injected act is reported as one. Typing commits nothing (a search); a
    send is judged by what it carries and where it goes (rules 1, 5)."""
    if not ctx.user_request or ctx.event.action is ActionType.TEXT_INPUT:
        return
    may_tap = ctx.op is Operation.NAVIGATE and ctx.event.channel is Channel.GUI
    if (ctx.op in _NOT_A_CHANGE and not may_tap) or not asks_only_to_be_told(ctx.user_request):
        return  # the request (cached) first: almost every tap has no question to answer
    tapped = may_tap and _tap_names_a_change(ctx)
    if ctx.op in _NOT_A_CHANGE and not tapped:
        return
    if declared_read_only(ctx) or _says_it_reads(ctx) or _computes(ctx):
        return  # its server or its name says it reads, or it only computes
    if any(op not in READ_OPS for op in ctx.intent().asks):
        return  # "can you move my 3pm?" asks for an act in the form of a question
    if adopted_source_asks(ctx):
        return
    what = "tap" if tapped else ctx.op.value.replace("_", " ")
    ctx.review.append(f"this {what} changes state, and the request only asks a question")
    ctx.review_rules.append("default:question-only")


def run_t1(ctx: DecisionContext, index: RuleIndex) -> Outcome | None:
    settings_direction(ctx)
    classify_unknown(ctx)
    outcome = check_scope(ctx)
    if outcome is not None:
        return outcome
    outcome = check_rules(ctx, index)
    if outcome is not None:
        return outcome
    check_binding_act(ctx)
    check_question_act(ctx)
    return check_forbidden(ctx) or check_high_impact(ctx)
