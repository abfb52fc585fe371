"""Upstreams: ``--upstream NAME=COMMAND|URL`` on the command line, credentials from the operator's
config file.

```yaml
# STATE_DIR/gateway.yaml (mode 0600: it holds credentials)
upstreams:
  mail:
    url: https://mail.example.com/mcp
    headers:
      Authorization: "Bearer ${MAIL_TOKEN}"     # from the gateway's environment
  contacts:
    command: ["contacts-mcp", "--readonly"]
    env:
      CONTACTS_API_KEY: {file: ~/.config/contacts/key}
```

A value is a literal, ``${VAR}`` (the operator's environment) or ``{file: PATH}`` (the first line
of a file). Each upstream gets only its own credentials: a stdio upstream starts with the MCP
SDK's minimal environment plus its ``env``, an HTTP upstream sends only its ``headers``.
Credentials never reach agents, the PEP or the audit log.
"""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from android_bridge.gateway.names import check_upstream_name

CONFIG_FILE = "gateway.yaml"
_VAR = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")


class GatewayConfigError(ValueError):
    """A config file or --upstream value that cannot be used; names the file and field."""


class FileSecret(BaseModel):
    model_config = ConfigDict(extra="forbid")
    file: str


Secret = str | FileSecret


class UpstreamSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    command: list[str] | None = None
    """A stdio upstream: the command line of the server."""
    url: str | None = None
    """A streamable-HTTP upstream: the MCP endpoint URL."""
    cwd: str | None = None
    env: dict[str, Secret] = Field(default_factory=dict)
    headers: dict[str, Secret] = Field(default_factory=dict)
    timeout_s: float = Field(default=30.0, gt=0, le=600)
    """Per call: an upstream that does not answer in time fails the call closed."""
    protocol: Literal["auto", "legacy"] = "auto"
    """``auto`` negotiates the newest MCP revision both sides speak; ``legacy`` forces the
    initialize handshake (2025 revisions)."""

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        return check_upstream_name(value)

    @model_validator(mode="after")
    def _one_transport(self) -> UpstreamSpec:
        if (self.command is None) == (self.url is None):
            raise ValueError(f"upstream {self.name!r} needs exactly one of command or url")
        if self.command is not None and not self.command:
            raise ValueError(f"upstream {self.name!r}: command is empty")
        if self.url is not None and not self.url.startswith(("http://", "https://")):
            raise ValueError(f"upstream {self.name!r}: url must be http:// or https://")
        return self

    @property
    def transport(self) -> str:
        return "stdio" if self.command is not None else "http"

    def where(self) -> str:
        """Where it is, for logs and listings (no credentials: URLs lose their userinfo)."""
        if self.url is not None:
            from urllib.parse import urlsplit

            parts = urlsplit(self.url)
            host = parts.hostname or ""
            port = f":{parts.port}" if parts.port else ""
            return f"{parts.scheme}://{host}{port}{parts.path}"
        return shlex.join(self.command or [])


def resolve_secret(value: Secret, *, where: str) -> str:
    if isinstance(value, FileSecret):
        path = Path(value.file).expanduser()
        try:
            text = path.read_text("utf-8")
        except OSError as exc:
            raise GatewayConfigError(f"{where}: cannot read {path} ({exc.strerror})") from exc
        return text.splitlines()[0].strip() if text.strip() else ""

    def var(m: re.Match[str]) -> str:
        name = m[1]
        if name not in os.environ:
            raise GatewayConfigError(f"{where}: ${{{name}}} is not set in the environment")
        return os.environ[name]

    return _VAR.sub(var, value)


def resolved_env(spec: UpstreamSpec) -> dict[str, str]:
    return {k: resolve_secret(v, where=f"{spec.name}.env.{k}") for k, v in spec.env.items()}


def resolved_headers(spec: UpstreamSpec) -> dict[str, str]:
    return {k: resolve_secret(v, where=f"{spec.name}.headers.{k}") for k, v in spec.headers.items()}


def parse_upstream(value: str) -> UpstreamSpec:
    """``NAME=COMMAND`` (split like a shell line) or ``NAME=URL``."""
    name, sep, target = value.partition("=")
    if not sep or not name or not target.strip():
        raise GatewayConfigError(f"--upstream {value!r}: expected NAME=COMMAND or NAME=URL")
    target = target.strip()
    try:
        if target.startswith(("http://", "https://")):
            return UpstreamSpec(name=name, url=target)
        return UpstreamSpec(name=name, command=shlex.split(target))
    except (ValidationError, ValueError) as exc:
        raise GatewayConfigError(f"--upstream {value!r}: {_first(exc)}") from exc


def _first(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err.get("loc", ()))
        return f"{where}: {err.get('msg')}" if where else str(err.get("msg"))
    return str(exc)


def load_config(path: Path) -> dict[str, dict[str, Any]]:
    """``upstreams`` of an operator config file, checked to be private to the operator."""
    try:
        mode = path.stat().st_mode & 0o777
        text = path.read_text("utf-8")
    except OSError as exc:
        raise GatewayConfigError(f"{path}: cannot read ({exc.strerror})") from exc
    if mode & 0o077:
        raise GatewayConfigError(
            f"{path} is readable by others (mode {mode:o}) and holds upstream credentials; "
            f"chmod 600 {path}"
        )
    try:
        data = yaml.safe_load(text) or {}
    except yaml.YAMLError as exc:
        raise GatewayConfigError(f"{path}: not YAML ({exc})") from exc
    if not isinstance(data, dict) or set(data) - {"upstreams"}:
        raise GatewayConfigError(f"{path}: expected a mapping with one key, 'upstreams'")
    ups = data.get("upstreams") or {}
    if not isinstance(ups, dict) or not all(isinstance(v, dict) for v in ups.values()):
        raise GatewayConfigError(f"{path}: 'upstreams' maps each name to a mapping")
    return {str(k): dict(v) for k, v in ups.items()}


def upstreams(cli: list[str], config: Path | None) -> list[UpstreamSpec]:
    """``--upstream`` values merged with the config file: the command line names where an
    upstream is, the file adds (or alone gives) its transport and credentials."""
    from_file = load_config(config) if config is not None else {}
    merged: dict[str, dict[str, Any]] = {name: dict(raw) for name, raw in from_file.items()}
    named: dict[str, str] = {}
    for value in cli:
        spec = parse_upstream(value)
        raw = merged.setdefault(spec.name, {})
        raw.pop("command", None)
        raw.pop("url", None)
        raw.update({k: v for k, v in (("command", spec.command), ("url", spec.url)) if v})
        named[spec.name] = value
    specs: list[UpstreamSpec] = []
    for name, raw in merged.items():
        where = f"--upstream {named[name]!r}" if name in named else f"{config}: upstreams.{name}"
        try:
            specs.append(UpstreamSpec.model_validate({"name": name, **raw}))
        except ValidationError as exc:
            raise GatewayConfigError(f"{where}: {_first(exc)}") from exc
        except ValueError as exc:
            raise GatewayConfigError(f"{where}: {exc}") from exc
    for spec in specs:  # every credential must resolve now, not on the first call
        resolved_env(spec)
        resolved_headers(spec)
    return specs
