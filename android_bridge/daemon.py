"""The daemon's wiring: PEP + DevicePool + Mediator (+ trace recorder) behind one BridgeService,
served over HTTP (and MCP by ``droidgate mcp``). ``droidgate serve`` runs ``serve()``.

The pieces are built in ``open_core`` (an async context manager) so ``serve``, ``mcp`` and
``replay --execute`` share exactly one way of putting the enforcement path together.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
import os
import signal
import socket
import ssl
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field

from android_bridge.api.service import BridgeService

log = logging.getLogger(__name__)


def default_state_dir() -> Path:
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "droidgate"


class DaemonConfig(BaseModel):
    devices: list[str] = Field(default_factory=list)
    virtual: int = Field(default=0, ge=0, le=16)
    host: str = "127.0.0.1"
    port: int = Field(default=8765, ge=0, le=65535)
    tls_cert: Path | None = None
    tls_key: Path | None = None
    """Serve HTTPS with this certificate chain and key (PEM). Required to bind outside loopback,
    unless ``insecure_bind``."""
    insecure_bind: bool = False
    """Allow plain HTTP on a non-loopback address (logged as a warning at every start)."""
    allowed_hosts: list[str] = Field(default_factory=list)
    """Names the ``Host`` header may carry besides the loopback names and the bound address."""
    idle_timeout: float = Field(default=30.0, gt=0)
    """A connection that completes no request for this long is closed (also one that trickles
    its headers in, slowloris-style)."""
    policy: str = "default"
    audit: Path | None = None
    audit_key_file: Path | None = None
    """The audit key (default ``STATE_DIR/audit.key``, created 0600; ``$DROIDGATE_AUDIT_KEY``
    takes precedence). It MACs every record and signs checkpoints: see docs/audit.md."""
    audit_checkpoints: Path | None = None
    """Append every signed checkpoint here too (keep it on another volume, or ship it off)."""
    audit_durability: Literal["process", "power"] = "process"
    """process: an acknowledged record survives kill -9 of the daemon; power: also an OS crash
    or power loss (an fsync per group commit). See docs/audit.md."""
    trace_dir: Path | None = None
    state_dir: Path = Field(default_factory=default_state_dir)
    request_timeout: float = Field(default=60.0, gt=0)
    """Above the PEP's T4 deadline (30 s by default), so a held escalation can still answer."""
    adb_port: int | None = None
    escalations: Literal["deny", "human", "llm"] = "deny"
    """T4: deny (no adjudicator), human (an approval queue behind /v1/escalations and the
    console), llm. ``droidgate serve`` holds them for a human by default."""
    escalation_deadline: float | None = Field(default=None, gt=0, le=3600)
    """Seconds an escalation waits for its answer before it is denied (the T4 deadline; the
    bundle's, 30 s, by default). A FlowRule's ``deadline_s`` overrides it for what it asks."""
    webhook_url: str | None = None
    """POST each escalation (and with ``webhook_denies`` each deny) here, signed (console docs)."""
    webhook_secret_file: Path | None = None
    webhook_denies: bool = False
    adjudicator_url: str | None = None
    adjudicator_model: str | None = None
    adjudicator_key_env: str = "OPENAI_API_KEY"
    upstreams: list[str] = Field(default_factory=list)
    """``--upstream NAME=COMMAND|URL``: MCP servers whose tools the daemon gates (the gateway)."""
    gateway_config: Path | None = None
    """The operator's upstream config (credentials); default STATE_DIR/gateway.yaml if present."""
    token_file: Path | None = None
    """The token the bridge API (and MCP over HTTP) accepts; default STATE_DIR/token."""
    control_plane: str | None = None
    """A farm's shared control plane (``postgresql://…``): rules, escalations, audit and the
    sessions/devices registry live there (docs/farm.md). None: this daemon's own SQLite."""
    control_plane_staleness: float = Field(default=5.0, gt=0)
    """Seconds the cached rules stay in force without the control plane confirming them;
    then decisions deny (fail closed)."""
    farm_host: str | None = None
    """This host's name in the farm's device registry (default: the host name)."""


