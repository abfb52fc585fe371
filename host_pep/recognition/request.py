"""What a request asks for: the verbs that ask (not negated, not describing the past, not naming
a button), the sums of money it states, the files it names, where it keeps a result.

Everything here reads text only; the words come from the lexicon's language files
(``host_pep.recognition.languages``), the mechanism is the same for every language. Decisions
(whether that authorizes an action) are made by the pipeline (``host_pep.pipeline``).
"""

from __future__ import annotations

import re
import sys
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from host_pep.recognition.identifiers import identifiers
from host_pep.recognition.lexicon import Lexicon, lexicon
from host_pep.recognition.marks import fold_marks, unaccented
from host_pep.recognition.wordmatch import (
    ATTACHED,
    INDIC,
    NO_SPACES,
    alternation,
    phrase_tree,
    split,
    whole_words,
)
from host_pep.recognition.words import UNICODE_WORD
from host_pep.semantics import Operation

_CJK = re.compile(f"[{ATTACHED}]")
# the window after a verb where a negation may stand ends at a word's end, never inside one: a
# clause-final "te" (Lingala "not") read the cut "te|xts" of "ad texts" as itself (a script
# written without spaces has no word end to reach)
_REST_OF_WORD = re.compile(f"[^\\W{ATTACHED}]*")
# the letters of the scripts written without spaces between words (Thai, kana, Han)
_UNSPACED_LETTERS = NO_SPACES
# a clause ends at punctuation of the Latin, CJK and Arabic scripts (the Arabic comma and
# semicolon, the Urdu full stop, the Arabic question mark: "نہیں، بل ادا کر دیں" is "no, pay it"),
# the Greek semicolon "·" ("δεν έρχονται· βγάλ' τους": they are not coming; take them off), the
# Ethiopic stops and the Devanagari danda
# a negation reaches its verb within its clause: a comma, a colon, a dash (also " - " typed for
# one) or a sentence end closes it ("the boots don't fit - start a return" negates no return; "i
# nodi non servono più: eliminali" asks to delete them)
_CLAUSE_TAIL = r"(?:(?!\s-\s)[^.,:;!?，。：；—–،؛۔؟·\u0387።፤፣।]){0,24}$"
# a question word's clause runs on past a colon: "what you should do: contact your dealer" is a
# heading over advice to whoever reads it, which the span reader judges, not a request's act
_QUESTION_TAIL = r"(?:(?!\s-\s)[^.,;!?，。；—–،؛۔؟·\u0387።፤፣।]){0,24}$"
_SENTENCE_ENDS = ".!?\n。！？۔؟"
# English inflections a listed whole verb may carry ("deletes", "deleted", "deleting")
_INFLECTIONS = "(?:s|es|ed|d|ing)?"
# every currency sign Unicode knows ($ € ₹ ৳ ﷼ ₺ …): a sign is no word of a language
_CURRENCY_SYMBOLS = "[{}]".format(
    "".join(
        re.escape(chr(c))
        for c in range(min(sys.maxunicode, 0x1FFFF) + 1)
        if unicodedata.category(chr(c)) == "Sc"
    )
)
# a sum's digits in any script (\d is every decimal digit: "৫০০", "۱۲۰٫۵", "௫௦"), with the
# group and decimal separators of the Latin and the Arabic scripts
_DIGITS = "[\\d,.\u066b\u066c]"
# a number is read from its first digit: a match tried inside a run of digits would scan the
# rest of the run again, once per digit (a request of 16,384 digits took minutes)
_NUMBER_START = "(?<!\\d)(?<!\\d[,.\u066b\u066c])"
# a currency word in Latin letters ("usdc", "euro")
_LATIN_WORD = re.compile(r"[A-Za-z\u00C0-\u024F.$]+")
# a sum's thousands may also be grouped by spaces ("1 250 €", "5 000 руб", "12 500 kr"), the
# French, Russian and Nordic way
_AMOUNT = rf"\d{{1,3}}(?:[ \u00a0\u202f]\d{{3}})+(?:[.,]\d{{1,2}})?(?!\d)|\d(?:{_DIGITS}*\d)?"
_REACH = 120
"""How far a phrase that negates, asks about or answers a verb reaches (characters): a word
or a short phrase and at most 24 characters of its clause (a pattern ending in ``$``)."""
READ_AROUND = 400
"""How far either side of a verb its reading looks (characters). The words that negate, ask
about or name a verb stand within a few words of it; reading the whole request for each verb
made a long one cost the square of its length (16,384 characters of "pay " took minutes)."""
_GAP = "…"
"""In a listed phrase, where other words may stand ("send … back")."""
# a word ends where letters end, and in an Indic script where its letters and vowel signs end
_WORD_END = rf"(?![^\W\d_]|[{INDIC}])"
_REMOTE = re.compile(r"(?i)(?:https?|s?ftp)://")
# Words of any script, for objects named in the user's language ("Иван", "контакт", "राहुल").


