"""``am`` (start, broadcast, force-stop, …) and ``monkey``. Intents are parsed and resolved by
``DeviceState`` (``am_start``, ``broadcast``), so the shell and the apps agree on them."""

from __future__ import annotations

from ..sh import CommandFunc, Proc

_AM_USAGE = (
    "usage: am [subcommand] [options]\n"
    "  start [-W] [-S] <INTENT>\n  broadcast <INTENT>\n  force-stop <PACKAGE>\n"
)


def _component_package(args: list[str]) -> str | None:
    if "-n" in args:
        i = args.index("-n")
        if i + 1 < len(args):
            return args[i + 1].split("/", 1)[0]
    return None


def am(p: Proc) -> int:
    if len(p.argv) < 2:
        p.stderr.write(_AM_USAGE)
        return 1
    sub, args = p.argv[1], p.argv[2:]
    state = p.device.state
    if sub in ("start", "start-activity"):
        pkg = _component_package(args)
        if "-S" in args and pkg:
            state.force_stop(pkg)
            p.device.note_stopped(pkg)
        output, status = state.am_start(args)
        out_part, _, err_part = output.partition("Error")
        p.stdout.write(out_part)
        if err_part:
            p.stderr.write("Error" + err_part)
        if status == 0:
            cur_pkg, cur_act = state.current()
            p.device.note_started(cur_pkg)
            if "-W" in args:
                p.stdout.write(
                    f"Status: ok\nLaunchState: COLD\nActivity: {cur_pkg}/{cur_act}\n"
                    "TotalTime: 212\nWaitTime: 215\nComplete\n"
                )
        return int(status)
    if sub in ("startservice", "start-service", "start-foreground-service"):
        p.stdout.write("Starting service: Intent { }\n")
        return 0
    if sub == "broadcast":
        output, status = state.broadcast(args)
        (p.stdout if status == 0 else p.stderr).write(output)
        return int(status)
    if sub in ("force-stop", "kill", "stop-app"):
        pkgs = [a for a in args if not a.startswith("-") and not a.isdigit()]
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
    p.stderr.write(f"Unknown command: {sub}\n")
    return 255


def monkey(p: Proc) -> int:
    args = p.argv[1:]
    packages: list[str] = []
    count = 0
    i = 0
    while i < len(args):
        a = args[i]
        if a in ("-p", "-c") and i + 1 < len(args):
            if a == "-p":
                packages.append(args[i + 1])
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
    state = p.device.state
    installed = set(state.packages())
    targets = [pkg for pkg in packages if pkg in installed]
    if not targets:
        p.stdout.write("** No activities found to run, monkey aborted.\n")
        return 252
    if count >= 1:
        if not state.start(targets[0]):
            p.stdout.write("** No activities found to run, monkey aborted.\n")
            return 252
        p.device.note_started(targets[0])
    p.stdout.write(
        f"Events injected: {count}\n"
        "## Network stats: elapsed time=12ms (0ms mobile, 0ms wifi, 12ms not connected)\n"
    )
    return 0


COMMANDS: dict[str, CommandFunc] = {"am": am, "monkey": monkey}
