"""What a page costs the network: every text response gzip'd when the browser
asks, files whose address names their content kept by the browser for a year,
and the requests a page made for nothing cut.

Measured on 4aab95c, a first visit of a page took 5.1-6.6 MB in 100-124
requests, nothing compressed, and 74-95 responses carried no Cache-Control.
The launcher (:mod:`uno_nb.serving.webapp`) wires in what is here:

* :func:`server_settings`: tornado compresses every text response (the
  notebook page that Voilà streams cell by cell included: tornado's gzip
  flushes at each of Voilà's flushes, so the page still arrives piece by
  piece; the websocket's upgrade has no body and is left alone);
* :func:`static_files` turns each of the server's static file handlers into
  one that sends a file's gzip'd body from a cache (:class:`GzipCache`: a
  file is compressed once, not once per student) and says how long the
  browser may keep it (:func:`cache_control`): a year, immutable, when the
  address names the content (a webpack name with a hash, or ``?v=<hash>``),
  else ``no-cache`` (asked again each time, a 304 when unchanged) - never the
  browser's own guess;
* :class:`Bundle` serves from memory a file made at start-up, under an
  address with its digest: Voilà's 56 webpack chunks that every page loads,
  one after another, as one script (:func:`voila_chunks`, the template puts
  it before Voilà's ``voila.js``, whose loader then finds them loaded), and a
  stand-in for MathJax (:data:`NO_MATHJAX`): Voilà's page otherwise loads
  MathJax 3 (16 requests, about 200 kB gzip'd) to typeset the text of every
  widget, and no page of the kit has a formula.

Chromium asks for brotli or zstd only over HTTPS, and the classroom app is
plain HTTP: gzip is what the students' browsers can take.

No Voilà here: the launcher gives what it needs (its static folders, its
handler classes).
"""

from __future__ import annotations

import gzip
import hashlib
import re
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Sequence

from tornado.web import HTTPError, RequestHandler, StaticFileHandler

__all__ = ["YEAR", "REVALIDATE", "is_content_named", "accepts_gzip", "compressible",
           "cache_control", "GzipCache", "GZIP_CACHE", "CompressedStatic", "static_files",
           "Bundle", "BundleHandler", "voila_chunks", "VOILA_CHUNKS", "VOILA_VERSION",
           "NO_MATHJAX", "server_settings", "compress", "without_source_map", "warm_files",
           "PAGE_EXTENSIONS", "PAGE_TEMPLATE_FILES", "without_icon_css", "prepared"]

#: Cache-Control of a file whose address names its content.
YEAR = "public, max-age=31536000, immutable"
#: Cache-Control of any other static file: kept, but asked again each time.
REVALIDATE = "no-cache"
#: Below this, gzip's header costs about what it saves (tornado's own threshold).
MIN_SIZE = 1024
#: gzip's level for a cached body: compressed once, so the smallest.
LEVEL = 9
#: From this size on, a cached body is compressed with zopfli (gzip's format,
#: 4-6% smaller than level 9, about a second a megabyte, once): off the
#: server's thread, the body at :data:`LEVEL` sent until it is done.
ZOPFLI_SIZE = 16 * 1024
#: A trailing ``//# sourceMappingURL=data:...`` comment: a source map inlined
#: for the browser's developer tools (anywidget's lab extension has one in
#: each file: 60% of its bytes), which no page runs.
_INLINE_MAP = re.compile(rb"\n//# sourceMappingURL=data:[^\n]*\n?\Z")

#: A webpack file name that carries a hash of its content: ``remoteEntry.5cbb9d23….js``.
_CONTENT_NAMED = re.compile(r"[./][0-9a-f]{8,}\.(js|css|woff2?|svg)$")
_HASH = re.compile(r"[0-9a-f]{8,}")
_TEXT_TYPES = frozenset({"application/javascript", "application/x-javascript",
                         "application/json", "application/xml", "image/svg+xml",
                         "application/manifest+json"})


