"""No student can exhaust the server (issue 38, part 3): the kernels a
visitor and the whole app may have, the kernel of a page that never connects,
and a page that floods its websocket (``uno_nb.serving.limits``,
``uno_nb.serving.flood``).

The rules are tested without a server first; then one small server of its
own (only the index preheated, a visitor held to three kernels, a page given
five seconds to connect) takes fifty requests at once from one visitor, a
page that never connects, and two floods, with no browser: a script is what
a student with developer tools would use.  Nothing here waits a fixed time:
each test waits for what it expects (the server's answer, a kernel gone, a
socket closed), with a generous deadline for a busy machine.
"""

from __future__ import annotations

import asyncio
import base64
import json
import logging
import os
import re
import socket
import time
import urllib.error
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from uno_nb import texts
from uno_nb.serving.flood import (BadFrame, FloodLimits, InFlight, KernelGuard, SocketGuard,
                                  TokenBucket, action_key, check_frame)
from uno_nb.serving.limits import (Caps, NeverConnected, Place, Visitors, page_language, refusal,
                                   total_from_memory, visitor_of)

from tests.reading import cyrillic_share, english_words

# -- the rules, without a server ----------------------------------------------------------

def test_a_token_bucket_lets_its_rate_through_in_bursts_and_no_more():
    bucket = TokenBucket(rate=100, burst=200, now=0.0)
    assert sum(bucket.take(0.0) for _ in range(1000)) == 200  # a burst, then nothing
    assert bucket.take(0.0) is False
    assert sum(bucket.take(1.0) for _ in range(1000)) == 100  # a second later: a second's worth
    # over ten seconds of asking 1,000 times a second, 100 a second go through
    # (and the 100 saved up in the second no one asked)
    passed = sum(bucket.take(2.0 + i / 1000) for i in range(10_000))
    assert 1099 <= passed <= 1101
    assert bucket.take(1000.0) and bucket.tokens == 199  # never more than the burst kept


def test_a_flooding_socket_is_dropped_then_closed_and_a_fast_page_never_is():
    limits = FloodLimits()
    # a page as fast as a person: a slider dragged at one message a frame for a minute
    page = SocketGuard(limits, now=0.0)
    assert all(page.admit(i / 60) for i in range(60 * 60))
    assert page.dropped == 0 and page.closing is None
    # a page opening: a burst of its panels' first messages
    assert all(SocketGuard(limits, 0.0).admit(0.0) for _ in range(limits.burst))
    # a script: 10,000 messages a second; dropped past the rate, closed once it keeps on
    flood = SocketGuard(limits, now=0.0)
    at = 0.0
    while flood.closing is None:
        flood.admit(at)
        at += 1e-4
    assert flood.closing == "flood" and at < 1.0
    assert limits.patience <= flood.dropped <= limits.patience + limits.forgive + 1
    # a burst of 2,000 (a page's forged ticks, tests/test_webapp_class.py) is dropped, not closed
    burst = SocketGuard(limits, 0.0)
    assert sum(burst.admit(0.0) for _ in range(2000)) == limits.burst and burst.closing is None


def test_a_page_that_does_not_read_is_closed_past_its_share_of_its_kernels_bound():
    limits = FloodLimits(unread_bytes=3000, sockets=3)  # three sockets: 1,000 bytes each
    guard = SocketGuard(limits, 0.0)
    assert not guard.unread(1000) and guard.closing is None
    assert guard.unread(1001) and guard.closing == "unread"
    assert guard.first("unread") and not guard.first("unread")  # said once


def test_a_kernels_sockets_share_its_bounds_and_are_at_most_three():
    limits = FloodLimits()
    kernel = KernelGuard(limits, 0.0)
    sockets = [SocketGuard(limits, 0.0, kernel) for _ in range(3)]
    # three sockets flooding together get the kernel's burst and rate, not three times it
    assert sum(s.admit(0.0) for _ in range(limits.burst) for s in sockets) == limits.burst
    assert sum(s.admit(1.0) for _ in range(1000) for s in sockets) == limits.rate
    # and its patience: the sockets are closed once the kernel's drops pass it
    kernel = KernelGuard(limits, 0.0)
    sockets = [SocketGuard(limits, 0.0, kernel) for _ in range(3)]
    at = 1.0
    while not all(s.closing for s in sockets):
        for s in sockets:
            s.admit(at)
        at += 1e-4
    assert at < 2.0 and {s.closing for s in sockets} == {"flood"}
    assert limits.patience <= kernel.dropped <= limits.patience + limits.forgive + 3
    # the actions in flight and waiting are the kernel's
    assert sockets[0].flight is sockets[2].flight is kernel.flight
    # a fourth socket finds no room (one that replaces its own stale socket does)
    kernel.sockets.extend(["a", "b", "c"])
    assert not kernel.room() and kernel.room(lambda s: s == "a")
    # said once for the kernel, whichever socket says it
    assert sockets[0].first("flood") and not sockets[1].first("flood")
    # what one socket may leave unread is its share: the kernel's in all is bounded
    assert limits.socket_unread * limits.sockets <= limits.unread_bytes


