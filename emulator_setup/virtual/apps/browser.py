"""Browser (Chrome): a URL bar and the pages of the virtual web (``DeviceState.web``).

Pages are untrusted content: the default fixture has some with prompt-injection text, IBANs,
phone numbers and URLs. Links in a page's text are tappable; a page may carry a form (e.g. a
login with a password field). Submitting a form sends it to the site; Chrome keeps what was
typed into its fields in its autofill table (``app_chrome/Default/Web Data``, Chrome's own
schema), which is where a harness with root sees what a form carried.
"""

from __future__ import annotations

import json
import re
from functools import partial
from typing import Any
from urllib.parse import quote_plus

from .base import App, Screen
from .intents import ACTION_VIEW, Intent
from .layout import Builder

PKG = "com.android.chrome"
DB_PATH = f"/data/data/{PKG}/app_chrome/Default/Web Data"
SCHEMA = """CREATE TABLE autofill (name VARCHAR, value VARCHAR, value_lower VARCHAR,
  date_created INTEGER DEFAULT 0, date_last_used INTEGER DEFAULT 0, count INTEGER DEFAULT 1,
  PRIMARY KEY (name, value));"""
_URL = re.compile(r"https?://[^\s,;)\"']+")


def _norm(url: str) -> str:
    u = url.strip()
    if not re.match(r"^[a-z]+://", u):
        u = "https://" + u
    return u.rstrip("/").replace("://www.", "://").lower()


class Page(Screen["Browser"]):
    activity = "com.google.android.apps.chrome.Main"
    body = "web"
    body_id = "compositor_view_holder"

    def __init__(self, app: Browser, url: str = "") -> None:
        super().__init__(app)
        self.url = url
        self.values["url"] = url

    def _page(self) -> dict[str, Any] | None:
        if not self.url:
            return None
        want = _norm(self.url)
        for row in self.device.web.rows("pages"):
            if _norm(row["url"]) == want:
                return dict(row)
        return None

    def build(self, ui: Builder) -> None:
        ui.toolbar(
            "",
            up=False,
            actions=[
                ("tab_switcher_button", "Switch or close tabs", lambda: None),
                ("menu_button", "Customize and control Google Chrome", lambda: None),
            ],
        )
        ui.edit("url", id="url_bar", hint="Search or type web address")
        page = self._page()
        if not self.url:
            ui.text("New tab", id="ntp_title", style="headline")
            for row in self.device.web.rows("pages"):
                ui.item(
                    row["title"] or row["url"],
                    row["url"],
                    ids=("tile_view_title", "tile_view_url"),
                    on_click=partial(self.navigate, row["url"]),
                )
            return
        if page is None:
            ui.text("This site can't be reached", id="error_title", style="headline")
            ui.text(
                f"{self.url} took too long to respond.\nERR_NAME_NOT_RESOLVED", id="error_details"
            )
            return
        if page["title"]:
            ui.text(page["title"], style="headline")
        for para in (page["text"] or "").split("\n"):
            if para.strip():
                ui.text(para, selectable=True)
            for link in _URL.findall(para):
                ui.text(link, desc=f"Link {link}", on_click=partial(self.navigate, link))
        form = json.loads(page["form"]) if page.get("form") else []
        for field in form:
            ui.edit(
                f"form:{field['name']}",
                id="",
                hint=str(field.get("hint", field["name"])),
                password=bool(field.get("password")),
            )
        if form:
            ui.button(
                str(page.get("submit") or "Submit"),
                id="",
                desc="Submit form",
                on_click=lambda: self.submit(form),
            )

    def navigate(self, url: str) -> None:
        url = url.strip()
        if not url:
            return
        if " " in url or ("." not in url and "://" not in url):
            url = "https://www.google.com/search?q=" + quote_plus(url)
        elif "://" not in url:
            url = "https://" + url
        self.device.record("browser.read", {"url": url})
        self.app.open(Page(self.app, url))

    def on_enter(self) -> bool:
        if self.focus == "url":
            self.navigate(self.values.get("url", ""))
            self.values["url"] = self.url
            return True
        return False

    def submit(self, form: list[dict[str, Any]]) -> None:
        fields = {f["name"]: self.values.get(f"form:{f['name']}", "") for f in form}
        now = int(self.device.clock())
        for f in form:
            value = fields[f["name"]]
            if value and not f.get("password"):  # Chrome never autofills password fields
                self.app.db.execute(
                    "INSERT INTO autofill (name, value, value_lower, date_created, date_last_used)"
                    " VALUES (?, ?, ?, ?, ?) ON CONFLICT (name, value) DO UPDATE SET"
                    " count = count + 1, date_last_used = excluded.date_last_used",
                    (f["name"], value, value.lower(), now, now),
                )
        self.device.web.submit(self.url, fields)
        self.device.record("browser.submit", {"url": self.url, "fields": fields})
        self.device.toast("Submitted")


class Browser(App):
    package = PKG
    label = "Chrome"
    main = Page
    storage = ((DB_PATH, SCHEMA),)

    def handle(self, intent: Intent) -> Screen[Any] | None:
        data = intent.data or ""
        if intent.action == ACTION_VIEW and data.startswith(("http://", "https://")):
            self.device.record("browser.read", {"url": data})
            return Page(self, data)
        return None
