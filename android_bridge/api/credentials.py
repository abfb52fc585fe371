"""Who is asking: the operator, or one agent of one session.

Two roles (docs/security.md). The **operator** holds the token in ``STATE_DIR/token`` and governs:
sessions and the user's request, FlowRules, escalations, the audit. An **agent** holds a token the
operator obtained for it when it created the session or joined the agent; that token acts in its
one session, as its one agent name, and governs nothing.

Agent tokens are random 256-bit strings. The daemon keeps only their SHA-256 digests, so a
memory dump or a debug print of the registry holds nothing that authenticates. A presented
token is hashed and looked up; because the lookup key is a digest, the time it takes says
nothing about how close a guess was (a guess would have to match a digest's preimage). The
operator token is compared with ``hmac.compare_digest``. Tokens are revoked when their session
ends, or when the operator joins the same agent again (rotation).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from enum import StrEnum

from android_bridge.api.errors import forbidden

AGENT_TOKEN_PREFIX = "dga_"
"""Agent tokens start with this, so a leaked one is recognisable (and greppable) as one."""


class Role(StrEnum):
    OPERATOR = "operator"
    AGENT = "agent"


@dataclass(frozen=True, slots=True)
class Principal:
    """The holder of a valid token. An agent principal names its session and agent."""

    role: Role
    session: str | None = None
    agent: str | None = None

    @property
    def is_operator(self) -> bool:
        return self.role is Role.OPERATOR

    def describe(self) -> str:
        if self.is_operator:
            return "the operator"
        return f"agent {self.agent!r} of session {self.session!r}"


OPERATOR = Principal(Role.OPERATOR)


def _digest(token: str) -> bytes:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).digest()


class AgentTokens:
    """Issued agent tokens, by digest. Not thread-safe: used from the daemon's event loop."""

    def __init__(self) -> None:
        self._by_digest: dict[bytes, Principal] = {}
        self._by_agent: dict[tuple[str, str], bytes] = {}

    def issue(self, session: str, agent: str) -> str:
        """A new token for ``agent`` in ``session``; an earlier one of the same agent is revoked."""
        self.revoke_agent(session, agent)
        token = AGENT_TOKEN_PREFIX + secrets.token_urlsafe(32)
        digest = _digest(token)
        self._by_digest[digest] = Principal(Role.AGENT, session, agent)
        self._by_agent[(session, agent)] = digest
        return token

    def resolve(self, token: str) -> Principal | None:
        digest = _digest(token)
        found = self._by_digest.get(digest)
        if found is None:
            return None
        # The dict found an equal digest already; compared again in constant time so that no
        # reading of this code has to reason about how dict lookups compare bytes.
        stored = self._by_agent.get((found.session or "", found.agent or ""))
        if stored is None or not hmac.compare_digest(stored, digest):
            return None
        return found

    def revoke_agent(self, session: str, agent: str) -> bool:
        digest = self._by_agent.pop((session, agent), None)
        if digest is None:
            return False
        self._by_digest.pop(digest, None)
        return True

    def revoke_session(self, session: str) -> int:
        agents = [a for (s, a) in self._by_agent if s == session]
        for agent in agents:
            self.revoke_agent(session, agent)
        return len(agents)

    def __len__(self) -> int:
        return len(self._by_digest)


class Credentials:
    """The operator token and the agent tokens: ``resolve`` a presented token to its holder."""

    def __init__(self, operator_token: str, agents: AgentTokens) -> None:
        self._operator = operator_token.encode()
        self.agents = agents

    def resolve(self, token: str | None) -> Principal | None:
        if not token:
            return None
        if hmac.compare_digest(token.encode("utf-8", "surrogatepass"), self._operator):
            return OPERATOR
        if not token.startswith(AGENT_TOKEN_PREFIX):
            return None
        return self.agents.resolve(token)


# -- what each role may do ------------------------------------------------------------------------


def require_operator(principal: Principal, what: str) -> None:
    """403 unless the operator asks: ``what`` governs (policy, sessions, escalations, audit)."""
    if not principal.is_operator:
        raise forbidden(
            f"{what} is for role 'operator'; the presented token has role 'agent' "
            f"({principal.describe()}), which may only act in its own session",
            "Authorization",
            code="operator_only",
        )


def require_session(principal: Principal, session: str) -> None:
    """403 unless the operator asks, or an agent of ``session``."""
    if not principal.is_operator and principal.session != session:
        raise forbidden(
            f"the presented token has role 'agent' and belongs to session "
            f"{principal.session!r}, not {session!r}",
            "session",
            code="wrong_session",
        )


def require_agent(principal: Principal, agent: str) -> None:
    """403 if an agent token acts under another agent's name."""
    if not principal.is_operator and principal.agent != agent:
        raise forbidden(
            f"the presented token is agent {principal.agent!r}'s; it cannot act as {agent!r}",
            "agent",
            code="wrong_agent",
        )
