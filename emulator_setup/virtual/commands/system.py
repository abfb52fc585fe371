"""System commands: getprop, wm, dumpsys, ps, ime, input, screencap, settings, content,
uiautomator and app_process (which launches the uiautomator2 server, reference §4).

Output formats follow what the clients parse (reference §6); app behaviour is delegated to
``DeviceState``.
"""

from __future__ import annotations

import logging
import re
import zlib

from ..sh import CommandFunc, Proc

log = logging.getLogger(__name__)

LATIN_IME = "com.android.inputmethod.latin/.LatinIME"
UIA_MAIN = "com.wetest.uia2.Main"


def getprop(p: Proc) -> int:
    props = p.device.props
    if len(p.argv) == 1:
        for key in sorted(props):
            p.stdout.write(f"[{key}]: [{props[key]}]\n")
        return 0
    default = p.argv[2] if len(p.argv) > 2 else ""
    p.stdout.write(props.get(p.argv[1], default) + "\n")
    return 0


def setprop(p: Proc) -> int:
    if len(p.argv) != 3:
        return p.err("usage: setprop NAME VALUE")
    p.device.props[p.argv[1]] = p.argv[2]
    return 0


def wm(p: Proc) -> int:
    state = p.device.state
    sub = p.argv[1] if len(p.argv) > 1 else ""
    if sub == "size":
        if len(p.argv) > 2:
            arg = p.argv[2]
            if arg == "reset":
                p.device.wm_override = None
                return 0
            m = re.fullmatch(r"(\d+)x(\d+)", arg)
            if not m:
                return p.err(f"Error: bad size {arg}", 255)
            p.device.wm_override = (int(m.group(1)), int(m.group(2)))
            return 0
        p.stdout.write(f"Physical size: {state.width}x{state.height}\n")
        if p.device.wm_override:
            w, h = p.device.wm_override
            p.stdout.write(f"Override size: {w}x{h}\n")
        return 0
    if sub == "density":
        p.stdout.write(f"Physical density: {p.device.props.get('ro.sf.lcd_density', '420')}\n")
        return 0
    return p.err(f"Error: unknown command '{sub}'", 255)


def _focus_lines(p: Proc) -> tuple[str, str]:
    pkg, act = p.device.state.current()
    return pkg, act


def _dumpsys_window(p: Proc, what: str = "") -> None:
    if what in ("", "-a", "displays"):
        if what == "":
            _dumpsys_window_windows(p)
        _dumpsys_window_displays(p)
        return
    _dumpsys_window_windows(p)


def _dumpsys_window_displays(p: Proc) -> None:
    """The display contents section, with Android 14's DisplayRotation dump (where evaluators
    read ``mCurrentRotation=ROTATION_N``)."""
    s = p.device.state
    rot = int(getattr(s, "rotation", 0))
    w, h = (s.height, s.width) if rot % 2 else (s.width, s.height)
    p.stdout.write(
        "WINDOW MANAGER DISPLAY CONTENTS (dumpsys window displays)\n"
        "  Display: mDisplayId=0 rootTasks=1\n"
        f"    init={s.width}x{s.height} 420dpi cur={w}x{h} app={w}x{h} rng={min(w, h)}x{min(w, h) - 63}"
        f"-{max(w, h)}x{max(w, h) - 63}\n"
        f"    deferred=false mLayoutNeeded=false mTouchExcludeRegion=SkRegion((0,0,{w},{h}))\n"
        "\n"
        "  DisplayRotation\n"
        "    mCurrentAppOrientation=SCREEN_ORIENTATION_UNSPECIFIED\n"
        "    mLastOrientation=-1\n"
        f"    mRotation={rot} mDeferredRotationPauseCount=0\n"
        "    mLandscapeRotation=ROTATION_90 mSeascapeRotation=ROTATION_270\n"
        "    mPortraitRotation=ROTATION_0 mUpsideDownRotation=ROTATION_180\n"
        "    mSupportAutoRotation=true\n"
        "    WindowOrientationListener\n"
        "      mEnabled=false\n"
        f"      mCurrentRotation=ROTATION_{rot * 90}\n"
        "      mSensorType=null\n"
        "    mCarDockRotation=-1 mDeskDockRotation=-1\n"
        f"    mUserRotationMode=USER_ROTATION_LOCKED mUserRotation=ROTATION_{rot * 90} "
        "mCameraRotationMode=0\n"
    )


