"""``pm`` (and ``cmd package``): list, path, install, uninstall, grant, revoke, clear."""

from __future__ import annotations

from ..filesystem import FsError
from ..sh import CommandFunc, Proc


def _read_manifest(data: bytes) -> tuple[str, list[str]] | None:
    """Package name and requested permissions of an APK, or None if it is not one."""
    try:
        from pyaxmlparser import APK

        apk = APK(data, raw=True)
    except Exception:  # the parser raises many types on garbage
        return None
    if not apk.package:
        return None
    return str(apk.package), [str(x) for x in apk.get_permissions()]


def _exception(
    p: Proc, sub: str, message: str, exc: str = "java.lang.IllegalArgumentException", at: str = ""
) -> int:
    trace = f"\tat {at}\n" if at else ""
    p.stderr.write(f"Exception occurred while executing '{sub}':\n{exc}: {message}\n{trace}")
    return 255


def pm(p: Proc) -> int:
    if len(p.argv) < 2:
        return p.err("usage: pm [list|path|install|uninstall|grant|revoke|clear] ...", 1)
    sub, args = p.argv[1], p.argv[2:]
    state = p.device.state
    installed = list(state.packages())
    if sub == "list" and args and args[0] == "packages":
        opts = [a for a in args[1:] if a.startswith("-")]
        rest = [a for a in args[1:] if not a.startswith("-") and a not in ("0",)]
        flt = rest[0] if rest else ""
        listed = installed
        if "-3" in opts:
            listed = list(state.packages(system=False))
        elif "-s" in opts:
            listed = list(state.packages(system=True))
        for pkg in sorted(listed):
            if flt in pkg:
                if "-f" in opts:
                    p.stdout.write(f"package:/data/app/{pkg}-1/base.apk={pkg}\n")
                else:
                    p.stdout.write(f"package:{pkg}\n")
        return 0
    if sub == "path":
        names = [a for a in args if not a.startswith("-")]
        if not names or names[0] not in installed:
            return 1
        path = state.package_path(names[0]) or f"/data/app/{names[0]}-1/base.apk"
        p.stdout.write(f"package:{path}\n")
        return 0
    if sub == "install":
        files = [a for a in args if not a.startswith("-")]
        if not files:
            return p.err("Error: must either specify a package size or an APK file", 1)
        try:
            data = p.device.fs.read(files[-1])
        except FsError:
            p.stderr.write(f"Error: Unable to open file: {files[-1]}\n")
            p.stdout.write("Failure [INSTALL_FAILED_INVALID_URI]\n")
            return 1
        manifest = _read_manifest(data)
        if manifest is None:
            p.stdout.write(f"Failure [INSTALL_PARSE_FAILED_NOT_APK: Failed to parse {files[-1]}]\n")
            return 1
        package, permissions = manifest
        result = state.install(
            package, f"/data/app/{package}-1/base.apk", permissions=tuple(permissions)
        )
        if "-g" in args:
            for perm in permissions:
                state.grant(package, perm)
        if result is False:
            p.stdout.write("Failure [INSTALL_FAILED_INVALID_APK]\n")
            return 1
        p.stdout.write("Success\n")
        return 0
    if sub == "uninstall":
        names = [a for a in args if not a.startswith("-") and a != "0"]
        if not names:
            return p.err("Error: package name not specified", 1)
        if state.uninstall(names[-1]):
            p.device.note_stopped(names[-1])
            p.stdout.write("Success\n")
            return 0
        p.stdout.write("Failure [DELETE_FAILED_INTERNAL_ERROR]\n")
        return 1
    if sub in ("grant", "revoke"):
        names = [a for a in args if not a.startswith("-") and a != "0"]
        if len(names) < 2:
            return p.err(f"Error: no package or permission specified for {sub}", 1)
        pkg, perm = names[0], names[1]
        if pkg not in installed:
            return _exception(p, sub, f"Unknown package: {pkg}")
        try:
            changed = getattr(state, sub)(pkg, perm)
        except (ValueError, KeyError) as exc:
            return _exception(p, sub, str(exc))
        if changed is False:
            # Android refuses to grant or revoke what the manifest never asked for.
            return _exception(
                p, sub, f"Package {pkg} has not requested permission {perm}",
                "java.lang.SecurityException",
                f"com.android.server.pm.permission.PermissionManagerServiceImpl.{sub}"
                f"RuntimePermissionInternal(PermissionManagerServiceImpl.java:"
                f"{1398 if sub == 'grant' else 1529})",
            )  # fmt: skip
        return 0
    if sub == "clear":
        names = [a for a in args if not a.startswith("-") and a != "0"]
        if not names or names[-1] not in installed:
            p.stdout.write("Failed\n")
            return 1
        state.clear_data(names[-1])
        p.stdout.write("Success\n")
        return 0
    p.stderr.write(f"Unknown command: {sub}\n")
    return 255


def cmd(p: Proc) -> int:
    if len(p.argv) > 1 and p.argv[1] == "package":
        p.argv = ["pm", *p.argv[2:]]
        return pm(p)
    if len(p.argv) > 1 and p.argv[1] == "settings":
        p.argv = ["settings", *p.argv[2:]]
        output, status = p.device.state.settings(p.argv[1:])
        (p.stdout if status == 0 else p.stderr).write(output)
        return int(status)
    if len(p.argv) > 1 and p.argv[1] in ("role", "appops"):
        return _triple(p, getattr(p.device.state, p.argv[1])(p.argv[2:]))
    if len(p.argv) > 1 and p.argv[1] == "device_policy":
        p.argv = ["dpm", *p.argv[2:]]
        return dpm(p)
    return p.err(f"cmd: Can't find service: {p.argv[1] if len(p.argv) > 1 else ''}", 20)


def _triple(p: Proc, result: tuple[str, str, int]) -> int:
    out, err, status = result
    p.stdout.write(out)
    p.stderr.write(err)
    return int(status)


def appops(p: Proc) -> int:
    return _triple(p, p.device.state.appops(p.argv[1:]))


def dpm(p: Proc) -> int:
    """``dpm`` (``cmd device_policy``): no app on the virtual device declares a device admin
    receiver, so making one an admin or owner fails as Android's does for an unknown admin."""
    sub = p.argv[1] if len(p.argv) > 1 else ""
    args = [a for a in p.argv[2:] if not a.startswith("--")]
    if sub == "list-owners":
        p.stdout.write("no owners\n")
        return 0
    if sub in ("set-active-admin", "set-device-owner", "set-profile-owner", "remove-active-admin"):
        if not args:
            return p.err(f'Error: Argument expected after "{sub}"', 255)
        pkg, _, cls = args[-1].partition("/")
        if not cls:
            return _exception(p, sub, f"Invalid component {args[-1]}")
        cls = pkg + cls if cls.startswith(".") else cls
        return _exception(
            p, sub, f"Unknown admin: ComponentInfo{{{pkg}/{cls}}}", "java.lang.IllegalArgumentException",
            "com.android.server.devicepolicy.DevicePolicyManagerService.setActiveAdmin("
            "DevicePolicyManagerService.java:3812)",
        )  # fmt: skip
    return p.err(f"Unknown command: {sub}", 255)


COMMANDS: dict[str, CommandFunc] = {"pm": pm, "cmd": cmd, "appops": appops, "dpm": dpm}
