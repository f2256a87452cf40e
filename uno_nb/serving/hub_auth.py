"""Signing in to the kit's hub without the school's accounts: a class password.

:class:`ClassPasswordAuthenticator` is JupyterHub's own shared-password
authenticator (``SharedPasswordAuthenticator``) with one rule more: the names
of the teachers (``teachers``) sign in only with the teachers' password, so a
pupil who knows the class password cannot take a teacher's name (and with it
the teacher's server and the scope to lead the class).  Teachers are put in
the ``teachers`` group by the hub's configuration (:func:`uno_nb.serving.hub.configure`).

With ``anonymous_pupils``, ``/hub/tmplogin`` (jupyterhub-tmpauthenticator's
handler) signs a pupil in as a new temporary user, ``pupil-`` and a random
part, with no password at all: for a class whose pupils have no accounts.

A school with accounts of its own (LDAP, OAuth, its TLJH users) keeps its
authenticator and lists its teachers in the ``teachers`` group instead.
"""

from __future__ import annotations

import secrets
import unicodedata
from hmac import compare_digest
from typing import Any

from jupyterhub.authenticators.shared import SharedPasswordAuthenticator
from tmpauthenticator import TmpAuthenticateHandler
from traitlets import Bool, Set, Unicode, validate

__all__ = ["ClassPasswordAuthenticator", "PUPIL_PREFIX", "plain_name"]

#: A temporary pupil's user name begins so.
PUPIL_PREFIX = "pupil-"


def plain_name(name: str) -> bool:
    """A name a class can read as itself: 1-32 letters, digits, ``-``, ``_``
    or ``.``, starting with a letter or digit, its letters all of one script
    (so no "teаcher" with a Cyrillic а beside a teacher's "teacher"), no
    invisible characters."""
    if not 1 <= len(name) <= 32 or name != unicodedata.normalize("NFKC", name):
        return False
    if not name[0].isalnum() or any(not (ch.isalnum() or ch in "-_.") for ch in name):
        return False
    scripts = {unicodedata.name(ch, "?").split()[0] for ch in name if ch.isalpha()}
    return len(scripts) <= 1


class ClassPasswordAuthenticator(SharedPasswordAuthenticator):  # type: ignore[misc]
    """The class password for pupils, the teachers' password for the teachers' names."""

    teacher_password = Unicode(
        None, allow_none=True, config=True,
        help="The password the names in `teachers` sign in with (8 characters or more, "
             "not the class password).")
    teachers = Set(Unicode(), config=True,
                   help="The teachers' user names: they sign in with `teacher_password` only.")
    anonymous_pupils = Bool(
        False, config=True,
        help="Let /hub/tmplogin sign a pupil in as a new temporary user, without a password.")

    @validate("teacher_password")
    def _validate_teacher_password(self, proposal: Any) -> str | None:
        new = proposal.value
        if not new:
            return None
        if len(new) < self._USER_PASSWORD_MIN_LENGTH:
            raise ValueError(f"the teachers' password must be at least "
                             f"{self._USER_PASSWORD_MIN_LENGTH} characters, not {len(new)}")
        if self.user_password and compare_digest(new, self.user_password):
            raise ValueError("the teachers' password cannot be the class password")
        return str(new)

    @validate("teachers")
    def _validate_teachers(self, proposal: Any) -> set[str]:
        return {self.normalize_username(name) for name in proposal.value}

    async def authenticate(self, handler: Any, data: dict[str, Any] | None) -> dict[str, Any] | None:
        if data is None:  # /hub/tmplogin: a new temporary pupil, when allowed
            if not self.anonymous_pupils:
                return None
            return {"name": PUPIL_PREFIX + secrets.token_hex(4), "admin": False}
        username = self.normalize_username(str(data.get("username", "")))
        password = str(data.get("password", ""))
        if not plain_name(username):
            return None
        if username in self.admin_users:  # (as JupyterHub's own: the admin password only)
            if self.admin_password and compare_digest(password, self.admin_password):
                return {"name": username, "admin": True}
            return None
        if username in self.teachers:
            if self.teacher_password and compare_digest(password, self.teacher_password):
                return {"name": username, "admin": False}
            return None
        if username.startswith(PUPIL_PREFIX) and self.anonymous_pupils:
            return None  # temporary names are the hub's to give
        if self.user_password and compare_digest(password, self.user_password):
            return {"name": username, "admin": False}
        return None

    def get_handlers(self, app: Any) -> list[tuple[str, Any]]:
        handlers: list[tuple[str, Any]] = list(super().get_handlers(app))
        if self.anonymous_pupils:
            handlers.append(("/tmplogin", TmpAuthenticateHandler))
        return handlers
