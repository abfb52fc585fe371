"""A throw-away PostgreSQL cluster on this host: for the tests, ``droidgate farm`` without
``--control-plane``, and ``droidgate bench farm``.

Debian's ``postgresql`` package installs ``initdb``/``pg_ctl`` under
``/usr/lib/postgresql/<version>/bin`` (not on PATH). The cluster lives in a temporary directory,
listens on 127.0.0.1 (a free port) and on a unix socket in that directory, trusts local
connections (nobody but this host's loopback reaches it) and is removed by ``stop``. PostgreSQL
refuses to run as root, so when we are root the server runs as the ``postgres`` user the package
creates. Settings are the server's defaults where durability is concerned (fsync and
synchronous commit stay on): the tests kill this server and expect acknowledged rows to survive.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

SUPERUSER = "droidgate"


class ClusterError(RuntimeError):
    """The local PostgreSQL cluster could not be created or started."""


def find_bindir() -> Path:
    """Where ``initdb`` and ``pg_ctl`` are: ``$PG_BINDIR``, the newest Debian version, or PATH."""
    env = os.environ.get("PG_BINDIR")
    candidates = [Path(env)] if env else []
    debian = sorted(
        glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parent.name), reverse=True
    )
    candidates += [Path(p) for p in debian]
    found = shutil.which("initdb")
    if found:
        candidates.append(Path(found).resolve().parent)
    for bindir in candidates:
        if (bindir / "initdb").is_file() and (bindir / "pg_ctl").is_file():
            return bindir
    raise ClusterError(
        "PostgreSQL's server programs (initdb, pg_ctl) are not installed: "
        "apt-get install postgresql (make setup does this)"
    )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LocalCluster:
    """``with LocalCluster() as pg: pg.url("mydb")``. ``kill()``/``start()`` for crash tests."""

    def __init__(self, base: Path | None = None, *, port: int | None = None) -> None:
        self.bindir = find_bindir()
        self.root = Path(tempfile.mkdtemp(prefix="droidgate-pg-", dir=base))
        self.data = self.root / "data"
        self.port = port or free_port()
        self._user = _server_user()
        self._running = False

    # -- lifecycle -----------------------------------------------------------------------------

    def __enter__(self) -> LocalCluster:
        self.create()
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def create(self) -> None:
        self._chown(self.root)
        self._run(
            "initdb",
            "-D",
            str(self.data),
            "-U",
            SUPERUSER,
            "--auth=trust",
            "--encoding=UTF8",
            "--locale=C.UTF-8",
            "--no-instructions",
        )

    def start(self) -> None:
        options = (
            f"-c listen_addresses=127.0.0.1 -c port={self.port} "
            f"-c unix_socket_directories={self.root} -c max_connections=200 "
            "-c shared_buffers=32MB -c log_min_messages=warning"
        )
        self._run(
            "pg_ctl",
            "-D",
            str(self.data),
            "-l",
            str(self.root / "server.log"),
            "-o",
            options,
            "-w",
            "-t",
            "60",
            "start",
        )
        self._running = True

    def kill(self) -> None:
        """Stop the server the way a crash does (``immediate``: no shutdown checkpoint; the next
        start replays the WAL)."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        self._running = False

    def stop(self) -> None:
        """Stop the server (if running) and remove the cluster's directory."""
        if self._running:
            with contextlib.suppress(ClusterError):
                self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")
            self._running = False
        shutil.rmtree(self.root, ignore_errors=True)

    # -- databases -----------------------------------------------------------------------------

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str) -> str:
        """A new empty database; its URL."""
        import psycopg
        from psycopg import sql

        with psycopg.connect(self.url(), autocommit=True, connect_timeout=10) as conn:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        return self.url(name)

    # -- helpers -------------------------------------------------------------------------------

    def _chown(self, path: Path) -> None:
        if self._user is not None:
            shutil.chown(path, self._user.pw_name, self._user.pw_gid)
            path.chmod(0o700)

    def _run(self, program: str, *args: str) -> None:
        cmd = [str(self.bindir / program), *args]
        if self._user is not None:
            cmd = ["runuser", "-u", self._user.pw_name, "--", *cmd]
        done = subprocess.run(cmd, capture_output=True, text=True, cwd=self.root, timeout=120)
        if done.returncode != 0:
            log_tail = ""
            server_log = self.root / "server.log"
            if server_log.exists():
                log_tail = server_log.read_text(errors="replace")[-2000:]
            raise ClusterError(
                f"{program} failed ({done.returncode}): {done.stderr.strip() or done.stdout.strip()}"
                + (f"\n{log_tail}" if log_tail else "")
            )


def _server_user() -> pwd.struct_passwd | None:
    """Who runs the server: ourselves, or ``postgres`` when we are root (initdb refuses root)."""
    if os.geteuid() != 0:
        return None
    try:
        return pwd.getpwnam("postgres")
    except KeyError as exc:
        raise ClusterError(
            "running as root needs the 'postgres' user (apt-get install postgresql creates it)"
        ) from exc


@contextlib.contextmanager
def local_cluster() -> Iterator[LocalCluster]:
    cluster = LocalCluster()
    try:
        cluster.create()
        cluster.start()
        yield cluster
    finally:
        cluster.stop()


def wait_until_accepting(url: str, timeout: float = 30.0) -> None:
    import psycopg

    deadline = time.monotonic() + timeout
    while True:
        try:
            with psycopg.connect(url, connect_timeout=2):
                return
        except psycopg.OperationalError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)
