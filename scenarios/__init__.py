"""scenarios: see DESIGN.md for what this package owns."""