def test_a_frame_not_of_the_protocols_form_is_refused_before_it_is_read():
    import struct

    from jupyter_client.session import Session
    from jupyter_server.services.kernels.connection.base import (serialize_binary_message,
                                                                 serialize_msg_to_ws_v1)

    session = Session()
    good = serialize_msg_to_ws_v1(session.msg("kernel_info_request", {}), "shell", session.pack)
    check_frame(good, v1=True)
    check_frame(json.dumps({"header": {}}), v1=False)  # the legacy protocol's text: not a frame
    legacy = session.msg("kernel_info_request", {})
    legacy = {**json.loads(json.dumps(legacy, default=str)), "buffers": [b"ab", b"cd"]}
    check_frame(serialize_binary_message(legacy), v1=False)
    n = len(good)
    bad_v1 = [b"", b"\x01" * 7,
              (2**62).to_bytes(8, "little") + b"x",  # the 9 bytes that froze the server
              (2**63 - 1).to_bytes(8, "little") + b"\0" * 100,
              (70).to_bytes(8, "little") + b"\0" * 8 * 71 + b"x" * 100,  # 70 parts: too many
              (6).to_bytes(8, "little") + b"\0" * 40,  # a table longer than the frame
              struct.pack("<7Q", 6, 56, 60, 58, 62, 64, 66) + b"x" * 10,  # out of order
              struct.pack("<7Q", 6, 56, 58, 60, 62, 64, 9999) + b"x" * 10,  # past the end
              struct.pack("<7Q", 6, 8, 58, 60, 62, 64, 66) + b"x" * 10,  # inside the table
              good[:n // 2]]
    bad_legacy = [b"\0\0\0", struct.pack("!i", 2**30) + b"x" * 5, struct.pack("!i", -5) + b"x",
                  struct.pack("!i", 0) + b"x", struct.pack("!iII", 2, 12, 99) + b"x" * 4]
    for frame, v1 in [(f, True) for f in bad_v1] + [(f, False) for f in bad_legacy]:
        with pytest.raises(BadFrame):
            check_frame(frame, v1=v1)


def test_widget_actions_wait_their_turn_and_only_a_controls_latest_value_waits():
    flight = InFlight(limit=4, waiting=32, stale_seconds=30)
    clicks = [("event", f"d{i}") for i in range(40)]
    slider = ("comm", "update", ("value",))
    # twenty quick clicks on Step: four in the kernel, sixteen wait, none lost
    verdicts = [flight.offer(f"d{i}", clicks[i], f"D{i}", now=0.0) for i in range(20)]
    assert verdicts == ["send"] * 4 + ["wait"] * 16 and flight.replaced is None
    assert len(flight) == 4 and len(flight.waiting) == 16
    # a slider dragged meanwhile: only its last value waits, after the clicks
    for i in range(30):
        flight.offer(f"s{i}", slider, f"S{i}", now=0.1)
    assert flight.replaced == "s28"  # the one before the last: answered as done
    assert [m for *_, m in flight.waiting.values()][-2:] == ["D19", "S29"]
    # the kernel is done with one click: the next waiting click goes, in turn
    assert flight.answered("d0", now=1.0) == [("d4", "D4")]
    assert flight.answered("nobody's", now=1.0) == [] and len(flight) == 4
    # clicks past the waiting room are dropped (and answered): the queue stays bounded
    more = [flight.offer(f"d{i}", clicks[i], f"D{i}", now=1.5) for i in range(20, 40)]
    assert more.count("wait") == 32 - 16 and set(more[16:]) == {"drop"}
    # an action the kernel never says "idle" for stops counting after stale_seconds
    assert not flight.full(31.0)
    few = InFlight(limit=1, waiting=1, stale_seconds=30)
    assert [few.offer(m, m, m, 0.0) for m in "abc"] == ["send", "wait", "drop"]


def test_a_value_never_jumps_ahead_of_a_click_made_after_it():
    # the slider moved (u1 goes), moved again (u2 waits), Deal clicked, the slider again (u3)
    flight = InFlight(limit=1, waiting=32, stale_seconds=30)
    slider = ("comm", "update", ("value",))
    assert flight.offer("u1", slider, "U1", 0.0) == "send"
    assert flight.offer("u2", slider, "U2", 0.0) == "wait"
    assert flight.offer("deal", ("event", "deal"), "DEAL", 0.0) == "wait"
    assert flight.offer("u3", slider, "U3", 0.0) == "wait" and flight.replaced is None
    # the deal is done with the slider at u2, as it was when Deal was clicked
    assert [m for *_, m in flight.waiting.values()] == ["U2", "DEAL", "U3"]
    assert flight.offer("u4", slider, "U4", 0.0) == "wait" and flight.replaced == "u3"
    assert [m for *_, m in flight.waiting.values()] == ["U2", "DEAL", "U4"]
    going = [m for _, m in flight.answered("u1", 1.0)]
    going += [m for _, m in flight.answered("u2", 1.0)]
    going += [m for _, m in flight.answered("deal", 1.0)]
    assert going == ["U2", "DEAL", "U4"]
    # a socket gone: its waiting actions go with it
    flight.offer("x", ("event", "x"), ("gone", "X"), 1.0)
    flight.offer("y", ("event", "y"), ("kept", "Y"), 1.0)
    assert flight.forget(lambda m: m[0] == "gone") == 1
    assert [m for *_, m in flight.waiting.values()] == [("kept", "Y")]


def test_gzip_is_what_the_browser_says_it_takes_whatever_it_says():
    from uno_nb.serving.transfer import accepts_gzip

    assert accepts_gzip("gzip, deflate, br") and accepts_gzip("br;q=1.0, gzip;q=0.8")
    assert accepts_gzip("*") and accepts_gzip("deflate, *;q=0.5")
    assert not accepts_gzip("gzip;q=0, deflate") and not accepts_gzip("")
    # a gzip entry says more than *, wherever it stands
    assert not accepts_gzip("*;q=1, gzip;q=0") and not accepts_gzip("gzip;q=0, *")
    assert accepts_gzip("*;q=0, gzip")
    # a quality that is not one: as if 0, never an error
    for header in ("gzip;q=1.2.3", "gzip;q=", "gzip;q=abc", "gzip;q=nan", "gzip;q=-1",
                   "gzip;q=7", "gzip;;;q", ";,,;=", "GZIP;Q=0.000", "\x00gzip"):
        assert accepts_gzip(header) is False, header
    assert accepts_gzip("GZip ; q = 0.5")


def test_a_click_is_its_own_action_and_a_value_is_keyed_by_its_control():
    def click(msg_id: str) -> tuple:
        return action_key({"msg_type": "comm_msg", "msg_id": msg_id},
                          {"comm_id": "c1", "data": {"method": "custom",
                                                     "content": {"ev": "click", "id": 7}}})

    assert click("a") != click("b")  # twenty clicks are twenty actions
    header = {"msg_type": "comm_msg", "msg_id": "x"}
    update = {"comm_id": "c1", "data": {"method": "update", "state": {"value": 3}}}
    assert action_key(header, update) == action_key({**header, "msg_id": "y"}, update)
    assert action_key(header, update) != action_key(
        header, {"comm_id": "c1", "data": {"method": "update", "state": {"index": 1}}})
    assert action_key(header, "not a dict") == ("comm_msg", "x")


def test_a_visitor_is_held_to_their_cap_and_the_app_to_its_total():
    alive: set[str] = set()
    visitors = Visitors(Caps(per_visitor=3, per_address=5, total=7), alive.__contains__)
    ann = visitor_of("10.0.0.5", "Firefox")
    places = [visitors.admit(ann) for _ in range(50)]  # fifty requests at once
    assert sum(isinstance(p, Place) for p in places) == 3 and places[3:] == ["visitor"] * 47
    for i, place in enumerate(places[:3]):
        assert isinstance(place, Place)
        visitors.handed(place, f"ann{i}")
        alive.add(f"ann{i}")
        visitors.done(place)
    assert visitors.admit(ann) == "visitor" and visitors.count(ann) == 3
    # the same address with another browser: the address's cap
    bo = visitor_of("10.0.0.5", "Chrome")
    assert isinstance(visitors.admit(bo), Place) and isinstance(visitors.admit(bo), Place)
    assert visitors.admit(bo) == "address"  # 5 for 10.0.0.5
    # other visitors are served until the total, then everyone is refused
    others = [visitors.admit(visitor_of(f"10.0.0.{n}", "Firefox")) for n in (6, 7, 8)]
    assert [isinstance(p, Place) for p in others] == [True, True, False] and others[2] == "total"
    # a kernel shut down (a page closed, culled, never connected) frees its place
    alive.discard("ann0")
    assert visitors.count(ann) == 2 and visitors.admit(visitor_of("10.0.0.9", "Edge")) != "total"
    assert visitors.refused == {"visitor": 48, "address": 1, "total": 1, "pace": 0}
    # this computer (the teacher's) is held to no cap and not counted in the total, unless asked
    teacher = visitor_of("127.0.0.1", "Firefox")
    free = Visitors(Caps(per_visitor=1, total=3), alive.__contains__)
    assert all(isinstance(free.admit(teacher), Place) for _ in range(30))
    assert isinstance(free.admit(ann), Place) and free.count() == 1
    held = Visitors(Caps(per_visitor=1, this_computer=True), alive.__contains__)
    assert isinstance(held.admit(teacher), Place) and held.admit(teacher) == "visitor"
    assert visitor_of(None, "x" * 10_000) == ("?", "x" * 200)
    assert visitors.first_refusal(ann, "visitor") and not visitors.first_refusal(ann, "visitor")


def test_the_total_is_sized_from_the_memory_free_at_start(tmp_path: Path):
    gib = 2**30
    assert total_from_memory(8 * gib, pooled=14) == 122  # 136 kernels of 60 MB, 14 warm
    assert total_from_memory(8 * gib, pooled=14, kernel_mb=300) == 13
    assert total_from_memory(1 * gib, pooled=14) == 10  # never fewer than ten
    # nor than twice the class and ten: the class moving page holds two kernels a student
    assert total_from_memory(1 * gib, pooled=99, class_size=30) == 70
    assert total_from_memory(8 * gib, pooled=43, class_size=30) == 93
    assert total_from_memory(None, pooled=0) == 0  # no /proc: no figure, no cap
    from uno_nb.serving.limits import mem_available
    meminfo = tmp_path / "meminfo"
    meminfo.write_text("MemTotal:  8000000 kB\nMemAvailable:    5242880 kB\n")
    assert mem_available(meminfo) == 5 * gib
    assert mem_available(tmp_path / "none") is None


def test_a_class_moving_page_beside_the_teachers_pages_is_never_refused():
    # the smallest total a class of K gets (a laptop with little memory free at start)
    for k in (10, 30):
        alive: set[str] = set()
        total = total_from_memory(1 * 2**30, pooled=k + 13, class_size=k)
        visitors = Visitors(Caps(total=total), alive.__contains__)
        teacher = visitor_of("127.0.0.1", "Firefox")
        students = [visitor_of(f"10.0.0.{n}", "Chrome") for n in range(10, 10 + k)]

        def open_page(visitor, name):
            place = visitors.admit(visitor)
            assert isinstance(place, Place), (visitor, name, place)
            visitors.handed(place, name)
            alive.add(name)
            visitors.done(place)

        for n in range(8):  # the board, the lesson's pages: the teacher's own computer
            open_page(teacher, f"teacher{n}")
        for visitor in students:
            open_page(visitor, f"{visitor[0]}-01")
        # the class moves to 02 before any page 01's kernel has stopped
        for visitor in students:
            open_page(visitor, f"{visitor[0]}-02")
        assert visitors.count() == 2 * k <= total and visitors.refused["total"] == 0
        # and a few students open a page twice
        for visitor in students[:10]:
            open_page(visitor, f"{visitor[0]}-02b")


def test_a_visitor_at_their_cap_by_pages_they_left_gets_a_new_one():
    alive: set[str] = set()
    gone: set[str] = set()  # the kernels whose page left: no socket, past their time to connect
    stopped: list[str] = []

    def stop(kernel_id: str) -> None:
        stopped.append(kernel_id)
        alive.discard(kernel_id)

    visitors = Visitors(Caps(per_visitor=3, per_address=5), alive.__contains__,
                        gone.__contains__, stop)
    ann = visitor_of("10.0.0.5", "Safari")
    for n in range(3):
        place = visitors.admit(ann)
        visitors.handed(place, f"k{n}")
        alive.add(f"k{n}")
        visitors.done(place)
    assert visitors.admit(ann) == "visitor"  # all three pages still there
    gone.update({"k2", "k0"})  # two pages left (no beacon from the phone)
    assert isinstance(visitors.admit(ann), Place) and stopped == ["k0"]  # the oldest one
    assert visitors.reclaimed == 1 and visitors.count(ann) == 3  # k1, k2, the new page
    # a page still connected (k2's page came back) is never stopped for another
    gone.discard("k2")
    assert visitors.admit(ann) == "visitor" and stopped == ["k0"]


def test_a_visitor_opening_pages_too_fast_is_paced():
    now = [0.0]
    alive: set[str] = set()
    caps = Caps(per_visitor=0, per_address=0, page_burst=10, page_seconds=4.0)
    visitors = Visitors(caps, alive.__contains__, clock=lambda: now[0])
    ann = visitor_of("10.0.0.5", "Firefox")
    assert all(isinstance(visitors.admit(ann), Place) for _ in range(10))  # a burst of ten
    assert visitors.admit(ann) == "pace"
    now[0] = 3.9
    assert visitors.admit(ann) == "pace"
    now[0] = 4.0
    assert isinstance(visitors.admit(ann), Place) and visitors.admit(ann) == "pace"
    # the same address naming itself another browser each time: twice as many, no more
    others = [visitors.admit(visitor_of("10.0.0.5", f"Bot {n}")) for n in range(40)]
    # (20 at once, 2 more in the 4 s, 11 taken by the pages above)
    assert sum(isinstance(p, Place) for p in others) == 20 + 2 - 11
    # another address is not held back; nor is this computer
    assert isinstance(visitors.admit(visitor_of("10.0.0.6", "Firefox")), Place)
    teacher = visitor_of("127.0.0.1", "Firefox")
    assert all(isinstance(visitors.admit(teacher), Place) for _ in range(50))
    assert visitors.refused["pace"] == 2 + 1 + 29


def test_the_page_a_refused_visitor_gets_is_in_their_language():
    assert page_language("ru/02_card_odds.ipynb", None) == "ru"
    assert page_language("02_card_odds.ipynb", "ru,en;q=0.5") == "ru"
    assert page_language("02_card_odds.ipynb", "en;q=0.5,ru;q=0.4") == "en"
    assert page_language("02_card_odds.ipynb", "de-DE,fr;q=0.9") == "en"
    assert page_language("02_card_odds.ipynb", "ru;q=0") == "en"
    for why, status in (("visitor", 429), ("address", 429), ("total", 503), ("pace", 429)):
        for lang in ("en", "ru"):
            code, headers, body = refusal(why, lang, 4, texts.text)
            assert code == status and int(headers["Retry-After"]) > 0
            assert f'<html lang="{lang}">' in body and ("4" in body or why == "pace")
            assert texts.text(f"serving.{why}.title", lang) in body
            words = re.sub(r"<[^>]*>|\{[^}]*\}|[a-z-]+:[^;}]+;?", " ", body.split("<body>")[1])
            if lang == "ru":
                assert cyrillic_share(words) > 0.9 and english_words(words) == []
    assert "one person" in texts.text("serving.visitor.body", "en", count=4)


def test_a_kernel_whose_page_never_connects_is_stopped_and_one_line_says_so(caplog):
    now = [0.0]
    alive = {"a", "b", "c"}
    stopped: list[str] = []

    async def shutdown(kernel_id: str) -> None:
        stopped.append(kernel_id)
        alive.discard(kernel_id)

    never = NeverConnected(45, alive.__contains__, shutdown, logging.getLogger("test.limits"),
                           clock=lambda: now[0])

    async def run() -> None:
        never.watch("a", "10.0.0.5")
        never.watch("b", "10.0.0.5")
        never.watch("c", "10.0.0.6")
        never.connected("b")  # its page connected
        now[0] = 44.0
        assert await never.sweep() == []
        now[0] = 45.0
        assert await never.sweep() == ["a", "c"]
        never.watch("b")  # a kernel that was once connected is never watched again
        assert "b" not in never.deadlines
        assert never._timer is None or never._timer.cancel() is None

    with caplog.at_level(logging.INFO, logger="test.limits"):
        asyncio.run(run())
    assert stopped == ["a", "c"] and alive == {"b"}
    said = [r.getMessage() for r in caplog.records if r.name == "test.limits"]
    assert len(said) == 1 and said[0].startswith("Stopped 2 kernels whose page never connected")


# -- one small server, with no browser ----------------------------------------------------

CAP = 3
CONNECT_S = 5
#: What a kernel's sockets may leave unread, in all, on the test's server (a third each).
UNREAD_MB = 1
#: Long enough for a busy two-core machine; each wait ends as soon as what it waits for happens.
WAIT_S = 180


@pytest.fixture(scope="module")
def capped_app():
    """The app (tests/test_webapp.py's ``running_app``) with a visitor held
    to CAP kernels on this computer too, and a page given CONNECT_S seconds
    to connect; only the index is preheated."""
    from tests.test_webapp import running_app

    with running_app("voila-limits.log", "--UnoVoila.cap_this_computer=True",
                     f"--UnoVoila.visitor_kernels={CAP}",
                     f"--UnoVoila.connect_seconds={CONNECT_S}",
                     f"--UnoVoila.socket_unread_mb={UNREAD_MB}",
                     r"--VoilaKernelManager.preheat_denylist=^(?!(.*/)?notebooks/00_index\.ipynb$)",
                     preheated=("00_index",)) as server:
        yield server


def fetch(server, path: str, browser: str, language: str | None = None) -> tuple[int, dict, str]:
    headers = {"User-Agent": browser, **({"Accept-Language": language} if language else {})}
    request = urllib.request.Request(f"{server.base}/voila/render/{path}", headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=WAIT_S) as response:
            return response.status, dict(response.headers), response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read().decode()


def kernel_of(body: str) -> str:
    return re.search(r'"kernelId": "([0-9a-f-]{36})"', body).group(1)


def page_kernel(server, browser: str) -> str:
    """The kernel of the index page ``browser`` opens (which must be served)."""
    status, _, body = fetch(server, "00_index.ipynb", browser)
    assert status == 200
    return kernel_of(body)


def wait_for(what, why: str, server) -> None:
    deadline = time.monotonic() + WAIT_S
    while not what():
        assert server.process.poll() is None, f"the server stopped:\n{server.log_tail()}"
        assert time.monotonic() < deadline, f"{why}:\n{server.log_tail()}"
        time.sleep(0.2)


def rss_mb(pid: int) -> float:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"^VmRSS:\s+(\d+)", status, re.M).group(1)) / 1024