def _dumpsys_input(p: Proc) -> None:
    """``dumpsys input`` (Android 14): the touchscreen's viewport (``logicalFrame``,
    ``physicalFrame``), its physical size and ``InputDeviceOrientation``."""
    s = p.device.state
    rot = int(getattr(s, "rotation", 0))
    w, h = (s.height, s.width) if rot % 2 else (s.width, s.height)
    p.stdout.write(
        "INPUT MANAGER (dumpsys input)\n\n"
        "Input Manager Service (Java) State:\n  Gesture Monitors (implementation):\n\n"
        "Event Hub State:\n  BuiltInKeyboardId: -2\n  Devices:\n"
        "    -1: Virtual\n      Classes: KEYBOARD | ALPHAKEY\n"
        "    3: virtio_input_multi_touch_1\n      Classes: TOUCH | TOUCH_MT\n"
        "      Path: /dev/input/event3\n\n"
        "Input Reader State (Nums of listeners: 1):\n"
        "  Device 3: virtio_input_multi_touch_1\n"
        "    EventHub Devices: [ 3 ] \n    Generation: 24\n    IsExternal: false\n"
        "    AssociatedDisplayPort: <none>\n    Enabled: true\n"
        "    Sources: TOUCHSCREEN\n    KeyboardType: 0\n"
        "    Touch Input Mapper (mode - DIRECT):\n"
        "      Parameters:\n        DeviceType: TOUCH_SCREEN\n"
        "        AssociatedDisplayId: 0\n        OrientationAware: true\n"
        f"      Viewport INTERNAL: displayId=0, uniqueId=local:4619827259835644672, port=0, "
        f"orientation={rot}, logicalFrame=[0, 0, {w}, {h}], physicalFrame=[0, 0, {w}, {h}], "
        f"deviceSize=[{s.width}, {s.height}], isActive=[1]\n"
        f"      DisplayBounds: {w}x{h}\n"
        f"      PhysicalFrameInRotatedDisplay: [0, 0, {w}, {h}]\n"
        f"      InputDeviceOrientation: {rot}\n"
        "      RawPointerAxes:\n"
        f"        X: min=0, max={s.width - 1}, flat=0, fuzz=0, resolution=0\n"
        f"        Y: min=0, max={s.height - 1}, flat=0, fuzz=0, resolution=0\n"
        f"      PhysicalWidth: {s.width}px\n      PhysicalHeight: {s.height}px\n"
        "      TouchscreenMode: DIRECT\n\n"
        "Input Dispatcher State:\n  DispatchEnabled: true\n  DispatchFrozen: false\n"
        f"  FocusedApplications:\n    displayId=0, name='ActivityRecord{{{p.device.window_hash(s.foreground)} "
        f"u0 {s.foreground}/{s.current()[1]}}}'\n"
    )


def _dumpsys_window_windows(p: Proc) -> None:
    pkg, act = _focus_lines(p)
    h = p.device.window_hash(pkg)
    p.stdout.write(
        "WINDOW MANAGER WINDOWS (dumpsys window windows)\n"
        f"  Window #0 Window{{{h} u0 {pkg}/{act}}}:\n"
        f"    mDisplayId=0 rootTaskId=1 mSession=Session{{1a2b3c4 1234:u0a10066}} mClient=android.os.BinderProxy@5e6f7a8\n"
        f"    mOwnerUid=10066 showForAllUsers=false package={pkg} appop=NONE\n"
        "\n"
        f"  mCurrentFocus=Window{{{h} u0 {pkg}/{act}}}\n"
        f"  mFocusedApp=ActivityRecord{{{h} u0 {pkg}/{act} t12}}\n"
    )


