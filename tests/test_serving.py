"""The server sized for a class (``python -m uno_nb.serving.webapp --class-size K``,
``make app CLASS=K``) and the lab's compiled simulator compiled in the
background: the pools' sizes, the scheduler that starts pooled kernels in the
calm between pages, their CPU priority, the start-up line, and the lab playing
on the engine until the kernel is compiled.  Headless: no browser."""

from __future__ import annotations

import asyncio
import html
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from uno_nb import kernel, lab
from uno_nb.serving.pools import (CLASS_PAGES, BoardLead, class_pools, page_names, ready_line,
                                  split_arguments, twin)
from uno_nb.serving.priority import Priority, _autogroup, may_raise_priority
from uno_nb.serving.scheduler import PoolClosed, StartScheduler, start_slots

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
ALL_NOTEBOOKS = sorted(str(p.relative_to(NOTEBOOKS)) for p in NOTEBOOKS.rglob("*.ipynb"))


# -- the pools for a class ------------------------------------------------------------------

def test_a_class_gets_its_size_of_kernels_on_the_page_a_lesson_starts_on():
    pools = class_pools(30, CLASS_PAGES, NOTEBOOKS)
    assert pools == {"default": {"pool_size": 1},
                     "01_rules_step_by_step.ipynb": {"pool_size": 30}}
    assert class_pools(5, ["02_card_odds", "ru/02_card_odds"], NOTEBOOKS) == {
        "default": {"pool_size": 1}, "02_card_odds.ipynb": {"pool_size": 5},
        "ru/02_card_odds.ipynb": {"pool_size": 5}}
    # every other notebook, the Russian pages included, keeps voila.json's pool of 1
    voila = json.loads((ROOT / "voila.json").read_text())
    assert voila["VoilaConfiguration"]["default_pool_size"] == 1
    assert class_pools(2, ["00_index"], NOTEBOOKS, default_size=3)["default"] == {"pool_size": 3}


def test_pages_are_named_with_or_without_their_suffix_and_folder():
    assert page_names(["02_card_odds", " 05_play_against_bots.ipynb "], NOTEBOOKS) == [
        "02_card_odds.ipynb", "05_play_against_bots.ipynb"]
    assert page_names(["ru/02_card_odds", "notebooks/ru/01_rules_step_by_step.ipynb",
                       "ru/02_card_odds.ipynb"], NOTEBOOKS) == [
        "ru/02_card_odds.ipynb", "ru/01_rules_step_by_step.ipynb"]
    every = page_names([name.removesuffix(".ipynb") for name in ALL_NOTEBOOKS], NOTEBOOKS)
    assert sorted(every) == ALL_NOTEBOOKS


def test_a_page_that_is_not_there_is_refused_with_the_pages_that_are():
    with pytest.raises(ValueError, match=r"no page '02_odds'.*02_card_odds, 03_scoring.*ru/00_index"):
        page_names(["02_odds"], NOTEBOOKS)
    with pytest.raises(ValueError, match="names no page"):
        page_names([" ", ""], NOTEBOOKS)
    with pytest.raises(ValueError, match="1 or more"):
        class_pools(0, CLASS_PAGES, NOTEBOOKS)


def test_the_launcher_takes_its_own_options_and_gives_voila_the_rest():
    assert split_arguments(["--class-size", "30", "--port=9000", "--no-browser"]) == (
        30, None, ["--port=9000", "--no-browser"])
    assert split_arguments(["--class-size=2", "--pages", "02_card_odds,ru/05_play_against_bots",
                            "--Voila.port_retries=0"]) == (
        2, ["02_card_odds", "ru/05_play_against_bots"], ["--Voila.port_retries=0"])
    assert split_arguments(["--host=0.0.0.0"]) == (None, None, ["--host=0.0.0.0"])
    for bad in (["--class-size", "0"], ["--class-size", "thirty"], ["--pages", "02_card_odds"]):
        with pytest.raises(SystemExit) as stopped:
            split_arguments(bad)
        assert stopped.value.code == 2


