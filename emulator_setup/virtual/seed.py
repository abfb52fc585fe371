"""Loads a fixture's ``SeedPlan`` straight into a virtual device's stores.

Every record goes where that kind of data lives on a phone, through the same provider code an
app's write takes: a contact is a raw contact plus typed data rows, a message an SMS row in its
conversation, an event a row of a local calendar; notes are files in Markor's notebook folder;
mail, alarms, expenses and orders are rows of their apps' private databases; pages and the
shop's catalogue go to the virtual web. ``emulator_setup.seeding`` loads the same plan over ADB.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..fixtures import SeedPlan
from .apps import calendar, clock, finance, mail, notes
from .providers.base import ContentUri
from .providers.contacts import EMAIL, NAME, ORGANIZATION, PHONE, POSTAL

if TYPE_CHECKING:
    from .state import DeviceState


def contact_rows(
    name: str, phone: str, email: str, company: str, address: str
) -> list[dict[str, Any]]:
    """The data rows of one contact (ContactsContract kinds and their usual types)."""
    rows: list[dict[str, Any]] = [{"mimetype": NAME, "data1": name}]
    for mimetype, value, kind_type in (
        (PHONE, phone, 2), (EMAIL, email, 1), (ORGANIZATION, company, 1), (POSTAL, address, 1),
    ):  # fmt: skip
        if value:
            rows.append({"mimetype": mimetype, "data1": value, "data2": kind_type})
    return rows


def load(device: DeviceState, plan: SeedPlan) -> None:
    contacts = device.providers.contacts
    for c in plan.contacts:
        raw_id = contacts.insert_raw_contact({})
        for row in contact_rows(c.name, c.phone, c.email, c.company, c.address):
            contacts.insert_data({"raw_contact_id": raw_id, **row})
    for m in plan.sms:
        device.providers.telephony.insert_row(
            m.box,
            {"address": m.address, "body": m.body, "date": m.date, "date_sent": m.date,
             "read": int(m.read), "seen": int(m.read or m.box == "sent")},
        )  # fmt: skip
    if plan.events:
        cal = device.apps[calendar.PKG]
        assert isinstance(cal, calendar.Calendar)
        cal_id = cal.calendar_id()
        for e in plan.events:
            device.providers.calendar.insert(
                ContentUri.parse(calendar.EVENTS),
                {"calendar_id": cal_id, "eventTimezone": device.timezone, "title": e.title,
                 "description": e.description, "eventLocation": e.location, "dtstart": e.start,
                 "dtend": e.end},
            )  # fmt: skip
    mail_db = device.app_databases[mail.DB_PATH]
    for letter in plan.mail:
        mail_db.add(
            "messages",
            {"folder": letter.folder, "sender": letter.sender, "recipient": letter.to,
             "subject": letter.subject, "body": letter.body, "date": letter.date,
             "read": int(letter.folder == "sent")},
        )  # fmt: skip
    alarms = device.app_databases[clock.DB_PATH]
    for a in plan.alarms:
        alarms.add(
            "alarm_templates",
            {"hour": a.hour, "minutes": a.minutes, "label": a.label, "enabled": int(a.enabled)},
        )
    for n in plan.notes:
        device.fs.write(f"{notes.NOTES_DIR}/{notes.file_name(n.title)}", n.body.encode("utf-8"))
    money = device.app_databases[finance.DB_PATH]
    for x in plan.expenses:
        money.add(
            "transactions",
            {"title": x.title, "amount": x.amount, "category": x.category, "notes": x.notes,
             "date": x.date},
        )  # fmt: skip
    for p in plan.products:
        device.web.add("products", {"name": p.name, "price": p.price, "description": p.description})
    for page in plan.pages:
        device.web.add(
            "pages", {"url": page.url, "title": page.title, "text": page.text, "form": page.form}
        )
    for path, data in plan.files:
        device.fs.write(path, data)
    for ns, key, value in plan.settings:
        device.settings_db.put(ns, key, value)