@pytest.mark.server
def test_fifty_requests_from_one_visitor_start_no_more_kernels_than_the_cap(capped_app):
    from uno_nb.memory import descendants

    server = capped_app
    before = set(descendants(server.process.pid))  # (kernels are the fork server's children)
    with ThreadPoolExecutor(50) as pool:
        answers = list(pool.map(lambda _: fetch(server, "00_index.ipynb", "Student A"), range(50)))
    statuses = [status for status, _, _ in answers]
    assert statuses.count(200) == CAP and statuses.count(429) == 50 - CAP, statuses
    kernels = {kernel_of(body) for status, _, body in answers if status == 200}
    assert len(kernels) == CAP
    # each page served is one more kernel (started for it, or a warm one replaced)
    assert len(set(descendants(server.process.pid)) - before) <= CAP
    # the 51st: the "too many" page, in the page's language or the browser's
    status, headers, body = fetch(server, "00_index.ipynb", "Student A")
    assert status == 429 and int(headers["Retry-After"]) > 0
    assert '<html lang="en">' in body and texts.text("serving.visitor.title", "en") in body
    status, _, body = fetch(server, "ru/00_index.ipynb", "Student A")
    assert status == 429 and '<html lang="ru">' in body
    assert texts.text("serving.visitor.title", "ru") in body
    status, _, body = fetch(server, "00_index.ipynb", "Student A", "ru-RU,ru;q=0.9,en;q=0.8")
    assert status == 429 and texts.text("serving.visitor.body", "ru", count=CAP) in body
    # nobody else notices: another visitor gets the page
    status, _, body = fetch(server, "00_index.ipynb", "Student B")
    assert status == 200 and kernel_of(body) not in kernels
    # the refusals are one line in the log, not an access line each
    log = server.log.read_text()
    assert log.count("Refused a page to 127.0.0.1 (Student A)") == 1
    assert "429 GET" not in log
    # these pages never connect: their kernels are stopped, and the visitor may open pages again
    wait_for(lambda: not any(server.kernel_alive(k) for k in kernels),
             "the kernels of pages that never connected are still running", server)
    assert fetch(server, "00_index.ipynb", "Student A")[0] == 200
    text = server.log.read_text()
    assert text.count("Refused a page to 127.0.0.1 (Student A)") == 1  # said once
    assert "Traceback" not in text


