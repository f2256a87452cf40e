import pytest

from uno_nb import Game


@pytest.fixture
def pos():
    """Game.from_position, with a harmless draw pile by default (top first)."""
    def make(hands, discard, draw_pile="Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8", **kw):
        return Game.from_position(kw.pop("rules", None), hands=hands, discard=discard,
                                  draw_pile=draw_pile, **kw)
    return make


# -- timings worth seeing at the end of a run ------------------------------------

_TIMINGS = pytest.StashKey[list]()


@pytest.fixture(scope="session")
def timings(request):
    """Lines (label, seconds) printed in the run's summary, e.g. how long each
    web page took from opening to its widgets being drawn."""
    return request.config.stash.setdefault(_TIMINGS, [])


def pytest_terminal_summary(terminalreporter, config):
    lines = config.stash.get(_TIMINGS, [])
    if lines:
        terminalreporter.section("web app: seconds from opening a page to its widgets drawn")
        for label, seconds in lines:
            terminalreporter.write_line(f"{label:40} {seconds:6.2f} s")


# -- the web app, shared by the modules of browser tests -----------------------------

@pytest.fixture(scope="session")
def web_app():
    """The app as ``make app`` starts it (tests/test_webapp.py's ``running_app``),
    started once for every module of browser tests that asks for it: its
    start-up (every page's kernel preheated) is the dearest part of a browser test."""
    import shutil

    from tests.test_webapp import ARTIFACTS, running_app

    shutil.rmtree(ARTIFACTS / "screenshots", ignore_errors=True)  # this run's pictures only
    with running_app("voila.log") as server:
        yield server


@pytest.fixture(scope="session")
def axe():
    """axe-core's script, for tests/test_webapp.py's ``assert_accessible``:
    installed from the npm registry the first time (``ensure_axe``)."""
    from tests.test_webapp import ensure_axe

    return ensure_axe()
