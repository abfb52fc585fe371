"""Contacts (com.android.contacts): list, contact details, and the create/edit form."""

from __future__ import annotations

from typing import Any

from .base import App, Screen
from .intents import ACTION_INSERT, Intent
from .layout import Builder

PKG = "com.android.contacts"
FIELDS = (  # (form key, resource name, hint, provider column)
    ("name", "display_name", "Name", "display_name"),
    ("company", "company", "Company", "company"),
    ("phone", "phone", "Phone", "number"),
    ("email", "email", "Email", "email"),
    ("address", "address", "Address", "address"),
)


class ContactList(Screen["Contacts"]):
    activity = ".activities.PeopleActivity"
    body = "list"
    body_id = "list"

    def build(self, ui: Builder) -> None:
        ui.toolbar("Contacts", up=False, actions=[("menu_search", "Search", lambda: None)])
        rows = self.app.db.rows("contacts", order="display_name COLLATE NOCASE")
        if not rows:
            ui.text("No contacts yet", id="empty_text")
        for row in rows:
            ui.item(
                row["display_name"] or "(No name)",
                ids=("cliv_name_textview",),
                desc=row["display_name"] or "",
                row_id="contact_tile",
                on_click=self.app.opener(ContactDetail, row["_id"]),
            )
        ui.fab(
            "Create contact",
            id="floating_action_button",
            on_click=lambda: self.app.open(ContactEditor(self.app)),
        )


class ContactDetail(Screen["Contacts"]):
    activity = ".quickcontact.QuickContactActivity"

    def __init__(self, app: Contacts, row_id: int = 0) -> None:
        super().__init__(app)
        self.row_id = row_id

    def build(self, ui: Builder) -> None:
        row: dict[str, Any] = self.app.db.get("contacts", self.row_id) or {}
        ui.toolbar(
            "",
            actions=[
                ("menu_star", "Add to favourites", self._star),
                (
                    "menu_edit",
                    "Edit contact",
                    lambda: self.app.open(ContactEditor(self.app, self.row_id)),
                ),
            ],
        )
        ui.text(row.get("display_name") or "(Contact deleted)", id="large_title", style="title")
        if row.get("company"):
            ui.text(row["company"], id="organization")
        if row.get("number"):
            ui.item(
                row["number"],
                "Mobile",
                ids=("header", "sub_header"),
                desc=f"Call Mobile {row['number']}",
                on_click=lambda: self.device.toast(f"Calling {row['number']}"),
            )
            ui.button(
                "Text",
                id="text_button",
                desc=f"Text Mobile {row['number']}",
                on_click=lambda: self.device.open_sms_compose(row["number"], ""),
            )
        if row.get("email"):
            ui.item(
                row["email"],
                "Email",
                ids=("header", "sub_header"),
                desc=f"Email {row['email']}",
                on_click=lambda: self.device.open_mail_compose(row["email"], "", ""),
            )
        if row.get("address"):
            ui.item(
                row["address"],
                "Address",
                ids=("header", "sub_header"),
                desc=f"Address {row['address']}",
            )

    def _star(self) -> None:
        row = self.app.db.get("contacts", self.row_id)
        if row:
            self.app.db.change("contacts", self.row_id, {"starred": 0 if row["starred"] else 1})


class ContactEditor(Screen["Contacts"]):
    activity = ".activities.ContactEditorActivity"

    def __init__(
        self, app: Contacts, row_id: int | None = None, prefill: dict[str, str] | None = None
    ) -> None:
        super().__init__(app)
        self.row_id = row_id
        row = app.db.get("contacts", row_id) if row_id else None
        for key, _, _, col in FIELDS:
            self.values[key] = str((row or {}).get(col) or (prefill or {}).get(key, ""))
        self.focus = "name"

    def build(self, ui: Builder) -> None:
        ui.toolbar(
            "Edit contact" if self.row_id else "Create contact",
            actions=[("editor_menu_save_button", "Save", self.save)],
        )
        for key, rid, hint, _ in FIELDS:
            ui.edit(key, id=rid, hint=hint, lines=2 if key == "address" else 1)

    def save(self) -> None:
        values = {col: self.value(key) for key, _, _, col in FIELDS}
        if not any(values.values()):
            self.device.toast("Contact not saved: it is empty")
            self.app.close()
            return
        if self.row_id:
            self.app.db.change("contacts", self.row_id, values)
        else:
            self.row_id = self.app.db.add("contacts", values)
        self.device.record("contacts.save", values)
        self.device.toast("Contact saved")
        self.app.close()
        self.device.push(ContactDetail(self.app, self.row_id))


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

    def handle(self, intent: Intent) -> Screen[Any] | None:
        if intent.action == ACTION_INSERT and (intent.mime or "").endswith("contact"):
            return ContactEditor(
                self,
                prefill={
                    "name": str(intent.extras.get("name", "")),
                    "phone": str(intent.extras.get("phone", "")),
                    "email": str(intent.extras.get("email", "")),
                    "company": str(intent.extras.get("company", "")),
                },
            )
        return None