def socket_url(server, kernel: str) -> str:
    return f"{server.base.replace('http', 'ws')}/api/kernels/{kernel}/channels?session_id={uuid.uuid4().hex}"


def message(session: str, msg_type: str = "kernel_info_request", content: dict | None = None) -> str:
    return json.dumps({"header": {"msg_id": uuid.uuid4().hex, "username": "student",
                                  "session": session, "msg_type": msg_type, "version": "5.3",
                                  "date": "2026-01-01T00:00:00Z"},
                       "parent_header": {}, "metadata": {}, "content": content or {},
                       "buffers": [], "channel": "shell"})


@pytest.mark.server
def test_a_kernel_whose_page_never_connects_is_stopped_and_one_that_connects_is_kept(capped_app):
    from tornado.websocket import websocket_connect

    server = capped_app
    status, _, body = fetch(server, "00_index.ipynb", "Student D")
    assert status == 200
    kept = kernel_of(body)

    async def connect_then_wait() -> bool:
        ws = await websocket_connect(socket_url(server, kept))
        try:
            status, _, body = await asyncio.to_thread(fetch, server, "00_index.ipynb", "Student C")
            assert status == 200
            left = kernel_of(body)
            await asyncio.to_thread(wait_for, lambda: not server.kernel_alive(left),
                                    "the kernel of a page that never connected is still running",
                                    server)
            return server.kernel_alive(kept)
        finally:
            ws.close()

    assert asyncio.run(connect_then_wait()), "the kernel of a page that connected was stopped"
    assert re.search(r"Stopped 1 kernel whose page never connected within 5 s", server.log.read_text())


