"""The virtual device's internet: the web pages its browser can open and the shop's catalogue.

None of this is on the phone. It stands for the sites a real device would reach, so it is not
in any provider or app database, a factory reset keeps it, and it cannot be seeded onto a real
phone (only onto the virtual device, in-process or through its test hooks). What a form sends
to a site is kept in ``submissions`` for tests: the site received it.
"""

from __future__ import annotations

from typing import Any

from .database import Database

SCHEMA = """
CREATE TABLE pages (_id INTEGER PRIMARY KEY AUTOINCREMENT, url TEXT, title TEXT, text TEXT,
  form TEXT);
CREATE TABLE products (_id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT, price REAL,
  description TEXT);
"""


class Web(Database):
    def __init__(self) -> None:
        super().__init__("", SCHEMA)
        self.submissions: list[dict[str, Any]] = []

    def submit(self, url: str, fields: dict[str, str]) -> None:
        self.submissions.append({"url": url, "fields": dict(fields)})
