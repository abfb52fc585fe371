"""The corpus of real screens (android_bridge/screen_corpus.py): the manifest in tests/data/screens
is valid, every file is the one its source published (digest), every licence allows redistribution,
and references resolve; the model refuses what would break those promises."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
import yaml
from pydantic import ValidationError

from android_bridge.screen_corpus import (
    ENV,
    REDISTRIBUTABLE,
    Corpus,
    CorpusError,
    Manifest,
    corpus_dir,
    load_corpus,
    resolve,
)

ROOT = Path(__file__).resolve().parents[1] / "data" / "screens"


@pytest.fixture(scope="module")
def corpus() -> Corpus:
    return Corpus.load(ROOT)


def test_the_repository_corpus_is_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV, raising=False)
    assert corpus_dir().resolve() == ROOT
    monkeypatch.setenv(ENV, "/elsewhere")
    assert corpus_dir() == Path("/elsewhere")


def test_every_listed_file_is_there_with_its_digest(corpus: Corpus) -> None:
    for screen in corpus:
        data = (ROOT / screen.file).read_bytes()
        assert hashlib.sha256(data).hexdigest() == screen.sha256, screen.id
        assert len(data) < 1_000_000, f"{screen.id}: keep the corpus small"
        assert corpus.xml(screen.id) == data.decode("utf-8")


def test_every_file_in_the_directory_is_listed(corpus: Corpus) -> None:
    listed = {s.file for s in corpus}
    on_disk = {p.relative_to(ROOT).as_posix() for p in ROOT.rglob("*.xml")}
    assert on_disk == listed


def test_every_screen_names_its_source_and_a_redistributable_licence(corpus: Corpus) -> None:
    for screen in corpus:
        assert screen.licence in REDISTRIBUTABLE
        assert screen.personal_data  # "none", or what was removed


def test_a_changed_byte_is_refused(tmp_path: Path, corpus: Corpus) -> None:
    first = next(iter(corpus))
    (tmp_path / first.file).parent.mkdir(parents=True)
    data = (ROOT / first.file).read_bytes()
    (tmp_path / first.file).write_bytes(data.replace(b"false", b"true", 1))
    (tmp_path / "manifest.yaml").write_text(
        yaml.safe_dump({"screens": [first.model_dump()]}), "utf-8"
    )
    with pytest.raises(CorpusError, match="sha256"):
        Corpus.load(tmp_path).xml(first.id)


def _entry(**changes: object) -> dict[str, object]:
    entry: dict[str, object] = {
        "id": "some-app-home",
        "file": "some/app.xml",
        "sha256": "0" * 64,
        "package": "com.example",
        "licence": "MIT",
        "source": {"repository": "owner/repo", "path": "dump.xml", "commit": "a" * 40},
    }
    entry.update(changes)
    return entry


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"licence": "GPL-3.0-only"}, "allows redistribution"),
        ({"licence": "NOASSERTION"}, "allows redistribution"),
        ({"file": "../outside.xml"}, "relative .xml path"),
        ({"file": "/abs/dump.xml"}, "relative .xml path"),
        ({"id": "Has Spaces"}, "pattern"),
        ({"source": {"repository": "owner/repo", "path": "x", "commit": "HEAD"}}, "commit"),
        ({"sha256": "abc"}, "sha256"),
        ({"extra": 1}, "extra"),
    ],
)
def test_the_manifest_model_refuses(changes: dict[str, object], message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        Manifest.model_validate({"screens": [_entry(**changes)]})


def test_ids_and_files_are_unique() -> None:
    with pytest.raises(ValidationError, match="duplicate screen id"):
        Manifest.model_validate({"screens": [_entry(), _entry(file="other.xml")]})
    with pytest.raises(ValidationError, match="duplicate screen file"):
        Manifest.model_validate({"screens": [_entry(), _entry(id="other")]})


def test_a_data_set_item_is_a_source_too() -> None:
    source = {"dataset": "Rico", "item": "12345", "url": "https://example.org/rico"}
    manifest = Manifest.model_validate({"screens": [_entry(source=source, licence="CC-BY-4.0")]})
    assert manifest.screens[0].source.model_dump() == source


def test_references_resolve_or_say_why_not(corpus: Corpus) -> None:
    first = next(iter(corpus))
    assert resolve(f"corpus:{first.id}", ROOT) == corpus.xml(first.id)
    assert load_corpus(ROOT) is load_corpus(ROOT)  # read once
    with pytest.raises(CorpusError, match="no screen 'nope'"):
        resolve("corpus:nope", ROOT)
    with pytest.raises(CorpusError, match="corpus:<id>"):
        resolve(first.id, ROOT)
    with pytest.raises(CorpusError, match="cannot read the screen corpus"):
        Corpus.load(ROOT / "missing")
