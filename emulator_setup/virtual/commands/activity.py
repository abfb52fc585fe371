"""``am`` (start, broadcast, force-stop, …) and ``monkey``; app launches go to ``DeviceState.start``."""

from __future__ import annotations

from ..intent import Intent, IntentError, parse_intent, resolve
from ..sh import CommandFunc, Proc

_AM_USAGE = "usage: am [subcommand] [options]\n  start [-W] [-S] <INTENT>\n  broadcast <INTENT>\n  force-stop <PACKAGE>\n"


def _start(p: Proc, intent: Intent) -> str | None:
    """Launch what ``intent`` resolves to; returns the package or None if nothing handles it."""
    state = p.device.state
    pkg = resolve(intent, list(state.packages()))
    if pkg is None:
        return None
    opener = getattr(state, "start_intent", None)
    ok = opener(pkg, intent) if opener is not None else state.start(pkg, intent.activity)
    if ok is False:
        return None
    p.device.note_started(pkg)
    return pkg


def am(p: Proc) -> int:
    if len(p.argv) < 2:
        p.stderr.write(_AM_USAGE)
        return 1
    sub, args = p.argv[1], p.argv[2:]
    state = p.device.state
    try:
        if sub in ("start", "start-activity"):
            intent = parse_intent(args)
            if "-S" in args and intent.target_package:
                state.force_stop(intent.target_package)
                p.device.note_stopped(intent.target_package)
            p.stdout.write(f"Starting: {intent.describe()}\n")
            pkg = _start(p, intent)
            if pkg is None:
                p.stderr.write(
                    f"Error: Activity not started, unable to resolve {intent.describe()}\n"
                )
                return 1
            if "-W" in args:
                cur_pkg, cur_act = state.current()
                p.stdout.write(
                    f"Status: ok\nLaunchState: COLD\nActivity: {cur_pkg}/{cur_act}\n"
                    "TotalTime: 212\nWaitTime: 215\nComplete\n"
                )
            return 0
        if sub in ("startservice", "start-service", "start-foreground-service"):
            intent = parse_intent(args)
            p.stdout.write(f"Starting service: {intent.describe()}\n")
            return 0
        if sub == "broadcast":
            parse_intent(args)  # reject malformed intents the way am does
            output, status = state.broadcast(args)
            (p.stdout if status == 0 else p.stderr).write(output)
            return int(status)
        if sub in ("force-stop", "kill", "stop-app"):
            pkgs = [a for a in args if not a.startswith("-") and a != "0"]
            if not pkgs:
                return p.err(f"Error: no package specified for {sub}")
            for pkg in pkgs:
                state.force_stop(pkg)
                p.device.note_stopped(pkg)
            return 0
        if sub == "get-current-user":
            p.stdout.write("0\n")
            return 0
        if sub == "kill-all":
            return 0
    except IntentError as exc:
        p.stderr.write(
            f"Exception occurred while executing '{sub}':\njava.lang.IllegalArgumentException: {exc}\n"
        )
        return 255
    p.stderr.write(f"Unknown command: {sub}\n")
    return 255


def monkey(p: Proc) -> int:
    args = p.argv[1:]
    packages: list[str] = []
    categories: list[str] = []
    count = 0
    i = 0
    while i < len(args):
        a = args[i]
        if a == "-p" and i + 1 < len(args):
            packages.append(args[i + 1])
            i += 2
        elif a == "-c" and i + 1 < len(args):
            categories.append(args[i + 1])
            i += 2
        elif a in ("-s", "--throttle", "--seed") or a.startswith("--pct-"):
            i += 2
        elif a.startswith("-"):
            i += 1
        else:
            try:
                count = int(a)
            except ValueError:
                return p.err(f"** Error: Invalid argument: {a}", 1)
            i += 1
    for a in args:
        p.stdout.write(f"  bash arg: {a}\n")
    installed = list(p.device.state.packages())
    targets = [pkg for pkg in packages if pkg in installed]
    if not targets or count < 1:
        if not targets:
            p.stdout.write("** No activities found to run, monkey aborted.\n")
            return 252
        return 0
    intent = Intent(
        action="android.intent.action.MAIN",
        categories=categories or ["android.intent.category.LAUNCHER"],
        package=targets[0],
    )
    _start(p, intent)
    p.stdout.write(
        f"Events injected: {count}\n"
        "## Network stats: elapsed time=12ms (0ms mobile, 0ms wifi, 12ms not connected)\n"
    )
    return 0


COMMANDS: dict[str, CommandFunc] = {"am": am, "monkey": monkey}
