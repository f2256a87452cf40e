"""The class board as a JupyterHub service: the store behind a small HTTP API.

Under a hub (:mod:`uno_nb.serving.hub`) every pupil's page runs in the
pupil's own server, perhaps on another machine; the board's SQLite file
wants one writer's machine.  So one process, started and kept by the hub,
owns the file (in its ``--data-dir``) and answers the pages' kernels over
HTTP (:class:`uno_nb.classboard.remote.RemoteBoard` is their side).  The
rules of the store are the store's own (:class:`uno_nb.classboard.ClassBoard`:
the same code as under ``make app``); this module adds who may ask:

* every request carries a hub token (the pupil's server's, which its
  kernels hold, or a browser's OAuth cookie for a GET), and the hub says
  whose it is: **the user is the student**, never a name a page sends.  A
  hub user is one student of a class (:func:`user_secret`: their
  enrolment's secret is derived from the user's name with the service's own
  key, so nobody else can bring it);
* a teacher's action (start, open or lead a class, read the class's rows,
  its students and where they are, hide a student, export) needs the
  token's scope :data:`~uno_nb.serving.hub.TEACH_SCOPE`, which the hub
  gives to its ``teachers`` group: 403 otherwise;
* a pupil writes rows only as themselves (a row naming another student is
  refused, 403), reads only their own, and a prediction whose number no
  learner could mean is refused as the page refuses it
  (:func:`uno_nb.classroom.sensible`);
* a refusal is JSON, ``{"reason": ..., "message": ..., "facts": {...}}``,
  with the store's reason (the pages' texts ``board.refused.<reason>``);
  bodies are at most :data:`BODY_MOST` bytes; a POST must bring its token in
  the ``Authorization`` header (a cookie alone could be sent by another site).

Run by the hub: ``python -m uno_nb.serving.hub_board --data-dir DIR`` (it
listens where the hub's ``JUPYTERHUB_SERVICE_URL`` says).
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import io
import json
import logging
import math
import os
import secrets
import signal
import sys
import time
from collections import OrderedDict
from dataclasses import asdict
from pathlib import Path
from typing import Any, Callable, Sequence
from urllib.parse import urlsplit

from tornado import ioloop, web
from jupyterhub.services.auth import HubOAuth, HubOAuthCallbackHandler, HubOAuthenticated
from traitlets import default

from .. import classroom, lessons
from ..classboard import (BadRow, BoardError, ClassBoard, ClassExpired, NoSuchClass, NotEnrolled,
                          Student, TooManyJoins, normal_code)
from ..classexport import write_csv
from .hub import SERVICE, TEACH_SCOPE

__all__ = ["BODY_MOST", "make_app", "user_secret", "main"]

log = logging.getLogger("uno_nb.hub_board")

#: The largest request body the service reads (a row's details are at most 4 KB).
BODY_MOST = 16 * 1024
#: The most rows one GET returns.
ROWS_MOST = 5_000
#: A user's requests: this many at once, then this many a second (a page asks
#: every few seconds; a script that loops is slowed, answered 429).
BURST, PER_SECOND = 40, 10.0
#: A user's predictions (answers to the questions): a burst, then two a second.
PREDICTIONS, PREDICTIONS_PER_SECOND = 20, 2.0
#: A user's failed joins are forgotten this long after the last one (seconds).
FORGET_FAILURES = 900.0
#: How many rows' keys the service remembers (a page sends a row again within
#: seconds of the reply it never got: the newest are enough).
KEYS_KEPT = 100_000
#: Seconds the hub's word on a token is kept (JupyterHub's default: 300).
TOKEN_SECONDS = 30
#: The most classes of a teacher's the service lists (the newest).
CLASSES_MOST = 50
#: HTTP statuses of the store's refusals (the rest are 400: the request's fault).
STATUS = {"no_class": 404, "not_enrolled": 404, "expired": 410, "class_full": 409,
          "too_fast": 429, "joins_held": 429, "too_many_joins": 429, "busy": 503,
          "unreadable": 503, "not_teacher": 403, "not_yours": 403, "pace": 429,
          "not_token": 403}


class Pace:
    """Each user's requests (a token bucket: :data:`BURST` at once, then
    :data:`PER_SECOND`; predictions apart, :data:`PREDICTIONS` at once, then
    :data:`PREDICTIONS_PER_SECOND`) and failed joins (after
    ``classroom.JOIN_TRIES`` each further try waits, as a page's own: 15 s,
    doubling, at most 15 minutes; forgotten :data:`FORGET_FAILURES` seconds
    after the last, never by a join that works), so that one user's script
    neither holds the service nor the board's joins for everyone."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._buckets: dict[tuple[str, str], tuple[float, float]] = {}
        self._failed: dict[str, tuple[int, float, float]] = {}  # count, wait until, last
        #: the rows written lately by their pages' keys: (user, class, key) -> row id
        self.written: OrderedDict[tuple[str, str, str], int] = OrderedDict()

    def remember(self, named: tuple[str, str, str], row: int) -> None:
        self.written[named] = row
        while len(self.written) > KEYS_KEPT:
            self.written.popitem(last=False)

    def take(self, user: str, what: str = "request") -> bool:
        burst, rate = (PREDICTIONS, PREDICTIONS_PER_SECOND) if what == "prediction" \
            else (BURST, PER_SECOND)
        now = self._clock()
        tokens, since = self._buckets.get((user, what), (float(burst), now))
        tokens = min(float(burst), tokens + (now - since) * rate)
        if tokens < 1:
            self._buckets[(user, what)] = (tokens, now)
            return False
        self._buckets[(user, what)] = (tokens - 1, now)
        return True

    def join_wait(self, user: str) -> float:
        """Seconds ``user`` must wait before joining again (0: may join now)."""
        return max(0.0, self._failed.get(user, (0, 0.0, 0.0))[1] - self._clock())

    def join_failed(self, user: str) -> None:
        now = self._clock()
        count, _until, last = self._failed.get(user, (0, 0.0, now))
        if now - last > FORGET_FAILURES:
            count = 0
        count += 1
        wait = (min(900.0, 15.0 * 2 ** (count - classroom.JOIN_TRIES))
                if count >= classroom.JOIN_TRIES else 0.0)
        self._failed[user] = (count, now + wait, now)


