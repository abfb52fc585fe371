"""Test infrastructure shipped with the library (like httpx's MockTransport): real servers with
scripted behaviour, usable from any package's tests and from the Android demo."""

from host_pep.testing.openai_stub import OpenAIStub, RecordedRequest, StubReply

__all__ = ["OpenAIStub", "RecordedRequest", "StubReply"]
