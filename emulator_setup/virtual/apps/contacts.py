"""Contacts (com.android.contacts): list, contact details, and the create/edit form.

It reads and writes ContactsContract through the contacts provider, as the real app does: a
contact is a raw contact with typed data rows (name, phone, email, organization, postal).
"""

from __future__ import annotations

from typing import Any

from ..providers.contacts import EMAIL, NAME, ORGANIZATION, PHONE, POSTAL, ContactsProvider
from .base import App, Screen
from .intents import ACTION_INSERT, ACTION_INSERT_OR_EDIT, ACTION_VIEW, Intent
from .layout import Builder

PKG = "com.android.contacts"
FIELDS = (  # (form key, resource name, hint, mimetype, data2 type)
    ("name", "display_name", "Name", NAME, None),
    ("company", "company", "Company", ORGANIZATION, 1),
    ("phone", "phone", "Phone", PHONE, 2),
    ("email", "email", "Email", EMAIL, 1),
    ("address", "address", "Address", POSTAL, 1),
)


class ContactList(Screen["Contacts"]):
    activity = ".activities.PeopleActivity"
    body = "list"
    body_id = "list"

    def build(self, ui: Builder) -> None:
        ui.toolbar("Contacts", up=False, actions=[("menu_search", "Search", lambda: None)])
        rows = self.app.provider.contact_rows()
        if not rows:
            ui.text("No contacts yet", id="empty_text")
        for row in rows:
            ui.item(
                row["display_name"] or "(No name)",
                ids=("cliv_name_textview",),
                desc=row["display_name"] or "",
                row_id="contact_tile",
                on_click=self.app.opener(ContactDetail, row["raw_contact_id"]),
            )
        ui.fab(
            "Create contact",
            id="floating_action_button",
            on_click=lambda: self.app.open(ContactEditor(self.app)),
        )


class ContactDetail(Screen["Contacts"]):
    activity = ".quickcontact.QuickContactActivity"

    def __init__(self, app: Contacts, raw_id: int = 0) -> None:
        super().__init__(app)
        self.raw_id = raw_id

    def build(self, ui: Builder) -> None:
        kinds = self.app.kinds(self.raw_id)
        ui.toolbar(
            "",
            actions=[
                ("menu_star", "Add to favourites", self._star),
                (
                    "menu_edit",
                    "Edit contact",
                    lambda: self.app.open(ContactEditor(self.app, self.raw_id)),
                ),
            ],
        )
        ui.text(kinds.get(NAME) or "(Contact deleted)", id="large_title", style="title")
        if kinds.get(ORGANIZATION):
            ui.text(kinds[ORGANIZATION], id="organization")
        number = kinds.get(PHONE)
        if number:
            ui.item(
                number,
                "Mobile",
                ids=("header", "sub_header"),
                desc=f"Call Mobile {number}",
                on_click=lambda: self.device.dial(number),
            )
            ui.button(
                "Text",
                id="text_button",
                desc=f"Text Mobile {number}",
                on_click=lambda: self.device.open_sms_compose(number, ""),
            )
        email = kinds.get(EMAIL)
        if email:
            ui.item(
                email,
                "Email",
                ids=("header", "sub_header"),
                desc=f"Email {email}",
                on_click=lambda: self.device.open_mail_compose(email, "", ""),
            )
        if kinds.get(POSTAL):
            ui.item(
                kinds[POSTAL],
                "Address",
                ids=("header", "sub_header"),
                desc=f"Address {kinds[POSTAL]}",
            )

    def _star(self) -> None:
        raw = self.app.provider.db.get("raw_contacts", self.raw_id)
        if raw and raw["contact_id"] is not None:
            starred = 0 if raw["starred"] else 1
            self.app.provider.db.change("raw_contacts", self.raw_id, {"starred": starred})
            self.app.provider.db.change("contacts", int(raw["contact_id"]), {"starred": starred})


