from __future__ import annotations

import pytest

from emulator_setup.virtual.state import DeviceState


@pytest.fixture
def dev() -> DeviceState:
    return DeviceState()


def sel(**fields: object) -> dict[str, object]:
    """A selector exactly as uiautomator2's Selector builds it."""
    from emulator_setup.virtual.ui.selector import MASK

    mask = 0
    for k in fields:
        mask |= MASK[k]
    return {"mask": mask, "childOrSibling": [], "childOrSiblingSelector": [], **fields}
