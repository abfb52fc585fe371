"""Shared fixtures: the real APK shipped inside uiautomator2, and APKs built on the fly."""

from __future__ import annotations

from collections.abc import Callable
from importlib import resources
from pathlib import Path

import pytest

from apk_helper.axml_writer import build_apk, simple_manifest


@pytest.fixture(scope="session")
def u2_apk() -> Path:
    """uiautomator2's own app-uiautomator.apk: a real, signed APK built by aapt2."""
    path = Path(str(resources.files("uiautomator2").joinpath("assets/app-uiautomator.apk")))
    assert path.is_file(), path
    return path


@pytest.fixture
def make_apk(tmp_path: Path) -> Callable[..., Path]:
    """Build an APK for ``package`` with simple_manifest's options (or a given manifest)."""

    def make(
        package: str = "com.example.app", *, manifest: str | None = None, **kw: object
    ) -> Path:
        xml = manifest if manifest is not None else simple_manifest(package, **kw)  # type: ignore[arg-type]
        return build_apk(tmp_path / f"{package}.apk", xml)

    return make
