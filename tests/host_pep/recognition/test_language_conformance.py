"""Language conformance: every shipped language phrases the shared cases, and recognition reads
each phrasing as the case says (issue #13: "adding a language is adding a file, with a test that
runs the shared conformance cases in that language").

The cases are data (``tests/data/languages/cases.yaml``: what recognition must report); each
language's phrasings are data too (``tests/data/languages/<code>.yaml``). A language file under
``host_pep/recognition/languages/`` without a conformance file, or one that leaves out a core
case, fails here. The lexicon is the union of every language (a request is not tagged with its
language), so a phrasing is read as the product reads it: with every language's words.

Cases of kind ``value`` and ``field`` read a phrasing with the value detectors
(``host_pep.values``): a language that gives words in a section of ``values`` phrases a case
covering it (``screen`` cases run in ``tests/android_bridge/events/test_protection_screens.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Literal, get_args

import pytest
import yaml
from pydantic import BaseModel, ConfigDict, model_validator

from host_pep.policy import load_bundle
from host_pep.policy.compiled import CompiledPolicy
from host_pep.policy.openworld import classify_operation
from host_pep.recognition.instructions import Strength, instruction_spans
from host_pep.recognition.lexicon import LANGUAGES_PACKAGE, Language, Values, lexicon
from host_pep.recognition.request import intent, unicode_words
from host_pep.recognition.words import expanded
from host_pep.semantics import Operation
from host_pep.values.detect import detect
from host_pep.values.fields import is_credential_field, is_otp_field, is_phone_field
from host_pep.values.kinds import SensitiveKind
from host_pep.values.records import is_secret_label

DATA = Path(__file__).resolve().parents[2] / "data" / "languages"
LANGUAGE_INDEPENDENT = "mul"

Cue = Literal[
    "marker",
    "impersonation",
    "override",
    "secrecy",
    "sequencing",
    "addressed",
    "hidden markup",
    "imperative",
]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


FieldSays = Literal["credential", "otp", "phone", "secret"]
"""What a field's name says it holds (``secret``: a record labelled so holds a secret)."""


class Case(_Strict):
    kind: Literal["request", "content", "value", "field", "screen"]
    says: str
    covers: str | None = None
    """The section of the language files' ``values`` whose words the case exercises."""
    asks: list[Operation] = []
    lacks: list[Operation] = []
    names: list[str] = []
    """Words by which tools name the object (``2fa``, ``lockscreen``): the request's words,
    with their synonyms, include one, so a security change of that object is the one it asks."""
    strong_cue: Cue | None = None
    span_asks: list[Operation] = []
    no_spans: bool = False
    no_strong: bool = False
    """Content that is no instruction to the assistant: imperatives to whoever reads ("click
    here to unsubscribe", a recipe's steps) may be weak spans, none is strong."""
    finds: list[str] = []
    """Value kinds the detectors must find (``value``), what a field's name must say (``field``)."""
    misses: list[str] = []

    @model_validator(mode="after")
    def _expects_something_of_its_kind(self) -> Case:
        request_keys = bool(self.asks or self.lacks or self.names)
        content_keys = bool(self.strong_cue or self.span_asks or self.no_spans or self.no_strong)
        value_keys = bool(self.finds or self.misses)
        if self.kind in ("value", "field", "screen"):
            if request_keys or content_keys or not self.covers:
                raise ValueError(f"a {self.kind} case says what it covers, and finds or misses")
            known = set(SensitiveKind) if self.kind == "value" else set(get_args(FieldSays))
            if self.kind == "screen" and value_keys:
                raise ValueError("a screen case is judged by its runner, not by finds or misses")
            if self.kind != "screen" and (
                not value_keys or not {*self.finds, *self.misses} <= known
            ):
                raise ValueError(f"a {self.kind} case finds or misses some of {sorted(known)}")
            return self
        if value_keys or self.covers:
            raise ValueError("finds, misses and covers belong to value, field and screen cases")
        if self.kind == "request" and (content_keys or not request_keys):
            raise ValueError(
                "a request case says what `asks` contains or lacks and what it names, nothing else"
            )
        if self.kind == "content" and (request_keys or not content_keys):
            raise ValueError(
                "a content case says strong_cue, span_asks, no_spans or no_strong, nothing else"
            )
        return self


