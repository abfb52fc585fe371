"""apk_helper's droidgate subcommands: ``droidgate apk inspect|install|uninstall|grant|revoke|
launch|packages|catalog``.

Handlers import their modules lazily so ``droidgate --help`` stays fast. Exit codes are
droidgate's (host_pep/cli/exits.py): FAILED when a lookup finds nothing, USAGE for bad input
(unreadable APK, invalid catalog file, bad names), RUNTIME for a device or adb failure. Only this
module of apk_helper imports host_pep: the command line it plugs into.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from host_pep.cli.exits import ExitCode
from host_pep.cli.subcommands import Commands


def register(sub: Commands) -> None:
    """Add ``apk`` and its subcommands to the droidgate parser."""
    cmds = sub.group(
        "apk",
        "inspect APKs, manage apps on a device, show the app catalog",
        description="Inspect APKs, manage apps on a device, show the app catalog.",
    )

    p = cmds.add_parser("inspect", help="what an APK declares (package, permissions, components)")
    p.add_argument("file", metavar="FILE.apk")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=_guard(_inspect))

    def device_cmd(name: str, help: str) -> argparse.ArgumentParser:
        q: argparse.ArgumentParser = cmds.add_parser(name, help=help, description=help)
        q.add_argument("--serial", "-s", help="device serial (default: the only device)")
        q.add_argument(
            "--adb-port",
            type=int,
            help="adb server port (default $ANDROID_ADB_SERVER_PORT or 5037)",
        )
        return q

    q = device_cmd("install", "install an APK (push + pm install -r -t)")
    q.add_argument("file", metavar="FILE.apk")
    q.add_argument("--grant-all", action="store_true", help="grant all runtime permissions (-g)")
    q.set_defaults(func=_guard(_install))

    q = device_cmd("uninstall", "uninstall a package")
    q.add_argument("package")
    q.add_argument("--keep-data", action="store_true")
    q.set_defaults(func=_guard(_uninstall))

    for verb in ("grant", "revoke"):
        q = device_cmd(verb, f"{verb} runtime permissions")
        q.add_argument("package")
        q.add_argument("permissions", nargs="+", metavar="PERMISSION")
        q.set_defaults(func=_guard(_grant if verb == "grant" else _revoke))

    q = device_cmd("launch", "start an app (its launcher activity, or --activity)")
    q.add_argument("package")
    q.add_argument("--activity", help="activity name (.Main or full class)")
    q.set_defaults(func=_guard(_launch))

    q = device_cmd("packages", "list installed packages")
    q.add_argument("--third-party", "-3", action="store_true")
    q.add_argument("--system", action="store_true")
    q.add_argument("--json", action="store_true")
    q.set_defaults(func=_guard(_packages))

    c = cmds.add_parser("catalog", help="show or check the app catalog (plus user files)")
    c.add_argument("--extra", action="append", default=[], metavar="FILE.yaml")
    c.add_argument("--lookup", metavar="NAME", help="resolve a package, URI, tool or intent action")
    c.add_argument("--json", action="store_true")
    c.set_defaults(func=_guard(_catalog))


def _guard(handler: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """Turn our errors into one stderr line and the right exit code (never a traceback)."""

    def run(args: argparse.Namespace) -> int:
        from apk_helper.errors import ApkError, AppManagementError, CatalogError

        try:
            return handler(args)
        except (ApkError, CatalogError, ValueError) as exc:
            print(f"droidgate: error: {exc}", file=sys.stderr)
            return ExitCode.USAGE
        except AppManagementError as exc:
            print(f"droidgate: error: {exc}", file=sys.stderr)
            return ExitCode.RUNTIME

    return run


def _inspect(args: argparse.Namespace) -> int:
    from apk_helper.inspect import inspect_apk

    info = inspect_apk(args.file)
    if args.json:
        print(info.model_dump_json(indent=2))
        return ExitCode.OK
    from rich.console import Console
    from rich.table import Table

    console = Console()
    head = Table(show_header=False, box=None)
    for key, value in (
        ("package", info.package),
        ("label", info.label),
        ("version", f"{info.version_name} ({info.version_code})"),
        ("sdk", f"min {info.min_sdk}, target {info.target_sdk}"),
        ("launcher", info.launcher_activity or "-"),
    ):
        head.add_row(f"[bold]{key}[/]", str(value))
    console.print(head)
    perms = Table(title="permissions")
    perms.add_column("permission", overflow="fold")
    perms.add_column("dangerous")
    for perm in info.permissions:
        perms.add_row(perm.name, f"[red]yes ({perm.group})[/]" if perm.dangerous else "")
    console.print(perms)
    comps = Table(title="components")
    comps.add_column("kind")
    comps.add_column("name", overflow="fold")
    comps.add_column("exported")
    comps.add_column("details", overflow="fold")
    for kind, items in (
        ("activity", info.activities),
        ("service", info.services),
        ("receiver", info.receivers),
    ):
        for comp in items:
            detail = "launcher" if comp.name == info.launcher_activity else ", ".join(comp.actions)
            comps.add_row(kind, comp.name, "yes" if comp.exported else "", detail)
    for prov in info.providers:
        comps.add_row(
            "provider", prov.name, "yes" if prov.exported else "", ";".join(prov.authorities)
        )
    console.print(comps)
    return ExitCode.OK


def _manager(args: argparse.Namespace) -> Any:
    import os
    import socket

    import adbutils

    from apk_helper.errors import AppManagementError
    from apk_helper.manage import AppManager

    host = os.environ.get("ANDROID_ADB_SERVER_HOST", "127.0.0.1")
    port = args.adb_port or int(os.environ.get("ANDROID_ADB_SERVER_PORT", "5037"))
    # adbutils would silently spawn a default adb server when none answers; we say so instead.
    try:
        socket.create_connection((host, port), timeout=3).close()
    except OSError as exc:
        raise AppManagementError(
            "connect",
            f"no adb server at {host}:{port} ({exc.strerror or exc}); start one with "
            f"`adb -P {port} start-server`",
            args.serial,
        ) from None
    client = adbutils.AdbClient(host=host, port=port)
    try:
        # `adb devices` rather than get_state(): the latter leaks its socket on a bad serial.
        online = [d.serial for d in client.list() if d.state == "device"]
    except adbutils.AdbError as exc:
        raise AppManagementError("connect", str(exc), args.serial) from None
    serial = args.serial or os.environ.get("ANDROID_SERIAL")
    if serial is None and len(online) != 1:
        found = ", ".join(online) or "none"
        raise AppManagementError("connect", f"choose a device with --serial (online: {found})")
    serial = serial or online[0]
    if serial not in online:
        found = ", ".join(online) or "none"
        raise AppManagementError("connect", f"device {serial!r} not online (online: {found})")
    return AppManager(client.device(serial=serial))


def _install(args: argparse.Namespace) -> int:
    from apk_helper.inspect import inspect_apk

    inspect_apk(args.file)  # a bad file is a usage error before any device is touched
    info = _manager(args).install(args.file, grant_all=args.grant_all)
    print(f"installed {info.package} {info.version_name or ''}".rstrip())
    return ExitCode.OK


def _uninstall(args: argparse.Namespace) -> int:
    from apk_helper.manage import check_package

    check_package(args.package)
    _manager(args).uninstall(args.package, keep_data=args.keep_data)
    print(f"uninstalled {args.package}")
    return ExitCode.OK


def _grant(args: argparse.Namespace) -> int:
    return _permissions(args, grant=True)


def _revoke(args: argparse.Namespace) -> int:
    return _permissions(args, grant=False)


def _permissions(args: argparse.Namespace, *, grant: bool) -> int:
    from apk_helper.manage import check_package, check_permission

    check_package(args.package)
    perms = [check_permission(p) for p in args.permissions]
    manager = _manager(args)
    for perm in perms:
        (manager.grant if grant else manager.revoke)(args.package, perm)
        print(
            f"{'granted' if grant else 'revoked'} {perm} {'to' if grant else 'from'} {args.package}"
        )
    return ExitCode.OK


def _launch(args: argparse.Namespace) -> int:
    from apk_helper.manage import launch_command

    launch_command(args.package, args.activity)  # validate names before connecting
    _manager(args).launch(args.package, args.activity)
    print(f"launched {args.package}")
    return ExitCode.OK


def _packages(args: argparse.Namespace) -> int:
    from apk_helper.manage import list_packages_command

    list_packages_command(third_party=args.third_party, system=args.system)
    names = _manager(args).packages(third_party=args.third_party, system=args.system)
    print(json.dumps(names, indent=2) if args.json else "\n".join(names))
    return ExitCode.OK


def _catalog(args: argparse.Namespace) -> int:
    from apk_helper.catalog import load_catalog

    cat = load_catalog(extra=args.extra)
    if args.lookup:
        entry = cat.app_for_target(args.lookup) or cat.app_for_intent(args.lookup)
        if entry is None:
            print(f"{args.lookup}: not in the catalog", file=sys.stderr)
            return ExitCode.FAILED
        if args.json:
            print(entry.model_dump_json(indent=2))
        else:
            op = cat.operation_for(args.lookup)
            print(f"{args.lookup} -> {entry.name}" + (f" ({op})" if op else ""))
        return ExitCode.OK
    if args.json:
        print(json.dumps({"sources": list(cat.sources), **cat.as_data()}, indent=2))
        return ExitCode.OK
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"app catalog ({len(cat)} apps)")
    for col in ("app", "roles", "packages", "authorities"):
        table.add_column(col)
    for entry in cat:
        r = entry.roles
        roles = [n for n in ("source", "sink", "untrusted_source") if getattr(r, n)]
        roles += [f"high:{op}" for op in r.high_impact]
        table.add_row(
            entry.name, " ".join(roles), "\n".join(entry.packages), "\n".join(entry.authorities)
        )
    Console().print(table)
    return ExitCode.OK
