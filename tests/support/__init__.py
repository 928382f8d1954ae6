"""Helpers shared by the test files, importable from any test as ``support.…``
(``tests/conftest.py`` puts ``tests/`` on ``sys.path``). Import from the module
you need (``from support.cli import cli``): each imports only its own layer of
gosheet, so a pure-core test does not load the command line.

``support.cli`` — the command line, in-process (:mod:`gosheet.frontends.cli`):
    ``cli(capsys, *args) -> (code, out, err)``  run ``gosheet ARGS`` (usage errors too);
    ``cli_ok(capsys, *args) -> out``  the same, failing unless the exit code is 0;
    ``refused(capsys, folder, code, *args) -> err``  exit ``code``, no file changed;
    ``snapshot(folder)``, ``problem_line(err, "Sheet!A1")``.

``support.paths`` — test data:
    ``ROOT``, ``TESTS``, ``FIXTURES`` (tests/fixtures/opengotha), ``fixture(name)``
    (``NAME/NAME.xml``, or ``fixture(name, file)``), ``fixture_names()``,
    ``PAIRGOTH`` (the four fixtures with OpenGotha's weight dumps), ``TOULOUSE``,
    ``DEMO_ROSTER`` (gosheet/data/demo_roster.csv); ``SYNTH`` (tests/fixtures/opengotha-synth),
    ``SYNTHETIC`` (its two tournaments), ``synthetic(name)`` (``NAME/NAME.xml``, or a file),
    ``FEWEST_WINS_BYES`` (the fixtures whose byes follow the "fewest wins" bye rule).

``support.opengotha`` — OpenGotha files (:mod:`gosheet.formats.opengotha`):
    ``read_fixture(name)``, ``imported_book(og, path, **options)`` (a saved workbook),
    ``export(path)`` (at ``NOW``), ``small(**changes)`` (4 players made by hand),
    ``PARAMETER_SETS``; ``tournament_file(head=, root=, criteria=, crit1=, crit2=,
    general=, pairing=, encoding=)`` (the bytes of a small file, 4 players with accents,
    2 rounds, a bye), ``OLD_HEAD`` / ``OLD_ROOT`` (an older OpenGotha's prolog and root).

``support.opengotha_jar`` — OpenGotha itself (its jar and headless drivers, from
    ``GOSHEET_OPENGOTHA_JAR`` / ``GOSHEET_OPENGOTHA_DRIVERS``, set by ``.ci/run``):
    ``drivers()`` (or the test skipped, saying why), ``OpenGotha.pair(source, r, out,
    results, weights)`` (a round paired with the 3.52 costs, results drawn, weights dumped),
    ``read_weights(path)``.

``support.og_trove`` — tournaments like the trove's: ``generate(seed, n, rounds, swiss=)``
    (an OpenGotha file), ``play(og, t, folder, seed)`` (every round paired by OpenGotha),
    ``judge(final, r, weights, bye_rule=None) -> Verdict`` (gosheet's round weighed by
    OpenGotha's dump; the forced pairs it misses, ``Verdict.explain()`` with their weights).

``support.books`` — saved workbooks (openpyxl, :mod:`gosheet.workbook`):
    ``sheet_table(book, sheet) -> (header, rows)``, ``rows_of(worksheet)``,
    ``sheet_rows(book, sheet)`` (every row, header included, as lists),
    ``setting`` / ``set_setting`` (the Settings sheet), ``write_csv`` (a roster file),
    ``play_rounds(path, n)`` (pair + simulate), ``damage(path, change)``,
    ``column_of`` / ``row_of`` / ``cell_of``, ``BOOK``, ``BACKUP``, ``ROSTER_CSV``.

``support.pairing`` — the invariants of a paired round, any system (:mod:`gosheet.core`;
``check_round_sheet`` reads a workbook):
    ``check_pairing(t, games, byes, repeats="never" | "fewest") -> Seating``
    (everyone present once, tables 1 … n, no result, handicap within the cap, no
    repeat / fewest repeats, as many games as possible, at most one bye where the
    field allows); ``check_round_sheet(book, n, players=…, names=…)`` (the same
    seen in a Round sheet); ``pairs_of``, ``met_pairs``, ``had_bye``,
    ``no_repeat_graph``, ``matching_size``, ``most_games_without_repeat``, ``dirac``.

``support.swiss`` — hand-made Swiss/Oware tournaments (players A, B, C …, rounds
typed by hand, ``OWARE_PLAYERS``) for the Oware book's tests.

``support.mcmahon`` — hand-made McMahon tournaments (players by rank, a round paired
and its winners entered) for the McMahon seed's tests.

``support.excel_client`` — the Excel tests' fake client (xlwings): ``ExcelClient``
(``from_file(path)``, ``payload()``, ``apply(actions)``, ``sheet(name).rows()``,
``coerced``, ``alerts``), ``remote_opener()`` (a real xlwings remote Book on a client's
JSON; set ``XLWINGS_LICENSE_KEY=noncommercial`` first), ``run(remote, client, button)``.

``support.printing`` — print packs and sites made once a session (``made_once()``: the demo,
a FUS and an Oware tournament, ``KINDS``), ``pdf_pages(pdf)`` (pdftotext), ``laid_out(pdf)``
(``pdftotext -layout``: a table's row a line), ``squeezed``,
``pages_on_a_phone`` (headless Chromium); ``needs_poppler`` / ``require_poppler()``,
``WITHOUT_CHROMIUM`` (skip, naming the Debian package, unless CI requires them).

``support.names_order`` — names every list sorted by name must order (``ROSTER``, fourteen
players of one rank: Łukasiewicz, Ødegård, Иванов, Pal·la …), their order in each language
(``EXPECTED``), ``first_names_of_lines(text)`` (of a list read back).

``support.libreoffice`` — real LibreOffice: ``missing_office()``, ``require_office()``,
``act(office, book, url, out)`` (a menu action on a document), ``convert(folder, kind,
*books)`` (as ``soffice --convert-to``, by one running LibreOffice a test worker),
``needs_soffice``, ``XLSX`` / ``ODS`` (filters).

``support.excel_made`` — workbooks as Excel writes them (not through openpyxl):
    ``from_workbook(path) -> Book`` (a saved workbook's cells), Excel's edits on a ``Book``
    (``delete_rows``, ``insert_rows``, ``sort_rows``, ``move_sheet``, ``copy_sheet``,
    ``rename_sheet``, ``add_sheet``; ``Sheet.set``, ``Cell`` with a formula, an error, a
    style), ``write_book(book, path, inline=False)`` (shared or inline strings, dimensions,
    shared formulas, hidden rows and columns, AutoFilter, frozen panes), ``sheet_part(path,
    sheet)`` (a sheet's XML bytes); its styles and theme in ``support.excel_styles``.

``support.results_files`` — results files (.h9, .tou, AGA) read back to compare with
OpenGotha's.

``support.examples`` — ``examples(n)``: a Hypothesis test's number of examples under the
profile in force (``--hypothesis-profile=fast`` caps it).

``support.small_disk`` — a real small disk: ``small_disk(folder, size)`` (a tmpfs mounted
there; Linux as root, ``cannot_mount()`` says why not), ``fill(folder, leave)``,
``remount(folder, "ro")``, ``free``, ``empty``, ``tree(folder)`` (every path and its bytes).

Fixtures (``open_book``, ``demo_book``, ``office``) and the Hypothesis profiles are in
``tests/conftest.py``.
"""
