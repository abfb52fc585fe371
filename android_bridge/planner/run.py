"""``droidgate plan``: run the planner on one task through a running daemon's bridge API.

The planner acts as an agent, with an agent token: either one the operator issued
(``--agent-token-file``; the session's user request is then whatever the operator set), or one
obtained at start-up with the operator's token (``--token-file``, or the daemon's own with
``--connect auto``), which joins ``--agent`` to ``--session``, or creates a session whose user
request is TASK (the person running the command is the user).
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from host_pep.cli.exits import ExitCode


async def _agent(args: argparse.Namespace, url: str, operator_file: Any) -> Any:
    """(session, agent, agent client, operator client or None)."""
    from android_bridge.api.client import BridgeClient, read_token
    from android_bridge.api.local import ensure_agent

    if args.agent_token_file is not None:
        client = BridgeClient(url, read_token(args.agent_token_file), tls_ca=args.tls_ca)
        me = await client.whoami()
        if me.role != "agent" or me.session is None or me.agent is None:
            await client.close()
            raise ValueError(f"{args.agent_token_file} does not hold an agent token")
        return me.session, me.agent, client, None
    operator = BridgeClient(url, read_token(operator_file), tls_ca=args.tls_ca)
    try:
        session, token = await ensure_agent(
            operator,
            agent=args.agent,
            session=args.session,
            serial=args.serial,
            user_request=args.task,
        )
    except BaseException:
        await operator.close()
        raise
    return session, args.agent, operator.with_token(token), operator


async def run_plan(args: argparse.Namespace) -> int:
    from android_bridge.daemon import default_state_dir, read_daemon_info
    from android_bridge.planner import ChatClient, Planner

    url, token_file = args.connect, args.token_file
    if url == "auto":
        info = read_daemon_info(args.state_dir or default_state_dir())
        url, token_file = info.url, token_file or info.token_file
        args.tls_ca = args.tls_ca or info.tls_ca
    if token_file is None and args.agent_token_file is None:
        print(
            "droidgate plan: --connect URL needs --agent-token-file or --token-file",
            file=sys.stderr,
        )
        return ExitCode.USAGE
    chat = ChatClient(args.llm_url, model=args.model, api_key=os.environ.get(args.api_key_env))
    try:
        session, agent, bridge, operator = await _agent(args, url, token_file)
        try:
            planner = Planner(bridge, chat, session=session, agent=agent, max_steps=args.max_steps)
            result = await planner.run(args.task)
        finally:
            await (operator or bridge).close()
    finally:
        await chat.close()
    if args.json:
        print(result.model_dump_json(indent=2))
    else:
        for step in result.steps:
            print(
                f"{step.tool} -> {step.decision}{' (executed)' if step.executed else ''}: {step.reason or step.error or ''}"
            )
        print(f"[{result.stopped}] {result.final or result.error or ''}")
    return ExitCode.OK if result.stopped == "answer" else ExitCode.FAILED
