"""Real upstream MCP servers (tests/android_bridge/gateway/upstreams.py, the official SDK) and a
real ``droidgate gateway`` process in front of them."""

from __future__ import annotations

import json
import os
import selectors
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

UPSTREAMS = Path(__file__).with_name("upstreams.py")
CHAT_TOKEN = "chat-credential-" + "x" * 24


def droidgate() -> str:
    return str(Path(sys.executable).with_name("droidgate"))


def _read_line(proc: subprocess.Popen[str], timeout: float, what: str) -> str:
    assert proc.stdout is not None
    sel = selectors.DefaultSelector()
    sel.register(proc.stdout, selectors.EVENT_READ)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{what} exited with {proc.returncode}")
        if sel.select(0.2):
            line = proc.stdout.readline()
            if line.strip():
                return line.strip()
    raise TimeoutError(f"{what} did not get ready in {timeout:g} s")


def stop(proc: subprocess.Popen[str]) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    for stream in (proc.stdout, proc.stderr):
        if stream is not None:
            stream.close()


@dataclass
class Chat:
    """The chat upstream: streamable HTTP, wants ``Bearer CHAT_TOKEN``."""

    url: str
    port: int
    log: Path
    proc: subprocess.Popen[str]

    def posted(self) -> list[dict[str, Any]]:
        if not self.log.exists():
            return []
        return [json.loads(line) for line in self.log.read_text().splitlines() if line.strip()]


def start_chat(log: Path, port: int = 0) -> Chat:
    env = {**os.environ, "CHAT_TOKEN": CHAT_TOKEN}
    proc = subprocess.Popen(
        [sys.executable, str(UPSTREAMS), "chat", "--http", str(port), "--log", str(log)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    line = _read_line(proc, 30, "the chat upstream")
    url = line.split()[1]
    return Chat(url, int(url.rsplit(":", 1)[1].split("/")[0]), log, proc)


@dataclass
class Gateway:
    info: dict[str, Any]
    proc: subprocess.Popen[str]
    state: Path
    mail_log: Path
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def token(self) -> str:
        """The MCP agent's token (what an MCP client presents)."""
        return Path(self.info["agent_token_file"]).read_text().strip()

    @property
    def operator_token(self) -> str:
        """The operator's token (the operator API)."""
        return Path(self.info["token_file"]).read_text().strip()

    def mailed(self) -> list[dict[str, Any]]:
        if not self.mail_log.exists():
            return []
        return [json.loads(x) for x in self.mail_log.read_text().splitlines() if x.strip()]


def gateway_args(tmp: Path, chat: Chat) -> tuple[list[str], dict[str, str], Path]:
    """Upstreams on the command line, credentials in the operator's 0600 config file."""
    key = tmp / "contacts.key"
    key.write_text("s3cret\n")
    config = tmp / "gateway.yaml"
    config.write_text(
        "upstreams:\n"
        "  chat:\n"
        "    headers:\n"
        '      Authorization: "Bearer ${CHAT_TOKEN}"\n'
        "  contacts:\n"
        "    env:\n"
        f"      CONTACTS_KEY: {{file: {key}}}\n"
    )
    config.chmod(0o600)
    mail_log = tmp / "mail.log"
    py = sys.executable
    args = [
        "--gateway-config",
        str(config),
        "--upstream",
        f"contacts={py} {UPSTREAMS} contacts",
        "--upstream",
        f"chat={chat.url}",
        "--upstream",
        f"mail={py} {UPSTREAMS} mail --log {mail_log}",
    ]
    env = {**os.environ, "CHAT_TOKEN": CHAT_TOKEN}
    return args, env, mail_log


def start_gateway(tmp: Path, chat: Chat, *extra: str) -> Gateway:
    state = tmp / "state"
    args, env, mail_log = gateway_args(tmp, chat)
    proc = subprocess.Popen(
        [droidgate(), "gateway", "--http", "0", "--json", "--state-dir", str(state), *args, *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    info = json.loads(_read_line(proc, 90, "droidgate gateway"))
    return Gateway(info, proc, state, mail_log)


@pytest.fixture
def chat(tmp_path: Path) -> Iterator[Chat]:
    server = start_chat(tmp_path / "chat.log")
    try:
        yield server
    finally:
        stop(server.proc)
