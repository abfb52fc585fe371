"""``shell:`` (v1, raw bytes) and ``shell,v2,…:`` (framed stdout/stderr/exit, reference §2.5)."""

from __future__ import annotations

import struct
from typing import TYPE_CHECKING

from .sh import Shell, Sink
from .transport import Stream

if TYPE_CHECKING:
    from .device import VirtualDevice

ID_STDIN, ID_STDOUT, ID_STDERR, ID_EXIT, ID_CLOSE_STDIN, ID_WINDOW = range(6)


def v2_packet(ident: int, data: bytes) -> bytes:
    return struct.pack("<BI", ident, len(data)) + data


class StreamSink(Sink):
    """Shell output that goes to an ADB stream on ``flush``."""

    def __init__(self, stream: Stream, v2: bool) -> None:
        super().__init__()
        self.stream = stream
        self.v2 = v2

    def encode(self) -> bytes:
        if not self.v2:
            return b"".join(d for _, d in self.chunks)
        return b"".join(v2_packet(ID_STDERR if fd == 2 else ID_STDOUT, d) for fd, d in self.chunks)

    async def flush(self) -> None:
        if self.chunks:
            data = self.encode()
            self.chunks.clear()
            await self.stream.write(data)


def parse_service(service: str) -> tuple[bool, str] | None:
    """``shell[,opts]:cmd`` → (is_v2, command), or None if it is not a shell service."""
    head, sep, command = service.partition(":")
    if not sep:
        return None
    parts = head.split(",")
    if parts[0] not in ("shell", "exec"):
        return None
    return ("v2" in parts[1:] and parts[0] == "shell"), command


def make_shell_handler(device: VirtualDevice, v2: bool, command: str):  # type: ignore[no-untyped-def]
    async def serve(stream: Stream) -> None:
        sink = StreamSink(stream, v2)
        shell = Shell(device, sink, device.commands)
        shell.host_closed = stream.host_closed
        if not command.strip():
            # Interactive shell without a PTY: run each stdin line as it arrives.
            status = await _interactive(shell, stream, sink, v2)
        else:
            status = await shell.run(command)
        # Remaining output and the exit packet go out in one WRTE, as adbd sends them.
        tail = sink.encode()
        sink.chunks.clear()
        if v2:
            tail += v2_packet(ID_EXIT, bytes([status & 0xFF]))
        if tail and not stream.closed:
            await stream.write(tail)

    return serve


async def _interactive(shell: Shell, stream: Stream, sink: StreamSink, v2: bool) -> int:
    """Run stdin line by line until ``exit``, close-stdin (v2) or the end of the stream."""
    frames = b""
    text = b""
    done = False
    while not done:
        data = await stream.read()
        if not data:
            done = True
        elif v2:
            frames += data
            data = b""
            while len(frames) >= 5:
                ident, length = struct.unpack("<BI", frames[:5])
                if len(frames) < 5 + length:
                    break
                if ident == ID_STDIN:
                    data += frames[5 : 5 + length]
                elif ident == ID_CLOSE_STDIN:
                    done = True
                frames = frames[5 + length :]
        text += data
        lines = text.split(b"\n")
        text = lines.pop() if not done else b""
        if done and lines[-1:] == [b""]:
            lines.pop()
        for raw in lines:
            line = raw.decode("utf-8", "replace")
            if line.strip() == "exit" or line.strip().startswith("exit "):
                await shell.run(line)
                return shell.status
            await shell.run(line)
            await sink.flush()
    return shell.status
