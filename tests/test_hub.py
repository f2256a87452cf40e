"""The kit on a JupyterHub, for real (issue 40's "Must show").

A hub is started with the configuration the kit ships
(``deploy/jupyterhub/jupyterhub_config.py``, tests/hubs.py) on loopback
ports: its proxy (configurable-http-proxy, installed here with npm when
missing), the class board as a hub service, the idle culler.  In Chromium a
teacher and three pupils sign in through the hub's login page; each lands on
the index page served by their own server.  The teacher's board page starts
a class, the pupils open the card odds with its link and answer their own
question, and the board service pools the three pupils' rows, one student
each, who are the hub users.  A pupil's token can neither act as a teacher
nor write as another pupil, and a pupil's server stopped and started again
loses nothing: the same student, the same rows.
"""

from __future__ import annotations

import csv
import io
import json
import time

import pytest
from playwright.sync_api import Browser

from uno_nb.serving.hub import (GUARDED_CONNECTION, HOME_URL, SERVICE, SINGLEUSER_CONFIG,
                                 TEACH_SCOPE)
from uno_nb.texts import text

from tests import hubs
from tests.test_webapp import RENDERED, WAIT_MS, browser, drawn, ensure_npm  # noqa: F401
from tests.test_webapp_class import (DESKTOP, NO_WILD, answer, own_question, question_box, says,
                                     shown_text, typed)

pytestmark = [pytest.mark.browser, pytest.mark.hub]

TEACHER = "teacher"
SECOND = "mr-khan"  # another teacher, of another class
PUPILS = ("ada", "ben", "cleo")
ACCESS = f"access:services!service={SERVICE}"
#: Starting a user's server and opening its first page, on a busy machine.
SPAWN_MS = 180_000


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    try:
        hubs.ensure_proxy(ensure_npm())
    except hubs.HubMissing as missing:
        pytest.fail(str(missing))
    with hubs.running_hub(tmp_path_factory.mktemp("hub"), teachers=(TEACHER, SECOND)) as running:
        yield running


def _drawn(page, name: str) -> None:
    page.wait_for_function(RENDERED, arg=drawn(name), timeout=SPAWN_MS, polling=100)


def _page(hub: hubs.Hub, user: str, notebook: str, query: str = "") -> str:
    return f"{hub.base}/user/{user}/voila/render/{notebook}.ipynb{query}"


def test_the_hub_is_configured_from_the_kits_file(hub):
    """The hub runs the board service and the culler, and the teachers' group holds the teachers."""
    log = hub.log.read_text(errors="replace")
    assert f"Starting managed service {SERVICE}" in log
    assert "Starting managed service idle-culler" in log
    assert "uno_nb.serving.hub_board" in log
    # every pupil's server: the kit's page template and server extension, its websocket guard
    config = json.loads((hub.data / SINGLEUSER_CONFIG).read_text())
    assert config["VoilaConfiguration"]["template"] == "uno_nb"
    assert config["ServerApp"]["jpserver_extensions"] == {"uno_nb.serving.server_extension": True}
    assert config["ServerApp"]["kernel_websocket_connection_class"] == GUARDED_CONNECTION


