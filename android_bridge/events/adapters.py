"""Channel adapters that android_bridge contributes to the PEP (GUI and API channels)."""

from __future__ import annotations

from host_pep.semantics import ChannelAdapter


def channel_adapters() -> list[ChannelAdapter]:
    return []
