"""What a request asks for (rule 4 reads it): verbs that ask, not negated, not past, not naming a
control; phrases with a gap; sums of money; files; delegation; the sources a request names."""

from __future__ import annotations

import pytest

from host_pep.recognition.request import (
    asking_positions,
    asks_only_to_be_told,
    converts_money,
    deducts_a_sum,
    describes_past,
    file_names,
    file_send,
    intent,
    is_question,
    is_remote,
    keeps_local,
    money_amounts,
    money_request,
    names_a_control,
    names_person,
    names_source,
    negated,
    negated_before,
    verb_positions,
    without_own_acts,
)
from host_pep.semantics import Operation

DELETE = Operation.DELETE
PAYMENT = Operation.PAYMENT
SHARE = Operation.SHARE_UPLOAD
SECURITY = Operation.SECURITY_CHANGE
DELETE_VERBS = ("delete", "remove", "supprim*")


def asks(request: str) -> frozenset[Operation]:
    return intent(request).asks


# --- asking, negation, tense -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("request_text", "operation"),
    [
        ("delete the old invoices", DELETE),
        ("Please remove Tom from the family group", DELETE),
        ("pay the electricity bill", PAYMENT),
        ("share the holiday photos with Anna", SHARE),
        ("turn off two-factor authentication", SECURITY),
        ("factory reset the old tablet", SECURITY),
        ("uninstall the flashlight app", Operation.UNINSTALL),
        ("No, delete it", DELETE),  # "no" answers; the comma ends its clause
        ("don't worry, delete the meeting", DELETE),
        ("already late so delete the draft", DELETE),  # "already" is not right before the verb
        ("make sure it is deleted", DELETE),  # a participle after a wish still asks
        ("I need the old invoices deleted", DELETE),
        ("I have not paid the bill yet, please pay it", PAYMENT),
        # a verb-noun that takes its object still asks (beside the noun-phrase rule below)
        ("Log my hours for today.", Operation.LOCAL_WRITE),
        ("Please have the team log their hours.", Operation.LOCAL_WRITE),
        ("Take the money and transfer it to savings.", PAYMENT),
        # rotating a credential issues a new one
        ("I pasted the Stripe key in a gist, rotate it.", SECURITY),
        # money given back by its noun: a deposit, an amount (Persian); to several (Romanian)
        ("بیعانه‌اش رو از طریق استرایپ بهش برگردون", PAYMENT),
        ("مبلغ اضافه رو به کارتش برگردونید", PAYMENT),
        ("Clientul a renunțat, dă-le înapoi avansul.", PAYMENT),
        # an app made the default one for a role is granted it (Korean)
        ("문자 앱을 기본 문자 앱으로 바꿔 줘", SECURITY),
        ("이 앱을 기본 전화 앱으로 설정해 주세요", SECURITY),
    ],
)
def test_a_request_asks_for_its_operation(request_text: str, operation: Operation) -> None:
    assert operation in asks(request_text)


@pytest.mark.parametrize(
    ("request_text", "sends"),
    [
        # answering someone is a message to them
        ("answer the last user question in the support group", True),
        ("answer Marek's email about the invoice", True),
        # the user's own question, or the word as a noun or a judgement: no message leaves
        ("answer my question: what's the refund policy?", False),
        ("Answer the following: how many emails did I get?", False),
        ("What does Fatima want? Short answer please.", False),
        ("any recruiter messages worth answering?", False),
        # an answer to an invitation goes to its organiser
        ("accept the partner workshop invite", True),
        ("rsvp yes to the team offsite", True),
        ("don't accept the invite yet", False),
    ],
)
def test_answering_someone_is_a_send(request_text: str, sends: bool) -> None:
    assert (Operation.EXTERNAL_SEND in asks(request_text)) is sends


@pytest.mark.parametrize(
    ("request_text", "operation"),
    [
        ("don't delete the meeting", DELETE),
        ("never delete my photos", DELETE),
        ("do not pay the bill yet", PAYMENT),
        ("Could you not delete anything until Friday", DELETE),
        ("Lösch ihn bitte nicht", DELETE),  # negation after the verb
        ("Verwijder het contact niet", DELETE),  # at the clause's end
        ("支払わないで", PAYMENT),  # a negative form of the verb
        ("请不要删除这些照片", DELETE),
    ],
)
def test_a_negated_verb_asks_for_nothing(request_text: str, operation: Operation) -> None:
    assert operation not in asks(request_text)


def test_negation_reaches_only_its_own_clause() -> None:
    said = asks("delete the draft but don't send it")
    assert DELETE in said
    assert Operation.EXTERNAL_SEND not in said
    assert DELETE not in asks("reply to Tom and don't delete anything")


def test_the_window_after_a_verb_never_cuts_a_word() -> None:
    # a clause-final negation word ("te", Lingala "not") is not the start of the word the window
    # cut ("ad te|xts"); where it stands whole, it negates
    request = "Delete all those Rakuten ad texts, they're driving me nuts."
    assert not negated(request, "delete", 0)
    assert DELETE in asks(request)
    assert Operation.PAYMENT not in asks("Kofuta facture ya mwinda te.")


@pytest.mark.parametrize(
    ("request_text", "operation"),
    [
        ("I already deleted it", DELETE),
        ("I paid the bill yesterday", PAYMENT),
        ("the file was deleted", DELETE),
        ("J'ai déjà supprimé le fichier", DELETE),  # a stem's participle ending
        ("ファイルを削除しました", DELETE),  # a past ending after the verb
        ("이미 삭제했어", DELETE),
        ("Ich habe den Termin schon gelöscht", DELETE),
    ],
)
def test_a_statement_of_what_was_done_asks_for_nothing(
    request_text: str, operation: Operation
) -> None:
    assert operation not in asks(request_text)


@pytest.mark.parametrize("request_text", ["この予定を削除したい", "I want to delete this event"])
def test_a_wish_is_not_a_past_act(request_text: str) -> None:
    assert DELETE in asks(request_text)


@pytest.mark.parametrize(
    "request_text",
    ["tap the delete button", "where is the Delete option", "the remove icon is greyed out"],
)
def test_a_verb_that_names_a_control_asks_for_nothing(request_text: str) -> None:
    assert DELETE not in asks(request_text)


def test_the_low_level_checks_agree() -> None:
    assert verb_positions("delete it and then delete that", ("delete",)) == [
        ("delete", 0),
        ("delete", 19),
    ]
    assert verb_positions("请删除文件", ("删除",)) == [("删除", 1)]
    assert verb_positions("supprimez-le", DELETE_VERBS) == [("supprimez", 0)]
    assert negated("lösche ihn nicht", "lösche", 0)
    assert not negated("delete it", "delete", 0)
    assert negated_before("everything but not")
    assert not negated_before("everything")
    assert names_a_control("tap the delete button", "delete", 8)
    assert not names_a_control("delete the button", "delete", 0)
    assert describes_past("i already deleted it", "deleted", 10, ("delete",))
    assert not describes_past("make sure it is deleted", "deleted", 16, ("delete",))
    assert asking_positions("don't delete a, delete b", ("delete",)) == [("delete", 16)]


@pytest.mark.parametrize(
    ("request_text", "operation"),
    [
        ("restore the photos from the trash", DELETE),
        ("what's in my trash?", DELETE),
        ("what's in my recycle bin?", DELETE),  # an open question asks for nothing
        ("show my order history", PAYMENT),
        # an adjective between the article and the word keeps it a noun
        ("read the latest email from my agent", Operation.EXTERNAL_SEND),
        ("what's in my most recent order?", PAYMENT),
    ],
)
def test_a_verb_after_an_article_or_a_possessive_is_a_noun(
    request_text: str, operation: Operation
) -> None:
    assert operation not in asks(request_text)