def make_app_command(*args: str, **env: str) -> str:
    """The command `make app` runs (``make -n``), outside any make of the caller."""
    outer = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")}
    done = subprocess.run(["make", "-n", "--no-print-directory", "app", *args], cwd=ROOT,
                          capture_output=True, text=True, env={**outer, **env}, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_make_app_passes_class_from_its_command_line_only_and_starts_at_once():
    assert make_app_command("CLASS=30").splitlines()[-1].endswith("-m uno_nb.serving.webapp --class-size=30")
    assert make_app_command("HOST=0.0.0.0", "CLASS=30").splitlines()[-1].endswith(
        "-m uno_nb.serving.webapp --host=0.0.0.0 --class-size=30")
    assert make_app_command(CLASS="30").splitlines()[-1].endswith("-m uno_nb.serving.webapp")
    # no compiling before the app: the launcher does it in the background
    assert "uno_nb.kernel" not in make_app_command()


# -- the start-up line --------------------------------------------------------------------

def test_the_ready_line_says_the_visitors_their_page_the_kernels_and_the_memory():
    assert ready_line(30, 44, 2_141_000_000, "02_card_odds.ipynb") == (
        "ready for 30 visitors on 02_card_odds.ipynb: 44 kernels, 2.1 GB of memory")
    assert ready_line(None, 14, 930_000_000) == "ready: 14 kernels, 0.9 GB of memory"
    assert ready_line(1, 1, None) == "ready for 1 visitor: 1 kernel"


def test_a_page_sent_from_the_board_is_the_classes_page_in_the_classes_language():
    assert twin("02_card_odds", "ru/01_rules_step_by_step.ipynb") == "ru/02_card_odds.ipynb"
    assert twin("05_play_against_bots", "01_rules_step_by_step.ipynb") == (
        "05_play_against_bots.ipynb")


def test_the_board_lead_is_read_when_the_board_file_changes(tmp_path):
    from uno_nb.classboard import ClassBoard
    path = tmp_path / "board.sqlite3"
    lead = BoardLead(path)
    assert lead.page() is None  # no board yet
    board = ClassBoard(path)
    code = board.start_class()
    assert lead.page() is None  # a class, sent nowhere yet
    board.lead(code, page="02_card_odds")
    assert lead.page() == "02_card_odds"
    board.lead(code, page="05_play_against_bots")
    assert lead.page() == "05_play_against_bots"
    board.start_class()  # a new class closes the last one: it is sent nowhere
    assert lead.page() is None


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="no /proc")
def test_memory_is_read_from_proc():
    from uno_nb.memory import pss_bytes  # (what the ready line reads, summed over the app)
    assert pss_bytes(os.getpid()) > 10_000_000  # this interpreter, numpy and pytest loaded
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    assert pss_bytes(child.pid) is None  # gone


def test_kernels_start_one_at_a_time_on_two_cores():
    assert [start_slots(n) for n in (1, 2, 3, 4, 8, 64)] == [1, 1, 1, 2, 4, 4]


# -- the scheduler: a few at a time, in the calm ---------------------------------------

def test_starts_take_turns_by_rank_and_never_exceed_the_slots():
    async def scenario() -> list[str]:
        scheduler = StartScheduler(slots=2, quiet=0.05)
        began: list[str] = []

        async def start(name: str, rank: tuple[int, ...]) -> None:
            await scheduler.turn(lambda: rank)
            began.append(name)
            assert scheduler.running <= 2
            await asyncio.sleep(0.02)
            scheduler.release()

        await asyncio.gather(*(start(name, rank) for name, rank in [
            ("page A, second", (1, 1)), ("index", (0, 0)), ("page A, first", (0, 1)),
            ("page B, second", (1, 1)), ("other", (0, 2))]))
        assert scheduler.running == 0 and scheduler.waiting == 0
        return began

    # those asked for together start best ranked first (then by age)
    assert asyncio.run(scenario()) == ["index", "page A, first", "other", "page A, second",
                                       "page B, second"]


