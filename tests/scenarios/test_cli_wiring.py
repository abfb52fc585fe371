"""The real ``droidgate`` parser exposes every scenarios command where the README says it is."""

from __future__ import annotations

import pytest

from host_pep.cli.main import build_parser


@pytest.mark.parametrize(
    "argv",
    [
        ["suite", "android", "--help"],
        ["scenarios", "generate", "--help"],
        ["report", "--help"],
        ["eval", "--help"],
    ],
)
def test_command_is_reachable(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        build_parser().parse_args(argv)
    assert done.value.code == 0
    assert "usage: droidgate " + " ".join(argv[:-1]) in capsys.readouterr().out
