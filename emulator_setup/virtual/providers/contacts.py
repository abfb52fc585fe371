"""ContactsProvider2 (``content://com.android.contacts``) and its legacy ``content://contacts``
face, over ``/data/data/com.android.providers.contacts/databases/contacts2.db``.

The three-tier model of ContactsContract: a **raw contact** per account, **data** rows typed
by ``mimetype`` whose meaning is in ``data1``…``data15`` (a phone's number is ``data1`` of a
``vnd.android.cursor.item/phone_v2`` row), and an aggregate **contact** per raw contact (this
provider never merges two raw contacts). The views expose the contract's columns under their
public names, the default projections come out in the projection maps' HashMap order, and
the errors are the provider's own ("Aggregate contacts are created automatically",
"mimetype is required", "Invalid column x"). Legacy ``content://contacts/phones`` and
``/people`` (``android.provider.Contacts``, still answered on Android 14) are views over the
same rows; AndroidWorld lists contacts through ``contacts/phones``.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Mapping, Sequence
from typing import Any

import phonenumbers  # libphonenumber's rules, as PhoneNumberUtils uses them: E.164 normalization

from ..database import Database, quote
from .base import (
    ILLEGAL_ARGUMENT,
    UNSUPPORTED,
    ContentUri,
    Cursor,
    ProviderError,
    Route,
    check_values,
    match_route,
    route_for,
    run_query,
    unknown_url,
)
from .java import JavaHashMap, arraymap_order

AUTHORITY = "com.android.contacts"
LEGACY_AUTHORITY = "contacts"
DB_PATH = "/data/data/com.android.providers.contacts/databases/contacts2.db"

NAME = "vnd.android.cursor.item/name"
PHONE = "vnd.android.cursor.item/phone_v2"
EMAIL = "vnd.android.cursor.item/email_v2"
POSTAL = "vnd.android.cursor.item/postal-address_v2"
ORGANIZATION = "vnd.android.cursor.item/organization"
NOTE = "vnd.android.cursor.item/note"
NICKNAME = "vnd.android.cursor.item/nickname"

# ContactsContract.DisplayNameSources: which kind of data row named the contact.
_NAME_SOURCES = ((NAME, 40), (NICKNAME, 35), (ORGANIZATION, 30), (PHONE, 20), (EMAIL, 10))
_DEFAULT_REGION = "US"  # the emulator's network country

_DATA = [f"data{i}" for i in range(1, 16)]
SCHEMA = (
    """
CREATE TABLE mimetypes (_id INTEGER PRIMARY KEY AUTOINCREMENT, mimetype TEXT NOT NULL);
CREATE UNIQUE INDEX mime_type ON mimetypes (mimetype);
CREATE TABLE contacts (
  _id INTEGER PRIMARY KEY AUTOINCREMENT, name_raw_contact_id INTEGER, photo_id INTEGER,
  photo_file_id INTEGER, custom_ringtone TEXT, send_to_voicemail INTEGER NOT NULL DEFAULT 0,
  x_times_contacted INTEGER NOT NULL DEFAULT 0, x_last_time_contacted INTEGER,
  starred INTEGER NOT NULL DEFAULT 0, pinned INTEGER NOT NULL DEFAULT 0,
  has_phone_number INTEGER NOT NULL DEFAULT 0, lookup TEXT, status_update_id INTEGER,
  contact_last_updated_timestamp INTEGER);
CREATE TABLE raw_contacts (
  _id INTEGER PRIMARY KEY AUTOINCREMENT, account_name TEXT, account_type TEXT, data_set TEXT,
  sourceid TEXT, backup_id TEXT, raw_contact_is_read_only INTEGER NOT NULL DEFAULT 0,
  version INTEGER NOT NULL DEFAULT 1, dirty INTEGER NOT NULL DEFAULT 0,
  deleted INTEGER NOT NULL DEFAULT 0, metadata_dirty INTEGER NOT NULL DEFAULT 0,
  contact_id INTEGER REFERENCES contacts(_id), aggregation_mode INTEGER NOT NULL DEFAULT 0,
  aggregation_needed INTEGER NOT NULL DEFAULT 1, custom_ringtone TEXT,
  send_to_voicemail INTEGER NOT NULL DEFAULT 0, x_times_contacted INTEGER NOT NULL DEFAULT 0,
  x_last_time_contacted INTEGER, starred INTEGER NOT NULL DEFAULT 0,
  pinned INTEGER NOT NULL DEFAULT 0, display_name TEXT, display_name_alt TEXT,
  display_name_source INTEGER NOT NULL DEFAULT 0, phonetic_name TEXT, phonetic_name_style TEXT,
  sort_key TEXT, phonebook_label TEXT, phonebook_bucket INTEGER, sort_key_alt TEXT,
  phonebook_label_alt TEXT, phonebook_bucket_alt INTEGER, name_verified INTEGER NOT NULL DEFAULT 0,
  sync1 TEXT, sync2 TEXT, sync3 TEXT, sync4 TEXT);
