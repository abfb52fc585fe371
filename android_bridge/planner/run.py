"""``droidgate plan``: run the planner on one task through a running daemon's bridge API."""

from __future__ import annotations

import argparse
import os
import sys

from android_bridge.api.local import ensure_session
from host_pep.cli.exits import ExitCode


async def run_plan(args: argparse.Namespace) -> int:
    from android_bridge.api.client import BridgeClient, read_token
    from android_bridge.daemon import default_state_dir, read_daemon_info
    from android_bridge.planner import ChatClient, Planner

    url, token_file = args.connect, args.token_file
    if url == "auto":
        info = read_daemon_info(args.state_dir or default_state_dir())
        url, token_file = info.url, token_file or info.token_file
    if token_file is None:
        print("droidgate plan: --connect URL needs --token-file", file=sys.stderr)
        return ExitCode.USAGE
    chat = ChatClient(args.llm_url, model=args.model, api_key=os.environ.get(args.api_key_env))
    try:
        async with BridgeClient(url, read_token(token_file)) as bridge:
            session = await ensure_session(
                bridge,
                agent=args.agent,
                session=args.session,
                serial=args.serial,
                user_request=args.task,
            )
            planner = Planner(
                bridge, chat, session=session, agent=args.agent, max_steps=args.max_steps
            )
            result = await planner.run(args.task)
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
