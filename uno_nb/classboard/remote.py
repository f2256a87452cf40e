"""The class board over HTTP: a page's kernel on a JupyterHub talks to the
board service (:mod:`uno_nb.serving.hub_board`) instead of opening the file.

:class:`RemoteBoard` has the methods of :class:`~uno_nb.classboard.ClassBoard`
that a page's :class:`~uno_nb.classroom.Classroom` uses, so the page's code
is the same on a laptop and on a hub; only the transport differs.  What
differs in meaning is said where it does: on a hub the student is the hub
user (the token the kernel holds, ``JUPYTERHUB_API_TOKEN``), so a secret
brought by a browser means nothing here, and :meth:`enrol` gives the hub
user's own enrolment (the same student every time).

A service that can't be reached, or answers that it is busy, raises
:class:`~uno_nb.classboard.BoardBusy`: the page keeps its rows and sends
them later, as it does when the file is busy.  A refusal is raised as the
store's exception of that reason, so the page says it in the learner's words.
"""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.parse
import urllib.request
from typing import Any, Iterator, Mapping

from .forms import (CLASS_HOURS, CLASS_MOST, PRESENCE_SECONDS, ROWS_PER_MINUTE, BoardBusy,
                    BoardError, Enrolment, Lesson, Result, Student)

__all__ = ["RemoteBoard", "TOKEN_ENV", "NotYours", "reasons"]

#: The hub's token for this user's server (and so its kernels).
TOKEN_ENV = "JUPYTERHUB_API_TOKEN"
#: The service's path on its host (the hub's proxy keeps it).
PREFIX = "services/uno-board/api"
#: Seconds a call waits for the service (a page's kernel answers its learner meanwhile).
PATIENCE = 5.0


class NotYours(BoardError):
    """A row for someone else than the hub user who writes it."""

    reason = "not_yours"


def reasons() -> dict[str, type[BoardError]]:
    """The store's refusals by reason (the service sends the reason)."""
    found: dict[str, type[BoardError]] = {}
    todo: list[type[BoardError]] = [BoardError]
    while todo:
        kind = todo.pop()
        found.setdefault(kind.reason, kind)
        todo.extend(kind.__subclasses__())
    return found


