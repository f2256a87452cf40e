"""The hub's parts one by one, without a hub: the configuration, the
class-password sign-in, a pupil's capped kernels, the board service's
client side (tests/test_hub.py starts the real hub)."""

from __future__ import annotations

import asyncio
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from tornado import web
from traitlets.config import Config

from uno_nb import classroom
from uno_nb.classboard import BoardBusy, ClassFull, NotEnrolled
from uno_nb.classboard.remote import NotYours, RemoteBoard
from uno_nb.serving import capped, hub, hub_board
from uno_nb.serving.hub_auth import PUPIL_PREFIX, ClassPasswordAuthenticator
from uno_nb.serving.hub_board import BURST, PREDICTIONS, Pace, user_secret

# -- the configuration -------------------------------------------------------------------


def configured(tmp_path, **options) -> Config:
    c = Config()
    hub.configure(c, data_dir=tmp_path, **{"class_password": "class-pass-7",
                                           "teacher_password": "teachers-pass-9", **options})
    return c


def test_configure_makes_the_board_a_service_and_teaching_a_scope_of_the_teachers(tmp_path):
    c = configured(tmp_path, teachers=["ms-lee", "ms-lee", "mr-khan"], board_port=10123,
                   singleuser_config={"VoilaConfiguration": {"template": "uno_nb"}})
    board, culler = c.JupyterHub.services
    assert board["name"] == hub.SERVICE and board["url"] == "http://127.0.0.1:10123"
    assert board["command"][1:3] == ["-m", "uno_nb.serving.hub_board"]
    assert "jupyterhub_idle_culler" in culler["command"]
    roles = {role["name"]: role for role in c.JupyterHub.load_roles}
    assert roles["uno-teacher"]["groups"] == [hub.TEACHERS_GROUP]
    assert roles["uno-teacher"]["scopes"] == [hub.TEACH_SCOPE]
    assert hub.TEACH_SCOPE not in roles["user"]["scopes"]
    assert c.JupyterHub.load_groups == {hub.TEACHERS_GROUP: {"users": ["mr-khan", "ms-lee"]}}
    assert c.ClassPasswordAuthenticator.teachers == ["mr-khan", "ms-lee"]
    assert c.Spawner.environment[hub.BOARD_ENV] == "http://127.0.0.1:10123/"
    written = json.loads((tmp_path / hub.SINGLEUSER_CONFIG).read_text())
    assert written["VoilaConfiguration"] == {"template": "uno_nb"}
    assert written["ServerApp"] == {"kernel_websocket_connection_class": hub.GUARDED_CONNECTION,
                                    "kernel_manager_class": hub.CAPPED_MANAGER,
                                    # servers as the hub's own user serve the web app only
                                    "terminals_enabled": False,
                                    "contents_manager_class": hub.READ_ONLY_CONTENTS}
    assert written["MappingKernelManager"]["allowed_message_types"] == hub.WEB_APP_MESSAGES
    assert c.Spawner.args[0] == f"--config={tmp_path / hub.SINGLEUSER_CONFIG}"


@pytest.mark.parametrize("options, says", [
    ({"auth": "ldap"}, "unknown authenticator"),
    ({"spawner": "docker"}, "unknown spawner"),
    ({"class_password": None}, "class password"),
    ({"teacher_password": None}, "teachers' password"),
])
def test_configure_refuses_what_it_cannot_do(tmp_path, options, says):
    with pytest.raises(ValueError, match=says):
        configured(tmp_path, **options)


def test_anonymous_pupils_need_no_class_password_and_the_schools_sign_in_is_kept(tmp_path):
    c = configured(tmp_path / "a", auth="anonymous", class_password=None)
    assert c.ClassPasswordAuthenticator.anonymous_pupils is True
    c = configured(tmp_path / "b", auth=None, spawner=None)
    assert "authenticator_class" not in c.JupyterHub and "spawner_class" not in c.JupyterHub


# -- the class-password sign-in --------------------------------------------------------------


def sign_in(auth: ClassPasswordAuthenticator, data):
    return asyncio.run(auth.authenticate(None, data))