CREATE TABLE data (
  _id INTEGER PRIMARY KEY AUTOINCREMENT, package_id INTEGER, mimetype_id INTEGER NOT NULL,
  raw_contact_id INTEGER NOT NULL, hash_id TEXT, is_read_only INTEGER NOT NULL DEFAULT 0,
  is_primary INTEGER NOT NULL DEFAULT 0, is_super_primary INTEGER NOT NULL DEFAULT 0,
  data_version INTEGER NOT NULL DEFAULT 0, """
    + ", ".join(f"{c} {'BLOB' if c == 'data15' else 'TEXT'}" for c in _DATA)
    + """, data_sync1 TEXT, data_sync2 TEXT, data_sync3 TEXT, data_sync4 TEXT,
  carrier_presence INTEGER NOT NULL DEFAULT 0, preferred_phone_account_component_name TEXT,
  preferred_phone_account_id TEXT);
CREATE VIEW view_raw_contacts AS SELECT r._id AS _id, r.contact_id AS contact_id,
  r.deleted AS deleted, r.display_name AS display_name, r.display_name_alt AS display_name_alt,
  r.display_name_source AS display_name_source, r.phonetic_name AS phonetic_name,
  r.phonetic_name_style AS phonetic_name_style, r.sort_key AS sort_key,
  r.sort_key_alt AS sort_key_alt, r.phonebook_label AS phonebook_label,
  r.phonebook_bucket AS phonebook_bucket, r.phonebook_label_alt AS phonebook_label_alt,
  r.phonebook_bucket_alt AS phonebook_bucket_alt, 0 AS times_contacted,
  0 AS last_time_contacted, r.custom_ringtone AS custom_ringtone,
  r.send_to_voicemail AS send_to_voicemail, r.starred AS starred, r.pinned AS pinned,
  r.aggregation_mode AS aggregation_mode, 0 AS raw_contact_is_user_profile,
  r.metadata_dirty AS metadata_dirty, r.account_name AS account_name,
  r.account_type AS account_type, r.data_set AS data_set,
  CASE WHEN r.data_set IS NULL THEN r.account_type ELSE r.account_type || '/' || r.data_set END
    AS account_type_and_data_set,
  r.dirty AS dirty, r.sourceid AS sourceid, r.backup_id AS backup_id, r.version AS version,
  r.sync1 AS sync1, r.sync2 AS sync2, r.sync3 AS sync3, r.sync4 AS sync4
  FROM raw_contacts r;
CREATE VIEW view_contacts AS SELECT c._id AS _id, c.has_phone_number AS has_phone_number,
  c.name_raw_contact_id AS name_raw_contact_id, 0 AS is_user_profile,
  c.custom_ringtone AS custom_ringtone, r.display_name AS display_name,
  r.display_name_alt AS display_name_alt, r.display_name_source AS display_name_source,
  1 AS in_default_directory, 1 AS in_visible_group, 0 AS last_time_contacted,
  c.lookup AS lookup, r.phonetic_name AS phonetic_name,
  r.phonetic_name_style AS phonetic_name_style, c.photo_id AS photo_id,
  c.photo_file_id AS photo_file_id, NULL AS photo_uri, NULL AS photo_thumb_uri,
  c.send_to_voicemail AS send_to_voicemail, r.sort_key_alt AS sort_key_alt,
  r.sort_key AS sort_key, r.phonebook_label AS phonebook_label,
  r.phonebook_bucket AS phonebook_bucket, r.phonebook_label_alt AS phonebook_label_alt,
  r.phonebook_bucket_alt AS phonebook_bucket_alt, c.starred AS starred, c.pinned AS pinned,
  0 AS times_contacted, c.contact_last_updated_timestamp AS contact_last_updated_timestamp,
  NULL AS contact_presence, NULL AS contact_chat_capability, NULL AS contact_status,
  NULL AS contact_status_ts, NULL AS contact_status_res_package, NULL AS contact_status_label,
  NULL AS contact_status_icon
  FROM contacts c JOIN raw_contacts r ON r._id = c.name_raw_contact_id;