def _app_uid(pkg: str) -> int:
    return 10000 + zlib.crc32(pkg.encode()) % 200


def _dumpsys_recents(p: Proc) -> None:
    """``dumpsys activity recents`` (Android 14's RecentTasks.dump): every task but home, most
    recent first, with the lines evaluators grep (``taskId=N``)."""
    state = p.device.state
    out = [
        "ACTIVITY MANAGER RECENT TASKS (dumpsys activity recents)\n",
        f"mRecentsUid={_app_uid(state.launcher.package)}\n",
        f"mRecentsComponent=ComponentInfo{{{state.launcher.package}/com.android.quickstep."
        "RecentsActivity}\nmFreezeTaskListReordering=false\n"
        "mFreezeTaskListReorderingPendingTimeout=false\n",
    ]
    tasks = [(tid, pkg) for tid, pkg in state.task_list() if pkg != state.launcher.package]
    if tasks:
        out.append("  Recent tasks:\n")
    for i, (tid, pkg) in enumerate(tasks):
        uid = _app_uid(pkg)
        h = p.device.window_hash(f"{pkg}#{tid}")
        stack = state.tasks[pkg]
        base = f"{pkg}/{stack[0].activity_name}"
        records = ", ".join(
            f"ActivityRecord{{{p.device.window_hash(f'{pkg}{n}')} u0 {pkg}/{s.activity_name} t{tid}}}"
            for n, s in enumerate(stack)
        )
        out.append(
            f"  * Recent #{i}: Task{{{h} #{tid} type=standard A={uid}:{pkg}}}\n"
            f"    userId=0 effectiveUid=u0a{uid - 10000} mCallingUid=2000 mUserSetupComplete=true "
            "mCallingPackage=com.android.shell mCallingFeatureId=null\n"
            f"    affinity={uid}:{pkg}\n"
            "    intent={act=android.intent.action.MAIN cat=[android.intent.category.LAUNCHER] "
            f"flg=0x10000000 cmp={base}}}\n"
            f"    mActivityComponent={base}\n"
            "    rootWasReset=false mNeverRelinquishIdentity=true mReuseTask=false "
            "mLockTaskAuth=LOCK_TASK_AUTH_PINNABLE\n"
            f"    Activities=[{records}]\n"
            "    askedCompatMode=false inRecents=true isAvailable=true\n"
            f"    taskId={tid} rootTaskId={tid}\n"
            "    hasChildPipActivity=false\n"
        )
    if tasks:
        out.append("\n  Visible recent tasks (most recent first):\n")
    for i, (tid, pkg) in enumerate(tasks):
        base = f"{pkg}/{state.tasks[pkg][0].activity_name}"
        top = f"{pkg}/{state.tasks[pkg][-1].activity_name}"
        out.append(
            f"  * RecentTaskInfo #{i}:\n"
            f"    id={tid} userId=0 hasTask=true lastActiveTime={int(state.clock() * 1000) - i}\n"
            "    baseIntent=Intent { act=android.intent.action.MAIN "
            f"cat=[android.intent.category.LAUNCHER] flg=0x10000000 cmp={base} }}\n"
            f"    baseActivity={{{base}}}\n    topActivity={{{top}}}\n"
            "    isExcluded=false isVisible=true isRunning=true\n"
        )
    p.stdout.write("".join(out))


