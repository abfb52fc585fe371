"""Compact screens in case files: the seam through which a package that knows screens renders them.

A GUI event in a case file may describe its screen as a small widget tree in ``context.screen``
instead of the device's dump in ``context.screen_xml`` (docs/contracts.md, "Compact screens").
host_pep does not know the dump format (it never imports Android code): the renderer is whatever
an installed package registers under the ``droidgate.case_screens`` entry-point group
(android_bridge registers ``android_bridge.case_screens:render``). The loader swaps the tree for
the rendered dump before the case is validated, so every later stage sees an ordinary event.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from importlib.metadata import entry_points
from typing import Protocol

GROUP = "droidgate.case_screens"
SCREEN = "screen"
SCREEN_XML = "screen_xml"


class ScreenRenderer(Protocol):
    """``render(screen) -> dump``; raises ``ValueError`` naming the field of a malformed screen."""

    def __call__(self, screen: Mapping[str, object], /) -> str: ...


class NoScreenRenderer(LookupError):
    """No installed package renders compact screens (or more than one claims to)."""


@lru_cache(maxsize=1)
def screen_renderer() -> ScreenRenderer:
    """The one renderer registered under ``droidgate.case_screens``."""
    found = list(entry_points(group=GROUP))
    if len(found) != 1:
        names = ", ".join(sorted(ep.value for ep in found)) or "none"
        raise NoScreenRenderer(
            f"a compact 'screen' needs exactly one renderer in the {GROUP!r} entry-point group "
            f"(found: {names}); install android_bridge, or give the dump as 'screen_xml'"
        )
    renderer: ScreenRenderer = found[0].load()
    return renderer


def with_rendered_screen(event: Mapping[str, object]) -> dict[str, object]:
    """``event`` with ``context.screen`` replaced by ``context.screen_xml`` in the same place.

    Raises ``NoScreenRenderer``, or ``ValueError`` for a screen that is not a mapping, that sits
    beside a ``screen_xml``, or that the renderer rejects.
    """
    context = event.get("context")
    out = dict(event)
    if not isinstance(context, Mapping) or SCREEN not in context:
        return out
    screen = context[SCREEN]
    if SCREEN_XML in context:
        raise ValueError(f"give either {SCREEN!r} or {SCREEN_XML!r}, not both")
    if not isinstance(screen, Mapping):
        raise ValueError(f"{SCREEN!r} is a mapping (package, nodes…), not {type(screen).__name__}")
    xml = screen_renderer()(screen)
    out["context"] = {
        (SCREEN_XML if k == SCREEN else k): (xml if k == SCREEN else v) for k, v in context.items()
    }
    return out