def test_a_teacher_and_three_pupils_on_the_hub(hub, browser: Browser, timings):
    contexts = {name: browser.new_context(**DESKTOP) for name in (TEACHER, *PUPILS)}
    try:
        # everyone signs in through the hub; each lands on the index page of their own server
        pages = {}
        for name, context in contexts.items():
            began = time.monotonic()
            password = hubs.TEACHER_PASSWORD if name == TEACHER else hubs.CLASS_PASSWORD
            page = hubs.sign_in(context, hub, name, password, SPAWN_MS)
            assert page.url.split("?")[0].endswith(f"/user/{name}{HOME_URL}")
            _drawn(page, "00_index")
            timings.append((f"hub: {name} signed in, index drawn", time.monotonic() - began))
            pages[name] = page
        # a pupil can't sign in under the teacher's name with the class password
        intruder = browser.new_context(**DESKTOP)
        try:
            login = intruder.new_page()
            login.goto(f"{hub.base}/hub/login")
            login.fill("#username_input", TEACHER)
            login.fill("#password_input", hubs.CLASS_PASSWORD)
            login.click("#login_submit")
            login.wait_for_selector(".alert-danger, #login-main .text-danger, p.login_error",
                                    timeout=WAIT_MS)
            assert "/hub/login" in login.url
        finally:
            intruder.close()

        # tokens as the hub gives them: the teacher's has the teacher's scope, a pupil's can't
        teacher_token = hubs.token(contexts[TEACHER], hub, TEACHER, [ACCESS, TEACH_SCOPE])
        tokens = {name: hubs.token(contexts[name], hub, name, [ACCESS]) for name in PUPILS}
        with pytest.raises(AssertionError, match="not held"):
            hubs.token(contexts["ada"], hub, "ada", [ACCESS, TEACH_SCOPE])
        assert hub.board("GET", "/whoami", teacher_token) == (200, {"user": TEACHER,
                                                                    "teacher": True})
        assert hub.board("GET", "/whoami", tokens["ada"]) == (200, {"user": "ada",
                                                                    "teacher": False})

        # the teacher's board page (their server, their kernel) starts a class
        board = pages[TEACHER]
        board.goto(_page(hub, TEACHER, "06_class_board"))
        board.wait_for_selector("button.uno-board-start", timeout=SPAWN_MS)
        board.click("button.uno-board-start")
        board.wait_for_function(
            "() => { const e = document.querySelector('.uno-board-code-text');"
            "        return !!e && e.innerText.trim().length === 5; }", timeout=WAIT_MS)
        code = shown_text(board, ".uno-board-code-text")
        status, classes = hub.board("GET", "/classes", teacher_token)
        assert status == 200 and classes[0][0] == code

        # the board's join link goes through the hub to each pupil's own server
        link = shown_text(board, ".uno-board-link")
        assert link.startswith(f"{hub.base}/hub/user-redirect/voila/render/"), link
        assert link.endswith(f"?class={code}"), link
        first_page = link.split("/voila/render/")[1].split(".ipynb")[0]

        # the pupils open the card odds with the class's link: each joins as their hub user
        ids = {}
        for name in PUPILS:
            page = pages[name]
            if name == PUPILS[-1]:  # (one by the link itself, to the lesson's first page)
                page.goto(link)
                page.wait_for_url(f"**/user/{name}/voila/render/{first_page}.ipynb*",
                                  timeout=SPAWN_MS)
                _drawn(page, first_page)
                page.wait_for_selector(f".uno-class-bar[data-joined='{code}']", timeout=WAIT_MS)
            page.goto(_page(hub, name, "02_card_odds", f"?class={code}"))
            _drawn(page, "02_card_odds")
            page.wait_for_selector(f".uno-class-bar[data-joined='{code}']", timeout=WAIT_MS)
            status, joined = hub.board("POST", f"/classes/{code}/join", tokens[name], {})
            assert status == 200, joined
            ids[name] = joined["student"]["id"]
        assert len(set(ids.values())) == 3
        status, students = hub.board("GET", f"/classes/{code}/students", teacher_token)
        assert status == 200 and sorted(s["id"] for s in students) == sorted(ids.values())

        # each answers their own variant of the first question, rightly
        for name in PUPILS:
            answer(pages[name], NO_WILD, typed(own_question(NO_WILD, ids[name]), "en"))
        says(board, ".uno-board-answers", "3 students", timeout=SPAWN_MS)  # (answered, or all alike)

        # the board service pooled their rows: each pupil's under their own student
        status, rows = hub.board("GET", f"/classes/{code}/rows", teacher_token)
        assert status == 200
        answers = [row for row in rows if row["kind"] == "prediction" and row["item"] == NO_WILD]
        assert sorted(row["student"] for row in answers) == sorted(ids.values())
        for name in PUPILS:
            status, mine = hub.board("GET", f"/classes/{code}/rows", tokens[name])
            assert status == 200 and {row["student"] for row in mine} == {ids[name]}
        # the export: the teacher's, through the hub, one line a row
        status, exported = hub.board("GET", f"/classes/{code}/export.csv?lang=en", teacher_token)
        assert status == 200
        assert len(list(csv.reader(io.StringIO(exported.lstrip("\ufeff"))))) == len(rows) + 1

        # in the teacher's own browser (the hub's sign-in, no token) the export is theirs;
        # a change sent with the cookie alone, as another page could make it, is refused
        browser_export = contexts[TEACHER].request.get(
            f"{hub.board_api}/classes/{code}/export.csv?lang=en")
        assert browser_export.ok and browser_export.text().lstrip("\ufeff") == \
            exported.lstrip("\ufeff")
        before = hub.board("GET", "/classes", teacher_token)[1]
        forged_post = contexts[TEACHER].request.post(f"{hub.board_api}/classes", data="{}")
        assert forged_post.status == 403  # (the hub's XSRF check, or the service's own)
        assert hub.board("GET", "/classes", teacher_token)[1] == before

        # another teacher leads classes of their own, and neither sees nor ends this one
        second = browser.new_context(**DESKTOP)
        try:
            hubs.sign_in(second, hub, SECOND, hubs.TEACHER_PASSWORD, SPAWN_MS)
            khan = hubs.token(second, hub, SECOND, [ACCESS, TEACH_SCOPE])
        finally:
            second.close()
        status, theirs = hub.board("POST", "/classes", khan, {})
        assert status == 200 and theirs["code"] != code
        assert hub.board("GET", "/classes", khan)[1] == [[theirs["code"], pytest.approx(
            hub.board("GET", "/classes", khan)[1][0][1])]]
        for method, path, body in [("GET", f"/classes/{code}/rows", None),
                                   ("GET", f"/classes/{code}/students", None),
                                   ("POST", f"/classes/{code}/lead", {"paused": True}),
                                   ("GET", f"/classes/{code}/export.csv", None)]:
            status, said = hub.board(method, path, khan, body)
            assert status == 404 and said["reason"] == "no_class", (method, path, said)
        status, lesson = hub.board("GET", f"/classes/{code}", teacher_token)
        assert lesson["expires"] > time.time() and not lesson["paused"]  # still open

        # a pupil's own server serves the web app and nothing else: it runs as the
        # hub's system user here (make hub), so no terminal, no notebook written
        mine = contexts["ada"]
        server = f"{hub.base}/user/ada"
        xsrf = next(c["value"] for c in mine.cookies(server + "/") if c["name"] == "_xsrf")
        headers = {"X-XSRFToken": xsrf, "Content-Type": "application/json"}
        written = mine.request.put(f"{server}/api/contents/00_index.ipynb", headers=headers,
                                   data=json.dumps({"type": "file", "format": "text",
                                                    "content": "x"}))
        assert written.status == 403, written.text()
        assert mine.request.post(f"{server}/api/terminals", headers=headers).status in (403, 404)
        assert mine.request.get(f"{server}/api/contents/00_index.ipynb").ok  # (read, as Voilà does)

        # what a teacher's script sends is checked as the board page checks it
        status, said = hub.board("POST", f"/classes/{code}/lead", teacher_token,
                                 {"question": "nope.nope"})
        assert status == 400 and said["reason"] == "bad_row"
        status, said = hub.board("POST", f"/classes/{code}/join", teacher_token, {})
        assert status == 400 and said["reason"] == "bad_row"

        # a pupil can't act as the teacher, read the class, or write as another pupil
        ada = tokens["ada"]
        for method, path, body in [("POST", "/classes", {}), ("GET", "/classes", None),
                                   ("POST", f"/classes/{code}/lead", {"paused": True}),
                                   ("GET", f"/classes/{code}/students", None),
                                   ("GET", f"/classes/{code}/where", None),
                                   ("POST", f"/classes/{code}/students/{ids['ben']}/hidden",
                                    {"hidden": True}),
                                   ("GET", f"/classes/{code}/export.csv", None)]:
            status, said = hub.board(method, path, ada, body)
            assert status == 403 and said["reason"] == "not_teacher", (method, path, said)
        q = own_question(NO_WILD, ids["ben"])
        forged = {"student": ids["ben"], "kind": "prediction", "item": NO_WILD,
                  "value": float(q.answer), "detail": {"variant": q.variant}}
        status, said = hub.board("POST", f"/classes/{code}/rows", ada, forged)
        assert status == 403 and said["reason"] == "not_yours"
        status, said = hub.board("POST", f"/classes/{code}/rows", "not-a-token", forged)
        assert status == 403
        status, after = hub.board("GET", f"/classes/{code}/rows", teacher_token)
        assert after == rows  # nothing was written, by anyone

        # ada's server is stopped (and her kernel with it): nothing of hers is lost
        hubs.stop_server(contexts["ada"], hub, "ada", SPAWN_MS / 1000)
        status, kept = hub.board("GET", f"/classes/{code}/rows", teacher_token)
        assert kept == rows
        # she opens the page again: her server starts, she is the same student,
        # and her page gives her back her answer
        page = pages["ada"]
        page.goto(_page(hub, "ada", "02_card_odds", f"?class={code}"))
        # (the hub says her server is not running, and starts it by itself)
        page.wait_for_url(f"**/user/ada/voila/render/02_card_odds.ipynb*", timeout=SPAWN_MS)
        _drawn(page, "02_card_odds")
        page.wait_for_selector(f".uno-class-bar[data-joined='{code}']", timeout=WAIT_MS)
        right = typed(own_question(NO_WILD, ids["ada"]), "en")
        says(page, f"{question_box(NO_WILD)} .uno-q-message",
             text("q.box.right", "en", typed=right))
        status, again = hub.board("POST", f"/classes/{code}/join", ada, {})
        assert status == 200 and again["student"]["id"] == ids["ada"]
        status, students = hub.board("GET", f"/classes/{code}/students", teacher_token)
        assert len(students) == 3
        status, final = hub.board("GET", f"/classes/{code}/rows", teacher_token)
        assert [row for row in final if row["id"] <= rows[-1]["id"]] == rows

        # another class is no pupil's to see unless they join it, and guessing
        # codes is slowed for the one who guesses, not for the class
        status, other = hub.board("POST", "/classes", teacher_token, {})
        status, said = hub.board("GET", f"/classes/{other['code']}", ada)
        assert status == 404 and said["reason"] == "no_class"
        guesses = [hub.board("POST", f"/classes/{guess}/join", ada, {})[1]["reason"]
                   for guess in ("ZZZZZ", "YYYYY", "XXXXX", "WWWWW", "VVVVV", "UUUUU")]
        assert guesses[:5] == ["no_class"] * 5 and guesses[5] == "too_many_joins"
        status, said = hub.board("POST", f"/classes/{other['code']}/join", ada, {})
        assert status == 429 and said["reason"] == "too_many_joins"  # her own wait
        # (a new class closes the one before: the class is now the other one)
        status, said = hub.board("POST", f"/classes/{other['code']}/join", tokens["ben"], {})
        assert status == 200 and said["code"] == other["code"]  # nobody else waits
    finally:
        for context in contexts.values():
            context.close()