def _dumpsys_activity(p: Proc, what: str) -> None:
    if what == "recents":
        _dumpsys_recents(p)
        return
    pkg, act = _focus_lines(p)
    h = p.device.window_hash(pkg)
    pid = p.device.pid_of(pkg) or 0
    tid = dict((q, t) for t, q in p.device.state.task_list()).get(pkg, 0)
    if what == "top":
        p.stdout.write(
            f"TASK {_app_uid(pkg)}:{pkg} id={tid} userId=0\n  ACTIVITY {pkg}/{act} {h} pid={pid}\n"
        )
        return
    p.stdout.write(
        "ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)\n"
        "Display #0 (activities from top to bottom):\n"
        f"  * Task{{{h} #{tid} type=standard A={_app_uid(pkg)}:{pkg} U=0 visible=true "
        "mode=fullscreen}\n"
        f"    mResumedActivity: ActivityRecord{{{h} u0 {pkg}/{act} t{tid}}}\n"
        f"  ResumedActivity: ActivityRecord{{{h} u0 {pkg}/{act} t{tid}}}\n"
    )


def _dumpsys_display(p: Proc) -> None:
    s = p.device.state
    rot = int(getattr(s, "rotation", 0))
    w, h = (s.width, s.height)
    p.stdout.write(
        "DISPLAY MANAGER (dumpsys display)\n"
        "  mOnlyCode=false\n  mSafeMode=false\n  mPendingTraversal=false\n"
        f"  mDefaultViewport=DisplayViewport{{type=INTERNAL, valid=true, isActive=true, displayId=0, "
        f"uniqueId='local:4619827259835644672', physicalPort=0, orientation={rot}, "
        f"logicalFrame=Rect(0, 0 - {w}, {h}), physicalFrame=Rect(0, 0 - {w}, {h}), "
        f"deviceWidth={w}, deviceHeight={h}}}\n"
        "Display Devices: size=1\n"
        f'  DisplayDeviceInfo{{"Built-in Screen": uniqueId="local:4619827259835644672", {w} x {h}, '
        "modeId 1, defaultModeId 1, density 420, 420.0 x 420.0 dpi, FLAG_DEFAULT_DISPLAY, type INTERNAL, "
        "state ON}\n"
    )


def _dumpsys_package(p: Proc, pkg: str) -> int:
    if pkg not in p.device.state.packages():
        p.stdout.write(f"Unable to find package: {pkg}\n")
        return 0
    p.stdout.write(
        "Packages:\n"
        f"  Package [{pkg}] (5c1d2e3):\n"
        "    userId=10066\n"
        f"    codePath=/data/app/{pkg}-1\n"
        "    versionCode=1 minSdk=26 targetSdk=34\n"
        "    versionName=1.0\n"
        "    pkgFlags=[ HAS_CODE ALLOW_CLEAR_USER_DATA ALLOW_BACKUP ]\n"
        "    firstInstallTime=2024-01-01 00:00:00\n"
        "    lastUpdateTime=2024-01-01 00:00:00\n"
        "    signatures=PackageSignatures{8a9b0c1 version:2, signatures:[4f5e6d7c], past signatures:[]}\n"
    )
    return 0


def dumpsys(p: Proc) -> int:
    service = p.argv[1] if len(p.argv) > 1 else ""
    arg = p.argv[2] if len(p.argv) > 2 else ""
    if service == "window":
        _dumpsys_window(p, arg)
    elif service == "input":
        _dumpsys_input(p)
    elif service == "activity":
        _dumpsys_activity(p, arg or "activities")
    elif service == "display":
        _dumpsys_display(p)
    elif service == "package" and arg:
        return _dumpsys_package(p, arg)
    elif service == "battery":
        p.stdout.write(
            "Current Battery Service state:\n  AC powered: true\n  level: 100\n  scale: 100\n"
        )
    elif service == "power":
        p.stdout.write(
            "POWER MANAGER (dumpsys power)\n  mWakefulness=Awake\n  mHoldingDisplaySuspendBlocker=true\n"
        )
    elif service == "telephony.registry":
        state = p.device.state.call_state()
        p.stdout.write(
            "last known state:\n  Phone Id=0\n"
            f"  mCallState={state}\n  mRingingCallState=0\n  mForegroundCallState={state}\n"
            "  mBackgroundCallState=0\n  mPreciseCallState=Ringing call state: 0, Foreground "
            f"call state: {state}, Background call state: 0\n  mServiceState=mVoiceRegState=0"
            "(IN_SERVICE), mDataRegState=0(IN_SERVICE), mOperatorAlphaLong=T-Mobile\n"
            "  mDataConnectionState=2\n"
        )
    elif service == "input_method":
        p.stdout.write(f"  mCurMethodId={LATIN_IME}\n  mInputShown=false\n")
    elif service in ("", "-l"):
        for name in (
            "activity",
            "battery",
            "display",
            "input",
            "input_method",
            "package",
            "power",
            "telephony.registry",
            "window",
        ):
            p.stdout.write(f"  {name}\n")
    else:
        p.stdout.write(f"Can't find service: {service}\n")
    return 0