def test_no_start_begins_while_pages_are_served_nor_until_the_calm_after_them():
    quiet = 0.3

    async def scenario() -> tuple[float, list[float]]:
        scheduler = StartScheduler(slots=1, quiet=quiet)
        loop = asyncio.get_running_loop()
        began: list[float] = []

        async def start() -> None:
            await scheduler.turn(lambda: (0,))
            began.append(loop.time())
            scheduler.release()

        scheduler.page_started()              # a burst of pages: two at once, then a third
        scheduler.page_started()
        waiting = [asyncio.ensure_future(start()) for _ in range(3)]
        await asyncio.sleep(0.2)
        scheduler.page_ended()
        scheduler.page_started()
        await asyncio.sleep(0.4)              # longer than the calm, but a page is still served
        assert began == [] and scheduler.waiting == 3 and not scheduler.calm
        scheduler.page_ended()
        await asyncio.sleep(0.1)
        scheduler.kernel_taken()              # a kernel handed out pushes the calm back too
        scheduler.page_ended()
        last_activity = loop.time()
        await asyncio.gather(*waiting)
        return last_activity, began

    last_activity, began = asyncio.run(scenario())
    assert len(began) == 3
    assert began[0] - last_activity >= quiet * 0.9  # the timer's resolution on a busy machine


def test_a_kernel_a_visitor_waits_for_starts_at_once_and_a_stopping_server_starts_none():
    async def scenario() -> None:
        scheduler = StartScheduler(slots=1, quiet=10)
        scheduler.page_started()
        wanted = {"now": False}
        asked = asyncio.ensure_future(scheduler.turn(lambda: (-1,) if wanted["now"] else (0,)))
        idle = asyncio.ensure_future(scheduler.turn(lambda: (0,)))
        await asyncio.sleep(0.05)
        assert not asked.done()
        wanted["now"] = True                  # handed to a visitor while waiting for its turn
        scheduler.poke()
        await asyncio.wait_for(asked, 1)
        scheduler.close()
        with pytest.raises(PoolClosed):
            await idle
        with pytest.raises(PoolClosed):
            await scheduler.turn(lambda: (0,))

    asyncio.run(scenario())


# -- a refilling kernel's CPU priority ----------------------------------------------------

def nice_of(pid: int) -> tuple[int | None, int]:
    found = _autogroup(pid)
    return (None if found is None else found[1]), os.getpriority(os.PRIO_PROCESS, pid)


def settle(priority: Priority, low: bool) -> None:
    for _ in range(50):
        if priority.set(low):
            return
        time.sleep(0.1)  # the autogroup's rate limit, for a server without CAP_SYS_ADMIN
    raise AssertionError("the priority could not be set")


@pytest.mark.skipif(not hasattr(os, "setpriority"), reason="no setpriority")
def test_a_lowered_kernel_gets_its_priority_back():
    """A kernel (a session of its own, as Jupyter starts them) lowered while it
    preheats, then raised back: nothing of the lowering is left."""
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"],
                             start_new_session=True)
    try:
        before = nice_of(child.pid)
        priority = Priority(child.pid)
        settle(priority, True)
        if not (priority.autogroup or priority.nice):
            assert not may_raise_priority()
            pytest.skip("no autogroups and no right to raise a priority back: refills run as they are")
        autogroup, nice = nice_of(child.pid)
        if priority.autogroup:
            assert autogroup == before[0] + 10
        if priority.nice:
            assert nice == before[1] + 10
        settle(priority, False)
        assert nice_of(child.pid) == before
    finally:
        child.kill()
        child.wait()


def test_the_servers_own_autogroup_is_never_lowered():
    """A process in the server's session shares its autogroup: lowering that
    would lower the server."""
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        assert not Priority(child.pid).autogroup
    finally:
        child.kill()
        child.wait()


# -- the lab until the compiled simulator is ready ---------------------------------------

needs_numba = pytest.mark.skipif(not kernel.available(), reason="numba is not installed")


@pytest.fixture
def marker(tmp_path, monkeypatch):
    """The ready marker somewhere of the test's own, not beside the real cache."""
    path = tmp_path / "cache" / kernel.READY_NAME
    from uno_nb.kernel import cache
    monkeypatch.setattr(cache, "ready_marker", lambda: path)  # where mark_ready and not_ready look
    monkeypatch.setenv(kernel.SERVED_ENV, "1")  # a lab run in the web app's kernels
    return path


