"""API channel adapter: an agent's ADB shell command line -> semantic target and payload.

``api_call {command: "…"}``. The line is split by shell_split (hidden syntax is refused) and
every simple command is parsed by shell_commands. A line may hold any number of reads and
navigations but **at most one command with an effect**: that command is what the event means,
and the PEP judges it. The one exception is several ordinary settings changes of the same app
(``settings put … screen_brightness_mode 0; settings put … screen_brightness 200``): together
they are one settings change whose merged fields the PEP judges value by value. Any other two
effects in one line are refused — the agent submits them one by one, so each gets its own
decision and audit record. Any unknown part makes the whole line unknown,
which the PEP denies.

``input tap``/``input text`` mean what the equivalent GUI action means on the current screen, so
they are completed by the GUI adapter against ``context.screen_xml`` (the Mediator dumps it
first); without a screen they are unknown.

Results: ``content query`` rows become observations sourced to the provider's app (an SMS or
mail row the user sent is trusted; inbox rows, web pages, files and events an outside organiser
sent are not); ``cat`` of a file is untrusted file content; ``settings get`` is sourced to
settings.
"""

from __future__ import annotations

import re
from typing import Any

from android_bridge.events import apps, provider_rows
from android_bridge.events.gui import GuiAdapter
from android_bridge.events.meaning import CommandMeaning
from android_bridge.events.screen import parse_screen
from android_bridge.events.shell_commands import parse_part
from android_bridge.events.shell_split import ShellPart, split_command
from host_pep.adapters.origin import is_outside_record
from host_pep.adapters.results import structured
from host_pep.adapters.tool import flatten
from host_pep.events import ActionType, AgentEvent, Channel
from host_pep.exceptions import EventValidationError
from host_pep.semantics import ActionSemantics, Completion, FieldRole, ObservedValue, Operation

_PASSIVE = frozenset({Operation.READ, Operation.NAVIGATE})
_ROW = re.compile(r"^Row: \d+ (.*)$")
_COLUMN_SPLIT = re.compile(r", (?=[A-Za-z_][A-Za-z0-9_]*=)")
_MAX_OBSERVED = 64 * 1024


def _mergeable(effects: list[CommandMeaning]) -> bool:
    """Several ordinary settings changes of one app (brightness and its mode; airplane mode and
    its broadcast) are one settings change: every value is still in the merged event, where
    the PEP judges each field. Anything else with an effect stays one command per event."""
    return all(
        m.operation is Operation.SETTINGS_CHANGE
        and m.app is not None
        and m.app is effects[0].app
        and not m.needs_screen
        for m in effects
    )


def _merge(effects: list[CommandMeaning]) -> CommandMeaning:
    first = effects[0]
    merged = CommandMeaning(
        target=first.target,
        operation=Operation.SETTINGS_CHANGE,
        app=first.app,
        package=first.package,
        description="; ".join(m.description or m.target for m in effects),
    )
    for m in effects:
        for name, value in m.text.items():
            merged.put(name, value, m.fields.get(name, FieldRole.OTHER))
    return merged


def _call_number(event: AgentEvent, meaning: CommandMeaning, before: list[CommandMeaning]) -> None:
    """The number KEYCODE_CALL calls: the one an ``ACTION_DIAL`` earlier in the same line
    typed, else the one on the dial pad of the screen it acts on. Without either the call's
    recipient is unknown, and so is the action (the PEP denies it)."""
    number = next(
        (m.text["number"] for m in reversed(before) if m.target == "phone.dial" and m.text.get("number")),
        None,
    )  # fmt: skip
    if number is None and event.context.get("screen_xml"):
        screen = parse_screen(str(event.context["screen_xml"]))
        phone = apps.catalog().get("phone")
        if phone is not None and screen.foreground_package in phone.packages:
            typed = [n.text for n in screen.nodes if n.editable and n.package ==
                     screen.foreground_package and any(ch.isdigit() for ch in n.text)]  # fmt: skip
            focused = screen.focused()
            if focused is not None and focused.editable and focused.text in typed:
                typed = [focused.text]
            number = typed[0] if len(typed) == 1 else None
    if number is None:
        meaning.operation = Operation.UNKNOWN
        meaning.description = "the call key, with no number known to be on the dial pad"
        return
    meaning.put("number", number, FieldRole.RECIPIENT)
    meaning.description = f"the call key: call {number}"