_SVC = {  # svc SERVICE enable|disable -> the global setting it switches
    "wifi": "wifi_on",
    "data": "mobile_data",
    "bluetooth": "bluetooth_on",
}
_SVC_HELP = (
    "Available commands:\n    help     Show information about the subcommands\n"
    "    power    Control the power manager\n    data     Control mobile data connectivity\n"
    "    wifi     Control the Wi-Fi manager\n    usb      Control Usb state\n"
    "    nfc      Control NFC functions\n    bluetooth Control Bluetooth service\n"
)


def svc(p: Proc) -> int:
    """``svc wifi|data|bluetooth enable|disable`` and ``svc power stayon …``."""
    args = p.argv[1:]
    if not args or args[0] == "help":
        p.stdout.write(_SVC_HELP)
        return 0
    service, verb = args[0], (args[1] if len(args) > 1 else "")
    if service in _SVC and verb in ("enable", "disable"):
        p.device.state.settings(["put", "global", _SVC[service], "1" if verb == "enable" else "0"])
        return 0
    if service == "power" and verb == "stayon" and len(args) > 2:
        value = {"true": "7", "false": "0", "usb": "2", "ac": "1", "wireless": "4"}.get(args[2])
        if value is None:
            return p.err(f"svc power stayon: unknown value {args[2]}", 1)
        p.device.state.settings(["put", "global", "stay_on_while_plugged_in", value])
        return 0
    if service in _SVC or service == "power":
        p.stdout.write(f"usage: svc {service} [enable|disable]\n")
        return 0
    p.stdout.write(f"Unknown command '{service}'\n" + _SVC_HELP)
    return 0


_SERVICES = {"alarm": "android.app.IAlarmManager", "activity": "android.app.IActivityManager",
             "package": "android.content.pm.IPackageManager", "settings": "",
             "telephony.registry": "com.android.internal.telephony.ITelephonyRegistry",
             "window": "android.view.IWindowManager", "input": "android.hardware.input.IInputManager"}  # fmt: skip


def service(p: Proc) -> int:
    """``service list|check|call``; of the calls, the one evaluators send:
    ``service call alarm 3 s16 ZONE`` (IAlarmManager.setTimeZone)."""
    args = p.argv[1:]
    if not args:
        return p.err("Usage: service [-h|-?]\n       service list\n       service check SERVICE\n"
                     "       service call SERVICE CODE [i32 N | i64 N | f N | d N | s16 STR | null"
                     " | fd f | nfd n | afd f ] ...", 0)  # fmt: skip
    if args[0] == "list":
        p.stdout.write(f"Found {len(_SERVICES)} services:\n")
        for i, (name, iface) in enumerate(sorted(_SERVICES.items())):
            p.stdout.write(f"{i}\t{name}: [{iface}]\n")
        return 0
    if args[0] == "check" and len(args) > 1:
        found = "found" if args[1] in _SERVICES else "not found"
        p.stdout.write(f"Service {args[1]}: {found}\n")
        return 0
    if args[0] == "call" and len(args) > 2:
        name, code = args[1], args[2]
        if name not in _SERVICES:
            p.stdout.write(f"service: Service {name} does not exist\n")
            return 0
        if name == "alarm" and code == "3" and args[3:4] == ["s16"] and len(args) > 4:
            zone = args[4]
            p.device.state.timezone = zone
            p.device.props["persist.sys.timezone"] = zone
            p.device.state.touch()
        p.stdout.write("Result: Parcel(00000000    '....')\n")
        return 0
    return p.err(f"service: Unknown command {args[0]}", 0)


