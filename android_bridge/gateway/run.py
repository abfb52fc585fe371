"""``droidgate gateway``: upstream MCP servers behind the PEP, served to agents over MCP (stdio
or streamable HTTP) and the bridge API; ``droidgate gateway tools|accept`` for the operator.

The gateway is a daemon like ``droidgate serve`` (devices are optional: with ``--device`` or
``--virtual`` droidgate's own GUI and typed tools join the upstreams' tools). Its bridge API
listens on 127.0.0.1 (``--api-port``, default any free port) for the operator, with the
operator's token: escalations, rules, audit, and accepting a changed tool. The MCP agent acts
with an agent token of its own session; over HTTP, MCP clients present that token (written
0600 to ``--client-token-file``, by default STATE_DIR/agents/<session>.<agent>.token). Where
everything is goes to STATE_DIR/gateway.json.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from pathlib import Path
from typing import Any

INFO_FILE = "gateway.json"


def _write_private(path: Path, text: str) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(text)


async def run_gateway(args: argparse.Namespace, cfg: Any) -> int:
    from aiohttp import web

    from android_bridge.api.local import LocalBridge, ensure_agent
    from android_bridge.api.server import make_app
    from android_bridge.daemon import open_core
    from android_bridge.gateway.credentials import frontend_token
    from android_bridge.mcp.run import write_client_token
    from android_bridge.mcp.server import McpFrontend, build_server, serve_http, serve_stdio

    # The operator's token guards the operator's bridge API; the MCP agent acts with a token of
    # its own, bound to its session, which HTTP MCP clients present.
    operator_token, operator_file = frontend_token(cfg.state_dir, cfg.token_file)
    # stdout is the MCP stream in stdio mode: everything for people goes to stderr then
    say = sys.stderr if args.stdio else sys.stdout
    async with open_core(cfg) as core:
        runner = web.AppRunner(
            make_app(core.service, operator_token, request_timeout=cfg.request_timeout),
            access_log=None,
            handle_signals=False,
        )
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", args.api_port, reuse_address=True)
        await site.start()
        info_path = cfg.state_dir / INFO_FILE
        try:
            server_: Any = site._server  # aiohttp exposes the bound port only here
            api_port = server_.sockets[0].getsockname()[1]
            api_url = f"http://127.0.0.1:{api_port}"
            operator = LocalBridge(core.service)
            session, agent_token = await ensure_agent(
                operator,
                agent=args.agent,
                session=args.session,
                serial=args.serial,
                user_request=args.user_request,
            )
            bridge = operator.as_agent(agent_token)
            server = build_server(McpFrontend(bridge, session=session, agent=args.agent))
            info: dict[str, Any] = {
                "api": api_url,
                "token_file": str(operator_file),
                "session": session,
                "agent": args.agent,
                "pid": os.getpid(),
                "upstreams": core.gateway.upstreams() if core.gateway is not None else [],
                "devices": core.serials,
            }
            if not args.stdio:
                agent_file = write_client_token(
                    args.client_token_file
                    or cfg.state_dir / "agents" / f"{session}.{args.agent}.token",
                    agent_token,
                )
                info["agent_token_file"] = str(agent_file)

            def announce(mcp_url: str | None) -> None:
                info["mcp"] = mcp_url or "stdio"
                _write_private(info_path, json.dumps(info))
                if args.json:
                    print(json.dumps(info), file=say, flush=True)
                    return
                print(f"droidgate gateway: MCP on {info['mcp']}  session {session}", file=say)
                if "agent_token_file" in info:
                    print(
                        f"MCP clients authenticate with agent {args.agent!r}'s token in "
                        f"{info['agent_token_file']}",
                        file=say,
                    )
                print(f"operator API on {api_url}  operator token file {operator_file}", file=say)
                for u in info["upstreams"]:
                    state = "connected" if u["connected"] else f"DOWN ({u['last_error']})"
                    print(
                        f"  upstream {u['name']}: {u['where']} — {state}, {u['tools']} tools",
                        file=say,
                    )
                say.flush()

            if args.stdio:
                announce(None)
                await serve_stdio(server)
            else:
                await serve_http(
                    server, host=args.host, port=args.http, token=agent_token, on_ready=announce
                )
        finally:
            await runner.cleanup()
            with contextlib.suppress(FileNotFoundError):
                info_path.unlink()
    return 0


async def _operator_client(args: argparse.Namespace) -> Any:
    from android_bridge.api.client import BridgeClient, read_token
    from android_bridge.daemon import default_state_dir

    state = args.state_dir or default_state_dir()
    url, token_file = args.connect, args.token_file
    if url == "auto":
        path = state / INFO_FILE
        try:
            info = json.loads(path.read_text("utf-8"))
        except FileNotFoundError:
            from android_bridge.daemon import read_daemon_info

            daemon = read_daemon_info(state)  # a `droidgate serve --upstream …` daemon
            url, token_file = daemon.url, token_file or Path(daemon.token_file)
        else:
            url, token_file = info["api"], token_file or Path(info["token_file"])
    if token_file is None:
        raise ValueError("--connect URL needs --token-file")
    return BridgeClient(url, read_token(token_file))


async def run_tools(args: argparse.Namespace) -> int:
    async with await _operator_client(args) as client:
        status = await client.gateway()
    if args.json:
        print(status.model_dump_json(indent=2))
        return 0
    for u in status.upstreams:
        state = "connected" if u.connected else f"DOWN ({u.last_error})"
        print(f"{u.name}: {u.where} [{u.transport}] {state}")
    for t in status.tools:
        flag = "" if t.status == "ok" else f"  <- {t.status.upper()}"
        if t.changed:
            flag += f" ({', '.join(t.changed)}: accept with `droidgate gateway accept {t.name}`)"
        print(f"  {t.name}{flag}")
    return 0


async def run_accept(args: argparse.Namespace) -> int:
    from android_bridge.api.client import BridgeError

    async with await _operator_client(args) as client:
        try:
            out = await client.accept_tool(args.tool)
        except BridgeError as exc:
            print(f"droidgate gateway accept: {exc.message}", file=sys.stderr)
            return 1
    print(f"{out.tool}: accepted; its calls are judged normally again")
    return 0