CREATE VIEW view_data AS SELECT d._id AS _id, d.raw_contact_id AS raw_contact_id,
  d.hash_id AS hash_id, r.contact_id AS contact_id, c.name_raw_contact_id AS name_raw_contact_id,
  0 AS raw_contact_is_user_profile, """
    + ", ".join(f"d.{c} AS {c}" for c in _DATA)
    + """, d.carrier_presence AS carrier_presence,
  d.preferred_phone_account_component_name AS preferred_phone_account_component_name,
  d.preferred_phone_account_id AS preferred_phone_account_id, d.data_version AS data_version,
  d.is_primary AS is_primary, d.is_super_primary AS is_super_primary, m.mimetype AS mimetype,
  NULL AS res_package, d.data_sync1 AS data_sync1, d.data_sync2 AS data_sync2,
  d.data_sync3 AS data_sync3, d.data_sync4 AS data_sync4, NULL AS group_sourceid,
  NULL AS mode, NULL AS chat_capability, NULL AS status, NULL AS status_ts,
  NULL AS status_res_package, NULL AS status_label, NULL AS status_icon,
  r.account_name AS account_name, r.account_type AS account_type, r.data_set AS data_set,
  CASE WHEN r.data_set IS NULL THEN r.account_type ELSE r.account_type || '/' || r.data_set END
    AS account_type_and_data_set,
  r.dirty AS dirty, r.sourceid AS sourceid, r.backup_id AS backup_id, r.version AS version,
  c.custom_ringtone AS custom_ringtone, n.display_name AS display_name,
  n.display_name_alt AS display_name_alt, n.display_name_source AS display_name_source,
  1 AS in_default_directory, 1 AS in_visible_group, 0 AS last_time_contacted,
  c.lookup AS lookup, n.phonetic_name AS phonetic_name,
  n.phonetic_name_style AS phonetic_name_style, c.photo_id AS photo_id,
  c.photo_file_id AS photo_file_id, NULL AS photo_uri, NULL AS photo_thumb_uri,
  c.send_to_voicemail AS send_to_voicemail, n.sort_key_alt AS sort_key_alt,
  n.sort_key AS sort_key, n.phonebook_label AS phonebook_label,
  n.phonebook_bucket AS phonebook_bucket, n.phonebook_label_alt AS phonebook_label_alt,
  n.phonebook_bucket_alt AS phonebook_bucket_alt, c.starred AS starred, c.pinned AS pinned,
  0 AS times_contacted, c.has_phone_number AS has_phone_number,
  c.contact_last_updated_timestamp AS contact_last_updated_timestamp,
  NULL AS contact_presence, NULL AS contact_chat_capability, NULL AS contact_status,
  NULL AS contact_status_ts, NULL AS contact_status_res_package, NULL AS contact_status_label,
  NULL AS contact_status_icon, 0 AS times_used, 0 AS last_time_used
  FROM data d JOIN mimetypes m ON m._id = d.mimetype_id
  JOIN raw_contacts r ON r._id = d.raw_contact_id AND r.deleted = 0
  JOIN contacts c ON c._id = r.contact_id
  LEFT JOIN raw_contacts n ON n._id = c.name_raw_contact_id;
CREATE VIEW view_v1_people AS SELECT r._id AS _id, r.display_name AS name,
  r.display_name AS display_name, r.phonetic_name AS phonetic_name,
  (SELECT d.data1 FROM data d JOIN mimetypes m ON m._id = d.mimetype_id
     WHERE d.raw_contact_id = r._id AND m.mimetype = '"""
    + NOTE
    + """' LIMIT 1) AS notes,
  0 AS times_contacted, 0 AS last_time_contacted, r.custom_ringtone AS custom_ringtone,
  r.send_to_voicemail AS send_to_voicemail, r.starred AS starred,
  NULL AS primary_organization, NULL AS primary_email,
  (SELECT d._id FROM data d JOIN mimetypes m ON m._id = d.mimetype_id
     WHERE d.raw_contact_id = r._id AND m.mimetype = '"""
    + PHONE
    + """' ORDER BY d.is_primary DESC, d._id LIMIT 1) AS primary_phone
  FROM raw_contacts r WHERE r.deleted = 0;
CREATE VIEW view_v1_phones AS SELECT d._id AS _id, d.raw_contact_id AS person,
  d.is_primary AS isprimary, d.data1 AS number, d.data2 AS type, d.data3 AS label,
  d.data4 AS number_key, p.name AS name, p.display_name AS display_name,
  p.phonetic_name AS phonetic_name, p.notes AS notes, p.times_contacted AS times_contacted,
  p.last_time_contacted AS last_time_contacted, p.custom_ringtone AS custom_ringtone,
  p.send_to_voicemail AS send_to_voicemail, p.starred AS starred,
  p.primary_organization AS primary_organization, p.primary_email AS primary_email,
  p.primary_phone AS primary_phone
  FROM data d JOIN mimetypes m ON m._id = d.mimetype_id AND m.mimetype = '"""
    + PHONE
    + """' JOIN view_v1_people p ON p._id = d.raw_contact_id;
"""
)


def _projection_map(*parts: str | JavaHashMap) -> JavaHashMap:
    """``ProjectionMap.builder().add(…).addAll(…)``: puts in builder order, maps in theirs."""
    out = JavaHashMap()
    for part in parts:
        if isinstance(part, JavaHashMap):
            out.put_all(part.keys())
        else:
            out.put(part)
    return out