@pytest.mark.server
def test_a_flooding_page_is_closed_and_the_servers_memory_comes_back(capped_app):
    from tornado.websocket import websocket_connect

    server = capped_app
    pid = server.process.pid
    kernel = page_kernel(server, "Flooder")

    async def flood_reading() -> tuple[int, int | None]:
        """A page reading its socket, sending as fast as it can: the kernel's
        info asked for, and code to run (which Voilà refuses)."""
        ws = await websocket_connect(socket_url(server, kernel))
        session = uuid.uuid4().hex
        closed = asyncio.ensure_future(drain(ws))
        sent = 0
        while not closed.done() and sent < 200_000:
            kind = "execute_request" if sent % 2 else "kernel_info_request"
            try:
                await ws.write_message(message(session, kind, {"code": "1"}))
            except Exception:  # closed under it
                break
            sent += 1
        await closed  # the socket's close event, not a sleep
        return sent, ws.close_code

    async def drain(ws) -> None:
        while await ws.read_message() is not None:
            pass

    before = rss_mb(pid)
    sent, code = asyncio.run(flood_reading())
    assert code == 1008 and sent < 200_000, (sent, code)
    # a page that does not read: a raw socket, written to and never read
    sent_raw = flood_unread(server, kernel)
    assert sent_raw < 200_000
    # others are still served
    status, _, body = fetch(server, "00_index.ipynb", "Student E")
    assert status == 200
    # the server's memory comes back within 10% of before
    wait_for(lambda: rss_mb(pid) <= 1.1 * before,
             f"the server's memory did not come back to {before:.0f} MB (+10%)", server)
    text = server.log.read_text()
    print(f"flood: {sent:,} messages sent reading, {sent_raw:,} not reading; "
          f"server {before:.0f} MB before, {rss_mb(pid):.0f} MB after")
    # once for the kernel: its two sockets share its bounds (the second found its patience spent)
    assert text.count("Closed the connection of a page that kept sending") == 1
    assert text.count("more than 100 messages a second") == 1
    assert "Traceback" not in text and "WebSocketClosedError" not in text