@dataclass
class Core:
    pep: Any
    pool: Any
    mediator: Any
    service: BridgeService
    recorder: Any
    serials: list[str]
    adb_port: int | None = None
    gateway: Any = None
    desk: Any = None
    """The console's escalation desk (``--escalations human``): told of each escalation."""
    farm: Any = None
    """The FarmControlPlane with --control-plane, else None."""


@contextlib.asynccontextmanager
async def _gateway(cfg: DaemonConfig, pep: Any, recorder: Any) -> AsyncIterator[Any]:
    """The upstream MCP servers (android_bridge.gateway), connected; None without any."""
    from android_bridge.gateway.config import CONFIG_FILE, upstreams

    config = cfg.gateway_config
    if config is None and (cfg.state_dir / CONFIG_FILE).exists():
        config = cfg.state_dir / CONFIG_FILE
    if not cfg.upstreams and config is None:
        yield None
        return
    from android_bridge.gateway.gate import Gateway
    from android_bridge.gateway.pins import PIN_FILE, PinStore

    specs = upstreams(list(cfg.upstreams), config)
    gateway = Gateway(
        specs,
        pins=PinStore(cfg.state_dir / PIN_FILE),
        rules=pep.rules,
        audit=pep.audit,
        recorder=recorder,
        log_dir=cfg.state_dir / "upstreams",
    )
    try:
        await gateway.start()
        yield gateway
    finally:
        await gateway.close()


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("droidgate")
    except PackageNotFoundError:
        return "0"


@contextlib.asynccontextmanager
async def _devices(cfg: DaemonConfig) -> AsyncIterator[tuple[list[str], int | None]]:
    """Serials to drive, and the private adb server port they sit behind (None = environment)."""
    if cfg.virtual and cfg.devices:
        raise ValueError("give --device or --virtual, not both")
    if cfg.virtual:
        from android_bridge.device.providers import device_provider

        with device_provider()(cfg.virtual) as farm:
            yield list(farm.serials), int(farm.adb_port)
        return
    yield list(cfg.devices), cfg.adb_port


def _adjudicator(cfg: DaemonConfig, desk: Any = None) -> Any:
    if cfg.escalations == "human":
        from host_pep.adjudication.approval import ApprovalQueue

        return ApprovalQueue(on_pending=desk.on_pending if desk is not None else None)
    if cfg.escalations == "llm":
        from host_pep.adjudication.llm import LLMAdjudicator

        if not cfg.adjudicator_url or not cfg.adjudicator_model:
            raise ValueError("--escalations llm needs --adjudicator-url and --adjudicator-model")
        key = os.environ.get(cfg.adjudicator_key_env)
        if key:
            from host_pep.audit.secret import Secret

            return LLMAdjudicator(cfg.adjudicator_url, cfg.adjudicator_model, Secret(key))
        return LLMAdjudicator(cfg.adjudicator_url, cfg.adjudicator_model)
    return None


