"""A clean child process for the tests of helper processes (``gosheet.parallel``): a test
process may run threads (pytest-xdist's), where no helper starts. ``python
tests/support/parallel_child.py CASE`` prints one JSON object: what the case saw, and how
many times the process forked (``os.register_at_fork``)."""

from __future__ import annotations

import json
import os
import sys
import threading
from typing import Any

from gosheet import parallel

FORKS = [0]
os.register_at_fork(before=lambda: FORKS.__setitem__(0, FORKS[0] + 1))
PARENT = os.getpid()


def in_helper() -> bool:
    return os.getpid() != PARENT


def started() -> dict[str, Any]:
    parallel.allow(2)
    helper = parallel.start(lambda: [os.getpid() != PARENT, sum(range(1000))])
    assert helper is not None
    return {"result": helper.result(), "again": helper.result(), "free": parallel.free()}


def dies() -> dict[str, Any]:
    parallel.allow(2)
    helper = parallel.start(lambda: os._exit(3) if in_helper() else "here")
    assert helper is not None
    return {"result": helper.result()}


def raises_there() -> dict[str, Any]:
    def work() -> str:
        if in_helper():
            raise MemoryError("the helper's")
        return "here"

    parallel.allow(2)
    helper = parallel.start(work)
    assert helper is not None
    return {"result": helper.result()}


def raises() -> dict[str, Any]:
    def work() -> str:
        raise ValueError("a bad round")

    parallel.allow(2)
    helper = parallel.start(work)
    assert helper is not None
    try:
        helper.result()
    except ValueError as error:
        return {"raised": str(error)}
    return {"raised": None}


def falls_back() -> dict[str, Any]:
    calls: list[str] = []

    def work() -> str:
        if in_helper():
            os._exit(9)
        calls.append("work")
        return "work"

    def fallback() -> str:
        calls.append("fallback")
        return "fallback"

    parallel.allow(2)
    helper = parallel.start(work, fallback)
    assert helper is not None
    return {"result": helper.result(), "calls": calls}


def closed() -> dict[str, Any]:
    read, _write = os.pipe()
    parallel.allow(2)
    helper = parallel.start(lambda: os.read(read, 1))  # never written: waits for ever
    assert helper is not None
    helper.close()
    try:
        os.waitpid(helper.pid, os.WNOHANG)
        reaped = False
    except ChildProcessError:
        reaped = True
    return {"reaped": reaped, "free": parallel.free()}


def refused() -> dict[str, Any]:
    seen: dict[str, Any] = {}
    parallel.allow(1)
    seen["one process"] = [parallel.free(), parallel.start(lambda: 1) is None]
    parallel.allow(0)
    seen["none"] = parallel.free()
    parallel.allow(3)
    seen["three"] = parallel.free()
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait)
    thread.start()
    seen["a thread runs"] = [parallel.free(), parallel.start(lambda: 1) is None]
    stop.set()
    thread.join()
    seen["after it"] = parallel.free()
    os.environ[parallel.ENVIRONMENT] = "1"
    parallel.allow()
    seen["GOSHEET_PROCESSES=1"] = parallel.free()
    os.environ[parallel.ENVIRONMENT] = "3"
    parallel.allow()
    seen["GOSHEET_PROCESSES=3"] = parallel.free()
    return seen


def engine_rounds() -> dict[str, Any]:
    """OpenGotha's rounds of large synthetic fields, without and with a helper."""
    from gosheet.core.model import KeepApart
    from gosheet.core.opengotha import engine
    from gosheet.core.opengotha.synthetic import field, played
    from gosheet.records import replace

    if os.environ.get("GOSHEET_PURE"):  # (the pure path is slower: one smaller round)
        cases = {"one block, round 3": played(field(350, 4), 2, 2)}
    else:
        cases = {
            "blocks, round 1": field(700, 1, og_blocks=True),
            "blocks, round 4": played(field(700, 2, og_blocks=True), 3, 1),
            "one block, round 1": field(600, 3),
            "one block, round 3": played(field(600, 4), 2, 2),
            "1,400 players in blocks, round 2": played(field(1400, 5, og_blocks=True), 1, 3),
        }
    t = cases["one block, round 3"]
    near = sorted(t.players, key=lambda p: -p.known_rank)
    apart = tuple(
        KeepApart(a.number, b.number) for a, b in zip(near[::7], near[1::7], strict=False)
    )
    cases["kept apart, round 3"] = replace(t, keep_apart=apart[:40])
    seen: dict[str, Any] = {}
    for name, t in cases.items():
        parallel.allow(1)
        alone = engine.pair(t)
        prepared = engine.prepare(t)
        parts = engine.blocks(prepared)
        one_by_one = [engine.match(prepared, members) for members in parts]
        parallel.allow(2)
        before = FORKS[0]
        timing = engine.Timing()
        shared = engine.match_blocks(prepared, parts, timing)
        forks = FORKS[0] - before
        seen[name] = {
            "same blocks": shared == one_by_one,
            "same round": engine.pair(t) == alone,
            "forks": forks,
            "windows from the helper": timing.ahead,
            "blocks from the helper": timing.blocks_helped,
            "blocks": len(parts),
            "games": len(alone.games),
        }
    return seen


