"""Test alias of android_bridge.events.uixml (dumps in uiautomator2's exact format)."""

from android_bridge.events.uixml import *  # noqa: F403
from android_bridge.events.uixml import EMPTY_FALLBACK as EMPTY_FALLBACK
