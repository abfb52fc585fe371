"""The seam between ``droidgate`` and the packages that contribute its subcommands.

Each package exposes ``register(commands)`` under the ``droidgate.commands`` entry-point group, so
host_pep never imports Android code and a package that is not installed simply contributes
nothing. ``commands`` is a :class:`Commands`: argparse's sub-parsers action plus the two things
every package shares, so none keeps a copy of its own:

* ``commands.group(name, help)`` — a command group several packages add to (``bench``: host_pep
  adds ``bench pep``, android_bridge ``bench api|tap``, emulator_setup ``bench device``), created
  by whichever registers first; bare, it prints its help and exits 2;
* ``commands.exit_codes`` — droidgate's exit-code table (:class:`~host_pep.cli.exits.ExitCode`),
  also for emulator_setup, which never imports host_pep and describes this object with a
  Protocol of its own.

A subcommand sets ``func(args) -> int`` (an exit code) with ``set_defaults``.
"""

from __future__ import annotations

import argparse
import logging
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any, ClassVar

from host_pep.cli.exits import ExitCode

GROUP = "droidgate.commands"
log = logging.getLogger("droidgate")

if TYPE_CHECKING:  # generic in typeshed only
    _SubParsers = argparse._SubParsersAction[argparse.ArgumentParser]
else:
    _SubParsers = argparse._SubParsersAction


class Commands(_SubParsers):
    """The subcommands of ``droidgate`` or of one of its groups."""

    exit_codes: ClassVar[type[ExitCode]] = ExitCode

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._groups: dict[str, Commands] = {}

    def group(
        self, name: str, help: str, *, description: str | None = None, metavar: str = "WHAT"
    ) -> Commands:
        """The subcommands of group ``name``, created on first use (later ``help`` is ignored)."""
        existing = self._groups.get(name)
        if existing is not None:
            return existing
        if name in self.choices:
            raise ValueError(f"droidgate {name!r} is a command, not a group of commands")
        parser = self.add_parser(name, help=help, description=description or help)
        group = parser.add_subparsers(dest=f"{name}_command", metavar=metavar, action=Commands)
        assert isinstance(group, Commands)
        parser.set_defaults(func=lambda _args: _print_help(parser))
        self._groups[name] = group
        return group


def _print_help(parser: argparse.ArgumentParser) -> int:
    parser.print_help()
    return ExitCode.USAGE


def add_commands(parser: argparse.ArgumentParser) -> Commands:
    """``parser``'s subcommands, with every installed package's registered."""
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", action=Commands)
    assert isinstance(commands, Commands)
    for ep in sorted(entry_points(group=GROUP), key=lambda e: e.name):
        try:
            register = ep.load()
        except ImportError as exc:  # a package whose optional parts are missing
            log.debug("subcommands of %s unavailable: %s", ep.name, exc)
            continue
        register(commands)
    return commands
