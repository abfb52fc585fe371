"""The documented shapes of GUI action payloads, checked before anything is decided.

The GUI channel adapter judges what a valid payload means; this module makes sure an agent that
sent a payload of no documented shape hears, at once and with the shapes listed, what it should
have sent (``tap {"text": "Save"}`` → "did you mean {"selector": {"text": …}}"), instead of a deny
for "payload.x must be a number". The same models describe the payloads in the OpenAPI document.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

SELECTOR_KEYS = ("text", "resourceId", "description", "className", "packageName", "hint", "xpath")
SELECTOR = (
    '{"text" | "resourceId" | "description" | "className" | "packageName" | "hint" | "xpath": '
    'string, "instance"?: integer}'
)
GUI_ACTIONS = ("tap", "text_input", "swipe", "key", "launch", "rotate")
MAX_COORD = 100_000
ORIENTATIONS = ("portrait", "landscape", "natural", "left", "right", "upsidedown")

SHAPES: dict[str, str] = {
    "tap": (
        '{"x": number, "y": number} or {"selector": SELECTOR}, optionally with '
        '"gesture": "tap" | "long_press" | "double_tap" and, for a long press, "duration_ms"'
    ),
    "text_input": '{"text": string} into the focused field, or {"text": string, "selector": SELECTOR}',
    "swipe": (
        '{"x1", "y1", "x2", "y2": number} (+ "duration_ms"); or {"direction": "up" | "down" | '
        '"left" | "right"} (+ "x", "y" where it starts, "distance" in pixels, "speed": "normal" | '
        '"fling"); or {"until": SELECTOR} (+ "direction", "max_swipes") to scroll until a widget '
        "shows"
    ),
    "key": '{"key": "back" | "home" | "enter" | "recent" | "delete" | … or an Android key code}',
    "launch": '{"package": "com.example.app"}',
    "rotate": '{"orientation": "portrait" | "landscape" | "natural" | "left" | "right" | "upsidedown"}',
}


class PayloadError(ValueError):
    def __init__(self, message: str, field: str = "payload") -> None:
        super().__init__(message)
        self.field = field


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class Selector(_Strict):
    """A widget on the current screen: exact match on each given field (uiautomator2 selector
    names), or an XPath over the dump whose element names are widget classes, as in
    uiautomator2's ``d.xpath``; ``instance`` picks the n-th match (0-based)."""

    text: str | None = None
    resourceId: str | None = None
    description: str | None = None
    className: str | None = None
    packageName: str | None = None
    hint: str | None = None
    xpath: str | None = Field(default=None, min_length=1, max_length=1000)
    instance: int | None = Field(default=None, ge=0)

    @model_validator(mode="after")
    def _something(self) -> Selector:
        if all(getattr(self, k) is None for k in SELECTOR_KEYS):
            raise ValueError(f"a selector needs one of {', '.join(SELECTOR_KEYS)}")
        return self


def _coord() -> Any:
    return Field(default=None, ge=0, le=MAX_COORD)


class TapPayload(_Strict):
    x: float | None = _coord()
    y: float | None = _coord()
    selector: Selector | None = None
    gesture: Literal["tap", "long_press", "double_tap"] = "tap"
    duration_ms: int | None = Field(default=None, ge=100, le=10_000)

    @model_validator(mode="after")
    def _one_target(self) -> TapPayload:
        point = self.x is not None or self.y is not None
        if point and self.selector is not None:
            raise ValueError("give x and y, or a selector, not both")
        if point and (self.x is None or self.y is None):
            raise ValueError("give both x and y")
        if not point and self.selector is None:
            raise ValueError("give x and y, or a selector")
        if self.duration_ms is not None and self.gesture != "long_press":
            raise ValueError('duration_ms is for "gesture": "long_press"')
        return self


class TextInputPayload(_Strict):
    text: str = Field(max_length=64 * 1024)
    selector: Selector | None = None


