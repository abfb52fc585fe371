"""apk_helper: see DESIGN.md for what this package owns."""
