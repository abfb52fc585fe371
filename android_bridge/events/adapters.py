"""Channel adapters that android_bridge contributes to the PEP (GUI and API channels).

Loaded through the ``droidgate.channel_adapters`` entry point, so ``PEP.create()`` completes GUI
and API events with them whether it runs inside the daemon or offline.
"""

from __future__ import annotations

from host_pep.semantics import ChannelAdapter


def channel_adapters() -> list[ChannelAdapter]:
    from android_bridge.events.api import ApiAdapter
    from android_bridge.events.gui import GuiAdapter

    return [GuiAdapter(), ApiAdapter()]
