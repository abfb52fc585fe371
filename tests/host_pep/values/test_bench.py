"""The benchmark CLI runs and reports every payload (timings are printed, never asserted)."""

from __future__ import annotations

import json

import pytest

from host_pep.values.bench import PAYLOADS, main


def test_bench_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--repeat", "2", "--json"]) == 0
    runs = json.loads(capsys.readouterr().out)["runs"]
    assert [r["payload"] for r in runs] == list(PAYLOADS)
    by_name = {r["payload"]: r for r in runs}
    assert by_name["plain_100"]["found"] == []
    assert by_name["one_phone_100"]["found"] == ["phone"]
    assert by_name["ids_amounts"]["found"] == []
    assert all(r["warm_us"] >= 0 and r["cached_us"] >= 0 for r in runs)


def test_bench_table_and_bad_repeat(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--repeat", "1"]) == 0
    assert "plain_100" in capsys.readouterr().out
    with pytest.raises(SystemExit) as exc:
        main(["--repeat", "0"])
    assert exc.value.code == 2