class _Patterns:
    """The lexicon's words compiled once into the patterns below."""

    def __init__(self, lex: Lexicon) -> None:
        self.negation = re.compile(
            rf"(?:{whole_words(lex.negation_before)}){_CLAUSE_TAIL}"
            rf"|(?:{whole_words(lex.negation_adjacent) or '(?!)'})\s+$"
        )
        self.negation_anywhere = re.compile(whole_words(lex.negation_before) or r"(?!)")
        self.question_tag = re.compile(whole_words(lex.negation_question_tags) or r"(?!)")
        self.listed_phrases = frozenset(
            w for words in lex.operations.values() for w in words if " " in w and _GAP not in w
        )
        """Phrases listed whole ("do not need access"): a negation in one is its own word."""
        self.past_anywhere = re.compile(whole_words(lex.done_before) or r"(?!)")
        self.negation_after = re.compile("|".join(lex.negation_after) or r"(?!)")
        self.negation_clause_end = re.compile(
            rf"^[^.,:;!?：،؛۔؟·\u0387።፤፣।]*?(?:{whole_words(lex.negation_clause_end) or '(?!)'})"
        )
        self.negation_cancelled = re.compile(whole_words(lex.negation_cancelled_by) or r"(?!)")
        # "already" and at most one word before the verb; in a script written without spaces
        # that word is a short run of its letters ("已经把钱还给", already the-money returned)
        self.past_before = re.compile(
            rf"(?:{whole_words((*lex.done_before, *lex.own_before))})"
            rf"(?:[^\S\n]+[^\s.,;!?，。；]+|[{_UNSPACED_LETTERS}]{{1,6}})?[^\S\n]*$"
        )
        # a word and the number that names its record ("order 112-4490281", "invoice #4471")
        # -- marked (#, no.), hyphenated or too long to be a sum ("transfer 500" is one)
        self.numbered = re.compile(
            r"[^\W\d_]+\s+(?:#\s*\d+|(?:no|nr)\.?\s*\d+|\d{7,}|\d+(?:-\d+)+)(?![^\W_])",
            re.IGNORECASE,
        )
        # "…, I'll post it on Mastodon": the rest of a clause the user keeps for themselves
        self.own_clause = re.compile(
            rf"(?:{whole_words(lex.own_before) or '(?!)'})[^.;!?\n]*", re.IGNORECASE
        )
        self.polite_opening = re.compile(
            rf"(?:^|[.,;:!?—–-]\s*)(?:{whole_words(lex.request_openers) or '(?!)'})\s*$",
            re.IGNORECASE,
        )
        self.reminder = re.compile(
            "|".join(f"(?:{p})$" for p in lex.reminder_before) or r"(?!)", re.IGNORECASE
        )
        self.past_after = re.compile("|".join(lex.done_after) or r"(?!)")
        self.participle = re.compile(rf"(?:{alternation(lex.participle_endings)})$")
        self.stem_participle = re.compile(rf"(?:{alternation(lex.stem_participle_endings)})$")
        self.wish_before = re.compile(rf"(?:{whole_words(lex.wish_before)})[^.,;!?]{{0,24}}$")
        # "are syncing": the auxiliary right before the verb, with nothing between
        self.ongoing_before = re.compile(
            rf"(?:{whole_words(lex.ongoing_before) or '(?!)'})[^\S\n]+$", re.IGNORECASE
        )
        self.ongoing_endings = tuple(lex.ongoing_endings)
        # "check what he wrote and pay him": the question's clause ends at a joined clause
        joiners = whole_words(lex.clause_joiners) or "(?!)"
        tail = _QUESTION_TAIL.replace(r"(?!\s-\s)", rf"(?!\s-\s|\s(?:{joiners})\s)", 1)
        self.question = re.compile(
            rf"(?:{whole_words(lex.question_words) or '(?!)'}){tail}", re.IGNORECASE
        )
        self.consent = re.compile("|".join(lex.consents) or r"(?!)", re.IGNORECASE)
        self.question_after = re.compile(
            # the question word in the verb's own clause: a full-width comma ends it too
            rf"[^.,;!?\n，。；！？、]{{0,40}}?(?:{whole_words(lex.question_words_after) or '(?!)'})"
        )
        openings = whole_words((*lex.question_words, *lex.question_openings)) or "(?!)"
        self.question_opening = re.compile(rf"\s*[¿¡]?(?:{openings})", re.IGNORECASE)
        # a question word, then (in its sentence) a modal of what would happen right before
        # the verb: "how many contacts a bulk delete would remove"
        modals = whole_words(lex.hypothetical_modals) or "(?!)"
        self.modal_after = re.compile(rf"\s+(?:{modals})(?![^\W\d_])", re.IGNORECASE)
        self.hypothetical = re.compile(
            rf"(?:{whole_words(lex.question_words) or '(?!)'})[^.;!?。！？]*?(?:{modals})\s+$",
            re.IGNORECASE,
        )
        telling = whole_words(lex.telling_openings) or "(?!)"
        self.telling_opening = re.compile(rf"\s*(?:{telling})", re.IGNORECASE)
        self.clause_joiner = re.compile(rf"(?:{joiners})", re.IGNORECASE)
        # "can you …?": a request in the form of a question
        self.polite = re.compile(whole_words(lex.request_openers) or r"(?!)", re.IGNORECASE)
        self.done = re.compile(whole_words(lex.done_before) or r"(?!)", re.IGNORECASE)
        modifiers = whole_words(lex.noun_modifiers) or "(?!)"
        # not after a hyphen: "pourrais-tu payer" (French inversion) is no "tu" (Spanish "your")
        self.noun_marker = re.compile(
            # (not a case ending after a name's apostrophe: Turkish "Aksoy'a gönder" sends)
            rf"(?<!-)(?!(?<=['’])a\b)(?:{whole_words(lex.noun_markers) or '(?!)'})"
            rf"\s+(?:(?:{modifiers})\s+){{0,2}}$",
            re.IGNORECASE,
        )
        # a word, then a number of three or more digits ("order 3301", "invoice #4471")
        self.short_numbered = re.compile(r"[^\W\d_]+\s+#?\s*\d{3,}(?![^\W_])")
        self.noun_preposition = re.compile(
            rf"(?:{whole_words(lex.noun_prepositions) or '(?!)'})\s+$", re.IGNORECASE
        )
        # "the Okta system log and …", "yesterday's flight log for …": an article, one to three
        # words, then the word, then what ends a noun phrase (a conjunction, a preposition, a
        # comma) -- where an imperative's verb would take its object. Not the sentence's end:
        # there a verb-final language puts its verb ("die doppelten Kontakte entfernen?")
        self.phrase_head_before = re.compile(
            rf"(?<!-)(?:{whole_words(lex.noun_markers) or '(?!)'}|[^\W\d_]+'s)"
            rf"(?:\s+[^\W\d_][\w'-]*){{1,3}}\s+$",
            re.IGNORECASE,
        )
        ends = whole_words(lex.noun_phrase_ends) or "(?!)"
        self.phrase_head_after = re.compile(
            rf"[^\W\d_]+\s*(?:[,;:)]|(?:{ends})(?![^\W\d_]))", re.IGNORECASE
        )
        # "last month's Vattenfall payment", "Anna's payment": an English possessive opens a
        # noun phrase even at the sentence's end (no verb-final language writes "'s")
        self.possessive_before = re.compile(
            r"(?<![\w'])([^\W\d_]+'s)(?:\s+[^\W\d_][\w'-]*){0,3}\s+$", re.IGNORECASE
        )
        self.phrase_end_after = re.compile(r"[^\W\d_]+\s*(?:[.!?]|[-—–]\s|$)")
        self.plural_noun = re.compile(r"[^\W\d_]+[^\W\d_s]s(?![^\W\d_])")
        # an article or a possessive, then up to three words, right before the word at hand:
        # "any failed |rent payments", "this month's |rent receipts", "the |transfer fees"
        self.phrase_opened_before = re.compile(
            rf"(?<![\w-])(?:{whole_words(lex.noun_markers) or '(?!)'}|[^\W\d_]+'s)"
            rf"(?:\s+[^\W\d_][\w'-]*){{0,3}}\s+$",
            re.IGNORECASE,
        )
        self.next_word = re.compile(r"[^\W\d_]+\s+([^\W\d_]+)")
        self.thing_words = (
            lex.object_words | frozenset(lex.money_documents) | frozenset(lex.money_nouns)
        )
        self.noun_phrase = re.compile(whole_words(lex.noun_phrases) or r"(?!)", re.IGNORECASE)
        self.light_verb = re.compile(
            rf"(?:{whole_words(lex.light_verbs) or '(?!)'})\s+"
            rf"(?:{whole_words(lex.noun_markers) or '(?!)'})\s+(?:(?:{modifiers})\s+){{0,2}}$",
            re.IGNORECASE,
        )
        self.answer = re.compile(whole_words(lex.answer_phrases) or r"(?!)")
        self.ui_noun = re.compile(rf"{_INFLECTIONS}\s+(?:{alternation(lex.ui_nouns)})\b")
        # a currency word ends where its word ends (also after a vowel sign: "रुपये"); in a
        # script without spaces the next word follows at once ("8000บาทให้")
        # -- and a code in Latin letters ends before a letter of another script: "200 USDC送って"
        spaced, unspaced = split(lex.currencies)
        latin = tuple(c for c in spaced if _LATIN_WORD.fullmatch(c))
        other = tuple(c for c in spaced if c not in latin)
        currencies = (
            "|".join(
                [rf"(?:{alternation(latin)})(?![A-Za-z\u00C0-\u024F])"] * bool(latin)
                + [rf"(?:{alternation(other)})(?![^\W\d_])"] * bool(other)
                + [alternation(unspaced)] * bool(unspaced)
            )
            or "(?!)"
        )
        # "the rent receipt", "the fee schedule": a money noun that modifies a document's name
        documents = whole_words(lex.money_documents)
        money_nouns = (
            # (written joined in a script without spaces: "房租账单", a rent bill)
            f"(?:{whole_words(lex.money_nouns)})(?!\\s*(?:{documents}))"
            if documents
            else whole_words(lex.money_nouns)
        )
        # a sum with its multiplier ("50만원", "3万元") is a sum too
        times = rf"(?:(?:{alternation(tuple(lex.money_multipliers)) or '(?!)'})\s?)?"
        # a sign or a word before the sum ("$50", "RM 50", "Rp50.000")
        signs = (
            rf"(?:{_CURRENCY_SYMBOLS}|(?<![^\W\d_])(?:{alternation(lex.currency_prefixes)}))"
            if lex.currency_prefixes
            else _CURRENCY_SYMBOLS
        )
        services = whole_words(lex.money_services) or "(?!)"
        self.currency = re.compile(rf"(?i)(?<![^\W\d_])(?:{currencies})")
        self.converting = re.compile(whole_words(lex.converting_verbs) or "(?!)", re.IGNORECASE)
        self.money_request = re.compile(
            rf"({whole_words(lex.giving_verbs) or '(?!)'})[^.;!?]{{0,40}}?"
            rf"(?:{signs}\s?\d|{_NUMBER_START}\d{_DIGITS}*\s?{times}(?:{_CURRENCY_SYMBOLS}|(?:{currencies}))"
            rf"|{money_nouns})"
            rf"|(?:{signs}\s?\d{_DIGITS}*|{_NUMBER_START}\d{_DIGITS}*\s?{times}(?:{_CURRENCY_SYMBOLS}|"
            rf"(?:{currencies}))|{money_nouns})[^.;!?]{{0,40}}?"
            rf"({whole_words(lex.giving_verbs_last) or '(?!)'})"
            # a money service named as the verb, a number before or after it ("Venmo Jake 20",
            # "५००० भेज दो UPI से"): the service says it is money where no currency is written
            rf"|({services})[^.;!?]{{0,40}}?\d|\d[^.;!?]{{0,40}}?({services})"
        )
        multipliers = alternation(tuple(lex.money_multipliers)) or "(?!)"
        self.multipliers = lex.money_multipliers
        self.money = re.compile(
            rf"(?i){signs}\s?({_AMOUNT})({multipliers})?(?![^\W\d_])"
            # (not the digits of a code: "LH400 180 Euro" asks for 180)
            rf"|(?<![A-Za-z0-9])({_AMOUNT})\s?({multipliers})?\s?(?:{_CURRENCY_SYMBOLS}|(?:{currencies}))"
        )
        self.cap_before = re.compile(rf"(?:{whole_words(lex.money_caps)})\s*$", re.IGNORECASE)
        self.shared_sum = re.compile(whole_words(lex.money_shares) or "(?!)", re.IGNORECASE)
        self.deduction_before = re.compile(
            rf"(?:{whole_words(lex.money_deductions) or '(?!)'})\s+(?:\w+\s+){{0,2}}$",
            re.IGNORECASE,
        )
        self.deduction_after = re.compile(
            rf"\s*(?:{whole_words(lex.money_deductions_after) or '(?!)'})", re.IGNORECASE
        )
        self.file_name = re.compile(
            rf"(?<![\w.])[\w\-]+\.(?:{alternation(lex.file_extensions)})(?![\w])"
        )
        self.sent_file = re.compile(whole_words(lex.sent_files) or "(?!)")
        self.local_destination = re.compile("|".join(lex.local_destinations) or r"(?!)")
        self.delegation = re.compile(
            "|".join(lex.delegation) or r"(?!)", re.IGNORECASE | re.MULTILINE
        )
        self.addressee = re.compile("|".join(lex.addressee) or r"(?!)")
        self.address_pointer = re.compile("|".join(lex.address_pointer) or r"(?!)")
        self.habitual = re.compile("|".join(lex.habitual) or r"(?!)")