def ps(p: Proc) -> int:
    p.stdout.write(
        "USER           PID  PPID     VSZ    RSS WCHAN            ADDR S NAME                       \n"
    )
    for user, pid, ppid, name in p.device.process_table():
        p.stdout.write(
            f"{user:<10} {pid:>6} {ppid:>5} {13000000:>8} {95000:>6} do_epoll_wait       0 S {name}\n"
        )
    return 0


def pidof(p: Proc) -> int:
    pids = [str(pid) for _, pid, _, name in p.device.process_table() if name in p.argv[1:]]
    if not pids:
        return 1
    p.stdout.write(" ".join(pids) + "\n")
    return 0


def ime(p: Proc) -> int:
    sub = p.argv[1] if len(p.argv) > 1 else ""
    if sub == "list":
        # Deliberately no AdbKeyboard: u2 then types through the clipboard RPCs (§5.3).
        if "-s" in p.argv:
            p.stdout.write(LATIN_IME + "\n")
        else:
            p.stdout.write(
                f"{LATIN_IME}:\n  mId={LATIN_IME} mSettingsActivity=com.android.inputmethod.latin.settings.SettingsActivity\n"
            )
        return 0
    if sub in ("enable", "set", "disable") and len(p.argv) > 2:
        if p.argv[2] != LATIN_IME:
            return p.err(f"Unknown input method {p.argv[2]} cannot be enabled for user #0")
        p.stdout.write(f"Input method {p.argv[2]} selected for user #0\n")
        return 0
    return p.err(f"ime: unknown command '{sub}'", 255)


_KEYCODES = {
    "HOME": 3, "BACK": 4, "CALL": 5, "ENDCALL": 6, "DPAD_UP": 19, "DPAD_DOWN": 20, "DPAD_LEFT": 21,
    "DPAD_RIGHT": 22, "DPAD_CENTER": 23, "VOLUME_UP": 24, "VOLUME_DOWN": 25, "POWER": 26,
    "CAMERA": 27, "TAB": 61, "SPACE": 62, "ENTER": 66, "DEL": 67, "MENU": 82, "SEARCH": 84,
    "APP_SWITCH": 187, "WAKEUP": 224, "SLEEP": 223, "FORWARD_DEL": 112, "ESCAPE": 111,
    "MOVE_HOME": 122, "MOVE_END": 123, "NOTIFICATION": 83, "CTRL_LEFT": 113, "CTRL_RIGHT": 114,
    "SHIFT_LEFT": 59, "SHIFT_RIGHT": 60, "COPY": 278, "CUT": 277, "PASTE": 279,
}  # fmt: skip


def keycode(name: str) -> int | None:
    """``KEYCODE_HOME``/``HOME``/``3``/``KEYCODE_A`` → its code."""
    if name.lstrip("-").isdigit():
        return int(name)
    key = name.upper().removeprefix("KEYCODE_")
    if len(key) == 1 and key.isalpha():
        return 29 + ord(key) - ord("A")
    if len(key) == 1 and key.isdigit():
        return 7 + int(key)
    return _KEYCODES.get(key)


def _num(value: str) -> float:
    return float(value)


