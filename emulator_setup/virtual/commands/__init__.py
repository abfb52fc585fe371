"""The fake device's commands, by name. Each takes a ``Proc`` and returns an exit status."""

from __future__ import annotations

from ..sh import CommandFunc


def default_commands() -> dict[str, CommandFunc]:
    from . import activity, basic, files, package, sqlite, system

    table: dict[str, CommandFunc] = {}
    for module in (basic, files, system, package, activity, sqlite):
        table.update(module.COMMANDS)
    return table