def is_content_named(path: str, version: str = "") -> bool:
    """Whether a served file's name (or its ``?v=`` argument) carries a hash of
    its content, so that the file under that address never changes."""
    return bool(_CONTENT_NAMED.search(path)) or bool(_HASH.fullmatch(version))


def cache_control(path: str, version: str = "") -> str:
    """How long a browser may keep a static file: a year for a content-named
    one, else it asks again each time (``no-cache``)."""
    return YEAR if is_content_named(path, version) else REVALIDATE


def accepts_gzip(accept_encoding: str) -> bool:
    """Whether an ``Accept-Encoding`` header takes gzip: its ``gzip`` entry
    if it names gzip, else its ``*``; not with ``q=0``.  A quality that is
    not a number (``q=1.2.3``) counts as 0: a header a browser would never
    send gets the plain response, not an error.

    >>> accepts_gzip("gzip;q=1.2.3"), accepts_gzip("*;q=1, gzip;q=0"), accepts_gzip("*")
    (False, False, True)
    """
    found: dict[str, float] = {}
    for part in accept_encoding.split(","):
        name, *params = (p.strip() for p in part.split(";"))
        name = name.lower()
        if name not in ("gzip", "*"):
            continue
        quality = 1.0
        for param in params:
            key, _, value = param.partition("=")
            if key.strip().lower() == "q":
                try:
                    quality = float(value.strip())
                except ValueError:
                    quality = 0.0
                if not 0.0 <= quality <= 1.0:  # nan, negative, above 1: not a quality
                    quality = 0.0
        found.setdefault(name, quality)
    return found.get("gzip", found.get("*", 0.0)) > 0


def compressible(content_type: str) -> bool:
    """Whether a response of this type is text that gzip makes smaller."""
    kind = content_type.split(";")[0].strip().lower()
    return kind.startswith("text/") or kind in _TEXT_TYPES


def without_source_map(body: bytes) -> bytes:
    """A script without its trailing inlined source map (a comment: the
    script runs the same), and minified if it had one: a script shipped with
    its map inlined is a development build (anywidget's lab extension: 34 kB
    gzip'd instead of 92 kB).  rjsmin only takes out comments and spaces that
    do not change what the script does."""
    stripped = _INLINE_MAP.sub(b"\n", body)
    if stripped == body:
        return body
    try:
        import rjsmin  # type: ignore[import-untyped]
    except ImportError:  # pragma: no cover - rjsmin is among the web dependencies
        return stripped
    return bytes(rjsmin.jsmin(stripped))


#: The start of the deprecated icons' CSS (JupyterLab's icons as background
#: images: 99 data: URLs and their classes, 93 kB, 29 kB gzip'd) in
#: nbconvert's lab ``index.css``; it runs to the next licence header.
_ICONS_CSS = b"/* This file was auto-generated by ensureUiComponents()"


def without_icon_css(body: bytes) -> bytes:
    """nbconvert's lab styles without the deprecated icons' CSS: Voilà's
    ``voila-style.js``, which the template loads on every page before these
    styles, gives the same 99 icon variables and classes (and no page of the
    kit shows one of these icons)."""
    start = body.find(_ICONS_CSS)
    end = body.find(b"/*----", start + 1) if start >= 0 else -1
    return body[:start] + body[end:] if end >= 0 else body


def prepared(path: str, content: bytes) -> bytes:
    """What is sent of a static file: a script without its inlined source
    map, nbconvert's lab styles without the icons Voilà's styles give."""
    if path.endswith(".js"):
        return without_source_map(content)
    if Path(path).name == "index.css":
        return without_icon_css(content)
    return content


def compress(body: bytes, zopfli: bool = False) -> bytes:
    """``body`` gzip'd: at :data:`LEVEL`, or with zopfli (where installed)."""
    if zopfli:
        try:
            from zopfli.gzip import compress as deflate  # type: ignore[import-untyped]
        except ImportError:  # pragma: no cover - zopfli is among the web dependencies
            pass
        else:
            return bytes(deflate(body, numiterations=1))
    return gzip.compress(body, LEVEL, mtime=0)


