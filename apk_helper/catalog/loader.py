"""Load the shipped catalog plus user files, merge them, and answer lookups.

Merge rule: files are applied in order (shipped, then $DROIDGATE_CATALOG, then ``extra``). An
entry whose name already exists extends it: lists are unioned, ``roles``/``operations``/
``fields`` are overridden key by key; ``replace: true`` replaces the entry. A package, authority,
tool or scheme claimed in a later file moves to that file's app, so users can re-home an app
without editing the shipped file. Within one file a claim made by two apps is an error.
"""

from __future__ import annotations

import os
import posixpath
import re
from collections.abc import Iterable, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError

from apk_helper.catalog.models import AppEntry, OperationName
from apk_helper.errors import CatalogError

ENV_VAR = "DROIDGATE_CATALOG"
SHIPPED = "apps.yaml"
_CLAIMS = ("packages", "authorities", "tools", "schemes", "paths")
_LIST_KEYS = (*_CLAIMS, "intents")
_MAP_KEYS = ("roles", "operations", "fields")
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml parses ~10x faster


class _File(BaseModel):
    model_config = ConfigDict(extra="forbid")

    version: int = 1
    verbs: dict[str, OperationName] = {}
    apps: list[Any] = []


class Catalog:
    """The merged catalog. Lookups return an ``AppEntry`` or None for anything unknown."""

    def __init__(
        self,
        apps: Iterable[AppEntry],
        verbs: Mapping[str, str] | None = None,
        sources: Sequence[str] = (),
    ) -> None:
        self.apps: dict[str, AppEntry] = {a.name: a for a in apps}
        self.verbs: dict[str, str] = dict(verbs or {})
        self.sources: tuple[str, ...] = tuple(sources)
        self._packages: dict[str, AppEntry] = {}
        self._authorities: dict[str, AppEntry] = {}
        self._tools: dict[str, AppEntry] = {}
        self._tool_prefixes: list[tuple[str, AppEntry]] = []
        self._schemes: dict[str, AppEntry] = {}
        self._paths: list[tuple[str, AppEntry]] = []
        for app in self.apps.values():
            for folder in app.paths:
                self._paths.append((folder.rstrip("/") + "/", app))
            for p in app.packages:
                self._packages[p] = app
            for a in app.authorities:
                self._authorities[a] = app
            for s in app.schemes:
                self._schemes[s] = app
            for t in (*app.tools, f"{app.name}.*"):
                if t.endswith(".*"):
                    self._tool_prefixes.append((t[:-2], app))
                else:
                    self._tools[t] = app
        # Longest prefix first, so "calendar.events.*" would beat "calendar.*".
        self._tool_prefixes.sort(key=lambda item: -len(item[0]))
        self._paths.sort(key=lambda item: -len(item[0]))

    def __iter__(self) -> Any:
        return iter(self.apps.values())

    def __len__(self) -> int:
        return len(self.apps)

    def get(self, name: str) -> AppEntry | None:
        return self.apps.get(name)

    # -- lookups ------------------------------------------------------------------------------

    def app_for_package(self, package: str) -> AppEntry | None:
        """By package; also accepts ``pkg/activity`` and resource-ids ``pkg:id/name``."""
        name = package.strip().split("/", 1)[0].split(":", 1)[0]
        return self._packages.get(name)

    def app_for_authority(self, authority: str) -> AppEntry | None:
        """By content-provider authority; else by the app whose package the authority extends
        (``net.gsantner.markor.provider`` -> notes)."""
        auth = authority.strip().rsplit("@", 1)[-1]  # content://10@com.android.contacts (user 10)
        hit = self._authorities.get(auth)
        if hit is not None:
            return hit
        parts = auth.split(".")
        for n in range(len(parts), 1, -1):
            hit = self._packages.get(".".join(parts[:n]))
            if hit is not None:
                return hit
        return None

    def app_for_uri(self, uri: str) -> AppEntry | None:
        """``content://AUTHORITY/...`` by authority; other URIs by scheme (mailto:, smsto:,
        https:, file:); ``package:NAME`` by package."""
        text = uri.strip()
        scheme, sep, rest = text.partition(":")
        if not sep or not re.match(r"^[A-Za-z][A-Za-z0-9+.-]*$", scheme):
            return None
        scheme = scheme.lower()
        if scheme == "content":
            authority = urlsplit(text).netloc
            return self.app_for_authority(authority) if authority else None
        if scheme == "package":
            return self.app_for_package(rest.lstrip("/"))
        return self._schemes.get(scheme)

    def app_for_path(self, path: str) -> AppEntry | None:
        """The app whose storage folder holds ``path`` (``/sdcard/Documents/Markor/a.md`` ->
        notes); every spelling of shared storage is the same folder, and the longest claim wins."""
        norm = shared_storage_path(path)
        for folder, app in self._paths:
            if norm.startswith(folder) or norm + "/" == folder:
                return app
        return None

    def app_for_tool(self, tool: str) -> AppEntry | None:
        """By tool name or semantic target (``calendar.create_event``, ``expense.add``).

        Exact names first, then the longest matching prefix. ``server/tool`` and ``app:verb``
        separators are read as dots; ``calendar_create_event`` is tried as ``calendar.create_event``.
        """
        return self._resolve_tool(tool)[1]

    def _resolve_tool(self, tool: str) -> tuple[str, AppEntry | None, str]:
        """(spelling that matched, app, verb): the verb is what follows the matched prefix."""
        spellings = _tool_spellings(tool.strip())
        for candidate in spellings:
            hit = self._tools.get(candidate)
            if hit is not None:
                return candidate, hit, candidate.rsplit(".", 1)[-1]
            for prefix, app in self._tool_prefixes:
                if candidate == prefix or candidate.startswith(prefix + "."):
                    return candidate, app, candidate[len(prefix) + 1 :]
        first = spellings[0]
        return first, None, first.rsplit(".", 1)[-1]

    def _scored_intent(
        self, action: str, data: str | None, mime_type: str | None
    ) -> list[tuple[int, AppEntry]]:
        full, scheme = _full_action(action), _scheme(data)
        scored = []
        for app in self.apps.values():
            score = max((spec.score(full, scheme, mime_type) for spec in app.intents), default=0)
            if score:
                scored.append((score, app))
        scored.sort(key=lambda item: -item[0])
        return scored

    def apps_for_intent(
        self, action: str, data: str | None = None, mime_type: str | None = None
    ) -> list[AppEntry]:
        """Apps that handle the intent (short actions like ``SENDTO`` allowed), most specific
        match first."""
        return [app for _, app in self._scored_intent(action, data, mime_type)]

    def app_for_intent(
        self, action: str, data: str | None = None, mime_type: str | None = None
    ) -> AppEntry | None:
        """The app an intent goes to; None if no app, or several equally specific ones, match.

        A ``content://`` data URI decides by its provider (INSERT on calendar events is
        calendar). ``SENDTO`` needs its data (smsto: vs mailto:); ``SEND`` alone is a share.
        """
        if data and data.strip().lower().startswith("content:"):
            by_uri = self.app_for_uri(data)
            if by_uri is not None:
                return by_uri
        scored = self._scored_intent(action, data, mime_type)
        if not scored or (len(scored) > 1 and scored[0][0] == scored[1][0]):
            return None
        return scored[0][1]

    def app_for_target(self, target: str) -> AppEntry | None:
        """Any of the names an event's target can take: URI, package, resource-id or tool."""
        t = target.strip()
        if "://" in t or t.lower().startswith(("mailto:", "smsto:", "sms:", "package:")):
            return self.app_for_uri(t)
        return self.app_for_package(t) or self.app_for_tool(t)

    def operation_for(self, target: str) -> str | None:
        """Operation of a tool or ``<app>.<verb>`` target: the app's own verbs, then the
        catalog's, then the verb's first word (``create_event`` -> ``create``)."""
        _, app, verb = self._resolve_tool(target)
        verb = verb.lower()
        if app is not None and verb in app.operations:
            return app.operations[verb]
        if verb in self.verbs:
            return self.verbs[verb]
        return self.verbs.get(verb.split("_", 1)[0])

    def field(self, app: str | AppEntry | None, name: str) -> Any:
        """The FieldSpec of ``name`` in ``app`` (an entry or app name), or None."""
        entry = self.apps.get(app) if isinstance(app, str) else app
        return entry.field(name) if entry is not None else None

    def as_data(self) -> dict[str, Any]:
        """The merged catalog as plain data (what reaches host_pep, which never imports us)."""
        return {
            "verbs": dict(self.verbs),
            "apps": [a.model_dump(mode="json") for a in self.apps.values()],
        }