def poor_first_pairing() -> dict[str, Any]:
    """The local search from a poor first pairing: the first pairing with a few pairs of
    top players crossed with pairs of bottom players (a top player and a bottom player
    meet). The windows at the top improve, and so change the window graphs at the bottom
    (the partners outside them), given to the helper (the last half of the windows): those
    are solved here, the others taken from the helper."""
    return {f"seed {seed}": poor_search(seed) for seed in (1, 2, 3)}


def poor_search(seed: int) -> dict[str, Any]:
    import random

    from gosheet.core.opengotha import engine
    from gosheet.core.opengotha.synthetic import field

    prepared = engine.prepare(field(600, seed))
    info = prepared.info
    xp = info.xp
    members = xp.arange(prepared.paired, dtype=xp.int64)
    good = engine.first_pairs(prepared, members, engine.Timing()).pairs
    by_group = sorted(good, key=lambda pair: int(info.group[pair[0]]))
    draw = random.Random(seed)
    top, bottom = by_group[: len(good) // 3], by_group[-len(good) // 3 :]
    crossed = draw.sample(range(len(top)), 4), draw.sample(range(len(bottom)), 4)
    pairs = [p for p in good if p not in {top[k] for k in crossed[0]}]
    pairs = [p for p in pairs if p not in {bottom[k] for k in crossed[1]}]
    for t, b in zip(*crossed, strict=True):
        (a1, a2), (b1, b2) = top[t], bottom[b]
        pairs += [(min(a1, b1), max(a1, b1)), (min(a2, b2), max(a2, b2))]
    pairs.sort()
    parallel.allow(1)
    alone = engine.LocalSearch(prepared, members, pairs, None, engine.Timing()).run()
    parallel.allow(2)
    timing = engine.Timing()
    search = engine.LocalSearch(prepared, members, pairs, None, timing)
    given = frozenset(range(len(search.cores) // 2, len(search.cores)))
    helper = parallel.start(lambda: search.ahead(sorted(given)))
    assert helper is not None
    search.helped, search.helper = given, helper.result
    solved_here: set[int] = set()
    solved = search.solved

    def counted(k: int, local: Any, solve_here: Any) -> Any:
        def here() -> Any:
            solved_here.add(k)
            return solve_here()

        return solved(k, local, here)

    search.solved = counted  # type: ignore[method-assign]
    helped = search.run()
    helper.close()
    return {
        "same": helped == alone,
        "taken": timing.ahead,
        "given, solved here": len(given & solved_here),
    }


def engine_helper_dies() -> dict[str, Any]:
    """The engine's helper killed as it starts its work (its blocks and its windows): the
    command does that work itself, the same round."""
    from gosheet.core.opengotha import engine, local_search
    from gosheet.core.opengotha.synthetic import field, played

    t = played(field(1400, 5, og_blocks=True), 1, 3)
    parallel.allow(1)
    alone = engine.pair(t)
    match, ahead = engine.match, local_search.LocalSearch.ahead

    def dying_match(*args: Any, **kwargs: Any) -> Any:
        if in_helper():
            os._exit(5)
        return match(*args, **kwargs)

    def dying_ahead(*args: Any) -> Any:
        if in_helper():
            os._exit(5)
        return ahead(*args)

    engine.match = dying_match  # type: ignore[assignment]
    local_search.LocalSearch.ahead = dying_ahead  # type: ignore[method-assign]
    parallel.allow(2)
    prepared = engine.prepare(t)
    timing = engine.Timing()
    before = FORKS[0]
    parts = engine.blocks(prepared)
    shared = engine.match_blocks(prepared, parts, timing)
    parallel.allow(1)
    one_by_one = [match(prepared, members) for members in parts]
    return {
        "same blocks": shared == one_by_one,
        "same round": engine.pair(t) == alone,
        "forks": FORKS[0] - before,
        "from the helper": [timing.ahead, timing.blocks_helped],
        "helpers running": parallel._running,
    }


def where_and_numpy(fail_there: bool = False) -> list[bool]:
    """(computed in a helper?, numpy imported where computed?); raises in a helper if
    ``fail_there``."""
    if fail_there and in_helper():
        raise ValueError("the helper's")
    return [in_helper(), "numpy" in sys.modules]


def warm() -> dict[str, Any]:
    seen: dict[str, Any] = {}
    parallel.allow(1)
    seen["one process"] = [parallel.warm(("numpy",)), parallel.delegate(where_and_numpy)]
    parallel.allow(2)
    seen["warm"] = parallel.warm(("numpy",))
    seen["again"] = parallel.warm(("numpy",))  # (one warm helper)
    seen["delegated"] = parallel.delegate(where_and_numpy)
    seen["twice"] = parallel.delegate(where_and_numpy)
    seen["failed there"] = parallel.delegate(where_and_numpy, True)  # computed here instead
    seen["after"] = parallel.delegate(where_and_numpy)  # (a helper that failed: not asked again)
    seen["numpy here"] = "numpy" in sys.modules
    parallel.finish()
    seen["running"] = parallel._running
    return seen


def freeze_count() -> int:
    import gc

    return gc.get_freeze_count()


def warm_named() -> dict[str, Any]:
    """Functions delegated by name (``parallel.Named``): imported where they are computed;
    what this process imports meanwhile (a module that cannot be imported among them: left
    alone); what the warm helper holds when a job starts, out of the collector's sight."""
    parallel.allow(2)
    meanwhile = ("colorsys", "gosheet_no_such_module", "wave")
    seen: dict[str, Any] = {"before": [name in sys.modules for name in meanwhile]}
    assert parallel.warm(("numpy",), (), meanwhile)
    median = parallel.Named("statistics", "median")
    seen["median"] = parallel.delegate(median, [3, 1, 2])
    seen["statistics here"] = "statistics" in sys.modules
    seen["imported meanwhile"] = [name in sys.modules for name in meanwhile]
    seen["by name, there"] = parallel.delegate(parallel.Named("__main__", "where_and_numpy"))
    seen["frozen there"] = parallel.delegate(parallel.Named("__main__", "freeze_count")) > 0
    seen["frozen here"] = freeze_count()
    parallel.finish()
    seen["by name, here"] = parallel.delegate(parallel.Named("__main__", "where_and_numpy"))
    seen["median here"] = parallel.delegate(median, [3, 1, 2])
    return seen


def warm_ahead() -> dict[str, Any]:
    """Work ahead (``parallel.ahead``): done here while the warm helper computes a call the
    block hands it, once; else when its value is asked for; one that fails there raises
    when asked."""
    done: list[str] = []

    def work(name: str) -> list[Any]:
        done.append(name)
        return [name, in_helper()]

    def fails() -> None:
        done.append("fails")
        raise ValueError("ahead")

    parallel.allow(2)
    seen: dict[str, Any] = {}
    with parallel.ahead(lambda: work("no call")) as idle:
        assert parallel.warm(("numpy",))
    seen["no call"] = [idle.done, idle.value(), idle.value()]
    with parallel.ahead(lambda: work("during")) as during, parallel.ahead(fails) as failing:
        seen["delegated"] = parallel.delegate(where_and_numpy)
        seen["during"] = [during.done, list(done)]
        parallel.delegate(where_and_numpy)  # (done once)
    seen["during, asked"] = during.value()
    try:
        failing.value()
    except ValueError as error:
        seen["failing, asked"] = str(error)
    parallel.finish()
    with parallel.ahead(lambda: work("no helper")) as alone:
        parallel.delegate(where_and_numpy)
    seen["no helper"] = [alone.done, alone.value()]
    seen["done"] = done
    seen["open"] = len(parallel._ahead)
    return seen


def warm_killed() -> dict[str, Any]:
    import signal

    parallel.allow(2)
    assert parallel.warm(("numpy",))
    assert parallel._warm is not None
    os.kill(parallel._warm.pid, signal.SIGKILL)
    delegated = parallel.delegate(where_and_numpy)
    return {
        "delegated": delegated,
        "warm": parallel._warm is not None,
        "running": parallel._running,
    }


def warm_command() -> dict[str, Any]:
    """``gosheet pair BOOK`` (``sys.argv[2]``) with a warm helper whatever its size: the
    round paired there, neither numpy nor OpenGotha's engine ever imported here."""
    import atexit

    parallel.PAIR_WARM_FROM = 0
    forks = FORKS[0]

    def told() -> None:
        seen = {
            "numpy here": "numpy" in sys.modules,
            "engine here": "gosheet.core.opengotha.engine" in sys.modules,
            "forks": FORKS[0] - forks,
        }
        sys.stderr.write(json.dumps(seen) + "\n")

    atexit.register(told)
    sys.argv = ["gosheet", "pair", sys.argv[2]]
    from gosheet.__main__ import script

    script()
    return {}


def refused_by_the_system() -> dict[str, Any]:
    """``os.fork`` refused (a process limit, a sandbox): no helper, the work done here, no
    file descriptor left open."""

    def no_fork() -> int:
        raise BlockingIOError(11, "Resource temporarily unavailable")

    os.fork = no_fork  # type: ignore[assignment]
    parallel.allow(2)
    fds = len(os.listdir("/proc/self/fd"))
    started = parallel.start(lambda: 1)
    warmed = parallel.warm(("numpy",))
    delegated = parallel.delegate(where_and_numpy)
    return {
        "start": started is None,
        "warm": warmed,
        "delegated": delegated,
        "fds left open": len(os.listdir("/proc/self/fd")) - fds,
        "running": parallel._running,
    }


CASES = {
    f.__name__: f
    for f in (
        started,
        dies,
        raises_there,
        raises,
        falls_back,
        closed,
        refused,
        engine_rounds,
        poor_first_pairing,
        engine_helper_dies,
        warm,
        warm_named,
        warm_ahead,
        warm_killed,
        warm_command,
        refused_by_the_system,
    )
}

if __name__ == "__main__":
    print(json.dumps({"seen": CASES[sys.argv[1]](), "forks": FORKS[0]}))