class RemoteBoard:
    """The board service at ``url`` (``http://host:port/``), called with ``token``."""

    rows_per_minute: int | None = ROWS_PER_MINUTE

    def __init__(self, url: str, token: str | None = None, *, patience: float = PATIENCE) -> None:
        self.url = url.rstrip("/") + "/" + PREFIX
        self.path = self.url  # what the board page says where the store is
        self._token = token if token is not None else os.environ.get(TOKEN_ENV, "")
        self.patience = patience

    def __repr__(self) -> str:
        return f"RemoteBoard({self.url!r})"

    # -- the transport ---------------------------------------------------------------

    def _call(self, method: str, path: str, body: Mapping[str, Any] | None = None,
              query: Mapping[str, Any] | None = None, raw: bool = False) -> Any:
        address = self.url + path
        if query:
            address += "?" + urllib.parse.urlencode(
                {k: v for k, v in query.items() if v is not None})
        data = json.dumps(dict(body)).encode("utf-8") if body is not None else None
        request = urllib.request.Request(address, data=data, method=method, headers={
            "Authorization": f"token {self._token}", "Content-Type": "application/json",
            "Accept": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=self.patience) as response:
                payload = response.read()
        except urllib.error.HTTPError as error:
            raise self._refusal(error) from None
        except (OSError, ValueError) as error:  # refused, reset, timed out
            raise BoardBusy(f"the board service can't be reached: {error}") from None
        if raw:
            return payload
        return json.loads(payload or b"null")

    @staticmethod
    def _refusal(error: urllib.error.HTTPError) -> BoardError:
        try:
            said = json.loads(error.read() or b"{}")
        except ValueError:
            said = {}
        reason = str(said.get("reason", "")) if isinstance(said, dict) else ""
        message = str(said.get("message", "")) if isinstance(said, dict) else ""
        facts = said.get("facts", {}) if isinstance(said, dict) else {}
        if reason == "not_teacher":
            from ..classroom import NotTeacher  # (the page's refusal: classroom imports this module)
            return NotTeacher(message or "only a teacher may do that", **dict(facts))
        kind = reasons().get(reason)
        if kind is None:
            if error.code in (502, 503, 504):
                return BoardBusy(f"the board service is busy ({error.code})")
            return BoardError(message or f"the board service answered {error.code}")
        return kind(message or reason, **(dict(facts) if isinstance(facts, dict) else {}))

    # -- who is asking ---------------------------------------------------------------

    def whoami(self) -> dict[str, Any]:
        """``{"user": name, "teacher": bool}``: the hub's word on this kernel's user."""
        said = self._call("GET", "/whoami")
        return {"user": str(said.get("user", "")), "teacher": said.get("teacher") is True}

    # -- the store's methods that a page uses ----------------------------------------

    def start_class(self, hours: float = CLASS_HOURS) -> str:
        return str(self._call("POST", "/classes", {})["code"])

    def classes(self) -> list[tuple[str, float]]:
        return [(str(code), float(started)) for code, started in self._call("GET", "/classes")]

    def lesson(self, code: str) -> Lesson:
        said = self._call("GET", f"/classes/{_quoted(code)}")
        said["revealed"] = tuple(said.get("revealed", ()))
        return Lesson(**said)

    def join(self, code: str, secret: str | None = None) -> str:
        """The class's exact code if it is open: on a hub, joining enrols the
        hub user (the service counts their failed joins), so a class is
        only ever seen by its own pupils and teachers."""
        return str(self._call("POST", f"/classes/{_quoted(code)}/join", {})["code"])

    def student(self, code: str, secret: str) -> Student | None:
        """On a hub a browser's secret names nobody: the student is the hub user (:meth:`enrol`)."""
        return None

    def enrol(self, code: str, nickname: str | None = None, most: int = CLASS_MOST,
              secret: str | None = None) -> Enrolment:
        """The hub user's place in the class: joined now, or found again."""
        said = self._call("POST", f"/classes/{_quoted(code)}/join", {"nickname": nickname})
        return Enrolment(Student(**said["student"]), "")

    def rename(self, code: str, student: str, nickname: str | None) -> None:
        self._call("POST", f"/classes/{_quoted(code)}/join", {"nickname": nickname})

    def lead(self, code: str, *, page: str | None = None, question: str | None = None,
             reveal: str | None = None, paused: bool | None = None) -> Lesson:
        said = self._call("POST", f"/classes/{_quoted(code)}/lead",
                          {"page": page, "question": question, "reveal": reveal, "paused": paused})
        said["revealed"] = tuple(said.get("revealed", ()))
        return Lesson(**said)

    def here(self, code: str, student: str, page: str) -> None:
        self._call("POST", f"/classes/{_quoted(code)}/here", {"page": page})

    def where(self, code: str, within: float = PRESENCE_SECONDS) -> dict[str, int]:
        return {str(k): int(v) for k, v in self._where(code)["where"].items()}

    def last_id(self, code: str) -> int:
        return int(self._where(code)["last"])

    def _where(self, code: str) -> dict[str, Any]:
        said: dict[str, Any] = self._call("GET", f"/classes/{_quoted(code)}/where")
        return said

    def students(self, code: str) -> list[Student]:
        return [Student(**s) for s in self._call("GET", f"/classes/{_quoted(code)}/students")]

    def hide(self, code: str, student: str, hidden: bool = True) -> None:
        self._call("POST", f"/classes/{_quoted(code)}/students/{_quoted(student)}/hidden",
                   {"hidden": hidden})

    def add(self, code: str, student: str, kind: str, item: str, value: float | None = None,
            detail: Mapping[str, Any] | None = None, nickname: str | None = None,
            key: str | None = None) -> int:
        """A row of the hub user's; ``key`` names it once (sent again after a
        reply that never came, it is the same row, not a second)."""
        said = self._call("POST", f"/classes/{_quoted(code)}/rows",
                          {"student": student, "kind": kind, "item": item, "value": value,
                           "detail": dict(detail) if detail is not None else None, "key": key})
        return int(said["id"])

    def results(self, code: str, kind: str | None = None, after: int = 0,
                student: str | None = None, limit: int | None = None) -> list[Result]:
        query = {"after": int(after), "kind": kind, "limit": limit,
                 "mine": "1" if student is not None else None}
        return [Result(**row) for row in
                self._call("GET", f"/classes/{_quoted(code)}/rows", query=query)]

    def rows_in_order(self, code: str, block: int = 5_000) -> Iterator[Result]:
        after = 0
        while True:
            rows = self.results(code, after=after, limit=block)
            yield from rows
            if len(rows) < block:
                return
            after = rows[-1].id


def _quoted(text: str) -> str:
    return urllib.parse.quote(str(text), safe="")
