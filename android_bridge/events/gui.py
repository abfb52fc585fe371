"""GUI channel adapter: a tap, text input, swipe, key or launch plus the screen it was planned on.

``complete`` is a pure function of the event: it reads ``context.screen_xml`` (the dump the
Mediator took just before; offline cases carry it too), resolves the widget the action lands
on, derives target and semantics through the app catalog, and returns every string visible on
that screen as an observation — trusted provenance, because the enforcement side dumped it.

* ``tap {x, y}`` / ``tap {selector}``: a button whose label says Send, Pay, Delete, Upload or
  Factory reset commits that operation (see lexicon.py), and its payload is *the form it
  submits* — every editable field in the button's window — so a value typed earlier is judged
  when it actually leaves. Save/Done/Create/Add/OK under a filled form is a local write of
  that whole form into its app. A tap that weakens a security setting (no screen lock, a
  protection toggle; see security.py) is a security change naming the setting and its new
  state. Other taps navigate.
* ``text_input {text[, selector]}`` into the focused field (or the selector's): a local write
  of ``{field: text}`` into the foreground app, the field's role from the catalog (a password
  field is a credential, and the typed text is observed as that app's credential).
* ``swipe``, ``key``, ``launch {package}``, ``rotate {orientation}``: navigation.
* A tap's ``gesture`` (``long_press``, ``double_tap``) is judged like the tap it is: what it lands
  on is what it may commit. A selector may be an ``xpath`` (uiautomator2's reading of the dump).

Writes (tap, text_input) without a usable screen are refused: an empty or missing dump is a
failed observation, not an empty screen.
"""

from __future__ import annotations

import re
from typing import Any

from android_bridge.events import apps
from android_bridge.events.compose import conversation_recipients
from android_bridge.events.lexicon import (
    classify_label,
    granted_access,
    is_approval,
    is_button_label,
    is_confirmation,
    is_form_commit,
    permission_group,
)
from android_bridge.events.screen import (
    SYSTEM_UI_PACKAGE,
    EmptyHierarchyError,
    Node,
    ParsedScreen,
    parse_screen,
)
from android_bridge.events.security import security_tap
from android_bridge.events.xpath import xpath_find
from host_pep.events import ActionType, AgentEvent, Channel
from host_pep.exceptions import EventValidationError
from host_pep.extract import key_arguments
from host_pep.recognition.lexicon import lexicon
from host_pep.recognition.words import tokens
from host_pep.semantics import (
    SHOWN_PREFIX,
    ActionSemantics,
    Completion,
    FieldRole,
    ObservedValue,
    Operation,
)

NOTIFICATIONS_SOURCE = "notifications"
_SELECTOR_KEYS = ("text", "resourceId", "description", "className", "packageName", "hint", "xpath")
_DIRECTIONS = ("up", "down", "left", "right")
_ORIENTATIONS = ("portrait", "landscape", "natural", "left", "right", "upsidedown")
_FORM_OPERATIONS = frozenset({Operation.EXTERNAL_SEND, Operation.PAYMENT, Operation.SHARE_UPLOAD})
_MAX_TEXT = 64 * 1024


# a link written in a text: a scheme's address or a www. host
# (a host with a path is linked without its scheme too: "t.me/+carebonus2026", "bit.ly/x")
_LINK = re.compile(
    r"(?:https?://|www\.|(?<![\w@./-])(?:[a-z0-9-]+\.)+[a-z]{2,}/)[^\s<>\"'“”«»]*", re.IGNORECASE
)


def _number(payload: dict[str, Any], key: str) -> float:
    value = payload.get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise EventValidationError("must be a number", field=f"payload.{key}")
    if value < 0 or value > 100_000:
        raise EventValidationError("is outside the screen", field=f"payload.{key}")
    return float(value)


# uiautomator2 names a swipe's ends swipe(fx, fy, tx, ty, duration): agents written against it
# send those names, and they mean the same stroke
_U2_SWIPE = {"x1": "fx", "y1": "fy", "x2": "tx", "y2": "ty"}


def swipe_points(payload: dict[str, Any]) -> tuple[float, float, float, float]:
    """A swipe's start and end, written x1/y1/x2/y2 or with uiautomator2's fx/fy/tx/ty."""
    names: tuple[str, ...] = ("x1", "y1", "x2", "y2")
    if "x1" not in payload and all(_U2_SWIPE[k] in payload for k in names):
        names = tuple(_U2_SWIPE[k] for k in names)
    x1, y1, x2, y2 = (_number(payload, k) for k in names)
    return x1, y1, x2, y2


