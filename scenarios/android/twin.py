"""The overhead twin: the same device actions an execution committed through the daemon, done
again directly with stock uiautomator2 (dump the screen, then act — what an unmediated GUI
agent pays), on the same device state, timed per action."""

from __future__ import annotations

import time
from typing import Any


def run_direct(device: Any, actions: list[dict[str, Any]], *, nodelay: bool = False) -> list[float]:
    """Milliseconds per action; ``device`` is a SuiteDevice freshly reset. ``nodelay``: over
    adbutils with TCP_NODELAY (the daemon's transport) instead of stock adbutils."""
    d = device.u2_nodelay() if nodelay else device.u2()
    out: list[float] = []
    for act in actions:
        start = time.perf_counter()
        d.dump_hierarchy()
        op = act["op"]
        if op == "click":
            d.click(act["x"], act["y"])
        elif op == "set_text":
            sel = act["selector"]
            d(resourceId=sel["resourceId"]).set_text(act["text"])
        elif op == "launch":
            d.app_start(act["package"])
        elif op == "press":
            d.press(act["key"])
        out.append((time.perf_counter() - start) * 1000)
    return out