@contextlib.asynccontextmanager
async def open_core(cfg: DaemonConfig, *, pep: Any = None) -> AsyncIterator[Core]:
    from android_bridge.api.tool_catalog import load_tool_specs
    from android_bridge.device import DevicePool
    from android_bridge.mediator import Mediator
    from host_pep.pep import PEP

    cfg.state_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
    desk = None
    if cfg.escalations == "human":
        from android_bridge.console.desk import EscalationDesk

        desk = EscalationDesk()
    farm = open_farm(cfg, desk) if pep is None and cfg.control_plane else None
    try:
        audit = open_audit(cfg, farm) if pep is None else None
    except BaseException:
        if farm is not None:
            farm.close()
        raise
    async with _devices(cfg) as (serials, adb_port):
        if pep is None and farm is not None:
            pep = PEP.create(
                policy=cfg.policy,
                overlay=_deadline_overlay(cfg),
                audit=audit,
                adjudicator=farm.escalations
                if cfg.escalations == "human"
                else _adjudicator(cfg, desk),
                rules=farm.rules,
            )
            pep.journal = farm.journal
            farm.registry.claim_devices(serials)
            restored = pep.restore_devices(serials)
            log.info(
                "farm %s: daemon %s restored %d observations", farm.host, farm.daemon, restored
            )
        elif pep is None:
            pep = PEP.create(
                policy=cfg.policy,
                overlay=_deadline_overlay(cfg),
                audit=audit,
                adjudicator=_adjudicator(cfg, desk),
            )
        recorder = None
        if cfg.trace_dir is not None:
            from android_bridge.traces import TraceRecorder

            recorder = TraceRecorder(cfg.trace_dir)
        pool = DevicePool(serials, adb_port=adb_port)
        try:
            async with _gateway(cfg, pep, recorder) as gateway:
                mediator = Mediator(
                    pep,
                    pool,
                    recorder=recorder,
                    gateway=gateway,
                    decide_timeout=decide_timeout(cfg),
                )
                service = BridgeService(
                    pep,
                    mediator,
                    devices=serials,
                    # droidgate's own typed tools run on a device: none without one
                    tools=load_tool_specs() if serials else [],
                    recorder=recorder,
                    version=_version(),
                    gateway=gateway,
                    registry=farm.registry if farm is not None else None,
                )
                yield Core(
                    pep,
                    pool,
                    mediator,
                    service,
                    recorder,
                    serials,
                    pool.adb_port,
                    gateway,
                    desk,
                    farm,
                )
        finally:
            for closer in (getattr(pool, "aclose", None), getattr(pool, "close", None)):
                if closer is not None:
                    res = closer()
                    if asyncio.iscoroutine(res):
                        await res
                    break
            if recorder is not None:
                recorder.close()
            close = getattr(pep, "close", None)
            if close is not None:
                res = close()
                if asyncio.iscoroutine(res):
                    await res
            if farm is not None:
                _farm_stopped(farm)


def _deadline_overlay(cfg: DaemonConfig) -> dict[str, Any] | None:
    """The policy overlay that sets the T4 deadline to ``--escalation-deadline``."""
    if cfg.escalation_deadline is None:
        return None
    from host_pep.policy.load import load_bundle

    deadlines = dict(load_bundle(cfg.policy).settings.deadlines_ms)
    deadlines["T4"] = cfg.escalation_deadline * 1000.0
    return {"settings": {"deadlines_ms": deadlines}}


def escalation_wait(cfg: DaemonConfig) -> float:
    """The longest an action may wait for its escalation's answer: the daemon's deadline, or
    with a human queue a FlowRule's own (up to ``host_pep.rules.MAX_DEADLINE_S``)."""
    from host_pep.rules import MAX_DEADLINE_S

    daemon = cfg.escalation_deadline or 30.0
    return max(daemon, MAX_DEADLINE_S) if cfg.escalations == "human" else daemon


def decide_timeout(cfg: DaemonConfig) -> float:
    """The mediator's guard against a hung PEP: above any escalation's wait."""
    from android_bridge.gateway.mediate import DECIDE_TIMEOUT_S

    return max(DECIDE_TIMEOUT_S, escalation_wait(cfg) + 10.0)


def request_timeout(cfg: DaemonConfig) -> float:
    """An API request's bound: ``--request-timeout``, raised above a held action's wait."""
    return max(cfg.request_timeout, decide_timeout(cfg) + 10.0)


def is_loopback(host: str) -> bool:
    """Whether binding ``host`` listens on loopback only (a name must resolve to loopback only;
    one that does not resolve counts as outside)."""
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        pass
    try:
        infos = socket.getaddrinfo(host, None)
    except OSError:
        return False
    return bool(infos) and all(
        ipaddress.ip_address(str(info[4][0]).split("%", 1)[0]).is_loopback for info in infos
    )


