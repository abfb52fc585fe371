"""Real Android emulator (AVD) provisioning through the SDK command-line tools.

``create``: sdkmanager installs platform-tools, the emulator and the system image (licences
accepted), then avdmanager creates the AVD. ``start``: a KVM check, then
``emulator -avd NAME -port P -no-window -no-audio -no-boot-anim …`` in the background, then a wait
for ``sys.boot_completed``. ``stop``: ``adb emu kill``. Every external command goes through a
``Runner``, so tests check the exact command lines and the boot wait without an SDK.
"""

from __future__ import annotations

import logging
import os
import platform
import subprocess
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from .adb_server import DEFAULT_ADB_PORT

log = logging.getLogger(__name__)

DEFAULT_API = 34
DEFAULT_TAG = "google_apis"
DEFAULT_DEVICE = "pixel_6"
DEFAULT_AVD = "droidgate"


class EmulatorError(RuntimeError):
    """A clear, actionable failure of the real-emulator path."""


@dataclass
class Result:
    returncode: int
    stdout: str = ""
    stderr: str = ""


class Runner(Protocol):
    def run(
        self,
        cmd: Sequence[str],
        *,
        env: dict[str, str] | None = None,
        input: str | None = None,
        timeout: float | None = None,
    ) -> Result: ...

    def spawn(
        self, cmd: Sequence[str], *, env: dict[str, str] | None = None, log_path: Path | None = None
    ) -> int: ...


