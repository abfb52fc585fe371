"""Which settings writes and shell commands grant an app access or weaken the device's
protection (rule 4), from the table in ``data/privileges.yaml``.

The table holds the facts (keys, namespaces, which values weaken, which commands and
sub-commands grant, each with the Android page that documents it); this module applies them.
A write the table marks is a ``security_change``, which the PEP treats as high-impact. For an
on/off protection the value decides: writing a restoring value is an ordinary settings change,
any other value weakens (fail closed). The PEP's own ``security_settings`` may refine the
direction of the keys it lists.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

import yaml

from android_bridge.events import apps
from android_bridge.events.meaning import CommandMeaning
from host_pep.exceptions import EventValidationError
from host_pep.semantics import FieldRole, Operation

F = "payload.command"


@dataclass(frozen=True)
class SettingRule:
    key: str
    namespaces: frozenset[str]
    weakens: frozenset[str] | None
    """None: any value grants access; else the values that weaken an on/off protection."""
    restores: frozenset[str]
    grants: str
    source: str

    def operation(self, value: str | None) -> Operation:
        """The operation of writing ``value`` (None: the key is deleted or reset)."""
        v = None if value is None else value.strip().lower()
        if v is None:
            return Operation.SETTINGS_CHANGE if "" in self.restores else Operation.SECURITY_CHANGE
        if v in self.restores:
            return Operation.SETTINGS_CHANGE
        return Operation.SECURITY_CHANGE


@dataclass(frozen=True)
class CommandRule:
    words: tuple[str, ...]
    grants_with: frozenset[str]
    reads_with: frozenset[str]
    settles_with: frozenset[str]
    granting_modes: frozenset[str]
    grants: str
    source: str


@dataclass(frozen=True)
class Table:
    settings: dict[str, SettingRule]
    commands: tuple[CommandRule, ...]


def _strings(raw: Any) -> frozenset[str]:
    if raw is None:
        return frozenset()
    items = raw if isinstance(raw, list) else [raw]
    return frozenset(str(x).strip().lower() for x in items)


@lru_cache(maxsize=1)
def table() -> Table:
    text = (resources.files("android_bridge.events") / "data" / "privileges.yaml").read_text(
        encoding="utf-8"
    )
    data = yaml.safe_load(text)
    settings: dict[str, SettingRule] = {}
    for raw in data["settings"]:
        key = str(raw["key"])
        settings[key.lower()] = SettingRule(
            key=key,
            namespaces=_strings(raw["namespace"]),
            weakens=_strings(raw["weakens"]) if "weakens" in raw else None,
            restores=_strings(raw.get("restores")),
            grants=str(raw["grants"]),
            source=str(raw["source"]),
        )
    commands = tuple(
        CommandRule(
            words=tuple(str(w) for w in raw["command"]),
            grants_with=_strings(raw.get("grants_with")),
            reads_with=_strings(raw.get("reads_with")),
            settles_with=_strings(raw.get("settles_with")),
            granting_modes=_strings(raw.get("granting_modes")),
            grants=str(raw["grants"]),
            source=str(raw["source"]),
        )
        for raw in data["commands"]
    )
    return Table(settings, commands)


def setting_rule(key: str) -> SettingRule | None:
    """The rule for a settings key, whatever namespace it is written in (a key written to the
    wrong namespace is still refused as the key it names: fail closed)."""
    return table().settings.get(key.strip().lower())


def setting_operation(key: str, value: str | None, *, verb: str = "put") -> Operation | None:
    """security_change / settings_change for a key the table knows; None for any other key."""
    rule = setting_rule(key)
    if rule is None:
        return None
    if verb == "reset":
        return Operation.SECURITY_CHANGE
    return rule.operation(None if verb == "delete" else value)


def _rule_for(argv: tuple[str, ...]) -> CommandRule | None:
    head = (argv[0].rsplit("/", 1)[-1], *argv[1:])
    for rule in table().commands:
        if head[: len(rule.words)] == rule.words:
            return rule
    return None


def _positional(args: list[str]) -> list[str]:
    """Arguments without ``--user N`` and other ``--flag`` options."""
    out: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a in ("--user", "--uid", "--package", "--old"):  # options that take a value
            i += 2
            continue
        if a.startswith("-"):
            i += 1
            continue
        out.append(a)
        i += 1
    return out


def classify_command(argv: tuple[str, ...]) -> CommandMeaning | None:
    """The meaning of a command the table covers (``cmd role add-role-holder …``), else None."""
    rule = _rule_for(argv)
    if rule is None:
        return None
    rest = list(argv[len(rule.words) :])
    if not rest:
        raise EventValidationError(f"`{' '.join(rule.words)}` needs a sub-command", field=F)
    sub = rest[0].lower()
    args = _positional(rest[1:])
    settings = apps.catalog().get("settings")
    name = rule.words[-1] if rule.words[0] == "cmd" else rule.words[0]
    target = f"settings.{name}"
    if sub in rule.reads_with:
        return CommandMeaning(target, Operation.READ, settings, apps.main_package(settings),
                              description=f"{name} {sub}")  # fmt: skip
    if sub in rule.settles_with:
        op = Operation.SETTINGS_CHANGE
    elif sub in rule.grants_with:
        op = Operation.SECURITY_CHANGE
    else:
        return None  # a sub-command the table does not cover: the other parsers decide
    m = CommandMeaning(target, op, settings, apps.main_package(settings),
                       description=f"{name} {sub}: {rule.grants}")  # fmt: skip
    m.put("command", sub, FieldRole.IDENTIFIER)
    if name == "locksettings" and sub == "set-disabled":
        if len(args) != 1:
            raise EventValidationError("`locksettings set-disabled` takes true or false", field=F)
        m.put("key", "lockscreen.disabled", FieldRole.IDENTIFIER)
        m.put("value", args[0], FieldRole.OTHER)
        key_rule = setting_rule("lockscreen.disabled")
        if key_rule is not None:
            m.operation = key_rule.operation(args[0])
        return m
    if name == "locksettings" and sub in ("clear", "set-pin", "set-password", "set-pattern"):
        # the credential cleared turns the lock off; one set is the new credential, which the
        # user must have dictated (--old is the current one, whoever knows it)
        m.put("key", "lockscreen.credential", FieldRole.IDENTIFIER)
        if sub == "clear":
            m.put("value", "off", FieldRole.OTHER)
        elif len(args) != 1:
            raise EventValidationError(f"`locksettings {sub}` takes the new credential", field=F)
        else:
            m.put("credential", args[0], FieldRole.CREDENTIAL)
        return m
    if rule.granting_modes and sub in rule.grants_with:
        # appops set PACKAGE OP MODE: allowing grants, ignoring or denying takes away
        if len(args) < 3:
            raise EventValidationError(f"`{name} {sub}` needs a package, an op and a mode", field=F)
        package, app_op, mode = args[0], args[1], args[2]
        m.put("package", package, FieldRole.IDENTIFIER)
        m.put("key", app_op, FieldRole.IDENTIFIER)
        m.put("value", mode, FieldRole.OTHER)
        m.operation = (
            Operation.SECURITY_CHANGE if mode.lower() in rule.granting_modes
            else Operation.SETTINGS_CHANGE
        )  # fmt: skip
        return m
    for i, arg in enumerate(args):
        m.put("package" if i == len(args) - 1 else "argument", arg, FieldRole.IDENTIFIER)
    return m
