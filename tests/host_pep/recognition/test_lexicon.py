"""Language files: validation (every error names the file and the field), YAML read the way word
lists need it, and how the languages merge into one Lexicon."""

from __future__ import annotations

from importlib import resources

import pytest

from host_pep.recognition.lexicon import (
    LANGUAGES_PACKAGE,
    Lexicon,
    LexiconError,
    lexicon,
    parse_language,
)
from host_pep.semantics import Operation

WHERE = "languages/xx.yaml"


def language(body: str, code: str = "xx") -> str:
    return f"code: {code}\nname: Test\n{body}"


# --- validation: the file and the field are named ---------------------------------------------


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ("operations:\n  delet: [remove]\n", "operations.delet"),  # not an operation
        ("verbs: [remove]\n", "verbs"),  # not a section
        ("tense:\n  done_befor: [already]\n", "tense.done_befor"),
        ("security:\n  sideways: [tilt]\n", "security"),  # directions are off, on, reset
        ("negation:\n  before: not-a-list\n", "negation.before"),
        ("spaced: sometimes\n", "spaced"),
    ],
)
def test_a_bad_field_is_an_error_naming_file_and_field(body: str, field: str) -> None:
    with pytest.raises(LexiconError) as err:
        parse_language(language(body), WHERE)
    message = str(err.value)
    assert message.startswith(f"{WHERE}: {field}")


def test_a_missing_code_is_named() -> None:
    with pytest.raises(LexiconError, match=r"^languages/xx\.yaml: code: Field required"):
        parse_language("name: Test\n", WHERE)


@pytest.mark.parametrize("code", ["e n", "", "en_GB", "ja/jp"])
def test_a_code_is_letters_digits_and_dashes(code: str) -> None:
    with pytest.raises(LexiconError, match=r"languages/xx\.yaml: code"):
        parse_language(language("", code=repr(code)), WHERE)


def test_codes_with_a_dash_are_allowed() -> None:
    assert parse_language(language("", code="hi-latn"), WHERE).code == "hi-latn"


def test_a_duplicate_key_is_an_error() -> None:
    # a second 'off' silently replaced the first one's verbs before this was an error
    body = 'security:\n  "off": [disable]\n  "on": [enable]\n  "off": [switch off]\n'
    with pytest.raises(LexiconError, match=r"languages/xx\.yaml: .*'off' given twice"):
        parse_language(language(body), WHERE)


def test_a_duplicate_section_is_an_error() -> None:
    body = "negation:\n  before: [not]\nnegation:\n  before: [never]\n"
    with pytest.raises(LexiconError, match="'negation' given twice"):
        parse_language(language(body), WHERE)


def test_unreadable_yaml_is_an_error_naming_the_file() -> None:
    with pytest.raises(LexiconError, match=r"^languages/xx\.yaml: not valid YAML"):
        parse_language(language("operations: [unclosed\n"), WHERE)


def test_yaml_that_executes_code_is_refused() -> None:
    with pytest.raises(LexiconError, match="not valid YAML"):
        parse_language(language("name: !!python/object/apply:os.getcwd []\n"), WHERE)


@pytest.mark.xfail(
    strict=True,
    reason="pattern fields (negation.after, tense.done_after, instructions.*) are not compiled "
    "when a file is loaded: a broken regex passes validation and fails later, at first use on "
    "the enforcement path, without naming its file and field",
)
def test_a_pattern_that_does_not_compile_is_an_error_naming_its_field() -> None:
    body = "instructions:\n  overrides: ['ignore (all previous']\n"
    with pytest.raises(LexiconError, match=r"languages/xx\.yaml: instructions\.overrides"):
        parse_language(language(body), WHERE)


# --- YAML 1.2 booleans: in word lists "on", "off", "no" and "yes" are words --------------------


def test_yaml_1_1_boolean_words_stay_words() -> None:
    body = (
        "security:\n  off: [off, turn off]\n  on: [on, yes]\n"
        "negation:\n  before: [no, No, NO, n, y]\n"
    )
    lang = parse_language(language(body), WHERE)
    assert lang.security == {"off": ["off", "turn off"], "on": ["on", "yes"]}
    assert lang.negation.before == ["no", "No", "NO", "n", "y"]


@pytest.mark.parametrize(("written", "value"), [("false", False), ("False", False), ("true", True)])
def test_yaml_1_2_booleans_are_still_booleans(written: str, value: bool) -> None:
    assert parse_language(language(f"spaced: {written}\n"), WHERE).spaced is value


# --- merging -----------------------------------------------------------------------------------


def merged(*bodies: str) -> Lexicon:
    return Lexicon([parse_language(language(b, code=f"l{i}"), WHERE) for i, b in enumerate(bodies)])


def test_words_merge_lower_cased_in_first_seen_order_without_repeats() -> None:
    lex = merged(
        "operations:\n  delete: [Delete, erase]\n",
        "operations:\n  delete: [ERASE, löschen]\n  payment: [pay]\n",
    )
    assert lex.operations[Operation.DELETE] == ("delete", "erase", "löschen")
    assert lex.operations[Operation.PAYMENT] == ("pay",)
    assert lex.operations[Operation.INSTALL] == ()


def test_single_word_verbs_are_verb_words_phrases_and_stems_are_not() -> None:
    lex = merged("operations:\n  delete: [delete, get rid, supprim*, send … back]\n")
    assert "delete" in lex.verb_words
    assert not {"get rid", "supprim*", "send … back"} & lex.verb_words