def _selector(payload: dict[str, Any]) -> dict[str, Any] | None:
    sel = payload.get("selector")
    if sel is None:
        return None
    if not isinstance(sel, dict) or not sel:
        raise EventValidationError(
            f"must be an object with one of {', '.join(_SELECTOR_KEYS)}", field="payload.selector"
        )
    for key, value in sel.items():
        if key == "instance":
            continue
        if key not in _SELECTOR_KEYS:
            raise EventValidationError(
                f"unknown selector field {key!r} (use {', '.join(_SELECTOR_KEYS)})",
                field="payload.selector",
            )
        if not isinstance(value, str):
            raise EventValidationError("must be a string", field=f"payload.selector.{key}")
    return sel


def _find(screen: ParsedScreen, sel: dict[str, Any], xml: str) -> list[Node]:
    """The nodes a selector names; an ``xpath`` is evaluated over the dump itself."""
    expr = sel.get("xpath")
    if expr is None:
        return screen.find(sel)
    if set(sel) - {"xpath", "instance"}:
        raise ValueError("an xpath selector takes no other field than instance")
    if not xml:
        raise ValueError("an xpath selector needs the screen dump")
    found = xpath_find(xml, screen, str(expr))
    instance = sel.get("instance")
    if instance is None:
        return found
    if not isinstance(instance, int) or isinstance(instance, bool) or instance < 0:
        raise ValueError("selector instance must be a non-negative integer")
    return found[instance : instance + 1]


def find_widgets(xml: str, selector: dict[str, Any]) -> list[Node]:
    """The widgets a selector (uiautomator2 fields or xpath) names on a dump."""
    return _find(parse_screen(xml), selector, xml)


def _screen(event: AgentEvent, *, required: bool) -> ParsedScreen | None:
    xml = event.context.get("screen_xml")
    if xml is None or xml == "":
        if required:
            raise EmptyHierarchyError(
                f"a GUI {event.action.value} needs the screen it acts on (context.screen_xml); "
                "none was observed"
            )
        return None
    if not isinstance(xml, str):
        raise EventValidationError("must be a string", field="context.screen_xml")
    return parse_screen(xml)


def field_name(node: Node, fallback: str = "text") -> str:
    """The payload key a widget's value is reported under: resource-id suffix, else hint."""
    if node.id_suffix:
        return node.id_suffix
    if node.hint:
        return node.hint.strip().lower().replace(" ", "_")[:64] or fallback
    return fallback


# the platform's runtime permission prompt (AOSP's and Google's builds, and the installer that
# showed it before Android 10)
PERMISSION_CONTROLLERS = frozenset(
    {
        "com.google.android.permissioncontroller",
        "com.android.permissioncontroller",
        "com.android.packageinstaller",
    }
)


def observations(screen: ParsedScreen) -> list[ObservedValue]:
    """Every visible text / content-desc, sourced to the app that shows it."""
    out: list[ObservedValue] = []
    seen: set[tuple[str, str, str]] = set()
    entries: dict[str, Any] = {}
    for node, attr, text in screen.visible_strings():
        pkg = node.package
        if pkg not in entries:
            entries[pkg] = apps.app_for_package(pkg)
        entry = entries[pkg]
        if pkg == SYSTEM_UI_PACKAGE:
            source, trusted = NOTIFICATIONS_SOURCE, False
        else:
            source = entry.name if entry is not None else (pkg or "unknown")
            # Text the app displays (a page, an incoming message) arrived from outside when
            # the app is an untrusted source; what sits in an editable field was typed here.
            trusted = not (apps.untrusted(entry) and not node.editable)
        where = node.resource_id or attr
        key = (text, source, where)
        if key in seen:
            continue
        seen.add(key)
        out.append(
            ObservedValue(
                text=text[:_MAX_TEXT],
                source=source,
                field=where,
                trusted=trusted,
                kind_hint="credential" if node.password else None,
                typed=node.editable,
            )
        )
    return out


def typed_credentials(sem: ActionSemantics) -> list[ObservedValue]:
    """Text typed into a password field is the user's credential for that app.

    The screen never shows it (the field holds dots), so the adapter records the typed text
    itself, sourced to the app that asked for it: typing it anywhere else later is a leak.
    """
    widget = sem.widget or {}
    if not widget.get("password"):
        return []
    source = sem.app or sem.package or "unknown"
    return [
        ObservedValue(
            text=typed[:_MAX_TEXT],
            source=source,
            field=str(widget.get("resource_id") or name),
            trusted=True,
            kind_hint="credential",
        )
        for name, typed in sem.text.items()
        if typed.strip()
    ]