def test_a_teachers_name_signs_in_only_with_the_teachers_password():
    auth = ClassPasswordAuthenticator(user_password="class-pass-7",
                                      teacher_password="teachers-pass-9", teachers={"Ms-Lee"})
    assert sign_in(auth, {"username": "ms-lee", "password": "teachers-pass-9"})["name"] == "ms-lee"
    assert sign_in(auth, {"username": "ms-lee", "password": "class-pass-7"}) is None
    assert sign_in(auth, {"username": "ada", "password": "class-pass-7"})["name"] == "ada"
    assert sign_in(auth, {"username": "ada", "password": "teachers-pass-9"}) is None
    assert sign_in(auth, {"username": "ada", "password": ""}) is None
    assert sign_in(auth, None) is None  # no anonymous pupils unless asked


def test_anonymous_pupils_get_new_temporary_names_that_nobody_can_take():
    auth = ClassPasswordAuthenticator(teacher_password="teachers-pass-9", anonymous_pupils=True)
    first, second = sign_in(auth, None)["name"], sign_in(auth, None)["name"]
    assert first.startswith(PUPIL_PREFIX) and first != second
    assert sign_in(auth, {"username": first, "password": "anything"}) is None
    assert ("/tmplogin", ) == tuple(path for path, _ in auth.get_handlers(None)
                                    if path == "/tmplogin")


def test_the_teachers_password_is_not_the_class_password_and_not_short():
    with pytest.raises(Exception, match="cannot be the class password"):
        ClassPasswordAuthenticator(user_password="class-pass-7", teacher_password="class-pass-7")
    with pytest.raises(Exception, match="at least 8"):
        ClassPasswordAuthenticator(teacher_password="short")


# -- a pupil's capped kernels ---------------------------------------------------------------


def test_the_pages_a_pupil_left_make_room_the_longest_idle_first():
    running = {"a": (0, 100.0), "b": (1, 50.0), "c": (0, 10.0), "d": (0, 195.0)}
    assert capped.to_stop(running, most=6, left_after=55, now=200) == []
    assert capped.to_stop(running, most=4, left_after=55, now=200) == ["c"]
    assert capped.to_stop(running, most=3, left_after=55, now=200) == ["c", "a"]
    # a connected page, or one just served (not connected yet), is never stopped
    assert capped.to_stop(running, most=1, left_after=55, now=200) == ["c", "a"]


def test_a_pupils_server_stops_a_left_page_then_refuses_past_its_cap(tmp_path):
    async def run() -> None:
        manager = capped.CappedKernelManager(most_kernels=2, left_after=0.0,
                                             root_dir=str(tmp_path))
        try:
            first = await manager.start_kernel()
            second = await manager.start_kernel()
            manager.notify_connect(second)  # a page open on it
            third = await manager.start_kernel()  # the first was left: it makes room
            assert set(manager.list_kernel_ids()) == {second, third}
            manager.notify_connect(third)
            with pytest.raises(web.HTTPError) as refused:
                await manager.start_kernel()
            assert refused.value.status_code == 429
            assert first not in manager
        finally:
            await manager.shutdown_all()

    asyncio.run(run())


# -- the board service's client side -----------------------------------------------------------


class _Said(BaseHTTPRequestHandler):
    """Answers every request with the status and JSON the test gives it."""

    answer: tuple[int, dict] = (200, {})
    seen: list[tuple[str, str, str]] = []
    bodies: list[tuple[str, str, str, str]] = []

    def _reply(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length).decode() if length else ""
        type(self).seen.append((self.command, self.path, self.headers.get("Authorization", "")))
        type(self).bodies.append((self.command, self.path, "", body or "null"))
        status, payload = type(self).answer
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
        del body

    do_GET = do_POST = _reply

    def log_message(self, *args) -> None:
        pass


@pytest.fixture
def service():
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Said)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    _Said.seen, _Said.bodies = [], []
    yield server
    server.shutdown()
    server.server_close()


