"""The web app: the notebooks served by Voilà, opening on the index.

``python -m uno_nb.serving.webapp`` (what ``make app`` runs) serves ``notebooks/``
with the settings in the checkout's ``voila.json`` - the page template, the
preheated kernels, kernel culling, the address - so nobody has to remember
flags.  Extra arguments go to Voilà (``--port=9000``, ``--no-browser``);
``--host=0.0.0.0`` (``make app HOST=0.0.0.0``) lets the other computers on
the network open the app, and start-up prints the addresses they open.

What Voilà does not do by itself is done here:

* ``/`` redirects to the index notebook (Voilà would list the directory);
* a notebook page sets the ``_xsrf`` cookie: when a page is closed, Voilà's
  page asks the server to shut its kernel down and sends that cookie's value
  along; with no cookie the request is refused (403) and the kernel keeps
  running until culling stops it (``uno_nb.serving.server_extension`` does the same
  for Voilà's Jupyter server extension, on Binder);
* a preheated kernel handed to a page counts as active from that moment:
  Voilà keeps pooled kernels from being culled, but once one is taken from
  the pool its last activity is still the time it was preheated, so a cull
  sweep in the second before the page connects would stop it and leave the
  page on "Loading widget…" (seen here with a short cull time; with the
  repository's 10 minutes it hits about one page load in sixty);
* plotly.js (its basic bundle, which the charts draw with) is served as a
  file that the browser caches, and the charts import it from there
  (``uno_nb.widgets.chart``) instead of each chart carrying all 1.2 MB of it
  in its widget state;
* the page template in the checkout's ``share/jupyter`` is found first, so
  that an edit to it shows at the next start whatever copy the installation
  holds;
* start-up says calmly where to open the app: the kernels talk to the server
  over Unix sockets (IPC) instead of TCP on the loopback, which is also why
  they no longer warn of unencrypted TCP, and notebooks are not checked for a
  signature (see ``_Notebooks``), which only logged a warning per notebook;
* ``--class-size K`` (``make app CLASS=K``) keeps K preheated kernels for the
  page the class is on (at start the lesson's first page,
  ``uno_nb.serving.pools.CLASS_PAGES``, or ``--pages``; every other notebook
  keeps its one), and moves them with the class, see ``uno_nb.serving``;
* preheated kernels start a few at a time and never while pages are being
  opened (:class:`StartScheduler`; voila.json's ``fill_delay`` is 0, the
  scheduler's calm replaces Voilà's fixed wait before each refill), a refill
  at a lower CPU priority while it starts and runs its notebook
  (:class:`Priority`), and once every pool is first full, start-up says so
  with the app's memory: ``ready for 30 visitors on
  01_rules_step_by_step.ipynb: 43 kernels, 1.7 GB of memory`` (``ready_line``);
* the lab's compiled simulator is compiled in the background when it is not
  ready yet (:func:`compile_in_background`): the pages open at once, and the
  lab plays on the engine until the simulator is ready (``uno_nb.kernel.not_ready``);
* a page's socket that closed while the server still wrote to it is one line in
  the log, not a traceback for each write (:func:`quiet_closed_sockets`);
* no student can exhaust the server (``uno_nb.serving.limits``): a visitor (an
  address and a browser) may have 4 pages' kernels at once, an address 8, and
  open 10 pages at once then one every 4 s (an address twice that); the
  other computers' pages as many as the memory free at start holds
  (``MemAvailable`` over 60 MB a kernel, less the warm ones; never fewer
  than twice the class and 10, or 10 without a class); a visitor over a
  cap gets a page saying so in their language (429 or 503, with
  Retry-After), the others are served as before; a visitor at their cap by
  pages they left (no socket connected, their time to connect past) has
  those kernels stopped, the oldest first, and gets the page; the teacher's
  own computer (the loopback) is held to no cap and not counted.  A kernel
  whose page has not connected to it 55 s after the page was served is
  stopped.  The traits of :class:`UnoVoila` (``visitor_kernels``,
  ``address_kernels``, ``total_kernels``, ``kernel_memory_mb``,
  ``page_burst``, ``page_seconds``, ``connect_seconds``,
  ``cap_this_computer``) change them, in voila.json or as
  ``--UnoVoila.visitor_kernels=6``;
* each kernel's websockets are kept within bounds they share
  (``uno_nb.serving.flood``, the server's ``kernel_websocket_connection_class``):
  at most 3 sockets, 100 messages a second, four widget actions in the
  kernel at once and 32 waiting their turn (a control's value: its latest),
  16 MB left unread (``kernel_sockets``, ``socket_messages_per_second``,
  ``socket_actions_in_flight``, ``socket_unread_mb``); a socket that floods
  on, stops reading, or sends a frame not of the protocol's form is closed
  (the frame checked before the server's parsers read it); each throttle or
  close is one line in the log;
* a page costs the network a fraction of what it did (``uno_nb.serving.transfer``):
  every text response gzip'd when the browser asks (static files compressed
  once, from a cache), files named by their content kept by the browser for
  a year, Voilà's chunks sent as one script and MathJax left out;
* the kernels are forked from one process that has imported the kit
  (``uno_nb.serving.forking``, the provisioner ``uno-nb-forking``): they
  share its memory copy-on-write, and start in milliseconds;
* with a class size, the class's kernels follow the class: K warm kernels for
  the page it is on (the lesson's first page at start; then the page the
  teacher sends it to from the class board, or the page students start
  opening), one for every other page (``uno_nb.serving.kernel_manager``).

Voilà is imported only when the app starts: the engine never needs it.
"""

