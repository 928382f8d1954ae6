"""The words of the actions beyond each result's own sentence (:mod:`gosheet.app.outcomes`):
what went wrong (:func:`problem_list`, :func:`missing_results` …), the verdict on an explained
round, and the command line's longer report of an action on a workbook file
(:func:`pairing_lines`, :func:`explanation_text`, :func:`saved_note` …). Imports no action."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from gosheet.app import naming
from gosheet.app.outcomes import Paired, StandingsUpdated
from gosheet.core.criteria import label
from gosheet.core.errors import Problem
from gosheet.core.games import game_of
from gosheet.core.groups import groups_made
from gosheet.core.mcmahon_groups import McMahonGroups
from gosheet.core.model import Player, Round
from gosheet.core.settings import Settings
from gosheet.core.systems import system_of
from gosheet.i18n import words
from gosheet.i18n.catalog import _, current, ngettext
from gosheet.workbook.saving.atomic import backup_path
from gosheet.workbook.sheets.names import labels
from gosheet.workbook.sheets.reading import BookState, Missing

if TYPE_CHECKING:  # (the explanation's words take one: explain imports it)
    from gosheet.core.explain import ExplainedGame, Explanation


def explained(explanation: Explanation) -> str:
    """The verdict on an explained round: ``Round 3 explained: gosheet pairs it …``."""
    return _("Round {number} explained: {verdict}").format(
        number=explanation.round_number, verdict=explanation.verdict()
    )


def fewer_groups_note(spec: McMahonGroups, players: Sequence[Player]) -> tuple[str, ...]:
    """Seed McMahon by a number N of groups, cut now: when the players have fewer ranks than
    N (a rank is never split), how many groups were made — the setting itself is kept."""
    if spec.by_rank or any(p.group is not None for p in players):
        return ()
    made = groups_made(spec, players)
    if made >= spec.count:
        return ()
    return (
        ngettext(
            "McMahon groups: {asked} asked, {made} made — the players have only {made} rank, "
            "and a rank is never split; the bottom group starts at 0 McMahon points. The "
            "'McMahon groups' setting is left as it is.",
            "McMahon groups: {asked} asked, {made} made — the players have only {made} ranks, "
            "and a rank is never split; the bottom group starts at 0 McMahon points. The "
            "'McMahon groups' setting is left as it is.",
            made,
        ).format(asked=spec.count, made=made),
    )


def problem_list(problems: list[Problem], advice: str, shown: int | None = None) -> str:
    """``N problems found — advice:`` and one line a problem (the first ``shown``)."""
    count = len(problems)
    lines = [
        ngettext(
            "{count} problem found — {advice}:", "{count} problems found — {advice}:", count
        ).format(count=count, advice=advice)
    ]
    listed = problems if shown is None else problems[:shown]
    lines += [f"• {p}" for p in listed]
    if len(listed) < count:
        more = count - len(listed)
        lines.append(
            ngettext("… and {count} more.", "… and {count} more.", more).format(count=more)
        )
    return "\n".join(lines)


def no_show_hint(round_number: int, none_entered: bool, sheet: str | None = None) -> str:
    """The way out for a player who did not come to a round already paired (``sheet``: the
    round's sheet)."""
    if not none_entered:
        return _(
            "A player who did not come: type 1-0! or 0-1! in his game's Result (his opponent "
            "wins by forfeit)."
        )
    return _(
        "A player who did not come: type 1-0! or 0-1! in his game's Result (his opponent "
        "wins by forfeit); or, as no result of Round {number} is entered yet, write "
        "{number} in his 'Not playing' cell (Players sheet) and pair the round anew "
        "without him: {again}."
    ).format(number=round_number, again=naming.pair_again(round_number, sheet))


def _by_round(missing: Sequence[Missing]) -> str:
    counts: dict[int, int] = {}
    for m in missing:
        counts[m.round] = counts.get(m.round, 0) + 1
    return ", ".join(
        ngettext("Round {number} ({count} game)", "Round {number} ({count} games)", k).format(
            number=n, count=k
        )
        for n, k in sorted(counts.items())
    )


def _hint_for(state: BookState, missing: Sequence[Missing]) -> str:
    last = state.tournament.rounds[-1] if state.tournament.rounds else None
    open_round = max(m.round for m in missing)
    none_entered = (
        last is not None and last.number == open_round and all(g.result is None for g in last.games)
    )
    sheet = next(m.sheet for m in missing if m.round == open_round)
    return no_show_hint(open_round, none_entered, sheet)


def _slips_near(state: BookState, missing: Sequence[Missing]) -> list[Problem]:
    sheets = {m.sheet for m in missing}
    return [n for n in state.notes if n.sheet in sheets]


def missing_results(state: BookState, missing: Sequence[Missing]) -> str:
    """``pair``'s refusal while results are missing: which cells, the values typed beside
    the tables, and what to do for a player who did not come."""
    lines = [
        _(
            "results are missing in {rounds}; enter every result before pairing the next round:"
        ).format(rounds=_by_round(missing))
    ]
    lines += [f"  {m}" for m in missing]
    lines += [f"  {n}" for n in _slips_near(state, missing)]
    lines.append(_hint_for(state, missing))
    return "\n".join(lines)


def organisers_lines_note(state: BookState, lines: Round) -> list[str]:
    """``check`` on a round sheet the organiser began: which lines ``pair`` keeps as typed."""
    names = state.labels
    kept = [
        "  "
        + _("table {table}: {white} (White) – {black} (Black)").format(
            table=g.table or _("(none yet)"),
            white=names.get(g.white, g.white),
            black=names.get(g.black, g.black),
        )
        for g in lines.games
    ]
    kept += ["  " + _("Bye: {player}").format(player=names.get(p, p)) for p in lines.byes]
    if not kept:
        return [
            _("Round {number}: no line typed yet; the next pair pairs the whole round.").format(
                number=lines.number
            )
        ]
    head = _(
        "Round {number}: the organiser's own lines, kept as they are by the next pair (the "
        "other players are paired around them):"
    ).format(number=lines.number)
    return [head, *kept]


def before_next_pair(
    state: BookState, rounds_left: bool, organisers: Round | None = None
) -> list[str]:
    """What ``check`` tells besides problems: the results still to enter before the next
    ``pair`` (normal while a round is played), the lines the organiser typed into the next
    round's sheet (``organisers``), the values beside or below the tables that gosheet does
    not read, and whether a round is left to pair."""
    lines: list[str] = []
    missing = [m for m in state.missing if organisers is None or m.round != organisers.number]
    if organisers is not None:
        lines += organisers_lines_note(state, organisers)
    if missing:
        lines.append(
            _("Before the next pair, results to enter in {rounds}:").format(
                rounds=_by_round(missing)
            )
        )
        lines += [f"  {m}" for m in missing]
        lines.append("  " + _hint_for(state, missing))
    if state.unassigned:
        lines.append(_("Left unpaired, though in an earlier round:"))
        lines += [f"  {n}" for n in state.unassigned]
    if state.notes:
        lines.append(_("To look at — values outside the tables, which gosheet does not read:"))
        lines += [f"  {n}" for n in state.notes]
    if not rounds_left:
        lines.append(
            _("Every round is paired: raise 'Rounds' in the Settings sheet to pair another one.")
        )
    return lines


def saved_note(saved: Path) -> str:
    """Where the workbook went, and its previous version."""
    return _("Saved {path} (previous version: {backup}).").format(
        path=saved, backup=backup_path(saved).name
    )


def pairing_lines(done: Paired) -> list[str]:
    """The round just paired, a line a table, as the terminal shows it."""
    pairing = done.pairing
    names = labels(done.tournament.players)  # with club or EGD PIN when a name repeats
    left, right = (_(side) for side in game_of(done.tournament.settings.game).short)
    lines = [
        ngettext(
            "Round {number}: {count} game", "Round {number}: {count} games", len(pairing.games)
        ).format(number=pairing.round_number, count=len(pairing.games))
    ]
    if done.proposed_rounds is not None:
        lines.insert(
            0,
            _(
                "Rounds: {rounds} proposed for the players registered ({rule}), written in "
                "the Settings sheet; change it if you like."
            ).format(
                rounds=done.proposed_rounds, rule=system_of(done.tournament.settings).rounds_rule
            ),
        )
    lines[-1:-1] = done.notes  # before "Round N: … games"
    for game in pairing.games:
        lines.append(f"  {game.table:>3}  {names[game.white]} {left} – {names[game.black]} {right}")
    bye_word = _("bye")
    for bye in pairing.byes:
        lines.append(f"  {bye_word:>3}  {names[bye]}")
    return lines


def standings_lines(done: StandingsUpdated, book: str, shown: int = 10) -> list[str]:
    """The top of the standings, as the terminal shows it: place, player, rank (in Go) and
    the scores that decide the place (the same columns as the published pages' standings
    for a phone, :meth:`~gosheet.core.standings_table.StandingsModel.deciding`), the first
    ``shown`` lines (the seed McMahon's under their groups' titles), then where the whole
    table is — in the command's language."""
    from gosheet.core.standings_table import standings_model
    from gosheet.formats.pack.language import cell, header, printing
    from gosheet.formats.pack.view import text
    from gosheet.workbook.sheets.standings import sheet_values

    tournament = done.tournament
    language = current()
    model = standings_model(tournament)
    sheet = words.local("Standings", tournament.settings.language, words.SHEETS)
    where = _(
        "The whole table, every player and the crosstable: the {sheet} sheet of {book}."
    ).format(sheet=sheet, book=book)
    if not model.rounds or not model.rows:
        return [where]
    go = game_of(tournament.settings.game).go
    scores = model.deciding()
    values = sheet_values(model, tournament)
    names = labels(tournament.players)
    _p = printing(language)
    head = [header("Place", language), _p("Name")]
    head += [header("Rank", language)] if go else []
    head += [header(model.keys[i], language) for i in scores]
    table: list[list[str] | str] = [head]
    group = None
    for row in model.rows[:shown]:
        if model.grouped and row.group != group:
            group = row.group
            table.append(cell(f"Group {group}", language) if group is not None else _p("No group"))
        place = "" if row.tied else str(row.place)
        line = [place, names[row.player.number]] + ([row.player.rank_text] if go else [])
        table.append(line + [text(values[row.line - 1][i], language) for i in scores])
    lines = [
        ngettext(
            "Standings after round {number} (the first {count} of {players} player):",
            "Standings after round {number} (the first {count} of {players} players):",
            len(model.rows),
        ).format(number=model.rounds, count=min(shown, len(model.rows)), players=len(model.rows))
    ]
    lines += _aligned(table, left=(1, 2) if go else (1,))
    if len(model.rows) > shown:
        lines.append("  …")
    return [*lines, where]


def _aligned(table: Sequence[list[str] | str], left: tuple[int, ...]) -> list[str]:
    """A table's rows in columns (the ``left`` ones aligned left, the others right); a row
    that is one text (a group's title) as it is."""
    rows = [row for row in table if not isinstance(row, str)]
    widths = [max(len(row[k]) for row in rows) for k in range(len(rows[0]))]
    out = []
    for row in table:
        if isinstance(row, str):
            out.append(f"  {row}")
            continue
        cells = [
            value.ljust(width) if k in left else value.rjust(width)
            for k, (value, width) in enumerate(zip(row, widths, strict=True))
        ]
        out.append(("  " + "  ".join(cells)).rstrip())
    return out


def unnamed_note(settings: Settings) -> str:
    """A tournament made without ``--name``: the name it has for now, and how to give its
    own; nothing when it has a name of its own (an OpenGotha file's)."""
    neutral = words.local(game_of(settings.game).tournament, settings.language, words.TITLES)
    if settings.name != neutral:
        return ""
    row = words.local("Tournament", settings.language, words.SETTING_NAMES)
    return _(
        "No name given: the tournament is called '{name}' for now, on every sheet, the print "
        "pack and the pages. Type its own name in the Settings sheet (row '{row}'), or give "
        "it with '--name' when making the workbook."
    ).format(name=settings.name, row=row)


def explanation_text(explanation: Explanation, players: Sequence[Player]) -> str:
    """Each game's value under every criterion that applies to the round, each named (and,
    most important first, beside its best value), then what the criteria mean and the
    verdict, in the command's language."""
    names: Mapping[int, str] = labels(players)
    language = current()
    shown = [explanation.criteria[k] for k in explanation.applying]
    named = [words.text(label(c), language) for c in shown]
    order = (
        _("OpenGotha's criteria, a pair's cost is 1 + their sum")
        if explanation.summed
        else _("criteria, most important first")
    )
    lines = [
        _("Round {number}: {order}: {criteria}").format(
            number=explanation.round_number, order=order, criteria=", ".join(named)
        )
    ]
    for game in explanation.games:
        lines.append(f"  {game.table:>3}  {names[game.white]} – {names[game.black]}: ")
        lines[-1] += game_values(explanation, game, named)
    lines += ["  " + line for line in totals_lines(explanation, named)]
    candidates = explanation.bye_candidates()
    if candidates:
        listed = ", ".join(f"{names[n]} {w}" for n, w in candidates)
        lines.append(
            "  "
            + _("Bye (the least weight, the last of equals in OpenGotha's list): {players}").format(
                players=listed
            )
        )
    lines.append(_("What the criteria mean (the best value in brackets):"))
    for criterion, name in zip(shown, named, strict=True):
        rule = words.text(criterion.rule, language)
        best = explanation.best(criterion)
        lines.append(
            "  " + _("{criterion} ({best}): {rule}").format(criterion=name, best=best, rule=rule)
        )
    lines.append(explanation.verdict())
    return "\n".join(lines)


def game_values(explanation: Explanation, game: ExplainedGame, named: Sequence[str]) -> str:
    """A game's values under the criteria that apply, each after its name (and, packed, over
    its best value): ``same MMS 1/1, MMS gap 60/64, …``."""
    if game.values is None:
        return _("not allowed (they have met)")
    values = [game.values[k] for k in explanation.applying]
    if explanation.packed:
        bests = [explanation.best(explanation.criteria[k]) for k in explanation.applying]
        text = ", ".join(f"{n} {v}/{b}" for n, v, b in zip(named, values, bests, strict=True))
    else:
        text = ", ".join(f"{n} {v}" for n, v in zip(named, values, strict=True))
    if explanation.summed and game.weight is not None:
        text += " " + _("(cost {weight})").format(weight=game.weight)
    return text


def totals_lines(explanation: Explanation, named: Sequence[str]) -> list[str]:
    """Each criterion's total over the round as paired and, when gosheet pairs it otherwise
    now, over that pairing, and the most important criterion where they part: what the
    packed weights compare, in numbers a director can read."""
    if explanation.totals is None:
        return []

    def listed(totals: Sequence[int]) -> str:
        return ", ".join(
            f"{n} {totals[k]}" for n, k in zip(named, explanation.applying, strict=True)
        )

    lines = [_("Totals as paired: {values}").format(values=listed(explanation.totals))]
    now = explanation.totals_now
    if explanation.same_pairs or now is None:
        return lines
    lines.append(_("Totals as gosheet pairs it now: {values}").format(values=listed(now)))
    deciding = explanation.deciding()
    if deciding is not None:
        name = words.text(label(explanation.criteria[deciding]), current())
        lines.append(
            _(
                "The first criterion where they differ: {criterion}, {paired} as paired, {now} now."
            ).format(criterion=name, paired=explanation.totals[deciding], now=now[deciding])
        )
    return lines


def explain_saved(path: Path) -> str:
    """Where the Explain sheet went."""
    return _("Saved the Explain sheet in {path}.").format(path=path)


def not_a_team_tournament() -> str:
    """Why a team action is refused on a tournament of individual players."""
    setting = words.local("Tournament type", current(), words.SETTING_NAMES)
    sheet = words.local("Teams", current(), words.SHEETS)
    return _(
        "not a team tournament: set '{setting}' to teams in the Settings sheet and list the "
        "teams in the '{sheet}' sheet"
    ).format(setting=setting, sheet=sheet)
