"""Real-emulator provisioning: exact command lines and the boot wait, through a fake Runner
(the one seam that stands in for the Android SDK, which CI does not have)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from emulator_setup.emulator import (
    AvdConfig,
    Emulator,
    EmulatorError,
    Result,
    check_kvm,
    sdk_root,
)


class FakeRunner:
    """Records commands; answers ``getprop sys.boot_completed`` from a script."""

    def __init__(self, boot_answers: list[Result] | None = None, fail: str | None = None) -> None:
        self.runs: list[tuple[list[str], str | None, dict[str, str] | None]] = []
        self.spawns: list[tuple[list[str], dict[str, str] | None]] = []
        self.boot_answers = list(boot_answers or [])
        self.fail = fail

    def run(self, cmd: Sequence[str], *, env: dict[str, str] | None = None, input: str | None = None,
            timeout: float | None = None) -> Result:  # fmt: skip
        self.runs.append((list(cmd), input, env))
        if self.fail and self.fail in " ".join(cmd):
            return Result(1, "", "Error: something broke\n")
        if "sys.boot_completed" in cmd:
            return self.boot_answers.pop(0) if self.boot_answers else Result(0, "1\n")
        return Result(0, "ok\n")

    def spawn(self, cmd: Sequence[str], *, env: dict[str, str] | None = None,
              log_path: Path | None = None) -> int:  # fmt: skip
        self.spawns.append((list(cmd), env))
        return 4242


class Clock:
    def __init__(self) -> None:
        self.now = 0.0
        self.sleeps: list[float] = []

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds


SDK = "/opt/sdk"


def make(runner: FakeRunner, clock: Clock | None = None, **cfg: object) -> Emulator:
    clock = clock or Clock()
    return Emulator(
        AvdConfig(abi="x86_64", **cfg),  # type: ignore[arg-type]
        runner=runner, env={"ANDROID_SDK_ROOT": SDK, "PATH": "/usr/bin"}, adb_port=15037,
        clock=clock, sleep=clock.sleep,
    )  # fmt: skip


def test_sdk_root_required() -> None:
    with pytest.raises(EmulatorError, match="ANDROID_SDK_ROOT"):
        sdk_root({})
    assert sdk_root({"ANDROID_HOME": "/x"}) == Path("/x")


def test_create_commands() -> None:
    runner = FakeRunner()
    make(runner, name="pixel", api=33).create()
    cmds = [r[0] for r in runner.runs]
    sdkm = f"{SDK}/cmdline-tools/latest/bin/sdkmanager"
    assert cmds[0] == [sdkm, "--licenses"]
    assert runner.runs[0][1] is not None and runner.runs[0][1].startswith("y\n")
    assert cmds[1] == [
        sdkm,
        "--install",
        "platform-tools",
        "emulator",
        "system-images;android-33;google_apis;x86_64",
    ]
    assert cmds[2] == [
        f"{SDK}/cmdline-tools/latest/bin/avdmanager", "create", "avd", "--name", "pixel",
        "--package", "system-images;android-33;google_apis;x86_64", "--device", "pixel_6", "--force",
    ]  # fmt: skip
    assert runner.runs[2][1] == "no\n"  # no custom hardware profile


def test_create_failure_is_reported() -> None:
    with pytest.raises(EmulatorError, match="sdkmanager --install failed"):
        make(FakeRunner(fail="--install")).create()


def test_start_command_and_boot_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("emulator_setup.emulator.check_kvm", lambda: None)
    clock = Clock()
    runner = FakeRunner(
        [
            Result(1, "", "error: device 'emulator-5556' not found"),
            Result(0, "\n"),
            Result(0, "1\n"),
        ]
    )
    serial = make(runner, clock).start(5556)
    assert serial == "emulator-5556"
    cmd, env = runner.spawns[0]
    assert cmd == [
        f"{SDK}/emulator/emulator", "-avd", "droidgate", "-port", "5556", "-no-window", "-no-audio",
        "-no-boot-anim", "-no-snapshot-save", "-gpu", "swiftshader_indirect",
    ]  # fmt: skip
    assert env is not None and env["ANDROID_ADB_SERVER_PORT"] == "15037" and env["ADB_MDNS"] == "0"
    polls = [r[0] for r in runner.runs]
    assert polls[-1] == [f"{SDK}/platform-tools/adb", "-P", "15037", "-s", "emulator-5556",
                         "shell", "getprop", "sys.boot_completed"]  # fmt: skip
    assert len(polls) == 3 and clock.sleeps == [2.0, 2.0]


def test_boot_timeout() -> None:
    clock = Clock()
    runner = FakeRunner([Result(0, "0\n")] * 100)
    with pytest.raises(EmulatorError, match="did not finish booting within 10s"):
        make(runner, clock).wait_for_boot("emulator-5554", timeout=10)
    assert clock.now >= 10


def test_no_accel_and_port_validation() -> None:
    runner = FakeRunner()
    emu = make(runner)
    emu.start(5554, accel=False)
    assert runner.spawns[0][0][-2:] == ["-accel", "off"]
    with pytest.raises(EmulatorError, match="even"):
        emu.start(5555, accel=False)


def test_stop_uses_emu_kill() -> None:
    runner = FakeRunner()
    make(runner).stop("emulator-5554")
    assert runner.runs[0][0][-2:] == ["emu", "kill"]


def test_kvm_check_messages(tmp_path: Path) -> None:
    with pytest.raises(EmulatorError, match="KVM is not available"):
        check_kvm(tmp_path / "kvm", machine="x86_64")
    check_kvm(tmp_path / "kvm", machine="aarch64")  # ARM hosts do not need KVM here
    dev = tmp_path / "kvm"
    dev.write_text("")
    dev.chmod(0)
    import os

    if os.geteuid() != 0:  # root can open anything
        with pytest.raises(EmulatorError, match="kvm' group"):
            check_kvm(dev, machine="x86_64")


def test_cli_without_sdk_is_a_clear_runtime_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from host_pep.cli.main import main

    monkeypatch.delenv("ANDROID_SDK_ROOT", raising=False)
    monkeypatch.delenv("ANDROID_HOME", raising=False)
    for action in ("create", "start"):
        assert main(["emulator", action, "--adb-port", "16998"]) == 3
        assert "set ANDROID_SDK_ROOT" in capsys.readouterr().err
