"""android_bridge: see DESIGN.md for what this package owns."""
