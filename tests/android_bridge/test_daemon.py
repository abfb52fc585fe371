"""The daemon's network boundary before anything listens: which binds need TLS, which Host names
are answered, and which audit logs the daemon refuses to start on."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from android_bridge.daemon import DaemonConfig, allowed_hosts, check_bind, is_loopback, open_audit
from host_pep.audit import AuditLog
from host_pep.audit.keys import AuditKey
from tests.host_pep.audit.helpers import record


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("127.8.9.10", True),
        ("::1", True),
        ("localhost", True),
        ("0.0.0.0", False),
        ("::", False),
        ("192.168.1.20", False),
        ("no-such-host.invalid", False),
    ],
)
def test_is_loopback(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback


def test_plain_http_outside_loopback_is_refused_unless_insecure_bind(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with pytest.raises(ValueError, match="--tls-cert"):
        check_bind(DaemonConfig(host="0.0.0.0"))
    with caplog.at_level(logging.WARNING, logger="android_bridge.daemon"):
        assert check_bind(DaemonConfig(host="0.0.0.0", insecure_bind=True)) is None
    assert "--insecure-bind" in caplog.text
    assert check_bind(DaemonConfig(host="127.0.0.1")) is None
    with pytest.raises(ValueError, match="both"):
        check_bind(DaemonConfig(tls_cert=Path("c.pem")))


def test_tls_context_from_the_given_files(tmp_path: Path) -> None:
    from tests.security.tls import self_signed

    cert, key = self_signed(tmp_path, "127.0.0.1")
    context = check_bind(DaemonConfig(host="0.0.0.0", tls_cert=cert, tls_key=key))
    assert context is not None and context.minimum_version.name == "TLSv1_2"


def test_allowed_hosts() -> None:
    assert allowed_hosts(DaemonConfig()) == {"127.0.0.1", "localhost", "::1"}
    names = allowed_hosts(
        DaemonConfig(host="0.0.0.0", insecure_bind=True, allowed_hosts=["Droid.Example"])
    )
    assert "0.0.0.0" not in names and "droid.example" in names
    assert "10.0.0.5" in allowed_hosts(DaemonConfig(host="10.0.0.5", insecure_bind=True))


def test_the_daemon_refuses_an_audit_log_its_key_may_not_extend(tmp_path: Path) -> None:
    state = tmp_path / "state"
    state.mkdir()
    with AuditLog.open(state / "audit.db", key_from_env=False) as log:
        log.append(record())  # a log from before keyed audit
    with pytest.raises(ValueError, match="adopt"):
        open_audit(DaemonConfig(state_dir=state))
    other = AuditKey.generate()
    with AuditLog.open(tmp_path / "b.db", key=other, key_from_env=False) as log:
        log.append(record())
    with pytest.raises(ValueError, match="another key"):
        open_audit(DaemonConfig(state_dir=state, audit=tmp_path / "b.db"))


def test_the_daemon_keys_a_new_log_with_the_state_dirs_key(tmp_path: Path) -> None:
    state = tmp_path / "state"
    log = open_audit(DaemonConfig(state_dir=state))
    try:
        log.append(record())
        assert log.verify().keyed
    finally:
        log.close()
    key = AuditKey.load(state / "audit.key")
    with AuditLog.open(state / "audit.db", readonly=True, key=key, key_from_env=False) as again:
        result = again.verify()
    assert result.ok and result.key_id == key.key_id and result.checkpoints >= 1