def user_secret(key: bytes, code: str, user: str) -> str:
    """The enrolment secret of hub user ``user`` in class ``code``: an HMAC
    with the service's key (kept in its data folder), so the same user is
    the same student after a reload, a stopped server or another machine."""
    return hmac.new(key, f"{code}\x00{user}".encode("utf-8"), hashlib.sha256).hexdigest()[:48]


def _key(folder: Path) -> bytes:
    """The service's key, made once in its data folder (readable by its owner only)."""
    path = folder / "service-key"
    try:
        key = path.read_bytes().strip()
        if len(key) >= 32:
            return key
    except OSError:
        pass
    key = secrets.token_hex(32).encode("ascii")
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "wb") as out:
        out.write(key + b"\n")
    return key


class Refused(Exception):
    """A request refused by the service itself (not the store)."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


def _plain(thing: Any) -> Any:
    """A store's record (Lesson, Student, Result) as JSON data."""
    return asdict(thing) if thing is not None else None


class BoardAuth(HubOAuth):  # type: ignore[misc]
    """The hub's OAuth for the board, its word on a token kept :data:`TOKEN_SECONDS`:
    a token revoked, or a teacher taken out of the group, counts for no longer."""

    @default("cache_max_age")
    def _cache_max_age(self) -> int:
        return TOKEN_SECONDS