class SubprocessRunner:
    def run(
        self,
        cmd: Sequence[str],
        *,
        env: dict[str, str] | None = None,
        input: str | None = None,
        timeout: float | None = None,
    ) -> Result:
        try:
            p = subprocess.run(
                list(cmd),
                env=env,
                input=input,
                capture_output=True,
                text=True,
                timeout=timeout,
                check=False,
            )
        except FileNotFoundError as exc:
            raise EmulatorError(f"{cmd[0]} not found: {exc}") from exc
        except subprocess.TimeoutExpired as exc:
            raise EmulatorError(f"{' '.join(cmd)} timed out after {timeout}s") from exc
        return Result(p.returncode, p.stdout, p.stderr)

    def spawn(
        self, cmd: Sequence[str], *, env: dict[str, str] | None = None, log_path: Path | None = None
    ) -> int:
        out = open(log_path, "ab") if log_path else subprocess.DEVNULL  # noqa: SIM115 - the child owns it
        proc = subprocess.Popen(
            list(cmd),
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
        return proc.pid


@dataclass
class AvdConfig:
    name: str = DEFAULT_AVD
    api: int = DEFAULT_API
    tag: str = DEFAULT_TAG
    abi: str = field(
        default_factory=lambda: (
            "arm64-v8a" if platform.machine() in ("arm64", "aarch64") else "x86_64"
        )
    )
    device: str = DEFAULT_DEVICE

    @property
    def image(self) -> str:
        return f"system-images;android-{self.api};{self.tag};{self.abi}"


def sdk_root(env: dict[str, str] | None = None) -> Path:
    env = dict(os.environ) if env is None else env
    root = env.get("ANDROID_SDK_ROOT") or env.get("ANDROID_HOME")
    if not root:
        raise EmulatorError(
            "no Android SDK: set ANDROID_SDK_ROOT (or ANDROID_HOME) to an SDK with the command-line "
            "tools installed, or use 'droidgate device start' for the virtual device"
        )
    return Path(root)


class Sdk:
    def __init__(self, root: Path) -> None:
        self.root = root

    def _tool(self, *candidates: str) -> str:
        for rel in candidates:
            path = self.root / rel
            if path.exists():
                return str(path)
        return str(self.root / candidates[0])

    @property
    def sdkmanager(self) -> str:
        return self._tool("cmdline-tools/latest/bin/sdkmanager", "tools/bin/sdkmanager")

    @property
    def avdmanager(self) -> str:
        return self._tool("cmdline-tools/latest/bin/avdmanager", "tools/bin/avdmanager")

    @property
    def emulator(self) -> str:
        return self._tool("emulator/emulator")

    @property
    def adb(self) -> str:
        return self._tool("platform-tools/adb")


def check_kvm(dev: Path = Path("/dev/kvm"), machine: str | None = None) -> None:
    """x86 emulators need hardware acceleration; say clearly why it is missing."""
    if (machine or platform.machine()) not in ("x86_64", "AMD64"):
        return
    if not dev.exists():
        raise EmulatorError(
            f"KVM is not available ({dev} does not exist): enable virtualization (VT-x/AMD-V) in the "
            "BIOS or the VM settings and load the kvm module, or pass --no-accel (very slow)"
        )
    if not os.access(dev, os.R_OK | os.W_OK):
        raise EmulatorError(
            f"no permission on {dev}: add this user to the 'kvm' group "
            "(sudo usermod -aG kvm $USER, then log in again), or pass --no-accel (very slow)"
        )


class Emulator:
    def __init__(
        self,
        config: AvdConfig | None = None,
        *,
        runner: Runner | None = None,
        env: dict[str, str] | None = None,
        adb_port: int = DEFAULT_ADB_PORT,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.config = config or AvdConfig()
        self.runner = runner or SubprocessRunner()
        self.base_env = dict(os.environ) if env is None else dict(env)
        self.sdk = Sdk(sdk_root(self.base_env))
        self.adb_port = adb_port
        self._clock = clock
        self._sleep = sleep

    @property
    def env(self) -> dict[str, str]:
        env = dict(self.base_env)
        env.setdefault("ANDROID_SDK_ROOT", str(self.sdk.root))
        # The emulator registers with, and adb talks to, the private server.
        env["ANDROID_ADB_SERVER_PORT"] = str(self.adb_port)
        env["ADB_MDNS"] = "0"
        return env

    def _check(self, result: Result, what: str) -> Result:
        if result.returncode != 0:
            detail = (result.stderr or result.stdout).strip().splitlines()[-5:]
            raise EmulatorError(f"{what} failed ({result.returncode}): " + " | ".join(detail))
        return result

    # --- create ---------------------------------------------------------------------------------
    def install_commands(self) -> list[list[str]]:
        return [
            [self.sdk.sdkmanager, "--licenses"],
            [self.sdk.sdkmanager, "--install", "platform-tools", "emulator", self.config.image],
        ]

    def create_command(self) -> list[str]:
        c = self.config
        return [self.sdk.avdmanager, "create", "avd", "--name", c.name, "--package", c.image,
                "--device", c.device, "--force"]  # fmt: skip

    def create(self) -> None:
        licenses, install = self.install_commands()
        self._check(
            self.runner.run(licenses, env=self.env, input="y\n" * 50, timeout=300),
            "accepting SDK licences",
        )
        self._check(
            self.runner.run(install, env=self.env, input="y\n" * 10, timeout=3600),
            "sdkmanager --install",
        )
        # avdmanager asks whether to create a custom hardware profile: answer no.
        self._check(
            self.runner.run(self.create_command(), env=self.env, input="no\n", timeout=300),
            "avdmanager create avd",
        )

    # --- start / stop ---------------------------------------------------------------------------
    def start_command(
        self, port: int = 5554, *, accel: bool = True, wipe: bool = False
    ) -> list[str]:
        cmd = [self.sdk.emulator, "-avd", self.config.name, "-port", str(port), "-no-window", "-no-audio",
               "-no-boot-anim", "-no-snapshot-save", "-gpu", "swiftshader_indirect"]  # fmt: skip
        if not accel:
            cmd += ["-accel", "off"]
        if wipe:
            cmd.append("-wipe-data")
        return cmd

    def adb_command(self, serial: str, *args: str) -> list[str]:
        return [self.sdk.adb, "-P", str(self.adb_port), "-s", serial, *args]

    def start(
        self,
        port: int = 5554,
        *,
        accel: bool = True,
        wipe: bool = False,
        boot_timeout: float = 600.0,
        log_path: Path | None = None,
    ) -> str:
        if accel:
            check_kvm()
        if port % 2 or not 5554 <= port <= 5682:
            raise EmulatorError(f"emulator console port must be even and in 5554-5682, got {port}")
        serial = f"emulator-{port}"
        self.runner.spawn(
            self.start_command(port, accel=accel, wipe=wipe), env=self.env, log_path=log_path
        )
        self.wait_for_boot(serial, boot_timeout)
        return serial

    def wait_for_boot(self, serial: str, timeout: float = 600.0, interval: float = 2.0) -> None:
        """Poll ``getprop sys.boot_completed`` until it is ``1``; the device may not exist yet."""
        deadline = self._clock() + timeout
        last = ""
        while self._clock() < deadline:
            r = self.runner.run(
                self.adb_command(serial, "shell", "getprop", "sys.boot_completed"),
                env=self.env,
                timeout=30,
            )
            if r.returncode == 0 and r.stdout.strip() == "1":
                log.info("%s booted", serial)
                return
            last = (r.stderr or r.stdout).strip()
            self._sleep(interval)
        raise EmulatorError(
            f"{serial} did not finish booting within {timeout:.0f}s (last answer: {last or 'none'})"
        )

    def stop(self, serial: str) -> None:
        self._check(
            self.runner.run(self.adb_command(serial, "emu", "kill"), env=self.env, timeout=30),
            f"stopping {serial}",
        )
