"""``python -m host_pep.values.bench``: microseconds per ``detect()`` call on typical payloads.

"cold" is the first call (``phonenumbers`` parsing included); "warm" is ``detect_uncached`` once
the parse cache is filled: the cost of a text the PEP has not seen before; "cached" is
``detect`` on a repeated text (screen strings and payload fields recur step after step). Times are CPU
time (``time.process_time``), best of five rounds, so a busy shared machine inflates them less
than wall-clock time would.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from typing import Any

from host_pep.values.detect import detect, detect_uncached, warm_up
from host_pep.values.kinds import DetectionContext

PAYLOADS: dict[str, str] = {
    "plain_100": (
        "Please remind me to buy milk tomorrow and to call mom after the weekly meeting in the office."
    ),
    "one_phone_100": "Hi Li, this is Zhang Wei. You can reach me on 138 1234 5678 after six tonight, thanks!",
    "ids_amounts": "Order ORD-20231105-7781 for $1,234.56 ships 2026-03-14 15:30 to Room 1205, ending 5678.",
    "spelled_phone": "my number is one three eight, one two three four, five six seven eight",
    "email_obfuscated": "write to zhang dot wei at example dot com or zhang.wei@example.com",
    "mixed_500": (
        "Meeting notes: call Zhang Wei on +86 138 1234 5678 about the 221B Baker Street lease; "
        "invoice INV-2023-0042 for $2,400.00 was paid with card 4242 4242 4242 4242. "
        "Send the contract to legal [at] example [dot] com before 2026-03-14 17:00. "
        "Your verification code is 482913. He mentioned he was prescribed 20mg fluoxetine "
        "and that his IBAN is DE89 3704 0044 0532 0130 00. Room 1205, building 5, floor 12. "
        "Version 2.4.1 of the app; the tracking number is 1Z999AA10123456784."
    ),
    "cjk": "张伟的电话是一三八一二三四五六七八，住在北京市朝阳区建国路88号，验证码：482913。",
}


def _best_of_five(fn: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(5):
        t0 = time.process_time()
        for _ in range(repeat):
            fn()
        best = min(best, (time.process_time() - t0) / repeat * 1e6)
    return best


def measure(text: str, ctx: DetectionContext, repeat: int) -> tuple[float, float, float]:
    """(cold µs of the first call, warm µs uncached, µs with the result cache)."""
    t0 = time.process_time()
    detect_uncached(text, ctx)
    cold = (time.process_time() - t0) * 1e6
    warm = _best_of_five(lambda: detect_uncached(text, ctx), repeat)
    cached = _best_of_five(lambda: detect(text, ctx), repeat)
    return cold, warm, cached


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m host_pep.values.bench", description=__doc__)
    parser.add_argument("--repeat", type=int, default=2000, help="calls per timing round")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    ctx = DetectionContext()
    warm_up(ctx)  # phone metadata, lexicons and translation tables load lazily
    rows: list[dict[str, Any]] = []
    for name, text in PAYLOADS.items():
        cold, warm, cached = measure(text, ctx, args.repeat)
        kinds = [d.kind.value for d in detect(text, ctx)]
        rows.append(
            {
                "payload": name,
                "chars": len(text),
                "cold_us": cold,
                "warm_us": warm,
                "cached_us": cached,
                "found": kinds,
            }
        )
    if args.json:
        print(json.dumps({"runs": rows}, indent=2))
        return 0
    print(f"{'payload':<18}{'chars':>6}{'cold µs':>10}{'warm µs':>10}{'cached µs':>11}  found")
    for r in rows:
        print(
            f"{r['payload']:<18}{r['chars']:>6}{r['cold_us']:>10.1f}{r['warm_us']:>10.1f}"
            f"{r['cached_us']:>11.1f}  "
            f"{','.join(r['found']) or '-'}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