def test_the_client_sends_the_kernels_token_and_raises_the_stores_refusals(service):
    board = RemoteBoard(f"http://127.0.0.1:{service.server_port}/", token="abc")
    _Said.answer = (409, {"reason": "class_full", "message": "full", "facts": {"most": 40}})
    with pytest.raises(ClassFull) as full:
        board.enrol("ABCDE")
    assert full.value.facts == {"most": 40}
    assert _Said.seen[-1] == ("POST", "/services/uno-board/api/classes/ABCDE/join", "token abc")
    _Said.answer = (404, {"reason": "not_enrolled", "message": "no", "facts": {}})
    with pytest.raises(NotEnrolled):
        board.add("ABCDE", "s1", "hand", "wild:7", 1)
    _Said.answer = (403, {"reason": "not_yours", "message": "no", "facts": {}})
    with pytest.raises(NotYours):
        board.add("ABCDE", "s1", "hand", "wild:7", 1)
    _Said.answer = (403, {"reason": "not_teacher", "message": "no", "facts": {}})
    with pytest.raises(classroom.NotTeacher):
        board.start_class()
    _Said.answer = (502, {})
    with pytest.raises(BoardBusy):
        board.classes()


def test_a_service_that_cannot_be_reached_keeps_the_pupils_rows_for_later(service):
    port = service.server_port
    service.shutdown()
    service.server_close()
    board = RemoteBoard(f"http://127.0.0.1:{port}/", token="abc", patience=2)
    room = classroom.Classroom(board=board, teacher=False)
    room.member = classroom.Membership("ABCDE", "s1")
    with pytest.raises(BoardBusy):
        room.record("hand", "wild:7", 3, {"seed": 1, "start": 0, "counts": {"0": 3}})
    assert len(room.kept) == 1  # kept, in order, for the next try


def test_on_a_hub_the_hub_says_who_teaches_and_a_pages_claim_counts_for_nothing(service):
    board = RemoteBoard(f"http://127.0.0.1:{service.server_port}/", token="abc")
    _Said.answer = (200, {"user": "ada", "teacher": False})
    room = classroom.Classroom(board=board, authority=classroom.HubAuthority(board), teacher=None)
    assert room.claim_teacher({"teacher": "a key found somewhere"}) is False
    assert room.is_teacher is False
    _Said.answer = (200, {"user": "ms-lee", "teacher": True})
    teacher = classroom.Classroom(board=board, authority=classroom.HubAuthority(board),
                                  teacher=None)
    assert teacher.is_teacher is True
    assert [path for _m, path, _t in _Said.seen].count("/services/uno-board/api/whoami") == 2


def test_a_hub_user_is_one_student_of_a_class_whose_secret_only_the_service_can_make():
    key = b"k" * 64
    assert user_secret(key, "ABCDE", "ada") == user_secret(key, "ABCDE", "ada")
    assert user_secret(key, "ABCDE", "ada") != user_secret(key, "ABCDE", "ben")
    assert user_secret(key, "ABCDE", "ada") != user_secret(key, "FGHJK", "ada")
    assert user_secret(key, "ABCDE", "ada") != user_secret(b"x" * 64, "ABCDE", "ada")
    assert 16 <= len(user_secret(key, "ABCDE", "ada")) <= 64


def test_one_users_script_is_slowed_and_their_guesses_wait_longer_and_longer():
    now = [0.0]
    pace = Pace(lambda: now[0])
    assert all(pace.take("ada") for _ in range(BURST)) and not pace.take("ada")
    assert pace.take("ben")  # the others are not slowed
    now[0] += 1.0
    assert sum(pace.take("ada") for _ in range(BURST)) == 10  # ten a second after a burst
    for _ in range(classroom.JOIN_TRIES - 1):
        pace.join_failed("ada")
    assert pace.join_wait("ada") == 0
    pace.join_failed("ada")
    assert pace.join_wait("ada") == 15.0
    pace.join_failed("ada")
    assert pace.join_wait("ada") == 30.0 and pace.join_wait("ben") == 0
    now[0] += 1000.0  # long after her last failure: forgotten
    pace.join_failed("ada")
    assert pace.join_wait("ada") == 0
    # answers have a pace of their own, slower than requests
    assert sum(pace.take("cleo", "prediction") for _ in range(100)) == PREDICTIONS


