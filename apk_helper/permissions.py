"""Android's runtime ("dangerous") permissions, by permission group.

Source: the platform manifest (frameworks/base/core/res/AndroidManifest.xml), permissions with
``protectionLevel="dangerous"`` up to API 35. These are the permissions an app must be granted at
run time (``pm grant``) and the ones a reviewer should look at first.
"""

from __future__ import annotations

_GROUPS: dict[str, tuple[str, ...]] = {
    "calendar": ("READ_CALENDAR", "WRITE_CALENDAR"),
    "call_log": ("READ_CALL_LOG", "WRITE_CALL_LOG", "PROCESS_OUTGOING_CALLS"),
    "camera": ("CAMERA",),
    "contacts": ("READ_CONTACTS", "WRITE_CONTACTS", "GET_ACCOUNTS"),
    "location": ("ACCESS_FINE_LOCATION", "ACCESS_COARSE_LOCATION", "ACCESS_BACKGROUND_LOCATION"),
    "microphone": ("RECORD_AUDIO",),
    "phone": (
        "READ_PHONE_STATE",
        "READ_PHONE_NUMBERS",
        "CALL_PHONE",
        "ANSWER_PHONE_CALLS",
        "ADD_VOICEMAIL",
        "USE_SIP",
        "ACCEPT_HANDOVER",
    ),
    "sensors": ("BODY_SENSORS", "BODY_SENSORS_BACKGROUND"),
    "activity_recognition": ("ACTIVITY_RECOGNITION",),
    "sms": ("SEND_SMS", "RECEIVE_SMS", "READ_SMS", "RECEIVE_WAP_PUSH", "RECEIVE_MMS"),
    "storage": (
        "READ_EXTERNAL_STORAGE",
        "WRITE_EXTERNAL_STORAGE",
        "ACCESS_MEDIA_LOCATION",
        "READ_MEDIA_IMAGES",
        "READ_MEDIA_VIDEO",
        "READ_MEDIA_AUDIO",
        "READ_MEDIA_VISUAL_USER_SELECTED",
    ),
    "nearby_devices": (
        "BLUETOOTH_SCAN",
        "BLUETOOTH_CONNECT",
        "BLUETOOTH_ADVERTISE",
        "UWB_RANGING",
        "NEARBY_WIFI_DEVICES",
    ),
    "notifications": ("POST_NOTIFICATIONS",),
}

DANGEROUS_PERMISSIONS: dict[str, str] = {
    f"android.permission.{name}": group for group, names in _GROUPS.items() for name in names
}
"""Fully qualified dangerous permission -> its permission group."""


def is_dangerous(permission: str) -> bool:
    """True if ``permission`` is a runtime permission of the platform."""
    return permission in DANGEROUS_PERMISSIONS


def permission_group(permission: str) -> str | None:
    """The platform permission group of a dangerous permission, else None."""
    return DANGEROUS_PERMISSIONS.get(permission)