class Api(HubOAuthenticated, web.RequestHandler):  # type: ignore[misc]
    """What every call shares: the user, their scopes, JSON in and out, refusals."""

    hub_auth_class = BoardAuth

    board: ClassBoard
    key: bytes
    pace: Pace

    def initialize(self, board: ClassBoard, key: bytes, pace: Pace) -> None:
        self.board, self.key, self.pace = board, key, pace

    def prepare(self) -> None:
        if len(self.request.body or b"") > BODY_MOST:
            raise web.HTTPError(413, f"a request body holds at most {BODY_MOST} bytes")
        if self.request.method != "GET" and self.current_user \
                and not getattr(self, "_token_authenticated", False):
            # a change is made with a hub token in the Authorization header, never
            # by a browser's cookie alone (which a page could make it send)
            raise Refused("not_token", "a change needs the hub token in the Authorization header")

    @property
    def user(self) -> str:
        model = self.current_user
        return str(model["name"]) if model else ""

    def on_authenticated(self) -> None:
        """(Called by each method once the user is known.)"""
        if not self.pace.take(self.user):
            raise Refused("pace", f"at most {PER_SECOND:g} requests a second")

    @property
    def teacher(self) -> bool:
        model = self.current_user or {}
        return TEACH_SCOPE in set(model.get("scopes") or ())

    def teachers_only(self, action: str) -> None:
        if not self.teacher:
            raise Refused("not_teacher", f"only a teacher may {action}")

    def led(self, code: str, action: str) -> str:
        """Class ``code`` (exact), when the user is the teacher who started it:
        a teacher leads, reads and exports their own classes only (to another
        teacher it is as absent as one that never was)."""
        self.teachers_only(action)
        exact = self.code(code)
        if self.board.owner(exact) != self.user:
            raise NoSuchClass(f"there is no class {exact} of yours on this board", code=exact)
        return exact

    def body(self) -> dict[str, Any]:
        try:
            data = json.loads(self.request.body or b"{}")
        except (ValueError, UnicodeDecodeError):
            raise Refused("bad_request", "the body is not JSON") from None
        if not isinstance(data, dict):
            raise Refused("bad_request", "the body is a JSON object")
        return data

    def code(self, code: str) -> str:
        return normal_code(code)

    def own(self, code: str) -> Student:
        """The hub user's student in class ``code`` (NotEnrolled if they never joined)."""
        found = self.board.student(code, user_secret(self.key, code, self.user))
        if found is None:
            raise NotEnrolled(f"{self.user} has not joined class {code}", code=code)
        return found

    def reply(self, data: Any) -> None:
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps(data, ensure_ascii=False, allow_nan=False))

    def refuse(self, status: int, reason: str, message: str, facts: dict[str, Any]) -> None:
        self.set_status(status)
        safe = {k: v for k, v in facts.items() if isinstance(v, (str, int, float, bool))
                and not (isinstance(v, float) and not math.isfinite(v))}
        self.reply({"reason": reason, "message": message, "facts": safe})

    def _handle_request_exception(self, error: BaseException) -> None:
        if isinstance(error, BoardError):
            self.refuse(STATUS.get(error.reason, 400), error.reason, str(error), error.facts)
        elif isinstance(error, Refused):
            self.refuse(STATUS.get(error.reason, 400), error.reason, str(error), {})
        elif isinstance(error, web.HTTPError):
            self.refuse(error.status_code, "http", error.log_message or "", {})
        else:
            log.exception("the board service failed on %s %s", self.request.method,
                          self.request.path)
            self.refuse(500, "error", "the board service failed", {})


class WhoAmI(Api):
    @web.authenticated
    def get(self) -> None:
        self.on_authenticated()
        self.reply({"user": self.user, "teacher": self.teacher})


class Classes(Api):
    @web.authenticated
    def get(self) -> None:
        self.on_authenticated()
        self.teachers_only("list the classes")
        self.reply([[code, started] for code, started in
                    self.board.classes(owner=self.user, most=CLASSES_MOST)])

    @web.authenticated
    def post(self) -> None:
        self.on_authenticated()
        self.teachers_only("start a class")
        self.reply({"code": self.board.start_class(owner=self.user)})


class ClassLesson(Api):
    @web.authenticated
    def get(self, code: str) -> None:
        """The lesson, for its teachers and the class's own pupils (to anyone
        else a class is as absent as one that never was: no codes to guess)."""
        self.on_authenticated()
        exact = self.code(code)
        if not (self.teacher and self.board.owner(exact) == self.user):
            try:
                self.own(exact)
            except NotEnrolled:
                raise NoSuchClass(f"there is no class {exact} on this board", code=exact) from None
        self.reply(_plain(self.board.lesson(exact)))


class Lead(Api):
    @web.authenticated
    def post(self, code: str) -> None:
        self.on_authenticated()
        exact = self.led(code, "lead the class")
        data = self.body()
        asked = {name: data.get(name) for name in ("page", "question", "reveal", "paused")}
        for name in ("page", "question", "reveal"):
            if asked[name] is not None and not isinstance(asked[name], str):
                raise BadRow(f"{name} is text", field=name)
        if asked["paused"] is not None and not isinstance(asked["paused"], bool):
            raise BadRow("paused is true or false", field="paused")
        for name in ("question", "reveal"):  # (as a teacher's page checks them)
            if asked[name]:
                try:
                    lessons.question(str(asked[name]))
                except ValueError:
                    raise BadRow(f"there is no question {asked[name]!r}", field=name) from None
        self.reply(_plain(self.board.lead(exact, **asked)))