@dataclass
class GzipCache:
    """Files' gzip'd bodies, each compressed once for as long as the file is
    unchanged (keyed by its path, modification time and size), at most
    ``limit`` bytes of them (the oldest go first).  ``compressed``: how many
    bodies were compressed, ``seconds``: the CPU time that took."""

    limit: int = 64 * 2**20
    compressed: int = 0
    seconds: float = 0.0
    _bodies: dict[tuple[str, int, int], tuple[bytes | None, bytes]] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def body(self, path: str) -> bytes:
        """The file's content, gzip'd (a script without its inlined source map)."""
        return self._entry(path)[1]

    def plain(self, path: str) -> bytes | None:
        """The file's content as sent when not gzip'd, if it is not the file's
        own (a script without its inlined source map)."""
        return self._entry(path)[0]

    def _entry(self, path: str) -> tuple[bytes | None, bytes]:
        import os
        import time

        info = os.stat(path)
        key = (path, info.st_mtime_ns, info.st_size)
        with self._lock:
            found = self._bodies.get(key)
        if found is not None:
            return found
        started = time.process_time()
        content = Path(path).read_bytes()
        plain = prepared(path, content)
        entry = (plain if plain != content else None, compress(plain))
        self._keep(key, entry, time.process_time() - started)
        if len(plain) >= ZOPFLI_SIZE:
            _BACKGROUND.submit(self._smaller, key, plain)
        return entry

    def _keep(self, key: tuple[str, int, int], entry: tuple[bytes | None, bytes],
              seconds: float) -> None:
        with self._lock:
            self.compressed += 1
            self.seconds += seconds
            self._bodies = {k: v for k, v in self._bodies.items() if k[0] != key[0]}
            self._bodies[key] = entry
            size = lambda e: len(e[1]) + len(e[0] or b"")  # noqa: E731
            while sum(map(size, self._bodies.values())) > self.limit and len(self._bodies) > 1:
                del self._bodies[next(iter(self._bodies))]

    def _smaller(self, key: tuple[str, int, int], plain: bytes) -> None:
        import time

        started = time.process_time()
        smaller = compress(plain, zopfli=True)
        with self._lock:
            entry = self._bodies.get(key)
            if entry is not None and len(smaller) < len(entry[1]):
                self._bodies[key] = (entry[0], smaller)
            self.seconds += time.process_time() - started

    def warm(self, paths: Iterable[str | Path]) -> None:
        """Compress these files now, off the server's thread (at start-up:
        the files every page loads are then at their smallest for the first
        visitor too)."""
        for path in paths:
            _BACKGROUND.submit(self._entry, str(path))


#: One thread compresses with zopfli (it lets go of Python's lock meanwhile):
#: one core of two at most, never the server's own thread.
_BACKGROUND = ThreadPoolExecutor(max_workers=1, thread_name_prefix="uno-nb-zopfli")


#: The app's one cache.
GZIP_CACHE = GzipCache()


class CompressedStatic(StaticFileHandler):
    """A static file handler (put first in a handler's bases by
    :func:`static_files`) that sends a text file gzip'd from :data:`GZIP_CACHE`
    when the browser asks for gzip and no range of it, and says how long the
    browser may keep it (:func:`cache_control`)."""

    _gzipped: bytes | None = None  # what is sent instead of the file: gzip'd,
    _plain: bytes | None = None    # or plain but not the file's own bytes

    def get_cache_time(self, path: str, modified: Any, mime_type: str) -> int:
        return 0  # set_headers says it (tornado would keep anything with ?v= ten years)

    def set_headers(self) -> None:
        super().set_headers()
        self._gzipped = self._plain = None
        self.clear_header("Expires")
        kept = cache_control(self.request.path, self.get_argument("v", ""))
        self.set_header("Cache-Control", kept)
        if kept == YEAR:  # never asked again: what would say whether it changed is left out
            self.clear_header("Etag")
            self.clear_header("Last-Modified")
        if self.absolute_path is None or self.request.headers.get("Range"):
            return
        if not compressible(str(self._headers.get("Content-Type", ""))):
            return
        if super().get_content_size() < MIN_SIZE:
            return
        if not accepts_gzip(self.request.headers.get("Accept-Encoding", "")):
            self._plain = GZIP_CACHE.plain(self.absolute_path)
            return
        self._gzipped = GZIP_CACHE.body(self.absolute_path)
        self.set_header("Content-Encoding", "gzip")  # tornado's own gzip then keeps off
        vary(self)

    def get_content_size(self) -> int:
        sent = self._gzipped if self._gzipped is not None else self._plain
        return len(sent) if sent is not None else super().get_content_size()

    # tornado calls get_content on the handler (self.get_content(path, start,
    # end)), and its classmethod get_content_version on the class: the first
    # is an instance's here, so the second reads the file itself.
    def get_content(self, abspath: str, start: int | None = None,  # type: ignore[override]
                    end: int | None = None) -> bytes | Iterable[bytes]:
        sent = self._gzipped if self._gzipped is not None else self._plain
        if sent is not None:
            return sent
        return StaticFileHandler.get_content(abspath, start, end)

    @classmethod
    def get_content_version(cls, abspath: str) -> str:
        return hashlib.sha512(Path(abspath).read_bytes()).hexdigest()


