"""uiautomator2's JSON-RPC methods (reference §5.2–5.4) on top of ``DeviceState``.

Envelope: ``{"jsonrpc":"2.0","id":…,"result":…}``, with ``"result": null`` for void methods, or an
``error`` object whose ``message`` is the Java exception class name (that is what u2 keys on:
``uiautomator.UiObjectNotFoundException`` becomes ``UiObjectNotFoundError``). Params are a
positional list or ``{}``; floats are accepted where the Java side takes ints (Jackson coerces).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .device import VirtualDevice

log = logging.getLogger(__name__)

NOT_FOUND = "androidx.test.uiautomator.UiObjectNotFoundException"
LONG_PRESS_MS = 500  # ViewConfiguration long-press timeout on the AVD images


class RawJson:
    """A method result that is already JSON text, in pieces (inserted into the response as is)."""

    __slots__ = ("parts",)

    def __init__(self, parts: list[bytes]) -> None:
        self.parts = parts


class RpcError(Exception):
    def __init__(self, code: int, message: str, data: Any = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.data = data


def _not_found(sel: Any) -> RpcError:
    return RpcError(-32002, NOT_FOUND, f"UiSelector{json.dumps(sel, sort_keys=True)}")


def _int(v: Any, name: str = "argument") -> int:
    if isinstance(v, bool) or not isinstance(v, int | float):
        raise RpcError(-32602, "method parameters invalid", f"{name} must be a number, got {v!r}")
    return int(v)


_MAX_SCREENSHOT_SCALE = 4.0


def _num(v: Any, name: str = "argument") -> float:
    if isinstance(v, bool) or not isinstance(v, int | float):
        raise RpcError(-32602, "method parameters invalid", f"{name} must be a number, got {v!r}")
    return float(v)


def _sel(v: Any) -> dict[str, Any]:
    if not isinstance(v, dict):
        raise RpcError(
            -32602, "method parameters invalid", f"selector must be an object, got {v!r}"
        )
    return v


def _args(params: list[Any], n_min: int, n_max: int | None = None) -> list[Any]:
    if not n_min <= len(params) <= (n_max if n_max is not None else n_min):
        raise RpcError(-32602, "method parameters invalid", f"got {len(params)} parameters")
    return params


class Methods:
    """One instance per device; the clipboard and touch tracking are server-side state."""

    def __init__(self, device: VirtualDevice) -> None:
        self.device = device
        self._down: tuple[float, float, float] | None = None

    @property
    def state(self) -> Any:
        return self.device.state

    def _find(self, sel: Any) -> list[Any]:
        return list(self.state.find(_sel(sel)))

    def _first(self, sel: Any) -> Any:
        found = self._find(sel)
        if not found:
            raise _not_found(sel)
        return found[0]

    def _center(self, sel: Any) -> tuple[float, float]:
        info = self.state.object_info(self._first(sel))
        b = info.get("visibleBounds") or info["bounds"]
        return (b["left"] + b["right"]) / 2, (b["top"] + b["bottom"]) / 2

    def _bounds(self, sel: Any) -> dict[str, int]:
        info = self.state.object_info(self._first(sel))
        rect: dict[str, int] = info.get("visibleBounds") or info["bounds"]
        return rect

    # --- device ---------------------------------------------------------------------------------
    def deviceInfo(self, p: list[Any]) -> dict[str, Any]:
        s = self.state
        pkg, _ = s.current()
        w, h = int(s.width), int(s.height)
        rot = int(getattr(s, "rotation", 0))
        density = int(self.device.props.get("ro.sf.lcd_density", "420")) / 160
        if rot % 2:
            w, h = h, w
        return {
            "currentPackageName": pkg,
            "displayHeight": h,
            "displayRotation": rot,
            "displaySizeDpX": round(w / density),
            "displaySizeDpY": round(h / density),
            "displayWidth": w,
            "productName": self.device.props.get("ro.product.name", ""),
            "naturalOrientation": rot % 2 == 0,
            "screenOn": bool(getattr(s, "screen_on", True)),
            "sdkInt": int(getattr(s, "sdk", 34)),
        }

    def dumpWindowHierarchy(self, p: list[Any]) -> RawJson:
        _args(p, 0, 3)
        depth = _int(p[1], "maxDepth") if len(p) > 1 else 50
        # The XML already JSON-encoded from cached per-node pieces: escaping the 180 KB of a
        # 400-node screen on every changed dump was a third of the call.
        if len(p) > 2:
            return RawJson(self.state.hierarchy_json(max_depth=depth, root_in_active=bool(p[2])))
        return RawJson(self.state.hierarchy_json(max_depth=depth))

    def takeScreenshot(self, p: list[Any]) -> str:
        scale = _num(p[0], "scale") if p else 1.0
        if not 0.0 < scale <= _MAX_SCREENSHOT_SCALE:
            # the real server builds a Bitmap of width*scale x height*scale: a huge scale is an
            # OutOfMemoryError there, and here it must not take the host's memory instead
            raise RpcError(
                -32001,
                "java.lang.OutOfMemoryError" if scale > 0 else "java.lang.IllegalArgumentException",
                f"cannot take a screenshot at scale {scale!r}",
            )
        quality = max(1, min(_int(p[1], "quality") if len(p) > 1 else 80, 100))
        # Base64 JPEG wrapped at 76 columns (Android's Base64.DEFAULT).
        return str(self.state.screenshot_base64(quality=quality, scale=scale))

    def setOrientation(self, p: list[Any]) -> None:
        names = {
            "n": 0,
            "natural": 0,
            "l": 1,
            "left": 1,
            "u": 2,
            "upsidedown": 2,
            "r": 3,
            "right": 3,
        }
        value = str(_args(p, 1)[0]).lower()
        if value not in names:
            raise RpcError(-32001, "java.lang.IllegalArgumentException", f"bad orientation {value}")
        self.state.rotation = names[value]

    def freezeRotation(self, p: list[Any]) -> None:
        return None

    def wakeUp(self, p: list[Any]) -> None:
        return None

    def sleep(self, p: list[Any]) -> None:
        return None

    def openNotification(self, p: list[Any]) -> bool:
        return True

    def openQuickSettings(self, p: list[Any]) -> bool:
        return True

    def getLastToast(self, p: list[Any]) -> str | None:
        return getattr(self.state, "toast_text", "") or None

    def clearLastToast(self, p: list[Any]) -> None:
        self.state.toast_text = ""

    def makeToast(self, p: list[Any]) -> bool:
        return True

    def getLastTraversedText(self, p: list[Any]) -> None:
        return None

    def clearLastTraversedText(self, p: list[Any]) -> None:
        return None

    # --- touch ----------------------------------------------------------------------------------
    def click(self, p: list[Any]) -> bool:
        if p and isinstance(p[0], dict):
            x, y = self._center(p[0])
            return bool(self.state.click(x, y))
        _args(p, 2, 3)
        x, y = _num(p[0], "x"), _num(p[1], "y")
        if x < 0 or y < 0:
            return False
        if len(p) > 2 and _int(p[2], "milliseconds") >= LONG_PRESS_MS:
            return bool(self.state.long_click(x, y))
        return bool(self.state.click(x, y))

    def longClick(self, p: list[Any]) -> bool:
        if p and isinstance(p[0], dict):
            x, y = self._center(p[0])
        else:
            _args(p, 2, 3)
            x, y = _num(p[0], "x"), _num(p[1], "y")
        return bool(self.state.long_click(x, y))

    def swipe(self, p: list[Any]) -> bool:
        if p and isinstance(p[0], dict):  # UiObject.swipe(sel, dir, steps)
            b = self._bounds(p[0])
            direction = str(p[1]) if len(p) > 1 else "up"
            cx, cy = (b["left"] + b["right"]) / 2, (b["top"] + b["bottom"]) / 2
            dx = (b["right"] - b["left"]) / 3
            dy = (b["bottom"] - b["top"]) / 3
            vec = {"left": (dx, 0), "right": (-dx, 0), "up": (0, dy), "down": (0, -dy)}
            ox, oy = vec.get(direction, (0, dy))
            return bool(self.state.swipe(cx + ox, cy + oy, cx - ox, cy - oy, 20))
        _args(p, 4, 5)
        steps = _int(p[4], "steps") if len(p) > 4 else 10
        x1, y1, x2, y2 = (_num(v) for v in p[:4])
        return bool(self.state.swipe(x1, y1, x2, y2, max(1, steps)))

    def swipePoints(self, p: list[Any]) -> bool:
        pts = _args(p, 1, 2)[0]
        if not isinstance(pts, list) or len(pts) < 4 or len(pts) % 2:
            raise RpcError(-32602, "method parameters invalid", "points must be [x, y, x, y, ...]")
        ok = True
        for i in range(0, len(pts) - 2, 2):
            ok = bool(self.state.swipe(*(_num(v) for v in pts[i : i + 4]), 5)) and ok
        return ok

    def drag(self, p: list[Any]) -> bool:
        _args(p, 4, 5)
        steps = _int(p[4], "steps") if len(p) > 4 else 10
        x1, y1, x2, y2 = (_num(v) for v in p[:4])
        return bool(self.state.swipe(x1, y1, x2, y2, max(1, steps)))

    def dragTo(self, p: list[Any]) -> bool:
        x1, y1 = self._center(p[0] if p else None)
        if len(p) >= 3 and isinstance(p[1], dict):
            x2, y2 = self._center(p[1])
        else:
            _args(p, 3, 4)
            x2, y2 = _num(p[1]), _num(p[2])
        return bool(self.state.swipe(x1, y1, x2, y2, 20))

    def injectInputEvent(self, p: list[Any]) -> bool:
        _args(p, 3, 4)
        action, x, y = _int(p[0], "action"), _num(p[1], "x"), _num(p[2], "y")
        if action == 0:  # ACTION_DOWN
            self._down = (x, y, time.monotonic())
            return True
        if action == 1 and self._down is not None:  # ACTION_UP
            x0, y0, t0 = self._down
            self._down = None
            if abs(x - x0) < 10 and abs(y - y0) < 10:
                if (time.monotonic() - t0) * 1000 >= LONG_PRESS_MS:
                    return bool(self.state.long_click(x, y))
                return bool(self.state.click(x, y))
            return bool(self.state.swipe(x0, y0, x, y, 10))
        return True

    # --- scrolling ------------------------------------------------------------------------------
    def _scroll(self, sel: Any, vertical: bool, forward: bool, steps: int = 20) -> bool:
        b = self._bounds(sel)
        cx, cy = (b["left"] + b["right"]) / 2, (b["top"] + b["bottom"]) / 2
        if vertical:
            dy = (b["bottom"] - b["top"]) * 0.35
            y1, y2 = (cy + dy, cy - dy) if forward else (cy - dy, cy + dy)
            return bool(self.state.swipe(cx, y1, cx, y2, steps))
        dx = (b["right"] - b["left"]) * 0.35
        x1, x2 = (cx + dx, cx - dx) if forward else (cx - dx, cx + dx)
        return bool(self.state.swipe(x1, cy, x2, cy, steps))

    def scrollForward(self, p: list[Any]) -> bool:
        return self._scroll(p[0] if p else None, bool(p[1]) if len(p) > 1 else True, True)

    def scrollBackward(self, p: list[Any]) -> bool:
        return self._scroll(p[0] if p else None, bool(p[1]) if len(p) > 1 else True, False)

    def flingForward(self, p: list[Any]) -> bool:
        return self._scroll(p[0] if p else None, bool(p[1]) if len(p) > 1 else True, True, 5)

    def flingBackward(self, p: list[Any]) -> bool:
        return self._scroll(p[0] if p else None, bool(p[1]) if len(p) > 1 else True, False, 5)

    def _to_end(self, p: list[Any], forward: bool) -> bool:
        sel = p[0] if p else None
        vertical = bool(p[1]) if len(p) > 1 else True
        times = min(_int(p[2], "maxSwipes"), 50) if len(p) > 2 else 20
        before = None
        for _ in range(times):
            xml = self.state.hierarchy_xml()
            if xml == before:
                break
            before = xml
            self._scroll(sel, vertical, forward)
        return True

    def scrollToEnd(self, p: list[Any]) -> bool:
        return self._to_end(p, True)

    def scrollToBeginning(self, p: list[Any]) -> bool:
        return self._to_end(p, False)

    def flingToEnd(self, p: list[Any]) -> bool:
        return self._to_end(p, True)

    def flingToBeginning(self, p: list[Any]) -> bool:
        return self._to_end(p, False)

    def scrollTo(self, p: list[Any]) -> bool:
        _args(p, 2, 3)
        vertical = bool(p[2]) if len(p) > 2 else True
        for _ in range(30):
            if self._find(p[1]):
                return True
            before = self.state.hierarchy_xml()
            self._scroll(p[0], vertical, True)
            if self.state.hierarchy_xml() == before:
                break
        return bool(self._find(p[1]))

    # --- selectors ------------------------------------------------------------------------------
    def exist(self, p: list[Any]) -> bool:
        return bool(self._find(_args(p, 1)[0]))

    def count(self, p: list[Any]) -> int:
        return len(self._find(_args(p, 1)[0]))

    def objInfo(self, p: list[Any]) -> dict[str, Any]:
        return dict(self.state.object_info(self._first(_args(p, 1)[0])))

    def objInfoOfAllInstances(self, p: list[Any]) -> list[dict[str, Any]]:
        return [dict(self.state.object_info(n)) for n in self._find(_args(p, 1)[0])]

    def getText(self, p: list[Any]) -> str:
        info = self.state.object_info(self._first(_args(p, 1)[0]))
        return str(info.get("text") or "")

    def setText(self, p: list[Any]) -> bool:
        sel, text = _args(p, 2)
        self._first(sel)
        return bool(self.state.set_text(sel, "" if text is None else str(text)))

    def clearTextField(self, p: list[Any]) -> None:
        sel = _args(p, 1)[0]
        self._first(sel)
        self.state.clear_text(sel)

    # --- keys and clipboard ---------------------------------------------------------------------
    def pressKey(self, p: list[Any]) -> bool:
        key = _args(p, 1)[0]
        if not isinstance(key, str):
            raise RpcError(-32602, "method parameters invalid", "key must be a string")
        return bool(self.state.press_key(key))

    def pressKeyCode(self, p: list[Any]) -> bool:
        _args(p, 1, 2)
        meta = _int(p[1], "metaState") if len(p) > 1 else 0
        return bool(self.state.press_key(_int(p[0], "keyCode"), meta))

    def setClipboard(self, p: list[Any]) -> None:
        _args(p, 1, 2)
        text = p[-1]
        self.state.clipboard = "" if text is None else str(text)

    def getClipboard(self, p: list[Any]) -> str | None:
        return str(self.state.clipboard)

    def pasteClipboard(self, p: list[Any]) -> None:
        self.state.paste()

    def clearInputText(self, p: list[Any]) -> None:
        # The real server clears the focused field, and does nothing when none has focus.
        self.state.clear_focused()


_ASYNC_WAITS = {"waitForExists", "waitUntilGone", "waitForWindowUpdate"}
_POLL = 0.05


async def _wait(m: Methods, method: str, p: list[Any]) -> bool:
    if method == "waitForWindowUpdate":
        return True
    _args(p, 1, 2)
    timeout = _num(p[1], "timeout") / 1000 if len(p) > 1 else 10.0
    deadline = time.monotonic() + min(max(timeout, 0.0), 120.0)
    want = method == "waitForExists"
    while True:
        if bool(m._find(p[0])) == want:
            return True
        if time.monotonic() >= deadline:
            return False
        await asyncio.sleep(_POLL)


def _error(code: int, message: str, data: Any = None, rid: Any = None) -> bytes:
    err: dict[str, Any] = {"code": code, "message": message}
    if data is not None:
        err["data"] = data
    return json.dumps({"jsonrpc": "2.0", "id": rid, "error": err}).encode()


def _java_error(exc: Exception) -> RpcError:
    text = str(exc)
    if type(exc).__name__ == "UiObjectNotFoundError":
        return RpcError(-32002, NOT_FOUND, text)
    head = text.split(":", 1)[0].strip()
    if head.startswith(("java.", "android.", "androidx.")) and " " not in head:
        return RpcError(-32001, head, text)
    if isinstance(exc, ValueError | KeyError | TypeError):
        return RpcError(-32001, "java.lang.IllegalArgumentException", text)
    return RpcError(-32001, "java.lang.RuntimeException", f"{type(exc).__name__}: {text}")


async def handle_jsonrpc(device: VirtualDevice, body: bytes) -> bytes:
    """One request body → one response body. Never raises."""
    try:
        req = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        log.warning("uiautomator2 server: JSON parse error in %r", body[:200])
        return _error(-32700, "JSON parse error")
    if not isinstance(req, dict) or not isinstance(req.get("method"), str):
        log.warning("uiautomator2 server: invalid JSON-RPC request %r", body[:200])
        return _error(-32600, "Invalid Request")
    rid = req.get("id")
    method = req["method"]
    params = req.get("params", [])
    if params == {} or params is None:
        params = []
    if not isinstance(params, list):
        return _error(-32602, "method parameters invalid", "params must be a list", rid)
    methods: Methods = device.rpc_methods
    try:
        if method in _ASYNC_WAITS:
            result: Any = await _wait(methods, method, params)
        else:
            func: Callable[[list[Any]], Any] | None = (
                getattr(methods, method, None) if not method.startswith("_") else None
            )
            if func is None or method in ("state", "device"):
                log.warning("uiautomator2 server: unknown method %r", method)
                return _error(-32601, "method not found", method, rid)
            result = func(params)
            if isinstance(result, Awaitable):
                result = await result
    except RpcError as exc:
        return _error(exc.code, exc.message, exc.data, rid)
    except Exception as exc:
        log.warning("uiautomator2 server: %s%r failed: %s", method, params, exc)
        err = _java_error(exc)
        return _error(err.code, err.message, err.data, rid)
    if isinstance(result, RawJson):
        # Same bytes as json.dumps of the whole response (default separators, ASCII only).
        head = f'{{"jsonrpc": "2.0", "id": {json.dumps(rid)}, "result": '.encode()
        return b"".join([head, *result.parts, b"}"])
    return json.dumps({"jsonrpc": "2.0", "id": rid, "result": result}).encode()