@pytest.mark.parametrize(
    ("request_text", "operation"),
    [
        ("make a new payment of 50 EUR to Anna", PAYMENT),  # a light verb before the phrase
        ("email the latest report to Bob", Operation.EXTERNAL_SEND),
    ],
)
def test_a_verb_before_an_adjective_and_its_noun_still_asks(
    request_text: str, operation: Operation
) -> None:
    assert operation in asks(request_text)


@pytest.mark.parametrize(
    ("request_text", "operation"),
    [
        ("What reference do I use for the rent transfer? It's in the tenancy portal.", PAYMENT),
        ("Which account should the rent transfer go to?", PAYMENT),
    ],
)
def test_a_question_asks_for_nothing_however_far_its_verb(
    request_text: str, operation: Operation
) -> None:
    assert operation not in asks(request_text)


@pytest.mark.parametrize(
    ("request_text", "operation"),
    [
        ("What do I owe Anna? Pay her that.", PAYMENT),  # the ask is the next sentence
        ("What a mess. Delete the old files.", DELETE),  # an exclamation, not a question
    ],
)
def test_a_question_beside_an_ask_leaves_the_ask(request_text: str, operation: Operation) -> None:
    assert operation in asks(request_text)


@pytest.mark.parametrize(
    ("request_text", "operation"),
    [
        # what would happen, in a sentence a question word opened, however far from it
        (
            "Preview how many graduated-student guardian contacts a bulk delete would remove.",
            DELETE,
        ),
        ("Tell me how many of the archived invoices the cleanup might remove", DELETE),
        ("Tell me how much the renewal would charge my card next month", PAYMENT),
    ],
)
def test_what_would_happen_is_asked_about(request_text: str, operation: Operation) -> None:
    assert operation not in asks(request_text)


@pytest.mark.parametrize(
    ("request_text", "operation"),
    [
        ("Would you remove the old contacts?", DELETE),  # a polite ask, no question word
        ("Tell me which files the purge would delete, then delete them.", DELETE),
        ("Check what the cleanup would remove and remove the duplicates", DELETE),
    ],
)
def test_an_ask_beside_what_would_happen_still_asks(
    request_text: str, operation: Operation
) -> None:
    assert operation in asks(request_text)


@pytest.mark.parametrize(
    ("request_text", "operation"),
    [("Don't forget to pay the rent", PAYMENT), ("don't forget to delete the old backups", DELETE)],
)
def test_a_negated_reminder_still_asks(request_text: str, operation: Operation) -> None:
    assert operation in asks(request_text)


@pytest.mark.xfail(
    strict=True,
    reason="a listed verb is read as a verb unless an article or a possessive stands before it: "
    "the bare nouns 'trash'/'bin' and 'check out' (look at) ask for a delete or a payment, so "
    "rule 4 would authorize one",
)
@pytest.mark.parametrize(
    ("request_text", "operation"),
    [
        ("Where do deleted files go, trash or archive?", DELETE),
        ("check out the reviews of this restaurant", PAYMENT),
    ],
)
def test_a_verb_used_as_a_noun_asks_for_nothing(request_text: str, operation: Operation) -> None:
    assert operation not in asks(request_text)


# --- phrases with a gap ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("request_text", "operation"),
    [
        ("send her back the 20 euros", PAYMENT),
        ("send them back the difference", PAYMENT),
        ("give Lena read access to the budget doc", SHARE),
        ("kick him out of the family group", DELETE),
        ("take my card off the account", DELETE),
        ("Sag das Meeting mit Jonas ab", DELETE),
        ("ruim de oude downloads op", DELETE),
    ],
)
def test_a_gapped_phrase_asks_with_words_between(request_text: str, operation: Operation) -> None:
    assert operation in asks(request_text)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # Korean attaches its particles: a gapped phrase's parts are found as substrings, a name
        # and its particle between them
        ("이 폰 기본 문자 앱을 Textra로 바꿔 줘", True),
        # ... in the same sentence only
        ("기본 문자 앱을 알려줘. 그리고 사진을 바꿔 줘", False),
        # ... and near each other
        ("기본 문자 앱을 확인하고 나서 오늘 저녁에 회의 일정도 모두 다시 바꿔 줘", False),
    ],
)
def test_a_gapped_phrase_of_an_attaching_script(text: str, found: bool) -> None:
    assert bool(verb_positions(text, ("기본 문자 앱을 … 바꿔",))) is found


def test_a_gap_is_at_most_five_words() -> None:
    # "send … back" with nine words between is no payment (it is still a send)
    said = asks("send the report about the quarterly numbers of our whole team back")
    assert PAYMENT not in said
    assert Operation.EXTERNAL_SEND in said


@pytest.mark.parametrize(
    ("text", "verbs", "found"),
    [
        ("টাকা পাঠান", ("পাঠান",), True),
        ("টাকা পাঠানো হয়েছে", ("পাঠান",), False),  # a vowel sign goes on: "sent", no ask
        ("ফাইলগুলো মুছে দিন", ("মুছে দিন",), True),
        ("কারেন্টটা মুছে দিনের শেষে", ("মুছে দিন",), False),
    ],
)
def test_a_verb_of_an_indic_script_ends_with_its_vowel_signs(
    text: str, verbs: tuple[str, ...], found: bool
) -> None:
    assert bool(verb_positions(text, verbs)) is found


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("نہیں، بل ادا کر دیں", True),  # "no, pay the bill": the Arabic comma ends the "no"
        ("بل ادا کر دیں", True),
        ("بل مت بھرو", False),
    ],
)
def test_arabic_script_punctuation_ends_a_clause(text: str, asked: bool) -> None:
    assert (PAYMENT in asks(text)) is asked


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("Boleh tak jelaskan bil air bulan ni?", True),  # "can you … or not": a polite ask
        ("Saya tak boleh bayar bil ni sekarang", False),  # "I can't pay": a negation
        ("Jangan bayar bil elektrik lagi", False),
    ],
)
def test_a_question_tag_holding_a_negation_asks(text: str, asked: bool) -> None:
    assert (PAYMENT in asks(text)) is asked


@pytest.mark.parametrize(
    ("text", "operation", "asked"),
    [
        # the Greek semicolon "·" (and U+0387, which it normalizes from) ends the "not coming"
        ("Δεν έρχονται· βγάλ' τους από τη λίστα καλεσμένων.", DELETE, True),
        ("Δεν έρχονται\u0387 βγάλ' τους από τη λίστα καλεσμένων.", DELETE, True),
        ("Μην τους βγάλεις από τη λίστα καλεσμένων.", DELETE, False),
        # the Ethiopic stops
        ("አይመጡም፤ ሰርዛቸው", DELETE, True),
    ],
)
def test_greek_and_ethiopic_punctuation_ends_a_clause(
    text: str, operation: Operation, asked: bool
) -> None:
    assert (operation in asks(text)) is asked


@pytest.mark.parametrize(
    ("text", "operation", "asked"),
    [
        # Czech "tak" is "so": it negates nothing two words before the verb
        ("Petr už s námi nedělá, tak mu seber přístup ke složce.", DELETE, True),
        # Malay "tak" negates the verb right after it, and in its listed phrases
        ("Tak bayar bil ni.", PAYMENT, False),
        ("Saya tak nak bayar bil ni.", PAYMENT, False),
        ("Tak perlu bayar bil ni.", PAYMENT, False),
    ],
)
def test_a_negation_shared_with_another_language_negates_only_beside_its_verb(
    text: str, operation: Operation, asked: bool
) -> None:
    assert (operation in asks(text)) is asked


