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
    if sub == "stack":
        return _stack(p, args)
    if sub == "get-current-user":
        p.stdout.write("0\n")
        return 0
    if sub == "kill-all":
        return 0
    p.stderr.write(f"Unknown command: {sub}\n")
    return 255


def _component(pkg: str, activity: str) -> str:
    return f"{pkg}/{activity}"


def stack_list(p: Proc) -> str:
    """``am stack list`` as Android 14 prints it: a root task per fullscreen task, its
    configuration, then its task with base activity, visibility and top activity."""
    state = p.device.state
    w, h = state.width, state.height
    rot = int(getattr(state, "rotation", 0))
    land = rot % 2 == 1
    bw, bh = (h, w) if land else (w, h)
    out = []
    for tid, pkg in state.task_list():
        stack = state.tasks[pkg]
        kind = "home" if pkg == state.launcher.package else "standard"
        base, top = stack[0].activity_name, stack[-1].activity_name
        visible = "true" if pkg == state.foreground else "false"
        out.append(
            f"RootTask id={tid} bounds=[0,0][{bw},{bh}] displayId=0 userId=0\n"
            f" configuration={{1.0 310mcc260mnc [en_US] ldltr sw411dp w411dp h914dp 420dpi nrml "
            f"long {'land' if land else 'port'} finger -keyb/v/h -nav/h winConfig={{ "
            f"mBounds=Rect(0, 0 - {bw}, {bh}) mAppBounds=Rect(0, 0 - {bw}, {bh}) "
            f"mMaxBounds=Rect(0, 0 - {bw}, {bh}) mDisplayRotation=ROTATION_{rot * 90} "
            f"mWindowingMode=fullscreen mActivityType={kind} mAlwaysOnTop=undefined "
            f"mRotation=ROTATION_{rot * 90}}} s.1 fontWeightAdjustment=0}}\n"
            f"  taskId={tid}: {_component(pkg, base)} bounds=[0,0][{bw},{bh}] userId=0 "
            f"visible={visible} topActivity=ComponentInfo{{{_component(pkg, top)}}}\n"
        )
    return "".join(out)


def _stack(p: Proc, args: list[str]) -> int:
    """``am stack list|remove <ROOT_TASK_ID>``."""
    sub = args[0] if args else ""
    if sub == "list":
        p.stdout.write(stack_list(p))
        return 0
    if sub == "remove":
        if len(args) < 2:
            return p.err('Error: Argument expected after "remove"', 255)
        if not args[1].lstrip("-").isdigit():
            return p.err(f"Error: Bad task id: {args[1]}", 255)
        p.device.state.remove_task(int(args[1]))  # an unknown id is silently ignored
        return 0
    return p.err(f"Error: unknown command '{sub}'", 255)


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