class ContactEditor(Screen["Contacts"]):
    activity = ".activities.ContactEditorActivity"

    def __init__(
        self, app: Contacts, raw_id: int | None = None, prefill: dict[str, str] | None = None
    ) -> None:
        super().__init__(app)
        self.raw_id = raw_id
        kinds = app.kinds(raw_id) if raw_id else {}
        for key, _, _, mimetype, _ in FIELDS:
            self.values[key] = str(kinds.get(mimetype) or (prefill or {}).get(key, ""))
        self.focus = "name"

    def build(self, ui: Builder) -> None:
        ui.toolbar(
            "Edit contact" if self.raw_id else "Create contact",
            actions=[("editor_menu_save_button", "Save", self.save)],
        )
        for key, rid, hint, _, _ in FIELDS:
            ui.edit(key, id=rid, hint=hint, lines=2 if key == "address" else 1)

    def save(self) -> None:
        values = {key: self.value(key) for key, _, _, _, _ in FIELDS}
        if not any(values.values()):
            self.device.toast("Contact not saved: it is empty")
            self.app.close()
            return
        self.raw_id = self.app.save(self.raw_id, values)
        self.device.record("contacts.save", values)
        self.device.toast("Contact saved")
        self.app.close()
        self.device.push(ContactDetail(self.app, self.raw_id))


class Contacts(App):
    package = PKG
    label = "Contacts"
    permissions = (
        "android.permission.READ_CONTACTS",
        "android.permission.WRITE_CONTACTS",
        "android.permission.CALL_PHONE",
    )
    main = ContactList
    screens = (ContactEditor,)

    @property
    def provider(self) -> ContactsProvider:
        return self.device.providers.contacts

    def kinds(self, raw_id: int | None) -> dict[str, str]:
        """The first value of each data kind of one raw contact."""
        if not raw_id:
            return {}
        _, rows = self.provider.db.query(
            "SELECT m.mimetype, d.data1 FROM data d JOIN mimetypes m ON m._id = d.mimetype_id"
            " WHERE d.raw_contact_id = ? ORDER BY d.is_primary DESC, d._id",
            (raw_id,),
        )
        out: dict[str, str] = {}
        for mimetype, data1 in rows:
            if data1:
                out.setdefault(str(mimetype), str(data1))
        return out

    def save(self, raw_id: int | None, values: dict[str, str]) -> int:
        """Write the form as ContactsContract data rows (one per kind)."""
        provider = self.provider
        if raw_id is None:
            raw_id = provider.insert_raw_contact({})
        for key, _, _, mimetype, kind_type in FIELDS:
            value = values.get(key, "")
            _, rows = provider.db.query(
                "SELECT d._id FROM data d JOIN mimetypes m ON m._id = d.mimetype_id"
                " WHERE d.raw_contact_id = ? AND m.mimetype = ? ORDER BY d._id",
                (raw_id, mimetype),
            )
            if rows and value:
                provider.change_data(int(rows[0][0]), {"data1": value})
            elif rows:
                provider.db.remove("data", int(rows[0][0]))
            elif value:
                row: dict[str, Any] = {
                    "raw_contact_id": raw_id,
                    "mimetype": mimetype,
                    "data1": value,
                }
                if kind_type is not None:
                    row["data2"] = kind_type
                provider.insert_data(row)
        provider.refresh(raw_id)
        return raw_id

    def handle(self, intent: Intent) -> Screen[Any] | None:
        mime = intent.mime or ""
        data = intent.data or ""
        if intent.action == ACTION_VIEW and data.startswith(
            ("content://contacts/people", "content://com.android.contacts/contacts")
        ):
            # the list, or one contact when the URI names it (content://contacts/people/3)
            tail = data.rstrip("/").rsplit("/", 1)[-1]
            return ContactDetail(self, int(tail)) if tail.isdigit() else ContactList(self)
        if intent.action in (ACTION_INSERT, ACTION_INSERT_OR_EDIT) and (
            mime.endswith("contact") or mime.endswith("raw_contact")
        ):
            ex = intent.extras
            return ContactEditor(
                self,
                prefill={
                    "name": str(ex.get("name", "")),
                    "phone": str(ex.get("phone", "")),
                    "email": str(ex.get("email", "")),
                    "company": str(ex.get("company", "")),
                    "address": str(ex.get("postal", "")),
                },
            )
        return None
