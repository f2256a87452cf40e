"""The class board's words and pictures that are not charts: the address
students join by and its QR code, the board's big type for the projector,
and the sentences on where the teacher leads the class and where its
students are (:mod:`uno_nb.widgets.board_app` draws them).

The join address is this computer's address on the network as the launcher
printed it (:data:`JOIN_ENV`, set by :mod:`uno_nb.serving.webapp`), the lesson page
the class is on (or the first), and the class code:

>>> import os
>>> os.environ[JOIN_ENV] = "http://192.168.1.23:8866/"
>>> join_link("K7Q2M", "en")
'http://192.168.1.23:8866/voila/render/01_rules_step_by_step.ipynb?class=K7Q2M'
>>> join_link("K7Q2M", "ru", "02_card_odds")
'http://192.168.1.23:8866/voila/render/ru/02_card_odds.ipynb?class=K7Q2M'
>>> del os.environ[JOIN_ENV]
"""

from __future__ import annotations

import os
import time
from html import escape
from typing import Mapping

import segno

from .. import lessons
from ..classboard import Lesson
from ..texts import has, text
from ..texts.numbers import fmt_decimal, fmt_int
from ..wording import question_words

__all__ = ["JOIN_ENV", "FIRST_PAGE", "LOOKS", "styled", "join_base", "join_link", "qr_svg",
           "head_html", "lesson_words", "where_words", "memory_words", "class_option", "student_name", "short"]

#: The address students open (``http://192.168.1.23:8866/``), set by the launcher.
JOIN_ENV = "UNO_NB_JOIN_BASE"
#: The page a join link opens while the class is on no page in particular.
FIRST_PAGE = lessons.PAGE_FILES["01"]

#: The board's own looks, as inline styles (the page template's stylesheet
#: knows nothing of the board): big type read from the back of a room, the
#: QR code drawn crisp.  Text on white keeps a contrast of at least 4.5:1
#: (#0b3d91: 10:1, #3d3d3d: 11:1, #5c3b00: 10:1, #1d1d1b: 17:1).
MONO = "font-family:'DejaVu Sans Mono',Menlo,Consolas,monospace"
LOOKS = {
    "code_label": "margin:0;font-size:17px;line-height:1.2;color:#3d3d3d",
    "code": f"margin:0;line-height:1.05;{MONO};font-size:68px;font-weight:800;"
            "letter-spacing:0.12em;color:#1d1d1b",
    "link_words": "margin:0;font-size:16px;line-height:1.3;color:#3d3d3d",
    "link": f"margin:1px 0;line-height:1.25;{MONO};font-size:20px;font-weight:bold;"
            "color:#0b3d91;word-break:break-all;user-select:all",
    "joined": "margin:6px 0 0 0;font-size:24px;line-height:1.2;font-weight:bold;color:#1d1d1b",
    "sent": "margin:0;font-size:15px;line-height:1.3;color:#3d3d3d",
    "line": "margin:1px 0;font-size:15px;line-height:1.3",
    "paused": "margin:1px 0;font-size:15px;line-height:1.3;font-weight:bold;color:#5c3b00",
    "words": "margin:2px 0;font-size:14px;line-height:1.3",
    "qr": "display:block;width:196px;height:196px;shape-rendering:crispEdges;background:#fff",
    "about": "font-size:14px;line-height:1.3;color:#3d3d3d;margin:2px 0 6px 0",
    "summary": "cursor:pointer;color:#0b3d91",
}


def styled(look: str, *sentences: str, cls: str = "") -> str:
    """``sentences`` as one paragraph (escaped) in one of :data:`LOOKS`."""
    klass = f' class="{cls}"' if cls else ""
    return (f'<p{klass} style="{LOOKS[look]}">' + " ".join(escape(s) for s in sentences)
            + "</p>")