def input_(p: Proc) -> int:
    args = p.argv[1:]
    if args and args[0] in ("touchscreen", "touchpad", "keyboard", "mouse", "dpad", "trackball"):
        args = args[1:]
    sub = args[0] if args else ""
    state = p.device.state
    try:
        if sub == "tap" and len(args) == 3:
            state.click(_num(args[1]), _num(args[2]))
        elif sub == "text" and len(args) >= 2:
            # `input text` reads %s as a space (there is no other way to type one).
            state.input_text(" ".join(args[1:]).replace("%s", " "))
        elif sub == "keyevent" and len(args) >= 2:
            codes = [a for a in args[1:] if not a.startswith("--")]
            for name in codes:
                code = keycode(name)
                if code is None:
                    return p.err(f"Error: Unknown keycode '{name}'", 1)
                state.press_key(code)
        elif sub == "keycombination" and len(args) >= 3:
            keys = [a for a in args[1:] if a != "-t"]
            if "-t" in args:  # -t DURATION: how long the chord is held
                keys.remove(args[args.index("-t") + 1])
            chord: list[str | int] = []
            for name in keys:
                code = keycode(name)
                if code is None:
                    return p.err(f"Error: Unknown keycode '{name}'", 1)
                chord.append(code)
            state.press_combination(chord)
        elif sub in ("swipe", "draganddrop") and len(args) >= 5:
            x1, y1, x2, y2 = (_num(a) for a in args[1:5])
            duration = _num(args[5]) if len(args) > 5 else 300.0
            if (x1, y1) == (x2, y2) and duration >= 500:
                state.long_click(x1, y1)
            else:
                state.swipe(x1, y1, x2, y2, max(1, int(duration / 5)))
        elif sub == "roll":
            pass
        else:
            p.stderr.write(
                "Usage: input [<source>] <command> [<arg>...]\n\n"
                "The commands and default sources are:\n"
                "      text <string> (Default: touchscreen)\n"
                "      keyevent [--longpress|--doubletap] <key code number or name> ... (Default: keyboard)\n"
                "      tap <x> <y> (Default: touchscreen)\n"
                "      swipe <x1> <y1> <x2> <y2> [duration(ms)] (Default: touchscreen)\n"
                "      draganddrop <x1> <y1> <x2> <y2> [duration(ms)] (Default: touchscreen)\n"
                "      keycombination [-t duration(ms)] <key code 1> <key code 2> ... (Default: keyboard)\n"
            )
            return 1
    except ValueError as exc:
        return p.err(f"Error: {exc}", 1)
    return 0


def screencap(p: Proc) -> int:
    args = [a for a in p.argv[1:] if a not in ("-p", "-d", "0")]
    png = p.device.state.screenshot_png()
    if args:
        p.device.fs.write(args[0], png)
    else:
        p.stdout.write(png)
    return 0


def _delegate(p: Proc, method: str) -> int:
    output, status = getattr(p.device.state, method)(p.argv[1:])
    if status == 0:
        p.stdout.write(output)
    else:
        p.stderr.write(output)
    return int(status)


def content(p: Proc) -> int:
    out, err, status = p.device.state.run_content(p.argv[1:])
    p.stdout.write(out)
    p.stderr.write(err)
    return int(status)


def locksettings(p: Proc) -> int:
    return _delegate(p, "locksettings")


def settings(p: Proc) -> int:
    return _delegate(p, "settings")


def uiautomator(p: Proc) -> int:
    if len(p.argv) < 2 or p.argv[1] != "dump":
        return p.err("Usage: uiautomator <subcommand> [options]\n  dump [--compressed] [file]", 1)
    files = [a for a in p.argv[2:] if not a.startswith("--")]
    target = files[0] if files else "/sdcard/window_dump.xml"
    if target == "/dev/tty":
        p.stdout.write(p.device.state.hierarchy_xml())
        p.stdout.write("UI hierchary dumped to: /dev/tty\n")
        return 0
    p.device.fs.write(target, p.device.state.hierarchy_xml().encode())
    p.stdout.write(f"UI hierchary dumped to: {target}\n")
    return 0


