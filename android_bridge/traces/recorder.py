"""TraceRecorder: one JSONL line per mediated event (append + flush per record).

A record holds the event as submitted (its screen XML moved to the content-addressed store and
referenced by hash), the verdict, the mediator's screen hash, the executor's result and any error.
Control-plane changes (FlowRule installs and removals) and session ends are recorded too, in order,
so that a replay rebuilds the same state the live decisions saw.

Traces hold clear values (results of contact lookups, typed text): that is what makes an exact
replay possible. Files are created 0600 in a 0700 directory; treat a trace dir like the device data.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from android_bridge.traces.screens import ScreenStore

TRACE_VERSION = 1


class TraceRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")

    v: int = TRACE_VERSION
    seq: int
    ts: float
    kind: Literal["event", "screen", "rule_install", "rule_remove", "session_end"] = "event"
    event: dict[str, Any] | None = None
    verdict: dict[str, Any] | None = None
    screen_hash: str | None = None
    """The mediator's hash of the screen the decision was taken on (what agents send back)."""
    screen: str | None = None
    """SHA-256 of that screen's XML in the trace's screen store."""
    result: Any = None
    error: str | None = None
    executed: bool | None = None
    rule: dict[str, Any] | None = None
    rule_id: str | None = None
    session: str | None = None


def _dump(value: Any) -> Any:
    if value is None:
        return None
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    return json.loads(json.dumps(value, default=str))


class TraceRecorder:
    """Implements the Mediator's ``TraceRecorderLike``; also records control-plane changes."""

    def __init__(self, trace_dir: str | Path, *, name: str | None = None) -> None:
        self.dir = Path(trace_dir)
        self.dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        self.screens = ScreenStore(self.dir / "screens")
        stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
        self.path = self.dir / (name or f"trace-{stamp}-{os.getpid()}.jsonl")
        fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        self._fh = os.fdopen(fd, "a", encoding="utf-8")
        self._lock = threading.Lock()
        self._seq = 0

    def _write(self, record: TraceRecord) -> None:
        line = record.model_dump_json(exclude_none=True)
        with self._lock:
            self._fh.write(line + "\n")
            # Flush per record: a crash loses at most the record being written, never earlier ones.
            self._fh.flush()

    def _next(self) -> int:
        with self._lock:
            self._seq += 1
            return self._seq

    def record(
        self,
        *,
        event: Any,
        verdict: Any,
        screen_hash: str | None,
        screen_xml: str | None,
        result: Any,
        error: str | None,
        executed: bool | None = None,
    ) -> None:
        ev = _dump(event) or {}
        context = dict(ev.get("context") or {})
        inline_xml = context.pop("screen_xml", None)
        xml = screen_xml if screen_xml is not None else inline_xml
        ev["context"] = context
        screen = self.screens.put(xml) if isinstance(xml, str) and xml else None
        if executed is None:
            executed = _infer_executed(verdict, error)
        self._write(
            TraceRecord(
                seq=self._next(),
                ts=time.time(),
                event=ev,
                verdict=_dump(verdict),
                screen_hash=screen_hash,
                screen=screen,
                result=_dump(result),
                error=error,
                executed=executed,
            )
        )

    def record_screen(self, session: str, xml: str, screen_hash: str | None = None) -> None:
        """A screen shown to a session (GET …/screen): the Mediator observes its text into it."""
        self._write(
            TraceRecord(
                seq=self._next(),
                ts=time.time(),
                kind="screen",
                session=session,
                screen=self.screens.put(xml),
                screen_hash=screen_hash,
            )
        )

    def record_rule_install(self, rule: Any) -> None:
        self._write(
            TraceRecord(seq=self._next(), ts=time.time(), kind="rule_install", rule=_dump(rule))
        )

    def record_rule_remove(self, rule_id: str) -> None:
        self._write(
            TraceRecord(seq=self._next(), ts=time.time(), kind="rule_remove", rule_id=rule_id)
        )

    def record_session_end(self, session: str) -> None:
        self._write(
            TraceRecord(seq=self._next(), ts=time.time(), kind="session_end", session=session)
        )

    def close(self) -> None:
        with self._lock:
            if not self._fh.closed:
                self._fh.close()


def _infer_executed(verdict: Any, error: str | None) -> bool:
    """For recorders called without ``executed``: the Mediator commits only what the verdict
    lets through, and reports a failed commit as ``not committed: …``."""
    decision = getattr(verdict, "decision", None)
    if decision is None and isinstance(verdict, dict):
        decision = verdict.get("decision")
    if str(getattr(decision, "value", decision)) not in ("allow", "rewrite"):
        return False
    return error is None or not error.startswith("not committed")


def read_trace(path: str | Path) -> Iterator[TraceRecord]:
    """Yield the records of a trace file; a torn last line (crash mid-write) is skipped."""
    path = Path(path)
    with path.open(encoding="utf-8") as fh:
        lines = fh.readlines()
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            yield TraceRecord.model_validate_json(line)
        except ValueError as exc:
            if number == len(lines) and not line.endswith("\n"):
                return
            raise ValueError(f"{path}:{number}: not a trace record ({exc})") from exc