def test_a_giving_verb_marked_as_done_asks_no_payment() -> None:
    # Malay does not inflect for the past: "dah" (already) before the verb says it
    assert money_request("saya dah hantar rm50 kepada aina") is None
    assert money_request("hantar rm50 kepada aina") is not None


@pytest.mark.parametrize(
    "text", ["treu-me el bloqueig de pantalla", "dona-li un codi per a la porta"]
)
def test_a_pronoun_joined_to_a_gapped_phrases_first_word_keeps_the_phrase(text: str) -> None:
    assert verb_positions(text, ("treu … bloqueig", "dona … codi"))


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("convert half of my usdt on binance into lira", True),
        ("eth 0.2개를 usdc로 바꿔줘", True),
        ("change 200 dollars into euros", True),
        ("convert the pdf to word", False),  # one currency, or none: no trade
        ("show my eth and usdc balances", False),  # two currencies, no verb of converting
        ("don't convert my usdt into lira", False),
        ("how much would 100 usd be in euros if i convert?", False),
    ],
)
def test_a_verb_of_converting_between_two_currencies_asks_for_a_trade(
    text: str, asked: bool
) -> None:
    assert (converts_money(text) is not None) is asked


def test_the_head_of_a_hyphenated_compound_ends_a_gapped_phrase() -> None:
    # Hungarian "értesítés-hozzáférés" (notification access): "adj … hozzáférést" is asked
    assert verb_positions("adj értesítés-hozzáférést az appnak", ("adj … hozzáférést",))
    assert not verb_positions("adj értesítést az appnak", ("adj … hozzáférést",))


def test_a_thousands_comma_stays_inside_a_gap() -> None:
    # "pindahkan … ke akaun" across "RM5,000"; a comma before a word still ends the clause
    verbs = ("pindahkan … ke akaun",)
    assert verb_positions("pindahkan rm5,000 ke akaun di bawah", verbs)
    assert not verb_positions("pindahkan fail, ke akaun", verbs)


GAPPED = (
    "send … back",
    "send … money",
    "richte … dauerauftrag … ein",
    "richte … dauerauftrag … an",
)


@pytest.mark.parametrize(
    ("request_text", "expected"),
    [
        ("please send her back the 20 euros", [("send her back", 7)]),
        ("send him the money", [("send him the money", 0)]),
        (
            "richte einen dauerauftrag für die miete ein",
            [("richte einen dauerauftrag für die miete ein", 0)],
        ),
        ("richte einen dauerauftrag an", [("richte einen dauerauftrag an", 0)]),
        ("sends him back", [("sends him back", 0)]),  # an inflected first word
        ("richte einen dauerauftrag aus", []),  # a beginning shared with listed phrases only
        ("send the report. then come back", []),  # the sentence ends inside the gap
    ],
)
def test_gapped_phrases_that_begin_alike_match_as_each_alone(
    request_text: str, expected: list[tuple[str, int]]
) -> None:
    # they are compiled as one tree of their words (shared beginnings, one gap after each)
    assert verb_positions(request_text, GAPPED) == expected


@pytest.mark.parametrize(
    "request_text",
    [
        "Sag den Termin mit Jonas nicht ab",
        "Schalte die Bildschirmsperre nicht aus",
        "Zahl Tom das Geld noch nicht zurück",
        "zeg het abonnement niet op",
    ],
)
def test_a_negation_inside_a_gap_negates_the_phrase(request_text: str) -> None:
    assert not asks(request_text) & {DELETE, PAYMENT, SECURITY}


def test_a_phrase_listed_with_its_own_negation_still_asks() -> None:
    # "does not need access" is a delete verb listed whole: its "not" is its own word
    assert DELETE in asks("Dana does not need access to the repo any more")


# --- pronouns joined to a verb -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("request_text", "operation"),
    [
        ("Devuélvele la fianza a Marta", PAYMENT),  # devuelve + le, the accent moved
        ("Págale la cena a Luis", PAYMENT),
        ("Cancélalo", DELETE),
        ("Bórralos todos", DELETE),
        ("Restituiscigli la caparra", PAYMENT),
        ("Cancellalo", DELETE),
        ("Pague-lhe o jantar", PAYMENT),  # Portuguese writes the hyphen
    ],
)
def test_a_verb_with_a_joined_pronoun_asks(request_text: str, operation: Operation) -> None:
    assert operation in asks(request_text)


@pytest.mark.parametrize(
    "request_text",
    [
        "No lo canceles",  # negated: the pronoun stands before the verb
        "Súbete al tren",  # a reflexive ("te") is no pronoun of the act: nothing is uploaded
        "si pagase la cuenta",  # an imperfect subjunctive, not "paga" + "se"
    ],
)
def test_a_verb_form_that_only_looks_joined_asks_nothing_high_impact(request_text: str) -> None:
    assert not asks(request_text) & {DELETE, PAYMENT, SHARE}


@pytest.mark.parametrize(
    ("request_text", "operation"),
    [
        ("Mi paghi la bolletta dell'acqua per favore?", PAYMENT),
        ("Mi cancelli l'appuntamento di domani?", DELETE),
    ],
)
def test_a_pronoun_before_its_verb_is_no_possessive(
    request_text: str, operation: Operation
) -> None:
    # Italian "mi" (me) before a verb of Italian's: no Spanish "mi" (my) making it a noun
    assert operation in asks(request_text)


def test_a_possessive_before_a_noun_of_its_own_language_still_makes_a_noun() -> None:
    # Spanish "mi reserva": "reserva" is no verb Italian lists, so "mi" is "my"
    assert PAYMENT not in asks("muéstrame mi reserva del hotel")


@pytest.mark.parametrize(
    ("request_text", "operation"),
    [
        ("Pourrais-tu payer la facture d'électricité ?", PAYMENT),
        ("Peux-tu supprimer la réunion de demain ?", DELETE),
    ],
)
def test_a_subject_pronoun_after_a_hyphen_is_no_possessive(
    request_text: str, operation: Operation
) -> None:
    # French inversion "peux-tu": that "tu" is no Spanish possessive making the verb a noun
    assert operation in asks(request_text)


# --- money -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "amounts"),
    [
        ("49,99 €", [("49", "99")]),
        ("1.234,50 EUR", [("1234", "50")]),
        ("$35.20", [("35", "20")]),
        ("1,234.50 USD", [("1234", "50")]),
        ("£1,200", [("1200", None)]),
        ("500 euros", [("500", None)]),
        ("₹500", [("500", None)]),
        ("100 yen and 30 CHF", [("100", None), ("30", None)]),
        ("von 20 € bis 1.000 €", [("20", None), ("1000", None)]),
        ("0.001 BTC", [("0", "001")]),  # no group of thousands opens with a lone 0
    ],
)
def test_money_amounts_read_both_decimal_conventions(
    text: str, amounts: list[tuple[str, str | None]]
) -> None:
    assert money_amounts(text) == amounts


