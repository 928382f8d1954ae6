"""The published pages' names, shared by the site and the QR codes on paper."""

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
    page = player_page("Иванов Иван")
    assert page.startswith("player-") and len(page) == len("player-123456.html")
    assert page != player_page("Петров Пётр")


def test_address_under_a_base() -> None:
    assert address("https://club.example/cup", "round-2.html") == (
        "https://club.example/cup/round-2.html"
    )
    assert address("https://club.example/cup/", "round-2.html") == (
        "https://club.example/cup/round-2.html"
    )