def command_of(event: AgentEvent) -> str:
    if event.action is not ActionType.API_CALL:
        raise EventValidationError(
            f"{event.action.value!r} is not an API action (api_call)", field="action"
        )
    command = event.payload.get("command")
    if not isinstance(command, str) or not command.strip():
        raise EventValidationError(
            "must be a non-empty shell command line", field="payload.command"
        )
    return command


def structured_rows(data: Any) -> list[dict[str, str]] | None:
    """The rows a structured ``content query`` result carries: a list of records, itself or
    under its one list-valued key ({"rows": [...]}); a record's nested values by their path."""
    if isinstance(data, dict):
        lists = [v for v in data.values() if isinstance(v, list)]
        data = lists[0] if len(lists) == 1 else None
    if not isinstance(data, list) or not data or not all(isinstance(r, dict) for r in data):
        return None
    return [flatten(row) for row in data]


def parse_rows(output: str) -> list[dict[str, str]]:
    """``content query`` output: ``Row: 0 k=v, k=v`` lines (a value may itself hold ", ")."""
    rows: list[dict[str, str]] = []
    current: dict[str, str] | None = None
    last_key = ""
    for line in output.splitlines():
        m = _ROW.match(line)
        if m is None:
            # a value with a newline continues on the next line
            if current is not None and last_key:
                current[last_key] += "\n" + line
            continue
        current = {}
        rows.append(current)
        for col in _COLUMN_SPLIT.split(m[1]):
            key, sep, value = col.partition("=")
            if sep:
                current[key] = value
                last_key = key
    return rows


def result_text(result: Any) -> str:
    """The stdout of an executor result (a string, or {"output": …})."""
    if isinstance(result, str):
        return result
    if isinstance(result, dict):
        out = result.get("output", result.get("stdout", ""))
        return out if isinstance(out, str) else ""
    return ""