def flood_unread(server, kernel: str) -> int:
    """Messages written to a page's socket that never reads it, until the
    server closes it (the write fails); how many were sent."""
    # (its receive buffer as the system sizes it: a smaller one made the system drop
    # the server's acknowledgements with its data, and the client's own sending stall)
    raw = open_raw_socket(server, kernel)
    session = uuid.uuid4().hex
    sent = 0
    try:
        while sent < 200_000:
            send_frame(raw, message(session).encode())
            sent += 1
    except TimeoutError:
        pytest.fail(f"the server neither read nor closed a flooding socket:\n{server.log_tail()}")
    except OSError:  # the server closed it: the close event of a socket never read
        pass
    finally:
        raw.close()
    return sent


async def exchange(ws, session: str, count: int) -> tuple[int, int]:
    """Send ``count`` kernel-info requests on ``ws`` at once, then read until
    each has its "idle" (the kernel's, or the guard's for a dropped one):
    the kernel's replies among them, and the messages read."""
    sent = set()
    for _ in range(count):
        text = message(session)
        sent.add(json.loads(text)["header"]["msg_id"])
        await ws.write_message(text)
    replies = read = 0
    while sent:
        got = await ws.read_message()
        assert got is not None, f"closed with {len(sent)} requests unanswered"
        msg = json.loads(got)
        read += 1
        parent = msg.get("parent_header", {}).get("msg_id")
        if msg["header"]["msg_type"] == "kernel_info_reply" and parent in sent:
            replies += 1
        if msg["header"]["msg_type"] == "status" and parent in sent and \
                msg["content"].get("execution_state") == "idle":
            sent.discard(parent)
    return replies, read


