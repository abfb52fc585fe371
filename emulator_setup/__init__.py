"""emulator_setup: see DESIGN.md for what this package owns."""