@pytest.mark.parametrize(
    ("text", "amounts"),
    [
        ("৳৫০০", [("500", None)]),  # Bengali digits after the taka sign
        ("৳ ১,২০০", [("1200", None)]),
        ("۱۲۰٫۵ €", [("120", "5")]),  # Persian digits, the Arabic decimal separator
        ("۱۲۳٬۴۵۶ €", [("123456", None)]),  # the Arabic thousands separator
        ("௫௦௦ €", [("500", None)]),  # Tamil digits
        ("₺250", [("250", None)]),  # any currency sign Unicode knows
        ("1 250 €", [("1250", None)]),  # thousands grouped by spaces
        ("12\u00a0500,50 €", [("12500", "50")]),
        ("5 000 kr", [("5000", None)]),
    ],
)
def test_money_amounts_are_read_in_any_digits_and_grouping(
    text: str, amounts: list[tuple[str, str | None]]
) -> None:
    # an action states its sum in ASCII digits: the request's sum is read into them
    assert money_amounts(text) == amounts


@pytest.mark.parametrize(
    "text",
    ["card 4111 1111 1111 1111", "at 10:30 on 12.05.2025", "room 1204", "call +49 30 1234567"],
)
def test_bare_numbers_are_not_amounts(text: str) -> None:
    assert money_amounts(text) == []


def test_the_digits_of_a_code_do_not_start_an_amount() -> None:
    # "LH400" is a flight: its digits are no thousands of "180 Euro"
    assert money_amounts("Biete für das Upgrade auf LH400 180 Euro") == [("180", None)]
    assert money_amounts("pay 1 200 EUR") == [("1200", None)]


@pytest.mark.parametrize(
    ("text", "verb"),
    [
        ("send 50 euros to my landlord", "send"),
        ("send them back the difference", "send"),
        ("schick anna 50 euro", "schick"),
        ("500 rupaye bhej do", "bhej do"),
        ("给房东转5000元", "转"),  # a giving verb of a script without spaces
        ("집주인한테 50만원 보내 줘", "보내"),  # a sum with its multiplier
        ("अन्ना को 500 रुपये भेज दो", "भेज दो"),  # a currency word ending in a vowel sign
        ("โอน 8000 บาทให้เจ้าของห้อง", "โอน"),  # the next word follows the currency at once
        # a sum named as such, before the verb that gives it
        ("세탁소 사장님 문자에 적힌 금액 보내 드려", "보내"),
        ("把昨晚火锅的钱AA给小王", "给"),
        ("send the usual to mum", "send"),
        # a currency code in Latin letters ends before a letter of another script
        ("弟に200 usdc送っておいて", "送っておいて"),
        # a sum named as the difference ("ten rozdíl": that difference)
        ("pošli mu ten rozdíl zpátky", "pošli"),
    ],
)
def test_a_giving_verb_with_money_asks_to_pay(text: str, verb: str) -> None:
    found = money_request(text)
    assert found is not None and found[0] == verb
    assert PAYMENT in asks(text)


@pytest.mark.parametrize(
    "text",
    [
        "don't send 50 euros",
        "send the photos to mom",
        "give me 5 minutes",
        "send me the europe trip photos from 2019",  # a currency's letters inside a word
        "我给小王转了多少钱？",  # a question about the sum
        "세탁소 사장님 문자 보내 드려",  # a message sent, no sum
    ],
)
def test_no_money_or_a_negation_asks_no_payment(text: str) -> None:
    assert money_request(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "skicka inte 200 kronor till erik än",  # the negation after the giving verb
        "schick ihm das geld noch nicht",
        "send ham ikke pengene ennå",
        "500 rupaye mat bhejo",  # before a giving verb that follows the sum
    ],
)
def test_a_giving_verb_negated_after_it_asks_no_payment(text: str) -> None:
    assert money_request(text) is None
    assert PAYMENT not in asks(text)


def test_a_negated_verb_of_forgetting_still_asks_to_pay() -> None:
    # "don't forget to send …" asks to send: the negation is the forgetting's
    found = money_request("don't forget to send anna 50 euros")
    assert found is not None and found[0] == "send"


# --- files, places, delegation -----------------------------------------------------------------


def test_file_names_are_found_by_extension() -> None:
    assert file_names("pay the bill in bill-dec.txt") == {"bill-dec.txt"}
    assert file_names("/sdcard/Download/tax-2025.pdf and notes.docx") == {
        "tax-2025.pdf",
        "notes.docx",
    }
    assert file_names("visit example.com or read report.v2") == set()


def test_local_destinations_and_remote_urls() -> None:
    assert keeps_local("export my contacts to a file on the phone")
    assert keeps_local("save it locally")
    assert not keeps_local("upload the contacts to drive")
    assert is_remote("https://x.example/a") and is_remote(" sftp://host/p")
    assert not is_remote("/sdcard/x") and not is_remote("www.example.com")


@pytest.mark.parametrize(
    ("request_text", "delegates"),
    [
        ("do the tasks in the email from Bob", True),
        ("please complete the steps listed in onboarding.md", True),
        ("do what Bob's email asks", True),
        ("follow the instructions in the README", True),
        ("handle everything my manager requested in Slack", True),
        ("erledige die Aufgaben aus der Mail von Bob", True),
        ("summarise the email from Bob", False),
        ("read the tasks in the email from Bob to me", False),
        ("delete the tasks from the list", False),
        # a manner taken from a source ("like I planned in my note", "the way the ticket
        # explains", "per the runbook"), a runbook run, a ticket's change done
        ("tidy up my Drive like I planned in my cleanup note", True),
        ("finish the mailbox move the way the IT ticket explains", True),
        ("rotate the keys per the security runbook", True),
        ("run our offboarding checklist for Tomás", True),
        ("apply the changes in the access review doc", True),
        ("do the DNS cutover in CHG-1043", True),
        ("règle la facture comme indiqué dans le mail de Paul", True),
        ("관리사무소 공지대로 관리비 내줘", True),
        ("按照工资表发工资", True),
        ("doe wat mijn broer in de app vroeg over de eigen bijdrage van mama", True),
        # not an adoption: a thing asked for, a note to write, a time
        ("append my action items from the standup notes to my to-do note", False),
        ("I'd like a summary of the changes in the doc", False),
        ("save it as a note in my notes", False),
        ("按时发通知给大家", False),
        ("wat vroeg mijn broer in de app over de eigen bijdrage?", False),
    ],
)
def test_delegation_adopts_what_a_source_asks(request_text: str, delegates: bool) -> None:
    assert intent(request_text).delegates is delegates


def test_a_lookalike_site_is_not_the_named_organisations() -> None:
    assert not names_source(
        "dona 50 euro al Banco Alimentare", "open", {"url": "https://bancoalimentare-dona.example/"}
    )


def test_intent_gives_words_and_identifiers() -> None:
    said = intent("Pay the bill in bill-dec.txt to account 'Stadtwerke Nord'")
    assert said.asks >= {PAYMENT}
    assert {"bill", "stadtwerke", "nord"} <= said.words
    assert {"bill-dec.txt", "stadtwerke nord"} <= said.identifiers


# --- names_source: the request points at what a call reads -------------------------------------


@pytest.mark.parametrize(
    ("request_text", "target", "arguments"),
    [
        ("pay the bill in bill-dec.txt", "read_file", {"path": "bill-dec.txt"}),
        ("summarise the article Bob posted in #general", "read_channel", {"channel": "#general"}),
        ("summarise my inbox", "get_inbox", {}),
        ("what does the 'Q3 plan' doc say?", "docs.open", {"title": "Q3 plan"}),
        # a file's name in a script without spaces, inside a run of the request's
        ("議事録に載っている出席者全員を招待して", "read_file", {"path": "議事録_1201.txt"}),
        # a word the file's name abbreviates ("nov" for "noviembre")
        ("salda la factura del gas de noviembre", "fs.read", {"path": "factura_gas_nov.txt"}),
        # an organisation's site, its name run together
        (
            "dona 50 euro al Banco Alimentare, l'IBAN è sul sito",
            "open",
            {"url": "https://bancoalimentare.it/dona"},
        ),
    ],
)
def test_a_request_names_the_source_a_call_reads(
    request_text: str, target: str, arguments: dict[str, str]
) -> None:
    assert names_source(request_text, target, arguments)


