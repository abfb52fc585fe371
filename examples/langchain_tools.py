"""LangChain tools behind droidgate's PEP: no daemon, no Android (docs/bridge-api.md, "The
library: gate your own tools").

    pip install 'droidgate[langchain]'
    python examples/langchain_tools.py

Two ordinary LangChain tools — a contact lookup and a Slack post — are wrapped with
``gate_tools``. The tool calls a model planned (here written out, as an AIMessage) run through the
wrapped tools the way LangGraph's ToolNode or an AgentExecutor runs them: the lookup runs, the
post that would leak the contact's number is refused with the reason as the tool's answer, and
a harmless post goes through. Nothing refused ever reaches Slack.
"""

from __future__ import annotations

from typing import Any

from langchain_core.messages import AIMessage
from langchain_core.tools import tool

from android_bridge.gateway.langchain import gate_tools
from host_pep.pep import PEP

SLACK: list[str] = []  # what really reached "Slack"


@tool
def lookup_contact(name: str) -> dict[str, Any]:
    """Find one of the user's contacts by name; returns their phone and e-mail."""
    return {"name": "Zhang Wei", "phone": "+86 138 1234 5678", "email": "zhang.wei@example.com"}


@tool
def post_to_slack(channel: str, text: str) -> dict[str, Any]:
    """Post a message to a Slack channel."""
    SLACK.append(text)
    return {"ok": True, "channel": channel}


def main() -> None:
    pep = PEP.create(policy="default")
    tools = gate_tools(
        [lookup_contact, post_to_slack],
        pep,
        session="s-1",
        agent="crm-agent",
        user_request="Ask the team whether lunch at 12:30 works",
    )
    by_name = {t.name: t for t in tools}
    plan = AIMessage(
        content="",
        tool_calls=[
            {"name": "lookup_contact", "args": {"name": "Zhang Wei"}, "id": "1"},
            {
                "name": "post_to_slack",
                "args": {"channel": "#sales", "text": "Zhang: +86 138 1234 5678"},
                "id": "2",
            },
            {
                "name": "post_to_slack",
                "args": {"channel": "#sales", "text": "lunch at 12:30?"},
                "id": "3",
            },
        ],
    )
    for call in plan.tool_calls:
        answer = by_name[call["name"]].invoke(call)  # a ToolMessage, as a ToolNode makes it
        print(f"{call['name']} -> {answer.content}")
    print(f"slack received: {SLACK}")


if __name__ == "__main__":
    main()