_STORAGE_ALIASES = (
    "/storage/emulated/0",
    "/storage/self/primary",
    "/mnt/sdcard",
    "/mnt/user/0/primary",
)


def shared_storage_path(path: str) -> str:
    """``/storage/emulated/0/x`` (and the other spellings of primary storage) as ``/sdcard/x``,
    with ``.``/``..`` and repeated slashes resolved."""
    norm = posixpath.normpath("/" + path.strip().lstrip("/")) if path.strip() else "/"
    for alias in _STORAGE_ALIASES:
        if norm == alias or norm.startswith(alias + "/"):
            return "/sdcard" + norm[len(alias) :]
    return norm


def _full_action(action: str) -> str:
    a = action.strip()
    return a if "." in a else f"android.intent.action.{a.upper()}"


def _scheme(data: str | None) -> str | None:
    if not data:
        return None
    head, sep, _ = data.partition(":")
    return head.lower() if sep else None


def _tool_spellings(name: str) -> list[str]:
    """``server/sms/send`` -> sms.send too (a namespaced tool); ``calendar_create_event`` ->
    calendar.create_event too."""
    dotted = re.sub(r"[/:]+", ".", name)
    out = [dotted]
    parts = dotted.split(".")
    out += [".".join(parts[i:]) for i in range(1, len(parts) - 1)]
    if "." not in dotted and "_" in dotted:
        out.append(dotted.replace("_", ".", 1))
    return out