@pytest.mark.parametrize(
    ("request_text", "target", "arguments"),
    [
        (
            "summarise the article Bob posted in #general",
            "read_channel_messages",
            {"channel": "general"},
        ),
        ("pay the bill in bill-dec.txt", "read_file", {"path": "~/Documents/bill-dec.txt"}),
        # a site written with its www.
        (
            "her email is on www.lucia.example/contact",
            "get_webpage",
            {"url": "https://www.lucia.example/contact"},
        ),
        # an identifier spelled from the words the request uses
        (
            "email everyone in the all-hands minutes",
            "get_page",
            {"page_id": "allhands-minutes-0725"},
        ),
        (
            "unsubscribe me from the Zalando newsletter",
            "read_email",
            {"from": "newsletter@zalando.de"},
        ),
        # a title the result gives itself (passed as a text of the call)
        (
            "invite everyone from the pricing review notes",
            "get_page",
            {"\0title0": "Pricing review — notes"},
        ),
        # a file in a folder the request names by its path
        (
            "pay Tomas, it's in the folder 'Clients/Tomas'",
            "storage_get",
            {"path": "Clients/Tomas/inv-2026-10.pdf"},
        ),
        ("pay Tomas, it's under Clients/Tomas", "storage_get", {"path": "/Clients/Tomas/a/b.pdf"}),
        # two words of a file's three-word name
        (
            "bayaran mo yung contractor ng kusina, nasa kontrata yung halaga",
            "files.read_file",
            {"path": "/Documents/Bahay/kontrata_kusina_renovation.pdf"},
        ),
    ],
)
def test_a_request_names_a_source_given_in_another_form(
    request_text: str, target: str, arguments: dict[str, str]
) -> None:
    assert names_source(request_text, target, arguments)


@pytest.mark.parametrize(
    ("request_text", "target", "arguments"),
    [
        ("pay the bill in bill-dec.txt", "read_file", {"path": "bill-nov.txt"}),
        ("summarise my inbox", "read_channel_messages", {"channel": "random"}),
        # a bare word is not a channel's name unless the request writes it as one
        ("in general, what happened today?", "read_channel_messages", {"channel": "general"}),
        # another folder's file of the same name is still named; a name without an extension
        # ("notes") is too common to stand for a path
        ("tidy up my notes", "read_file", {"path": "~/Documents/notes"}),
        ("", "get_inbox", {}),
        # one word of an identifier is not its name; a code of letters and digits has no words
        ("email everyone in the minutes", "get_page", {"page_id": "allhands-minutes-0725"}),
        ("pay the deposit", "rentals_get_thread", {"reservation": "HMX4T9Q2"}),
        ("summarise my newsletters", "read_email", {"from": "offers@shop.example"}),
        # a folder named by its path holds its own files, not another folder's of a like name,
        # nor one that holds it; a folder of one word is too common a word to stand for a path
        ("pay Tomas, see 'Clients/Tomas'", "storage_get", {"path": "Clients/Tomasz/x.pdf"}),
        ("pay Tomas, see 'Clients/Tomas'", "storage_get", {"path": "Clients/x.pdf"}),
        ("pay Tomas, see 'Clients/Tomas'", "storage_get", {"path": "Old/Clients/Tomas/x.pdf"}),
        ("pay Tomas, it's in Clients", "storage_get", {"path": "Clients/x.pdf"}),
        # one word of a file's three-word name is not its name
        ("pay for the renovation", "read_file", {"path": "contract_kitchen_renovation.pdf"}),
    ],
)
def test_a_request_does_not_name_other_sources(
    request_text: str, target: str, arguments: dict[str, str]
) -> None:
    assert not names_source(request_text, target, arguments)


@pytest.mark.parametrize(
    ("request_text", "forbids"),
    [
        ("Review the PR, do not merge it", {"merge"}),
        ("Draft the reply but don't send it yet", {"send"}),
        ("Don't forget to pay the rent tomorrow", set()),  # asks to pay
        ("N'oublie pas de payer le loyer", set()),
        ("I already deleted it", set()),  # done, not forbidden
        ("Why did you not send it?", set()),  # a question about the act
    ],
)
def test_what_a_request_asks_not_to_do(request_text: str, forbids: set[str]) -> None:
    assert set(intent(request_text).forbids) == forbids


@pytest.mark.parametrize(
    ("request_text", "forbidden"),
    [
        # one negated verb of several kinds forbids its gravest, also where a longer phrase of
        # one kind ("release … payment") starts on the verb of another ("release")
        ("Check it against the estimate but don't release the payment yet", {Operation.PAYMENT}),
        ("Review the PR but do not merge or release it", {Operation.LOCAL_WRITE}),
    ],
)
def test_a_negated_verb_forbids_what_its_longest_phrase_does(
    request_text: str, forbidden: set[Operation]
) -> None:
    assert set(intent(request_text).forbidden) == forbidden


def test_a_negation_that_stands_only_before_its_verb() -> None:
    # Hinglish "mat" negates the verb right after it; in "a yoga mat and add …" it is a mat
    assert Operation.LOCAL_WRITE in intent("Order a yoga mat and add delivery notes").asks
    assert "bhejo" in intent("mat bhejo message abhi").forbids


# --- Thai: written without spaces --------------------------------------------------------------


@pytest.mark.parametrize(
    ("request_text", "operation"),
    [
        ("ช่วยลบการประชุมกับโจนัสพรุ่งนี้ให้หน่อย", DELETE),  # the verb inside a run of letters
        ("ช่วยจ่ายค่าไฟให้หน่อยได้ไหม", PAYMENT),
        ("โอนให้แอนนา 500 บาท", PAYMENT),
    ],
)
def test_a_thai_verb_inside_a_run_of_letters_asks(request_text: str, operation: Operation) -> None:
    assert operation in asks(request_text)


@pytest.mark.parametrize(
    ("request_text", "operation"),
    [
        ("ฉันลบการประชุมกับโจนัสไปแล้ว", DELETE),  # "ไปแล้ว" closing the clause: done
        ("เดือนนี้ต้องจ่ายค่าไฟเท่าไหร่", PAYMENT),  # the question word after the verb
        ("อย่าลบการประชุมกับโจนัส", DELETE),
    ],
)
def test_a_thai_statement_question_or_negation_asks_nothing(
    request_text: str, operation: Operation
) -> None:
    assert operation not in asks(request_text)


@pytest.mark.parametrize(
    ("request_text", "operation", "asked"),
    [
        # in a script without spaces the word between "already" and the verb is a run of
        # letters: "已经把钱还给" (already the-money returned) is as done as "已经还给"
        ("我已经把钱还给小王了", PAYMENT, False),
        ("我已经还给小王了", PAYMENT, False),
        # a clause break ends it: what comes after is asked
        ("我已经看过了，把钱还给小王", PAYMENT, True),
    ],
)
def test_already_before_a_short_run_of_unspaced_letters_is_past(
    request_text: str, operation: Operation, asked: bool
) -> None:
    assert (operation in asks(request_text)) is asked


def test_thai_then_is_no_already() -> None:
    # inside a run of letters "แล้ว" is "and then": the first verb is still asked for
    assert DELETE in asks("ลบไฟล์เก่าแล้วส่งอีเมลถึงแอนนา")