class Cases(_Strict):
    core: list[str]
    high_impact: list[Operation]
    cases: dict[str, Case]

    @model_validator(mode="after")
    def _core_cases_exist(self) -> Cases:
        missing = set(self.core) - set(self.cases)
        if missing:
            raise ValueError(f"core names unknown cases: {sorted(missing)}")
        return self


class Phrasing(_Strict):
    text: str
    xfail: str
    """Why recognition cannot read this natural phrasing yet (a mechanism the engine lacks)."""


class LanguageCases(_Strict):
    code: str
    phrasings: dict[str, list[str | Phrasing]]
    tool_names: dict[Operation, list[str | Phrasing]] = {}
    """Names of tools never seen, as developers write them in this language (its own script or
    a Latin form: ``siparis_ver``, ``chuyen_khoan``, ``удалить_контакт``), by the operation the
    open-world layer (rule 9) must classify them as."""


@cache
def shared_cases() -> Cases:
    return Cases.model_validate(yaml.safe_load((DATA / "cases.yaml").read_text("utf-8")))


def shipped_languages() -> list[str]:
    root = resources.files(LANGUAGES_PACKAGE)
    codes = [e.name.removesuffix(".yaml") for e in root.iterdir() if e.name.endswith(".yaml")]
    return sorted(c for c in codes if c != LANGUAGE_INDEPENDENT)


@cache
def language_cases(code: str) -> LanguageCases | None:
    path = DATA / f"{code}.yaml"
    if not path.is_file():
        return None
    return LanguageCases.model_validate(yaml.safe_load(path.read_text("utf-8")))


def _phrasing_params() -> list[object]:
    params: list[object] = []
    for code in shipped_languages():
        found = language_cases(code)
        if found is None:
            continue  # test_every_language_has_a_conformance_file reports it
        for case_id, phrasings in found.phrasings.items():
            if shared_cases().cases[case_id].kind == "screen":
                continue  # tests/android_bridge/events/test_protection_screens.py runs them
            for n, phrasing in enumerate(phrasings):
                ident = f"{code}-{case_id}-{n}"
                if isinstance(phrasing, Phrasing):
                    mark = pytest.mark.xfail(strict=True, reason=phrasing.xfail)
                    params.append(pytest.param(case_id, phrasing.text, id=ident, marks=mark))
                else:
                    params.append(pytest.param(case_id, phrasing, id=ident))
    return params


def _tool_name_params() -> list[object]:
    params: list[object] = []
    for code in shipped_languages():
        found = language_cases(code)
        for operation, names in (found.tool_names if found else {}).items():
            for name in names:
                if isinstance(name, Phrasing):
                    mark = pytest.mark.xfail(strict=True, reason=name.xfail)
                    params.append(
                        pytest.param(name.text, operation, id=f"{code}-{name.text}", marks=mark)
                    )
                else:
                    params.append(pytest.param(name, operation, id=f"{code}-{name}"))
    return params


def test_the_shared_cases_are_well_formed() -> None:
    cases = shared_cases()
    assert len(cases.core) >= 10
    assert set(cases.high_impact) <= set(Operation)


@pytest.mark.parametrize("code", shipped_languages())
def test_every_language_has_a_conformance_file(code: str) -> None:
    found = language_cases(code)
    assert found is not None, f"tests/data/languages/{code}.yaml is missing"
    assert found.code == code
    unknown = set(found.phrasings) - set(shared_cases().cases)
    assert not unknown, f"{code}: phrasings for unknown cases {sorted(unknown)}"
    missing = [c for c in shared_cases().core if not found.phrasings.get(c)]
    assert not missing, f"{code}: no phrasing of the core cases {missing}"


_FIELD_SAYS: dict[str, Callable[[str], bool]] = {
    "credential": is_credential_field,
    "otp": is_otp_field,
    "phone": is_phone_field,
    "secret": is_secret_label,
}


def _sections_with_words(lang: Language) -> list[str]:
    """The sections of a language file's ``values`` that give any word."""

    def has_words(value: object) -> bool:
        if isinstance(value, BaseModel):
            return any(has_words(getattr(value, f)) for f in type(value).model_fields)
        return bool(value)

    return [name for name in Values.model_fields if has_words(getattr(lang.values, name))]


