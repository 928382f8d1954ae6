"""The published pages' names, shared by the site and the QR codes on paper."""

import pytest

from gosheet.formats.addresses import address, player_page, round_page


def test_round_page() -> None:
    assert round_page(3) == "round-3.html"


def test_player_page_is_the_name_not_the_row() -> None:
    page = player_page("Müller Jörg")
    assert page.startswith("player-muller-jorg-") and page.endswith(".html")
    assert player_page("Müller  Jörg") == page  # spaces as typed do not matter
    assert player_page("MÜLLER Jörg") == page
    assert player_page("Muller Jorg") != page  # reads the same in ASCII, another player


def test_player_page_in_any_script() -> None:
    page = player_page("Ζαχαρίου Γιώργος")  # Greek: no table, the hash alone
    assert page.startswith("player-") and len(page) == len("player-123456.html")
    assert page != player_page("Παπαδόπουλος Νίκος")


@pytest.mark.parametrize(
    ("name", "slug"),
    [
        ("Łukasiewicz Jan", "lukasiewicz-jan"),
        ("Ødegård Ørjan", "odegard-orjan"),
        ("Straße Jörg", "strasse-jorg"),
        ("Ærø Æsa", "aero-aesa"),
        ("Đorđević Đuro", "dordevic-duro"),
        ("Yılmaz Işık", "yilmaz-isik"),
        ("Þórsson Ðaði", "thorsson-dadi"),
        ("Иванов Иван", "ivanov-ivan"),
        ("Щукин Юрий", "shchukin-iurii"),
        ("Ёлкин Артём", "elkin-artem"),
        ("Хрущёв Цезарь", "khrushchev-tsezar"),
        ("Шевченко Тарас", "shevchenko-taras"),
        ("Їжак Євген", "izhak-ievgen"),  # Ukrainian
    ],
)
def test_player_page_drops_no_letter(name: str, slug: str) -> None:
    page = player_page(name)
    assert page.startswith(f"player-{slug}-") and page.endswith(".html"), page
    assert len(page) == len(f"player-{slug}-123456.html")


def test_transliterated_names_keep_their_own_page() -> None:
    """Two names that read the same in ASCII keep two pages: the hash is the name's."""
    pairs = [("Łukasiewicz Jan", "Lukasiewicz Jan"), ("Иванов Иван", "Ivanov Ivan")]
    for one, other in pairs:
        assert player_page(one) != player_page(other)
        assert player_page(one).rsplit("-", 1)[0] == player_page(other).rsplit("-", 1)[0]


def test_address_under_a_base() -> None:
    assert address("https://club.example/cup", "round-2.html") == (
        "https://club.example/cup/round-2.html"
    )
    assert address("https://club.example/cup/", "round-2.html") == (
        "https://club.example/cup/round-2.html"
    )
