"""gosheet explain: why a round was paired so, without changing the tournament."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.books import play_rounds
from support.cli import cli, cli_ok
from support.paths import DEMO_ROSTER

from gosheet.app.messages import explanation_text
from gosheet.core.criteria import label
from gosheet.core.explain import explain_round
from gosheet.core.model import Player, Result, Tournament
from gosheet.core.settings import Settings
from gosheet.core.systems import pair_next_round
from gosheet.frontends.cli import main
from gosheet.i18n import words
from gosheet.i18n.catalog import speaking
from gosheet.records import replace
from gosheet.workbook.sheets.writer import explain_sheet
from gosheet.workbook.xlsx.book import XlsxBook


def played(tmp_path: Path, *options: str, rounds: int = 3) -> Path:
    path = tmp_path / "cup.xlsx"
    assert main(["import", str(DEMO_ROSTER), "-o", str(path), "--seed", "4", *options]) == 0
    return play_rounds(path, rounds)


@pytest.mark.parametrize(
    "options",
    [
        ["--rounds", "5"],
        ["--system", "fus", "--rounds", "5"],
        ["--system", "swiss"],
        ["--game", "oware"],
    ],
    ids=["mcmahon", "fus", "swiss", "oware"],
)
def test_every_round_is_explained_as_paired(tmp_path: Path, options: list[str]) -> None:
    path = played(tmp_path, *options)
    tournament = XlsxBook.open(path).read().tournament
    for number in (1, 2, 3):
        explanation = explain_round(tournament, number)
        assert explanation.same_pairs and not explanation.tie
        assert len(explanation.games) == len(tournament.rounds[number - 1].games)
        assert all(g.values is not None for g in explanation.games)
        assert [c.name for c in explanation.criteria]
        if options[:2] != ["--system", "fus"]:
            assert explanation.recorded_weight == explanation.best_weight
            assert all(g.weight is not None for g in explanation.games)


def changed_by_hand(tmp_path: Path) -> Path:
    """Two rounds played, then the Black players of round 2's tables 1 and 11 swapped: a
    legal but worse pairing."""
    path = played(tmp_path, "--rounds", "5", rounds=2)
    workbook = load_workbook(path)
    sheet = workbook["Round 2"]
    sheet["D2"].value, sheet["D12"].value = sheet["D12"].value, sheet["D2"].value
    workbook.save(path)
    return path


def test_a_pairing_changed_by_hand_is_shown_worse(tmp_path: Path) -> None:
    path = changed_by_hand(tmp_path)
    tournament = XlsxBook.open(path).read().tournament
    explanation = explain_round(tournament, 2)
    assert not explanation.same_pairs and not explanation.tie
    assert explanation.recorded_weight is not None and explanation.best_weight is not None
    assert explanation.recorded_weight < explanation.best_weight
    mms_gap = [c.name for c in explanation.criteria].index("MMS gap")
    table_1 = explanation.games[0]
    assert (
        table_1.values is not None and table_1.values[mms_gap] < explanation.criteria[mms_gap].bound
    )


def test_a_pair_that_met_before_is_not_allowed(tmp_path: Path) -> None:
    path = played(tmp_path, "--rounds", "5", rounds=2)
    tournament = XlsxBook.open(path).read().tournament
    first, second = tournament.rounds
    a, b = second.games[0].white, second.games[0].black
    c = first.game_of(a).opponent_of(a)  # type: ignore[union-attr]
    workbook = load_workbook(path)  # in round 2, a meets c again, and b takes c's place
    sheet = workbook["Round 2"]
    names = {p.number: p.name for p in tournament.players}
    for row in sheet.iter_rows(min_row=2, max_row=len(second.games) + 1):
        for cell in (row[1], row[3]):
            if cell.value == names[c]:
                cell.value = names[b]
            elif cell.value == names[b]:
                cell.value = names[c]
    workbook.save(path)
    explanation = explain_round(XlsxBook.open(path).read().tournament, 2)
    assert explanation.games[0].values is None and explanation.games[0].weight is None
    assert {explanation.games[0].white, explanation.games[0].black} == {a, c}
    assert not explanation.same_pairs and explanation.recorded_weight is None


def test_explain_writes_a_sheet_and_changes_no_tournament(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = played(tmp_path, "--rounds", "5")
    before = XlsxBook.open(path).read().tournament
    out = cli_ok(capsys, "explain", path, "--round", "2")
    assert out.startswith("Round 2: criteria, most important first: games, ")
    assert "gosheet pairs it the same way now." in out
    assert XlsxBook.open(path).read().tournament == before
    sheet = load_workbook(path)["Explain"]
    header = [c.value for c in sheet[1]]
    assert header[:3] == ["Table", "White", "Black"] and header[-1] == "table order"
    assert "MMS gap" in header
    assert sheet.cell(2, 1).value == 1


def test_explain_a_round_not_paired(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = played(tmp_path, "--rounds", "5", rounds=1)
    before = path.read_bytes()
    code, _out, err = cli(capsys, "explain", path, "--round", "2")
    assert code == 3
    assert "round 2 is not paired" in err
    assert path.read_bytes() == before


def test_explain_says_why_the_bye_went_to_whom_under_opengothas_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """23 players: a bye each round. The Explain sheet lists the candidates with the least
    weights for it, least first; the one who got it is first and marked."""
    path = played(tmp_path, "--rules", "opengotha", "--rounds", "5", rounds=2)
    out = cli_ok(capsys, "explain", str(path), "--round", "2")
    tournament = XlsxBook.open(path).read().tournament
    bye = tournament.rounds[1].byes[0]
    explanation = explain_round(tournament, 2)
    candidates = explanation.bye_candidates()
    assert candidates[0][0] == bye
    assert [w for _, w in candidates] == sorted(w for _, w in candidates)
    least = candidates[0][1]
    assert least == min(w for _, w in explanation.bye_weights)
    tied = [n for n, w in explanation.bye_weights if w == least]
    assert tied[-1] == bye, "the last of equals in OpenGotha's list"
    assert f"{tournament.player(bye).name} {least}" in out
    rows = [[c.value for c in r] for r in load_workbook(path)["Explain"].iter_rows()]
    header = next(k for k, r in enumerate(rows) if r[:3] == ["Bye", "Candidate", "Weight"])
    assert "the last of them in OpenGotha's list" in rows[header][3]
    assert rows[header + 1][:4] == ["Bye", tournament.player(bye).name, least, "gets the bye"]
    assert len(rows[header + 1 : header + 1 + len(candidates)]) == len(candidates)


def _even(count: int = 8) -> Tournament:
    """``count`` players, two rounds played (White wins): no bye."""
    players = tuple(
        Player(n, f"Player{n:02}", "Anna", rank=5 - n, club=("Berlin", "Lyon")[n % 2])
        for n in range(1, count + 1)
    )
    t = Tournament(Settings(rounds=3), players)
    for _ in range(2):
        played = pair_next_round(t).as_round()
        games = tuple(replace(g, result=Result.WHITE_WINS) for g in played.games)
        t = t.with_round(replace(played, games=games))
    return t


BYE_CRITERIA = ("games", "bye to a new player", "bye to the lowest")


def test_each_value_is_named_and_no_bye_criterion_without_a_bye() -> None:
    """Issue 27: "bye to the lowest: 89" for a game with no bye. Each value comes after its
    criterion's name and over its best value; a round without a bye shows none of the
    criteria that only choose who sits out."""
    t = _even()
    explanation = explain_round(t, 2)
    assert not explanation.byes
    text = explanation_text(explanation, t.players)
    first_game = text.splitlines()[1]
    assert re.search(r"MMS gap \d+/\d+, same MMS \d+/1, table order \d+/\d+$", first_game)
    header, game = text.splitlines()[:2]
    for name in BYE_CRITERIA:
        assert name not in header and f"{name} " not in game and f"\n  {name} (" not in text
    sheet = explain_sheet(t, explanation)
    assert [c.header for c in sheet.columns][3:] == ["MMS gap", "same MMS", "table order"]
    legend = [row[1] for row in sheet.rows if len(row) > 3 and row[0] is None]
    assert legend[legend.index("Criterion") :] == [
        "Criterion",
        "MMS gap",
        "same MMS",
        "table order",
    ]


def test_with_a_bye_its_criteria_are_shown() -> None:
    t = _even(7)
    explanation = explain_round(t, 2)
    assert explanation.byes
    text = explanation_text(explanation, t.players)
    assert all(f"{name} " in text.splitlines()[1] for name in BYE_CRITERIA)


@pytest.mark.parametrize("language", ["en", "ru", "fr", "ca"])
def test_the_legend_is_in_the_language_asked_and_quotes_nothing_foreign(language: str) -> None:
    """The English legend quoted the Russian founding text; now each language its own."""
    t = _even(7)
    explanation = explain_round(t, 2)
    with speaking(language):
        text = explanation_text(explanation, t.players)
    sheet = explain_sheet(t, explanation, language)
    legend = " ".join(str(c) for row in sheet.rows for c in row if isinstance(c, str))
    headers = " ".join(c.header for c in sheet.columns)
    cyrillic = re.compile("[А-Яа-яЁё]")
    for shown in (text, legend, headers):
        if language == "ru":
            assert "As many pairs" not in shown and "table order" not in shown
            assert cyrillic.search(shown)
        else:
            assert not cyrillic.search(shown.replace("Кузнецов", "")), shown
    if language != "en":
        english = words.text(
            "As many pairs as possible of players with the same McMahon score (seed).", "en"
        )
        assert english not in text and english not in legend
        assert words.text("table order", language) != "table order"


def test_opengothas_criteria_by_the_names_of_its_pairing_parameters(tmp_path: Path) -> None:
    path = played(tmp_path, "--rules", "opengotha", "--rounds", "5", rounds=2)
    tournament = XlsxBook.open(path).read().tournament
    text = explanation_text(explain_round(tournament, 2), tournament.players)
    assert "avoid duplicates" in text and "geography" in text
    assert "baseDuplicateGameCost" not in text and "secGeoCost" not in text


def test_the_weights_are_shown_criterion_by_criterion_not_packed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 33: the Explain sheet's Weight column held a 15-digit packed number. Now each
    criterion's total over the round as paired and, when gosheet would pair it otherwise,
    over that pairing, the first criterion where they part named; no packed number printed.
    The criteria are read from the weighing, whatever their names and order."""
    path = changed_by_hand(tmp_path)
    tournament = XlsxBook.open(path).read().tournament
    explanation = explain_round(tournament, 2)
    assert explanation.totals is not None and explanation.totals_now is not None
    for k in range(len(explanation.criteria)):
        assert explanation.totals[k] == sum(g.values[k] for g in explanation.games if g.values)
    deciding = explanation.deciding()
    assert deciding is not None
    assert explanation.totals[:deciding] == explanation.totals_now[:deciding]
    assert explanation.totals[deciding] < explanation.totals_now[deciding]
    named = [words.text(label(explanation.criteria[k]), "en") for k in explanation.applying]
    out = cli_ok(capsys, "explain", path, "--round", "2")
    assert not re.search(r"\d{7}", out), out  # no packed weight
    paired = ", ".join(
        f"{n} {explanation.totals[k]}" for n, k in zip(named, explanation.applying, strict=True)
    )
    now = ", ".join(
        f"{n} {explanation.totals_now[k]}" for n, k in zip(named, explanation.applying, strict=True)
    )
    assert f"  Totals as paired: {paired}\n  Totals as gosheet pairs it now: {now}\n" in out
    name = words.text(label(explanation.criteria[deciding]), "en")
    paired_value, now_value = explanation.totals[deciding], explanation.totals_now[deciding]
    differ = f"first criterion where they differ: {name}, {paired_value} as paired, {now_value} now"
    assert differ in out
    rows = [[c.value for c in r] for r in load_workbook(path)["Explain"].iter_rows()]
    assert rows[0][3:] == named  # no Weight column
    totals = {r[1]: r[3:] for r in rows if r[0] is None and r[1] and r[1].startswith("Total")}
    assert totals == {
        "Total as paired": [explanation.totals[k] for k in explanation.applying],
        "Total as gosheet pairs it now": [explanation.totals_now[k] for k in explanation.applying],
    }
    assert not any(re.fullmatch(r"\d{7,}", str(c)) for r in rows for c in r if c is not None)
