"""The shell scripts benchmarks and evaluators send (AndroidWorld's file checks, loops over a
folder, ``find``, root ``sqlite3`` on an app's private database) on a real VirtualDevice."""

from __future__ import annotations

import json

from emulator_setup.virtual.device import VirtualDevice
from tests.emulator_setup.test_sh import device, run

__all__ = ["device"]  # the fixture, shared with test_sh


async def test_if_then_else_with_test_brackets(device: VirtualDevice) -> None:
    await run(device, "mkdir -p /sdcard/T && echo x > /sdcard/T/a.txt")
    check = 'if [ -f "{}" ]; then echo "Exists"; else echo "Does not exist"; fi'
    assert (await run(device, check.format("/sdcard/T/a.txt")))[0] == "Exists\n"
    assert (await run(device, check.format("/sdcard/T/b.txt")))[0] == "Does not exist\n"
    assert (await run(device, "[ -d /sdcard/T ] && echo dir"))[0] == "dir\n"
    assert (await run(device, 'test -z "" && test a = a && test 3 -gt 2 && echo ok'))[0] == "ok\n"
    out, _, _ = await run(device, "if false; then echo a; elif true; then echo b; else echo c; fi")
    assert out == "b\n"


async def test_for_loops_glob_names_with_spaces(device: VirtualDevice) -> None:
    await run(device, "mkdir -p /sdcard/G; echo 1 > '/sdcard/G/a b.md'; echo 2 > /sdcard/G/c.md")
    out, _, _ = await run(device, 'for f in /sdcard/G/*.md; do echo "[$f]"; done')
    assert out == "[/sdcard/G/a b.md]\n[/sdcard/G/c.md]\n"
    # an unmatched glob stays literal, as in sh
    assert (await run(device, "for f in /sdcard/none/*; do echo $f; done"))[0] == (
        "/sdcard/none/*\n"
    )
    out, _, _ = await run(device, "i=0; while [ $i -lt 3 ]; do echo $i; i=$((i+1)); done")
    assert out == "0\n1\n2\n"
    assert (await run(device, "until true; do echo never; done"))[0] == ""
    out, _, _ = await run(device, "{ echo a; echo b; } | wc -l")
    assert out.strip() == "2"


async def test_rm_glob_and_find_delete(device: VirtualDevice) -> None:
    await run(device, "mkdir -p /sdcard/R/sub; echo 1 > /sdcard/R/x; echo 2 > /sdcard/R/sub/y")
    out, _, _ = await run(device, "find /sdcard/R -type f")
    assert sorted(out.split()) == ["/sdcard/R/sub/y", "/sdcard/R/x"]
    out, _, _ = await run(device, "find /sdcard/R -name y")
    assert out == "/sdcard/R/sub/y\n"
    await run(device, "find /sdcard/R -mindepth 1 -type f -delete")
    assert (await run(device, "find /sdcard/R -type f"))[0] == ""
    await run(device, "rm -r /sdcard/R/*")
    assert (await run(device, "ls /sdcard/R"))[0] == ""


async def test_arithmetic_expansion(device: VirtualDevice) -> None:
    assert (await run(device, "x=5; echo $((x*2)) $(( $x + 1 )) $((7/2)) $((-7%3)) $((2>1))"))[
        0
    ] == ("10 6 3 -1 1\n")
    out, err, status = await run(device, "echo $((1/0)); echo after")
    assert (out, status) == ("", 1) and "division by zero" in err
    assert (await run(device, "echo $((__import__('os')))"))[2] == 1


async def test_printf_formats(device: VirtualDevice) -> None:
    assert (await run(device, "printf '%s=%d\\n' a 3"))[0] == "a=3\n"
    assert (await run(device, "printf 'x%sy' 1 2"))[0] == "x1yx2y"


async def test_private_databases_need_root(device: VirtualDevice) -> None:
    db = "/data/data/com.google.android.gm/databases/mail.db"
    out, err, status = await run(device, f"sqlite3 {db} 'SELECT 1'")
    assert status != 0 and "unable to open database" in (out + err)
    assert (await run(device, "ls /data/data"))[2] != 0
    out, err, status = await run(
        device, f"su 0 sqlite3 -json {db} 'SELECT count(*) AS n FROM messages'"
    )
    assert status == 0, err
    assert json.loads(out)[0]["n"] > 0
    out, _, _ = await run(device, f"su root sqlite3 {db} '.tables'")
    assert "messages" in out
    out, err, status = await run(device, f"su 0 sqlite3 {db} 'SELECT nope FROM messages'")
    assert status == 1 and "no such column: nope" in err
    assert (await run(device, "su 0 whoami"))[0] == "root\n"
    assert (await run(device, "whoami"))[0] == "shell\n"