from __future__ import annotations

import ipaddress
import os
import re
import socket
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from .compiling import compile_in_background, stop_compiling
from ..memory import APP_PID_ENV
from .flood import FloodLimits, guarded_connection
from .forking import PROVISIONER, fork_server, provisioner_installed
from .kernel_manager import classroom_kernel_manager, lab_notebooks
from .limits import (quiet_refusals, KERNEL_MB, MIN_TOTAL, NEVER_CONNECTED, PAGE_BURST, PAGE_SECONDS,
                             VISITORS, Caps, Handout,
                             NeverConnected, Visitors, limit_pages, mem_available, refused_page,
                             visitor_of)
from .pools import CLASS_PAGES, BoardLead, class_pools, split_arguments
from .scheduler import QUIET_SECONDS, StartScheduler, start_slots
from .sockets import quiet_closed_sockets
from .transfer import (GZIP_CACHE, NO_MATHJAX, BundleHandler, is_content_named,
                               server_settings, static_files, voila_chunks, warm_files)
from ..widgets.assets import (PLOTLY_ENV, PLOTLY_FILE, PLOTLY_PATH, UI_ENV, UI_FILES, UI_FOLDER,
                             UI_PATH, plotly_url, ui_url)

if TYPE_CHECKING:
    from nbformat import NotebookNode

__all__ = ["project_root", "main", "lan_addresses", "exposed", "ALL_INTERFACES",
           "is_content_named"]

TEMPLATE = "uno_nb"
#: The class board's file, and the flag that tells the kernels that the
#: pages record for a class (uno_nb.classboard.ENV, uno_nb.classroom.SERVER_ENV).
BOARD_ENV = "UNO_NB_CLASSBOARD"
CLASS_SERVER_ENV = "UNO_NB_CLASS_SERVER"
#: The SHA-256 of the teacher's key, for the kernels (uno_nb.classroom.TEACHER_ENV):
#: the key itself stays in the launcher and in the teacher's browser.
TEACHER_ENV = "UNO_NB_TEACHER"
#: The address students open, as this computer's address on the network
#: (uno_nb.widgets.board_app shows it, with its QR code).
JOIN_ENV = "UNO_NB_JOIN_BASE"
#: The class board's page.
BOARD_PAGE = "voila/render/06_class_board.ipynb"
#: Where the files made at start-up are served (uno_nb.serving.transfer.Bundle).
BUNDLES = "uno_nb/made"
#: The addresses that mean "listen on every network interface".
ALL_INTERFACES = frozenset({"0.0.0.0", "", "::"})
#: What start-up warns of when the app listens beyond this computer.
EXPOSED = "anyone on this network can open the app and run its notebooks' kernels on this computer."