@lru_cache(maxsize=1)
def _patterns() -> _Patterns:
    return _Patterns(lexicon())


# Rule 4 reads with about 63 distinct verb lists (every operation's, the security verbs' and
# their unions): at 64 entries one more evicted a pattern that T1 then compiled again inside its
# 250 ms deadline (a StageTimeout in a full test run). Room for four times as many.
@lru_cache(maxsize=256)
def _verb_pattern(verbs: tuple[str, ...]) -> re.Pattern[str] | None:
    """One alternation for the verbs of an operation written with spaces between words
    (longest first): whole words with English inflections, and stems ("supprim*") with any
    ending."""
    spaced = [v for v in verbs if v and not _CJK.search(v)]
    gapped = [v for v in spaced if _GAP in v]
    words = [v for v in spaced if not v.endswith("*") and _GAP not in v]
    stems = [v[:-1] for v in spaced if v.endswith("*") and len(v) > 2]
    parts = [_gapped_pattern(gapped)] if gapped else []
    if words:
        parts.append(rf"(?:{alternation(words)}){_INFLECTIONS}{_WORD_END}")
    parts.extend(_enclitic_parts(words))
    if stems:
        parts.append(rf"(?:{alternation(stems)})[^\W\d_]*")
    if not parts:
        return None
    # a verb inside a channel, a handle or a path names it ("#deploys", "@sendgrid"): no ask
    # a word of an Indic script starts after its script's letters and vowel signs (``INDIC``)
    return re.compile(rf"(?<![^\W\d_])(?<![#@/{INDIC}])(?:{'|'.join(parts)})")


# "send … back": up to eight words between, inside one clause ("send her back", "give Lena
# read access"); a word may hold a dot ("dana.w", "v2.1") or be an abbreviation ("Dr.", "St.");
# any other dot before a space ends the sentence; a comma before a digit groups a number's
# thousands ("pindahkan RM5,000 ke akaun"), any other ends the clause; the word after the gap
# may be the head of a compound joined by a hyphen ("adj értesítés-hozzáférést": access)
_GAP_WORDS = (
    r"(?:\s+(?:[^\W\d_]{1,3}\.|(?:[^\s.,;!?]|\.(?=[^\s.])|,(?=\d))+)){0,8}\s+(?:[^\W\d_]+-)?"
)

_JOINED_PRONOUNS = r"(?:-[^\W\d_]+){0,2}"


def _gapped_pattern(phrases: list[str]) -> str:
    """The phrases listed with gaps, longest first, as a tree of their words
    (``wordmatch.phrase_tree``); a pronoun may be joined to the first word with a hyphen
    ("treu-me el bloqueig", "donne-lui l'accès", "dona-li un codi")."""
    return phrase_tree(
        (
            [p.strip() for p in phrase.split(_GAP)]
            for phrase in sorted(phrases, key=len, reverse=True)
        ),
        _GAP_WORDS,
        _WORD_END,
        f"{_INFLECTIONS}{_JOINED_PRONOUNS}",
    )


_STRESSED = str.maketrans({"a": "[aá]", "e": "[eé]", "i": "[ií]", "o": "[oó]", "u": "[uú]"})


def _enclitic_parts(words: list[str]) -> list[str]:
    """ "devuélvele", "cancélalo", "restituiscigli": the verbs of languages that join pronouns
    to an imperative, with one of those pronouns and any vowel stressed (the pronoun moves the
    written accent onto the verb: "devuelve" -> "devuélvele"). Grouped by their pronouns."""
    enclitics = lexicon().enclitics
    groups: dict[tuple[str, ...], list[str]] = {}
    for w in words:
        if w in enclitics:
            groups.setdefault(enclitics[w], []).append(w)
    parts = []
    for pronouns, verbs in groups.items():
        stressed = "|".join(
            re.escape(v).translate(_STRESSED) for v in sorted(verbs, key=len, reverse=True)
        )
        parts.append(rf"(?:{stressed})(?:{alternation(pronouns)})(?![^\W\d_])")
    return parts


def verb_positions(request: str, verbs: tuple[str, ...]) -> list[tuple[str, int]]:
    """(matched text, position) of every verb in the request. Chinese and Japanese verbs
    ("删除", "アンインストール") match as substrings: there are no spaces between words."""
    found: list[tuple[str, int]] = []
    pattern = _verb_pattern(verbs)
    if pattern is not None:
        found.extend((m.group(0), m.start()) for m in pattern.finditer(request))
    for stem in _unspaced_stems(verbs):
        if _GAP in stem:
            found.extend(_unspaced_gapped(request, stem))
            continue
        # a plain substring search: a pattern per stem compiled through `re`'s 512-entry cache
        # thrashed it (hundreds of stems over all languages) and cost half of an evaluation
        at = request.find(stem)
        while at >= 0:
            found.append((stem, at))
            at = request.find(stem, at + len(stem))
    return found


@lru_cache(maxsize=256)
def _unspaced_stems(verbs: tuple[str, ...]) -> tuple[str, ...]:
    """The verbs written in a script without spaces between words, without their stem mark."""
    return tuple(v.removesuffix("*") for v in verbs if v and _CJK.search(v))


# how far apart two parts of a gapped phrase of an attaching script may stand ("기본 문자 앱을
# Textra로 바꿔": a name and its particle between), within one sentence
_UNSPACED_GAP = 24
_SENTENCE_END = re.compile(r"[.!?。！？\n]")


def _unspaced_gapped(request: str, phrase: str) -> list[tuple[str, int]]:
    """(matched text, position) of a gapped phrase written in a script whose words attach
    ("기본 문자 앱을 … 바꿔", "把 … 设为默认"): each part found as a substring, the next
    within ``_UNSPACED_GAP`` characters of the last and in the same sentence."""
    first, *rest = [part.strip() for part in phrase.split(_GAP)]
    found: list[tuple[str, int]] = []
    at = request.find(first)
    while at >= 0:
        end = at + len(first)
        for part in rest:
            nxt = request.find(part, end, end + _UNSPACED_GAP + len(part))
            if nxt < 0 or _SENTENCE_END.search(request, end, nxt):
                break
            end = nxt + len(part)
        else:
            found.append((request[at:end], at))
        at = request.find(first, at + len(first))
    return found


def describes_past(request: str, verb: str, pos: int, verbs: tuple[str, ...]) -> bool:
    """Does the verb at ``pos`` state something already done instead of asking for it?"""
    p = _patterns()
    before = request[max(0, pos - _REACH) : pos]
    if p.past_before.search(before) or p.past_after.match(request, pos + len(verb)):
        return True
    if verb in verbs or _CJK.search(verb):
        return False
    stems = [v[:-1] for v in verbs if v.endswith("*") and verb.startswith(v[:-1])]
    if stems:
        ending = verb[len(max(stems, key=len)) :]
        participle = p.stem_participle.search(ending) is not None
    else:
        base = max((v for v in verbs if verb.startswith(v)), key=len, default=verb)
        participle = p.participle.fullmatch(verb[len(base) :]) is not None
    return participle and p.wish_before.search(before) is None


