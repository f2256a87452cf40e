"""The web app's memory, read in /proc (uno_nb.memory): a process tree's
PSS, and the words the board says it in."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from uno_nb import memory
from uno_nb.widgets.board_view import memory_words

needs_proc = pytest.mark.skipif(not Path("/proc/self/smaps_rollup").exists(), reason="no /proc")


#: A process that starts a child of its own, waits until the child has started
#: (its line "ready") and says the child's pid; both end when told, on stdin.
_PARENT = ("import subprocess, sys\n"
           "child = subprocess.Popen([sys.executable, '-c',"
           " 'import sys; print(\"ready\", flush=True); sys.stdin.read()'],"
           " stdin=subprocess.PIPE, stdout=subprocess.PIPE)\n"
           "child.stdout.readline()\n"
           "print(child.pid, flush=True)\n"
           "sys.stdin.read(); child.communicate(b'')\n")


def test_a_trees_memory_is_the_sum_of_its_processes(monkeypatch):
    """The sum itself, on fixed numbers: what each process holds, its
    children found and counted once, one gone meanwhile counting nothing."""
    sizes = {10: 5_000, 11: 7_000, 12: None, 13: 1_000}
    monkeypatch.setattr(memory, "pss_bytes", sizes.get)
    monkeypatch.setattr(memory, "descendants", lambda pid: [10, 11, 12, 13])
    assert memory.tree_pss(10) == 13_000
    monkeypatch.setattr(memory, "descendants", lambda pid: [12])
    assert memory.tree_pss(12) is None


@needs_proc
def test_a_trees_memory_counts_its_children():
    parent = subprocess.Popen([sys.executable, "-c", _PARENT], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    try:
        child = int(parent.stdout.readline())  # the event: the child is up and waiting
        assert memory.descendants(parent.pid) == [parent.pid, child]
        # PSS shares a page among the processes that map it, so another process
        # starting or ending between two readings moves them: read the tree and
        # its parts again (a bounded number of times) until one reading agrees.
        readings = []
        for _ in range(20):
            tree = memory.tree_pss(parent.pid)
            parts = memory.pss_bytes(parent.pid) + memory.pss_bytes(child)
            readings.append((tree, parts))
            if tree is not None and abs(tree - parts) < 0.02 * parts:
                break
        else:
            raise AssertionError(f"the tree's PSS never agreed with its parts: {readings}")
        assert tree > memory.pss_bytes(parent.pid) > 1_000_000
    finally:
        parent.communicate("")
    assert memory.pss_bytes(parent.pid) is None and memory.tree_pss(parent.pid) is None
    assert memory.pss_bytes(child) is None  # gone: nothing to say


def test_outside_the_app_there_is_no_memory_to_say(monkeypatch):
    monkeypatch.delenv(memory.APP_PID_ENV, raising=False)
    assert memory.app_memory() is None
    monkeypatch.setenv(memory.APP_PID_ENV, "not a pid")
    assert memory.app_memory() is None
    assert memory_words(None, "en") == ""


@needs_proc
def test_in_the_app_its_kernels_say_the_apps_whole_tree(monkeypatch):
    monkeypatch.setenv(memory.APP_PID_ENV, str(os.getppid()))
    assert memory.app_memory() >= memory.pss_bytes(os.getpid())


def test_the_board_says_the_memory_in_either_language():
    assert memory_words(2_049_000_000, "en") == "The app uses 2.0 GB of this computer's memory."
    assert memory_words(2_049_000_000, "ru") == "Приложение занимает 2,0 ГБ памяти этого компьютера."
    assert memory.gigabytes(930_000_000) == "0.9 GB"
