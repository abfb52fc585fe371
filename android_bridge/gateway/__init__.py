"""The MCP gateway: other people's tools behind droidgate's PEP.

Upstream MCP servers (stdio or streamable HTTP) are connected with their own credentials; the
union of their tools is exposed to agents under names namespaced by upstream (``mail__send_email``)
through the MCP server and the bridge API. Every call is an AgentEvent decided by the PEP before it
is forwarded; results are recorded as observations; a tool whose description or schema changes is
held for the operator (see docs/gateway.md).
"""