class GuiAdapter:
    """ChannelAdapter for ``channel: gui`` (pure: no device I/O)."""

    channels = frozenset({Channel.GUI})

    def complete(self, event: AgentEvent) -> Completion:
        action = event.action
        payload = event.payload
        xml = event.context.get("screen_xml")
        xml = xml if isinstance(xml, str) else ""
        if action is ActionType.TAP:
            screen = _screen(event, required=True)
            assert screen is not None
            sem = self._tap(screen, payload, xml=xml)
        elif action is ActionType.TEXT_INPUT:
            screen = _screen(event, required=True)
            assert screen is not None
            sem = self._text_input(screen, payload, xml=xml)
        elif action in (ActionType.SWIPE, ActionType.KEY):
            screen = _screen(event, required=False)
            sem = self._navigate(screen, action, payload)
        elif action is ActionType.LAUNCH:
            screen = _screen(event, required=False)
            sem = self._launch(payload)
        elif action is ActionType.ROTATE:
            screen = _screen(event, required=False)
            sem = self._rotate(screen, payload)
        else:
            raise EventValidationError(
                f"{action.value!r} is not a GUI action (tap, text_input, swipe, key, launch, rotate)",
                field="action",
            )
        if screen is not None:
            sem.screen_hash = screen.screen_hash
        target = sem.widget.pop("target", None) if sem.widget else None
        completed = event.model_copy(update={"target": target or sem.package or event.target or ""})
        observed = observations(screen) if screen is not None else []
        if action is ActionType.TEXT_INPUT:
            observed += typed_credentials(sem)
        return Completion(event=completed, semantics=sem, observations=observed)

    def observe_result(self, completion: Completion, result: Any) -> list[ObservedValue]:
        # A GUI action's effect shows on the next screen, which the next dump observes.
        del completion, result
        return []

    # -- actions -------------------------------------------------------------------------------

    def _resolve(self, screen: ParsedScreen, payload: dict[str, Any], xml: str = "") -> Node:
        sel = _selector(payload)
        if sel is not None:
            try:
                found = _find(screen, sel, xml)
            except ValueError as exc:
                raise EventValidationError(str(exc), field="payload.selector") from exc
            if not found:
                raise EventValidationError(
                    f"no widget on the current screen matches {sel}", field="payload.selector"
                )
            return found[0]
        x, y = _number(payload, "x"), _number(payload, "y")
        node = screen.node_at(x, y)
        if node is None:
            raise EventValidationError(f"nothing on the screen at ({x:g}, {y:g})", field="payload")
        return node

    def _widget(self, node: Node, screen: ParsedScreen) -> dict[str, Any]:
        widget = node.describe()
        widget["center"] = list(node.center)
        widget["target"] = node.resource_id or node.package or screen.foreground_package
        return widget

    def _tap(self, screen: ParsedScreen, payload: dict[str, Any], xml: str = "") -> ActionSemantics:
        node = self._resolve(screen, payload, xml)
        if "x" in payload and "y" in payload and payload.get("selector") is None:
            tap_point = [_number(payload, "x"), _number(payload, "y")]
        else:
            tap_point = list(node.center)
        package = node.package or screen.foreground_package
        entry = apps.app_for_package(package)
        widget = self._widget(node, screen)
        widget["tap"] = tap_point
        security = security_tap(screen, node)
        if security is not None:
            return ActionSemantics(
                app=entry.name if entry is not None else None,
                package=package or None,
                operation=security.operation,
                fields={"setting": FieldRole.IDENTIFIER, "value": FieldRole.OTHER},
                text={"setting": security.setting, "value": security.value},
                widget=widget,
                description=(
                    f"tap on {security.label!r} in {package} turns {security.setting} "
                    f"{security.value}"
                ),
            )
        grant = None if node.editable else self._granted(screen, node)
        if grant is not None:
            access, said = grant
            return ActionSemantics(
                app=entry.name if entry is not None else None,
                package=package or None,
                operation=Operation.SECURITY_CHANGE,
                fields={
                    "setting": FieldRole.IDENTIFIER,
                    "value": FieldRole.OTHER,
                    "dialog": FieldRole.OTHER,
                },
                text={"setting": access, "value": "on", "dialog": said},
                widget=widget,
                description=f"tap on {node.value or node.description!r} in {package} grants {access}",
            )
        op = None if node.editable else self._button_operation(node)
        if op is None and not node.editable:
            # A label inside a button: judge the button by its own and its children's labels.
            op = self._label_of_container(screen, node)
        if op is None and not node.editable and is_confirmation(node.text or node.description):
            # "Delete conversation?" [OK]: a confirmation commits what its dialog says
            op = self._dialog_operation(screen, node)
        fields: dict[str, FieldRole] = {}
        text: dict[str, str] = {}
        label = node.value or node.description or node.id_suffix
        entry_title = None if op is not None or node.editable else _entry_opened(screen, node)
        if entry_title is not None:
            # "Open" under "Garage" (myQ), "Öffnen" under "Haustür": the way in opens
            op = Operation.SECURITY_CHANGE
            fields["entry"] = FieldRole.OTHER
            text["entry"] = entry_title
        if op is None and not node.editable and self._commits_form(screen, node):
            # Save/Done/Create/Add/OK under a filled form writes that form into its app
            form_fields, form_text = self._form(screen, node, entry)
            if form_text:
                op = Operation.LOCAL_WRITE
                fields.update(form_fields)
                text.update(form_text)
        if op is Operation.LOCAL_WRITE:
            desc = f"tap on {label!r} saves the form in {package}"
        elif op in _FORM_OPERATIONS:
            form_fields, form_text = self._form(screen, node, entry)
            if not form_fields:
                # a confirmation screen after the form: what it shows is what the tap commits
                form_fields, form_text = self._summary(screen, node)
            fields.update(form_fields)
            text.update(form_text)
            desc = f"tap on {label!r} submits the form in {package}"
        elif op is not None:
            desc = f"tap on {label!r} in {package}"
            if op is Operation.SECURITY_CHANGE and label:
                # "Unlock", "Disarm": the label is the act, for the request to name
                fields["button"] = FieldRole.OTHER
                text["button"] = label
        else:
            desc = f"tap on {label or node.class_name!r} in {package}"
            links = _LINK.findall(node.text or "") if not node.editable else []
            if len(set(links)) == 1:
                # a text that holds one link opens it when tapped (Android's autolink in a chat
                # bubble, a mail, a note): the link is the tap's address, a key argument of rule 5
                fields["url"] = FieldRole.URL
                text["url"] = links[0].rstrip(".,;:!?)")
                desc = f"tap on a text in {package} opens {text['url']}"
        gesture = payload.get("gesture")
        if gesture in ("long_press", "double_tap"):
            desc = desc.replace("tap on", f"{gesture.replace('_', ' ')} on", 1)
        return ActionSemantics(
            app=entry.name if entry is not None else None,
            package=package or None,
            operation=op or Operation.NAVIGATE,
            fields=fields,
            text=text,
            widget=widget,
            description=desc,
        )

    def _button_operation(self, node: Node) -> Operation | None:
        """What a tap on this node commits, judged by its resource-id and, for a real button
        or a short label, its text and content-desc (not the content of a list row)."""
        is_button = "Button" in node.class_name
        labels = [
            s for s in (node.text, node.description) if s and (is_button or is_button_label(s))
        ]
        return classify_label(*labels, node.resource_id)

    def _commits_form(self, screen: ParsedScreen, node: Node) -> bool:
        """A Save/Done/Create/Add/OK button (by its own labels or, for a clickable layout, its
        children's)."""
        is_button = "Button" in node.class_name
        labels = [
            s for s in (node.text, node.description) if s and (is_button or is_button_label(s))
        ]
        if is_form_commit(*labels, node.resource_id):
            return True
        if not node.clickable:
            return False
        left, top, right, bottom = node.bounds
        inner = [
            s
            for n in screen.nodes
            if n.package == node.package
            and n.depth > node.depth
            and left <= n.bounds[0]
            and top <= n.bounds[1]
            and n.bounds[2] <= right
            and n.bounds[3] <= bottom
            for s in (n.text, n.description)
            if s and is_button_label(s)
        ]
        return is_form_commit(*inner)

    def _label_of_container(self, screen: ParsedScreen, node: Node) -> Operation | None:
        """A tap on a clickable layout with a label child ("Send" icon + text)."""
        if not node.clickable:
            return None
        left, top, right, bottom = node.bounds
        labels = [
            s
            for n in screen.nodes
            if n.package == node.package
            and n.depth > node.depth
            and (lambda b: left <= b[0] and top <= b[1] and b[2] <= right and b[3] <= bottom)(
                n.bounds
            )
            for s in (n.text, n.description)
            if s and is_button_label(s)
        ]
        return classify_label(*labels) if labels else None

    def _granted(self, screen: ParsedScreen, button: Node) -> tuple[str, str] | None:
        """An approving button ("Allow", "Activate this device admin app", "Start now") on a
        dialog whose own words say it grants an app access (device admin, accessibility,
        screen capture): the access, and the dialog's sentence that names it."""
        label = button.text or button.description
        if not label or not is_approval(label):
            return None
        texts = self._dialog_texts(screen, button)
        for said in [*texts, label]:
            access = granted_access(said)
            if access is not None:
                return access, said[:200]
        if button.package in PERMISSION_CONTROLLERS:
            # Android's runtime permission prompt ("Allow Maps to access this device's
            # location?" [While using the app]): it grants its group, named like a constant so
            # that the request is asked to name what it gives, not the app it is given to
            for said in texts:
                group = permission_group(said)
                if group is not None:
                    return f"permission.{group.upper()}", said[:200]
        return None

    def _dialog_texts(self, screen: ParsedScreen, button: Node) -> list[str]:
        """The titles and messages of the button's window (not its other buttons' labels)."""
        return [
            s
            for n in screen.window_nodes(button)
            if n is not button and not n.editable and not n.clickable
            for s in (n.text, n.description)
            if s and len(s) <= 400
        ]

    def _dialog_operation(self, screen: ParsedScreen, button: Node) -> Operation | None:
        # titles and messages only: other buttons' labels (a toolbar's Delete) say nothing
        # about what this confirmation confirms
        texts = [s for s in self._dialog_texts(screen, button) if len(s) <= 200]
        return classify_label(*texts) if texts else None

    def _form(
        self, screen: ParsedScreen, button: Node, entry: Any
    ) -> tuple[dict[str, FieldRole], dict[str, str]]:
        """Every editable field in the button's window, with what it holds."""
        fields: dict[str, FieldRole] = {}
        text: dict[str, str] = {}
        for i, node in enumerate(screen.window_nodes(button)):
            if not node.editable or not node.value:
                continue
            name = field_name(node, f"field{i}")
            if name in text:
                name = f"{name}_{i}"
            fields[name] = self._role(entry, name, node)
            text[name] = node.value
        return fields, text

    def _summary(
        self, screen: ParsedScreen, button: Node
    ) -> tuple[dict[str, FieldRole], dict[str, str]]:
        """The payee's account and the sum a confirmation screen shows above its Pay/Send
        button ("Valor: R$ 1.243,52", "받는 계좌: 카카오뱅크 3333-08-5512093"): the values the
        tap commits, as key arguments of their kind."""
        fields: dict[str, FieldRole] = {}
        text: dict[str, str] = {}
        if any(n.editable for n in screen.window_nodes(button)):
            return fields, text  # a field left to type in (a chat's empty input): no summary
        for i, said in enumerate(self._dialog_texts(screen, button)):
            if len(said) > 200:
                continue
            kinds = {f.kind for f in key_arguments(said)}
            role = (
                FieldRole.ACCOUNT
                if "account" in kinds
                else FieldRole.AMOUNT
                if "amount" in kinds
                else None
            )
            if role is not None:
                fields[f"{SHOWN_PREFIX}summary{i}"] = role
                text[f"{SHOWN_PREFIX}summary{i}"] = said
        return fields, text

    def _role(self, entry: Any, name: str, node: Node) -> FieldRole:
        role = apps.field_role(entry, node.resource_id or name, password=node.password)
        if role is FieldRole.CONTENT and node.hint and apps.is_postal(node.hint):
            # a generic id ("edit_text") whose hint says "Street address" or "Postcode"
            return FieldRole.ADDRESS
        if (
            role is FieldRole.CONTENT
            and apps.field_kind(entry, node.resource_id or name) is None
            and apps.recipient_like(name)
            and entry is not None
            and entry.roles.sink
            and entry.roles.source  # a messaging app: "to"/"number" is who it goes to
        ):
            return FieldRole.RECIPIENT
        return role

    def _text_input(
        self, screen: ParsedScreen, payload: dict[str, Any], xml: str = ""
    ) -> ActionSemantics:
        typed = payload.get("text")
        if not isinstance(typed, str):
            raise EventValidationError("must be a string", field="payload.text")
        if _selector(payload) is not None:
            node = self._resolve(screen, payload, xml)
        else:
            focused = screen.focused()
            if focused is None:
                raise EventValidationError(
                    "no field has the focus on the current screen; tap one first or pass a selector",
                    field="payload",
                )
            node = focused
        package = node.package or screen.foreground_package
        entry = apps.app_for_package(package)
        name = field_name(node)
        role = self._role(entry, name, node)
        composer = bool(entry is not None and entry.roles.sink and entry.roles.source)
        fields = {name: role}
        text = {name: typed}
        op = Operation.LOCAL_WRITE
        where = "a field of"
        if composer and role is FieldRole.CONTENT:
            # the message body of a conversation: what is typed goes to the thread's recipient
            # (Messages to a new recipient is an outbound sink, rule 1)
            op = Operation.EXTERNAL_SEND
            recipients = conversation_recipients(screen, node)
            for i, who in enumerate(recipients):
                key = "recipient" if i == 0 else f"recipient_{i + 1}"
                fields[key] = FieldRole.RECIPIENT
                text[key] = who
            to = f" to {', '.join(recipients)!r}" if recipients else ""
            where = f"the message{to} in"
        return ActionSemantics(
            app=entry.name if entry is not None else None,
            package=package or None,
            operation=op,
            fields=fields,
            text=text,
            widget=self._widget(node, screen),
            description=f"type into {name!r}, {where} {package}",
        )

    def _navigate(
        self, screen: ParsedScreen | None, action: ActionType, payload: dict[str, Any]
    ) -> ActionSemantics:
        if action is ActionType.KEY:
            key = payload.get("key")
            if isinstance(key, bool) or not isinstance(key, (str, int)) or key == "":
                raise EventValidationError("must be a key name or key code", field="payload.key")
            desc = f"press {key}"
        else:
            if "until" in payload:
                _selector({"selector": payload["until"]})
            if "direction" in payload:
                if payload["direction"] not in _DIRECTIONS:
                    raise EventValidationError(
                        "must be up, down, left or right", field="payload.direction"
                    )
                for k in ("x", "y", "distance"):
                    if k in payload:
                        _number(payload, k)
            elif "until" not in payload:
                swipe_points(payload)
            desc = "scroll until a widget shows" if "until" in payload else "swipe"
        package = screen.foreground_package if screen is not None else None
        entry = apps.app_for_package(package) if package else None
        return ActionSemantics(
            app=entry.name if entry is not None else None,
            package=package or None,
            operation=Operation.NAVIGATE,
            description=desc,
        )

    def _rotate(self, screen: ParsedScreen | None, payload: dict[str, Any]) -> ActionSemantics:
        orientation = payload.get("orientation")
        if orientation not in _ORIENTATIONS:
            raise EventValidationError(
                f"must be one of {', '.join(_ORIENTATIONS)}", field="payload.orientation"
            )
        package = screen.foreground_package if screen is not None else None
        entry = apps.app_for_package(package) if package else None
        return ActionSemantics(
            app=entry.name if entry is not None else None,
            package=package or None,
            operation=Operation.NAVIGATE,
            description=f"rotate the screen to {orientation}",
        )

    def _launch(self, payload: dict[str, Any]) -> ActionSemantics:
        package = payload.get("package")
        if not isinstance(package, str) or not package.strip() or " " in package:
            raise EventValidationError("must be a package name", field="payload.package")
        entry = apps.app_for_package(package)
        return ActionSemantics(
            app=entry.name if entry is not None else None,
            package=package,
            operation=Operation.NAVIGATE,
            description=f"launch {package}",
        )


def _entry_opened(screen: ParsedScreen, node: Node) -> str | None:
    """The way in a tap opens: a short label of opening ("Open", "Unlock") on a window whose
    title names a door, a gate, a garage or a lock -- that title, else None."""
    label = node.text or node.description
    if not label or len(label.split()) > 3:
        return None
    lex = lexicon()
    if lex.entry_acts.isdisjoint(tokens(label)):
        return None
    for other in screen.window_nodes(node):
        title = other.text or other.description
        if other is node or not title or len(title.split()) > 4:
            continue
        said = " ".join(tokens(title))
        if said in lex.entry_objects or not lex.entry_objects.isdisjoint(tokens(title)):
            return title
    return None