def join_base() -> str:
    """The address students open, ending in ``/``: the launcher's
    (:data:`JOIN_ENV`), else the one this page was asked by, else this
    computer's on the app's usual port.  On a JupyterHub the teacher's page is
    in the teacher's own server: the link goes through the hub's
    ``hub/user-redirect/``, which opens the same page in each pupil's own."""
    base = os.environ.get(JOIN_ENV, "").strip()
    if not base:
        host = os.environ.get("SERVER_NAME") or "127.0.0.1"
        hub = os.environ.get("JUPYTERHUB_BASE_URL")
        if hub:  # (the address the teacher's browser used, the hub's)
            port = os.environ.get("SERVER_PORT")
            scheme = os.environ.get("HTTP_X_FORWARDED_PROTO") or "http"
            path = hub.rstrip("/") + "/hub/user-redirect/"
            base = f"{scheme}://{host}{':' + port if port else ''}{path}"
        else:
            port = os.environ.get("SERVER_PORT") or os.environ.get("VOILA_APP_PORT") or "8866"
            base = f"http://{host}:{port}{os.environ.get('VOILA_BASE_URL') or '/'}"
    return base if base.endswith("/") else base + "/"


def join_link(code: str, lang: str, page: str = "") -> str:
    """The address that opens lesson page ``page`` (the first one if it is
    none of them) in class ``code``, in the board's language."""
    name = page if page in lessons.PAGE_FILES.values() else FIRST_PAGE
    return f"{join_base()}voila/render/{'ru/' if lang == 'ru' else ''}{name}.ipynb?class={code}"


def qr_svg(link: str, label: str) -> str:
    """The QR code of ``link`` as inline SVG, one unit a module, drawn at
    the size the page gives it (crisp: no smoothing between modules), with
    a white quiet zone of four modules and ``label`` as its name."""
    code = segno.make(link, error="m", micro=False)
    svg = code.svg_inline(scale=1, border=4, omitsize=True, dark="#000", light="#fff",
                          svgclass="uno-board-qr-svg", lineclass=None)
    return svg.replace("<svg ", f'<svg role="img" aria-label="{escape(label)}" '
                                f'style="{LOOKS["qr"]}" ', 1)


def head_html(code: str, link: str, lang: str) -> str:
    """The class code as big as the screen allows, and the address to join."""
    return (styled("code_label", text("board.page.code_label", lang))
            + styled("code", code, cls="uno-board-code-text")
            + styled("link_words", text("board.page.link", lang))
            + styled("link", link, cls="uno-board-link"))


def short(words: str, most: int = 70) -> str:
    """``words`` cut to ``most`` characters (a menu's line)."""
    return words if len(words) <= most else words[: most - 1].rstrip() + "…"


def _page_title(page: str, lang: str) -> str:
    return text(f"page.title.{page}", lang) if has(f"page.title.{page}") else page


def lesson_words(lesson: Lesson, lang: str) -> str:
    """Where the teacher leads the class, as paragraphs: the page, the
    question open for everyone, the pause."""
    said = [text("board.page.lesson_page", lang, page=_page_title(lesson.page, lang))
            if lesson.page else text("board.page.lesson_free", lang)]
    if lesson.question:
        try:
            asked = question_words(lessons.question(lesson.question), "ask", lang)
        except KeyError:
            asked = ""
        if asked:
            said.append(text("board.page.lesson_question", lang, question=short(asked, 70)))
    out = styled("line", *said)
    if lesson.paused:
        out += styled("paused", text("board.page.lesson_paused", lang), cls="uno-board-paused")
    return out


def memory_words(size: int | None, lang: str) -> str:
    """How much memory the app uses (its whole process tree, PSS:
    :func:`uno_nb.memory.app_memory`); nothing when it cannot be read."""
    if size is None:
        return ""
    return text("board.page.memory", lang, size=fmt_decimal(size / 1e9, 1, lang))


def where_words(where: Mapping[str, int], lang: str) -> str:
    """How many students have each lesson page open now."""
    if not where:
        return text("board.page.where_none", lang)
    pages = ", ".join(text("board.page.where_page", lang, page=_page_title(page, lang),
                           count=fmt_int(count, lang)) for page, count in sorted(where.items()))
    return text("board.page.where", lang, pages=pages)


def class_option(code: str, started: float, lang: str) -> str:
    """A class in the menu of earlier ones: its code and when it started."""
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(started))
    return text("board.page.class_option", lang, code=code, when=when)


def student_name(student: str, nickname: str | None, lang: str) -> str:
    """A student as the teacher's list names them: their nickname (as typed,
    shown as text), else the start of their id."""
    return nickname or text("board.page.unnamed", lang, id=student.lstrip("s")[:6])