class Join(Api):
    @web.authenticated
    def post(self, code: str) -> None:
        """Join the class as the hub user: the same student every time."""
        self.on_authenticated()
        data = self.body()
        nickname = data.get("nickname")
        if nickname is not None and not isinstance(nickname, str):
            raise BadRow("a nickname is text", field="nickname")
        wait = self.pace.join_wait(self.user)
        if wait > 0:
            raise TooManyJoins("wait before joining again", seconds=int(wait) + 1)
        typed = self.code(code)
        if self.teacher and self.board.owner(typed) == self.user:
            raise BadRow("a teacher leads their class, and is no student of it", field="code")
        secret = user_secret(self.key, typed, self.user)
        try:  # (the user's own class, once joined, is never held back; failures are theirs)
            exact = self.board.join(typed, secret, counted=False)
        except (NoSuchClass, ClassExpired):
            self.pace.join_failed(self.user)
            raise
        student = self.board.student(exact, secret)
        if student is None:
            student = self.board.enrol(exact, nickname, secret=secret).student
        elif nickname is not None and nickname != student.nickname:
            self.board.rename(exact, student.id, nickname)
            student = self.board.student(exact, secret) or student
        self.reply({"code": exact, "student": _plain(student)})


class Here(Api):
    @web.authenticated
    def post(self, code: str) -> None:
        self.on_authenticated()
        exact = self.code(code)
        page = self.body().get("page")
        if not isinstance(page, str):
            raise BadRow("the page is text", field="page")
        self.board.here(exact, self.own(exact).id, page)
        self.reply({})


class Rows(Api):
    @web.authenticated
    def get(self, code: str) -> None:
        self.on_authenticated()
        exact = self.code(code)
        after = _count(self.get_argument("after", "0"), "after")
        limit = min(ROWS_MOST, _count(self.get_argument("limit", str(ROWS_MOST)), "limit"))
        kind = self.get_argument("kind", None)
        if self.get_argument("mine", "") == "1" or not self.teacher:
            rows = self.board.results(exact, kind=kind, after=after,
                                      student=self.own(exact).id, limit=limit)
        else:
            rows = self.board.results(self.led(exact, "read the class's rows"), kind=kind,
                                      after=after, limit=limit)
        self.reply([_plain(row) for row in rows])

    @web.authenticated
    def post(self, code: str) -> None:
        """A row of the hub user's, in a class they joined."""
        self.on_authenticated()
        exact = self.code(code)
        data = self.body()
        mine = self.own(exact)
        if data.get("student") not in (None, mine.id):
            raise Refused("not_yours", "a pupil writes rows only as themselves")
        kind, item, value, detail = (data.get(name) for name in ("kind", "item", "value", "detail"))
        if not isinstance(kind, str) or not isinstance(item, str):
            raise BadRow("a row has a kind and an item, as text", field="kind")
        if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float))):
            raise BadRow("a row's value is a number", field="value")
        if detail is not None and not isinstance(detail, dict):
            raise BadRow("a row's details are a JSON object", field="detail")
        if kind == "prediction":
            if not self.pace.take(self.user, "prediction"):
                raise Refused("pace", f"at most {PREDICTIONS_PER_SECOND:g} answers a second")
            try:  # an answer is to a question there is, with or without a number
                lessons.question(item)
            except ValueError:
                raise BadRow(f"there is no question {item!r}", field="item") from None
            classroom.sensible(item, value, (detail or {}).get("variant", 0))
        key = data.get("key")
        if key is not None and (not isinstance(key, str) or not 1 <= len(key) <= 64):
            raise BadRow("a row's key is text of 1-64 characters", field="key")
        named = (self.user, exact, key) if key is not None else None
        if named is not None and named in self.pace.written:  # sent again: the same row
            self.reply({"id": self.pace.written[named]})
            return
        row = self.board.add(exact, mine.id, kind, item, value, detail, nickname=mine.nickname)
        if named is not None:
            self.pace.remember(named, row)
        self.reply({"id": row})


