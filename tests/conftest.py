"""Fixtures shared across packages: PostgreSQL (tests/postgres.py)."""

pytest_plugins = ["tests.postgres"]