def negated(request: str, verb: str, pos: int) -> bool:
    """Is the verb at ``pos`` negated ("don't delete", "lösche ihn nicht", "払わないで")?"""
    p = _patterns()
    end = pos + len(verb)
    before = p.negation.search(_untagged(request[max(0, pos - _REACH) : pos], p))
    if before is not None and _cancelled(request, pos, p):
        before = None  # "don't forget to pay", "vergiss nicht zu zahlen": asks to pay
    return bool(
        before is not None
        or p.negation_after.search(request[end : _word_end(request, end + 24)])
        or p.negation_clause_end.search(request[end : end + READ_AROUND])
        or _negated_in_gap(verb, p)
    )


def _word_end(text: str, pos: int) -> int:
    """``pos``, moved on to the end of the word it falls in."""
    rest = _REST_OF_WORD.match(text, pos)
    return rest.end() if rest is not None else pos


def _untagged(text: str, p: _Patterns) -> str:
    """``text`` with its question tags blanked ("boleh tak bayar …?", can you pay …?): their
    negation word asks, it negates nothing."""
    return p.question_tag.sub(lambda m: " " * len(m.group(0)), text)


def _negated_in_gap(verb: str, p: _Patterns) -> bool:
    """ "sag den Termin nicht ab", "schalte die Sperre nicht aus": a phrase listed with a gap
    ("sag … ab") holds its negation between its words."""
    words = verb.split()
    if len(words) < 3 or verb in p.listed_phrases:
        return False
    return p.negation_anywhere.search(" ".join(words[1:-1])) is not None


def _cancelled(request: str, pos: int, p: _Patterns) -> bool:
    """The negation nearest before ``pos`` negates a verb of forgetting right beside it."""
    found = list(p.negation_anywhere.finditer(request, max(0, pos - _REACH), pos))
    if not found:
        return False
    last = found[-1]
    after = request[last.end() : pos].lstrip()
    if p.negation_cancelled.match(after):
        return True  # "don't forget to", "no olvides"
    word_before = request[max(0, last.start() - 24) : last.start()].rstrip(" ,")
    return any(m.end() == len(word_before) for m in p.negation_cancelled.finditer(word_before))


def has_negation(text: str) -> bool:
    """Does the text negate or describe as done anything at all ("not", "already", "不")?"""
    p = _patterns()
    return bool(p.negation_anywhere.search(text) or p.past_anywhere.search(text))


def negated_before(text: str) -> bool:
    """Does ``text`` end in a negation of what follows it ("… but not", "nicht")?"""
    return _patterns().negation.search(text) is not None


def names_a_control(request: str, verb: str, pos: int) -> bool:
    """ "the delete button": the verb names a control, it does not ask for the act."""
    return _patterns().ui_noun.match(request, pos + len(verb)) is not None


def answers_user(request: str, verb: str, pos: int) -> bool:
    """ "tell me", "let me know": the verb asks the assistant to answer, not to send."""
    return any(
        m.start() <= pos and pos + len(verb) <= m.end()
        for m in _patterns().answer.finditer(request, max(0, pos - _REACH), pos + _REACH)
    )


def used_as_noun(request: str, pos: int) -> bool:
    """ "in my trash", "the order I placed": an article or a possessive makes the word a noun
    -- unless a light verb stands before it ("make a payment", "fais un virement")."""
    p = _patterns()
    near = p.noun_phrase.finditer(request, max(0, pos - _REACH), pos + _REACH)
    if any(m.start() <= pos < m.end() for m in near):
        return True  # "text messages", "email address": the word is part of a noun
    if p.numbered.match(request, pos) is not None and not _opens_a_clause(request, pos):
        return True  # "order 112-4490281", "invoice #4471": a record named by its number
    if (
        p.noun_preposition.search(request[max(0, pos - 16) : pos]) is not None
        and p.short_numbered.match(request, pos) is not None
    ):
        return True  # "the chargeback on order 3301": a preposition's record, by its number
    if modifies_a_noun(request, pos):
        return True  # "any failed rent payments": the kind of payment, none made
    m = p.plural_noun.match(request, pos)
    if m is not None:
        word = m.group(0).lower()
        nouns = lexicon().object_words
        if word in nouns or word[:-1] in nouns or (word.endswith("es") and word[:-2] in nouns):
            return True  # "messages", "emails", "orders": a request's verb is not in -s form
    if (
        _heads_a_noun_phrase(request, pos)
        and p.light_verb.search(request[max(0, pos - 48) : pos]) is None
    ):
        return True
    marker = p.noun_marker.search(request[max(0, pos - 30) : pos])
    if marker is None:
        return False
    verb = UNICODE_WORD.match(request, pos)
    before = lexicon().proclitic_verbs.get(marker.group(0).split()[0].lower(), frozenset())
    said = verb.group(0).lower() if verb is not None else ""
    if said in before or any(v.endswith("*") and said.startswith(v[:-1]) for v in before):
        return False  # Italian "mi paghi": a pronoun before a verb, no Spanish "mi" (my)
    return p.light_verb.search(request[max(0, pos - 48) : pos]) is None


def modifies_a_noun(request: str, pos: int) -> bool:
    """ "any failed rent payments", "this month's rent receipts", "the transfer fees": a verb's
    word right before the plural noun of a thing, in a phrase an article or a possessive
    opened, says what kind of thing -- no act. (An imperative opens its clause: "pay invoices
    from March"; a phrase of a conjunction or a preposition, "the mail and pay invoices", is
    two.)"""
    p = _patterns()
    after = p.next_word.match(request, pos)
    if after is None:
        return False
    # the noun in an English plural: a language that puts its object after the verb without
    # an article ("ta anulosh takimin", Albanian "to cancel the appointment") has none
    noun = after.group(1).lower()
    things = p.thing_words
    if not (
        (noun.endswith("s") and noun[:-1] in things)
        or (noun.endswith("es") and noun[:-2] in things)
    ):
        return False
    before = p.phrase_opened_before.search(request[max(0, pos - 60) : pos])
    if before is None:
        return False
    lex = lexicon()
    words = [w.lower() for w in before.group(0).split()[1:]]
    return not any(w in lex.verb_words or w in lex.noun_phrase_ends for w in words)


def _heads_a_noun_phrase(request: str, pos: int) -> bool:
    """ "the Okta system log and tell me", "yesterday's drone flight log for my report": the
    word ends a phrase an article or a possessive opened, none of whose words is a verb."""
    p = _patterns()
    word = UNICODE_WORD.match(request, pos)
    verbs = lexicon().verb_words
    if word is None or word.group(0).lower() not in verbs:
        return False  # "I need the old invoices deleted": a participle wishes for the act
    window = request[max(0, pos - 60) : pos]
    before = p.phrase_head_before.search(window)
    if before is None or p.phrase_head_after.match(request, pos) is None:
        before = p.possessive_before.search(window)
        if (
            before is None
            or before.group(1).lower() in lexicon().stopwords  # "let's", "it's"
            or not (
                p.phrase_head_after.match(request, pos) or p.phrase_end_after.match(request, pos)
            )
        ):
            return False
    words = before.group(0).split()[1:]
    # "the conference organizers and reply that …": a word that ends a noun phrase right
    # before the verb ended the phrase, and the verb opens the next clause
    if words and words[-1].lower() in lexicon().noun_phrase_ends:
        return False
    return not any(w.lower() in verbs for w in words)


def without_own_acts(request: str) -> str:
    """The request without the clauses that say what the user will do themselves ("make it
    viewable by anyone, I'll post it on Mastodon" -> "make it viewable by anyone, "): where
    those point is not where the action goes."""
    return _patterns().own_clause.sub(" ", request)


def _opens_a_clause(request: str, pos: int) -> bool:
    """The word at ``pos`` opens its clause, or follows only a request's polite opening
    ("merge #412 if CI is green", "please merge #412"): the imperative's place."""
    before = request[:pos].rstrip()
    if not before or before[-1] in ".,;:!?—–-(\n":
        return True
    opener = _patterns().polite_opening.search(before)
    return opener is not None


def asked_about(request: str, pos: int) -> bool:
    """ "how much do I have to pay", "quanto devo pagare": a question about the act -- the
    question word shortly before the verb, or opening the sentence the verb stands in when that
    sentence ends with a question mark ("what reference do I use for the rent transfer?")."""
    p = _patterns()
    if any(m.start() <= pos < m.end() for m in p.consent.finditer(request)):
        return False  # "when it asks to make it a device admin, say yes": agreed to ahead
    # (a question word that opens a polite request is none: Serbian "da li možeš da obrišeš …?"
    # asks, as "can you delete …?" does)
    asked = any(
        p.polite.match(request, m.start()) is None
        for m in p.question.finditer(request, max(0, pos - _REACH), pos)
    )
    if asked or p.question_after.match(request, pos):
        return True
    start = max(request.rfind(c, 0, pos) for c in _SENTENCE_ENDS) + 1
    if p.hypothetical.search(request, start, pos) is not None:
        return True  # what would happen, asked about ("… a bulk delete would remove")
    ends = [i for i in (request.find(c, pos) for c in _SENTENCE_ENDS) if i >= 0]
    if not ends or request[min(ends)] not in "?？؟":
        return False
    return p.question_opening.match(request, start) is not None