def class_board_file() -> Path:
    """The class board's SQLite file (``$UNO_NB_CLASSBOARD``, else the user's
    data folder), its folder made if need be."""
    from ..classboard import default_path  # (the standard library's sqlite3 only)

    path = default_path().resolve()
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def project_root(start: Path | None = None) -> Path:
    """The checkout holding ``voila.json`` and ``notebooks/``: the working
    directory if it is one, else the one this package was installed from."""
    candidates = [start or Path.cwd(), Path(__file__).resolve().parents[2]]
    for folder in candidates:
        if (folder / "voila.json").is_file() and (folder / "notebooks").is_dir():
            return folder
    raise SystemExit("uno_nb.serving.webapp: no voila.json and notebooks/ here or beside the package; "
                     "run it from a checkout of uno_nb (see the README's Quickstart)")


def exposed(host: str) -> bool:
    """Whether listening on ``host`` lets other computers in: every address
    but the loopback's (``localhost`` included)."""
    if host in ALL_INTERFACES:
        return True
    try:
        return not ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:  # a host name
        return host.lower() != "localhost"


def lan_addresses() -> list[str]:
    """This computer's IPv4 addresses that other computers on the network can
    reach (no loopback, no link-local), found with the standard library only:
    the addresses of the host name, and the address of the interface that
    the default route leaves by."""
    found: list[str] = []
    try:
        found += [str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None,
                                                            socket.AF_INET)]
    except OSError:  # a host name that does not resolve
        pass
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            # connecting a UDP socket sends nothing; it only picks the local
            # address of the route (192.0.2.1 is reserved for documentation)
            probe.connect(("192.0.2.1", 9))
            found.append(probe.getsockname()[0])
    except OSError:  # no route: not on a network
        pass
    usable = []
    for address in dict.fromkeys(found):
        ip = ipaddress.ip_address(address)
        if not (ip.is_loopback or ip.is_link_local or ip.is_unspecified):
            usable.append(address)
    return usable


def _connection_root() -> str:
    """Where Voilà makes its folder of kernel connection files.  With IPC the
    kernels' sockets are files there too, and a socket's path must fit in
    about 100 bytes (104 on macOS), of which ``voila_…/kernel-<uuid>-ipc-N``
    takes 70: macOS's per-user temporary directory (about 50) is too long."""
    temp = tempfile.gettempdir()
    return temp if len(temp) <= 30 or not os.path.isdir("/tmp") else "/tmp"


