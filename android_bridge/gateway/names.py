"""Tool names every major LLM API accepts, and how upstream tools are namespaced.

OpenAI, Anthropic, Bedrock and Gemini agree on function names of letters, digits, ``_`` and ``-``
of at most 64 characters; Gemini also wants the first character to be a letter or ``_``. Names
exposed to agents follow that intersection. Upstream tools are exposed as ``<upstream>__<tool>``:
upstream names have no ``_`` of their own, so the first ``__`` always separates the two parts.
Dotted names (``contacts.lookup``, droidgate's typed tools) are exposed as ``contacts_lookup``
and keep the dotted form as an alias.
"""

from __future__ import annotations

import hashlib
import re

MAX_NAME = 64
SEPARATOR = "__"
SAFE_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]{0,63}$")
UPSTREAM_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9-]{0,23}$")
_UNSAFE = re.compile(r"[^A-Za-z0-9_-]")


class ToolNameError(ValueError):
    """A name that cannot be used (an upstream name with ``_``, an empty tool name)."""


def is_safe(name: str) -> bool:
    """Whether ``name`` is a valid function name for every major LLM API."""
    return SAFE_NAME.fullmatch(name) is not None


def check_upstream_name(name: str) -> str:
    if UPSTREAM_NAME.fullmatch(name) is None:
        raise ToolNameError(
            f"upstream name {name!r}: 1-24 letters, digits or '-', starting with a letter "
            "(no '_': the first '__' of a tool name separates upstream and tool)"
        )
    return name


def _fit(name: str, original: str) -> str:
    """Truncate to 64 characters, keeping names unique with a digest of the original."""
    if len(name) <= MAX_NAME:
        return name
    digest = hashlib.sha256(original.encode()).hexdigest()[:8]
    return f"{name[: MAX_NAME - 9]}_{digest}"


def safe_name(name: str) -> str:
    """``contacts.lookup`` -> ``contacts_lookup``; any other unsafe character becomes ``_``."""
    if not name:
        raise ToolNameError("a tool name cannot be empty")
    out = _UNSAFE.sub("_", name)
    if not (out[0].isalpha() or out[0] == "_"):
        out = f"t_{out}"
    return _fit(out, name)


def namespaced(upstream: str, tool: str) -> str:
    """The name agents see for ``tool`` of ``upstream``: ``mail__send_email``."""
    check_upstream_name(upstream)
    if not tool:
        raise ToolNameError(f"upstream {upstream!r} lists a tool without a name")
    return _fit(f"{upstream}{SEPARATOR}{_UNSAFE.sub('_', tool)}", f"{upstream}/{tool}")


def split(name: str) -> tuple[str, str] | None:
    """``mail__send_email`` -> ("mail", "send_email"); None for a name without a namespace."""
    upstream, sep, rest = name.partition(SEPARATOR)
    if not sep or not rest or UPSTREAM_NAME.fullmatch(upstream) is None:
        return None
    return upstream, rest