@pytest.mark.parametrize(
    ("request_text", "target", "arguments", "named"),
    [
        # every word of the file's own name is in the request: it points at that file
        ("Settle up with Tiago according to the flat-costs spreadsheet.", "read_file",
         {"file_path": "WG/flat-costs-2025.csv"}, True),
        ("Pay the parking fine from the city letter I scanned.", "files_read_text",
         {"path": "Scans/city-fine-2025-05.pdf"}, True),
        # one word of it, or a link's path, points at nothing
        ("Pay the parking fine.", "files_read_text", {"path": "Scans/city-fine-2025-05.pdf"}, False),
        ("Pay the bill, please.", "fetch_url", {"url": "https://pay.example/pay-bill"}, False),
    ],
)  # fmt: skip
def test_a_file_is_named_by_the_words_of_its_name(
    request_text: str, target: str, arguments: dict[str, str], named: bool
) -> None:
    assert names_source(request_text, target, arguments) is named


@pytest.mark.parametrize(
    ("request_text", "operation", "asks"),
    [
        # what a reminder or a to-do is about is remembered, not asked for
        ("Remind me on Friday morning to pay the nursery fees (€410).", Operation.PAYMENT, False),
        ("Add a to-do to cancel the gym membership before March.", Operation.DELETE, False),
        ("Pay the nursery fees (€410) and remind me on Friday.", Operation.PAYMENT, True),
        # what the user says they will do themselves
        ("If it hasn't shipped by Friday I'll probably cancel it. What's its status?",
         Operation.DELETE, False),
        ("Cancel it, I will not need it any more.", Operation.DELETE, True),
        # ... or might do, some day
        ("Which subscriptions do I pay for? I might cancel the streaming one.",
         Operation.DELETE, False),
        ("Who's in #legacy-infra? I'm thinking of cleaning it up at some point.",
         Operation.DELETE, False),
        ("Cancel the streaming one, I might renew it later.", Operation.DELETE, True),
        # a word before the number of its record names the record
        ("Where is order 112-4490281-7730611?", Operation.PAYMENT, False),
        ("Transfer 500 to Anna for the rent.", Operation.PAYMENT, True),
        ("Cancel order #4471, it is late.", Operation.DELETE, True),
        # a preposition takes a noun: "order" after "on" is the record, not the act
        ("Respond to the chargeback on order 3301 with the tracking info.", Operation.PAYMENT,
         False),
        ("Put my todo list on pastebin", Operation.SHARE_UPLOAD, True),
        ("Order 3 pizzas on the usual card.", Operation.PAYMENT, True),
        ("I want to order the blue one.", Operation.PAYMENT, True),
    ],
)  # fmt: skip
def test_reminders_own_acts_and_numbered_records_ask_for_nothing(
    request_text: str, operation: Operation, asks: bool
) -> None:
    assert (operation in intent(request_text).asks) is asks


@pytest.mark.parametrize(
    ("request_text", "operation", "asks"),
    [
        # a verb opening its clause before a number is the imperative, not a record's name
        ("merge #412 in acme/storefront if CI is green", Operation.LOCAL_WRITE, True),
        ("Please merge #412", Operation.LOCAL_WRITE, True),
        ("Where is order 112-4490281-7730611?", Operation.PAYMENT, False),
    ],
)
def test_a_verb_that_opens_its_clause_before_a_number_asks(
    request_text: str, operation: Operation, asks: bool
) -> None:
    assert (operation in intent(request_text).asks) is asks


def test_the_clauses_the_user_keeps_for_themselves_are_set_aside() -> None:
    text = "Make the slides viewable by anyone with the link, I'll post it on Mastodon."
    assert "mastodon" not in without_own_acts(text).lower()
    assert "slides" in without_own_acts(text)


@pytest.mark.parametrize(
    ("request_text", "points"),
    [
        ("Transfer the tickets to my brother Mateo, he texted me which email to use", True),
        ("Ana posted the new contractor's email in #proj-atlas, invite them", True),
        ("Add Olu to the team, his address is in the thread in General", True),
        ("Lade Lea Brandt ein, ihre Adresse steht in der Nachricht von HR", True),
        ("Pasa la factura a Marta, su correo está en la firma del mensaje", True),
        ("Forward my boarding pass to my wife", False),
        ("Send Ana the photos from Saturday", False),
    ],
)
def test_a_request_says_where_the_address_is(request_text: str, points: bool) -> None:
    assert intent(request_text).points_at_address is points


@pytest.mark.parametrize(
    ("request_text", "question"),
    [
        ("What's on my calendar tomorrow?", True),
        ("Quels sont mes nouveaux e-mails aujourd'hui ?", True),
        ("Is the CDN down right now? Check their status page.", False),
        ("Show me the last errors in the logs", False),
        # a polite request in the form of a question asks for an act
        ("The lint job keeps failing, can you reproduce it locally?", False),
        ("", False),
        # Greek asks with ";" (its question mark, which Unicode folds into the semicolon)
        ("Τι γράφει το συνημμένο στο mail;", True),
        ("Πόσο είναι το υπόλοιπο του Νίκου\u037e", True),
        ("Delete the old drafts; keep the rest", False),
        # a question's opening word does not make a statement a question
        ("did Aetna pay the January invoices", True),
        ("Do what the head's note in the staff folder asks.", False),
        ("Do you have a slot tomorrow?", True),
        # a full-width stop ends a sentence with no space after it
        ("合計いくら？確認して送っておいて。", False),
    ],
)
def test_a_request_made_only_of_questions(request_text: str, question: bool) -> None:
    assert is_question(request_text) is question


@pytest.mark.parametrize(
    ("request_text", "operation"),
    [
        # a question word's clause ends where a joined clause with a verb of its own begins
        ("Look at what Ines sent me and pay her.", Operation.PAYMENT),
        ("Find out how much the plumber charged and then pay him.", Operation.PAYMENT),
        ("Lee lo que escribió Marta y luego págale.", Operation.PAYMENT),
    ],
)
def test_a_joined_clause_ends_the_question(request_text: str, operation: Operation) -> None:
    assert operation in intent(request_text).asks


@pytest.mark.parametrize(
    "request_text",
    ["How much should I pay and by when?", "Tell me what I paid and to whom."],
)
def test_a_question_with_its_own_and_still_asks_nothing(request_text: str) -> None:
    assert Operation.PAYMENT not in intent(request_text).asks


@pytest.mark.parametrize(
    ("request_text", "person", "named"),
    [
        ("Settle up with Ines, her mail has the amount.", "ines.moreau", True),
        ("Maksa Villen lasku.", "Ville Koskinen <ville@koskinen.example>", True),  # inflected
        ("Pay the garage bill from Haraldsen.", "Bilverksted Haraldsen <post@hb.example>", True),
        ("Check my gmail and pay what's due.", "noreply@gmail.com", False),  # a domain is no one
        ("Pay the payment request.", "payments@shop.example", False),  # a kind of thing
        ("Pay Ines.", "tomas.berg", False),
        # a last vowel an inflection replaces (Russian dative, Polish genitive)
        ("переведи Саше за билет", "Саша", True),
        ("zapłać Kasi za bilety", "Kasia", True),
        ("Pay Sam.", "Sasha", False),
    ],
)
def test_a_request_names_a_person_by_a_word_of_their_name(
    request_text: str, person: str, named: bool
) -> None:
    assert names_person(request_text, person) is named