# -- loading ----------------------------------------------------------------------------------


def shipped_path() -> Path:
    return Path(str(resources.files("apk_helper.catalog").joinpath(SHIPPED)))


def catalog_paths(extra: Iterable[str | Path] = ()) -> list[Path]:
    """Shipped file, then each path in $DROIDGATE_CATALOG, then ``extra``."""
    env = os.environ.get(ENV_VAR, "")
    user = [Path(p) for p in env.split(os.pathsep) if p.strip()]
    return [shipped_path(), *user, *(Path(p) for p in extra)]


def load_catalog(extra: Iterable[str | Path] = ()) -> Catalog:
    """Load and merge the shipped catalog, $DROIDGATE_CATALOG files and ``extra`` files.

    Raises CatalogError naming the file (and the entry) for unreadable or invalid input.
    """
    paths = catalog_paths(extra)
    key = tuple((str(p), _mtime(p)) for p in paths)
    cached = _CACHE.get(key)
    if cached is None:
        cached = _build(paths)
        _CACHE.clear()  # keep one: the environment rarely changes within a process
        _CACHE[key] = cached
    return cached


_CACHE: dict[tuple[tuple[str, float], ...], Catalog] = {}


def _mtime(p: Path) -> float:
    try:
        return p.stat().st_mtime
    except OSError:
        return -1.0  # reported properly by _read


def _build(paths: Sequence[Path]) -> Catalog:
    merged: dict[str, dict[str, Any]] = {}
    verbs: dict[str, str] = {}
    for path in paths:
        doc = _read(path)
        verbs.update(doc.verbs)
        _check_claims_within(path, doc.apps)
        for i, raw in enumerate(doc.apps):
            _merge_entry(path, i, raw, merged)
    apps = []
    for name, raw in merged.items():
        origin = raw.pop("__file__")
        try:
            apps.append(AppEntry.model_validate(raw))
        except ValidationError as exc:
            raise CatalogError(origin, _explain(exc), entry=name) from None
    return Catalog(apps, verbs, [str(p) for p in paths])


def _read(path: Path) -> _File:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CatalogError(path, "no such catalog file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise CatalogError(path, f"cannot read: {exc}") from None
    try:
        data = yaml.load(text, Loader=_LOADER)
    except yaml.YAMLError as exc:
        raise CatalogError(path, f"invalid YAML: {exc}") from None
    if data is None:
        return _File()
    if not isinstance(data, dict):
        raise CatalogError(path, "expected a mapping with 'apps:' (and optionally 'verbs:')")
    try:
        return _File.model_validate(data)
    except ValidationError as exc:
        raise CatalogError(path, _explain(exc)) from None


def _check_claims_within(path: Path, apps: list[Any]) -> None:
    owners: dict[tuple[str, str], str] = {}
    names: set[str] = set()
    for i, raw in enumerate(apps):
        if not isinstance(raw, dict):
            raise CatalogError(path, "an app entry must be a mapping", entry=f"#{i}")
        name = str(raw.get("name", f"#{i}"))
        if name in names:
            raise CatalogError(path, "app defined twice in one file", entry=name)
        names.add(name)
        for key in _CLAIMS:
            values = raw.get(key) or []
            if not isinstance(values, list):
                raise CatalogError(path, f"'{key}' must be a list", entry=name)
            for v in values:
                other = owners.setdefault((key, str(v)), name)
                if other != name:
                    raise CatalogError(
                        path, f"{key[:-1]} {v!r} is claimed by both {other!r} and {name!r}"
                    )


def _merge_entry(path: Path, index: int, raw: Any, merged: dict[str, dict[str, Any]]) -> None:
    if not isinstance(raw, dict):
        raise CatalogError(path, "an app entry must be a mapping", entry=f"#{index}")
    name = raw.get("name")
    if not isinstance(name, str) or not name:
        raise CatalogError(path, "app entry has no 'name'", entry=f"#{index}")
    entry = dict(raw)
    replace = bool(entry.pop("replace", False))
    # Claims in this file move here from any other app.
    for key in _CLAIMS:
        claimed = {str(v) for v in entry.get(key) or []}
        if not claimed:
            continue
        for other_name, other in merged.items():
            if other_name != name and other.get(key):
                other[key] = [v for v in other[key] if str(v) not in claimed]
    base = merged.get(name)
    if base is None or replace:
        entry["__file__"] = str(path)
        merged[name] = entry
        return
    for key, value in entry.items():
        if key in _LIST_KEYS and isinstance(value, list) and isinstance(base.get(key), list):
            base[key] = base[key] + [v for v in value if v not in base[key]]
        elif key in _MAP_KEYS and isinstance(value, dict) and isinstance(base.get(key), dict):
            base[key] = {**base[key], **value}
        else:
            base[key] = value
    base["__file__"] = str(path)


def _explain(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors():
        loc = ".".join(str(x) for x in err["loc"])
        parts.append(f"{loc}: {err['msg']}" if loc else err["msg"])
    return "; ".join(parts)
