"""Finance (Bluecoins): transactions list and the add-expense form (item, amount, category, notes).

Bluecoins has no content provider: its transactions live in the app's private database
(``/data/data/com.rammigsoftware.bluecoins/databases/bluecoins.fydb``; the schema is this
virtual app's own), reached through the app's screens, or with root ``sqlite3`` by a harness.
"""

from __future__ import annotations

import time

from .base import App, Screen
from .layout import Builder

PKG = "com.rammigsoftware.bluecoins"
DB_PATH = f"/data/data/{PKG}/databases/bluecoins.fydb"
SCHEMA = """CREATE TABLE transactions (_id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT,
  amount REAL, category TEXT, notes TEXT, date INTEGER);"""


class Transactions(Screen["Finance"]):
    activity = ".ui.activities.main.MainActivity"
    body = "list"
    body_id = "recycler_view"

    def build(self, ui: Builder) -> None:
        ui.toolbar("Transactions", up=False, actions=[("menu_search", "Search", lambda: None)])
        rows = self.app.db.rows("transactions", order="date DESC")
        total = sum(float(r["amount"] or 0) for r in rows)
        ui.text(f"Total expenses: ${total:,.2f}", id="total_amount", style="headline")
        for row in rows:
            day = time.strftime("%b %d", time.gmtime(row["date"] / 1000))
            ui.item(
                row["title"],
                f"{row['category']} · {day}" + (f" · {row['notes']}" if row["notes"] else ""),
                ids=("item_name", "category_name"),
                trailing=f"-${row['amount']:,.2f}",
                trailing_id="amount_tv",
                on_click=self.app.opener(ExpenseForm, row["_id"]),
            )
        ui.fab("Add transaction", id="fab", on_click=lambda: self.app.open(ExpenseForm(self.app)))


class ExpenseForm(Screen["Finance"]):
    activity = ".ui.activities.transaction.ActivityTransaction"

    def __init__(self, app: Finance, row_id: int | None = None) -> None:
        super().__init__(app)
        self.row_id = row_id
        row = (app.db.get("transactions", row_id) if row_id else None) or {}
        self.values.update(
            {
                "title": row.get("title", ""),
                "amount": f"{row['amount']:.2f}" if row.get("amount") is not None else "",
                "category": row.get("category", ""),
                "notes": row.get("notes", ""),
            }
        )
        self.focus = "amount"

    def build(self, ui: Builder) -> None:
        ui.toolbar(
            "Edit expense" if self.row_id else "Add expense",
            actions=[("menu_save", "Save", self.save)],
        )
        ui.edit("amount", id="amount", hint="Amount")
        ui.edit("title", id="item_name", hint="Item")
        ui.edit("category", id="category", hint="Category")
        ui.edit("notes", id="notes", hint="Notes", lines=3)

    def save(self) -> None:
        try:
            amount = float(self.value("amount").replace(",", "").lstrip("$€£¥"))
        except ValueError:
            self.device.toast("Please enter an amount")
            return
        values = {
            "title": self.value("title") or "(No title)",
            "amount": amount,
            "category": self.value("category") or "Others",
            "notes": self.values.get("notes", ""),
            "date": self.app.now_ms(),
        }
        if self.row_id:
            self.app.db.change("transactions", self.row_id, values)
        else:
            self.row_id = self.app.db.add("transactions", values)
        self.device.record("expense.add", values)
        self.app.close()


class Finance(App):
    package = PKG
    label = "Bluecoins"
    main = Transactions
    screens = (ExpenseForm,)
    storage = ((DB_PATH, SCHEMA),)