def reminded(request: str, pos: int) -> bool:
    """ "remind me on Friday to pay the nursery": the verb at ``pos`` is what a reminder or a
    note is about, not an act asked of the assistant."""
    return _patterns().reminder.search(request[max(0, pos - 120) : pos]) is not None


def asking_positions(request: str, verbs: tuple[str, ...]) -> list[tuple[str, int]]:
    """The verbs of ``verbs`` in ``request`` that ask for their act: not negated, not naming a
    button, not describing something already done or left to the user, not asking the
    assistant to answer, not what a reminder is about."""
    return [(v, p) for v, p in verb_positions(request, verbs) if _asks_for(request, v, p, verbs)]


def _asks_for(request: str, verb: str, pos: int, verbs: tuple[str, ...]) -> bool:
    text, at = _near(request, pos, pos + len(verb))
    return not (
        negated(text, verb, at)
        or reminded(text, at)
        or names_a_control(text, verb, at)
        or describes_past(text, verb, at, verbs)
        or answers_user(text, verb, at)
        or asked_about(text, at)
        or used_as_noun(text, at)
        or _subject_of_a_modal(text, at + len(verb))
        or describes_ongoing(text, verb, at)
        or _names_a_read_thing(text, verb, at, verbs)
    )


def _names_a_read_thing(request: str, verb: str, pos: int, verbs: tuple[str, ...]) -> bool:
    """ "make tonight's reservation list", "make the booking report": a gapped phrase ("make …
    reservation", ``verb`` as matched) whose noun after the gap is followed by a noun of what
    is read (a list, a report) names that thing's kind, not the act -- the phrase's noun is a
    modifier ("make a reservation" books; "get rid of old screenshots" stays a removal)."""
    said = verb.lower().split()
    if len(said) < 3:
        return False
    # the cheap test first: this runs for every phrase a request asks with
    after = _NEXT_WORD.match(request, pos + len(verb))
    if after is None or after.group(1).lower() not in lexicon().read_nouns:
        return False
    return any("…" in v and v.split()[0] == said[0] and v.split()[-1] == said[-1] for v in verbs)


_NEXT_WORD = re.compile(r"[ \t]+([^\W\d_]+)")


def describes_ongoing(request: str, verb: str, pos: int) -> bool:
    """ "The tablets are syncing photos really slowly": the verb, in its form of an act going
    on, right after an auxiliary that makes it so, describes the act -- it asks for nothing."""
    p = _patterns()
    return verb.lower().endswith(p.ongoing_endings or ("\0",)) and (
        p.ongoing_before.search(request, 0, pos) is not None
    )


def _subject_of_a_modal(text: str, end: int) -> bool:
    """ "a bulk delete would remove …": a listed verb a modal of what would happen follows is
    that modal's subject, a noun -- no act asked."""
    return _patterns().modal_after.match(text, end) is not None


def _near(request: str, start: int, end: int) -> tuple[str, int]:
    """The text around ``request[start:end]`` that a verb is read in, and where it starts
    there."""
    lo = max(0, start - READ_AROUND)
    return request[lo : end + READ_AROUND], start - lo


# Greek asks with ";" (the Greek question mark U+037E, which Unicode normalizes to it)
_GREEK = re.compile("[\u0370-\u03ff\u1f00-\u1fff]")


def _ends_asking(sentence: str) -> bool:
    end = sentence.rstrip()
    if end.endswith(("?", "？", "؟", "\u037e")):
        return True
    return end.endswith(";") and _GREEK.search(end) is not None


def _sentences(request: str) -> list[str]:
    # (a full-width stop ends a sentence with no space after it: "合計いくら？まだ確定しないでね。")
    return [
        s for s in re.split(r"(?<=[.!?])\s+|(?<=[。！？])\s*|\n+", request.strip()) if s.strip()
    ]


def _asks_something(sentence: str, p: _Patterns) -> bool:
    """The sentence is a question: it ends asking, or opens as one and does not end as a
    statement does ("did Aetna pay the January invoices" is one, "Do what the head's note
    asks." is not) -- and it is not a polite ask for an act ("can you reproduce it locally?")."""
    opens = p.question_opening.match(sentence) is not None and not sentence.rstrip().endswith(
        _STATEMENT_ENDS
    )
    return (_ends_asking(sentence) or opens) and p.polite.search(sentence) is None


_STATEMENT_ENDS = (".", "!", "。", "！")


def is_question(request: str) -> bool:
    """Every sentence of the request asks something ("What's on my calendar tomorrow?", "Is the
    CDN down right now? Check their status page" is not: its second sentence asks for an act)."""
    p = _patterns()
    sentences = _sentences(request)
    return bool(sentences) and all(_asks_something(s, p) for s in sentences)


# cached: T1 asks this of every state change, and a session's request does not change while
# a run goes on (a three-sentence question cost ~0.3 ms to read again each time)
@lru_cache(maxsize=4096)
def asks_only_to_be_told(request: str) -> bool:
    """The request asks to be told and for nothing to be done: it asks a question or to be told
    ("check whether …", "show me …"), and each of its other sentences does too, or only forbids
    ("How much is payroll this month? Don't finalize it yet.")."""
    p = _patterns()
    sentences = _sentences(request)
    if not any(_asks_something(s, p) or _asks_to_be_told(s, p) for s in sentences):
        return False
    for s in sentences:
        if _asks_something(s, p) or _asks_to_be_told(s, p):
            continue
        said = intent(s)
        if not said.forbids or not said.asks <= _TELLING:
            return False
    return True


_TELLING = frozenset({Operation.READ, Operation.NAVIGATE})


def _asks_to_be_told(sentence: str, p: _Patterns) -> bool:
    """ "Check whether the meter at Dolce Bakery is communicating.", "show me which members
    are inactive": opened by a request to be told, with no clause of its own joined after it
    ("check why it failed and retry it" asks for the retry), asking for no act."""
    lowered = fold_marks(sentence.lower())
    return (
        p.telling_opening.match(lowered) is not None
        and p.clause_joiner.search(lowered) is None
        and intent(sentence).asks <= _TELLING
    )


def money_request(request: str) -> tuple[str, int] | None:
    """ "send 50 euros to my landlord": a giving verb with a sum of money, not negated; the
    giving verb and its position."""
    p = _patterns()
    m = p.money_request.search(request)
    if m is None or asked_about(request, m.start()):
        return None
    group = next(g for g in (1, 2, 3, 4) if m.group(g))
    verb, pos = m.group(group), m.start(group)
    if modifies_a_noun(request, pos):
        return None  # "list the transfer fees": fees of transfers, none to make
    if group in (3, 4) and (used_as_noun(request, pos) or _done_shortly_before(request, pos)):
        # "my Venmo history": the service named as a thing, not done; "já fiz o Pix de 50":
        # done already (a light verb and an article stand between "already" and the service)
        return None
    # the giving verb is negated as any verb is, before or after it ("skicka inte min del än",
    # "überweis ihm das Geld noch nicht"; "don't forget to send" still asks); a verb after the
    # sum ("500 rupaye mat bhejo") may also be negated before the sum
    if negated(request, verb, pos) or (group in (2, 4) and negated_before(request[: m.start()])):
        return None
    if reminded(request, pos):
        return None  # "remind me on Friday to pay the nursery fees (€410)"
    # a language that does not inflect its verbs for the past says so before them ("saya dah
    # hantar RM50", I already sent RM50)
    if describes_past(request, verb, pos, lexicon().giving_verbs + lexicon().giving_verbs_last):
        return None
    return (verb, m.start())


def converts_money(request: str) -> tuple[str, int] | None:
    """ "Convert half of my USDT into lira", "ETH 0.2개를 USDC로 바꿔줘": a verb of converting
    in a request that names two currencies asks for a trade of one into the other -- a payment
    (a question, or a negated verb, asks for none)."""
    p = _patterns()
    named = {m.group(0).casefold() for m in p.currency.finditer(request)}
    if len(named) < 2 or is_question(request):
        return None
    for m in p.converting.finditer(request):
        if not negated(request, m.group(0), m.start()) and not asked_about(request, m.start()):
            return (m.group(0), m.start())
    return None


