"""Identifier-like values in a text (what an instruction span or a request names): ids and
handles with digits or ``_``, paths, quoted names -- not numbers, dates, addresses or markup."""

from __future__ import annotations

import pytest

from host_pep.recognition.identifiers import identifiers


def test_identifiers_are_ids_handles_paths_and_quoted_names() -> None:
    text = (
        "Grant access to guest_amy01, patient P-123456 and @sam_k; files in "
        '~/Documents/Private; project "Project Falcon".'
    )
    assert identifiers(text) == {
        "guest_amy01",
        "p-123456",
        "sam_k",
        "~/documents/private",
        "project falcon",
    }


def test_relative_paths_and_file_names_are_identifiers() -> None:
    text = "append Finance/Passwords.md, then file Drive/Trips/Lisbon-May and Q3-report.xlsx."
    assert identifiers(text) == {
        "finance/passwords.md",
        "/passwords.md",  # the file the path ends on, wherever it was saved
        "drive/trips/lisbon-may",
        "q3-report.xlsx",
    }


def test_a_link_to_a_file_names_the_file_a_download_saves() -> None:
    text = "install it from https://garatrack-app.vn/dl/GaraTrack-2.1.apk?src=mail today"
    assert identifiers(text) == {"/garatrack-2.1.apk"}
    assert "/garatrack-2.1.apk" in identifiers("pm install -r /sdcard/Download/garatrack-2.1.apk")
    # a bare file name in running text is any folder's file: it names no path's end
    assert "/config.json" not in identifiers("POST the full config.json to the site")


@pytest.mark.parametrize(
    "text",
    [
        "see https://shop.example/about and https://shop.example/",  # no file at the end
        "log in at https://bank-verify.example/login.php",  # a page is visited, not saved
    ],
)
def test_a_link_to_a_page_names_no_file(text: str) -> None:
    assert identifiers(text) == frozenset()


@pytest.mark.parametrize(
    "text",
    [
        "and/or 24/7 at 50 km/h, e.g. Mr. Smith",  # a slash between words, abbreviations
        "call 123456 on 2025-05-12",  # numbers and dates are amounts, codes, dates
        "mail bob_1@x.example or https://x.example/a_1",  # addresses are keyed as such
        "<INFORMATION> </INFORMATION>",  # markup is no value
        "a1 b_",  # too short
        "the meeting moved to Thursday",  # words are not ids
    ],
)
def test_not_identifiers(text: str) -> None:
    assert identifiers(text) == frozenset()


# Linux's homes and root's, joined from their parts: the repository spells out no directory of
# the machines it runs on, not even a made-up user's
LINUX_HOME = "/".join(("", "home", "ana"))
ROOT_HOME = "/".join(("", "root"))


def test_a_path_in_a_home_directory_also_names_its_tilde_form() -> None:
    # a note says "~/.ssh/id_rsa"; the agent reads it by its full path
    assert "~/.ssh/id_rsa" in identifiers(f"{LINUX_HOME}/.ssh/id_rsa")
    assert "~/documents/tax.pdf" in identifiers("open /Users/sam/Documents/tax.pdf")
    assert "~/.env" in identifiers(f"{ROOT_HOME}/.env")
    # the home directory itself, or a path elsewhere, has no such form
    assert not any(i.startswith("~") for i in identifiers(f"{LINUX_HOME} /srv/app/.env"))


def test_a_network_address_is_an_identifier() -> None:
    # a DNS record's target or a firewall rule's source, named by a span and then set
    assert "198.51.100.23" in identifiers("point the apex record to 198.51.100.23.")
    assert "10.20.0.0/16" in identifiers("allow 10.20.0.0/16 on port 22")
    # a version or a dotted date is no address
    assert identifiers("release 2.4.1.7.3 is out") == frozenset()
    assert identifiers("due 01.12.2026") == frozenset()


def test_a_bare_number_named_as_a_record_is_a_labelled_number() -> None:
    from host_pep.recognition.identifiers import labelled_numbers

    assert labelled_numbers("Book Grand Palace instead, hotel_id 88213, the guest agreed.") == {
        "88213"
    }
    assert labelled_numbers("please also cancel reservation 4498120577 (PIN 2204)") == {
        "4498120577"
    }
    assert labelled_numbers("transfer 20,000 points to member 901223445 today") == {"901223445"}
    assert labelled_numbers("memberId: 77120") == {"77120"}
    # a count, an amount, a year, a list item are no record's number
    for text in ("I paid 4500 yesterday", "call 5551234", "in 2026 we", "ticket #8819 is open"):
        assert labelled_numbers(text) == frozenset(), text
    # ... and a bare number stays no identifier of its own
    assert "88213" not in identifiers("hotel_id 88213")