class SwipePayload(_Strict):
    x1: float | None = _coord()
    y1: float | None = _coord()
    x2: float | None = _coord()
    y2: float | None = _coord()
    duration_ms: int | None = Field(default=None, ge=10, le=10_000)
    direction: Literal["up", "down", "left", "right"] | None = None
    x: float | None = _coord()
    y: float | None = _coord()
    distance: float | None = Field(default=None, gt=0, le=MAX_COORD)
    speed: Literal["normal", "fling"] | None = None
    until: Selector | None = None
    max_swipes: int | None = Field(default=None, ge=1, le=30)

    @model_validator(mode="after")
    def _one_form(self) -> SwipePayload:
        points = [self.x1, self.y1, self.x2, self.y2]
        if any(p is not None for p in points):
            if any(p is None for p in points):
                raise ValueError("a swipe between points needs x1, y1, x2 and y2")
            others = (self.direction, self.x, self.y, self.distance, self.speed, self.until)
            if any(o is not None for o in others) or self.max_swipes is not None:
                raise ValueError("x1/y1/x2/y2 describe the whole swipe; drop the other fields")
            return self
        if self.until is None and self.direction is None:
            raise ValueError("give x1, y1, x2, y2; or a direction; or until")
        if (self.x is None) != (self.y is None):
            raise ValueError("give both x and y of the start, or neither")
        if self.max_swipes is not None and self.until is None:
            raise ValueError("max_swipes goes with until")
        if self.duration_ms is not None:
            raise ValueError("duration_ms goes with x1/y1/x2/y2")
        return self


class KeyPayload(_Strict):
    key: str | int

    @field_validator("key")
    @classmethod
    def _valid(cls, key: str | int) -> str | int:
        if isinstance(key, str) and not key.strip():
            raise ValueError("key cannot be empty")
        if isinstance(key, int) and not 0 <= key <= 400:
            raise ValueError("a key code is between 0 and 400")
        return key


class LaunchPayload(_Strict):
    package: str = Field(pattern=r"^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$", max_length=256)


class RotatePayload(_Strict):
    orientation: Literal["portrait", "landscape", "natural", "left", "right", "upsidedown"]


PAYLOADS: dict[str, type[BaseModel]] = {
    "tap": TapPayload,
    "text_input": TextInputPayload,
    "swipe": SwipePayload,
    "key": KeyPayload,
    "launch": LaunchPayload,
    "rotate": RotatePayload,
}


_TYPE_TAGS = frozenset({"str", "int", "float", "bool"})


def shape(action: str) -> str:
    return SHAPES[action].replace("SELECTOR", SELECTOR)


def check_gui_payload(action: str, payload: Any) -> BaseModel:
    """The validated payload, or PayloadError naming the field and listing the valid shapes."""
    model = PAYLOADS.get(action)
    if model is None:
        raise PayloadError(
            f"{action!r} is not a GUI action; a gui event is one of {', '.join(GUI_ACTIONS)}",
            "action",
        )
    if not isinstance(payload, dict):
        raise PayloadError(f"a {action} payload is a JSON object: {shape(action)}")
    try:
        return model.model_validate(payload)
    except ValidationError as exc:
        # an unknown field usually explains the missing one ({"txt": …} for {"text": …})
        errors = sorted(exc.errors(), key=lambda e: e.get("type") != "extra_forbidden")
        err = errors[0]
        # a union's member name ("key.str") is pydantic's bookkeeping, not a field
        loc = ".".join(str(p) for p in err.get("loc", ()) if p not in _TYPE_TAGS)
        field = f"payload.{loc}" if loc else "payload"
        if err.get("type") == "extra_forbidden":
            head, _, last = loc.rpartition(".")
            if head in ("selector", "until"):
                what = f"{last!r} is not a selector field ({', '.join(SELECTOR_KEYS)}, instance)"
            else:
                what = f"{loc!r} is not a field of a {action} payload"
            if action == "tap" and loc in SELECTOR_KEYS:
                value = payload.get(loc)
                what += f' (did you mean {{"selector": {{"{loc}": {value!r}}}}}?)'.replace("'", '"')
            message = f"{what}; a {action} payload is {shape(action)}"
        else:
            msg = str(err.get("msg", "invalid")).removeprefix("Value error, ")
            message = f"{loc + ': ' if loc else ''}{msg}; a {action} payload is {shape(action)}"
        raise PayloadError(message, field) from exc
