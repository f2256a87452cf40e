"""Kernel pools sized for a class: how many preheated kernels each page keeps
(``--class-size K``, ``make app CLASS=K``, on the pages a lesson starts on),
the launcher's own options, and the line start-up says once the pools are
first full, with the kernels' memory."""

from __future__ import annotations

import argparse
import os
import re
from pathlib import Path
from typing import Iterable, Sequence

__all__ = ["CLASS_PAGES", "page_names", "class_pools", "split_arguments", "ready_line",
           "rss_bytes"]


#: The pages a lesson starts on, where a whole class arrives at once: with
#: ``--class-size K`` each keeps K preheated kernels (``--pages`` names others).
CLASS_PAGES = ("01_rules_step_by_step", "02_card_odds", "05_play_against_bots")


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
    ``class_size``: that many preheated kernels for each of ``pages`` (see
    :func:`page_names`), ``default_size`` (voila.json's ``default_pool_size``)
    for every other notebook."""
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
    parser = argparse.ArgumentParser(prog="python -m uno_nb.webapp", add_help=False,
                                     allow_abbrev=False)
    parser.add_argument("--class-size", type=_class_size, default=None)
    parser.add_argument("--pages", default=None)
    known, rest = parser.parse_known_args(list(argv))
    if known.pages is not None and known.class_size is None:
        parser.error("--pages chooses the pages sized for the class: give --class-size too")
    pages = None if known.pages is None else [p for p in known.pages.split(",") if p.strip()]
    return known.class_size, pages, rest

def rss_bytes(pid: int) -> int | None:
    """A process's resident memory (``VmRSS`` in ``/proc/<pid>/status``), or
    ``None`` where there is no /proc or the process is gone."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    found = re.search(r"^VmRSS:\s+(\d+)\s+kB", status, re.M)
    return int(found.group(1)) * 1024 if found else None


def ready_line(visitors: int | None, kernels: int, memory: int | None) -> str:
    """What start-up says once every pool is first full: ``ready for 30
    visitors: 99 kernels, 12.9 GB`` (``ready: 12 kernels, 1.6 GB`` without a
    class size; no memory where it cannot be read)."""
    who = "" if visitors is None else f" for {visitors} visitor{'' if visitors == 1 else 's'}"
    said = f"ready{who}: {kernels} kernel{'' if kernels == 1 else 's'}"
    return said if memory is None else f"{said}, {memory / 1e9:.1f} GB"
