"""match_keys: lookup keys that find values observed earlier even without context."""

from __future__ import annotations

from host_pep.values import DetectionContext, detect, match_keys


def test_bare_code_matches_an_observed_sms_code() -> None:
    [observed] = detect("【银行】验证码：482913，5分钟内有效。")
    payload = "note to self 482913"
    assert detect(payload) == []  # a bare number is not an OTP by itself...
    keys = match_keys(payload)
    assert observed.key in keys  # ...but it is the code the session saw
    s, e = keys[observed.key][0]
    assert payload[s:e] == "482913"


def test_password_typed_in_clear_matches_the_password_field_observation() -> None:
    [observed] = detect("hunter2!", DetectionContext(password=True))
    payload = "my new note: hunter2! remember it"
    keys = match_keys(payload)
    assert observed.key in keys
    s, e = keys[observed.key][0]
    assert payload[s:e] == "hunter2!"


def test_detected_keys_are_included_with_their_spans() -> None:
    payload = "call +86 138 1234 5678 or mail A@B.co"
    keys = match_keys(payload)
    for d in detect(payload):
        assert keys[d.key] == [d.span]


def test_spelled_code_and_spans_in_the_input() -> None:
    payload = "it is four eight two nine"
    keys = match_keys(payload)
    assert "otp:4829" not in keys  # spaced digits are not one token
    payload = "１２３４５６"
    assert match_keys(payload)["otp:123456"] == [(0, 6)]


def test_results_are_private_copies() -> None:
    first = match_keys("482913")
    first.clear()
    assert "otp:482913" in match_keys("482913")


def test_repeated_tokens_list_every_span_once() -> None:
    keys = match_keys("482913 482913 482913")
    assert keys["otp:482913"] == [(0, 6), (7, 13), (14, 20)]