def test_a_search_for_what_a_named_person_sent_reads_what_the_request_points_at() -> None:
    request_text = "Ines paid for the cabin; send her half. Her mail from Sunday has her account."
    assert names_source(request_text, "find_messages", {"q": "from:ines.moreau newer_than:3d"})
    assert names_source(request_text, "imap_search", {"criteria": "FROM ines.moreau"})
    assert not names_source(request_text, "find_messages", {"q": "from:billing@shop.example"})


@pytest.mark.parametrize(
    ("request_text", "operation"),
    [
        ("Look at the Okta system log and tell me what happened.", Operation.LOCAL_WRITE),
        ("Summarise yesterday's drone flight log for my report.", Operation.LOCAL_WRITE),
        ("Check the bank transfer for me.", PAYMENT),
        ("Read the flight log, then tell me the total.", Operation.LOCAL_WRITE),
    ],
)
def test_the_last_word_of_a_noun_phrase_asks_for_nothing(
    request_text: str, operation: Operation
) -> None:
    # an article or a possessive, a few words, the verb-noun, then a conjunction, a
    # preposition or the sentence's end: the phrase's noun, not an imperative
    assert operation not in asks(request_text)


@pytest.mark.parametrize(
    ("request_text", "path"),
    [
        ("Paga la bolletta nella cartella Casa.", "~/Casa/gas_marzo.pdf"),
        ("Pay the bill in the Casa folder.", "~/Casa/gas_march.pdf"),
        ("Mail everyone in yesterday's PTA minutes their task.", "/PTA/minutes-2026-03-02.md"),
    ],
)
def test_a_folder_the_request_names_points_at_its_files(request_text: str, path: str) -> None:
    assert names_source(request_text, "read_file", {"path": path})


@pytest.mark.parametrize(
    ("request_text", "path"),
    [
        ("Paga la bolletta nella cartella Casa.", "~/Scaricati/gas_marzo.pdf"),
        ("Mail everyone in yesterday's PTA minutes their task.", "/Scouts/minutes-2026-03-02.md"),
        ("Pay the bill from my house.", "~/Casa/gas_march.pdf"),  # a word, not a folder named
    ],
)
def test_a_folder_not_named_points_at_nothing(request_text: str, path: str) -> None:
    assert not names_source(request_text, "read_file", {"path": path})


@pytest.mark.parametrize(
    ("request_text", "arguments"),
    [
        # the literal a query quotes is the source's name, in the request's own words
        (
            "ادفع رسوم رفع الدعوى المذكورة في رسالة المحكمة.",
            {"filter": "contains(subject,'المحكمة')"},
        ),
        ("Do what the 'Q3 offsite' mail asks.", {"q": 'subject:"Q3 offsite"'}),
    ],
)
def test_a_query_literal_the_request_says_names_the_source(
    request_text: str, arguments: dict[str, str]
) -> None:
    assert names_source(request_text, "mail_list_messages", arguments)


def test_a_query_literal_the_request_does_not_say_names_nothing() -> None:
    assert not names_source(
        "Pay the fee in the court's letter.",
        "mail_list_messages",
        {"filter": "contains(subject,'invoice')"},
    )


def test_a_verb_of_several_kinds_forbids_its_gravest() -> None:
    # "don't book": the booking paid for, not every write (typing a destination into a search)
    said = intent("Search flights from Lisbon to Berlin and tell me the cheapest. Don't book.")
    assert said.forbidden == frozenset({Operation.PAYMENT})
    assert Operation.LOCAL_WRITE not in said.forbidden


def test_a_question_word_after_a_full_width_comma_is_another_clause() -> None:
    # "sell all my Tesla shares, first look at how many I have"
    assert Operation.PAYMENT in intent("帮我把所有的特斯拉股票都卖掉，先看看我有多少股。").asks
    assert Operation.PAYMENT not in intent("我应该卖掉多少股？").asks


def test_a_plural_after_an_article_and_a_ranking_word_is_a_thing() -> None:
    assert Operation.EXTERNAL_SEND not in intent("Get me the top comments on that video.").asks
    assert Operation.EXTERNAL_SEND in intent("Comment on the top post that I agree.").asks


@pytest.mark.parametrize(
    "request_text",
    [
        "Reply to Sam that I agree. Don't send anything else.",
        "Responde a Sam que sí, no mandes nada más.",
        "Antworte Sam mit Ja, schick sonst nichts.",
    ],
)
def test_a_negation_of_anything_else_forbids_only_more(request_text: str) -> None:
    said = intent(request_text)
    assert Operation.EXTERNAL_SEND not in said.forbidden
    assert Operation.EXTERNAL_SEND in intent("Draft it but don't send it.").forbidden


def test_a_conjunction_ends_the_noun_phrase_before_a_verb() -> None:
    # "the conference organizers and reply": "reply" is the next clause's verb, no noun
    said = intent("Read the email from the conference organizers and reply that I agree.")
    assert Operation.EXTERNAL_SEND in said.asks


def test_a_possessive_opens_a_noun_phrase_to_the_sentence_end() -> None:
    said = intent("check whether the amount matches last month's Vattenfall payment")
    assert Operation.PAYMENT not in said.asks
    assert Operation.PAYMENT in intent("let's pay Anna's rent").asks


@pytest.mark.parametrize(
    "request_text",
    [
        "Check Stripe for any failed rent payments this week.",
        "Show me this month's rent receipts.",
        "List the transfer fees for last week.",
    ],
)
def test_a_verb_that_says_what_kind_of_thing_a_noun_is_asks_no_act(request_text: str) -> None:
    assert Operation.PAYMENT not in intent(request_text).asks


@pytest.mark.parametrize(
    ("request_text", "asks"),
    [
        ("Update Samuel Brooks' mailing address, it's now 48 Elm St.", Operation.LOCAL_WRITE),
        ("Add Dana to the mailing list for the spring appeal.", Operation.LOCAL_WRITE),
        ("Change her billing address to 4 Quay Road.", Operation.LOCAL_WRITE),
    ],
)
def test_a_verbs_ing_form_naming_a_kind_of_thing_asks_no_send(
    request_text: str, asks: Operation
) -> None:
    said = intent(request_text)
    assert said.asks == {asks}
    assert Operation.EXTERNAL_SEND in intent("Mail the statement to his mailing address.").asks


@pytest.mark.parametrize(
    "request_text",
    [
        "Pay the transfer fees for order 4410",  # the imperative opens its clause
        "Check the mail and pay invoices from ACME",  # a conjunction ends the phrase
        "Check my last transfer and refund the fee",
    ],
)
def test_a_verb_before_a_thing_outside_a_noun_phrase_still_asks(request_text: str) -> None:
    assert Operation.PAYMENT in intent(request_text).asks


@pytest.mark.parametrize(
    ("request_text", "delegates"),
    [
        ("Carry out the ticket transfers Dana from the box office asked for in her email", True),
        ("תבצע את ההעברות של הכרטיסים שדנה מהקופה ביקשה במייל", True),
        ('תעשה מה שד"ר כהן ביקשה במייל האחרון שלה', True),
        ("I did the transfers you asked for in the email", False),
    ],
)
def test_what_a_named_source_asked_taken_up_is_delegated(
    request_text: str, delegates: bool
) -> None:
    assert intent(request_text).delegates is delegates


def test_a_message_named_then_handed_over_is_delegated() -> None:
    assert intent("Bol.com wrote about my return - handle it").delegates
    assert intent("Helena left me a list of TODOs by mail, please take care of them").delegates
    assert not intent("I wrote the report, handle it carefully").delegates


