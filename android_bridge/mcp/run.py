"""``droidgate mcp``: pick the bridge (a running daemon, or in-process devices) and serve MCP."""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import AsyncIterator
from typing import Any

from android_bridge.api.local import ensure_session
from host_pep.cli.exits import ExitCode


@contextlib.asynccontextmanager
async def open_bridge(args: argparse.Namespace, cfg: Any) -> AsyncIterator[tuple[Any, str | None]]:
    """(bridge, token for an HTTP transport) from ``--connect`` or from in-process devices."""
    from android_bridge.api.auth import load_or_create_token

    if args.connect:
        from android_bridge.api.client import BridgeClient, read_token
        from android_bridge.daemon import read_daemon_info

        url, token_file = args.connect, args.token_file
        if url == "auto":
            info = read_daemon_info(cfg.state_dir)
            url, token_file = info.url, token_file or info.token_file
        if token_file is None:
            raise ValueError("--connect needs --token-file (or 'auto' with the daemon's state dir)")
        token = read_token(token_file)
        async with BridgeClient(url, token) as client:
            yield client, token
        return
    if not cfg.devices and not cfg.virtual:
        raise ValueError(
            "give --connect URL, or --device SERIAL / --virtual N for in-process devices"
        )
    from android_bridge.api.local import LocalBridge
    from android_bridge.daemon import open_core

    async with open_core(cfg) as core:
        token, _ = load_or_create_token(cfg.state_dir)
        yield LocalBridge(core.service), token


async def run_mcp(args: argparse.Namespace, cfg: Any) -> int:
    from android_bridge.mcp.server import McpFrontend, build_server, serve_http, serve_stdio

    async with open_bridge(args, cfg) as (bridge, token):
        session = await ensure_session(
            bridge,
            agent=args.agent,
            session=args.session,
            serial=args.serial,
            user_request=args.user_request,
        )
        server = build_server(McpFrontend(bridge, session=session, agent=args.agent))
        if args.stdio:
            await serve_stdio(server)
        else:

            def ready(url: str) -> None:
                # stdout is free in HTTP mode; the token is never printed, only where it lives
                print(
                    f"droidgate MCP (streamable HTTP) on {url}  session {session}  agent {args.agent}",
                    flush=True,
                )

            print(
                f"MCP clients authenticate with the bridge token ({cfg.state_dir}/token)",
                file=sys.stderr,
            )
            await serve_http(server, host=args.host, port=args.http, token=token, on_ready=ready)
    return ExitCode.OK