def vary(handler: RequestHandler) -> None:
    """Say that the response depends on Accept-Encoding (tornado's gzip says
    it of every response when it is on)."""
    if not handler.settings.get("compress_response"):
        handler.set_header("Vary", "Accept-Encoding")


def static_files(handler: type[Any]) -> type[Any]:
    """The handler class serving what it served, through :class:`CompressedStatic`
    (any handler that is no static file handler, as it is).  A handler that
    makes its files' content itself (Voilà's themes rewrite their CSS) keeps
    it: it gets the cache headers, and tornado's gzip of each response."""
    if not (isinstance(handler, type) and issubclass(handler, StaticFileHandler)):
        return handler
    if issubclass(handler, CompressedStatic):
        return handler
    below = handler.__mro__[:handler.__mro__.index(StaticFileHandler)]
    if any(name in vars(base) for base in below for name in ("get_content", "get_content_size")):
        class Headers(handler):  # type: ignore[misc]
            def set_headers(self) -> None:
                super().set_headers()
                self.set_header("Cache-Control",
                                cache_control(self.request.path, self.get_argument("v", "")))

        Headers.__name__ = Headers.__qualname__ = f"Cached{handler.__name__}"
        return Headers
    return type(f"Compressed{handler.__name__}", (CompressedStatic, handler), {})


@dataclass(frozen=True)
class Bundle:
    """A file made at start-up and served from memory (:class:`BundleHandler`):
    its content, its type, and its address's name, which carries its digest."""

    name: str
    body: bytes
    content_type: str = "text/javascript; charset=UTF-8"
    gzipped: bytes = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "gzipped", compress(self.body, len(self.body) >= ZOPFLI_SIZE))

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.body).hexdigest()[:16]

    @property
    def filename(self) -> str:
        """``name.<digest>.ext``: a content-named file, kept for a year."""
        stem, dot, ext = self.name.rpartition(".")
        return f"{stem}.{self.digest}.{ext}" if dot else f"{self.name}.{self.digest}"


class BundleHandler(RequestHandler):
    """Sends a :class:`Bundle` (``bundles``: its file names and bundles), gzip'd
    when asked, to be kept for a year."""

    def initialize(self, bundles: dict[str, Bundle]) -> None:
        self.bundles = bundles

    def compute_etag(self) -> str | None:
        return None  # never asked again: its address changes with its content

    def get(self, filename: str) -> None:
        bundle = self.bundles.get(filename)
        if bundle is None:
            raise HTTPError(404)
        self.set_header("Content-Type", bundle.content_type)
        self.set_header("Cache-Control", YEAR)
        vary(self)
        if accepts_gzip(self.request.headers.get("Accept-Encoding", "")):
            self.set_header("Content-Encoding", "gzip")
            self.finish(bundle.gzipped)
        else:
            self.finish(bundle.body)


