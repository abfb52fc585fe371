"""Shipped policy bundles (YAML package data)."""
