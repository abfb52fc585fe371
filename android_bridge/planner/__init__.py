"""The LLM planner: an OpenAI-compatible chat loop whose tool calls go through the Mediator."""

from android_bridge.planner.chat import ChatClient, ChatError
from android_bridge.planner.loop import Planner, PlannerResult, PlannerStep, openai_tools

__all__ = ["ChatClient", "ChatError", "Planner", "PlannerResult", "PlannerStep", "openai_tools"]