#: The Voilà these chunks are Voilà's of (binder/requirements.txt pins it).
VOILA_VERSION = "0.5.13"
#: Voilà 0.5.13's webpack chunks (``<id>.voila.js`` in its static folder) that
#: every page loads at start (the lab frontend, the widget manager's shared
#: modules, rendermime), found with the browser (tests/test_webapp.py's
#: budget test checks that a page asks for none of them itself).
VOILA_CHUNKS = (
    73, 143, 431, 457, 630, 1187, 1601, 1621, 1670, 2930, 3144, 3249, 3307, 3311, 3459, 3649,
    3916, 3989, 3992, 4041, 4135, 4173, 4222, 4653, 4729, 4972, 5044, 5312, 5688, 5764, 5767,
    6008, 6049, 6382, 6468, 6573, 7155, 7483, 7556, 7598, 7770, 7883, 8017, 8135, 8487, 8766,
    8773, 8862, 8925, 9081, 9151, 9212, 9582, 9684, 9890, 9981)


def voila_chunks(static_folders: Sequence[str | Path], version: str,
                 chunks: Sequence[int] = VOILA_CHUNKS) -> Bundle | None:
    """Voilà's chunks as one script, each in a function of its own (each is
    one statement that hands its modules to webpack's list, read by Voilà's
    loader when it starts); None for another Voilà, or one that lacks a chunk
    (the page then loads them itself, as it always did)."""
    if version != VOILA_VERSION:
        return None
    parts = []
    for chunk in chunks:
        name = f"{chunk}.voila.js"
        found = next((Path(folder) / name for folder in static_folders
                      if (Path(folder) / name).is_file()), None)
        if found is None:
            return None
        parts.append(b"(function(){\n" + found.read_bytes() + b"\n})();\n")
    return Bundle("voila-chunks.js", b"".join(parts))


#: MathJax 2's few calls that JupyterLab's MathJax 2 typesetter makes, doing
#: nothing: Voilà's page uses that typesetter, which loads the script at
#: ``fullMathjaxUrl``, when the server names one (:func:`server_settings`),
#: and else MathJax 3, bundled, on the first widget with text.  The kit's
#: pages have no formula; a "$" in a text stays a "$".
NO_MATHJAX = Bundle("no-mathjax.js", b"""\
/* uno_nb: no formulas on these pages, so no MathJax (see uno_nb/serving/transfer.py) */
window.MathJax = window.MathJax || {
  Hub: {Config() {}, Configured() {}, Queue() {}, Register: {StartupHook() {}}},
};
""")


#: The lab extensions every page loads (voila.json's denylist keeps the others off).
PAGE_EXTENSIONS = ("anywidget", "@jupyter-widgets/jupyterlab-manager",
                   "@voila-dashboards/widgets-manager8")
#: The template's files every page loads (Voilà's and nbconvert's lab styles).
PAGE_TEMPLATE_FILES = ("voila-style.js", "index.css", "theme-light.css")


def warm_files(labextension_folders: Iterable[str | Path], template_folders: Iterable[str | Path],
               others: Iterable[str | Path] = ()) -> list[Path]:
    """The files that every page loads, to compress at start-up (what is
    missing is left out: those are compressed when first asked for)."""
    found = [Path(f) for f in others if Path(f).is_file()]
    for folder in labextension_folders:
        for name in PAGE_EXTENSIONS:
            found += sorted((Path(folder) / name / "static").glob("*.js"))
    for name in PAGE_TEMPLATE_FILES:
        found += [Path(folder) / "static" / name for folder in template_folders
                  if (Path(folder) / "static" / name).is_file()][:1]
    return [path for path in found if path.stat().st_size >= MIN_SIZE]


def server_settings(mathjax_url: str) -> dict[str, Any]:
    """Tornado's settings: every text response compressed when the browser
    asks (what :class:`CompressedStatic` and :class:`BundleHandler` do not
    send gzip'd already), and the page's MathJax at ``mathjax_url``
    (:data:`NO_MATHJAX`'s address)."""
    return {"compress_response": True, "mathjax_url": mathjax_url, "mathjax_config": "none"}