def check_bind(cfg: DaemonConfig) -> ssl.SSLContext | None:
    """The TLS context to serve with (None: plain HTTP). Refuses plain HTTP outside loopback
    unless ``insecure_bind`` says so, in which case it warns: tokens would cross the network in
    clear, and anyone on the path could act as the operator."""
    if (cfg.tls_cert is None) != (cfg.tls_key is None):
        raise ValueError("give both --tls-cert and --tls-key")
    if cfg.tls_cert is not None and cfg.tls_key is not None:
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.minimum_version = ssl.TLSVersion.TLSv1_2
        context.load_cert_chain(cfg.tls_cert, cfg.tls_key)
        return context
    if not is_loopback(cfg.host):
        if not cfg.insecure_bind:
            raise ValueError(
                f"--host {cfg.host} is not a loopback address: serving the bridge API there "
                "in plain HTTP would send every token in clear; give --tls-cert and --tls-key, "
                "or --insecure-bind if something in front terminates TLS"
            )
        log.warning(
            "serving plain HTTP on %s (--insecure-bind): bearer tokens cross the network in "
            "clear unless something in front of the daemon terminates TLS",
            cfg.host,
        )
    return None


def allowed_hosts(cfg: DaemonConfig) -> frozenset[str]:
    """Names the Host header may carry: loopback names, the bound address (unless it is a
    wildcard), and ``allowed_hosts``."""
    from android_bridge.api.server import LOOPBACK_NAMES

    names = set(LOOPBACK_NAMES) | {h.lower() for h in cfg.allowed_hosts}
    try:
        wildcard = ipaddress.ip_address(cfg.host).is_unspecified
    except ValueError:
        wildcard = False
    if not wildcard:
        names.add(cfg.host.lower())
    return frozenset(names)


def open_farm(cfg: DaemonConfig, desk: Any = None) -> Any:
    """The farm's control plane (``--control-plane``); a start error names what failed.
    ``desk``: the console's escalation desk, told of each escalation this daemon raises."""
    from host_pep.control.farm import FarmControlPlane, daemon_id
    from host_pep.exceptions import ControlPlaneUnavailable

    assert cfg.control_plane is not None
    try:
        return FarmControlPlane.open(
            cfg.control_plane,
            daemon=daemon_id(cfg.state_dir),
            host=cfg.farm_host,
            staleness_s=cfg.control_plane_staleness,
            on_pending=desk.on_pending if desk is not None else None,
        )
    except ControlPlaneUnavailable as exc:
        raise ValueError(str(exc)) from exc


def _farm_stopped(farm: Any) -> None:
    from host_pep.exceptions import ControlPlaneUnavailable

    try:
        farm.registry.daemon_stopped()
    except ControlPlaneUnavailable as exc:
        log.warning("could not record this daemon's stop in the farm: %s", exc)
    farm.close()


def open_audit(cfg: DaemonConfig, farm: Any = None) -> Any:
    """The daemon's audit log, keyed: the key from ``$DROIDGATE_AUDIT_KEY``, else the key file
    (created on first start). A log this key may not extend (written under another key, or
    without one and not adopted) stops the start with the reason, instead of a daemon that
    denies everything."""
    from host_pep.audit import AuditLog
    from host_pep.audit.keys import KEY_FILE, AuditKey
    from host_pep.audit.signed import CheckpointFile
    from host_pep.exceptions import AuditUnavailable

    key = AuditKey.from_env() or AuditKey.load_or_create(
        cfg.audit_key_file or cfg.state_dir / KEY_FILE
    )
    on_checkpoint = CheckpointFile(cfg.audit_checkpoints) if cfg.audit_checkpoints else None
    if farm is not None:  # the daemon's own chain, forwarded into the farm's audit
        log_ = AuditLog(
            farm.audit_store(cfg.audit or cfg.state_dir / "audit.db", cfg.audit_durability),
            key=key,
            on_checkpoint=on_checkpoint,
        )
    else:
        log_ = AuditLog.open(
            cfg.audit or cfg.state_dir / "audit.db",
            durability=cfg.audit_durability,
            key=key,
            on_checkpoint=on_checkpoint,
        )
    try:
        log_.bind()
    except AuditUnavailable as exc:
        log_.close()
        raise ValueError(f"audit log {audit_location(cfg)}: {exc}") from exc
    return log_


def audit_location(cfg: DaemonConfig) -> str:
    if cfg.control_plane:
        from host_pep.control.pg import redact

        return (
            f"{cfg.audit or cfg.state_dir / 'audit.db'} (forwarded to {redact(cfg.control_plane)})"
        )
    return str(cfg.audit or cfg.state_dir / "audit.db")


