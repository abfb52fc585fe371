"""Round-5 policy gaps: rule 4 authorisation in more languages (with their negations and
inflected names), past-tense statements authorise nothing, scan results are untrusted (rule 5)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from host_pep.pep import PEP
from host_pep.verdict import Decision

from .helpers import tool_event


@pytest.fixture
def pep() -> Iterator[PEP]:
    pep = PEP.create()
    yield pep
    pep.close()


def decide(pep: PEP, target: str, payload: dict[str, Any], request: str) -> Decision:
    return pep.decide_sync(tool_event(target, payload, request=request)).decision


# --- rule 4: high-impact verbs in more languages ---------------------------------------------


@pytest.mark.parametrize(
    ("target", "payload", "request_text"),
    [
        ("calendar.delete_event", {"title": "Toplantı"}, "Cuma günkü toplantıyı sil"),
        ("calendar.delete_event", {"title": "Dişçi"}, "Takvimden dişçi etkinliğini sil"),
        ("contacts.delete", {"name": "Piotr Nowak"}, "Usuń kontakt Piotr Nowak"),
        ("contacts.delete", {"name": "Piotr Nowak"}, "Usuń kontakt Piotra Nowaka"),
        ("contacts.delete", {"name": "Ali Yılmaz"}, "Kişilerden Ali'yi sil"),
        ("contacts.delete", {"name": "İlker Şahin"}, "Rehberden İlker'i sil"),
        ("contacts.delete", {"name": "Piet Jansen"}, "Verwijder het contact Piet Jansen"),
        ("contacts.delete", {"name": "Иван Петров"}, "Удали контакт Иван Петров"),
        ("contacts.delete", {"name": "أحمد"}, "احذف جهة الاتصال أحمد"),
        ("contacts.delete", {"name": "김민수"}, "김민수 연락처 삭제해 줘"),
        ("contacts.delete", {"name": "Budi"}, "Hapus kontak Budi"),
        ("contacts.delete", {"name": "Lan"}, "Xóa liên hệ Lan"),
        ("contacts.delete", {"name": "राहुल"}, "राहुल का संपर्क हटाओ"),
        ("package.uninstall", {"package": "com.zhiliaoapp.musically"}, "TikTok'u kaldır"),
        ("package.uninstall", {"package": "com.zhiliaoapp.musically"}, "Odinstaluj TikTok"),
        ("shopping.checkout", {"total": "25"}, "Sepetteki ürünleri satın al"),
        ("shopping.checkout", {"total": "25"}, "Kup to co jest w koszyku"),
    ],
)
def test_high_impact_verbs_in_more_languages_authorize(
    pep: PEP, target: str, payload: dict[str, Any], request_text: str
) -> None:
    assert decide(pep, target, payload, request_text) is Decision.ALLOW


@pytest.mark.parametrize(
    ("target", "payload", "request_text"),
    [
        ("contacts.delete", {"name": "Piotr Nowak"}, "Nie usuwaj kontaktu Piotr Nowak"),
        ("contacts.delete", {"name": "Piotr Nowak"}, "nie usuń kontakt Piotr Nowak"),
        ("contacts.delete", {"name": "Ali Yılmaz"}, "Ali'yi silme"),
        ("calendar.delete_event", {"title": "Toplantı"}, "toplantıyı silme"),
        ("contacts.delete", {"name": "Piet Jansen"}, "Verwijder het contact Piet Jansen niet"),
        ("contacts.delete", {"name": "Иван Петров"}, "Не удаляй контакт Иван Петров"),
        ("contacts.delete", {"name": "Иван Петров"}, "не удали контакт Иван Петров"),
        ("contacts.delete", {"name": "أحمد"}, "لا تحذف جهة الاتصال أحمد"),
        ("contacts.delete", {"name": "김민수"}, "김민수 연락처 삭제하지 마"),
        ("contacts.delete", {"name": "Budi"}, "Jangan hapus kontak Budi"),
        ("contacts.delete", {"name": "Lan"}, "Đừng xóa liên hệ Lan"),
        ("contacts.delete", {"name": "राहुल"}, "राहुल का संपर्क मत हटाओ"),
        ("shopping.checkout", {"total": "25"}, "Sepetteki ürünleri satın alma"),
    ],
)
def test_negated_verbs_in_more_languages_do_not_authorize(
    pep: PEP, target: str, payload: dict[str, Any], request_text: str
) -> None:
    assert decide(pep, target, payload, request_text) is Decision.DENY


@pytest.mark.parametrize(
    ("name", "request_text"),
    [
        ("Anna Nowak", "Proszę usuń kontakt Łukasz Żak"),
        ("Ayşe Demir", "Kişilerden Ali'yi sil"),
        ("Tommy Lee", "Delete Tom's old number"),
    ],
)
def test_names_in_other_scripts_keep_authorization_object_specific(
    pep: PEP, name: str, request_text: str
) -> None:
    assert decide(pep, "contacts.delete", {"name": name}, request_text) is Decision.DENY