@pytest.mark.server
def test_a_frame_not_of_the_protocols_form_closes_its_socket_and_nothing_else(capped_app):
    import struct

    from tornado.websocket import websocket_connect

    from uno_nb.serving.flood import V1

    server = capped_app
    kernel = page_kernel(server, "Malformed")

    async def send_bad(frame: bytes, subprotocols: list[str] | None) -> int | None:
        ws = await websocket_connect(socket_url(server, kernel), subprotocols=subprotocols)
        await ws.write_message(frame, binary=True)
        while await ws.read_message() is not None:  # until the close event
            pass
        return ws.close_code

    async def still_served() -> tuple[int, int]:
        ws = await websocket_connect(socket_url(server, kernel))
        try:
            return await exchange(ws, uuid.uuid4().hex, 3)
        finally:
            ws.close()

    frames = [((2**62).to_bytes(8, "little") + b"x", [V1]),  # 9 bytes that froze the server
              (struct.pack("<3Q", 2**40, 1, 2), [V1]),
              (struct.pack("!i", 2**29) + b"\0" * 8, None)]  # the legacy binary form: 2 GB
    for frame, subprotocols in frames:
        assert asyncio.run(send_bad(frame, subprotocols)) == 1008
    # the server and the kernel answer as before: every request its reply
    # (how many other messages come with them, a status more or less, is the kernel's)
    assert asyncio.run(still_served())[0] == 3
    assert fetch(server, "00_index.ipynb", "Student G")[0] == 200
    text = server.log.read_text()
    assert text.count("not of the protocol's form") == 1  # once for the kernel
    assert "Traceback" not in text


@pytest.mark.server
def test_a_kernels_sockets_share_its_bounds_and_a_fourth_is_refused(capped_app):
    from tornado.httpclient import HTTPClientError
    from tornado.websocket import websocket_connect

    server = capped_app
    kernel = page_kernel(server, "Sockets")
    limits = FloodLimits()

    async def run() -> tuple[int, int, float, int | None]:
        sockets = [await websocket_connect(socket_url(server, kernel)) for _ in range(3)]
        try:
            with pytest.raises(HTTPClientError) as refused:
                await websocket_connect(socket_url(server, kernel))
            # three sockets asking at once, 300 each: the kernel's burst and rate, shared
            started = time.monotonic()
            counts = await asyncio.gather(*(exchange(ws, uuid.uuid4().hex, 300)
                                            for ws in sockets))
            elapsed = time.monotonic() - started
            replies = sum(r for r, _ in counts)
        finally:
            for ws in sockets:
                ws.close()
        # one socket gone: another may connect
        while not (await asyncio.to_thread(connections, server, kernel)) < 3:
            await asyncio.sleep(0.1)  # polled: the server's count, not a length of time
        fourth = await websocket_connect(socket_url(server, kernel))
        fourth.close()
        return replies, refused.value.code, elapsed, None

    replies, code, elapsed, _ = asyncio.run(run())
    assert code == 429
    assert 0 < replies <= limits.burst + limits.rate * elapsed + 5, (replies, elapsed)
    text = server.log.read_text()
    assert text.count("Refused a connection to a kernel that already has 3 open") == 1
    assert "Traceback" not in text and "Uncaught exception" not in text
    assert text.count(f"kernel {kernel[:8]}, from 127.0.0.1): the excess is dropped") == 1


def connections(server, kernel: str) -> int:
    with urllib.request.urlopen(f"{server.base}/api/kernels/{kernel}", timeout=30) as response:
        return int(json.loads(response.read())["connections"])


