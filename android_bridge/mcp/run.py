"""``droidgate mcp``: get an agent's credential, pick the bridge, serve MCP.

An MCP connection acts as one agent of one session, with that agent's token, never the
operator's. Where the token comes from:

* ``--agent-token-file G``: the operator handed this MCP server an agent token; it acts as that
  token's agent in that token's session (asked from ``/v1/whoami``);
* ``--token-file F`` (or ``--connect auto``, which finds the daemon's token file): the operator
  token, used once at start-up to join ``--agent`` to ``--session`` (creating the session, with
  ``--user-request``, if it does not exist) and receive that agent's token; the operator token
  is then dropped;
* in-process devices (``--virtual`` / ``--device``): this process is the daemon, so it is the
  operator, and does the same join in-process.

Over streamable HTTP, MCP clients present the agent token: the file ``--agent-token-file``
names, or the file this command writes it to (``--client-token-file``, by default
``STATE_DIR/agents/<session>.<agent>.token``, 0600). The command says which on stderr.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from android_bridge.api.protocols import Bridge
from host_pep.cli.exits import ExitCode

DEFAULT_AGENT = "mcp-agent"


@dataclass
class AgentBridge:
    """What the MCP server acts with: a bridge holding one agent's rights, and who that is."""

    bridge: Bridge
    session: str
    agent: str
    token: str
    token_file: Path | None
    """Where the token already is (``--agent-token-file``); None if it was just issued."""


def _check_identity(args: argparse.Namespace, session: str | None, agent: str | None) -> None:
    if args.session is not None and args.session != session:
        raise ValueError(
            f"--agent-token-file is a token of session {session!r}, not --session {args.session!r}"
        )
    if args.agent is not None and args.agent != agent:
        raise ValueError(
            f"--agent-token-file is agent {agent!r}'s token, not --agent {args.agent!r}'s"
        )


@contextlib.asynccontextmanager
async def open_agent_bridge(args: argparse.Namespace, cfg: Any) -> AsyncIterator[AgentBridge]:
    """The bridge (a running daemon's, or in-process devices) with one agent's token."""
    from android_bridge.api.auth import read_token
    from android_bridge.api.local import ensure_agent

    if args.connect:
        from android_bridge.api.client import BridgeClient
        from android_bridge.daemon import read_daemon_info

        url, operator_file = args.connect, args.token_file
        tls_ca = args.tls_ca
        if url == "auto":
            info = read_daemon_info(cfg.state_dir)
            url, tls_ca = info.url, tls_ca or info.tls_ca
            if args.agent_token_file is None:
                operator_file = operator_file or info.token_file
        if args.agent_token_file is not None:
            token = read_token(args.agent_token_file)
            async with BridgeClient(url, token, tls_ca=tls_ca) as client:
                me = await client.whoami()
                if me.role != "agent" or me.session is None or me.agent is None:
                    raise ValueError(
                        f"{args.agent_token_file} holds the operator's token, not an agent's; "
                        "give it as --token-file"
                    )
                _check_identity(args, me.session, me.agent)
                yield AgentBridge(client, me.session, me.agent, token, args.agent_token_file)
            return
        if operator_file is None:
            raise ValueError(
                "--connect needs --agent-token-file (an agent token) or --token-file "
                "(the operator token, to join the agent)"
            )
        async with BridgeClient(url, read_token(operator_file), tls_ca=tls_ca) as operator:
            session, token = await ensure_agent(
                operator,
                agent=args.agent or DEFAULT_AGENT,
                session=args.session,
                serial=args.serial,
                user_request=args.user_request,
            )
            # From here on only the agent's token is used; the operator's client stays open
            # only because the agent's shares its connections.
            agent = args.agent or DEFAULT_AGENT
            yield AgentBridge(operator.with_token(token), session, agent, token, None)
        return
    if args.agent_token_file is not None:
        raise ValueError("--agent-token-file is a token of a running daemon: give --connect")
    if not cfg.devices and not cfg.virtual and not cfg.upstreams:
        raise ValueError(
            "give --connect URL, or --device SERIAL / --virtual N for in-process devices "
            "(or --upstream NAME=COMMAND|URL for upstream MCP tools)"
        )
    from android_bridge.api.local import LocalBridge
    from android_bridge.daemon import open_core

    async with open_core(cfg) as core:
        local = LocalBridge(core.service)
        agent = args.agent or DEFAULT_AGENT
        session, token = await ensure_agent(
            local,
            agent=agent,
            session=args.session,
            serial=args.serial,
            user_request=args.user_request,
        )
        yield AgentBridge(local.as_agent(token), session, agent, token, None)


def write_client_token(path: Path, token: str) -> Path:
    """Write ``token`` to ``path`` (0600, in a 0700 directory), replacing an older one
    atomically, never through a symlink."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with contextlib.suppress(FileNotFoundError):
        tmp.unlink()
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(token + "\n")
    os.replace(tmp, path)  # rename replaces a symlink itself, never its target
    return path


async def run_mcp(args: argparse.Namespace, cfg: Any) -> int:
    from android_bridge.mcp.server import McpFrontend, build_server, serve_http, serve_stdio

    async with open_agent_bridge(args, cfg) as who:
        server = build_server(McpFrontend(who.bridge, session=who.session, agent=who.agent))
        if args.stdio:
            await serve_stdio(server)
            return ExitCode.OK
        token_file = who.token_file
        if token_file is None:
            token_file = write_client_token(
                args.client_token_file
                or cfg.state_dir / "agents" / f"{who.session}.{who.agent}.token",
                who.token,
            )

        def ready(url: str) -> None:
            # stdout is free in HTTP mode; the token is never printed, only where it lives
            print(
                f"droidgate MCP (streamable HTTP) on {url}  session {who.session}  agent {who.agent}",
                flush=True,
            )

        print(
            f"MCP clients authenticate with agent {who.agent!r}'s token in {token_file} "
            "(Authorization: Bearer)",
            file=sys.stderr,
            flush=True,
        )
        await serve_http(server, host=args.host, port=args.http, token=who.token, on_ready=ready)
    return ExitCode.OK