def lab_run():
    return lab.run("standard", ["heuristic"] * 4, 30, seed=5, executor="serial")


@needs_numba
def test_without_the_marker_the_lab_plays_on_the_engine_and_says_why(marker):
    result = lab_run()
    assert (result.engine, result.fallback) == ("engine", kernel.not_ready())
    assert "not compiled yet" in result.fallback
    # asked for the kernel by name, a run plays on it (compiling it first if need be)
    assert lab.run("standard", ["heuristic"] * 4, 30, seed=5, executor="serial",
                   engine="kernel").engine == "kernel"


@needs_numba
def test_a_marker_made_for_other_sources_is_stale(marker):
    assert kernel.mark_ready(marker)
    said = json.loads(marker.read_text())
    assert said["fingerprint"] == kernel.fingerprint()
    for stale in ({**said, "fingerprint": "0" * 64},
                  {**said, "sources": {**said["sources"], "jit.py": [0, 1]}},  # touched
                  "not a marker"):
        marker.write_text(json.dumps(stale))
        result = lab_run()
        assert result.engine == "engine" and "other sources" in result.fallback
    marker.write_text("{half a")
    assert "not compiled yet" in lab_run().fallback


@needs_numba
def test_once_the_marker_is_there_the_next_run_plays_on_the_kernel_without_a_restart(marker):
    before = lab_run()
    assert before.engine == "engine"
    assert kernel.mark_ready(marker)          # what `python -m uno_nb.kernel` does when done
    after = lab_run()
    assert (after.engine, after.fallback) == ("kernel", None)
    assert after.records == before.records    # the same games either way


@needs_numba
def test_a_compile_that_failed_here_is_said_so_not_being_prepared_until_one_succeeds(
        marker, monkeypatch):
    from uno_nb.texts import text
    from uno_nb.widgets import LabApp

    def broken() -> float:
        raise MemoryError("out of memory while compiling")

    monkeypatch.setattr(kernel, "warm", broken)
    with pytest.raises(MemoryError):
        kernel.main([])  # what the launcher's background compile runs
    said = json.loads(kernel.failed_marker(marker).read_text())
    assert said["error"] == "MemoryError: out of memory while compiling"
    assert kernel.not_ready() == kernel.COMPILE_FAILED
    assert not kernel.is_compiling_reason(kernel.COMPILE_FAILED)
    assert lab_run().fallback == kernel.COMPILE_FAILED
    app = LabApp("standard", "party", players=3, games=30, seed=5)
    assert text("lab.engine_failed") in html.unescape(app._status.value)
    # a note made for other sources is no note about this kernel
    kernel.failed_marker(marker).write_text(json.dumps({**said, "stamp": {"fingerprint": "0"}}))
    assert kernel.not_ready() == kernel.NOT_COMPILED
    assert kernel.mark_failed("again", marker) and kernel.not_ready() == kernel.COMPILE_FAILED
    assert kernel.mark_ready(marker)  # a later compile that succeeds takes the note away
    assert not kernel.failed_marker(marker).exists() and kernel.not_ready() is None


@needs_numba
def test_the_background_compile_says_nothing_to_do_when_ready():
    """``--if-needed`` (what the launcher runs) after conftest.py's compile."""
    done = subprocess.run([sys.executable, "-m", "uno_nb.kernel", "--if-needed"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "uno_nb.kernel: compiled simulator ready (already compiled)\n"
    bad = subprocess.run([sys.executable, "-m", "uno_nb.kernel", "--now"],
                         capture_output=True, text=True, timeout=300)
    assert bad.returncode == 2 and bad.stderr.startswith("usage:")


# -- the server, started for a class of two -----------------------------------------------

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url: str, headers: dict[str, str] | None = None) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {}),
                                    timeout=120) as response:
            return response.status, response.read().decode(errors="replace")
    except urllib.error.HTTPError as error:
        return error.code, ""