async def app_process(p: Proc) -> int:
    if UIA_MAIN not in p.argv:
        return p.err("Error: no class name or --zygote supplied.", 1)
    port = 9008
    if "-p" in p.argv:
        i = p.argv.index("-p")
        try:
            port = int(p.argv[i + 1])
        except (IndexError, ValueError):
            return p.err("Error: bad port", 1)
    jar = p.env.get("CLASSPATH", "")
    if not jar or not p.device.fs.exists(jar):
        return p.err(f"Error: Could not find class '{UIA_MAIN}'", 1)
    uia = p.device.uia
    if uia.running(port):
        p.stdout.write(
            "[server] INFO: [UiAutomator2Server] Starting Server\n"
            "java.lang.IllegalStateException: UiAutomationService "
            "android.accessibilityservice.IAccessibilityServiceClient$Stub$Proxy@5deffd5already registered!\n"
        )
        return 1
    token = uia.launch(port)
    p.stdout.write("[server] INFO: [UiAutomator2Server] Starting Server\n")
    await p.flush()
    try:
        # The shell stream is the server process: serve until the host closes it (§4.7).
        await p.shell.wait_closed()
    finally:
        uia.stop(port, token)
    return 0


_IFACES = {"wlan0": ("10.0.2.16", "02:15:b2:00:00:00"), "eth0": ("10.0.2.15", "02:15:b2:00:00:01")}


def _wifi_on(p: Proc) -> bool:
    out, status = p.device.state.settings(["get", "global", "wifi_on"])
    return bool(status != 0 or str(out).strip() != "0")


def ifconfig(p: Proc) -> int:
    names = [a for a in p.argv[1:] if not a.startswith("-")] or list(_IFACES)
    for name in names:
        if name not in _IFACES:
            return p.err(f"ifconfig: {name}: No such device")
        ip, mac = _IFACES[name]
        inet = f"          inet addr:{ip}  Bcast:10.0.2.255  Mask:255.255.255.0 \n"
        up = name != "wlan0" or _wifi_on(p)
        p.stdout.write(
            f"{name:<10}Link encap:Ethernet  HWaddr {mac}\n"
            + (inet if up else "")
            + f"          {'UP ' if up else ''}BROADCAST RUNNING MULTICAST  MTU:1500  Metric:1\n\n"
        )
    return 0


def ip(p: Proc) -> int:
    args = p.argv[1:]
    if args[:1] in (["addr"], ["a"], ["address"]):
        wanted = (
            args[args.index("dev") + 1]
            if "dev" in args[:-1]
            else (args[2] if len(args) > 2 else None)
        )
        for k, (name, (addr, mac)) in enumerate(_IFACES.items(), start=2):
            if wanted and name != wanted:
                continue
            up = name != "wlan0" or _wifi_on(p)
            p.stdout.write(
                f"{k}: {name}: <BROADCAST,MULTICAST{',UP,LOWER_UP' if up else ''}> mtu 1500 state "
                f"{'UP' if up else 'DOWN'}\n    link/ether {mac} brd ff:ff:ff:ff:ff:ff\n"
            )
            if up:
                p.stdout.write(f"    inet {addr}/24 brd 10.0.2.255 scope global {name}\n")
        return 0
    if args[:1] == ["route"]:
        p.stdout.write("10.0.2.0/24 dev wlan0 proto kernel scope link src 10.0.2.16\n")
        return 0
    return p.err('Object "' + (args[0] if args else "") + '" is unknown, try "ip help".', 255)


def log_(p: Proc) -> int:
    return 0


COMMANDS: dict[str, CommandFunc] = {
    "getprop": getprop,
    "setprop": setprop,
    "wm": wm,
    "dumpsys": dumpsys,
    "ps": ps,
    "svc": svc,
    "service": service,
    "pidof": pidof,
    "ime": ime,
    "input": input_,
    "screencap": screencap,
    "content": content,
    "settings": settings,
    "locksettings": locksettings,
    "uiautomator": uiautomator,
    "app_process": app_process,
    "log": log_,
    "ifconfig": ifconfig,
    "ip": ip,
}
