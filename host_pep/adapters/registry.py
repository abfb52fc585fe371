"""Which adapter completes which channel: host_pep's tool/llm adapter plus every adapter that an
installed package contributes under the ``droidgate.channel_adapters`` entry-point group.

A channel nobody completes is not guessed at: its events are denied (fail closed).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from functools import lru_cache
from importlib.metadata import entry_points

from host_pep.adapters.tool import ToolAdapter
from host_pep.events import Channel
from host_pep.policy.compiled import CompiledPolicy
from host_pep.semantics import ChannelAdapter

log = logging.getLogger(__name__)
GROUP = "droidgate.channel_adapters"


@lru_cache(maxsize=1)
def _discovered() -> tuple[ChannelAdapter, ...]:
    # adapters are pure functions of their input, so one set serves every PEP in the process
    return tuple(discovered_adapters())


def discovered_adapters() -> list[ChannelAdapter]:
    found: list[ChannelAdapter] = []
    for ep in entry_points(group=GROUP):
        try:
            factory = ep.load()
            found.extend(factory())
        except (
            Exception
        ) as exc:  # a broken plugin must not take the PEP down; its channel fails closed
            log.warning("channel adapters from %s unavailable: %s", ep.name, exc)
    return found


def adapter_map(
    policy: CompiledPolicy, adapters: Iterable[ChannelAdapter] | None
) -> dict[Channel, ChannelAdapter]:
    """Channel -> adapter. ``None`` = host_pep's tool/llm adapter + discovered ones."""
    chosen: list[ChannelAdapter] = (
        [ToolAdapter(policy), *_discovered()] if adapters is None else list(adapters)
    )
    table: dict[Channel, ChannelAdapter] = {}
    for adapter in chosen:
        for channel in adapter.channels:
            table.setdefault(Channel(channel), adapter)
    return table
