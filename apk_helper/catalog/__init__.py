"""The app catalog: packages, providers, intents and tools mapped to semantic apps.

``load_catalog()`` returns the shipped catalog merged with user files; see loader.py for the merge
rule and apps.yaml for the data.
"""

from __future__ import annotations

from apk_helper.catalog.loader import ENV_VAR, Catalog, catalog_paths, load_catalog, shipped_path
from apk_helper.catalog.models import AppEntry, FieldSpec, IntentSpec, Roles

__all__ = [
    "ENV_VAR",
    "AppEntry",
    "Catalog",
    "FieldSpec",
    "IntentSpec",
    "Roles",
    "catalog_paths",
    "load_catalog",
    "shipped_path",
]
