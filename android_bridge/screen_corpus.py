"""A corpus of real screens: uiautomator dumps that real apps produced, each with its source and
licence, so extraction, benchmarks and offline cases meet the noise of real hierarchies instead of
only the screens droidgate draws itself.

A corpus is a directory holding ``manifest.yaml`` and the dumps it lists (tests/data/screens is the
one in the repository; docs/contracts.md, "Real screens", describes the format)::

    screens:
    - id: nora-chat-empty                     # [a-z0-9-], unique; cases say corpus:<id>
      file: harnessteam-nora/window_dump.xml  # relative to the manifest, byte for byte as published
      sha256: 5f0c…                           # of that file: a changed byte is refused
      package: com.example.localagent         # the app in front, checked by hand
      licence: MIT                            # SPDX id of the source's licence
      source: {repository: HarnessTeam/Nora, path: window_dump.xml, commit: 40 hex digits}
      #   or   {dataset: NAME, item: ID, url: …} for a public GUI data set
      personal_data: none                     # or what was removed from the dump, and how

Only licences that let anyone redistribute the file with its attribution are accepted
(``REDISTRIBUTABLE``); a screen from a repository without a licence cannot be listed.

``corpus_dir()`` is ``$DROIDGATE_SCREENS`` when set (a corpus kept outside the repository),
else the repository's tests/data/screens.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path, PurePosixPath
from typing import Annotated, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

MANIFEST = "manifest.yaml"
ENV = "DROIDGATE_SCREENS"
REFERENCE = "corpus:"
"""How a case file names a corpus screen: ``corpus:<id>``."""

# Licences whose terms allow copying the file into this repository with attribution.
REDISTRIBUTABLE = frozenset(
    {
        "0BSD",
        "Apache-2.0",
        "BSD-2-Clause",
        "BSD-3-Clause",
        "CC-BY-4.0",
        "CC0-1.0",
        "ISC",
        "MIT",
        "Unlicense",
    }
)

ScreenId = Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9-]{0,79}$")]
Sha256 = Annotated[str, StringConstraints(pattern=r"^[0-9a-f]{64}$")]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class GitSource(_Strict):
    """A file of a public repository at one commit."""

    repository: Annotated[str, StringConstraints(pattern=r"^[\w.-]+/[\w.-]+$")]
    path: str = Field(min_length=1)
    commit: Annotated[str, StringConstraints(pattern=r"^[0-9a-f]{40}$")]


class DatasetSource(_Strict):
    """An item of a public GUI data set (converted to a uiautomator dump by code in this repo)."""

    dataset: str = Field(min_length=1)
    item: str = Field(min_length=1)
    url: str | None = None


class CorpusScreen(_Strict):
    id: ScreenId
    file: str = Field(min_length=1)
    sha256: Sha256
    package: str = Field(min_length=1, description="the app in front, checked by hand")
    licence: str
    source: GitSource | DatasetSource
    personal_data: str = Field(
        default="none", description="'none', or what was removed from the dump and how"
    )
    note: str = ""

    @model_validator(mode="after")
    def _checked(self) -> CorpusScreen:
        if self.licence not in REDISTRIBUTABLE:
            raise ValueError(
                f"licence {self.licence!r} is not one that allows redistribution "
                f"({', '.join(sorted(REDISTRIBUTABLE))})"
            )
        path = PurePosixPath(self.file)
        if path.is_absolute() or ".." in path.parts or path.suffix != ".xml":
            raise ValueError(f"file {self.file!r} must be a relative .xml path inside the corpus")
        return self


class Manifest(_Strict):
    version: Literal[1] = 1
    screens: list[CorpusScreen] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique(self) -> Manifest:
        for attr in ("id", "file"):
            values = [getattr(s, attr) for s in self.screens]
            dupes = sorted({v for v in values if values.count(v) > 1})
            if dupes:
                raise ValueError(f"duplicate screen {attr}: {', '.join(dupes)}")
        return self


class CorpusError(ValueError):
    """A corpus or a screen reference that cannot be used; the message names which and why."""


class Corpus:
    """A manifest and the directory its files live in; ``xml(id)`` checks the file's digest."""

    def __init__(self, root: Path, manifest: Manifest) -> None:
        self.root = root
        self.manifest = manifest
        self._by_id = {s.id: s for s in manifest.screens}

    @classmethod
    def load(cls, root: Path) -> Corpus:
        path = root / MANIFEST
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except (OSError, yaml.YAMLError) as exc:
            raise CorpusError(f"cannot read the screen corpus at {root} ({exc})") from exc
        try:
            return cls(root, Manifest.model_validate(data))
        except ValueError as exc:
            raise CorpusError(f"{path}: {exc}") from exc

    def __iter__(self) -> Iterator[CorpusScreen]:
        return iter(self.manifest.screens)

    def __len__(self) -> int:
        return len(self.manifest.screens)

    def __contains__(self, screen_id: object) -> bool:
        return screen_id in self._by_id

    def screen(self, screen_id: str) -> CorpusScreen:
        try:
            return self._by_id[screen_id]
        except KeyError:
            raise CorpusError(f"no screen {screen_id!r} in the corpus at {self.root}") from None

    def xml(self, screen_id: str) -> str:
        entry = self.screen(screen_id)
        data = (self.root / entry.file).read_bytes()
        if hashlib.sha256(data).hexdigest() != entry.sha256:
            raise CorpusError(f"{entry.file} does not match its sha256 in the manifest")
        return data.decode("utf-8")


def corpus_dir() -> Path:
    """``$DROIDGATE_SCREENS``, else the repository's tests/data/screens."""
    env = os.environ.get(ENV)
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[1] / "tests" / "data" / "screens"


@lru_cache(maxsize=4)
def _load(root: Path) -> Corpus:
    return Corpus.load(root)


def load_corpus(root: Path | None = None) -> Corpus:
    """The corpus at ``root`` (default ``corpus_dir()``), read once per process."""
    return _load((root or corpus_dir()).resolve())


def resolve(reference: str, root: Path | None = None) -> str:
    """The dump a ``corpus:<id>`` reference names."""
    if not reference.startswith(REFERENCE):
        raise CorpusError(f"a corpus screen is named {REFERENCE}<id>, not {reference!r}")
    return load_corpus(root).xml(reference[len(REFERENCE) :])
