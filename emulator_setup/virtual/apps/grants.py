"""What the device has granted apps beyond their manifest: default-app roles (``cmd role``) and
app-ops modes (``appops`` / ``cmd appops``), with the output and exit codes of Android 14's
shell commands (``RoleShellCommand``, ``AppOpsService.Shell``).

The SMS and dialer roles are mirrored in ``Settings.Secure.sms_default_application`` /
``dialer_default_application`` as Android keeps them. Simplification: an installed app
qualifies for any role (Android also checks the role's required components).
"""

from __future__ import annotations

from .packages import PackageManager
from .settings_store import SettingsStore

ROLE_SETTINGS = {
    "android.app.role.SMS": "sms_default_application",
    "android.app.role.DIALER": "dialer_default_application",
}
_ROLE_HELP = """Role (role) commands:
  help or -h
    Print this help text.

  get-role-holders [--user USER_ID] ROLE
  add-role-holder [--user USER_ID] ROLE PACKAGE [FLAGS]
  remove-role-holder [--user USER_ID] ROLE PACKAGE [FLAGS]
  clear-role-holders [--user USER_ID] ROLE [FLAGS]
  set-bypassing-role-qualification true|false
  get-active-user-for-role [--user USER_ID] ROLE
  set-active-user-for-role [--user USER_ID] ROLE ACTIVE_USER_ID [FLAGS]

"""
_ROLE_FAILED = (
    "Error: see logcat for details.\n"
    "java.util.concurrent.ExecutionException: java.lang.RuntimeException: Failed\n"
)
# AppOpsManager mode names, and the default mode of the ops agents ask for.
_MODES = {"allow": 0, "ignore": 1, "deny": 2, "default": 3, "foreground": 4}
_MODE_NAMES = {v: k for k, v in _MODES.items()}
_DEFAULT_MODES = {"MOCK_LOCATION": 2, "REQUEST_INSTALL_PACKAGES": 3, "SYSTEM_ALERT_WINDOW": 3,
                  "GET_USAGE_STATS": 3, "MANAGE_EXTERNAL_STORAGE": 3}  # fmt: skip


def op_name(op: str) -> str:
    """``android:mock_location`` / ``MOCK_LOCATION`` -> ``MOCK_LOCATION``."""
    return op.removeprefix("android:").upper()


class Grants:
    def __init__(self, settings: SettingsStore, pm: PackageManager, home: str) -> None:
        self.settings, self.pm, self.home = settings, pm, home
        self.roles: dict[str, list[str]] = {}
        self.appops: dict[tuple[str, str], int] = {}
        self.reset()

    def reset(self) -> None:
        self.roles = {
            "android.app.role.HOME": [self.home],
            "android.app.role.BROWSER": ["com.android.chrome"],
            "android.app.role.ASSISTANT": [],
        }
        self.appops = {}

    # -- roles ------------------------------------------------------------------------------
    def role_holders(self, role: str) -> list[str]:
        key = ROLE_SETTINGS.get(role)
        if key is not None:
            value = self.settings.get("secure", key)
            return [value] if value and value != "null" else []
        return list(self.roles.get(role, []))

    def _set_role(self, role: str, holders: list[str]) -> None:
        key = ROLE_SETTINGS.get(role)
        if key is not None:
            self.settings.put("secure", key, holders[0] if holders else "")
        else:
            self.roles[role] = holders

    def role(self, argv: list[str]) -> tuple[str, str, int]:
        """``cmd role <argv…>`` -> (stdout, stderr, status)."""
        if not argv or argv[0] in ("help", "-h"):
            return _ROLE_HELP, "", 0
        sub, args = argv[0], list(argv[1:])
        if args[:1] == ["--user"]:
            args = args[2:]
        if sub == "get-role-holders":
            if not args:
                return "", 'Error: Argument expected after "get-role-holders"\n', 255
            return ";".join(self.role_holders(args[0])) + "\n", "", 0
        if sub in ("add-role-holder", "remove-role-holder"):
            if len(args) < 2:
                return "", f'Error: Argument expected after "{args[0] if args else sub}"\n', 255
            role, pkg = args[0], args[1]
            if self.pm.get(pkg) is None:
                return "", _ROLE_FAILED, 255
            # the roles agents ask for are exclusive: adding one makes it the only holder
            kept = [h for h in self.role_holders(role) if h != pkg]
            self._set_role(role, [pkg] if sub == "add-role-holder" else kept)
            return "", "", 0
        if sub == "clear-role-holders":
            if not args:
                return "", 'Error: Argument expected after "clear-role-holders"\n', 255
            self._set_role(args[0], [])
            return "", "", 0
        return "", f"Unknown command: {sub}\n", 255

    # -- app ops ----------------------------------------------------------------------------
    def appops_run(self, argv: list[str]) -> tuple[str, str, int]:
        """``appops <argv…>`` -> (stdout, stderr, status)."""
        if not argv:
            return "", "Error: no command given\n", 255
        sub, args = argv[0], list(argv[1:])
        if args[:1] == ["--user"]:
            args = args[2:]
        if sub not in ("set", "get", "reset"):
            return "", f"Error: Unknown command: {sub}\n", 255
        if not args:
            return "", "Error: Package name not specified.\n", 255
        pkg = args[0]
        if self.pm.get(pkg) is None:
            return "", f"Error: No UID for {pkg} in user 0\n", 255
        if sub == "reset":
            self.appops = {k: v for k, v in self.appops.items() if k[0] != pkg}
            return "", "", 0
        if sub == "set":
            if len(args) < 2:
                return "", "Error: Operation not specified.\n", 255
            if len(args) < 3:
                return "", "Error: Mode not specified.\n", 255
            mode = args[2].lower()
            if mode not in _MODES and not mode.isdigit():
                return "", f"Error: Mode {args[2]} is not valid\n", 255
            self.appops[(pkg, op_name(args[1]))] = int(mode) if mode.isdigit() else _MODES[mode]
            return "", "", 0
        ops = [op_name(args[1])] if len(args) > 1 else None
        rows = [(op, mode) for (p, op), mode in sorted(self.appops.items())
                if p == pkg and (ops is None or op in ops)]  # fmt: skip
        if not rows:
            out = "No operations.\n"
            if ops is not None:
                default = _DEFAULT_MODES.get(ops[0], 0)
                out += f"Default mode: {_MODE_NAMES.get(default, 'mode=' + str(default))}\n"
            return out, "", 0
        return "".join(f"{op}: {_MODE_NAMES.get(m, f'mode={m}')}\n" for op, m in rows), "", 0

    def appop_mode(self, pkg: str, op: str) -> int:
        return self.appops.get((pkg, op_name(op)), _DEFAULT_MODES.get(op_name(op), 0))