class ApiAdapter:
    """ChannelAdapter for ``channel: api`` (pure: no device I/O)."""

    channels = frozenset({Channel.API})

    def __init__(self) -> None:
        self._gui = GuiAdapter()

    def meanings(self, command: str) -> list[tuple[ShellPart, CommandMeaning]]:
        return [(part, parse_part(part)) for part in split_command(command)]

    def complete(self, event: AgentEvent) -> Completion:
        command = command_of(event)
        parsed = self.meanings(command)
        observations: list[ObservedValue] = []
        for i, (part, meaning) in enumerate(parsed):
            if meaning.call_key:
                _call_number(event, meaning, [m for _, m in parsed[:i]])
            elif meaning.needs_screen or (meaning.gui and event.context.get("screen_xml")):
                parsed[i] = (part, self._via_gui(event, meaning, observations))
        unknown = [m for _, m in parsed if m.operation is Operation.UNKNOWN]
        effects = [m for _, m in parsed if m.operation not in _PASSIVE]
        if unknown:
            primary = unknown[0]
        elif len(effects) > 1 and _mergeable(effects):
            primary = _merge(effects)
        elif len(effects) > 1:
            raise EventValidationError(
                f"{len(effects)} commands with effects in one line "
                f"({', '.join(m.target for m in effects)}); submit them one at a time",
                field="payload.command",
            )
        else:
            primary = effects[0] if effects else parsed[0][1]  # a pipeline's producer
        description = primary.description or primary.target
        if len(parsed) > 1:
            description += (
                " (in: "
                + " ".join((p.joined_by + " " if p.joined_by else "") + m.target for p, m in parsed)
                + ")"
            )
        sem = ActionSemantics(
            app=primary.app.name if primary.app is not None else None,
            package=primary.package,
            operation=primary.operation,
            fields=dict(primary.fields),
            text=dict(primary.text),
            widget=dict(primary.widget) if primary.widget else None,
            description=description[:500],
        )
        completed = event.model_copy(update={"target": primary.target})
        return Completion(event=completed, semantics=sem, observations=observations)

    def _via_gui(
        self, event: AgentEvent, meaning: CommandMeaning, observations: list[ObservedValue]
    ) -> CommandMeaning:
        """``input tap/text/keyevent`` judged as the GUI action it performs on this screen."""
        if not event.context.get("screen_xml"):
            meaning.operation = Operation.UNKNOWN
            meaning.description = (
                f"{meaning.target} without the screen it acts on (context.screen_xml)"
            )
            return meaning
        assert meaning.gui is not None
        gui_event = event.model_copy(
            update={
                "channel": Channel.GUI,
                "action": ActionType(str(meaning.gui["action"])),
                "payload": meaning.gui["payload"],
            }
        )
        done = self._gui.complete(gui_event)
        if not observations:
            observations.extend(done.observations)
        sem = done.semantics
        out = CommandMeaning(
            target=done.event.target or meaning.target,
            operation=sem.operation,
            app=apps.catalog().get(sem.app) if sem.app else None,
            package=sem.package,
            fields=dict(sem.fields),
            text=dict(sem.text),
            description=f"{meaning.target}: {sem.description}",
            widget=dict(sem.widget) if sem.widget else None,
        )
        return out

    def observe_result(self, completion: Completion, result: Any) -> list[ObservedValue]:
        output = result_text(result)
        # an executor may hand back what it read as JSON ({"rows": [...]}, a list of
        # notifications) instead of the shell's text: the same content, observed the same way
        data = None if output.strip() else structured(result)
        if not output.strip() and not (isinstance(data, dict | list) and data):
            return []
        try:
            parsed = self.meanings(command_of(completion.event))
        except EventValidationError:
            return []
        sources = [m for _, m in parsed if m.result_source]
        if not sources:
            return []
        meaning = sources[0]
        entry = apps.catalog().get(meaning.result_source or "")
        source = meaning.result_source or "device"
        # data of an app droidgate does not know (a courier app's order notes read through
        # run-as, an unknown provider's rows) is not vouched for: anyone may have written it
        base_trusted = entry is not None and not apps.untrusted(entry)
        records = structured_rows(data) if data is not None else None
        if data is not None and not (meaning.target.endswith(".query") and records):
            return [
                ObservedValue(text=text[:_MAX_OBSERVED], source=source, field=path,
                              trusted=base_trusted)
                for path, text in flatten(data).items()
                if text.strip()
            ]  # fmt: skip
        if meaning.target.endswith(".query"):
            rows = records if records is not None else parse_rows(output)
            out: list[ObservedValue] = []
            for row in rows:
                # The user's own sent messages are theirs; inbox rows came from outside.
                own = row.get("folder") == "sent" or row.get("type") == "2"
                # an event an outside organiser sent (organizer is not the calendar's owner)
                trusted = (base_trusted or own) and not is_outside_record(row)
                mimetype = row.get("mimetype") if source == "contacts" else None
                for col, value in row.items():
                    if not value or value == "NULL" or col == "_id":
                        continue
                    # a contacts data row's data1… mean what its mimetype says (a phone_v2
                    # row's data1 is a phone): recorded under that name and kind
                    meant = provider_rows.data_column(mimetype, col)
                    out.append(
                        ObservedValue(
                            text=value[:_MAX_OBSERVED],
                            source=source,
                            field=meant.name if meant is not None else col,
                            trusted=trusted,
                            kind_hint=meant.kind if meant is not None else None,
                        )
                    )
            return out
        return [
            ObservedValue(
                text=output[:_MAX_OBSERVED], source=source, field="output", trusted=base_trusted
            )
        ]
