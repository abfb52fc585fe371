"""The virtual apps. Each is one module on the shared base in ``base.py``."""

from __future__ import annotations

import importlib

from .base import App

# module:class, in launcher order
_APPS = (
    "contacts:Contacts",
    "messages:Messages",
    "mail:Mail",
    "calendar:Calendar",
    "clock:Clock",
    "notes:Notes",
    "finance:Finance",
    "shopping:Shopping",
    "browser:Browser",
    "files:Files",
    "dialer:Dialer",
    "settings_app:Settings",
)


def app_classes() -> list[type[App]]:
    out = []
    for spec in _APPS:
        mod, _, cls = spec.partition(":")
        out.append(getattr(importlib.import_module(f"{__name__}.{mod}"), cls))
    return out
