"""Which taps commit something: a multilingual lexicon of button labels.

A tap on a button whose text, content-desc or resource-id says Send, Pay, Delete, Upload or
Reset commits that operation; every other tap only navigates. Labels are matched as whole words
(case-folded, any script), resource-ids on their ``_``/camelCase words (``btn_send``,
``sendButton``), so "Sender" or "Payload" do not trigger. Multi-word phrases are matched as
substrings of the normalised label. Security changes (factory reset, turning off the screen lock)
are phrases because "Reset" alone also resets a timer.
"""

from __future__ import annotations

import re
import unicodedata

from host_pep.semantics import Operation

# Words (single tokens) per operation. Latin-script languages first, then CJK/others, which
# have no spaces and are matched as substrings.
_WORDS: dict[Operation, tuple[str, ...]] = {
    Operation.EXTERNAL_SEND: (
        "send", "submit", "post", "reply", "forward", "tweet", "publish",
        "envoyer", "répondre", "transférer", "senden", "antworten", "weiterleiten", "abschicken",
        "enviar", "responder", "reenviar", "invia", "inviare", "rispondi", "inoltra",
        "verzenden", "versturen", "wyślij", "отправить", "ответить", "переслать", "gönder",
        "إرسال", "भेजें",
    ),
    Operation.PAYMENT: (
        "pay", "checkout", "purchase", "buy", "transfer", "donate", "subscribe",
        "payer", "acheter", "commander", "bezahlen", "kaufen", "bestellen", "überweisen",
        "pagar", "comprar", "pedir", "paga", "acquista", "ordina", "betalen", "kopen", "zapłać",
        "оплатить", "купить", "заказать", "öde", "ادفع",
    ),
    # removing an app is its own high-impact operation: a request to "uninstall X" authorises
    # it, and a request to delete a contact does not
    Operation.UNINSTALL: (
        "uninstall", "désinstaller", "deinstallieren", "desinstalar", "disinstalla",
        "disinstallare", "odinstaluj", "деинсталлировать",
    ),
    Operation.DELETE: (
        "delete", "remove", "erase", "trash", "wipe",
        "supprimer", "effacer", "löschen", "entfernen", "eliminar", "borrar", "elimina",
        "cancella", "verwijderen", "usuń", "удалить", "sil", "حذف", "हटाएं",
    ),
    Operation.SHARE_UPLOAD: (
        "upload", "share", "partager", "téléverser", "hochladen", "teilen", "compartir",
        "subir", "condividi", "carica", "delen", "uploaden", "udostępnij", "поделиться",
        "загрузить", "paylaş", "مشاركة",
    ),
}  # fmt: skip
_SUBSTRINGS: dict[Operation, tuple[str, ...]] = {
    Operation.SECURITY_CHANGE: (
        "factory reset", "factory data reset", "erase all data", "reset phone", "reset device",
        "reset to factory", "turn off screen lock", "remove screen lock", "disable screen lock",
        "disable lock", "usb debugging", "install unknown apps", "unknown sources",
        "disable play protect", "turn off play protect", "werkseinstellungen",
        "réinitialiser les données d'usine", "restablecer datos de fábrica",
        "恢复出厂设置", "出厂设置", "初期化", "сброс настроек", "초기화",
    ),
    Operation.EXTERNAL_SEND: ("发送", "送信", "傳送", "보내기", "전송", "回复", "返信"),
    Operation.PAYMENT: (
        "place order", "buy now", "confirm payment", "pay now", "complete purchase",
        "支付", "付款", "购买", "下单", "購入", "支払", "결제", "구매",
    ),
    Operation.UNINSTALL: ("卸载", "アンインストール", "解除安装", "앱 삭제"),
    Operation.DELETE: ("删除", "削除", "삭제", "移除"),
    Operation.SHARE_UPLOAD: ("上传", "分享", "共有", "アップロード", "공유", "업로드"),
}  # fmt: skip
# Checked in this order: a "Delete and send" label is judged by its most severe meaning.
_ORDER = (
    Operation.SECURITY_CHANGE,
    Operation.PAYMENT,
    Operation.UNINSTALL,
    Operation.DELETE,
    Operation.SHARE_UPLOAD,
    Operation.EXTERNAL_SEND,
)
_WORD_INDEX: dict[str, Operation] = {}
for _op in reversed(_ORDER):
    for _w in _WORDS.get(_op, ()):
        _WORD_INDEX[_w] = _op
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_SPLIT = re.compile(r"[^\w]+|_")


