"""host_pep's subcommands: eval, bench, audit. (Filled in by the host_pep work.)"""

from __future__ import annotations

from typing import Any


def register(sub: Any) -> None:
    del sub
