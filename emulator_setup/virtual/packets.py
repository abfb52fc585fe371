"""ADB transport packets: the 24-byte header, commands and framing (protocol reference §2.1)."""

from __future__ import annotations

import struct
from dataclasses import dataclass

A_CNXN = 0x4E584E43
A_OPEN = 0x4E45504F
A_OKAY = 0x59414B4F
A_WRTE = 0x45545257
A_CLSE = 0x45534C43
A_AUTH = 0x48545541
A_STLS = 0x534C5453
A_SYNC = 0x434E5953

COMMAND_NAMES = {
    A_CNXN: "CNXN",
    A_OPEN: "OPEN",
    A_OKAY: "OKAY",
    A_WRTE: "WRTE",
    A_CLSE: "CLSE",
    A_AUTH: "AUTH",
    A_STLS: "STLS",
    A_SYNC: "SYNC",
}

A_VERSION = 0x01000001  # "skip checksum" version, what adb 29 and 36 send
MAX_PAYLOAD = 1024 * 1024  # both the host and we advertise 1 MiB

HEADER = struct.Struct("<6I")
HEADER_SIZE = HEADER.size


class PacketError(ValueError):
    """The byte stream is not a valid ADB packet; the connection cannot be resynchronised."""


@dataclass(frozen=True, slots=True)
class Packet:
    command: int
    arg0: int
    arg1: int
    payload: bytes = b""

    @property
    def name(self) -> str:
        return COMMAND_NAMES.get(self.command, f"0x{self.command:08x}")

    def encode(self) -> bytes:
        # adbd computes the byte-sum; hosts with A_VERSION >= 0x01000001 ignore it, sending it
        # anyway keeps older hosts happy.
        check = sum(self.payload) & 0xFFFFFFFF
        header = HEADER.pack(
            self.command,
            self.arg0,
            self.arg1,
            len(self.payload),
            check,
            self.command ^ 0xFFFFFFFF,
        )
        return header + self.payload


@dataclass(frozen=True, slots=True)
class Header:
    command: int
    arg0: int
    arg1: int
    length: int


def decode_header(raw: bytes, max_payload: int = MAX_PAYLOAD) -> Header:
    """Validate a header. The host's data_check is ignored on purpose (reference §2.1)."""
    if len(raw) != HEADER_SIZE:
        raise PacketError(f"short header: {len(raw)} bytes")
    command, arg0, arg1, length, _check, magic = HEADER.unpack(raw)
    if magic != command ^ 0xFFFFFFFF:
        raise PacketError(f"bad magic 0x{magic:08x} for command 0x{command:08x}")
    if command not in COMMAND_NAMES:
        raise PacketError(f"unknown command 0x{command:08x}")
    if length > max_payload:
        raise PacketError(f"payload of {length} bytes exceeds the maximum {max_payload}")
    return Header(command, arg0, arg1, length)


def device_banner(props: dict[str, str], features: list[str]) -> bytes:
    """The device's CNXN payload: ``device::ro.product.name=…;…;features=…``."""
    keys = ("ro.product.name", "ro.product.model", "ro.product.device")
    parts = [f"{k}={props.get(k, '')}" for k in keys]
    parts.append("features=" + ",".join(features))
    return ("device::" + ";".join(parts)).encode()