_CONTACTS_COLUMNS = _projection_map(
    "custom_ringtone", "display_name", "display_name_alt", "display_name_source",
    "in_default_directory", "in_visible_group", "last_time_contacted", "lookup", "phonetic_name",
    "phonetic_name_style", "photo_id", "photo_file_id", "photo_uri", "photo_thumb_uri",
    "send_to_voicemail", "sort_key_alt", "sort_key", "phonebook_label", "phonebook_bucket",
    "phonebook_label_alt", "phonebook_bucket_alt", "starred", "pinned", "times_contacted",
    "has_phone_number", "contact_last_updated_timestamp",
)  # fmt: skip
_CONTACT_PRESENCE = _projection_map(
    "contact_presence", "contact_chat_capability", "contact_status", "contact_status_ts",
    "contact_status_res_package", "contact_status_label", "contact_status_icon",
)  # fmt: skip
_RAW_CONTACT_COLUMNS = _projection_map(
    "account_name", "account_type", "data_set", "account_type_and_data_set", "dirty",
    "sourceid", "backup_id", "version",
)  # fmt: skip
_RAW_SYNC = _projection_map("sync1", "sync2", "sync3", "sync4")
_DATA_COLUMNS = _projection_map(
    *_DATA, "carrier_presence", "preferred_phone_account_component_name",
    "preferred_phone_account_id", "data_version", "is_primary", "is_super_primary", "mimetype",
    "res_package", "data_sync1", "data_sync2", "data_sync3", "data_sync4", "group_sourceid",
)  # fmt: skip
_DATA_PRESENCE = _projection_map(
    "mode", "chat_capability", "status", "status_ts", "status_res_package", "status_label",
    "status_icon",
)  # fmt: skip
_DATA_USAGE = _projection_map("times_used", "last_time_used")

CONTACTS_COLUMNS = tuple(
    _projection_map(
        "_id", "has_phone_number", "name_raw_contact_id", "is_user_profile", _CONTACTS_COLUMNS,
        _CONTACT_PRESENCE,
    ).keys()
)  # fmt: skip
RAW_CONTACTS_COLUMNS = tuple(
    _projection_map(
        "_id", "contact_id", "deleted", "display_name", "display_name_alt",
        "display_name_source", "phonetic_name", "phonetic_name_style", "sort_key",
        "sort_key_alt", "phonebook_label", "phonebook_bucket", "phonebook_label_alt",
        "phonebook_bucket_alt", "times_contacted", "last_time_contacted", "custom_ringtone",
        "send_to_voicemail", "starred", "pinned", "aggregation_mode",
        "raw_contact_is_user_profile", "metadata_dirty", _RAW_CONTACT_COLUMNS, _RAW_SYNC,
    ).keys()
)  # fmt: skip
DATA_COLUMNS = tuple(
    _projection_map(
        "_id", "raw_contact_id", "hash_id", "contact_id", "name_raw_contact_id",
        "raw_contact_is_user_profile", _DATA_COLUMNS, _DATA_PRESENCE, _RAW_CONTACT_COLUMNS,
        _CONTACTS_COLUMNS, _CONTACT_PRESENCE, _DATA_USAGE,
    ).keys()
)  # fmt: skip
PHONE_LOOKUP_COLUMNS = tuple(
    _projection_map(
        "_id", "contact_id", "data_id", "lookup", "display_name_source", "display_name",
        "display_name_alt", "phonetic_name", "phonetic_name_style", "sort_key", "sort_key_alt",
        "last_time_contacted", "times_contacted", "starred", "in_default_directory",
        "in_visible_group", "photo_id", "photo_file_id", "photo_uri", "photo_thumb_uri",
        "custom_ringtone", "has_phone_number", "send_to_voicemail", "number", "type", "label",
        "normalized_number", "preferred_phone_account_component_name",
        "preferred_phone_account_id",
    ).keys()
)  # fmt: skip
# android.provider.Contacts (legacy): ArrayMaps, which iterate by key hash code.
_PEOPLE_KEYS = (
    "name", "display_name", "phonetic_name", "notes", "times_contacted", "last_time_contacted",
    "custom_ringtone", "send_to_voicemail", "starred", "primary_organization", "primary_email",
    "primary_phone",
)  # fmt: skip
LEGACY_PHONES_COLUMNS = tuple(
    arraymap_order(
        [*_PEOPLE_KEYS, "_id", "person", "isprimary", "number", "type", "label", "number_key"]
    )
)
LEGACY_PEOPLE_COLUMNS = tuple(arraymap_order([*_PEOPLE_KEYS, "_id"]))

