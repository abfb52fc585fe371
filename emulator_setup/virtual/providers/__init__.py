"""The device's content providers, by authority, each over its database file.

``Providers`` owns the providers Android ships (contacts, call log, calendar, telephony,
settings, media) and mounts their databases in the device filesystem at their real paths.
Apps without a public provider (mail, notes, finance, shopping, alarms…) are not here: their
data lives in their own private storage (``emulator_setup.virtual.apps``), reachable as on a
phone through their screens, their intents and their files.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from ..apps.settings_store import SettingsStore
from ..database import Database
from ..filesystem import FileSystem
from . import calendar, calllog, contacts, telephony
from .base import ILLEGAL_STATE, ContentUri, Cursor, ProviderError
from .calendar import CalendarProvider
from .calllog import CallLogProvider
from .contacts import ContactsProvider
from .media import MediaProvider
from .settings import SettingsProvider
from .telephony import TelephonyProvider

__all__ = ["ContentUri", "ProviderError", "Providers"]


class Provider(Protocol):
    @property
    def authorities(self) -> tuple[str, ...]: ...

    def query(
        self, uri: ContentUri, projection: Sequence[str] | None, selection: str | None,
        sort: str | None,
    ) -> Cursor: ...  # fmt: skip
    def insert(self, uri: ContentUri, values: dict[str, Any]) -> str | None: ...
    def update(self, uri: ContentUri, values: dict[str, Any], selection: str | None) -> int: ...
    def delete(self, uri: ContentUri, selection: str | None) -> int: ...


# Which package owns each provider database (``pm clear`` of it empties the database).
OWNERS = {
    "com.android.providers.contacts": (contacts.DB_PATH, calllog.DB_PATH),
    "com.android.providers.calendar": (calendar.DB_PATH,),
    "com.android.providers.telephony": (telephony.DB_PATH,),
}


class Providers:
    def __init__(self, fs: FileSystem, settings: SettingsStore, clock: Callable[[], float]) -> None:
        self.contacts_db = Database(contacts.DB_PATH, contacts.SCHEMA)
        self.calllog_db = Database(calllog.DB_PATH, calllog.SCHEMA)
        self.calendar_db = Database(calendar.DB_PATH, calendar.SCHEMA)
        self.telephony_db = Database(telephony.DB_PATH, telephony.SCHEMA)
        self.databases = {
            db.path: db
            for db in (self.contacts_db, self.calllog_db, self.calendar_db, self.telephony_db)
        }
        for db in self.databases.values():
            fs.mount(db.path, db)
        fs.mount(telephony.DB_ALIAS, self.telephony_db)
        self.contacts = ContactsProvider(self.contacts_db, clock)
        self.calllog = CallLogProvider(self.calllog_db)
        self.calendar = CalendarProvider(self.calendar_db)
        self.telephony = TelephonyProvider(self.telephony_db, clock)
        self.settings = SettingsProvider(settings)
        self.media = MediaProvider(fs, clock)
        self._by_authority: dict[str, Provider] = {}
        providers: tuple[Provider, ...] = (self.contacts, self.calllog, self.calendar,
                                           self.telephony, self.settings, self.media)  # fmt: skip
        for p in providers:
            for authority in p.authorities:
                self._by_authority[authority] = p

    @property
    def version(self) -> int:
        """Changes whenever any provider database is written."""
        return sum(db.version for db in self.databases.values())

    def resolve(self, uri: str) -> tuple[Provider, ContentUri]:
        parsed = ContentUri.parse(uri)
        provider = self._by_authority.get(parsed.authority)
        if provider is None:
            raise ProviderError(ILLEGAL_STATE, f"Could not find provider: {parsed.authority}")
        return provider, parsed

    def clear(self, package: str | None = None) -> None:
        """Empty the databases of one provider package, or all of them (a factory reset)."""
        paths = OWNERS.get(package, ()) if package else tuple(self.databases)
        for path in paths:
            self.databases[path].clear()