@pytest.mark.server
def test_a_visitor_at_their_cap_by_pages_they_left_gets_another(capped_app):
    from tornado.websocket import websocket_connect

    server = capped_app
    kernels = []
    for _ in range(CAP):
        status, _, body = fetch(server, "00_index.ipynb", "Student R (iPhone)")
        assert status == 200
        kernels.append(kernel_of(body))

    async def connect_then_leave() -> None:
        for kernel in kernels:  # each page connects, then goes with no word (no beacon)
            ws = await websocket_connect(socket_url(server, kernel))
            await exchange(ws, uuid.uuid4().hex, 1)
            ws.close()

    asyncio.run(connect_then_leave())
    wait_for(lambda: all(connections(server, k) == 0 for k in kernels),
             "the server did not see the pages' sockets close", server)
    status, _, body = fetch(server, "00_index.ipynb", "Student R (iPhone)")
    assert status == 200 and kernel_of(body) not in kernels
    wait_for(lambda: not server.kernel_alive(kernels[0]), "the oldest page's kernel runs on",
             server)
    assert all(server.kernel_alive(k) for k in kernels[1:])
    assert f"Stopped kernel {kernels[0][:8]}, of a page its visitor left" in server.log.read_text()


@pytest.mark.server
def test_a_visitor_opening_pages_in_a_loop_is_paced(capped_app):
    """The loop a script would run: a page, its kernel shut down, again; from
    an address of its own (127.0.0.2: the other tests' pages are 127.0.0.1's)."""
    import http.client
    from http.cookies import SimpleCookie

    from uno_nb.serving.limits import PAGE_BURST, PAGE_SECONDS

    server = capped_app
    host, port = server.base.split("//")[1].split(":")

    def ask(method: str, path: str, headers: dict) -> tuple[int, dict, str]:
        connection = http.client.HTTPConnection(host, int(port), timeout=WAIT_S,
                                                source_address=("127.0.0.2", 0))
        try:
            connection.request(method, path, headers={"User-Agent": "Looper", **headers})
            response = connection.getresponse()
            return response.status, dict(response.getheaders()), response.read().decode()
        finally:
            connection.close()

    statuses = []
    started = time.monotonic()
    while 429 not in statuses and len(statuses) < 6 * PAGE_BURST:
        status, headers, body = ask("GET", "/voila/render/00_index.ipynb", {})
        statuses.append(status)
        if status != 200:
            break
        xsrf = SimpleCookie(headers.get("Set-Cookie", ""))["_xsrf"].value
        stopped, _, _ = ask("DELETE", f"/api/kernels/{kernel_of(body)}",
                            {"Cookie": f"_xsrf={xsrf}", "X-XSRFToken": xsrf})
        assert stopped == 204, stopped
    elapsed = time.monotonic() - started
    # ten at once, then one every PAGE_SECONDS (each page here took its own time to serve)
    assert statuses[-1] == 429 and set(statuses[:-1]) == {200}, statuses
    assert PAGE_BURST <= len(statuses) - 1 <= PAGE_BURST + elapsed / PAGE_SECONDS + 1
    assert int(headers["Retry-After"]) > 0
    assert texts.text("serving.pace.title", "en") in body
    assert "Refused a page to 127.0.0.2 (Looper): pages asked for faster" in server.log.read_text()


@pytest.mark.server
def test_a_page_that_does_not_read_what_its_kernel_sends_is_closed(capped_app):
    server = capped_app
    kernel = page_kernel(server, "Sleeper")
    # a few requests, well within the rate, each answered with its 60 KB header echoed: far
    # more than the socket's share of UNREAD_MB comes back, and the page never reads it
    raw = open_raw_socket(server, kernel, rcvbuf=64 * 1024)
    try:
        for _ in range(100):
            text = json.loads(message(uuid.uuid4().hex))
            text["header"]["username"] = "x" * 60_000
            send_frame(raw, json.dumps(text).encode())
        closed = f"stopped reading what its kernel sends ({{}} bytes waiting; kernel {kernel[:8]}"
        wait_for(lambda: re.search(re.escape(closed).replace(r"\{\}", "[0-9,]+"),
                                   server.log.read_text()),
                 "the server did not close a socket that never reads", server)
    finally:
        raw.close()
    said = [line for line in server.log.read_text().splitlines() if f"kernel {kernel[:8]}" in line]
    assert sum("stopped reading what its kernel sends" in line for line in said) == 1, said
    assert not any("kept sending its kernel too many" in line for line in said), said


def open_raw_socket(server, kernel: str, rcvbuf: int = 0) -> socket.socket:
    """A page's websocket to ``kernel`` by hand (its receive buffer ``rcvbuf``)."""
    host, port = server.base.split("//")[1].split(":")
    raw = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if rcvbuf:
        raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    raw.settimeout(WAIT_S)
    raw.connect((host, int(port)))
    path = socket_url(server, kernel).split(port, 1)[1]
    key = base64.b64encode(os.urandom(16)).decode()
    raw.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n".encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += raw.recv(1)
    assert b" 101 " in head.split(b"\r\n")[0], head
    return raw


def send_frame(raw: socket.socket, payload: bytes) -> None:
    """One masked text frame, as a browser sends it."""
    mask = os.urandom(4)
    masked = (int.from_bytes(payload, "big") ^ int.from_bytes(
        (mask * (len(payload) // 4 + 1))[:len(payload)], "big")).to_bytes(len(payload), "big")
    size = (bytes([0x80 | len(payload)]) if len(payload) < 126 else
            bytes([0x80 | 126]) + len(payload).to_bytes(2, "big") if len(payload) < 2**16 else
            bytes([0x80 | 127]) + len(payload).to_bytes(8, "big"))
    raw.sendall(b"\x81" + size + mask + masked)