@pytest.mark.parametrize("code", shipped_languages())
def test_every_value_section_of_a_language_is_phrased(code: str) -> None:
    lang = next(lang for lang in lexicon().languages if lang.code == code)
    found = language_cases(code)
    assert found is not None
    phrased = {shared_cases().cases[c].covers for c, ps in found.phrasings.items() if ps}
    missing = [s for s in _sections_with_words(lang) if s not in phrased]
    assert not missing, f"{code}: no phrasing of a case covering values.{missing}"


def test_every_value_section_is_covered_by_a_case() -> None:
    covered = {case.covers for case in shared_cases().cases.values()}
    assert set(Values.model_fields) <= covered


def _is_benign(case: Case) -> bool:
    return case.kind == "content" and (case.no_spans or case.no_strong)


def _is_attack(case: Case) -> bool:
    return case.kind == "content" and case.strong_cue is not None


@pytest.mark.parametrize("code", shipped_languages())
def test_every_language_tests_as_much_benign_content_as_attacks(code: str) -> None:
    # a pattern that finds an injection is only as good as the ordinary text it leaves alone:
    # each language phrases at least as much benign content from outside as injected
    # instructions (a false block costs as much as a miss)
    found = language_cases(code)
    assert found is not None
    cases = shared_cases().cases
    count = {
        kind: sum(len(p) for c, p in found.phrasings.items() if test(cases[c]))
        for kind, test in (("benign", _is_benign), ("attack", _is_attack))
    }
    assert count["benign"] >= count["attack"], f"{code}: {count}"


def test_every_conformance_file_names_a_shipped_language() -> None:
    files = {p.stem for p in DATA.glob("*.yaml")} - {"cases"}
    assert files <= set(shipped_languages())


@pytest.mark.parametrize(("case_id", "text"), _phrasing_params())
def test_phrasing_is_recognised_as_the_case_says(case_id: str, text: str) -> None:
    case = shared_cases().cases[case_id]
    if case.kind == "value":
        kinds = {d.kind.value for d in detect(text)}
        assert set(case.finds) <= kinds, f"{text!r} holds {sorted(kinds)}, not {case.finds}"
        assert not set(case.misses) & kinds, f"{text!r} holds {sorted(set(case.misses) & kinds)}"
        return
    if case.kind == "field":
        says = {s for s, holds in _FIELD_SAYS.items() if holds(text)}
        assert set(case.finds) <= says, f"field {text!r} says {sorted(says)}, not {case.finds}"
        assert not set(case.misses) & says, f"field {text!r} says {sorted(set(case.misses) & says)}"
        return
    if case.kind == "request":
        asks = intent(text).asks
        assert set(case.asks) <= asks, f"{text!r} asks {sorted(asks)}, not {case.asks}"
        assert not set(case.lacks) & asks, f"{text!r} asks {sorted(set(case.lacks) & asks)}"
        if case.names:
            said = expanded(frozenset(unicode_words(text)) | intent(text).words)
            named = expanded(frozenset(case.names))
            assert not said.isdisjoint(named), f"{text!r} names none of {case.names}"
        return
    spans = instruction_spans(text)
    if case.no_spans:
        assert spans == (), f"{text!r} read as instructions: {spans}"
    if case.no_strong:
        found = [s for s in spans if s.strength is Strength.STRONG]
        assert not found, f"{text!r} read as addressed to the assistant: {found}"
    if case.strong_cue is not None:
        cues = [s.cue for s in spans if s.strength is Strength.STRONG]
        assert case.strong_cue in cues, f"{text!r}: strong cues {cues}"
    for op in case.span_asks:
        assert any(op in s.asks for s in spans), f"{text!r}: no span asks {op}: {spans}"


@cache
def _default_policy() -> CompiledPolicy:
    return CompiledPolicy.build(load_bundle("default"))


@pytest.mark.parametrize(("name", "operation"), _tool_name_params())
def test_a_tool_named_in_the_language_is_classified(name: str, operation: Operation) -> None:
    # rule 9: the name alone, as an agent would call a tool it was never told about
    assert classify_operation(name, [], "", _default_policy()) is operation
