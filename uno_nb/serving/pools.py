"""Kernel pools sized for a class: how many preheated kernels each page keeps
(``--class-size K``, ``make app CLASS=K``, on the pages a lesson starts on),
the launcher's own options, and the line start-up says once the pools are
first full, with the kernels' memory."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Iterable, Sequence

from ..memory import gigabytes

__all__ = ["CLASS_PAGES", "NOT_CLASS_PAGES", "page_names", "class_pools", "split_arguments",
           "ready_line", "BoardLead", "twin"]


#: The page a lesson starts on, where the whole class arrives at once: with
#: ``--class-size K`` it keeps K preheated kernels until the class moves on
#: (the teacher sends it to another page from the class board, or students
#: start opening another page: see :mod:`uno_nb.serving.kernel_manager`);
#: ``--pages`` names others to start with.
CLASS_PAGES = ("01_rules_step_by_step",)

#: The pages a class is never moved to by students opening them: everyone
#: passes through the index on the way to the lesson's page, and the class
#: board is the teacher's.
NOT_CLASS_PAGES = ("00_index", "06_class_board")


def page_names(pages: Iterable[str], notebooks: Path) -> list[str]:
    """The notebooks named by ``pages`` as Voilà names them (relative to
    ``notebooks``, with ``.ipynb``): ``02_card_odds``, ``02_card_odds.ipynb``,
    ``notebooks/02_card_odds`` and ``ru/02_card_odds`` are all accepted, so
    that the names a teacher sees anywhere work.  ValueError names what is
    not a notebook there, and the pages that are."""
    names: list[str] = []
    for page in pages:
        name = page.strip().replace("\\", "/").removeprefix("./")
        name = name.removeprefix(f"{notebooks.name}/") if not (notebooks / name).exists() else name
        if not name:
            continue
        if not name.endswith(".ipynb"):
            name += ".ipynb"
        if not (notebooks / name).is_file():
            known = sorted(str(p.relative_to(notebooks).with_suffix("")).replace(os.sep, "/")
                           for p in notebooks.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
            raise ValueError(f"no page {page.strip()!r} in {notebooks}; the pages are: "
                             + ", ".join(known))
        if name not in names:
            names.append(name)
    if not names:
        raise ValueError("--pages names no page")
    return names


def class_pools(class_size: int, pages: Sequence[str], notebooks: Path,
                default_size: int = 1) -> dict[str, dict[str, int]]:
    """Voilà's ``VoilaKernelManager.kernel_pools_config`` for a class of
    ``class_size`` at start: that many preheated kernels for each of ``pages``
    (see :func:`page_names`), ``default_size`` (voila.json's
    ``default_pool_size``) for every other notebook.  The kernel manager
    changes it as the class moves from page to page."""
    if type(class_size) is not int or class_size < 1:
        raise ValueError(f"the class size is a number of visitors, 1 or more, not {class_size!r}")
    pools = {"default": {"pool_size": max(default_size, 0)}}
    pools.update({name: {"pool_size": max(class_size, default_size)}
                  for name in page_names(pages, notebooks)})
    return pools


def _class_size(text: str) -> int:
    try:
        size = int(text)
    except ValueError:
        size = 0
    if size < 1:
        raise argparse.ArgumentTypeError(f"a number of visitors, 1 or more, not {text!r}")
    return size


def split_arguments(argv: Sequence[str]) -> tuple[int | None, list[str] | None, list[str]]:
    """The launcher's own options out of the command line: the class size,
    the pages (``--pages a,b``, ``None`` when not given) and what goes on to
    Voilà.  ``--pages`` without ``--class-size`` means nothing: refused."""
    parser = argparse.ArgumentParser(prog="python -m uno_nb.serving.webapp", add_help=False,
                                     allow_abbrev=False)
    parser.add_argument("--class-size", type=_class_size, default=None)
    parser.add_argument("--pages", default=None)
    known, rest = parser.parse_known_args(list(argv))
    if known.pages is not None and known.class_size is None:
        parser.error("--pages chooses the pages sized for the class: give --class-size too")
    pages = None if known.pages is None else [p for p in known.pages.split(",") if p.strip()]
    return known.class_size, pages, rest

def ready_line(visitors: int | None, kernels: int, memory: int | None,
               page: str | None = None) -> str:
    """What start-up says once every pool is first full, and again when the
    class's page is ready: ``ready for 30 visitors on 01_rules_step_by_step.ipynb:
    44 kernels, 2.1 GB of memory`` (``ready: 14 kernels, 0.9 GB of memory``
    without a class size; no memory where it cannot be read).  The memory
    is the whole app's (:func:`uno_nb.memory.tree_pss`)."""
    who = "" if visitors is None else f" for {visitors} visitor{'' if visitors == 1 else 's'}"
    where = "" if visitors is None or page is None else f" on {page}"
    said = f"ready{who}{where}: {kernels} kernel{'' if kernels == 1 else 's'}"
    return said if memory is None else f"{said}, {gigabytes(memory)} of memory"


def twin(page: str, like: str) -> str:
    """The notebook of lesson page ``page`` (``02_card_odds``) in the language
    of notebook ``like`` (``ru/01_rules_step_by_step.ipynb`` → ``ru/02_card_odds.ipynb``)."""
    folder = like.rsplit("/", 1)[0] + "/" if "/" in like else ""
    return f"{folder}{page}.ipynb"


class BoardLead:
    """The page the teacher has sent the class to from the class board, read
    from the board's file only when the file has changed (its and its
    write-ahead log's size and time, one ``stat`` each): :meth:`page` is
    cheap enough to ask every few seconds.  ``None`` while no class is open,
    or the board cannot be read (the board says why; the pools just stay)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._seen: tuple[tuple[int, int], ...] | None = None
        self._page: str | None = None
        self._board: object | None = None

    def _stamp(self) -> tuple[tuple[int, int], ...]:
        stamps = []
        for path in (self.path, self.path.with_name(self.path.name + "-wal")):
            try:
                info = path.stat()
                stamps.append((info.st_mtime_ns, info.st_size))
            except OSError:
                stamps.append((0, 0))
        return tuple(stamps)

    def page(self) -> str | None:
        stamp = self._stamp()
        if stamp == self._seen:
            return self._page
        self._seen = stamp
        from ..classboard import BoardError, ClassBoard  # the standard library's sqlite3 only

        try:
            if self._board is None:
                self._board = ClassBoard(self.path, patience=0.5)
            assert isinstance(self._board, ClassBoard)
            lesson = self._board.open_lesson()
        except BoardError:
            return self._page
        self._page = (lesson.page or None) if lesson is not None else None
        return self._page
