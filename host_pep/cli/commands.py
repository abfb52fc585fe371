"""host_pep's subcommands: ``eval``, ``bench pep`` and (from the audit work) ``audit``."""

from __future__ import annotations

import logging

from host_pep.cli.subcommands import Commands

log = logging.getLogger(__name__)


def register(sub: Commands) -> None:
    from host_pep.cli.bench_cmd import register_bench
    from host_pep.cli.eval_cmd import register_eval

    register_eval(sub)
    register_bench(sub)
    try:
        from host_pep.cli.audit_cmd import register_audit
    except ImportError as exc:  # the audit commands are optional for the rest of the CLI
        log.debug("audit commands unavailable: %s", exc)
    else:
        register_audit(sub)
