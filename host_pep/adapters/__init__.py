"""Channel adapters: host_pep's own (tool/llm) and discovery of the others."""

from host_pep.adapters.registry import adapter_map, discovered_adapters
from host_pep.adapters.tool import ToolAdapter, flatten

__all__ = ["ToolAdapter", "adapter_map", "discovered_adapters", "flatten"]
