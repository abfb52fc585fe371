"""The on-device uiautomator2 HTTP server reached through ``tcp:9008`` streams (reference §5.1).

Faithful lifetime (reference §4, §8): ``tcp:<port>`` is refused until
``CLASSPATH=/data/local/tmp/u2.jar app_process / com.wetest.uia2.Main -p <port>`` runs in a shell
stream, and serving stops when the host closes that stream. That is what uiautomator2 expects from
a real device and it exercises u2's launch and recovery paths.

Each stream carries HTTP/1.1 requests (u2 sends one per stream; keep-alive is honoured anyway).
POST bodies arrive in a separate WRTE, so requests are buffered by Content-Length. Garbage gets a
400 and the stream is closed; the device keeps serving everything else.
"""

from __future__ import annotations

import email.utils
import itertools
import logging
from typing import TYPE_CHECKING

from .transport import Stream

if TYPE_CHECKING:
    from .device import VirtualDevice

log = logging.getLogger(__name__)

MAX_HEAD = 64 * 1024
MAX_BODY = 16 * 1024 * 1024


class HttpError(Exception):
    def __init__(self, status: int, reason: str) -> None:
        super().__init__(f"{status} {reason}")
        self.status = status
        self.reason = reason


class UiaServer:
    """Which ports the (fake) uiautomator2 server listens on, and who launched it."""

    def __init__(self) -> None:
        self._owners: dict[int, int] = {}
        self._tokens = itertools.count(1)

    def running(self, port: int) -> bool:
        return port in self._owners

    def launch(self, port: int) -> int:
        token = next(self._tokens)
        self._owners[port] = token
        log.info("uiautomator2 server started on device port %d", port)
        return token

    def stop(self, port: int, token: int | None = None) -> None:
        if port in self._owners and (token is None or self._owners[port] == token):
            del self._owners[port]
            log.info("uiautomator2 server on device port %d stopped", port)

    def stop_all(self) -> None:
        self._owners.clear()


def _response(status: int, reason: str, body: bytes, content_type: str, close: bool) -> bytes:
    head = (
        f"HTTP/1.1 {status} {reason} \r\n"
        f"Content-Type: {content_type}\r\n"
        f"Date: {email.utils.formatdate(usegmt=True)}\r\n"
        f"Connection: {'close' if close else 'keep-alive'}\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    )
    return head.encode() + body


async def _read_request(stream: Stream) -> tuple[str, str, dict[str, str], bytes] | None:
    buf = bytearray()
    while b"\r\n\r\n" not in buf:
        chunk = await stream.read()
        if not chunk:
            if buf:
                raise HttpError(400, "Bad Request")
            return None
        buf += chunk
        if len(buf) > MAX_HEAD and b"\r\n\r\n" not in buf[:MAX_HEAD]:
            raise HttpError(431, "Request Header Fields Too Large")
    head, _, rest = bytes(buf).partition(b"\r\n\r\n")
    try:
        lines = head.decode("iso-8859-1").split("\r\n")
        method, target, version = lines[0].split(" ")
    except ValueError as exc:
        raise HttpError(400, "Bad Request") from exc
    if not version.startswith("HTTP/1.") or not method.isalpha():
        raise HttpError(400, "Bad Request")
    headers: dict[str, str] = {}
    for line in lines[1:]:
        name, sep, value = line.partition(":")
        if not sep:
            raise HttpError(400, "Bad Request")
        headers[name.strip().lower()] = value.strip()
    if "transfer-encoding" in headers:
        raise HttpError(501, "Not Implemented")
    try:
        length = int(headers.get("content-length", "0"))
    except ValueError as exc:
        raise HttpError(400, "Bad Request") from exc
    if length < 0:
        raise HttpError(400, "Bad Request")
    if length > MAX_BODY:
        raise HttpError(413, "Payload Too Large")
    body = bytearray(rest)
    while len(body) < length:
        chunk = await stream.read()
        if not chunk:
            raise HttpError(400, "Bad Request")
        body += chunk
    if len(body) > length:  # a pipelined next request
        stream.unread(bytes(body[length:]))
        del body[length:]
    return method, target, headers, bytes(body)


def make_handler(device: VirtualDevice, port: int):  # type: ignore[no-untyped-def]
    from .jsonrpc import handle_jsonrpc

    async def serve(stream: Stream) -> None:
        while True:
            try:
                request = await _read_request(stream)
            except HttpError as exc:
                log.warning("uiautomator2 server: bad HTTP request (%s)", exc)
                msg = f"BAD REQUEST: {exc.reason}".encode()
                await stream.write(_response(exc.status, exc.reason, msg, "text/plain", True))
                return
            if request is None:
                return
            method, target, headers, body = request
            path = target.split("?", 1)[0]
            close = headers.get("connection", "").lower() == "close"
            if path == "/ping":
                out = _response(200, "OK", b"pong", "text/plain", close)
            elif path.startswith("/jsonrpc/") and method == "POST":
                result = await handle_jsonrpc(device, body)
                out = _response(200, "OK", result, "application/json", close)
            elif path.startswith("/screenshot"):
                png = device.state.screenshot_png()
                out = _response(200, "OK", png, "image/png", close)
            elif path == "/stop":
                device.uia.stop(port)
                out = _response(200, "OK", b"Server stopped!!!", "text/plain", True)
                close = True
            else:
                out = _response(404, "Not Found", b"Not Found!!!", "text/plain", close)
            await stream.write(out)
            if close:
                return

    return serve