class Students(Api):
    @web.authenticated
    def get(self, code: str) -> None:
        self.on_authenticated()
        exact = self.led(code, "list the students")
        self.reply([_plain(s) for s in self.board.students(exact)])


class Hidden(Api):
    @web.authenticated
    def post(self, code: str, student: str) -> None:
        self.on_authenticated()
        exact = self.led(code, "hide a student")
        hidden = self.body().get("hidden", True)
        if not isinstance(hidden, bool):
            raise BadRow("hidden is true or false", field="hidden")
        self.board.hide(exact, student, hidden)
        self.reply({})


class Where(Api):
    @web.authenticated
    def get(self, code: str) -> None:
        self.on_authenticated()
        exact = self.led(code, "see where the class is")
        self.reply({"where": self.board.where(exact), "last": self.board.last_id(exact)})


class Export(Api):
    @web.authenticated
    def get(self, code: str) -> None:
        self.on_authenticated()
        exact = self.led(code, "export the class's results")
        lang = self.get_argument("lang", "en")
        out = io.StringIO()
        write_csv(self.board.rows_in_order(exact), out, lang if lang in ("en", "ru") else "en")
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", f'attachment; filename="class-{exact}.csv"')
        self.set_header("Cache-Control", "no-store")
        self.finish(out.getvalue().encode("utf-8"))


def _count(text: str, name: str) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > 12:
        raise BadRow(f"{name} is a whole number", field=name)
    return int(text)


def make_app(board: ClassBoard, key: bytes, prefix: str) -> web.Application:
    """The service's routes under ``prefix`` (``/services/uno-board/``)."""
    api = prefix.rstrip("/") + "/api"
    code = r"([A-Za-z0-9 \-]{1,16})"
    state = {"board": board, "key": key, "pace": Pace()}
    return web.Application([
        (prefix.rstrip("/") + "/oauth_callback", HubOAuthCallbackHandler),
        (api + "/whoami", WhoAmI, state),
        (api + "/classes", Classes, state),
        (api + f"/classes/{code}", ClassLesson, state),
        (api + f"/classes/{code}/lead", Lead, state),
        (api + f"/classes/{code}/join", Join, state),
        (api + f"/classes/{code}/here", Here, state),
        (api + f"/classes/{code}/rows", Rows, state),
        (api + f"/classes/{code}/students", Students, state),
        (api + f"/classes/{code}/students/([A-Za-z0-9_-]{{1,64}})/hidden", Hidden, state),
        (api + f"/classes/{code}/where", Where, state),
        (api + f"/classes/{code}/export.csv", Export, state),
    ], cookie_secret=secrets.token_bytes(32))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m uno_nb.serving.hub_board",
                                     description="The class board as a JupyterHub service.")
    parser.add_argument("--data-dir", type=Path, required=True,
                        help="the folder of the board's file and the service's key")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="[uno-board %(asctime)s] %(message)s")
    url = os.environ.get("JUPYTERHUB_SERVICE_URL")
    if not url:
        print("uno-board: run by JupyterHub as a managed service (no JUPYTERHUB_SERVICE_URL)",
              file=sys.stderr)
        return 2
    args.data_dir.mkdir(parents=True, exist_ok=True)
    os.chmod(args.data_dir, 0o700)
    board = ClassBoard(args.data_dir / "classboard.sqlite")
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", f"/services/{SERVICE}/")
    app = make_app(board, _key(args.data_dir), prefix)
    where = urlsplit(url)
    # (a body up to four times the most is read, and answered in JSON; past that
    # the server closes the request itself)
    app.listen(where.port or 80, where.hostname or "127.0.0.1", xheaders=True,
               max_body_size=4 * BODY_MOST)
    log.info("the class board serves %s at %s (file %s)", prefix, url, board.path)
    loop = ioloop.IOLoop.current()
    for stopping in (signal.SIGTERM, signal.SIGINT):  # how the hub stops its services
        loop.asyncio_loop.add_signal_handler(stopping, loop.stop)  # type: ignore[attr-defined]
    loop.start()
    board.close()  # every row written is in the file already: each was its own transaction
    log.info("the class board service stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
