"""``CommandMeaning``: what one simple ADB shell command means to the PEP.

Its own module so that every command-family parser (``shell_commands``, ``device_commands``,
``privileges``) builds it without importing the dispatcher that imports them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from apk_helper.catalog import AppEntry
from host_pep.semantics import FieldRole, Operation

__all__ = ["CommandMeaning"]


@dataclass
class CommandMeaning:
    """The semantics of one simple command."""

    target: str
    operation: Operation
    app: AppEntry | None = None
    package: str | None = None
    fields: dict[str, FieldRole] = field(default_factory=dict)
    text: dict[str, str] = field(default_factory=dict)
    description: str = ""
    result_source: str | None = None
    """Semantic app whose data the command's output is (``content query``, ``cat``)."""
    result_uri: str = ""
    needs_screen: bool = False
    """``input tap/text``: judged against the screen, like the GUI action it is."""
    gui: dict[str, object] | None = None
    """For ``input``: the equivalent GUI action {"action", "payload"}."""
    widget: dict[str, object] | None = None
    """For ``input tap/text``: the widget resolved on the screen."""
    call_key: bool = False
    """``input keyevent CALL``: the number called is found by the API adapter."""

    def put(self, name: str, value: str, role: FieldRole) -> None:
        key = name
        n = 2
        while key in self.text:
            key = f"{name}_{n}"
            n += 1
        self.text[key] = value
        self.fields[key] = role