_PHONE_LOOKUP_SOURCE = (
    "SELECT d.contact_id AS _id, d.contact_id AS contact_id, d._id AS data_id, d.lookup AS lookup,"
    " d.display_name_source AS display_name_source, d.display_name AS display_name,"
    " d.display_name_alt AS display_name_alt, d.phonetic_name AS phonetic_name,"
    " d.phonetic_name_style AS phonetic_name_style, d.sort_key AS sort_key,"
    " d.sort_key_alt AS sort_key_alt, 0 AS last_time_contacted, 0 AS times_contacted,"
    " d.starred AS starred, 1 AS in_default_directory, 1 AS in_visible_group,"
    " d.photo_id AS photo_id, d.photo_file_id AS photo_file_id, NULL AS photo_uri,"
    " NULL AS photo_thumb_uri, d.custom_ringtone AS custom_ringtone,"
    " d.has_phone_number AS has_phone_number, d.send_to_voicemail AS send_to_voicemail,"
    " d.data1 AS number, d.data2 AS type, d.data3 AS label, d.data4 AS normalized_number,"
    " d.preferred_phone_account_component_name AS preferred_phone_account_component_name,"
    " d.preferred_phone_account_id AS preferred_phone_account_id"
    f" FROM view_data d WHERE d.mimetype = '{PHONE}' AND d._id IN ({{ids}})"
)

ROUTES = (
    Route("contacts", ("contacts",), "SELECT * FROM view_contacts", CONTACTS_COLUMNS),
    Route("contacts_id", ("contacts", "#"), "SELECT * FROM view_contacts", CONTACTS_COLUMNS,
          where="_id = {0}"),
    Route("contacts_id_data", ("contacts", "#", "data"), "SELECT * FROM view_data", DATA_COLUMNS,
          where="contact_id = {0}"),
    Route("raw_contacts", ("raw_contacts",), "SELECT * FROM view_raw_contacts",
          RAW_CONTACTS_COLUMNS),
    Route("raw_contacts_id", ("raw_contacts", "#"), "SELECT * FROM view_raw_contacts",
          RAW_CONTACTS_COLUMNS, where="_id = {0}"),
    Route("raw_contacts_id_data", ("raw_contacts", "#", "data"), "SELECT * FROM view_data",
          DATA_COLUMNS, where="raw_contact_id = {0}"),
    Route("data", ("data",), "SELECT * FROM view_data", DATA_COLUMNS),
    Route("data_id", ("data", "#"), "SELECT * FROM view_data", DATA_COLUMNS, where="_id = {0}"),
    Route("phones", ("data", "phones"), "SELECT * FROM view_data", DATA_COLUMNS,
          where=f"mimetype = '{PHONE}'"),
    Route("phones_id", ("data", "phones", "#"), "SELECT * FROM view_data", DATA_COLUMNS,
          where=f"mimetype = '{PHONE}' AND _id = {{0}}"),
    Route("emails", ("data", "emails"), "SELECT * FROM view_data", DATA_COLUMNS,
          where=f"mimetype = '{EMAIL}'"),
    Route("emails_id", ("data", "emails", "#"), "SELECT * FROM view_data", DATA_COLUMNS,
          where=f"mimetype = '{EMAIL}' AND _id = {{0}}"),
    Route("postals", ("data", "postals"), "SELECT * FROM view_data", DATA_COLUMNS,
          where=f"mimetype = '{POSTAL}'"),
    Route("postals_id", ("data", "postals", "#"), "SELECT * FROM view_data", DATA_COLUMNS,
          where=f"mimetype = '{POSTAL}' AND _id = {{0}}"),
    Route("phone_lookup", ("phone_lookup", "*"), "", PHONE_LOOKUP_COLUMNS),
)  # fmt: skip
LEGACY_ROUTES = (
    Route("people", ("people",), "SELECT * FROM view_v1_people", LEGACY_PEOPLE_COLUMNS,
          strict=False),
    Route("people_id", ("people", "#"), "SELECT * FROM view_v1_people", LEGACY_PEOPLE_COLUMNS,
          where="_id = {0}", strict=False),
    Route("phones", ("phones",), "SELECT * FROM view_v1_phones", LEGACY_PHONES_COLUMNS,
          strict=False),
    Route("phones_id", ("phones", "#"), "SELECT * FROM view_v1_phones", LEGACY_PHONES_COLUMNS,
          where="_id = {0}", strict=False),
)  # fmt: skip

# Columns a caller may write, per table (the provider's own columns are computed).
_RAW_WRITABLE = (
    "account_name", "account_type", "data_set", "sourceid", "backup_id", "version", "dirty",
    "deleted", "aggregation_mode", "custom_ringtone", "send_to_voicemail", "starred", "pinned",
    "sync1", "sync2", "sync3", "sync4", "contact_id", "raw_contact_is_read_only",
)  # fmt: skip
_DATA_WRITABLE = (
    "raw_contact_id", "mimetype", "is_primary", "is_super_primary", "data_version", *_DATA,
    "data_sync1", "data_sync2", "data_sync3", "data_sync4", "is_read_only",
    "preferred_phone_account_component_name", "preferred_phone_account_id", "carrier_presence",
)  # fmt: skip
_CONTACT_WRITABLE = ("custom_ringtone", "send_to_voicemail", "starred", "pinned")


def digits_of(number: str) -> str:
    return "".join(ch for ch in number if ch.isdigit())