def test_on_a_hub_joining_again_is_the_same_student_not_a_new_one(service):
    board = RemoteBoard(f"http://127.0.0.1:{service.server_port}/", token="abc")
    _Said.answer = (200, {"code": "ABCDE", "student": {"id": "s1", "code": "ABCDE",
                                                        "nickname": None, "hidden": False,
                                                        "joined": 1.0}})
    room = classroom.Classroom(board=board, teacher=False)
    for nickname in ("a", "b", "c", "d", "e"):  # (a laptop's page stops at ENROLS_PER_PAGE)
        assert room.join("ABCDE", nickname=nickname).student == "s1"


def test_on_a_hubs_board_a_teacher_starting_a_class_ends_only_their_own(tmp_path):
    from uno_nb.classboard import ClassBoard

    with ClassBoard(tmp_path / "board.sqlite") as board:
        lee_first = board.start_class(owner="ms-lee")
        khan = board.start_class(owner="mr-khan")
        lee = board.start_class(owner="ms-lee")
        assert board.lesson(lee_first).expired() and not board.lesson(khan).expired()
        assert not board.lesson(lee).expired()
        assert [code for code, _ in board.classes(owner="ms-lee")] == [lee, lee_first]
        assert [code for code, _ in board.classes(owner="ms-lee", most=1)] == [lee]
        assert board.owner(khan) == "mr-khan" and board.owner("ZZZZZ") is None
        laptop = board.start_class()  # a laptop's class: nobody's, and ends no hub class
        assert board.owner(laptop) is None and not board.lesson(khan).expired()
        assert len(board.classes()) == 4


def test_an_admins_name_signs_in_only_with_the_admin_password():
    auth = ClassPasswordAuthenticator(user_password="class-pass-7", admin_users={"head"},
                                      admin_password="a" * 32, teacher_password="teachers-pass-9")
    assert sign_in(auth, {"username": "head", "password": "class-pass-7"}) is None
    assert sign_in(auth, {"username": "head", "password": "a" * 32})["admin"] is True


def test_on_a_hub_the_join_link_goes_through_the_hub_to_each_pupils_own_server(monkeypatch):
    from uno_nb.widgets import board_view

    monkeypatch.delenv(board_view.JOIN_ENV, raising=False)
    monkeypatch.setenv("JUPYTERHUB_BASE_URL", "/")
    monkeypatch.setenv("SERVER_NAME", "maths.school.example")
    monkeypatch.setenv("SERVER_PORT", "")
    monkeypatch.setenv("HTTP_X_FORWARDED_PROTO", "https")
    assert board_view.join_link("ABCDE", "ru", "02_card_odds") == (
        "https://maths.school.example/hub/user-redirect/voila/render/ru/02_card_odds.ipynb"
        "?class=ABCDE")


@pytest.mark.parametrize("name, plain", [("ada", True), ("Маша", True), ("ivan_2", True),
                                         ("te\u0430cher", False), ("teacher\u200b", False),
                                         ("-x", False), ("a b", False), ("x" * 33, False)])
def test_a_name_is_one_a_class_can_read_as_itself(name, plain):
    from uno_nb.serving.hub_auth import plain_name

    assert plain_name(name) is plain


def test_a_row_sent_again_after_a_reply_that_never_came_is_written_once(service):
    board = RemoteBoard(f"http://127.0.0.1:{service.server_port}/", token="abc")
    room = classroom.Classroom(board=board, teacher=False)
    room.member = classroom.Membership("ABCDE", "s1")
    _Said.answer = (503, {})  # (the service busy: the row is kept, with its key)
    with pytest.raises(BoardBusy):
        room.record("hand", "wild:7", 3, {"seed": 1, "start": 0, "counts": {"0": 3}})
    key = room.kept[0][-1]
    _Said.answer = (200, {"id": 7})
    assert room.send_kept() == 7 and room.kept == []
    sent = [json.loads(body) for _m, _p, _t, body in _Said.bodies]
    assert [row["key"] for row in sent] == [key, key]  # the same key both times


def test_the_service_writes_a_keyed_row_once():
    pace = Pace()
    named = ("ada", "ABCDE", "k1")
    pace.remember(named, 12)
    assert pace.written[named] == 12
    for i in range(hub_board.KEYS_KEPT):  # the oldest are forgotten, the newest kept
        pace.remember(("ada", "ABCDE", f"n{i}"), i)
    assert named not in pace.written and len(pace.written) == hub_board.KEYS_KEPT
