"""Renders window roots to a PNG with Pillow, so vision agents get a legible screenshot.

Boxes follow the node tree: buttons are filled, edit fields underlined (hint in grey, password
dots), switches drawn as pills, text wrapped to its bounds. It is a schematic, not a pixel copy.
"""

from __future__ import annotations

import io
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from .node import BUTTON, EDIT_TEXT, IMAGE_BUTTON, SWITCH, Node

_DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
BG = (255, 255, 255)
FG = (32, 33, 36)
MUTED = (95, 99, 104)
ACCENT = (26, 115, 232)
BAR = (241, 243, 244)


@lru_cache(maxsize=8)
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    try:
        return ImageFont.truetype(_DEJAVU, size)
    except OSError:
        return ImageFont.load_default(size=size)


def _wrap(text: str, font: ImageFont.FreeTypeFont | ImageFont.ImageFont, width: int) -> list[str]:
    lines: list[str] = []
    for para in text.split("\n"):
        words, cur = para.split(" "), ""
        for word in words:
            cand = f"{cur} {word}" if cur else word
            if font.getlength(cand) <= width or not cur:
                cur = cand
            else:
                lines.append(cur)
                cur = word
        lines.append(cur)
    return lines


def _draw_text(
    d: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    text: str,
    size: int,
    fill: tuple[int, int, int],
    center: bool = False,
) -> None:
    font = _font(size)
    x0, y0, x1, y1 = box
    y = y0 + 4
    for line in _wrap(text, font, max(10, x1 - x0 - 8)):
        if y + size > y1 + 6:
            break
        x = x0 + 4
        if center:
            x = x0 + max(0, int((x1 - x0 - font.getlength(line)) / 2))
        d.text((x, y), line, font=font, fill=fill)
        y += int(size * 1.3)


def _draw(d: ImageDraw.ImageDraw, node: Node) -> None:
    box = node.visible_bounds
    x0, y0, x1, y1 = box
    in_toolbar = node.parent is not None and node.parent.resource_id.endswith(":id/toolbar")
    if node.content_desc == "Navigate up":
        _draw_text(d, (x0 + 30, y0 + (y1 - y0 - 60) // 2, x1, y1), "\u2190", 56, FG)
    elif in_toolbar and node.cls == BUTTON:  # action-bar items are flat text, like Material menus
        _draw_text(
            d,
            (x0, y0 + (y1 - y0 - 44) // 2, x1, y1),
            node.text or node.content_desc,
            36,
            ACCENT,
            center=True,
        )
    elif node.cls == BUTTON or (node.cls == IMAGE_BUTTON and node.content_desc):
        label = node.text or node.content_desc
        d.rounded_rectangle(
            box, radius=min(40, (y1 - y0) // 2), fill=ACCENT if node.enabled else MUTED
        )
        _draw_text(
            d, (x0, y0 + (y1 - y0 - 40) // 2, x1, y1), label, 34, (255, 255, 255), center=True
        )
    elif node.cls == EDIT_TEXT:
        d.rectangle(box, fill=(248, 249, 250))
        d.line(
            (x0, y1 - 3, x1, y1 - 3),
            fill=ACCENT if node.focused else MUTED,
            width=5 if node.focused else 2,
        )
        showing_hint = node.hint and node.text == node.hint
        _draw_text(d, (x0 + 8, y0 + 30, x1, y1), node.text, 38, MUTED if showing_hint else FG)
    elif node.cls == SWITCH:
        side = min(y1 - y0, (x1 - x0) // 2) * 0.8
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        track = (cx - side, cy - side * 0.3, cx + side, cy + side * 0.3)
        d.rounded_rectangle(
            track, radius=side * 0.3, fill=ACCENT if node.checked else (189, 193, 198)
        )
        kx = cx + side * 0.55 if node.checked else cx - side * 0.55
        d.ellipse(
            (kx - side * 0.45, cy - side * 0.45, kx + side * 0.45, cy + side * 0.45),
            fill=(255, 255, 255),
            outline=MUTED,
        )
    elif node.text:
        size = 44 if node.resource_id.endswith(("title", "large_title")) else 38
        _draw_text(d, box, node.text, size, FG)
    elif node.clickable and node.children:
        d.line((x0, y1 - 1, x1, y1 - 1), fill=BAR, width=2)
    if node.selected:
        d.line((x0, y1 - 6, x1, y1 - 6), fill=ACCENT, width=6)
    for child in node.children:
        if child.visible:
            _draw(d, child)


def render_image(roots: list[Node], width: int, height: int) -> Image.Image:
    img = Image.new("RGB", (width, height), BG)
    d = ImageDraw.Draw(img)
    for i, root in enumerate(roots):
        if i > 0:  # system windows (status bar) sit on a tinted strip
            d.rectangle(root.visible_bounds, fill=BAR)
        _draw(d, root)
    return img


def to_png(img: Image.Image) -> bytes:
    buf = io.BytesIO()
    img.save(buf, format="PNG", optimize=False, compress_level=1)
    return buf.getvalue()


def to_jpeg(img: Image.Image, *, quality: int = 80, scale: float = 1.0) -> bytes:
    if scale and scale != 1.0:
        img = img.resize((max(1, int(img.width * scale)), max(1, int(img.height * scale))))
    buf = io.BytesIO()
    img.save(buf, format="JPEG", quality=max(1, min(100, int(quality))))
    return buf.getvalue()


def render_png(roots: list[Node], width: int, height: int) -> bytes:
    return to_png(render_image(roots, width, height))