def _normalise(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold().strip()


def _tokens(text: str) -> list[str]:
    return [t for t in _SPLIT.split(_normalise(_CAMEL.sub("_", text))) if t]


# Buttons that only confirm what their dialog or screen says ("Delete conversation?" [OK]).
_CONFIRM = frozenset(
    {
        "ok", "okay", "confirm", "yes", "continue", "proceed", "accept", "agree", "done",
        "bestätigen", "ja", "weiter", "confirmer", "oui", "continuer", "confirmar", "sí", "si",
        "continuar", "conferma", "sì", "continua", "bevestigen", "подтвердить", "да", "onayla",
        "evet", "تأكيد", "确定", "确认", "好", "是", "继续", "確認", "はい", "확인", "예",
    }
)  # fmt: skip


# Buttons that commit the form they sit on (Save, Done, Create, Add, OK...): a tap on one writes
# every filled field of that form into its app.
_FORM_COMMIT = frozenset(
    {
        "save", "done", "create", "add", "ok", "okay", "apply", "update", "finish", "confirm",
        "save event", "save note", "save contact", "add event", "create event", "save changes",
        "speichern", "fertig", "erstellen", "hinzufügen", "übernehmen", "enregistrer", "terminé",
        "créer", "ajouter", "appliquer", "guardar", "listo", "hecho", "crear", "añadir",
        "agregar", "aplicar", "salva", "salvare", "fatto", "fine", "crea", "aggiungi", "applica",
        "opslaan", "klaar", "gereed", "maken", "toevoegen", "toepassen", "zapisz", "gotowe",
        "utwórz", "dodaj", "сохранить", "готово", "создать", "добавить", "применить", "kaydet",
        "tamam", "oluştur", "ekle", "حفظ", "تم", "إضافة", "सहेजें", "保存", "完成", "创建",
        "添加", "儲存", "新增", "作成", "追加", "저장", "완료", "추가", "만들기",
    }
)  # fmt: skip
_FORM_COMMIT_IDS = frozenset({"save", "done", "create", "add", "ok", "apply", "confirm", "submit"})
_ID_NOISE = frozenset({"btn", "button", "action", "menu", "fab", "bt", "icon", "item", "toolbar"})


def is_form_commit(*labels: str) -> bool:
    """Whether a button with these labels (text, content-desc, resource-id) commits its form."""
    for label in labels:
        if not label:
            continue
        if ":id/" in label:
            # btn_save, action_done, menu_save, fab_add, add_event (not save_location_toggle)
            words = [w for w in _tokens(label.rsplit("/", 1)[-1]) if w not in _ID_NOISE]
            if len(words) <= 2 and not _FORM_COMMIT_IDS.isdisjoint(words):
                return True
            continue
        if _normalise(label).strip(" .!✓✔") in _FORM_COMMIT:
            return True
    return False


def is_button_label(label: str) -> bool:
    """Whether a text is short enough to be a button's label rather than content.

    The lexicon judges *buttons*: a list item whose preview says "Never share this code" is
    content, and tapping it opens a conversation. Labels are at most three words (30 chars);
    a label without spaces in a script without them (CJK) at most six characters.
    """
    text = label.strip()
    if not text:
        return False
    if " " in text:
        return len(text) <= 30 and len(text.split()) <= 3
    cjk = any("\u3000" <= c <= "\u9fff" or "\uac00" <= c <= "\ud7af" for c in text)
    return len(text) <= (6 if cjk else 20)


def is_confirmation(label: str) -> bool:
    """Whether a button label only confirms (OK, Confirm, Yes, 确定…)."""
    norm = _normalise(label).strip(" .!")
    return norm in _CONFIRM


def classify_label(*labels: str) -> Operation | None:
    """The operation a button with these labels (text, content-desc, resource-id) commits,
    or None when it only navigates."""
    found: set[Operation] = set()
    for label in labels:
        if not label:
            continue
        label = label.rsplit("/", 1)[-1] if ":id/" in label else label
        norm = _normalise(_CAMEL.sub(" ", label).replace("_", " "))
        for op, subs in _SUBSTRINGS.items():
            if any(s in norm for s in subs):
                found.add(op)
        for token in _tokens(label):
            hit = _WORD_INDEX.get(token)
            if hit is not None:
                found.add(hit)
    for op in _ORDER:
        if op in found:
            return op
    return None