def _done_shortly_before(request: str, pos: int) -> bool:
    """A word that says "already" among the three words before ``pos``, in its clause."""
    clause = re.split(r"[.;!?,，。；]", request[:pos])[-1]
    near = " ".join(clause.split()[-3:])
    return _patterns().done.search(near) is not None


def money_amounts(text: str) -> list[tuple[str, str | None]]:
    """Sums of money a text states ("$35.20", "500 EUR") as (whole, fraction); bare numbers (a
    card, a time) are not amounts."""
    out = []
    p = _patterns()
    for m in p.money.finditer(text):
        out.append(_amount_of(m, p))
    return out


def _amount_of(m: re.Match[str], p: _Patterns) -> tuple[str, str | None]:
    whole, frac = _number(m.group(1) or m.group(3))
    word = m.group(2) or m.group(4)
    factor = p.multipliers.get(word.lower(), 1) if word else 1
    if factor == 1:
        return whole, frac
    value = round(float(f"{whole}.{frac or 0}") * factor, 2)
    whole_part, _, frac_part = f"{value:.2f}".partition(".")
    return whole_part, None if frac_part == "00" else frac_part.rstrip("0")


def deducts_a_sum(text: str) -> bool:
    """Does the request state a sum to take off another ("the deposit minus the 120 € for the
    paint")? Then the sum it states is not the one paid."""
    p = _patterns()
    return any(
        p.deduction_before.search(text[max(0, m.start() - 32) : m.start()])
        or p.deduction_after.match(text, m.end())
        for m in p.money.finditer(text)
    )


def money_caps(text: str) -> list[float]:
    """Sums a request sets as a limit ("if it's under 500 €", "up to $80"): a payment of less
    is what it asks for. A sum shared between people ("Anna paid 86 euros for the two of us;
    settle up with her") caps the part asked for too."""
    p = _patterns()
    out = []
    shared = p.shared_sum.search(text) is not None
    for m in p.money.finditer(text):
        if shared or p.cap_before.search(text[max(0, m.start() - 24) : m.start()]):
            whole, frac = _amount_of(m, p)
            out.append(float(f"{whole}.{frac or 0}"))
    return out


_ASCII_NUMBER = re.compile(r"[^\D0-9]")  # a decimal digit of another script
_ARABIC_SEPARATORS = str.maketrans({"\u066b": ".", "\u066c": ","})


def _ascii_digit(m: re.Match[str]) -> str:
    return str(unicodedata.decimal(m.group(0)))


_THOUSANDS_COMMA = re.compile(r"^\d{1,3}(?:,\d{3})+(?:\.\d+)?$")
# (a group of thousands never opens with a lone 0: "0.001" is a thousandth)
_THOUSANDS_DOT = re.compile(r"^(?!0\.)\d{1,3}(?:\.\d{3})+(?:,\d+)?$")
_DECIMAL_COMMA = re.compile(r"^\d+,\d{1,2}$")


def _number(text: str) -> tuple[str, str | None]:
    """(whole, fraction) of an amount as written: "1,234.50", "1.234,50" and "49,99" alike, in
    any script's digits ("৫০০", "۱۲۰٫۵" -> "500", ("120", "5")): an action states its sum in
    ASCII digits."""
    text = _ASCII_NUMBER.sub(_ascii_digit, text).translate(_ARABIC_SEPARATORS)
    text = re.sub(r"[ \u00a0\u202f]", "", text)
    if _THOUSANDS_DOT.match(text) or _DECIMAL_COMMA.match(text):
        text = text.replace(".", "").replace(",", ".")
    else:
        text = text.replace(",", "")
    whole, _, frac = text.partition(".")
    return whole, frac or None


def file_names(text: str) -> set[str]:
    """File names a text mentions ("trip-itinerary.pdf", "/sdcard/Download/tax-2025.pdf")."""
    return set(_patterns().file_name.findall(text))


def address_places(request: str) -> list[str]:
    """Where the request says an address is: the words right after each phrase that points at
    one ("her fax number is in *my contacts*", "son e-mail est sur *son site*")."""
    lowered = fold_marks(request.lower())
    return [lowered[m.end() : m.end() + 40] for m in _patterns().address_pointer.finditer(lowered)]


def keeps_local(request: str) -> bool:
    """ "export my contacts to a file on the phone": the request keeps the result on the device."""
    return _patterns().local_destination.search(request) is not None


def is_remote(url: str) -> bool:
    return _REMOTE.match(url.strip()) is not None


def unicode_words(text: str) -> set[str]:
    """Words of any script (two letters or more), case-folded."""
    folded = fold_marks(text.casefold().replace("\u0307", ""))
    return {w for w in UNICODE_WORD.findall(folded) if len(w) > 1}


def stopwords() -> frozenset[str]:
    return lexicon().stopwords


@dataclass(frozen=True, slots=True)
class RequestIntent:
    """What a user's request says, as the stages need it."""

    asks: frozenset[Operation]
    """Operations the request asks for (not negated, not described as done)."""
    words: frozenset[str]
    """Its content words, stemmed (what it is about)."""
    identifiers: frozenset[str]
    """Identifier-like values it gives (file names, ids, handles, quoted names)."""
    delegates: bool
    """It adopts what a source it names asks for ("do the tasks in the email from Bob")."""
    addressed: bool = False
    """It names whom a send goes to by who they are ("forward it to my wife")."""
    points_at_address: bool = False
    """It says where that addressee's address is ("her email is on her website")."""
    forbids: frozenset[str] = frozenset()
    """Verbs it asks *not* to do, stemmed ("don't approve anything" -> approve)."""
    forbidden: frozenset[Operation] = frozenset()
    """Operations those verbs ask for ("don't send it yet" -> external_send)."""
    habitual: bool = False
    """It asks the act done as it always is ("pay the rent as usual")."""


@lru_cache(maxsize=4096)
def intent(request: str) -> RequestIntent:
    from host_pep.recognition.words import content_words

    lex = lexicon()
    # read as the lexicon lists its words: without Arabic vowel signs or Hebrew points
    lowered = fold_marks(request.lower())
    asks = {
        op
        for op, verbs in lex.operations.items()
        # (one verb that asks is enough: a long request need not have every verb read)
        if verbs
        and any(_asks_for(lowered, v, at, verbs) for v, at in verb_positions(lowered, verbs))
    }
    if money_request(lowered) is not None:
        asks.add(Operation.PAYMENT)
    if Operation.EXTERNAL_SEND in asks and file_send(lowered) is not None:
        asks.add(Operation.SHARE_UPLOAD)
    delegates = bool(lex.delegation) and _patterns().delegation.search(request) is not None
    addressed = bool(lex.addressee) and _patterns().addressee.search(lowered) is not None
    pointer = bool(lex.address_pointer) and _patterns().address_pointer.search(lowered) is not None
    forbids, forbidden = _forbidden(lowered)
    habitual = bool(lex.habitual) and _patterns().habitual.search(lowered) is not None
    return RequestIntent(
        asks=frozenset(asks),
        words=content_words(request),
        identifiers=identifiers(request),
        delegates=delegates,
        addressed=addressed,
        points_at_address=pointer,
        forbids=forbids,
        forbidden=forbidden,
        habitual=habitual,
    )


def file_send(request: str) -> tuple[str, int] | None:
    """A send the request asks for, of a file it names by its name ("report_v2.pdf") or as one
    ("the PDF", "the scan"): the file leaves the device, a share ("submit my problem set -- the
    PDF is Download/ps4.pdf", "manda il PDF a Marco"). The send verb and its position."""
    p = _patterns()
    if not p.file_name.search(request) and p.sent_file.search(request) is None:
        return None
    verbs = lexicon().operations.get(Operation.EXTERNAL_SEND, ())
    positions = asking_positions(request, tuple(verbs)) if verbs else []
    return positions[0] if positions else None


def _forbidden(request: str) -> tuple[frozenset[str], frozenset[Operation]]:
    """The verbs a request negates ("review the PR but do not merge it"), stemmed, and their
    operations; a verb naming a button, a question about the act, a verb of forgetting ("don't
    forget to …") forbid nothing."""
    from host_pep.recognition.words import stem

    p = _patterns()
    verbs_out: set[str] = set()
    # keyed by where the verb starts: "release" (a write) and "release … payment" (a payment)
    # are one negated verb of several kinds
    by_verb: dict[int, set[Operation]] = {}
    for op, verbs in lexicon().operations.items():
        for v, pos in verb_positions(request, verbs) if verbs else ():
            text, at = _near(request, pos, pos + len(v))
            if (
                negated(text, v, at)
                and not p.negation_cancelled.fullmatch(v)
                and not names_a_control(text, v, at)
                and not asked_about(text, at)
                and not describes_past(text, v, at, verbs)
                and not _only_beyond(text, at + len(v))
            ):
                verbs_out.update(stem(w) for w in v.split() if w.isalpha())
                by_verb.setdefault(pos, set()).add(op)
    ops: set[Operation] = set()
    for found in by_verb.values():
        # "don't book": a verb of several kinds forbids its gravest (the booking paid for, not
        # every write -- typing the destination into a search box is no booking)
        grave = found & _GRAVE_OPS
        ops |= grave or found
    return frozenset(verbs_out), frozenset(ops)