def numbers_equal(a: str, b: str) -> bool:
    """``PHONE_NUMBERS_EQUAL`` (loose): the same trailing digits, at least 7 of them (MIN_MATCH)
    unless both numbers are shorter, in which case all of them."""
    da, db_ = digits_of(a), digits_of(b)
    if not da or not db_:
        return False
    n = min(len(da), len(db_))
    if n < 7:
        return da == db_
    return da[-n:] == db_[-n:]


def e164(number: str) -> str | None:
    """``Phone.NORMALIZED_NUMBER``: the number in E.164 for the device's country, if valid."""
    try:
        parsed = phonenumbers.parse(number, _DEFAULT_REGION)
    except phonenumbers.NumberParseException:
        return None
    if not phonenumbers.is_possible_number(parsed):
        return None
    return phonenumbers.format_number(parsed, phonenumbers.PhoneNumberFormat.E164)


def _phonebook(name: str) -> tuple[str, int]:
    """The index label and bucket of a name (A-Z buckets 1-26, anything else "#" 27)."""
    first = name[:1].upper()
    if "A" <= first <= "Z":
        return first, ord(first) - ord("A") + 1
    return "#", 27


def _lookup_key(raw_id: int, name: str) -> str:
    """A local contact's lookup key: ``0r<raw id>-<normalized name>``."""
    norm = "".join(ch for ch in name.casefold() if ch.isalnum())
    return f"0r{raw_id}-" + norm.encode("utf-8").hex().upper()


