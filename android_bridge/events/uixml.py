"""Build hierarchy dumps in uiautomator2's exact format (protocol reference §5.5).

For tests, benchmarks and authors of offline GUI cases who need a realistic screen_xml.

Tests describe screens as nested ``W(...)`` widgets; ``dump`` serialises them the way the
on-device server's KXmlSerializer does: CRLF + two spaces per depth before each start tag, the
fixed attribute order, ``" />"`` for leaves, no trailing newline.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from xml.sax.saxutils import escape

DECL = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>"


@dataclass
class W:
    cls: str = "android.widget.FrameLayout"
    text: str = ""
    rid: str = ""
    desc: str = ""
    hint: str = ""
    bounds: tuple[int, int, int, int] = (0, 0, 1080, 2400)
    clickable: bool = False
    focusable: bool = False
    focused: bool = False
    password: bool = False
    checked: bool = False
    children: list[W] = field(default_factory=list)


def _attr(value: str) -> str:
    # KXmlSerializer: single quotes when the value holds a double quote
    quote = "'" if '"' in value else '"'
    ent = {"\n": "&#10;", "\r": "&#13;", "\t": "&#9;"}
    ent["'" if quote == "'" else '"'] = "&apos;" if quote == "'" else "&quot;"
    return quote + escape(value, ent) + quote


# uiautomator's dumper marks a clickable node that neither it nor a descendant labels "not
# accessibility friendly" (NAF), except these containers
_NAF_EXCLUDED = frozenset(
    {
        "android.widget.GridView",
        "android.widget.GridLayout",
        "android.widget.ListView",
        "android.widget.TableLayout",
    }
)


def _labelled(w: W) -> bool:
    return bool(w.text or w.desc) or any(_labelled(c) for c in w.children)


def _node(w: W, pkg: str, index: int, depth: int, out: list[str]) -> None:
    b = "[{},{}][{},{}]".format(*w.bounds)
    naf = 'NAF="true" ' if w.clickable and w.cls not in _NAF_EXCLUDED and not _labelled(w) else ""

    def t(v: bool) -> str:
        return "true" if v else "false"

    attrs = (
        f'{naf}index="{index}" text={_attr(w.text)} resource-id={_attr(w.rid)} '
        f"class={_attr(w.cls)} package={_attr(pkg)} content-desc={_attr(w.desc)} "
        f'checkable="false" checked="{t(w.checked)}" clickable="{t(w.clickable)}" '
        f'enabled="true" focusable="{t(w.focusable)}" focused="{t(w.focused)}" '
        f'scrollable="false" long-clickable="false" password="{t(w.password)}" '
        f'selected="false" visible-to-user="true" bounds="{b}" drawing-order="{index}" '
        f'hint={_attr(w.hint)} display-id="0"'
    )
    pad = "\r\n" + "  " * depth
    if w.children:
        out.append(f"{pad}<node {attrs}>")
        for i, child in enumerate(w.children):
            _node(child, pkg, i, depth + 1, out)
        out.append(f"{pad}</node>")
    else:
        out.append(f"{pad}<node {attrs} />")


def windows(*roots: tuple[str, W]) -> str:
    """The window elements of a dump, without the declaration and ``<hierarchy>`` around them."""
    out: list[str] = []
    for pkg, root in roots:
        _node(root, pkg, 0, 1, out)
    return "".join(out)


def dump(*roots: tuple[str, W], rotation: int = 0) -> str:
    """``dump(("com.android.contacts", root), ("com.android.systemui", bar))``."""
    return f'{DECL}\r\n<hierarchy rotation="{rotation}">{windows(*roots)}\r\n</hierarchy>'


EMPTY_FALLBACK = DECL + '\r\n<hierarchy rotation="0" />'


def status_bar(clock: str = "12:30") -> tuple[str, W]:
    return (
        "com.android.systemui",
        W(
            bounds=(0, 0, 1080, 63),
            children=[
                W(
                    "android.widget.TextView",
                    text=clock,
                    rid="com.android.systemui:id/clock",
                    bounds=(40, 0, 160, 63),
                ),
                W(
                    "android.widget.ImageView",
                    desc="Battery 100 percent.",
                    rid="com.android.systemui:id/battery",
                    bounds=(980, 0, 1040, 63),
                ),
            ],
        ),
    )


def field_(
    pkg: str,
    rid: str,
    hint: str,
    text: str = "",
    *,
    top: int,
    focused: bool = False,
    password: bool = False,
) -> W:
    return W(
        "android.widget.EditText",
        text=text or hint,
        rid=f"{pkg}:id/{rid}",
        hint=hint,
        bounds=(60, top, 1020, top + 140),
        clickable=True,
        focusable=True,
        focused=focused,
        password=password,
    )


def button(pkg: str, rid: str, text: str, *, top: int = 2200, desc: str = "") -> W:
    return W(
        "android.widget.Button",
        text=text,
        rid=f"{pkg}:id/{rid}",
        desc=desc,
        bounds=(700, top, 1032, top + 120),
        clickable=True,
        focusable=True,
    )


def label(pkg: str, rid: str, text: str, *, top: int) -> W:
    return W(
        "android.widget.TextView",
        text=text,
        rid=f"{pkg}:id/{rid}",
        bounds=(60, top, 1020, top + 100),
    )


def toggle_row(title: str, *, checked: bool) -> W:
    """A settings row: its title and the switch beside it (Settings' own preference layout)."""
    return W(
        "android.widget.LinearLayout",
        bounds=(0, 600, 1080, 800),
        clickable=True,
        children=[
            W("android.widget.TextView", text=title, rid="android:id/title",
              bounds=(60, 630, 800, 700)),
            W("android.widget.Switch", rid="android:id/switch_widget", checked=checked,
              bounds=(900, 660, 1020, 740), clickable=True),
        ],
    )  # fmt: skip


def app_screen(pkg: str, *widgets: W, clock: str = "12:30") -> str:
    root = W(
        children=[
            W("android.widget.LinearLayout", bounds=(0, 63, 1080, 2400), children=list(widgets))
        ]
    )
    return dump((pkg, root), status_bar(clock))


CONTACTS = "com.android.contacts"
CALENDAR = "com.simplemobiletools.calendar.pro"
SMS = "com.simplemobiletools.smsmessenger"


def contact_details(
    name: str = "Zhang Wei", phone: str = "138 1234 5678", email: str = "zhang.wei@example.com"
) -> str:
    return app_screen(
        CONTACTS,
        label(CONTACTS, "name", name, top=200),
        label(CONTACTS, "phone", phone, top=400),
        label(CONTACTS, "email", email, top=520),
        button(CONTACTS, "edit", "Edit", top=2200),
    )


def calendar_new_event(title: str = "", notes: str = "", *, focus: str = "title") -> str:
    return app_screen(
        CALENDAR,
        label(CALENDAR, "toolbar_title", "New event", top=80),
        field_(CALENDAR, "event_title", "Title", title, top=300, focused=focus == "title"),
        field_(
            CALENDAR, "event_description", "Description", notes, top=500, focused=focus == "notes"
        ),
        button(CALENDAR, "save", "Save"),
    )


def sms_compose(to: str = "", body: str = "", *, send_text: str = "Send") -> str:
    return app_screen(
        SMS,
        field_(SMS, "recipient", "To", to, top=200),
        field_(SMS, "message_body", "Type a message", body, top=1900, focused=True),
        button(SMS, "send_button", send_text, top=2200, desc="Send SMS"),
    )


def big_screen(n: int = 400, pkg: str = CONTACTS) -> str:
    """A list screen with ``n`` nodes in total (including the roots)."""
    rows: list[W] = []
    count = 2 + 2  # window root + list + status bar window (2 nodes)
    i = 0
    while count + 3 <= n:
        top = 100 + (i % 20) * 110
        rows.append(
            W(
                "android.widget.LinearLayout",
                bounds=(0, top, 1080, top + 110),
                clickable=True,
                children=[
                    W(
                        "android.widget.TextView",
                        text=f"Contact {i}",
                        rid=f"{pkg}:id/name",
                        bounds=(60, top, 700, top + 60),
                    ),
                    W(
                        "android.widget.TextView",
                        text=f"+86 138 0000 {i:04d}",
                        rid=f"{pkg}:id/phone",
                        bounds=(60, top + 60, 700, top + 110),
                    ),
                ],
            )
        )
        count += 3
        i += 1
    root = W(
        children=[
            W(
                "android.widget.ListView",
                rid=f"{pkg}:id/list",
                bounds=(0, 63, 1080, 2400),
                children=rows,
            )
        ]
    )
    return dump((pkg, root), status_bar())