def _only_beyond(request: str, end: int) -> bool:
    """The negated verb forbids only more than was asked ("don't send anything else", "no
    mandes nada más"): the words right after it say so."""
    after = request[end : end + 40].lstrip(" ,")
    return any(
        after.startswith(w) and not after[len(w) : len(w) + 1].isalnum()
        for w in lexicon().negation_beyond
    )


_GRAVE_OPS = frozenset(
    {Operation.PAYMENT, Operation.DELETE, Operation.SHARE_UPLOAD, Operation.SECURITY_CHANGE,
     Operation.EXTERNAL_SEND, Operation.UNINSTALL, Operation.INSTALL}
)  # fmt: skip


_URL_HOST = re.compile(
    r"^(?:[a-z][a-z0-9+.-]*://)?(?:www\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)+)(?:[/:?#]|$)"
)


def _site(value: str) -> str | None:
    """The host a link or address-like argument names ("https://www.x.example/a" -> x.example)."""
    if " " in value or "@" in value:
        return None
    m = _URL_HOST.match(value)
    if m is None or not re.search(r"[a-z]", m.group(1).rsplit(".", 1)[-1]):
        return None  # "3.14", "10.0.0.1": no site
    return m.group(1)


def _host_spells_a_name(host: str, request: str) -> bool:
    """The site's own name is a name the request writes capitalised, its words run together
    ("Tafel Freiburg" -> tafel-freiburg.de, "Banco Alimentare" -> bancoalimentare.it): an
    organisation's site. A lookalike that adds to the name ("bancoalimentare-dona.example")
    spells another."""
    labels = host.lower().removeprefix("www.").split(".")
    if len(labels) < 2:
        return False
    site = re.sub(r"[^a-z0-9]", "", unaccented(labels[0]))
    if len(site) < 5:
        return False
    written = _WORD.findall(request)
    words = [unaccented(w.lower()) for w in written]
    capital = [w[0].isupper() for w in written]
    for i in range(len(words)):
        for n in (1, 2, 3, 4):
            if i + n > len(words) or not all(capital[i : i + n]):
                continue
            if "".join(words[i : i + n]) == site:
                return True
    return False