class ContactsProvider:
    authorities = (AUTHORITY, LEGACY_AUTHORITY)

    def __init__(self, db: Database, clock: Any) -> None:
        self.db = db
        self.clock = clock

    # -- query ---------------------------------------------------------------------------------
    def query(
        self,
        uri: ContentUri,
        projection: Sequence[str] | None,
        selection: str | None,
        sort: str | None,
    ) -> Cursor:
        routes = LEGACY_ROUTES if uri.authority == LEGACY_AUTHORITY else ROUTES
        found = route_for(routes, uri)
        route, captured = found
        if route.name == "phone_lookup":
            number = captured[0]
            _, rows = self.db.query(f"SELECT _id, data1 FROM view_data WHERE mimetype = '{PHONE}'")
            ids = [str(r[0]) for r in rows if numbers_equal(str(r[1] or ""), number)] or ["-1"]
            route = Route(
                route.name, route.pattern, _PHONE_LOOKUP_SOURCE.format(ids=",".join(ids)),
                route.columns,
            )  # fmt: skip
        return run_query(self.db, route, captured, projection, selection, sort)

    # -- insert --------------------------------------------------------------------------------
    def insert(self, uri: ContentUri, values: dict[str, Any]) -> str | None:
        if uri.authority == LEGACY_AUTHORITY:
            return self._legacy_insert(uri, values)
        found = match_route(ROUTES, uri)
        name = found[0].name if found else ""
        if name == "contacts":
            raise ProviderError(UNSUPPORTED, "Aggregate contacts are created automatically")
        if name == "raw_contacts":
            return f"content://{AUTHORITY}/raw_contacts/{self.insert_raw_contact(values)}"
        if name in ("data", "raw_contacts_id_data"):
            if found is not None and name == "raw_contacts_id_data":
                values = {**values, "raw_contact_id": int(found[1][0])}
            data_id = self.insert_data(values)
            return f"{uri.text.rstrip('/')}/{data_id}"
        if found is None:
            raise unknown_url(uri)
        raise ProviderError(UNSUPPORTED, f"Unknown uri: {uri.text}")

    def insert_raw_contact(self, values: Mapping[str, Any]) -> int:
        _check(values, _RAW_WRITABLE, "raw_contacts")
        with self.db.lock:
            raw_id = self.db.add("raw_contacts", dict(values))
            contact_id = self.db.add(
                "contacts",
                {
                    "name_raw_contact_id": raw_id,
                    "starred": values.get("starred", 0) or 0,
                    "contact_last_updated_timestamp": int(self.clock() * 1000),
                },
            )
            self.db.change("raw_contacts", raw_id, {"contact_id": contact_id})
            self._aggregate(raw_id)
            return raw_id

    def insert_data(self, values: Mapping[str, Any]) -> int:
        if values.get("raw_contact_id") in (None, ""):
            raise ProviderError(ILLEGAL_ARGUMENT, "raw_contact_id is required")
        mimetype = values.get("mimetype")
        if not mimetype:
            raise ProviderError(ILLEGAL_ARGUMENT, "mimetype is required")
        _check(values, _DATA_WRITABLE, "data")
        row = {k: v for k, v in values.items() if k != "mimetype"}
        row.update(self._derived(str(mimetype), row))
        with self.db.lock:
            row["mimetype_id"] = self._mimetype_id(str(mimetype))
            data_id = self.db.add("data", row)
            self._aggregate(int(values["raw_contact_id"]))
            return data_id

    def _legacy_insert(self, uri: ContentUri, values: dict[str, Any]) -> str | None:
        found = match_route(LEGACY_ROUTES, uri)
        name = found[0].name if found else ""
        if name == "people":
            raw_id = self.insert_raw_contact({})
            if values.get("name"):
                self.insert_data({"raw_contact_id": raw_id, "mimetype": NAME,
                                  "data1": values["name"]})  # fmt: skip
            return f"content://{LEGACY_AUTHORITY}/people/{raw_id}"
        if name == "phones":
            person = values.get("person")
            if person is None:
                raise ProviderError(ILLEGAL_ARGUMENT, "person is required")
            data_id = self.insert_data(
                {"raw_contact_id": person, "mimetype": PHONE, "data1": values.get("number"),
                 "data2": values.get("type", 2), "data3": values.get("label"),
                 "is_primary": values.get("isprimary", 0)}
            )  # fmt: skip
            return f"content://{LEGACY_AUTHORITY}/phones/{data_id}"
        raise unknown_url(uri)

    def _mimetype_id(self, mimetype: str) -> int:
        _, rows = self.db.query("SELECT _id FROM mimetypes WHERE mimetype = ?", (mimetype,))
        if rows:
            return int(rows[0][0])
        return self.db.add("mimetypes", {"mimetype": mimetype})

    @staticmethod
    def _derived(mimetype: str, row: Mapping[str, Any]) -> dict[str, Any]:
        """What the data row handlers fill in: a phone's normalized number (data4), a name's
        given/family parts (data2/data3), and the row's hash_id."""
        out: dict[str, Any] = {}
        data1 = row.get("data1")
        if mimetype == PHONE and data1 and row.get("data4") is None:
            out["data4"] = e164(str(data1))
        if mimetype == NAME and data1 and row.get("data2") is None and row.get("data3") is None:
            given, _, family = str(data1).rpartition(" ")
            out.update({"data2": given or family, "data3": family if given else None})
        digest = hashlib.sha1(f"{mimetype}|{data1}".encode()).digest()
        out["hash_id"] = base64.b64encode(digest).decode().rstrip("=")
        return out

    def change_data(self, data_id: int, values: Mapping[str, Any]) -> None:
        """Change one data row, recomputing what the row handler derives (normalized number)."""
        _, rows = self.db.query(
            "SELECT m.mimetype, d.raw_contact_id FROM data d JOIN mimetypes m"
            " ON m._id = d.mimetype_id WHERE d._id = ?",
            (data_id,),
        )
        if not rows:
            return
        mimetype, raw_id = str(rows[0][0]), int(rows[0][1])
        change = dict(values)
        if "data1" in change:
            change.pop("data4", None)
            change.update(self._derived(mimetype, change))
        self.db.change("data", data_id, change)
        self._aggregate(raw_id)

    def refresh(self, raw_id: int) -> None:
        """Recompute what the provider derives from a raw contact's data (after an app wrote
        its rows directly, as the Contacts app's batch does)."""
        self._aggregate(raw_id)

    def _aggregate(self, raw_id: int) -> None:
        """Recompute the raw contact's display name and its contact's summary columns."""
        _, rows = self.db.query(
            "SELECT m.mimetype, d.data1 FROM data d JOIN mimetypes m ON m._id = d.mimetype_id"
            " WHERE d.raw_contact_id = ? ORDER BY d.is_super_primary DESC, d.is_primary DESC,"
            " d._id",
            (raw_id,),
        )
        by_kind: dict[str, str] = {}
        for mimetype, data1 in rows:
            if data1 not in (None, ""):
                by_kind.setdefault(str(mimetype), str(data1))
        name, source = "", 0
        for mimetype, src in _NAME_SOURCES:
            if mimetype in by_kind:
                name, source = by_kind[mimetype], src
                break
        label, bucket = _phonebook(name)
        self.db.change(
            "raw_contacts",
            raw_id,
            {"display_name": name or None, "display_name_alt": name or None,
             "display_name_source": source, "sort_key": name or None, "sort_key_alt": name or None,
             "phonebook_label": label if name else None, "phonebook_bucket": bucket if name else None,
             "phonebook_label_alt": label if name else None,
             "phonebook_bucket_alt": bucket if name else None},
        )  # fmt: skip
        raw = self.db.get("raw_contacts", raw_id)
        if raw is None or raw["contact_id"] is None:
            return
        self.db.change(
            "contacts",
            int(raw["contact_id"]),
            {"has_phone_number": int(PHONE in by_kind), "lookup": _lookup_key(raw_id, name),
             "contact_last_updated_timestamp": int(self.clock() * 1000)},
        )  # fmt: skip

    # -- update / delete -----------------------------------------------------------------------
    def update(self, uri: ContentUri, values: dict[str, Any], selection: str | None) -> int:
        if uri.authority == LEGACY_AUTHORITY:
            raise ProviderError(UNSUPPORTED, f"Unknown uri: {uri.text}")
        found = route_for(ROUTES, uri)
        route, captured = found
        if route.name in ("contacts", "contacts_id"):
            _check(values, _CONTACT_WRITABLE, "contacts")
            ids = self._ids(route, captured, selection)
            for cid in ids:
                self.db.change("contacts", cid, values)
                self.db.execute(
                    f"UPDATE raw_contacts SET {', '.join(f'{quote(k)} = ?' for k in values)} "
                    "WHERE contact_id = ?",
                    [*values.values(), cid],
                )
            return len(ids)
        if route.name in ("raw_contacts", "raw_contacts_id"):
            _check(values, _RAW_WRITABLE, "raw_contacts")
            ids = self._ids(route, captured, selection)
            for rid in ids:
                self.db.change("raw_contacts", rid, {**values, "dirty": 1})
                self._aggregate(rid)
            return len(ids)
        if route.name in ("data", "data_id", "phones", "phones_id", "emails", "emails_id",
                          "postals", "postals_id", "raw_contacts_id_data", "contacts_id_data"):  # fmt: skip
            _check(values, _DATA_WRITABLE, "data")
            ids = self._ids(route, captured, selection)
            for did in ids:
                row = self.db.get("data", did)
                if row is None:
                    continue
                change = {k: v for k, v in values.items() if k != "mimetype"}
                if "mimetype" in values:
                    change["mimetype_id"] = self._mimetype_id(str(values["mimetype"]))
                self.change_data(did, change)
            return len(ids)
        raise ProviderError(UNSUPPORTED, f"Unknown uri: {uri.text}")

    def delete(self, uri: ContentUri, selection: str | None) -> int:
        if uri.authority == LEGACY_AUTHORITY:
            found = route_for(LEGACY_ROUTES, uri)
            route, captured = found
            if route.name.startswith("people"):
                return sum(self._delete_raw(r) for r in self._ids(route, captured, selection))
            return sum(self._delete_data(d) for d in self._ids(route, captured, selection))
        found = route_for(ROUTES, uri)
        route, captured = found
        if route.name == "contacts":
            return 0  # ContactsProvider2 answers 0 and deletes nothing on this URI
        if route.name == "contacts_id":
            rows = self.db.rows("raw_contacts", "contact_id = ?", (int(captured[0]),))
            return sum(self._delete_raw(int(r["_id"])) for r in rows)
        if route.name in ("raw_contacts", "raw_contacts_id"):
            return sum(self._delete_raw(r) for r in self._ids(route, captured, selection))
        if route.name == "phone_lookup":
            raise ProviderError(UNSUPPORTED, f"Unknown uri: {uri.text}")
        return sum(self._delete_data(d) for d in self._ids(route, captured, selection))

    def _ids(self, route: Route, captured: Sequence[str], selection: str | None) -> list[int]:
        _, rows = run_query(self.db, route, captured, ["_id"], selection, None)
        return [int(r[0]) for r in rows]

    def _delete_raw(self, raw_id: int) -> int:
        raw = self.db.get("raw_contacts", raw_id)
        if raw is None:
            return 0
        if raw["account_type"] is not None:  # a synced account: marked, the sync adapter deletes
            self.db.change("raw_contacts", raw_id, {"deleted": 1, "dirty": 1})
        else:
            self.db.execute("DELETE FROM data WHERE raw_contact_id = ?", (raw_id,))
            self.db.remove("raw_contacts", raw_id)
        if raw["contact_id"] is not None:
            self.db.remove("contacts", int(raw["contact_id"]))
        return 1

    def _delete_data(self, data_id: int) -> int:
        row = self.db.get("data", data_id)
        if row is None:
            return 0
        self.db.remove("data", data_id)
        self._aggregate(int(row["raw_contact_id"]))
        return 1

    # -- used by the Contacts app and seeding --------------------------------------------------
    def contact_rows(self) -> list[dict[str, Any]]:
        """One summary per visible contact: display name and first value of each kind."""
        names, rows = self.db.query(
            "SELECT contact_id, raw_contact_id, display_name, mimetype, data1, starred"
            " FROM view_data ORDER BY contact_id, is_primary DESC, _id"
        )
        out: dict[int, dict[str, Any]] = {}
        for cid, rid, name, mimetype, data1, starred in rows:
            c = out.setdefault(
                int(cid),
                {"_id": int(cid), "raw_contact_id": int(rid), "display_name": name or "",
                 "starred": starred, "kinds": {}},
            )  # fmt: skip
            c["kinds"].setdefault(str(mimetype), data1)
        del names
        _, bare = self.db.query(
            "SELECT _id, name_raw_contact_id, display_name, starred FROM view_contacts"
        )
        for cid, rid, name, starred in bare:
            out.setdefault(
                int(cid),
                {"_id": int(cid), "raw_contact_id": int(rid), "display_name": name or "",
                 "starred": starred, "kinds": {}},
            )  # fmt: skip
        return sorted(out.values(), key=lambda c: str(c["display_name"]).casefold())


def _check(values: Mapping[str, Any], allowed: Sequence[str], table: str) -> None:
    check_values(values, allowed, table)
