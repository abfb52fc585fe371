"""Which button labels approve a dialog, and which dialogs grant an app access."""

from android_bridge.events.lexicon import granted_access, is_approval


def test_approvals_and_the_access_a_dialog_grants() -> None:
    assert is_approval("Allow") and is_approval("Activate this device admin app")
    assert is_approval("Start now") and is_approval("Zulassen")
    assert not is_approval("Cancel") and not is_approval("Don't allow")
    assert granted_access("Start recording or casting with Signal?") == "start recording or casting"
    assert granted_access("Activate device admin app?") == "device admin"
    assert granted_access("Benachrichtigungszugriff für Tasker zulassen?") is not None
    # a runtime permission prompt names no special access
    assert granted_access("Allow Flashlight to access your contacts?") is None