def _given_in_another_form(value: str, lowered: str) -> bool:
    """The request names the argument in the form people write it, the call in the form a tool
    takes it: a channel or handle with its sigil ("#general", "@dora" -> channel="general"), a
    file by its name where the call gives its path ("bill-dec.txt" -> ~/Documents/bill-dec.txt)."""
    bare = value.lstrip("#@")
    if len(bare) >= 3 and re.search(rf"(?<![\w.-])[#@]{re.escape(bare)}(?![\w-])", lowered):
        return True
    name = value.rstrip("/").rsplit("/", 1)[-1]
    if name != value and len(name) >= 5 and "." in name.strip("."):
        # a file's name with its extension is specific enough to stand for its path
        return re.search(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", lowered) is not None
    return False


def names_source(request: str, target: str, arguments: dict[str, str]) -> bool:
    """Does the request point at what this call reads? It gives one of the call's arguments
    ("pay the bill in bill-dec.txt" -> read_file(bill-dec.txt); "the article Bob posted in
    #general" -> read_channel_messages(general)), or names what the call is about ("summarise
    my inbox" -> get_inbox)."""
    if not request:
        return False
    from host_pep.recognition.words import content_words, expanded, name_words, quoted_literals

    said = intent(request)
    lowered = f" {' '.join(request.lower().split())} "
    lex = lexicon()
    # a document is also a paper that asks for or proves money ("the Ingram invoice" -> the mail
    # titled "Ingram Invoice INV-88240")
    documents = (
        lex.objects.get("files", ()) + lex.objects.get("notes", ()) + tuple(lex.money_documents)
    )
    names_a_document = any(d in said.words for d in documents if len(d) >= 3)
    for path, value in arguments.items():
        v = " ".join(value.lower().split())
        field = path.rsplit(".", 1)[-1].split("[", 1)[0].lower()
        own = {w for w in content_words(v) if len(w) >= 4} if len(v.split()) <= 4 else set()
        if own & said.words and (
            field in lex.person_selectors or (field in lex.title_fields and names_a_document)
        ):
            # the person whose chat is read ("the plumber's message" -> read_chat(contact: Seu
            # Jorge encanador)), a document by a word of its title where the request names a
            # document ("the onboarding doc" -> read_document(title: Onboarding Juni))
            return True
        if len(v) >= 3 and (f" {v} " in lowered or f"'{v}'" in lowered or f'"{v}"' in lowered):
            return True
        if _selects_named_person(field, value, request):
            return True
        if _given_in_another_form(v, lowered):
            return True
        if _in_named_folder(v, lowered):
            return True
        if identifiers(value) & said.identifiers:
            return True
        if any(
            len(q) >= 3 and re.search(rf"(?<!\w){re.escape(q)}(?!\w)", lowered)
            for q in (" ".join(lit.lower().split()) for lit in quoted_literals(value))
        ):
            # a query's quoted literal the request says ("رسالة المحكمة" -> contains(subject,
            # 'المحكمة'), "the 'Q3 budget' mail" -> subject:"Q3 budget")
            return True
        host = _site(v)
        if host is not None and re.search(
            rf"(?<![\w.-])(?:www\.)?{re.escape(host)}(?![\w-])", lowered
        ):
            return True  # "her site luciaperez.example" -> get_webpage(https://luciaperez.example/about)
        if (
            host is not None
            and not said.words.isdisjoint(lex.kind_words.get("url", ()))
            and _host_spells_a_name(host, request)
        ):
            # "the IBAN is on Banco Alimentare's site" -> bancoalimentare.it; not "add Ines
            # Vidal to the event", which names her and no site of hers
            return True
        words = content_words(v) if len(v) >= 3 and len(v.split()) <= 6 else frozenset()
        if words and words <= said.words and len(v.split()) <= 4:
            return True
        named_file = _file_name_words(v)
        named_words = sum(_said_or_abbreviated(w, said.words) for w in named_file)
        if len(named_file) >= 2 and (
            named_words == len(named_file)
            or (named_words >= 2 and named_words * 3 >= len(named_file) * 2)
        ):
            # "the flat-costs spreadsheet" -> read_file(WG/flat-costs-2025.csv), "the city
            # letter I scanned" -> Scans/city-fine-2025-05.pdf: every word of the file's name --
            # or two of three at least ("yung kontrata ng kusina" ->
            # kontrata_kusina_renovation.pdf)
            return True
        if (
            len(named_file) == 1
            and all(_said_or_abbreviated(w, said.words) for w in named_file)
            and not _folder_words(v).isdisjoint(said.words)
        ):
            # a one-word name with the folder it is in: "yesterday's PTA minutes" ->
            # read_file(/PTA/minutes-2026-03-02.md) -- two named words, as above
            return True
        if (
            "/" not in v
            and len(v.split()) >= 2  # a title of words, not a file's name ("bill-nov.txt")
            and len(words & said.words) >= 2
            and len(words & said.words) * 2 >= len(words)
        ):
            # a title the request names in part: "the HOA meeting minutes" ->
            # read_document(HOA minutes Nov 2026); not a link's path, whose words are its site's
            return True
        if len(v.split()) <= 4 and any(run in request for run in _UNSPACED_RUN.findall(value)):
            # a name in a script written without spaces, which the request holds inside a run
            # of its own: "議事録に載っている出席者全員を…" -> read_file(議事録_1201.txt)
            return True
        slug = _slug_words(v)
        if len(slug) >= 2 and slug <= said.words | _joined_words(request):
            # an identifier spelled from words, every one of them named: "the all-hands
            # minutes" -> get_page(allhands-minutes-0725), "the Zalando newsletter" ->
            # read_email(from=newsletter@zalando.de)
            return True
    named = name_words(target)
    if not named.isdisjoint(said.words):
        return True
    # the request names what someone sent by the verb of sending it ("the invoice Kanso
    # emailed me" -> search_messages, "what Dana texted me" -> sms_inbox); a noun alone ("read
    # my latest email") names the kind of source, which the tool's name already had to share
    sent = _base_forms(said.words) - said.words
    return not expanded(named).isdisjoint(sent)


_FROM_OPERATOR = re.compile(r"(?<![\w-])(?:from:\s*|FROM\s+)\"?([^\s\"]+)")
"""A search query's sender operator ("from:ana.ribeiro newer_than:2d", IMAP's "FROM
lindqvistbil.se"), as mail and chat search engines write it: the query selects what one
person sent."""


def _selects_named_person(field: str, value: str, request: str) -> bool:
    """The call selects what a person sent, and the request names that person: "her email from
    yesterday" after "Ana paid for our hotel" -> search(q="from:ana.ribeiro newer_than:2d"). The
    person is the value of a person-selecting field or of a query's sender operator."""
    people = [value] if field in lexicon().person_selectors else _FROM_OPERATOR.findall(value)
    return any(names_person(request, person) for person in people)


_DOMAIN = re.compile(r"@[\w.-]+")
_WORD = re.compile(r"[^\W\d_]+")
_HANDLE = re.compile(r"[@._\d]")


@lru_cache(maxsize=1)
def known_words() -> frozenset[str]:
    """Words the lexicon knows as things, acts or function words: no one's name."""
    lex = lexicon()
    return (
        lex.verb_words | lex.object_words | lex.generic_words | lex.message_objects | lex.stopwords
    )


def _shown_name(person: str) -> str:
    """A sender value that is a name ("Presidenta", "Henrik Aalto"), not an address or handle."""
    return "" if _HANDLE.search(person) else person


_INFLECTED = 3
"""How many letters an inflection may add to a name the request writes ("Jussin", Jussi's;
"Annas Mail")."""
_STEM_VOWELS = frozenset("aeiouyаеиоуыяюё")
"""Vowels a name ends in that its inflections replace (Slavic and Baltic nouns: Саша, Саше)."""


def names_person(request: str, person: str) -> bool:
    """Does the request name this person ("Ana Ribeiro <ana.ribeiro@…>", "kofi.m")? A word of
    their name or of their address's local part matches a name the request writes capitalised,
    in any script (short names count: Ana, Bo; an inflected one too: "Jussin lasku"); a display
    name's word may also match a longer word the request says of them ("what the presidenta
    said" -> "Presidenta AMPA"), unless the lexicon knows it as a thing or an act."""
    lex = lexicon()
    names = {w.lower() for w in _WORD.findall(request) if w[0].isupper()} - lex.stopwords
    # the name a sender is shown by: before its address, or the whole value when it is no
    # address or handle ("Presidenta", "Henrik Aalto")
    shown = person.split("<", 1)[0] if "<" in person else _shown_name(person)
    said = {w.lower() for w in _WORD.findall(request) if len(w) >= 5} - known_words()
    if not names and not (shown and said):
        return False
    local = _DOMAIN.sub(" ", person).lower()  # an address's domain is no one's name
    for word in _WORD.findall(local):
        if len(word) == 2 and word in names:
            return True  # "Bo", "Li": a short name, whole
        if len(word) >= 3 and any(
            n.startswith(word) and len(n) - len(word) <= _INFLECTED for n in names
        ):
            return True
        if (
            len(word) >= 4
            and word[-1] in _STEM_VOWELS
            and any(
                n.startswith(word[:-1]) and 0 <= len(n) - len(word) + 1 <= _INFLECTED for n in names
            )
        ):
            return True  # a name whose last vowel an inflection replaces: Саша -> Саше, Ania -> Ani
    return any(w.lower() in said for w in _WORD.findall(shown))


def _in_named_folder(path: str, lowered: str) -> bool:
    """A file in a folder the request names by its path ("the invoice is in the Drive folder
    'Contractors/Lena'" -> read_file(Contractors/Lena/invoice-2026-11.pdf)): what the folder holds
    is what the request points at. The folder is named whole, as a path of two or more parts
    (one word alone is too often a common one: "Documents", "invoices")."""
    if "://" in path or " " in path.strip("/"):
        return False
    parts = path.strip("/").split("/")
    for n in range(len(parts) - 1, 1, -1):
        folder = "/".join(parts[:n])
        if re.search(rf"(?<![\w/.-]){re.escape(folder)}/?(?![\w/.-])", lowered):
            return True
    # ... or one folder the request calls a folder ("nella cartella Casa", "the Receipts
    # folder" -> ~/Casa/rata_marzo.pdf): the word says it is a folder's name, not a common noun
    folders = lexicon().folder_words
    for part in parts[:-1]:
        name = re.escape(part.lower().strip("~"))
        if len(name) < 2:
            continue
        for m in re.finditer(rf"(?<![\w/.-])['\"«„“]?{name}['\"»“”]?(?![\w/-])(?!\.\w)", lowered):
            before = lowered[: m.start()].split()[-1:]
            after = lowered[m.end() :].split()[:1]
            if any(w.strip(".,;:!?") in folders for w in before + after):
                return True
    return False


def _said_or_abbreviated(word: str, said: frozenset[str]) -> bool:
    """A word of a file's name the request says, whole or as the name abbreviates it ("nov" in
    factura_gas_nov.txt for "la de noviembre", "inv" for "invoice")."""
    return word in said or (len(word) >= 3 and any(s.startswith(word) for s in said))


_FILE_PATH = re.compile(r"^[^\s]*?(?:/|\.[a-z0-9]{2,5}$)")
# a run of three or more characters of a script written without spaces (a CJK or Thai word or
# more: two characters are too often a common word of their own)
_UNSPACED_RUN = re.compile(f"[{_UNSPACED_LETTERS}]{{3,}}")
_NAME_SEPARATORS = re.compile(r"[-_.]+")


def _file_name_words(value: str) -> frozenset[str]:
    """The words of a file's own name, without its folder, extension, dates and numbers
    ("WG/flat-costs-2025.csv" -> flat, cost); none for a value that is no path or file name."""
    from host_pep.recognition.words import content_words

    if " " in value or "://" in value or value.startswith("www.") or not _FILE_PATH.match(value):
        return frozenset()  # a link's path names its site's pages, not the user's files
    name = value.rstrip("/").rsplit("/", 1)[-1]
    if "." in name:
        name = name.rsplit(".", 1)[0]
    return frozenset(w for w in content_words(_NAME_SEPARATORS.sub(" ", name)) if not w.isdigit())


_SLUG = re.compile(r"[^\W_](?:[\w.+@-]*[^\W_])?")
_SLUG_PARTS = re.compile(r"[-_.+@\s]+")
_HYPHENATED = re.compile(r"[^\W_]+(?:-[^\W_]+)+")


def _folder_words(value: str) -> frozenset[str]:
    """The words of the folders a file's path names ("/PTA/minutes.md" -> pta), without the
    generic ones every path has ("Documents", "Downloads"); none for a value that is no path."""
    from host_pep.recognition.words import content_words

    if not _file_name_words(value) or "/" not in value:
        return frozenset()
    folders = _NAME_SEPARATORS.sub(" ", " ".join(value.rstrip("/").split("/")[:-1]))
    return frozenset(content_words(folders)) - lexicon().generic_words


def _slug_words(value: str) -> frozenset[str]:
    """The words an identifier is spelled from ("allhands-minutes-0725" -> allhands, minute;
    "newsletter@zalando.de" -> newsletter, zalando): none for a path, a link, a text of words,
    or an identifier of one word. A mail address drops its domain's last label (de, com)."""
    if not _SLUG.fullmatch(value) or "/" in value or "://" in value:
        return frozenset()
    from host_pep.recognition.words import content_words

    if "@" in value:
        local, _, domain = value.partition("@")
        value = f"{local} {domain.rsplit('.', 1)[0]}"
    parts = [p for p in _SLUG_PARTS.split(value) if p and not any(c.isdigit() for c in p)]
    if len(parts) < 2:
        return frozenset()
    return content_words(" ".join(parts))


def _joined_words(request: str) -> frozenset[str]:
    """A request's hyphenated words written as one ("all-hands" -> allhands), as identifiers
    spell them."""
    from host_pep.recognition.words import stem

    return frozenset(
        stem(m.group(0).replace("-", "")) for m in _HYPHENATED.finditer(request.lower())
    )


def _base_forms(words: frozenset[str]) -> frozenset[str]:
    """Words with an English verb's -ed/-ing folded ("emailed" -> email, "texted" -> text)."""
    out = set(words)
    for w in words:
        for ending in ("ed", "ing"):
            if w.endswith(ending) and len(w) > len(ending) + 2:
                base = w[: -len(ending)]
                out.update((base, base + "e"))
    return frozenset(out)