@pytest.mark.parametrize(
    ("request_text", "operation"),
    [
        ("Застейкай 10 ETH через Lido.", Operation.PAYMENT),
        ("Faz o reembolso total da encomenda ORD-77902.", Operation.PAYMENT),
        ("PR 88 incelemeden geçti, squash ile birleştir.", Operation.LOCAL_WRITE),
        ("帮我在教务系统里选修《数据结构》。", Operation.LOCAL_WRITE),
        ('Commit my changes with message "fix" and push.', Operation.LOCAL_WRITE),
    ],
)
def test_acts_asked_in_other_words(request_text: str, operation: Operation) -> None:
    assert operation in intent(request_text).asks


@pytest.mark.parametrize(
    "request_text",
    [
        "submit my problem set 4 -- the PDF is Download/ps4_solutions.pdf",
        "Manda il PDF dell'appalto al mio editor Marco via Signal",
        "send Omar the scan of the lease",
    ],
)
def test_a_file_sent_is_a_share(request_text: str) -> None:
    assert file_send(request_text.lower()) is not None
    assert Operation.SHARE_UPLOAD in intent(request_text).asks


@pytest.mark.parametrize(
    "request_text",
    ["text Bob that I'm running late", "don't send the pdf yet", "where is report_v2.pdf?"],
)
def test_a_message_or_no_send_is_no_share(request_text: str) -> None:
    assert file_send(request_text.lower()) is None


@pytest.mark.parametrize(
    ("request_text", "deducts"),
    [
        ("Ayşe'ye depozitosunu iade et; boya için 1.200 TL kesip kalanını gönder.", True),
        ("send Ana the deposit minus 50 euros for the cleaning", True),
        ("Ayşe'ye 1.200 TL gönder.", False),
    ],
)
def test_a_sum_deducted_before_or_after_it_is_named(request_text: str, deducts: bool) -> None:
    assert deducts_a_sum(request_text) is deducts


def test_a_case_ending_after_a_names_apostrophe_is_no_article() -> None:
    # Turkish "Aksoy'a" (to Aksoy): the "a" is no English article making "gönder" a noun
    assert Operation.EXTERNAL_SEND in intent("Sadece avukatım Deniz Aksoy'a gönder.").asks


@pytest.mark.parametrize(
    ("request_text", "habitual"),
    [
        ("pay Giorgi the driver 300 GEL as usual", True),
        ("Pay this month's rent to Gary the usual way", True),
        ("Order the same printer ink, same as last time.", True),
        ("pay Giorgi the driver 300 GEL", False),
        ("Pay the invoice in the mail Gary sent yesterday", False),
    ],
)
def test_an_act_asked_as_it_always_is(request_text: str, habitual: bool) -> None:
    assert intent(request_text).habitual is habitual


@pytest.mark.parametrize(
    ("request_text", "asks"),
    [
        # a Greek article makes the English verb word after it a noun ("in the mail")
        ("Τι γράφει το συνημμένο στο mail;", set()),
        ("Βρες το mail του λογιστή", {Operation.READ}),
        # the same words stand before a verb as its object pronoun: the verb still asks
        ("Μπορείς να το στείλεις στον Νίκο;", {Operation.EXTERNAL_SEND}),
        ("Μην το διαγράψεις ακόμα", set()),
    ],
)
def test_a_greek_article_makes_a_noun_and_its_pronoun_leaves_the_verb(
    request_text: str, asks: set[Operation]
) -> None:
    assert set(intent(request_text).asks) - {Operation.SHARE_UPLOAD} == asks


# A request may be long (a pasted page; the API takes 16,384 characters). Each verb is read in
# the text around it, so a long request reads as its parts do; `droidgate bench request`
# measures that the cost grows with the length, not with its square.
_PAGE = "The quarterly notes from the site visit are pasted below for reference. " * 200


def test_a_verb_deep_in_a_long_request_is_read_in_its_own_sentence() -> None:
    said = intent(_PAGE + "Delete the draft but don't send it to Tom.")
    assert DELETE in said.asks
    assert Operation.EXTERNAL_SEND not in said.asks
    assert Operation.EXTERNAL_SEND in said.forbidden
    assert Operation.PAYMENT not in asks(_PAGE + "How much do I have to pay for the permit?")


def test_a_sum_after_a_long_run_of_digits_is_still_a_sum() -> None:
    assert money_amounts("0" * 5000 + " then send 50 EUR to Anna") == [("50", None)]
    assert money_request("0" * 5000 + " then send 50 eur to anna") is not None
    # (a number is read from its first digit: no sum starts inside the run)
    assert money_request("send " + "0" * 5000) is None


@pytest.mark.parametrize(
    ("request_text", "told"),
    [
        ("How many sessions does Mark have left on his contract?", True),
        ("did Aetna pay the January invoices", True),
        # a question, and a sentence that only forbids
        ("How much is the deposit? Don't pay it yet.", True),
        ("Was kostet das? Bitte nichts bezahlen.", True),
        # a negated Polish imperative is imperfective ("nie zmieniaj", not "nie zmień")
        ("Czy Kasia ma jeszcze aktywne zamrożenie karnetu? Tylko sprawdź, nic nie zmieniaj.", True),
        ("Ile wynosi rachunek? Nie płać go jeszcze.", True),
        # 確定 (finalize) forbidden after a question
        ("今月の給与の合計いくら？まだ確定しないでね。", True),
        ("今月の給与の合計いくら？確定して。", False),
        # a question followed by an act, however it is worded
        # opened by a request to be told, with no clause joined after it
        ("Check whether the smart meter at the bakery is communicating.", True),
        ("Zobacz, czy ktoś pisał SMS-em w sprawie awarii.", True),
        ("Vérifie si la facture de mars est payée.", True),
        ("Check why autopay failed and retry it.", False),
        ("Tell me what I owe Anna, then pay her.", False),
        ("Show me the invoice. Pay it if it is under 100 euros.", False),
        ("Did it go through? If not, retry it.", False),
        ("Is the CDN down? Check their status page and restart the edge.", False),
        ("Show me which inactive members we could clean up.", False),
        ("Pay the open invoice.", False),
        ("", False),
    ],
)
def test_a_request_that_asks_only_to_be_told(request_text: str, told: bool) -> None:
    assert asks_only_to_be_told(request_text) is told


@pytest.mark.parametrize(
    ("request_text", "operation"),
    [
        # an act going on, described after the auxiliary that makes it so
        ("The family tablets are syncing photos really slowly, can you fix it?", SHARE),
        ("My phone keeps uploading photos to some cloud, make it stop", SHARE),
        ("The old backups were deleting themselves every night, why?", DELETE),
    ],
)
def test_an_act_described_as_going_on_is_not_asked(request_text: str, operation: Operation) -> None:
    assert operation not in asks(request_text)


@pytest.mark.parametrize(
    ("request_text", "operation"),
    [
        ("Sync the family photos to the shared album", SHARE),
        ("Keep uploading the photos to the shared album", SHARE),
        ("Delete the backups that are failing", DELETE),
    ],
)
def test_an_act_asked_beside_one_going_on_still_asks(
    request_text: str, operation: Operation
) -> None:
    assert operation in asks(request_text)


@pytest.mark.parametrize(
    ("request_text", "booked"),
    [
        ("make tonight's reservation list for the host stand as a note", False),
        ("make a booking report for the owners", False),
        ("make a reservation at Nopa for two tonight", True),
        ("make a reservation list, then make a reservation at Nopa", True),
        ("get rid of the old screenshots", False),  # a removal, no booking either way
    ],
)
def test_a_phrase_before_a_noun_of_what_is_read_names_its_kind(
    request_text: str, booked: bool
) -> None:
    assert (Operation.PAYMENT in asks(request_text)) is booked
