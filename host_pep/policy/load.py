"""Loading policy bundles: shipped ones by name, user ones by path, overlays on top.

Errors name the file, the rule id (when the problem is inside a rule) and the field, so that a
policy author can fix the bundle without reading a traceback.
"""

from __future__ import annotations

import copy
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from host_pep.exceptions import PolicyFileError
from host_pep.policy.model import PolicyBundle

SHIPPED_PACKAGE = "host_pep.policies"


def shipped_names() -> list[str]:
    """Names of the bundles shipped as package data."""
    root = resources.files(SHIPPED_PACKAGE)
    return sorted(p.name[: -len(".yaml")] for p in root.iterdir() if p.name.endswith(".yaml"))


def _read_yaml(text: str, where: str) -> dict[str, Any]:
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = f" (line {mark.line + 1})" if mark is not None else ""
        raise PolicyFileError(f"not valid YAML{line}: {exc}", path=where) from exc
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise PolicyFileError("a policy bundle must be a mapping", path=where)
    return data


def validate_bundle(data: dict[str, Any], where: str) -> PolicyBundle:
    """Validate a bundle mapping; a PolicyFileError names file, rule id and field."""
    try:
        return PolicyBundle.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = [str(p) for p in first.get("loc", ())]
        rule_id = ""
        if len(loc) >= 2 and loc[0] == "rules" and loc[1].isdigit():
            rules = data.get("rules") or []
            index = int(loc[1])
            rule = rules[index] if isinstance(rules, list) and index < len(rules) else None
            rule_id = str(rule.get("id") or f"#{index}") if isinstance(rule, dict) else f"#{index}"
            loc = loc[2:]
        field = ".".join(loc) or "bundle"
        raise PolicyFileError(
            first.get("msg", "invalid"), path=where, rule_id=rule_id, field=field
        ) from exc


@lru_cache(maxsize=32)
def _load_shipped(name: str) -> PolicyBundle:
    resource = resources.files(SHIPPED_PACKAGE).joinpath(f"{name}.yaml")
    if not resource.is_file():
        known = ", ".join(shipped_names())
        raise PolicyFileError(f"no shipped policy named {name!r} (known: {known})", path=name)
    return validate_bundle(_read_yaml(resource.read_text("utf-8"), f"{name}.yaml"), f"{name}.yaml")


def load_bundle(policy: str | Path | PolicyBundle = "default") -> PolicyBundle:
    """A bundle by shipped name, or from a YAML file path (a bundle object is used as is: the
    PEP never mutates it)."""
    if isinstance(policy, PolicyBundle):
        return policy
    text = str(policy)
    path = Path(text)
    looks_like_path = path.suffix in (".yaml", ".yml", ".json") or "/" in text or path.exists()
    if not looks_like_path:
        return _load_shipped(text).model_copy(deep=True)
    try:
        body = path.read_text("utf-8")
    except OSError as exc:
        raise PolicyFileError(f"cannot read policy file: {exc.strerror or exc}", path=text) from exc
    return validate_bundle(_read_yaml(body, text), text)


def apply_overlay(
    bundle: PolicyBundle, overlay: dict[str, Any], where: str = "overlay"
) -> PolicyBundle:
    """DESIGN.md's overlay: ``{"agents": {...}, "rules": [...]}`` on top of a bundle.

    Agents replace same-named scopes; rules are appended (a rule with an existing id replaces
    it). Any other top-level key is merged one level deep, so an overlay can also add apps or
    tools.
    """
    if not isinstance(overlay, dict):
        raise PolicyFileError("a policy overlay must be a mapping", path=where)
    data = bundle.model_dump(mode="json")
    for key, value in overlay.items():
        if key == "rules":
            if not isinstance(value, list):
                raise PolicyFileError("must be a list", path=where, field="rules")
            by_id = {r["id"]: i for i, r in enumerate(data["rules"])}
            for rule in value:
                rid = rule.get("id") if isinstance(rule, dict) else None
                if rid in by_id:
                    data["rules"][by_id[rid]] = rule
                else:
                    data["rules"].append(rule)
        elif isinstance(value, dict) and isinstance(data.get(key), dict):
            merged = dict(data[key])
            merged.update(copy.deepcopy(value))
            data[key] = merged
        else:
            data[key] = copy.deepcopy(value)
    return validate_bundle(data, where)


def resolve_policy(
    policy: str | Path | PolicyBundle | dict[str, Any] | None = "default",
    overlay: dict[str, Any] | None = None,
) -> PolicyBundle:
    """Everything PEP.create and the eval runner accept as a policy, turned into a bundle.

    A dict is an overlay on the default bundle (the offline case format's ``policy`` field).
    """
    if policy is None:
        policy = "default"
    bundle = (
        apply_overlay(load_bundle("default"), policy)
        if isinstance(policy, dict)
        else load_bundle(policy)
    )
    if overlay:
        bundle = apply_overlay(bundle, overlay)
    return bundle