def _use_checkout_templates(root: Path) -> None:
    """Put the checkout's ``share/jupyter`` first on Jupyter's data path."""
    share = root / "share" / "jupyter"
    if (share / "voila" / "templates" / TEMPLATE).is_dir():
        paths = [str(share)] + [p for p in os.environ.get("JUPYTER_PATH", "").split(os.pathsep) if p]
        os.environ["JUPYTER_PATH"] = os.pathsep.join(dict.fromkeys(paths))


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m uno_nb.serving.webapp [--class-size K [--pages a,b]] [Voilà's options]``."""
    class_size, pages, voila_argv = split_arguments(sys.argv[1:] if argv is None else argv)
    root = project_root()
    os.chdir(root)  # Voilà reads voila.json from the working directory
    _use_checkout_templates(root)
    os.environ[PLOTLY_ENV] = PLOTLY_PATH  # the kernels inherit it
    os.environ[UI_ENV] = UI_PATH
    os.environ["UNO_NB_SERVED"] = "1"  # (uno_nb.kernel.SERVED_ENV) their lab runs never compile
    board = class_board_file()
    os.environ[BOARD_ENV] = str(board)  # every kernel writes to this one file
    os.environ[CLASS_SERVER_ENV] = "1"
    os.environ[APP_PID_ENV] = str(os.getpid())  # the board says the app's memory
    print(f"uno_nb.serving.webapp: the class board's file is {board}", flush=True)
    from ..classboard import digest
    from ..classroom import teacher_key
    key = teacher_key(board.parent)
    os.environ[TEACHER_ENV] = digest(key)

    from jupyter_server.base.handlers import FileFindHandler
    from jupyter_server.services.contents.largefilemanager import LargeFileManager
    from jupyter_server.utils import url_path_join
    from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
    from traitlets import Bool, Float, Int, Unicode
    import voila.app
    from tornado.web import RedirectHandler, StaticFileHandler
    from voila.app import Voila
    from voila.tornado.handler import TornadoVoilaHandler

    class PageHandler(TornadoVoilaHandler):  # type: ignore[misc]  # Voilà has no types
        """A notebook page that also sets the ``_xsrf`` cookie, and tells the
        kernels' scheduler while it is being served."""

        async def prepare(self) -> None:
            await super().prepare()
            self.xsrf_token  # noqa: B018 - reading it sets the cookie

        @property
        def kernel_manager(self) -> Any:
            # while a page is served: the manager that tells the visitor's caps its kernel
            return getattr(self, "_handout", None) or super().kernel_manager

        async def get(self, path: str | None = None) -> None:
            visitors: Visitors | None = self.settings.get(VISITORS)
            if visitors is None:
                return await self._serve(path)
            visitor = visitor_of(self.request.remote_ip, self.request.headers.get("User-Agent"))
            place = visitors.admit(visitor)
            if isinstance(place, str):
                return self._refuse(place, path or "", visitors, visitor)
            self._handout = Handout(self.settings["kernel_manager"],
                                    lambda kernel_id: visitors.handed(place, kernel_id))
            try:
                await self._serve(path)
            finally:
                visitors.done(place)
                never: NeverConnected = self.settings[NEVER_CONNECTED]
                for kernel_id in place.kernels:
                    never.watch(kernel_id, visitor[0])

        async def _serve(self, path: str | None) -> None:
            scheduler = getattr(self.kernel_manager, "scheduler", None)
            if scheduler is None:
                return await super().get(path)  # type: ignore[no-any-return]
            scheduler.page_started()
            arrived = getattr(self.kernel_manager, "arrived", None)
            if arrived is not None and path:
                arrived(path, (self.request.remote_ip,
                               self.request.headers.get("User-Agent", "")[:200]))
            try:
                await super().get(path)
            finally:
                scheduler.page_ended()

        def _refuse(self, why: str, path: str, visitors: Visitors,
                    visitor: tuple[str, str]) -> None:
            status, headers, body = refused_page(why, path, visitors, visitor,
                                                 self.request.headers.get("Accept-Language"),
                                                 self.log)
            self.set_status(status)
            for name, value in headers.items():
                self.set_header(name, value)
            self.uno_nb_refused = True  # (its first is said once by refused_page: no access line)
            self.finish(body)

    class ExtensionFiles(FileFindHandler):
        """The widget extensions' files, which Voilà serves with "no-cache": every
        page asked again for each of its 16 files, in three waits one after
        the other before a widget could be drawn.  The files webpack named by
        their content (``remoteEntry.<hash>.js``, chunks asked for with
        ``?v=<hash>``) never change under their names, so the browser may
        keep them (``uno_nb.serving.transfer.static_files`` says so, as it
        does for every static file); anything else is still asked again each time."""

    class _Notebooks(LargeFileManager):
        """The notebooks, read without checking their signatures.

        A signature only decides whether JupyterLab shows a notebook's saved
        HTML and JavaScript outputs; Voilà runs every notebook afresh and
        marks every output it shows as trusted whatever the signature says
        (voila.exporter).  Checking it here only logged "Notebook … is not
        trusted" for each notebook at start-up and wrote a signing key into
        the user's Jupyter data folder."""

        def mark_trusted_cells(self, nb: NotebookNode, path: str = "") -> None:
            return None

    class UnoVoila(Voila):  # type: ignore[misc]  # Voilà has no types
        """Voilà with ``/`` sent to the index notebook, pages that can shut
        their kernel down when they are closed, and kernel pools sized for
        the class and filled in the calm (see :func:`classroom_kernel_manager`)."""

        aliases = {**Voila.aliases, "host": "Voila.ip"}
        home = Unicode("00_index.ipynb", config=True,
                       help="The notebook that / opens (relative to root_dir).")
        start_slots = Int(0, config=True,
                          help="How many preheated kernels may start at once "
                               "(0: half the cores, at least 1 and at most 4).")
        quiet_seconds = Float(QUIET_SECONDS, config=True,
                              help="How long no page may have been asked for before a "
                                   "preheated kernel starts.")
        fork_kernels = Bool(True, config=True,
                            help="Fork the kernels from one process that has imported the "
                                 "kit (uno_nb.serving.forking): they share its memory.")
        visitor_kernels = Int(4, config=True,
                              help="How many kernels one visitor's pages may have at once (a "
                                   "visitor: an address and a browser); 0: no cap.")
        address_kernels = Int(8, config=True,
                              help="How many kernels the pages of one address may have at "
                                   "once, whatever browsers it says it has; 0: no cap.")
        total_kernels = Int(0, config=True,
                            help="How many kernels the pages may have in all; 0: from the "
                                 "memory free at start (see kernel_memory_mb), never fewer "
                                 f"than the class or {MIN_TOTAL}; -1: no cap.")
        kernel_memory_mb = Int(KERNEL_MB, config=True,
                               help="A kernel's memory, estimated for the total, in MB.")
        connect_seconds = Float(55.0, config=True,
                                help="A kernel whose page has not connected to it this long "
                                     "after the page was served is stopped.")
        cap_this_computer = Bool(False, config=True,
                                 help="Hold the pages opened on this computer (the loopback) "
                                      "to the per-visitor caps too.")
        socket_messages_per_second = Float(FloodLimits.rate, config=True,
                                           help="How many messages a second a page may send "
                                                "its kernel (in bursts of twice as many).")
        socket_actions_in_flight = Int(FloodLimits.in_flight, config=True,
                                       help="How many widget actions of a page may be in its "
                                            "kernel at once (one more waits per control).")
        socket_unread_mb = Float(FloodLimits.unread_bytes / 2**20, config=True,
                                 help="How many MB a kernel's sockets may leave unread, in all "
                                      "(each its share), before the one past it is closed.")
        kernel_sockets = Int(FloodLimits.sockets, config=True,
                             help="How many sockets may be open to one kernel at once.")
        page_burst = Int(PAGE_BURST, config=True,
                         help="How many pages a visitor may open at once, then one every "
                              "page_seconds (an address: twice as many); 0: no pace.")
        page_seconds = Float(PAGE_SECONDS, config=True,
                             help="How often a visitor may open a page, sustained, in seconds.")

        def initialize(self, argv: list[str] | None = None) -> None:
            super().initialize(argv)  # the command line, then voila.json
            if not self.trait_has_value("connection_dir_root"):
                self.connection_dir_root = _connection_root()
            self._memory_at_start = mem_available()  # before any kernel starts
            if not self.trait_has_value("kernel_websocket_connection_class"):
                rate = self.socket_messages_per_second
                limits = FloodLimits(rate=rate, burst=int(2 * rate),
                                     in_flight=self.socket_actions_in_flight,
                                     unread_bytes=int(self.socket_unread_mb * 2**20),
                                     sockets=max(1, self.kernel_sockets))
                self.kernel_websocket_connection_class = guarded_connection(
                    ZMQChannelsWebsocketConnection, limits)
            # Unix sockets, where there are: a kernel's messages never touch
            # the network stack, and ipykernel has no unencrypted TCP to warn of
            if os.name == "posix" and "transport" not in self.config.get("KernelManager", {}):
                self.config.KernelManager.transport = "ipc"
            # kernels forked from one process that has imported the kit
            factory = self.config.get("KernelProvisionerFactory", {})
            if self.fork_kernels and os.name == "posix" and "default_provisioner_name" not in factory:
                if provisioner_installed():
                    self.config.KernelProvisionerFactory.default_provisioner_name = PROVISIONER
                else:  # an install older than the fork server: make app reinstalls
                    self.log.warning("the kernels' fork server is not installed (run make app "
                                     "again to reinstall): kernels start the usual way")
            self._class_pages: list[str] = []
            if class_size is not None:
                if not self.voila_configuration.preheat_kernel:
                    self.log.warning("--class-size sizes the pools of preheated kernels, "
                                     "and preheat_kernel is off: no kernel is preheated")
                try:
                    pools = class_pools(class_size, CLASS_PAGES if pages is None else pages,
                                        Path(self.root_dir),
                                        self.voila_configuration.default_pool_size)
                except ValueError as error:
                    print(f"uno_nb.serving.webapp: {error}", file=sys.stderr)
                    raise SystemExit(2) from None
                self._class_pages = [name for name in pools if name != "default"]
                self.config.VoilaKernelManager.kernel_pools_config = pools

        @property
        def all_interfaces(self) -> bool:
            return self.ip in ALL_INTERFACES

        @property
        def connection_url(self) -> str:
            # the browser opened on this computer: 0.0.0.0 is no address to open
            url: str = self._url("127.0.0.1") if self.all_interfaces else super().connection_url
            return url

        @property
        def display_url(self) -> str:
            """What start-up prints after "Voilà is running at:"."""
            if not self.all_interfaces or self.custom_display_url:
                url: str = super().display_url
                return url
            others = [self._url(address) for address in lan_addresses()]
            others = others or [self._url(socket.gethostname())]
            return "\n".join([*(f"{url}  (other computers on this network)" for url in others),
                              f"{self._url('127.0.0.1')}  (this computer)"])

        def start(self) -> None:
            if exposed(self.ip):
                where = "every network interface" if self.all_interfaces else self.ip
                self.log.warning(f"Listening on {where}: {EXPOSED}")
            from tornado.ioloop import IOLoop
            loop = IOLoop.current()  # the loop super().start() runs

            def renew_lab_pages() -> None:  # from the compile's thread
                renew = getattr(self.kernel_manager, "renew", None)
                if renew is None:  # no preheated kernels: each page starts afresh
                    return
                pages = lab_notebooks(Path(self.root_dir))

                async def run() -> None:
                    if self.fork_kernels:  # the kernels forked from now on share its code
                        await fork_server().load_simulator()
                    replaced = await renew(pages)
                    if replaced:
                        self.log.info(f"Renewed the {replaced} preheated kernel(s) of the lab's "
                                      "pages: their next visitors see games played on the "
                                      "compiled simulator.")

                loop.add_callback(run)  # thread-safe

            # the students' address, and the teacher's board with the key (the
            # kernels, started by super().start(), read the address)
            students = self._url(next(iter(lan_addresses()), socket.gethostname())
                                 if self.all_interfaces else self.ip or "127.0.0.1")
            os.environ[JOIN_ENV] = students
            if exposed(self.ip):
                print(f"uno_nb.serving.webapp: students open {students} and join with the class code",
                      flush=True)
            else:
                print("uno_nb.serving.webapp: only this computer can open the app; for students' "
                      "computers start it with make app HOST=0.0.0.0", flush=True)
            print("uno_nb.serving.webapp: the class board, for the teacher only (open it on this "
                  "computer; the link holds the teacher's key, keep it to yourself): "
                  f"{url_path_join(self._url('127.0.0.1'), BOARD_PAGE)}?teacher={key}",
                  flush=True)
            self._compiling = compile_in_background(self.log, renew_lab_pages)
            quiet_closed_sockets()  # asyncio's log: no traceback for each write to a closed page
            super().start()

        def stop(self) -> None:
            try:
                super().stop()
            finally:
                stop_compiling(getattr(self, "_compiling", None))
                fork_server().close()

        def init_settings(self) -> dict[str, Any]:
            made = voila.app.voila_kernel_manager_factory
            order = {self.home: 0, **{name: 1 for name in self._class_pages if name != self.home}}
            scheduler = StartScheduler(self.start_slots or start_slots(), self.quiet_seconds)

            def factory(*args: Any, **kwargs: Any) -> type[Any]:
                manager: type[Any] = made(*args, **kwargs)
                if not self.voila_configuration.preheat_kernel:
                    return manager
                return classroom_kernel_manager(manager, scheduler, class_size, order,
                                                self._class_pages, BoardLead(board).page)

            voila.app.voila_kernel_manager_factory = factory  # Voilà builds its kernel manager with it
            try:
                settings: dict[str, Any] = super().init_settings()
            finally:
                voila.app.voila_kernel_manager_factory = made
            self.contents_manager = settings["contents_manager"] = _Notebooks(parent=self)
            self._limit_kernels(settings)
            settings["log_function"] = quiet_refusals(settings.get("log_function"))
            # text gzip'd when asked; MathJax's stand-in (no page has a formula)
            settings.update(server_settings(url_path_join(self.base_url, BUNDLES,
                                                          NO_MATHJAX.filename)))
            return settings

        def _limit_kernels(self, settings: dict[str, Any]) -> None:
            """The visitors' caps and the reaper of never-connected kernels, in
            the settings the pages' handlers read (uno_nb.serving.limits)."""
            said = limit_pages(settings, Caps(self.visitor_kernels, self.address_kernels,
                                              self.total_kernels, self.cap_this_computer,
                                              self.page_burst, self.page_seconds),
                               self._memory_at_start, class_size, self.kernel_memory_mb,
                               self.connect_seconds, self.log)
            self.log.info(said)

        def init_handlers(self) -> list[tuple[Any, ...]]:
            # the page template preloads the bundle the figures will import
            resources = self.voila_configuration.config.VoilaConfiguration
            resources.resources = {**resources.get("resources", {}),
                                   "uno_nb_plotly": plotly_url(),
                                   "uno_nb_ui_js": ui_url("ui.js"),
                                   "uno_nb_ui_css": ui_url("ui.css")}
            # Voilà's chunks in one script, and MathJax's stand-in (uno_nb.serving.transfer)
            chunks = voila_chunks(self.static_paths, voila.__version__)
            bundles = {b.filename: b for b in (NO_MATHJAX, chunks) if b is not None}
            if chunks is not None:
                resources.resources["uno_nb_voila_chunks"] = f"{BUNDLES}/{chunks.filename}"
            ours = {TornadoVoilaHandler: PageHandler, FileFindHandler: ExtensionFiles}
            handlers = [(pattern, static_files(ours.get(handler, handler)), *rest)
                        for pattern, handler, *rest in super().init_handlers()]
            home = url_path_join(self.base_url, "voila/render", self.home)
            folder, name = PLOTLY_PATH.rsplit("/", 1)
            bundle = (url_path_join(self.server_url, folder, f"({re.escape(name)})"),
                      static_files(StaticFileHandler), {"path": str(PLOTLY_FILE.parent)})
            ui = (url_path_join(self.server_url, UI_PATH,
                                f"({'|'.join(re.escape(n) for n in UI_FILES)})"),
                  static_files(StaticFileHandler), {"path": str(UI_FOLDER)})
            # every page's files compressed now, at their smallest (off this thread)
            GZIP_CACHE.warm(warm_files(self.labextensions_path, self.template_paths,
                                       (PLOTLY_FILE, *(UI_FOLDER / n for n in UI_FILES))))
            made = (url_path_join(self.server_url, BUNDLES, "([^/]+)"), BundleHandler,
                    {"bundles": bundles})
            redirect = (url_path_join(self.server_url, "/?"), RedirectHandler,
                        {"url": home, "permanent": False})  # 302: browsers keep no 301 of it
            return [redirect, bundle, ui, made, *handlers]

    UnoVoila.launch_instance(argv=voila_argv)


if __name__ == "__main__":
    main()