class DaemonInfo(BaseModel):
    url: str
    token_file: str
    tls_ca: str | None = None
    """With HTTPS: the certificate clients can pin (``--tls-ca``)."""
    devices: list[str]
    adb_port: int | None = None
    """The adb server the devices sit behind (a private one with --virtual)."""
    pid: int
    trace: str | None = None
    audit: str
    console: str | None = None
    """The operator's console (log in with the token in ``token_file``)."""
    daemon_id: str | None = None
    """This daemon's id in its farm (its audit chain's id), with --control-plane."""


async def serve(
    cfg: DaemonConfig,
    *,
    on_ready: Callable[[DaemonInfo], None] | None = None,
    stop: asyncio.Event | None = None,
) -> None:
    """Run until SIGINT/SIGTERM (or ``stop`` is set), then shut down cleanly."""
    from aiohttp import web

    from android_bridge.api.server import make_app
    from android_bridge.console.wiring import WebhookSettings, open_console
    from android_bridge.gateway.credentials import frontend_token

    tls = check_bind(cfg)
    token, token_path = frontend_token(cfg.state_dir, cfg.token_file)
    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    installed: list[signal.Signals] = []
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(sig, stop.set)
            installed.append(sig)
    try:
        async with (
            open_core(cfg) as core,
            open_console(
                core,
                escalations=cfg.escalations,
                deadline_s=cfg.escalation_deadline or 30.0,
                secure_cookie=tls is not None,
                webhook=WebhookSettings(
                    url=cfg.webhook_url,
                    secret_file=cfg.webhook_secret_file,
                    denies=cfg.webhook_denies,
                )
                if cfg.webhook_url
                else None,
            ) as console,
        ):
            app = make_app(
                core.service,
                token,
                request_timeout=request_timeout(cfg),
                allowed_hosts=allowed_hosts(cfg),
                console=console.mount,
            )
            # access_log=None: request lines are never logged (a mistaken client could put a
            # token in a URL; a proxy in front may log, so the API never reads tokens from URLs)
            runner = web.AppRunner(
                app, access_log=None, handle_signals=False, keepalive_timeout=cfg.idle_timeout
            )
            await runner.setup()
            site = web.TCPSite(runner, cfg.host, cfg.port, reuse_address=True, ssl_context=tls)
            await site.start()
            try:
                server: Any = site._server  # aiohttp exposes the bound port only here
                sockets = server.sockets if server is not None else []
                port = sockets[0].getsockname()[1] if sockets else cfg.port
                host = f"[{cfg.host}]" if ":" in cfg.host else cfg.host
                info = DaemonInfo(
                    url=f"{'https' if tls else 'http'}://{host}:{port}",
                    token_file=str(token_path),
                    tls_ca=str(cfg.tls_cert) if tls is not None else None,
                    devices=core.serials,
                    adb_port=core.adb_port,
                    pid=os.getpid(),
                    trace=str(core.recorder.path) if core.recorder is not None else None,
                    audit=audit_location(cfg),
                    console=f"{'https' if tls else 'http'}://{host}:{port}/console/",
                    daemon_id=core.farm.daemon if core.farm is not None else None,
                )
                if core.farm is not None:
                    core.farm.registry.register_daemon(info.url, info.pid)
                # Where `droidgate mcp --connect` and scripts find a running daemon by default.
                _write_private(cfg.state_dir / "daemon.json", info.model_dump_json())
                if on_ready is not None:
                    on_ready(info)
                await stop.wait()
            finally:
                await runner.cleanup()
                with contextlib.suppress(FileNotFoundError):
                    (cfg.state_dir / "daemon.json").unlink()
    finally:
        for sig in installed:
            loop.remove_signal_handler(sig)


def _write_private(path: Path, text: str) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(text)


def read_daemon_info(state_dir: Path) -> DaemonInfo:
    path = state_dir / "daemon.json"
    try:
        return DaemonInfo.model_validate(json.loads(path.read_text(encoding="utf-8")))
    except FileNotFoundError:
        raise FileNotFoundError(
            f"no running daemon recorded in {path}; start `droidgate serve`"
        ) from None
