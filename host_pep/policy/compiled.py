"""A bundle compiled for the hot path: plain dicts and sets, built once per bundle.

Pydantic models are for the boundary; deciding an event only touches these lookups.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from host_pep.policy.model import AppRole, PolicyBundle, ToolSpec
from host_pep.recognition.lexicon import lexicon
from host_pep.recognition.words import tokens
from host_pep.semantics import FieldRole, Operation

# What separates a tool's namespace from its method: "hubspot.x", "drive/x", "ns:x", "mcp__x".
_NAMESPACE_SEP = re.compile(r"[./:]|__")
# The two states of an on/off setting, in the spellings `settings put` and tools use.
_ON = frozenset({"1", "true", "on", "yes", "enabled", "enable"})
_OFF = frozenset({"0", "false", "off", "no", "disabled", "disable"})
# Reverse-domain package names ("com.whatsapp"): their words name the app as a whole.
_PACKAGE_LIKE = re.compile(r"^(?:com|org|net|io|me|app|de|cn|jp|fr|uk|us|co)\.[\w.]+$")
# Namespaces that name no service of their own: tool wrappers (function-calling and MCP
# conventions) and the platform vendors whose products are the device's own apps
# ("google.calendar.events.insert" is the Calendar, "google.contacts" the address book).
_CONTAINERS = frozenset(
    {"functions", "function", "fn", "tools", "tool", "default", "mcp", "plugin", "plugins",
     "actions", "action", "skills", "skill", "builtin", "builtins", "local", "api", "apis",
     "google", "android", "apple", "samsung", "microsoft",
     # the handset itself: "phone.read_sms" reads the SMS app
     "phone", "device", "mobile", "handset"}
)  # fmt: skip


def _merged(words: tuple[str, ...], extra: list[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys([*words, *(w.lower() for w in extra)]))


def is_package_name(name: str) -> bool:
    """Whether ``name`` is an Android package (``com.example.app``), not a tool name."""
    return _PACKAGE_LIKE.match(name) is not None


@dataclass(slots=True)
class CompiledPolicy:
    bundle: PolicyBundle
    app_by_package: dict[str, str] = field(default_factory=dict)
    app_by_word: dict[str, str] = field(default_factory=dict)
    sources: frozenset[str] = frozenset()
    sinks: frozenset[str] = frozenset()
    untrusted: frozenset[str] = frozenset()
    addressed: frozenset[str] = frozenset()
    sender_fields: dict[str, frozenset[str]] = field(default_factory=dict)
    any_sender_field: frozenset[str] = frozenset()
    """Every app's sender fields together: who sent a result of a service no app names."""
    tools: dict[str, ToolSpec] = field(default_factory=dict)
    verb_op: dict[str, Operation] = field(default_factory=dict)
    field_role: dict[str, FieldRole] = field(default_factory=dict)
    outbound_words: frozenset[str] = frozenset()
    untrusted_words: frozenset[str] = frozenset()
    high_impact: frozenset[Operation] = frozenset()
    hi_verbs: dict[Operation, tuple[str, ...]] = field(default_factory=dict)
    send_verbs: tuple[str, ...] = ()
    """The words that ask for a send (not high-impact by itself, DESIGN.md rule 4): a delivery
    to an address the user wrote is asked by one."""
    app_objects: dict[str, frozenset[str]] = field(default_factory=dict)
    """App name, its words and the bundle's extra object words (what a request may name)."""
    app_words: dict[str, frozenset[str]] = field(default_factory=dict)
    """App name and the words that name the app itself (not the objects it manages)."""
    security_settings: dict[str, frozenset[str]] = field(default_factory=dict)
    related_apps: dict[Operation, frozenset[str]] = field(default_factory=dict)
    security_verbs: dict[str, tuple[str, ...]] = field(default_factory=dict)
    app_names: dict[str, frozenset[str]] = field(default_factory=dict)
    """Well-known app name (lower case) -> its packages."""
    all_words: tuple[str, ...] = ()
    sensitive_kinds: frozenset[str] = frozenset()
    regions: tuple[str, ...] = ("CN", "US")
    leak_rewrite: bool = False

    @classmethod
    def build(cls, bundle: PolicyBundle) -> CompiledPolicy:
        c = cls(bundle=bundle)
        for name, spec in bundle.apps.items():
            for pkg in spec.packages:
                c.app_by_package[pkg] = name
            c.app_by_word.setdefault(name, name)
            for word in spec.words:
                c.app_by_word.setdefault(word.lower(), name)
            c.sender_fields[name] = frozenset(f.lower() for f in spec.sender_fields)
        c.any_sender_field = frozenset(f for names in c.sender_fields.values() for f in names)
        c.sources = bundle.apps_with(AppRole.SOURCE)
        c.sinks = bundle.apps_with(AppRole.SINK)
        c.untrusted = bundle.apps_with(AppRole.UNTRUSTED_SOURCE)
        c.addressed = frozenset(name for name, spec in bundle.apps.items() if spec.addressed)
        c.tools = {name.lower(): spec for name, spec in bundle.tools.items()}
        # Earlier operations in the YAML win for a word listed twice; riskier lists come later,
        # so build in reverse risk order and let later (riskier) lists override.
        lex = lexicon()
        for verbs in (lex.tool_verbs, bundle.lexicon.verbs):
            for op, words in verbs.items():
                for word in words:
                    c.verb_op[word.lower()] = op
        for fields in (lex.tool_fields, bundle.lexicon.fields):
            for role, names in fields.items():
                for name in names:
                    c.field_role.setdefault(name.lower(), role)
        c.outbound_words = lex.outbound_words | {w.lower() for w in bundle.lexicon.outbound_words}
        c.untrusted_words = lex.untrusted_words | {
            w.lower() for w in bundle.lexicon.untrusted_words
        }
        c.high_impact = frozenset(bundle.high_impact.operations)
        # language knowledge comes from the recognition layer's language files; a bundle may
        # add words of its own (a deployment's jargon) on top
        c.hi_verbs = {
            op: _merged(lex.operations.get(op, ()), bundle.high_impact.verbs.get(op, []))
            for op in c.high_impact
        }
        c.send_verbs = _merged(
            lex.operations.get(Operation.EXTERNAL_SEND, ()),
            bundle.high_impact.verbs.get(Operation.EXTERNAL_SEND, []),
        )
        for name, spec in bundle.apps.items():
            c.app_words[name] = frozenset({name, *(w.lower() for w in spec.words)})
            objs = {name, *(w.lower() for w in spec.words)}
            objs.update(lex.objects.get(name, ()))
            objs.update(w.lower() for w in bundle.high_impact.objects.get(name, []))
            c.app_objects[name] = frozenset(objs)
        c.security_settings = {
            k.lower(): frozenset(v.lower() for v in vals)
            for k, vals in bundle.high_impact.security_settings.items()
        }
        c.security_verbs = {
            d: _merged(lex.security.get(d, ()), bundle.high_impact.security_verbs.get(d, []))
            for d in ("off", "on", "reset", "open", "admit")
        }
        c.related_apps = {
            op: frozenset(apps) for op, apps in bundle.high_impact.related_apps.items()
        }
        c.app_names = {
            n.lower(): frozenset(p.lower() for p in pkgs)
            for n, pkgs in bundle.high_impact.app_names.items()
        }
        c.all_words = _merged(lex.all_words, bundle.high_impact.all_words)
        c.sensitive_kinds = frozenset(bundle.sensitive_kinds)
        c.regions = tuple(bundle.settings.regions)
        c.leak_rewrite = bundle.settings.leak_decision == "rewrite"
        return c

    def app_for_package(self, package: str | None) -> str | None:
        if not package:
            return None
        return self.app_by_package.get(package)

    def app_for_name(self, name: str) -> str | None:
        """The semantic app a tool/target name refers to (``calendar.create_event`` -> calendar).

        A namespaced tool belongs to the service its namespace names: ``hubspot.create_contacts``
        and ``hubspot.contacts.update`` are HubSpot (an app the bundle does not know: None), not
        Contacts -- the words after the service name the object and the operation, and a CRM's
        "contacts" are not the user's address book. Only a bare name (``send_sms``) or a generic
        container (``functions.send_sms``) is read word by word.
        """
        if not name:
            return None
        lowered = name.lower()
        if lowered in self.app_by_package:
            return self.app_by_package[lowered]
        head = lowered.split(".", 1)[0]
        if head in self.bundle.apps:
            return head
        if _PACKAGE_LIKE.match(lowered) is None:
            rest = name
            while True:
                parts = _NAMESPACE_SEP.split(rest, maxsplit=1)
                if len(parts) < 2 or not parts[1]:
                    break
                service, rest = parts
                service_tokens = tokens(service)
                if not service_tokens or set(service_tokens) <= _CONTAINERS:
                    continue  # "functions.", "mcp__", "google.": the service comes next
                return self.app_of_words(service_tokens)
            # a bare method under wrappers only ("functions.send_sms"): its words name the app
            found = self.app_of_words(tokens(rest))
            if found is not None:
                return found
        return self.app_of_words(tokens(name))

    def service_of(self, name: str) -> str | None:
        """The service a namespaced tool belongs to, whether or not the bundle knows it
        (``hubspot.contacts.update`` -> ``hubspot``; wrappers and platform vendors are skipped as
        in ``app_of_tool``). None for a bare name or an app package."""
        if not name or _PACKAGE_LIKE.match(name.lower()) is not None:
            return None
        rest = name
        while True:
            parts = _NAMESPACE_SEP.split(rest, maxsplit=1)
            if len(parts) < 2 or not parts[1]:
                return None
            service, rest = parts
            service_tokens = tokens(service)
            if service_tokens and not set(service_tokens) <= _CONTAINERS:
                return " ".join(service_tokens)

    def app_of_words(self, words: list[str]) -> str | None:
        """The first app any of ``words`` names (``["hubspot", "contacts"]`` -> contacts). The
        first word of a compound noun names no app: its last does ("read_text_file" reads a
        file; "text" alone names the messages app)."""
        compounds = lexicon().compound_nouns
        for i, tok in enumerate(words):
            if i + 1 < len(words) and (tok, words[i + 1]) in compounds:
                continue
            app = self.app_by_word.get(tok)
            if app is not None:
                return app
        return None

    def weakens_security(self, key: str, value: str | None) -> bool | None:
        """Whether setting ``key`` to ``value`` weakens the device's protection (rule 4), by the
        bundle's ``security_settings`` (key -> the values that weaken it).

        None when the bundle does not know the key or no value is written. For an on/off key the
        other state restores protection (``lock_screen_enabled=1`` turns the lock back on, but
        ``adb_enabled=1`` opens the device); a value that is neither weakens (fail closed). For a
        key with named values (``screen_lock``) any value not listed keeps protection.
        """
        unsafe = self.security_settings.get(key.strip().lower())
        if unsafe is None or value is None:
            return None
        v = value.strip().lower()
        if v in unsafe:
            return True
        if unsafe <= _ON | _OFF:
            restoring = _OFF if unsafe & _ON else _ON
            return v not in restoring
        return not v

    def role_of(self, app: str | None, role: AppRole) -> bool:
        if app is None:
            return False
        if role is AppRole.SOURCE:
            return app in self.sources
        if role is AppRole.SINK:
            return app in self.sinks
        if role is AppRole.UNTRUSTED_SOURCE:
            return app in self.untrusted
        return False
