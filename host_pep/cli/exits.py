"""droidgate's exit codes: the one table every subcommand returns from (README, "Command-line
conventions"). emulator_setup, which never imports host_pep, reads the same table from the
``Commands`` object its ``register`` receives (``commands.exit_codes``)."""

from __future__ import annotations

from enum import IntEnum


class ExitCode(IntEnum):
    OK = 0
    """success"""
    FAILED = 1
    """the command ran and reports a failure (thresholds missed, audit chain broken, decisions
    changed)"""
    USAGE = 2
    """usage or input error (bad flags, unreadable or invalid files)"""
    RUNTIME = 3
    """runtime error (a device, server or dependency failed)"""
    INTERRUPTED = 130
    """interrupted (Ctrl-C: 128 + SIGINT, as shells report it)"""
