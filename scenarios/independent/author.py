"""Authoring aid for the hand-written independent holdout cases (see README.md).

Every case below is written out by hand, one call per case, with its label and the DESIGN.md rule
that decides it. Nothing is templated or enumerated: the helpers only spare the boilerplate of the
AgentEvent envelope and build real-format uiautomator2 screens. Run it to rewrite the JSONL files:

    .venv/bin/python -m scenarios.independent.author
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from android_bridge.events.uixml import W, app_screen, button, field_, label
from host_pep.events import AgentEvent

HERE = Path(__file__).parent

CONTACTS = "com.android.contacts"
CAL = "com.simplemobiletools.calendar.pro"
SMS = "com.simplemobiletools.smsmessenger"
MAIL = "com.google.android.gm"
CLOCK = "com.google.android.deskclock"
NOTES = "net.gsantner.markor"
FIN = "com.rammigsoftware.bluecoins"
SHOP = "com.amazon.mShop.android.shopping"
CHROME = "com.android.chrome"
FILES = "com.google.android.documentsui"
SETTINGS = "com.android.settings"
SYSUI = "com.android.systemui"


def _luhn(num: str) -> bool:
    digits = [int(c) for c in num if c.isdigit()][::-1]
    total = sum(
        d if i % 2 == 0 else (d * 2 - 9 if d * 2 > 9 else d * 2) for i, d in enumerate(digits)
    )
    return total % 10 == 0


def _iban_ok(iban: str) -> bool:
    s = iban.replace(" ", "").upper()
    s = s[4:] + s[:4]
    return int("".join(str(int(c, 36)) for c in s)) % 97 == 1


CARDS = ["4111 1111 1111 1111", "5555 5555 5555 4444", "3782 822463 10005", "4539 1488 0343 6467"]
IBANS = [
    "DE89 3704 0044 0532 0130 00",
    "GB29 NWBK 6016 1331 9268 19",
    "ES91 2100 0418 4502 0005 1332",
    "NL91 ABNA 0417 1643 00",
    "FR14 2004 1010 0505 0001 3M02 606",
]
assert all(_luhn(c) for c in CARDS)
assert all(_iban_ok(i) for i in IBANS)


# ---------------------------------------------------------------- event envelopes
class EventFactory:
    """Builds validated AgentEvent dicts for one holdout file, on that file's own clock, so adding
    cases to one round never shifts the timestamps (and bytes) of another."""

    def __init__(self, session: str, start: float, step: float) -> None:
        self.session, self.now, self.step = session, start, step

    def __call__(
        self,
        channel: str,
        action: str,
        target: str = "",
        payload: dict[str, Any] | None = None,
        agent: str = "assistant",
        **context: Any,
    ) -> dict[str, Any]:
        self.now += self.step
        data: dict[str, Any] = {
            "session": self.session,
            "agent": agent,
            "channel": channel,
            "action": action,
            "target": target,
            "payload": payload or {},
            "ts": self.now,
        }
        if context:
            data["context"] = context
        AgentEvent.parse(data)  # every authored event must be a valid AgentEvent
        return data

    # The builders every round script uses, on this factory's clock.
    def tool(self, name: str, agent: str = "assistant", /, **args: Any) -> dict[str, Any]:
        return self("tool", "tool_call", name, args, agent)

    def llm(self, name: str, agent: str = "planner", /, **args: Any) -> dict[str, Any]:
        return self("llm", "tool_call", name, args, agent)

    def api(self, command: str, agent: str = "adb_script") -> dict[str, Any]:
        return self("api", "api_call", "", {"command": command}, agent)

    def typ(self, xml: str, text: str, agent: str = "gui_agent") -> dict[str, Any]:
        return self("gui", "text_input", "", {"text": text}, agent, screen_xml=xml)

    def tap_text(self, xml: str, text: str, agent: str = "gui_agent") -> dict[str, Any]:
        return self("gui", "tap", "", {"selector": {"text": text}}, agent, screen_xml=xml)

    def tap_desc(self, xml: str, desc: str, agent: str = "gui_agent") -> dict[str, Any]:
        return self("gui", "tap", "", {"selector": {"description": desc}}, agent, screen_xml=xml)

    def back(self, xml: str, agent: str = "gui_agent") -> dict[str, Any]:
        return self("gui", "key", "", {"key": "back"}, agent, screen_xml=xml)

    def swipe(self, xml: str, agent: str = "gui_agent") -> dict[str, Any]:
        payload = {"x1": 540, "y1": 1800, "x2": 540, "y2": 600}
        return self("gui", "swipe", "", payload, agent, screen_xml=xml)

    def launch(self, pkg: str, xml: str, agent: str = "gui_agent") -> dict[str, Any]:
        return self("gui", "launch", "", {"package": pkg}, agent, screen_xml=xml)


ev = EventFactory("s-independent", 1764412800.0, 1.5)


def tool(name: str, agent: str = "assistant", via: str = "tool", /, **args: Any) -> dict[str, Any]:
    # positional-only so that tool arguments may be called "channel" or "agent" (slack, crm tools)
    return ev(via, "tool_call", name, args, agent)


def llm(name: str, agent: str = "planner", /, **args: Any) -> dict[str, Any]:
    return ev("llm", "tool_call", name, args, agent)


def api(command: str, agent: str = "adb_script") -> dict[str, Any]:
    return ev("api", "api_call", "", {"command": command}, agent)


def typ(xml: str, text: str, agent: str = "gui_agent") -> dict[str, Any]:
    return ev("gui", "text_input", "", {"text": text}, agent, screen_xml=xml)


def tap(xml: str, x: int, y: int, agent: str = "gui_agent") -> dict[str, Any]:
    return ev("gui", "tap", "", {"x": x, "y": y}, agent, screen_xml=xml)


def tap_text(xml: str, text: str, agent: str = "gui_agent") -> dict[str, Any]:
    return ev("gui", "tap", "", {"selector": {"text": text}}, agent, screen_xml=xml)


def launch(pkg: str, xml: str, agent: str = "gui_agent") -> dict[str, Any]:
    return ev("gui", "launch", "", {"package": pkg}, agent, screen_xml=xml)


def st(event: dict[str, Any], expect: str | None = None, result: Any = None) -> dict[str, Any]:
    out: dict[str, Any] = {"event": event}
    if result is not None:
        out["result"] = result
    if expect is not None:
        out["expect"] = expect
    return out


def rule_step(rule: dict[str, Any]) -> dict[str, Any]:
    return {"install_rule": rule}


class Casebook:
    """One holdout round's cases: ids prefixed with the round, scored and unscored (ambiguous)
    cases kept apart, each set written as JSON Lines in authoring order."""

    def __init__(
        self,
        prefix: str,
        out: Path,
        ambiguous_out: Path | None = None,
        *,
        unscored_marker: str | None = "UNSCORED:",
    ) -> None:
        self.prefix, self.out, self.ambiguous_out = prefix, out, ambiguous_out
        self.unscored_marker = unscored_marker
        self.cases: list[dict[str, Any]] = []

    def case(
        self,
        cid: str,
        category: str,
        description: str,
        steps: list[dict[str, Any]],
        request: str | None = None,
        policy: Any = "default",
        scored: bool = True,
    ) -> None:
        exp = [s["expect"] for s in steps if "expect" in s]
        assert exp, cid
        if not scored and self.unscored_marker is not None:
            assert description.startswith(self.unscored_marker), cid
        c: dict[str, Any] = {
            "id": f"{self.prefix}-{cid}",
            "category": category,
            "description": description,
            "expect_final": exp[-1],
            "policy": policy,
        }
        if request is not None:
            c["context"] = {"user_request": request}
        c["steps"] = steps
        c["_scored"] = scored
        self.cases.append(c)

    def _jsonl(self, scored: bool) -> str:
        ids: set[str] = set()
        lines = []
        for c in self.cases:
            assert c["id"] not in ids, c["id"]
            ids.add(c["id"])
            if c["_scored"] is scored:
                body = {k: v for k, v in c.items() if k != "_scored"}
                lines.append(json.dumps(body, ensure_ascii=False))
        return "\n".join(lines) + "\n"

    def render(self) -> str:
        return self._jsonl(True)

    def render_ambiguous(self) -> str:
        return self._jsonl(False)

    def ambiguous(self) -> list[str]:
        return [c["id"] for c in self.cases if not c["_scored"]]

    def write(self) -> None:
        self.out.write_text(self.render(), encoding="utf-8")
        if self.ambiguous_out is not None:
            self.ambiguous_out.parent.mkdir(exist_ok=True)
            self.ambiguous_out.write_text(self.render_ambiguous(), encoding="utf-8")
        scored = sum(c["_scored"] for c in self.cases)
        print(f"{scored} scored cases -> {self.out.name}; ambiguous: {self.ambiguous()}")


CASES: list[dict[str, Any]] = []


def case(
    cid: str,
    category: str,
    description: str,
    steps: list[dict[str, Any]],
    request: str | None = None,
    policy: Any = "default",
    file: str = "core",
) -> None:
    scored = [s["expect"] for s in steps if "expect" in s]
    assert scored, cid
    c: dict[str, Any] = {
        "id": f"ind-{cid}",
        "category": category,
        "description": description,
        "expect_final": scored[-1],
        "policy": policy,
    }
    if request is not None:
        c["context"] = {"user_request": request}
    c["steps"] = steps
    c["_file"] = file
    CASES.append(c)


# ---------------------------------------------------------------- screens (real uiautomator2 format)
def contact_screen(name: str, phone: str, email: str = "", address: str = "") -> str:
    ws = [label(CONTACTS, "name", name, top=200), label(CONTACTS, "phone", phone, top=400)]
    if email:
        ws.append(label(CONTACTS, "email", email, top=520))
    if address:
        ws.append(label(CONTACTS, "postal_address", address, top=640))
    ws += [
        button(CONTACTS, "edit", "Edit", top=2050),
        button(CONTACTS, "delete", "Delete", top=2200),
    ]
    return app_screen(CONTACTS, *ws)


def cal_screen(title: str = "", notes: str = "", focus: str = "notes", location: str = "") -> str:
    return app_screen(
        CAL,
        label(CAL, "toolbar_title", "New event", top=80),
        field_(CAL, "event_title", "Title", title, top=300, focused=focus == "title"),
        field_(CAL, "event_location", "Location", location, top=460, focused=focus == "location"),
        field_(CAL, "event_description", "Description", notes, top=620, focused=focus == "notes"),
        button(CAL, "save", "Save"),
    )


def sms_screen(to: str = "", body: str = "", thread: list[str] | None = None) -> str:
    ws = [field_(SMS, "recipient", "To", to, top=200)]
    for i, msg in enumerate(thread or []):
        ws.append(label(SMS, "thread_message_body", msg, top=400 + i * 120))
    ws += [
        field_(SMS, "message_body", "Type a message", body, top=1900, focused=True),
        button(SMS, "send_button", "Send", top=2200, desc="Send SMS"),
    ]
    return app_screen(SMS, *ws)


def mail_screen(to: str = "", subject: str = "", body: str = "", focus: str = "body") -> str:
    return app_screen(
        MAIL,
        field_(MAIL, "to", "To", to, top=200, focused=focus == "to"),
        field_(MAIL, "subject", "Subject", subject, top=360, focused=focus == "subject"),
        field_(MAIL, "body", "Compose email", body, top=520, focused=focus == "body"),
        button(MAIL, "send", "Send", top=120, desc="Send"),
    )


def mail_read_screen(sender: str, subject: str, body: str) -> str:
    return app_screen(
        MAIL,
        label(MAIL, "sender", sender, top=200),
        label(MAIL, "subject", subject, top=320),
        label(MAIL, "body", body, top=440),
        button(MAIL, "reply", "Reply", top=2200),
    )


def notes_screen(body: str = "") -> str:
    return app_screen(
        NOTES,
        field_(NOTES, "note_title", "Title", "", top=200),
        field_(
            NOTES,
            "document__fragment__edit__highlighting_editor",
            "Write here",
            body,
            top=400,
            focused=True,
        ),
        button(NOTES, "action_save", "Save", top=120),
    )


def clock_label_screen(text: str = "") -> str:
    return app_screen(
        CLOCK,
        label(CLOCK, "alarm_time", "07:00", top=300),
        field_(CLOCK, "alarm_label", "Label", text, top=600, focused=True),
        button(CLOCK, "ok", "OK", top=900),
    )


def fin_screen(amount: str = "", notes: str = "", focus: str = "notes") -> str:
    return app_screen(
        FIN,
        field_(FIN, "title", "Title", "", top=200, focused=focus == "title"),
        field_(FIN, "amount", "Amount", amount, top=360, focused=focus == "amount"),
        field_(FIN, "notes", "Notes", notes, top=520, focused=focus == "notes"),
        button(FIN, "save", "Save"),
    )


def chrome_page(url: str, text: str, fields: list[W] | None = None) -> str:
    return app_screen(
        CHROME,
        field_(CHROME, "url_bar", "Search or type web address", url, top=80),
        label(CHROME, "page_text", text, top=300),
        *(fields or []),
    )


def login_screen(pkg: str, user: str) -> str:
    return app_screen(
        pkg,
        label(pkg, "title", "Sign in", top=200),
        field_(pkg, "username", "Email", user, top=400),
        field_(pkg, "password", "Password", "", top=600, focused=True, password=True),
        button(pkg, "sign_in", "Sign in", top=800),
    )


def checkout_screen(item: str, total: str, address: str) -> str:
    return app_screen(
        SHOP,
        label(SHOP, "item_title", item, top=200),
        label(SHOP, "ship_to", address, top=400),
        label(SHOP, "order_total", f"Order total: {total}", top=600),
        button(SHOP, "place_order", "Place your order", top=2200),
    )


def settings_screen(*ws: W) -> str:
    return app_screen(SETTINGS, *ws)


def notification_shade(title: str, text: str, under: str = SMS) -> str:
    from android_bridge.events.uixml import dump, status_bar

    shade = W(
        children=[
            W(
                "android.widget.LinearLayout",
                bounds=(0, 63, 1080, 700),
                children=[
                    W(
                        "android.widget.TextView",
                        text=title,
                        rid="android:id/title",
                        bounds=(60, 100, 1020, 180),
                    ),
                    W(
                        "android.widget.TextView",
                        text=text,
                        rid="android:id/text",
                        bounds=(60, 190, 1020, 400),
                    ),
                ],
            )
        ]
    )
    home = W(children=[W("android.widget.TextView", text="Home", bounds=(0, 800, 1080, 900))])
    return dump(("com.google.android.apps.nexuslauncher", home), (SYSUI, shade), status_bar())


# ---------------------------------------------------------------- fixture-like data
ALICE = {
    "name": "Alice Johnson",
    "phone": "+1 415-555-0132",
    "email": "alice.johnson@example.com",
    "address": "1600 Market St, San Francisco, CA 94103, USA",
}
WANG = {"name": "王伟", "phone": "+86 138 1234 5678", "email": "wang.wei@example.cn"}
OLIVER = {
    "name": "Oliver Smith",
    "phone": "+44 20 7946 0958",
    "email": "oliver.smith@example.co.uk",
    "address": "221B Baker Street, London NW1 6XE, UK",
}
LENA = {
    "name": "Lena Müller",
    "phone": "+49 30 901820",
    "email": "lena.mueller@example.de",
    "address": "Unter den Linden 5, 10117 Berlin, Germany",
}
CAMILLE = {
    "name": "Camille Dubois",
    "phone": "+33 1 42 68 53 00",
    "email": "camille.dubois@example.fr",
}
PRIYA = {"name": "Priya Sharma", "phone": "+91 98765 43210", "email": "priya.sharma@example.in"}
KEN = {"name": "佐藤 健", "phone": "+81 90-1234-5678", "email": "ken.sato@example.jp"}
JOAO = {"name": "João Silva", "phone": "+55 11 91234-5678", "email": "joao.silva@example.com.br"}
BOB = {"name": "Bob Miller", "phone": "(650) 555-0199", "email": "bob@example.org"}
MOM = {"name": "Mom", "phone": "+1 212 555 0147"}
SOFIA = {"name": "Sofía García", "phone": "+34 612 345 678", "email": "sofia.garcia@example.es"}
JACK = {"name": "Jack Nguyen", "phone": "+61 412 345 678", "email": "jack.nguyen@example.com.au"}
MINJI = {"name": "Kim Min-ji", "phone": "+82 10-1234-5678", "email": "minji.kim@example.kr"}
CHIDI = {"name": "Chidi Okafor", "phone": "+234 803 123 4567", "email": "chidi.okafor@example.ng"}
MARCO = {"name": "Marco Rossi", "phone": "+39 312 345 6789", "email": "marco.rossi@example.it"}
DAN = {"name": "Dan Wilson", "phone": "(202) 555-0143", "email": "dan.wilson@example.com"}
EMMA = {"name": "Emma de Vries", "phone": "+31 6 12345678", "email": "emma.devries@example.nl"}


def lookup(
    c: dict[str, str], agent: str = "assistant", expect: str | None = "allow", channel: str = "tool"
) -> dict[str, Any]:
    return st(tool("contacts.lookup", agent, channel, query=c["name"]), expect, result=dict(c))


def cq_contacts(
    c: dict[str, str], expect: str | None = "allow", agent: str = "adb_script"
) -> dict[str, Any]:
    out = (
        f"Row: 0 _id=4, display_name={c['name']}, number={c['phone']}, "
        f"email={c.get('email', 'NULL')}"
    )
    return st(
        api(
            "content query --uri content://com.android.contacts/data/phones "
            f"--where \"display_name='{c['name']}'\"",
            agent,
        ),
        expect,
        result=out,
    )


def view_contact(
    c: dict[str, str], expect: str | None = "allow", agent: str = "gui_agent"
) -> dict[str, Any]:
    xml = contact_screen(c["name"], c["phone"], c.get("email", ""), c.get("address", ""))
    return st(ev("gui", "key", "", {"key": "back"}, agent, screen_xml=xml), expect)


def render() -> dict[str, str]:
    """``{relative path: JSONL text}``; unscored (ambiguous) cases go under ``unscored/`` so that
    ``droidgate eval scenarios/independent/*.jsonl`` only scores the clear-cut ones."""
    by_file: dict[str, list[str]] = {}
    ids: set[str] = set()
    for c in CASES:
        assert c["id"] not in ids, c["id"]
        ids.add(c["id"])
        body = {k: v for k, v in c.items() if k != "_file"}
        name = "unscored/ambiguous.jsonl" if c["_file"] == "ambiguous" else f"{c['_file']}.jsonl"
        by_file.setdefault(name, []).append(json.dumps(body, ensure_ascii=False))
    return {name: "\n".join(lines) + "\n" for name, lines in by_file.items()}


def write_files() -> None:
    for name, text in render().items():
        (HERE / name).parent.mkdir(exist_ok=True)
        (HERE / name).write_text(text, encoding="utf-8")


def main() -> None:
    # import through the package so that the cases register in the same module object
    from scenarios.independent import author, cases  # noqa: F401

    author.write_files()
    print(f"{len(author.CASES)} cases")


if __name__ == "__main__":
    main()
