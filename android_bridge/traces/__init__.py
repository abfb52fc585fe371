"""Traces: every mediated event, its verdict, screen and result, as JSONL; and offline replay."""

from android_bridge.traces.recorder import TraceRecord, TraceRecorder, read_trace
from android_bridge.traces.screens import ScreenStore

__all__ = ["ScreenStore", "TraceRecord", "TraceRecorder", "read_trace"]
