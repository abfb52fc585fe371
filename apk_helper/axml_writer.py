"""Encode a textual AndroidManifest.xml into Android's binary XML (AXML) and build a minimal APK.

Tests and the virtual device need APKs with chosen packages, permissions and providers, and no
Android SDK (aapt2) is available on CI. This writer emits the chunk layout aapt2 produces
(string pool, namespace, element chunks; ResourceTypes.h) for the subset manifests use: string,
decimal-integer and boolean attribute values. It is not a resource compiler: labels stay literal
strings and there is no resources.arsc. The APKs are unsigned, which parsers accept; a real
``pm install`` on a real device would reject them.
"""

from __future__ import annotations

import io
import struct
import zipfile
from pathlib import Path
from xml.etree import ElementTree

_RES_XML = 0x0003
_STRING_POOL = 0x0001
_START_NS, _END_NS, _START_EL, _END_EL = 0x0100, 0x0101, 0x0102, 0x0103
_TYPE_STRING, _TYPE_INT_DEC, _TYPE_BOOL = 0x03, 0x10, 0x12
_NONE = 0xFFFFFFFF
ANDROID_NS = "http://schemas.android.com/apk/res/android"


class _Strings:
    def __init__(self) -> None:
        self.items: list[str] = []
        self.index: dict[str, int] = {}

    def __call__(self, s: str) -> int:
        if s not in self.index:
            self.index[s] = len(self.items)
            self.items.append(s)
        return self.index[s]

    def chunk(self) -> bytes:
        offsets, data = [], bytearray()
        for s in self.items:
            units = s.encode("utf-16-le")
            if len(units) // 2 > 0x7FFF:
                raise ValueError("string too long for this writer")
            offsets.append(len(data))
            data += struct.pack("<H", len(units) // 2) + units + b"\0\0"
        data += b"\0" * (-len(data) % 4)
        header_size = 28
        start = header_size + 4 * len(offsets)
        size = start + len(data)
        head = struct.pack(
            "<HHIIIIII", _STRING_POOL, header_size, size, len(offsets), 0, 0, start, 0
        )
        return head + b"".join(struct.pack("<I", o) for o in offsets) + bytes(data)


def _split(tag: str) -> tuple[str | None, str]:
    if tag.startswith("{"):
        uri, _, local = tag[1:].partition("}")
        return uri, local
    return None, tag


def _typed(value: str, ref: int) -> tuple[int, int]:
    if value in ("true", "false"):
        return _TYPE_BOOL, _NONE if value == "true" else 0
    if value.isdigit() and int(value) < 2**31:
        return _TYPE_INT_DEC, int(value)
    return _TYPE_STRING, ref


def encode_manifest(xml_text: str) -> bytes:
    """Binary AXML for a manifest written as ordinary XML (with the android: namespace)."""
    root = ElementTree.fromstring(xml_text)
    strings = _Strings()
    prefix, uri = strings("android"), strings(ANDROID_NS)
    body = bytearray()
    line = 1

    def element(el: ElementTree.Element) -> None:
        nonlocal line
        ns, name = _split(el.tag)
        ns_ref = strings(ns) if ns else _NONE
        attrs = []
        for key, value in el.attrib.items():
            a_ns, a_name = _split(key)
            raw = strings(value)
            dtype, data = _typed(value, raw)
            attrs.append(
                struct.pack(
                    "<IIIHBBI",
                    strings(a_ns) if a_ns else _NONE,
                    strings(a_name),
                    raw if dtype == _TYPE_STRING else _NONE,
                    8,
                    0,
                    dtype,
                    data,
                )
            )
        name_ref = strings(name)
        size = 16 + 20 + 20 * len(attrs)
        body.extend(struct.pack("<HHIII", _START_EL, 16, size, line, _NONE))
        body.extend(struct.pack("<IIHHHHHH", ns_ref, name_ref, 20, 20, len(attrs), 0, 0, 0))
        body.extend(b"".join(attrs))
        line += 1
        for child in el:
            element(child)
        body.extend(struct.pack("<HHIIIII", _END_EL, 16, 24, line, _NONE, ns_ref, name_ref))

    element(root)
    start_ns = struct.pack("<HHIIIII", _START_NS, 16, 24, 1, _NONE, prefix, uri)
    end_ns = struct.pack("<HHIIIII", _END_NS, 16, 24, line, _NONE, prefix, uri)
    payload = strings.chunk() + start_ns + bytes(body) + end_ns
    return struct.pack("<HHI", _RES_XML, 8, 8 + len(payload)) + payload


def build_apk(
    path: str | Path, manifest_xml: str, extra_files: dict[str, bytes] | None = None
) -> Path:
    """Write an (unsigned) APK whose AndroidManifest.xml is ``manifest_xml`` encoded as AXML."""
    out = Path(path)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("AndroidManifest.xml", encode_manifest(manifest_xml))
        zf.writestr("classes.dex", b"dex\n035\0")
        for name, data in (extra_files or {}).items():
            zf.writestr(name, data)
    out.write_bytes(buf.getvalue())
    return out


def simple_manifest(
    package: str,
    *,
    version_code: int = 1,
    version_name: str = "1.0",
    label: str | None = None,
    permissions: tuple[str, ...] = (),
    launcher: str | None = ".MainActivity",
    providers: dict[str, str] | None = None,
) -> str:
    """A plausible manifest: one launcher activity, the given permissions and providers."""
    perms = "".join(f'<uses-permission android:name="{p}"/>' for p in permissions)
    label_attr = f' android:label="{label}"' if label else ""
    activity = (
        f'<activity android:name="{launcher}" android:exported="true"><intent-filter>'
        '<action android:name="android.intent.action.MAIN"/>'
        '<category android:name="android.intent.category.LAUNCHER"/>'
        "</intent-filter></activity>"
        if launcher
        else ""
    )
    provs = "".join(
        f'<provider android:name="{name}" android:authorities="{auth}" android:exported="true"/>'
        for name, auth in (providers or {}).items()
    )
    return (
        f'<manifest xmlns:android="{ANDROID_NS}" package="{package}" '
        f'android:versionCode="{version_code}" android:versionName="{version_name}">'
        '<uses-sdk android:minSdkVersion="24" android:targetSdkVersion="34"/>'
        f"{perms}<application{label_attr}>{activity}{provs}</application></manifest>"
    )