def children(pid: int) -> list[int]:
    """The processes ``pid`` started (its kernels, the compile), from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
        except (OSError, ValueError, IndexError):
            pass
    return found


def wait_for_line(log: Path, server: subprocess.Popen, pattern: str, seconds: float = 240) -> re.Match:
    """The server's log line matching ``pattern``, waiting for it (generous:
    a busy two-core machine) while the server runs."""
    deadline = time.monotonic() + seconds
    while not (found := re.search(pattern, log.read_text())):
        assert server.poll() is None, f"the server stopped:\n{log.read_text()[-4000:]}"
        assert time.monotonic() < deadline, f"no {pattern!r} in time:\n{log.read_text()[-4000:]}"
        time.sleep(0.2)
    return found


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the kernels in /proc")
def test_a_server_for_a_class_of_two_says_when_its_kernels_are_ready_and_follows_the_class(
        tmp_path):
    """The server preheats two kernels for the class's page and one for every
    other notebook, all forked from one process that imported the kit, says
    so once they are all ready with the app's memory, and a burst of three
    visitors on that page all get it (the third on a kernel of its own).
    When the teacher sends the class to another page from the board, that
    page gets the class's kernels and the first gives back its extra one.
    The simulator is "compiled" meanwhile (its ready marker taken away: the
    launcher's compile loads it from the cache and renews the lab's kernels
    while the pools start).  A normal start and all of that log no
    traceback and no error."""
    from uno_nb.classboard import ClassBoard
    from uno_nb.memory import descendants
    ready = kernel.ready_marker()
    kept = ready.read_bytes() if ready.exists() else None
    ready.unlink(missing_ok=True)
    log = tmp_path / "app.log"
    board_file = tmp_path / "board.sqlite3"
    port = free_port()
    with open(log, "w") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "uno_nb.serving.webapp", "--class-size", "2", "--pages", "00_index",
             "--no-browser", f"--port={port}", "--Voila.port_retries=0"],
            cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
            env={**os.environ, "UNO_NB_CLASSBOARD": str(board_file)})
    started: list[int] = []
    try:
        said = wait_for_line(log, server, r"ready for 2 visitors on 00_index.ipynb: (\d+) kernels, "
                                          r"(\d+\.\d) GB of memory")
        started = descendants(server.pid)
        text = log.read_text()
        assert int(said.group(1)) == len(ALL_NOTEBOOKS) + 1  # 00_index has two
        assert 0.02 * int(said.group(1)) <= float(said.group(2)) <= 0.2 * int(said.group(1))
        # every kernel is a child of the one fork server, none of the server itself
        # (its other child: the simulator's compile, while it runs)
        ids = re.findall(r"Kernel started: ([0-9a-f-]{36})", text)
        assert len(ids) >= int(said.group(1))  # (and those the compile renewed)
        commands = {pid: Path(f"/proc/{pid}/cmdline").read_bytes() for pid in children(server.pid)}
        forkers = [pid for pid, command in commands.items() if b"uno_nb.serving.forking" in command]
        assert len(forkers) == 1, commands
        assert all(b"uno_nb.kernel" in command for pid, command in commands.items()
                   if pid not in forkers), commands
        assert len(children(forkers[0])) >= int(said.group(1))
        # Voilà lists no kernels (GET /api/kernels is not served: a list of every
        # kernel's id would let anyone connect to any visitor's kernel), but it
        # answers for each kernel it runs
        assert get(f"http://127.0.0.1:{port}/api/kernels")[0] == 404
        answered = [get(f"http://127.0.0.1:{port}/api/kernels/{kernel_id}") for kernel_id in ids]
        alive = [json.loads(body)["id"] for status, body in answered if status == 200]
        assert len(alive) >= int(said.group(1)) and set(alive) <= set(ids)
        # a burst outruns the pool: the third visitor still gets the page
        pages: list[tuple[int, str]] = []
        visits = [threading.Thread(target=lambda: pages.append(
            get(f"http://127.0.0.1:{port}/voila/render/00_index.ipynb"))) for _ in range(3)]
        for visit in visits:
            visit.start()
        for visit in visits:
            visit.join(180)
        assert [status for status, _ in pages] == [200] * 3
        assert all("<title>" in body and "uno_nb</title>" in body for _, body in pages)
        kernels = {re.search(r'"kernelId": "([0-9a-f-]{36})"', body).group(1) for _, body in pages}
        assert len(kernels) == 3  # each visitor on a kernel of their own
        assert log.read_text().count("Using pre-heated kernel:") == 2
        # the teacher sends the class to 02: its pool grows to two, the index's shrinks
        board = ClassBoard(board_file)
        board.lead(board.start_class(), page="02_card_odds")
        wait_for_line(log, server, r"The class is on 02_card_odds.ipynb \(sent there from the "
                                   r"class board\)")
        wait_for_line(log, server, r"ready for 2 visitors on 02_card_odds.ipynb: \d+ kernels, "
                                   r"\d+\.\d GB of memory")
        # three students opening 05 move the class there (the board still says 02)
        # (one student reloading moves nothing: different browsers do)
        for browser in ("Firefox", "Firefox", "Firefox", "Chrome", "Safari"):
            assert get(f"http://127.0.0.1:{port}/voila/render/05_play_against_bots.ipynb",
                       {"User-Agent": browser})[0] == 200
            assert ("The class is on 05" in log.read_text()) == (browser == "Safari")
        wait_for_line(log, server, r"The class is on 05_play_against_bots.ipynb \(3 visitors "
                                   r"opened it within 60 s\)")
        wait_for_line(log, server, r"ready for 2 visitors on 05_play_against_bots.ipynb: ")
        if kept is not None:  # (without numba there is nothing to compile)
            wait_for_line(log, server, r"The lab's compiled simulator is ready")
        text = log.read_text()
        assert "Traceback" not in text and "ERROR" not in text
    finally:
        if kept is not None and not ready.exists():
            ready.write_bytes(kept)
        started += descendants(server.pid)
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)
            try:
                server.wait(60)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait()
        for pid in set(started) - {server.pid}:  # the kernels live in sessions of their own
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


def test_the_lab_pages_are_the_notebooks_whose_kernels_are_renewed_once_compiled():
    """Their first games are played when their kernel is preheated; the
    launcher renews those kernels once the simulator is compiled (checked by
    hand in the issue's note: the lab page opened after the compile says its
    10,000 games took about a second, with no word of the engine)."""
    from uno_nb.serving.kernel_manager import lab_notebooks
    assert lab_notebooks(NOTEBOOKS) == ["04_house_rules_lab.ipynb", "ru/04_house_rules_lab.ipynb"]


def test_only_files_named_by_their_content_are_kept_by_the_browser():
    from uno_nb.serving.webapp import is_content_named

    base = "/voila/labextensions/@jupyter-widgets/jupyterlab-manager/static/"
    assert is_content_named(base + "remoteEntry.c8c9eed2cdefdeac.js")
    assert is_content_named("/voila/labextensions/anywidget/static/2.3dbf81c0.js")
    assert is_content_named(base + "7.js", version="2a0ce575775f5aad")
    assert not is_content_named("/voila/labextensions/@jupyter-widgets/jupyterlab-manager/package.json")
    assert not is_content_named(base + "style.js")
    assert not is_content_named(base + "7.js", version="1")  # not a hash
    assert not is_content_named("/voila/static/7155.voila.js")  # a chunk's number, no hash


# -- what a page costs the network (uno_nb.serving.transfer) ------------------------------

def test_gzip_is_what_the_browser_says_it_takes():
    from uno_nb.serving.transfer import accepts_gzip, cache_control, compressible

    assert accepts_gzip("gzip, deflate")
    assert accepts_gzip("br;q=1.0, gzip;q=0.8")
    assert not accepts_gzip("gzip;q=0, deflate")
    assert not accepts_gzip("")
    assert not accepts_gzip("identity")
    assert all(map(compressible, ["text/html; charset=UTF-8", "text/javascript", "text/css",
                                  "application/json", "image/svg+xml"]))
    assert not any(map(compressible, ["font/woff2", "image/png", ""]))
    assert cache_control("/uno_nb/made/voila-chunks.00b054b6835b1e7c.js") == (
        "public, max-age=31536000, immutable")
    assert cache_control("/voila/static/voila.js") == "no-cache"


def test_a_static_file_is_compressed_once_until_it_changes(tmp_path):
    import gzip

    from uno_nb.serving.transfer import GzipCache

    path = tmp_path / "a.js"
    path.write_text("let a = 1;\n" * 500)
    cache = GzipCache()
    first = cache.body(str(path))
    assert cache.body(str(path)) is first and cache.compressed == 1  # 30 students: one gzip
    assert gzip.decompress(first) == path.read_bytes()
    path.write_text("let b = 2;\n" * 500)
    os.utime(path, ns=(time.time_ns() + 10**9,) * 2)
    assert gzip.decompress(cache.body(str(path))) == path.read_bytes()
    assert cache.compressed == 2 and len(cache._bodies) == 1  # the old body is dropped


def test_a_script_is_sent_without_its_inlined_source_map_and_large_ones_smaller(tmp_path):
    """A development build's script (its source map inlined, as anywidget's
    lab extension ships) is sent minified and without the map, gzip'd or
    not; a large file is compressed again with zopfli, off the server's
    thread, and sent as that once it is done."""
    import gzip

    from uno_nb.serving.transfer import _BACKGROUND, GzipCache, without_source_map

    code = b"// the answer\nexport function answer() {\n    return 42;  // always\n}\n"
    built = code + b"//# sourceMappingURL=data:application/json;base64," + b"A" * 5000 + b"\n"
    assert without_source_map(code) is code  # a production build: as it is
    script = without_source_map(built)
    assert b"sourceMappingURL" not in script and b"return 42" in script and len(script) < len(code)
    path = tmp_path / "remoteEntry.0123abcd.js"
    path.write_bytes(built)
    cache = GzipCache()
    assert gzip.decompress(cache.body(str(path))) == cache.plain(str(path)) == script
    plain = tmp_path / "plain.js"
    plain.write_bytes(code * 100)
    assert cache.plain(str(plain)) is None  # the file's own bytes are sent
    large = tmp_path / "large.css"
    large.write_bytes(b"".join(b".c%d { color: #%06x; }\n" % (i, i * 997) for i in range(3000)))
    first = cache.body(str(large))
    _BACKGROUND.submit(lambda: None).result(timeout=60)  # the zopfli pass is done
    again = cache.body(str(large))
    assert gzip.decompress(again) == large.read_bytes() and len(again) < len(first)


def test_nbconvert_styles_are_sent_without_the_icons_voilas_styles_give():
    from uno_nb.serving.transfer import prepared, without_icon_css

    header = b"/*-----\n| Copyright (c) Jupyter Development Team.\n|-----*/\n"
    icons = (b"/* This file was auto-generated by ensureUiComponents() in @jupyterlab/buildutils */\n"
             b":root { --jp-icon-add: url(data:image/svg+xml;base64,AAAA); }\n"
             b".jp-AddIcon { background-image: var(--jp-icon-add); }\n")
    css = header + b".a { color: red; }\n" + icons + header + b".b { color: blue; }\n"
    assert without_icon_css(css) == header + b".a { color: red; }\n" + header + b".b { color: blue; }\n"
    assert without_icon_css(header + b".a {}\n") == header + b".a {}\n"  # none: as it is
    assert prepared("/x/lab/static/index.css", css) == without_icon_css(css)
    assert prepared("/x/lab/static/theme-light.css", css) == css


def test_voilas_chunks_are_bundled_for_the_voila_they_were_listed_for(tmp_path):
    from uno_nb.serving.transfer import VOILA_VERSION, voila_chunks

    for chunk in (1, 2):
        (tmp_path / f"{chunk}.voila.js").write_text(f'"use strict";(self.w=self.w||[]).push([[{chunk}],{{}}]);')
    bundle = voila_chunks([tmp_path], VOILA_VERSION, chunks=(1, 2))
    assert bundle is not None and bundle.filename == f"voila-chunks.{bundle.digest}.js"
    assert bundle.body.count(b"(function(){") == 2  # each chunk in a function of its own
    assert voila_chunks([tmp_path], "0.6.0", chunks=(1, 2)) is None  # another Voilà: as it was
    assert voila_chunks([tmp_path], VOILA_VERSION, chunks=(1, 3)) is None  # a chunk missing