def test_synonym_groups_that_share_a_word_join() -> None:
    lex = merged("synonyms:\n  - [2fa, mfa]\n", "synonyms:\n  - [MFA, two-factor]\n")
    assert lex.synonyms["mfa"] == {"2fa", "mfa", "two-factor"}
    assert lex.synonyms["2fa"] == {"2fa", "mfa"}


def test_a_shell_word_listed_twice_takes_the_riskier_operation() -> None:
    lex = merged(
        "commands:\n  shell:\n    delete: [shred]\n",
        "commands:\n  shell:\n    read: [shred, cat]\n",
    )
    assert lex.shell_ops["shred"] is Operation.DELETE
    assert lex.shell_ops["cat"] is Operation.READ


def test_instruction_patterns_of_every_language_are_kept() -> None:
    lex = merged(
        "instructions:\n  overrides: ['ignore previous']\n  markers: ['[INST]']\n",
        "instructions:\n  overrides: ['neue anweisungen']\n",
    )
    assert lex.overrides == ("ignore previous", "neue anweisungen")
    assert lex.markers == ("[inst]",)


# --- the shipped languages ---------------------------------------------------------------------


def shipped_files() -> set[str]:
    root = resources.files(LANGUAGES_PACKAGE)
    return {e.name for e in root.iterdir() if e.name.endswith(".yaml")}


def test_every_shipped_file_loads_under_its_own_code() -> None:
    codes = {lang.code for lang in lexicon().languages}
    assert {f"{c}.yaml" for c in codes} == shipped_files()
    assert {"en", "mul", "zh", "hi-latn"} <= codes


def test_unspaced_languages_say_so() -> None:
    spaced = {lang.code: lang.spaced for lang in lexicon().languages}
    assert spaced["zh"] is False and spaced["ja"] is False
    assert spaced["en"] is True and spaced["de"] is True


def test_the_shipped_lexicon_is_loaded_once() -> None:
    assert lexicon() is lexicon()


# --- the values section: the value detectors' and the field readers' words ----------------------


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ("values:\n  otp:\n    keyword: [code]\n", "values.otp.keyword"),  # not a field
        ("values:\n  addresses:\n    streets: [rue]\n", "values.addresses.streets"),
        # every construction contains its word, so a search for the word can gate it
        ("values:\n  otp:\n    constructions:\n      tan: ['\\bpin\\b']\n", "values.otp.constructions"),
        ("values:\n  otp:\n    constructions:\n      tan: ['tan(']\n", "values.otp.constructions"),
        ("values:\n  health:\n    blood_types:\n      blood: ['blood (A|B)']\n", "values.health.blood_types"),
        ("values:\n  numerals:\n    digits: {ten: 10}\n", "values.numerals.digits"),
        ("values:\n  fields:\n    roles:\n      postal: [zip]\n", "values.fields.roles.postal"),
        ("values:\n  credentials:\n    copula_patterns: ['for (']\n", "values.credentials.copula_patterns"),
    ],
)  # fmt: skip
def test_a_bad_values_field_is_an_error_naming_file_and_field(body: str, field: str) -> None:
    with pytest.raises(LexiconError, match=rf"{WHERE}: {field}"):
        parse_language(language(body), WHERE)


def test_values_merge_as_ordered_unions_per_section_and_key() -> None:
    one = parse_language(
        language(
            "values:\n  otp:\n    keywords: [code, pin]\n    not_after: {code: [zip]}\n"
            "  fields:\n    roles: {url: [link]}\n"
        ),
        WHERE,
    )
    two = parse_language(
        language(
            "values:\n  otp:\n    keywords: [pin, codice]\n    not_after: {code: [promo]}\n"
            "  fields:\n    roles: {url: [href], amount: [total]}\n",
            code="yy",
        ),
        WHERE,
    )
    values = Lexicon([one, two]).values
    assert values.otp.keywords == ["code", "pin", "codice"]
    assert values.otp.not_after == {"code": ["zip", "promo"]}
    assert values.fields.roles == {"url": ["link", "href"], "amount": ["total"]}


def test_two_languages_giving_one_word_two_meanings_is_an_error() -> None:
    one = parse_language(language("values:\n  numerals:\n    digits: {o: 0}\n"), WHERE)
    two = parse_language(language("values:\n  numerals:\n    digits: {o: 1}\n", "yy"), WHERE)
    with pytest.raises(LexiconError, match=r"values\.numerals\.digits\.o"):
        Lexicon([one, two])


def test_the_shipped_values_section_is_merged_from_every_file() -> None:
    values = lexicon().values
    assert {"code", "验证码", "bestätigungscode"} <= set(values.otp.keywords)  # en, zh, de
    assert {"telefon", "телефон", "手机"} <= set(values.fields.phone)  # de, ru, zh
    assert values.numerals.digits["幺"] == 1 and values.numerals.digits["oh"] == 0


def test_enclitics_attach_to_their_own_languages_whole_verbs() -> None:
    es = parse_language(
        language(
            "operations:\n  payment: [paga, devuelve, transfier*, da … acceso]\n"
            "enclitics: [le, lo]\n",
            code="es",
        ),
        WHERE,
    )
    en = parse_language(language("operations:\n  payment: [pay]\n", code="en"), WHERE)
    merged = Lexicon([es, en])
    # whole verbs only: a stem or a phrase takes no pronoun, a language without them gives none
    assert merged.enclitics == {"paga": ("le", "lo"), "devuelve": ("le", "lo")}
