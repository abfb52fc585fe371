"""PostgreSQL for the tests: one throw-away cluster per test run (Debian's ``postgresql``
package, started by the fixture itself, removed at the end), a fresh database per test.

* ``pg_cluster`` — the run's cluster (``host_pep.control.cluster.LocalCluster``);
* ``pg_url`` — a new empty database on it, for one test;
* ``own_cluster`` — a cluster of the test's own, for tests that kill and restart the server.

Without the package the fixtures fail with the reason (apt-get install postgresql; ``make
setup`` does it): a farm test never skips silently.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

from host_pep.control.cluster import LocalCluster

_names = itertools.count(1)


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[LocalCluster]:
    with LocalCluster() as cluster:
        yield cluster


@pytest.fixture
def pg_url(pg_cluster: LocalCluster) -> str:
    return pg_cluster.create_database(f"t{next(_names)}")


@pytest.fixture
def own_cluster() -> Iterator[LocalCluster]:
    with LocalCluster() as cluster:
        yield cluster
