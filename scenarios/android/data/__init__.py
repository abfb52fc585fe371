"""The Android suite as data: suite.yaml (scopes, sensitive values), gui.yaml, api.yaml."""
