"""Toybox's file commands beyond the basics: ``mv``, ``cp`` (``-a``/``-r``, ``SRC/.``),
``chmod``, ``chown``, ``rmdir`` and SELinux's ``restorecon`` — what evaluators run to stage,
snapshot and restore an app's files (AndroidWorld's ``copy_dir``, ``restore_snapshot``)."""

from __future__ import annotations

import posixpath
import re

from ..filesystem import ROOT_UID, FsError, current_uid, normalize
from ..sh import CommandFunc, Proc


def _split(argv: list[str]) -> tuple[str, list[str]]:
    flags = "".join(a[1:] for a in argv if a.startswith("-") and len(a) > 1 and a != "--")
    return flags, [a for a in argv if not a.startswith("-") or a == "-"]


def _path(p: Proc, arg: str) -> str:
    return normalize(arg, p.shell.cwd)


def mv(p: Proc) -> int:
    _, names = _split(p.argv[1:])
    if len(names) < 2:
        return p.err('mv: Need 2 arguments (see "mv --help")')
    *sources, dest = names
    status = 0
    for src in sources:
        try:
            p.device.fs.rename(_path(p, src), _path(p, dest))
        except FsError as exc:
            status = p.err(f"mv: {src}: {exc.strerror}")
    return status


def _copy(p: Proc, src: str, dst: str, recursive: bool) -> None:
    fs = p.device.fs
    entry = fs.lookup(src)
    if entry is None:
        raise FsError(2, "No such file or directory", src)
    if not entry.is_dir:
        fs.write(dst, fs.read(src), mode=entry.mode & 0o7777)
        return
    if not recursive:
        raise FsError(21, "Is a directory", src)
    fs.mkdirs(dst)
    for name, _ in fs.listdir(src):
        _copy(p, posixpath.join(src, name), posixpath.join(dst, name), recursive)


def cp(p: Proc) -> int:
    """``cp [-a|-r|-R|-p|-f] SRC… DEST``; ``SRC/.`` copies the folder's contents into DEST."""
    flags, names = _split(p.argv[1:])
    if len(names) < 2:
        return p.err('cp: Need 2 arguments (see "cp --help")')
    recursive = any(f in flags for f in "arR")
    *sources, dest = names
    fs = p.device.fs
    target = _path(p, dest)
    existing = fs.lookup(target)
    into = dest.endswith("/") or (existing is not None and existing.is_dir)
    if len(sources) > 1 and not into:
        return p.err(f"cp: '{dest}' not directory")
    status = 0
    for src in sources:
        source = _path(p, src)
        contents = posixpath.basename(src.rstrip("/")) == "." or src.endswith("/.")
        if contents:
            dst = target
        elif into:
            dst = posixpath.join(target, posixpath.basename(source))
        else:
            dst = target
        try:
            _copy(p, source, dst, recursive)
        except FsError as exc:
            status = p.err(f"cp: {src}: {exc.strerror}" if exc.errno != 21
                           else f"cp: Skipped dir '{src}'")  # fmt: skip
    return status


def _walk(p: Proc, path: str) -> list[str]:
    fs = p.device.fs
    out = [path]
    entry = fs.lookup(path)
    if entry is not None and entry.is_dir:
        for name, _ in fs.listdir(path):
            out.extend(_walk(p, posixpath.join(path, name)))
    return out


_SYMBOLIC = re.compile(r"^([ugoa]*)([+=-])([rwxX]*)$")


def _mode(spec: str, old: int) -> int | None:
    if re.fullmatch(r"[0-7]{1,4}", spec):
        return int(spec, 8)
    mode = old & 0o7777
    for clause in spec.split(","):
        m = _SYMBOLIC.match(clause)
        if m is None:
            return None
        who = m.group(1) or "a"
        bits = sum({"r": 4, "w": 2, "x": 1, "X": 1}[c] for c in m.group(3))
        mask = 0
        for w, shift in (("u", 6), ("g", 3), ("o", 0)):
            if w in who or "a" in who:
                mask |= bits << shift
        if m.group(2) == "+":
            mode |= mask
        elif m.group(2) == "-":
            mode &= ~mask
        else:
            mode = (mode & ~sum(7 << s for w, s in (("u", 6), ("g", 3), ("o", 0))
                                if w in who or "a" in who)) | mask  # fmt: skip
    return mode


