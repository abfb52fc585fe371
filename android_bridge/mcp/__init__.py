"""MCP server (the ``mcp`` extra): the bridge's actions as MCP tools. Import mcp.server lazily."""
