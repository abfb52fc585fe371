"""Read what an APK declares: package, version, label, SDKs, permissions and components.

Parser choice: pyaxmlparser. It is the manifest/resources half of androguard (the same binary-XML
and ARSC decoders) as a small pure-Python package with three light dependencies (lxml, click,
asn1crypto), so it installs everywhere our wheel does. androguard itself pulls in a DEX
analyser, matplotlib/networkx/pydot, loguru and an interactive shell that we never use, and takes
seconds to import. apktool/aapt2 need a JDK or the SDK build tools, which CI machines lack.

pyaxmlparser reports most problems through its logger and carries on, so we silence that logger
while parsing and turn every failure into one ``ApkError`` that names the file and the problem.
"""

from __future__ import annotations

import contextlib
import logging
import zipfile
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from apk_helper.errors import ApkError
from apk_helper.permissions import permission_group

MANIFEST = "AndroidManifest.xml"
_NS = "{http://schemas.android.com/apk/res/android}"
_MAIN = "android.intent.action.MAIN"
_LAUNCHER = "android.intent.category.LAUNCHER"


class Permission(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    dangerous: bool
    group: str | None = None
    """Platform permission group when dangerous (contacts, sms, location...)."""


class Component(BaseModel):
    """An activity, service or receiver."""

    model_config = ConfigDict(extra="forbid")

    name: str
    exported: bool
    """The explicit android:exported, else whether it has an intent filter (pre-Android 12 rule)."""
    enabled: bool = True
    actions: list[str] = Field(default_factory=list)
    categories: list[str] = Field(default_factory=list)


class Provider(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    authorities: list[str]
    exported: bool
    read_permission: str | None = None
    write_permission: str | None = None


class ApkInfo(BaseModel):
    """Everything ``droidgate apk inspect`` reports."""

    model_config = ConfigDict(extra="forbid")

    path: str
    package: str
    version_name: str | None = None
    version_code: int | None = None
    label: str | None = None
    min_sdk: int | None = None
    target_sdk: int | None = None
    permissions: list[Permission] = Field(default_factory=list)
    activities: list[Component] = Field(default_factory=list)
    launcher_activity: str | None = None
    services: list[Component] = Field(default_factory=list)
    receivers: list[Component] = Field(default_factory=list)
    providers: list[Provider] = Field(default_factory=list)

    @property
    def dangerous_permissions(self) -> list[str]:
        return [p.name for p in self.permissions if p.dangerous]


@contextlib.contextmanager
def _quiet_parser() -> Iterator[None]:
    """Silence pyaxmlparser's logger (it logs at ERROR and goes on) for the duration of a parse."""
    logger = logging.getLogger("pyaxmlparser")
    previous = logger.level
    logger.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        logger.setLevel(previous)


def inspect_apk(path: str | Path) -> ApkInfo:
    """Parse ``path``; raise ApkError naming the file and the problem if it is not a valid APK."""
    p = Path(path)
    if not p.exists():
        raise ApkError(p, "no such file")
    if not p.is_file():
        raise ApkError(p, "not a regular file")
    if p.stat().st_size == 0:
        raise ApkError(p, "empty file, not an APK")
    try:
        with zipfile.ZipFile(p) as zf:
            names = set(zf.namelist())
            head = zf.read(MANIFEST)[:64] if MANIFEST in names else b""
    except zipfile.BadZipFile as exc:
        raise ApkError(p, f"not an APK: not a zip archive ({exc})") from None
    except (OSError, zlib.error, EOFError) as exc:
        raise ApkError(p, f"cannot read the archive: {exc}") from None
    if MANIFEST not in names:
        raise ApkError(p, f"not an APK: the archive has no {MANIFEST}")
    if head.lstrip().startswith(b"<"):
        raise ApkError(p, f"{MANIFEST} is plain-text XML, not compiled binary XML")
    if len(head) < 8:
        raise ApkError(p, f"{MANIFEST} is truncated ({len(head)} bytes)")

    from pyaxmlparser import APK  # lazy: only inspection needs the parser

    with _quiet_parser():
        try:
            apk = APK(str(p))
        except Exception as exc:  # the parser raises many kinds on hostile input
            raise ApkError(p, f"unreadable APK: {type(exc).__name__}: {exc}") from None
        try:
            return _extract(p, apk)
        except ApkError:
            raise
        except Exception as exc:
            raise ApkError(p, f"malformed {MANIFEST}: {type(exc).__name__}: {exc}") from None
        finally:
            apk.zip.close()


def _extract(p: Path, apk: Any) -> ApkInfo:
    root = apk.get_android_manifest_xml() if apk.is_valid_APK() else None
    if root is None:
        raise ApkError(p, f"{MANIFEST} is not a valid binary Android manifest")
    package = (root.get("package") or "").strip()
    if not package:
        raise ApkError(p, f"{MANIFEST} declares no package name")

    def full(name: str | None) -> str:
        return _qualify(package, name or "")

    app = root.find("application")
    components: dict[str, list[Component]] = {"activity": [], "service": [], "receiver": []}
    providers: list[Provider] = []
    launcher: str | None = None
    if app is not None:
        for tag in ("activity", "activity-alias", "service", "receiver"):
            for el in app.findall(tag):
                comp = _component(el, full(el.get(_NS + "name")))
                components["activity" if tag == "activity-alias" else tag].append(comp)
                if launcher is None and tag.startswith("activity") and _is_launcher(el, comp):
                    launcher = comp.name
        for el in app.findall("provider"):
            authorities = [a.strip() for a in (el.get(_NS + "authorities") or "").split(";")]
            providers.append(
                Provider(
                    name=full(el.get(_NS + "name")),
                    authorities=[a for a in authorities if a],
                    exported=_bool(el.get(_NS + "exported"), default=False),
                    read_permission=el.get(_NS + "readPermission") or el.get(_NS + "permission"),
                    write_permission=el.get(_NS + "writePermission") or el.get(_NS + "permission"),
                )
            )

    permissions = sorted(
        {el.get(_NS + "name") for el in root.iter("uses-permission", "uses-permission-sdk-23")}
        - {None}
    )
    label = apk.get_app_name() or None
    return ApkInfo(
        path=str(p),
        package=package,
        version_name=root.get(_NS + "versionName"),
        version_code=_int(root.get(_NS + "versionCode")),
        label=label,
        min_sdk=_int(apk.get_min_sdk_version()),
        target_sdk=_int(apk.get_target_sdk_version()),
        permissions=[
            Permission(name=n, dangerous=permission_group(n) is not None, group=permission_group(n))
            for n in permissions
        ],
        activities=components["activity"],
        launcher_activity=launcher,
        services=components["service"],
        receivers=components["receiver"],
        providers=providers,
    )


def _component(el: Any, name: str) -> Component:
    actions: list[str] = []
    categories: list[str] = []
    filters = el.findall("intent-filter")
    for f in filters:
        actions += [a.get(_NS + "name") for a in f.findall("action") if a.get(_NS + "name")]
        categories += [c.get(_NS + "name") for c in f.findall("category") if c.get(_NS + "name")]
    return Component(
        name=name,
        exported=_bool(el.get(_NS + "exported"), default=bool(filters)),
        enabled=_bool(el.get(_NS + "enabled"), default=True),
        actions=list(dict.fromkeys(actions)),
        categories=list(dict.fromkeys(categories)),
    )


def _is_launcher(el: Any, comp: Component) -> bool:
    """MAIN + LAUNCHER in the same intent filter of an enabled activity (what the launcher uses)."""
    if not comp.enabled:
        return False
    for f in el.findall("intent-filter"):
        actions = {a.get(_NS + "name") for a in f.findall("action")}
        categories = {c.get(_NS + "name") for c in f.findall("category")}
        if _MAIN in actions and _LAUNCHER in categories:
            return True
    return False


def _qualify(package: str, name: str) -> str:
    """Android's rule for component names: ".X" and "X" (no dot) are relative to the package."""
    if name.startswith("."):
        return package + name
    if name and "." not in name:
        return f"{package}.{name}"
    return name


def _bool(value: str | None, *, default: bool) -> bool:
    if value is None:
        return default
    return value.strip().lower() == "true"


def _int(value: Any) -> int | None:
    if value is None or value == "":
        return None
    text = str(value).strip()
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return int(text, 16) if text.lower().startswith("0x") else None
    except ValueError:
        return None