def chmod(p: Proc) -> int:
    """``chmod [-R] MODE FILE…`` (octal or symbolic)."""
    flags, names = _split(p.argv[1:])
    if len(names) < 2:
        return p.err('chmod: Need 2 arguments (see "chmod --help")')
    spec, files = names[0], names[1:]
    status = 0
    for name in files:
        path = _path(p, name)
        if p.device.fs.lookup(path) is None:
            status = p.err(f"chmod: {name}: No such file or directory")
            continue
        for each in _walk(p, path) if "R" in flags else [path]:
            entry = p.device.fs.lookup(each)
            mode = _mode(spec, entry.mode if entry else 0)
            if mode is None:
                return p.err(f"chmod: bad mode '{spec}'")
            try:
                p.device.fs.chmod(each, mode)
            except FsError as exc:
                status = p.err(f"chmod: {name}: {exc.strerror}")
    return status


def chown(p: Proc) -> int:
    """Ownership is not modelled; only root may change it, as on Android."""
    _, names = _split(p.argv[1:])
    if len(names) < 2:
        return p.err('chown: Need 2 arguments (see "chown --help")')
    for name in names[1:]:
        if p.device.fs.lookup(_path(p, name)) is None:
            return p.err(f"chown: {name}: No such file or directory")
        if current_uid.get() != ROOT_UID:
            return p.err(f"chown: {name}: Operation not permitted")
    return 0


def restorecon(p: Proc) -> int:
    """SELinux labels are not modelled; relabelling needs root (``-R`` recurses, ``-D``/``-F``
    are accepted), and a missing path is reported as restorecon does."""
    _, names = _split(p.argv[1:])
    if not names:
        return p.err("usage: restorecon [-D] [-F] [-R] [-n] [-v] FILE...")
    for name in names:
        path = _path(p, name)
        if p.device.fs.lookup(path) is None:
            return p.err(f"SELinux: Could not get canonical path for {name} restorecon: "
                         "No such file or directory.")  # fmt: skip
        if current_uid.get() != ROOT_UID:
            return p.err(f"SELinux:  Could not set context for {path}:  Operation not permitted")
    return 0


def chcon(p: Proc) -> int:
    """``chcon CONTEXT FILE…``: as restorecon, labels are not modelled and need root."""
    _, names = _split(p.argv[1:])
    if len(names) < 2:
        return p.err('chcon: Need 2 arguments (see "chcon --help")')
    for name in names[1:]:
        if p.device.fs.lookup(_path(p, name)) is None:
            return p.err(f"chcon: {name}: No such file or directory")
        if current_uid.get() != ROOT_UID:
            return p.err(f"chcon: '{name}' to {names[0]}: Operation not permitted")
    return 0


def rmdir(p: Proc) -> int:
    _, names = _split(p.argv[1:])
    status = 0
    for name in names:
        path = _path(p, name)
        entry = p.device.fs.lookup(path)
        if entry is None:
            status = p.err(f"rmdir: {name}: No such file or directory")
        elif not entry.is_dir:
            status = p.err(f"rmdir: {name}: Not a directory")
        elif p.device.fs.listdir(path):
            status = p.err(f"rmdir: {name}: Directory not empty")
        else:
            p.device.fs.remove(path, recursive=True)
    return status


COMMANDS: dict[str, CommandFunc] = {
    "mv": mv,
    "cp": cp,
    "chmod": chmod,
    "chown": chown,
    "restorecon": restorecon,
    "chcon": chcon,
    "rmdir": rmdir,
}
