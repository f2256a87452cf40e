"""classroom.py's hub mode: N pupils sign in to the kit's JupyterHub at once.

    python benchmarks/classroom.py --hub --visitors 1,10,30 --page 01_rules_step_by_step.ipynb

The hub is the one the kit ships (``deploy/jupyterhub/jupyterhub_config.py``,
started by tests/hubs.py's ``running_hub`` on free loopback ports, with its
class board service and idle culler): each pupil's server is a Jupyter
server of their own, started by the hub when they sign in.  One start-up
serves every round; in a round N new pupils, each a browser context of its
own in one Chromium, at once:

1. sign in on the hub's login page (a name, the class password): the hub
   starts their server, which opens the landing page, the index (``sign-in``:
   seconds from the click on "Sign in" until the index is drawn);
2. then open ``--page`` in the same tab (``page``: seconds until drawn).

Printed per round: each pupil's two times, then
``hub N=10 page=01_rules_step_by_step signin_p50=… signin_max=… page_p50=… page_max=… failed=0
server_cpu_per_pupil=…s pss_per_pupil=…MB pss_servers=…MB pss_hub=…MB``: the
medians and longest times; the CPU the hub and everything it started (its
proxy, its services, the pupils' servers and their kernels: utime+stime of
those alive plus cutime+cstime of those that exited, from /proc) used from
the first click until the last page was drawn, over N; the PSS of the pupils'
servers and their kernels once the last page was drawn, summed (``pss_servers``)
and over N, and of the hub, its proxy and services (``pss_hub``).  After a
round the pupils' servers are stopped (the hub's API, as each pupil), so the
next round starts from the hub alone.

Measured, never asserted; every wait has its limit (``--limit``).
"""

import asyncio
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests import hubs  # noqa: E402  (the hub the hub test starts)


def _median(values: list[float]) -> float | None:
    return statistics.median(values) if values else None


def _singleuser_trees(tree: dict[int, Any]) -> set[int]:
    """The pids of the pupils' servers (jupyterhub-singleuser) and all under them."""
    servers = set()
    for pid in tree:
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        if b"jupyterhub-singleuser" in command:
            servers.add(pid)
    found, todo = set(), list(servers)
    children: dict[int, list[int]] = {}
    for pid, stat in tree.items():
        children.setdefault(stat.ppid, []).append(pid)
    while todo:
        pid = todo.pop()
        found.add(pid)
        todo += children.get(pid, [])
    return found


async def _drawn(tab: Any, state: str, arg: list, poll_ms: int) -> None:
    """Until the page is drawn (classroom.py's STATE); a page that shows an error fails."""
    from playwright.async_api import Error as PlaywrightError

    said = await (await tab.wait_for_function(state, arg=arg, polling=poll_ms)).json_value()
    if said != "drawn":
        raise PlaywrightError(f"the page shows an error: {said['error']}")


async def _pupil(browser: Any, hub: hubs.Hub, name: str, page: str, tools: ModuleType,
                 limit: float, poll_ms: int, filled: list[str],
                 go: asyncio.Event) -> dict[str, Any]:
    from playwright.async_api import Error as PlaywrightError

    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(limit * 1000)
    got: dict[str, Any] = {"name": name, "signin": None, "page": None, "failed": None,
                           "context": context}
    try:
        tab = await context.new_page()
        await tab.goto(f"{hub.base}/hub/login")
        await tab.fill("#username_input", name)
        await tab.fill("#password_input", hubs.CLASS_PASSWORD)
        filled.append(name)
        await go.wait()
        began = time.perf_counter()
        await tab.click("#login_submit")
        await tab.wait_for_url(f"**/user/{name}/voila/render/00_index.ipynb*")
        await _drawn(tab, tools.STATE, tools.drawn_arg("00_index.ipynb"), poll_ms)
        got["signin"] = time.perf_counter() - began
        began = time.perf_counter()
        await tab.goto(f"{hub.base}/user/{name}/voila/render/{page}")
        await _drawn(tab, tools.STATE, tools.drawn_arg(page), poll_ms)
        got["page"] = time.perf_counter() - began
    except PlaywrightError as error:
        got["failed"] = str(error).splitlines()[0][:200]
        try:  # where it stood, and what it said
            got["failed"] += f" (at {tab.url}: {(await tab.inner_text('body'))[:160]!r})"
        except PlaywrightError:
            pass
    finally:
        if name not in filled:  # (it failed before: nobody waits for it)
            filled.append(name)
    return got


async def _round(args: Any, tools: ModuleType, hub: hubs.Hub, browser: Any, n: int,
                 number: int) -> dict[str, Any]:
    page = tools.measured_pages(args)[0]
    go, filled = asyncio.Event(), []
    names = [f"r{number}p{i + 1}" for i in range(n)]
    tasks = [asyncio.create_task(_pupil(browser, hub, name, page, tools, args.limit,
                                        args.poll_ms, filled, go)) for name in names]
    deadline = time.monotonic() + args.limit
    while len(filled) < n and time.monotonic() < deadline:  # all on the login page, filled in
        await asyncio.sleep(0.1)
    before = tools.process_trees(hub.process.pid)[0]
    cpu_before = sum(stat.cpu for stat in before.values())
    go.set()
    pupils = await asyncio.gather(*tasks)
    tree = tools.process_trees(hub.process.pid)[0]
    cpu = sum(stat.cpu for stat in tree.values()) - cpu_before
    servers = _singleuser_trees(tree)
    pss_servers = sum(tools.pss_bytes(pid) for pid in servers)
    pss_hub = sum(tools.pss_bytes(pid) for pid in tree if pid not in servers)
    signins = sorted(p["signin"] for p in pupils if p["signin"] is not None and not p["failed"])
    pages = sorted(p["page"] for p in pupils if p["page"] is not None and not p["failed"])
    for pupil in pupils:
        context = pupil.pop("context")
        try:
            xsrf = next(c["value"] for c in await context.cookies(hub.base + "/hub/")
                        if c["name"] == "_xsrf")
            await context.request.delete(f"{hub.base}/hub/api/users/{pupil['name']}/server",
                                         headers={"X-XSRFToken": xsrf})
        except Exception:  # noqa: BLE001 - a pupil who never signed in has nothing to stop
            pass
        await context.close()
    deadline = time.monotonic() + args.limit
    while _singleuser_trees(tools.process_trees(hub.process.pid)[0]) \
            and time.monotonic() < deadline:
        await asyncio.sleep(0.5)
    return {"kind": "hub", "visitors": n, "page": page.removesuffix(".ipynb"),
            "signin_p50": _median(signins), "signin_max": signins[-1] if signins else None,
            "page_p50": _median(pages), "page_max": pages[-1] if pages else None,
            "failed": sum(1 for p in pupils if p["failed"]),
            "server_cpu_seconds": cpu, "server_cpu_per_pupil": cpu / n,
            "pss_servers_bytes": pss_servers, "pss_per_pupil_bytes": pss_servers / n,
            "pss_hub_bytes": pss_hub, "servers_processes": len(servers),
            "per_pupil": pupils}


def line(done: dict[str, Any]) -> str:
    def s(value: float | None) -> str:
        return "nan" if value is None else f"{value:.2f}s"

    return (f"hub N={done['visitors']} page={done['page']} signin_p50={s(done['signin_p50'])} "
            f"signin_max={s(done['signin_max'])} page_p50={s(done['page_p50'])} "
            f"page_max={s(done['page_max'])} failed={done['failed']} "
            f"server_cpu_per_pupil={done['server_cpu_per_pupil']:.2f}s "
            f"pss_per_pupil={done['pss_per_pupil_bytes'] / 1e6:.0f}MB "
            f"pss_servers={done['pss_servers_bytes'] / 1e6:.0f}MB "
            f"pss_hub={done['pss_hub_bytes'] / 1e6:.0f}MB")


async def _rounds(args: Any, tools: ModuleType, hub: hubs.Hub,
                  figures: dict[str, Any]) -> None:
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=tools.ensure_chromium(),
                                                   args=["--disable-dev-shm-usage"])
        try:
            for number, n in enumerate(args.counts or [args.visitors or 1], start=1):
                print(f"{n} pupil{'s' * (n > 1)} sign in to the hub at once", flush=True)
                done = await _round(args, tools, hub, browser, n, number)
                for pupil in done["per_pupil"]:
                    said = pupil["failed"] or (f"signed in {pupil['signin']:.2f} s, "
                                               f"page {pupil['page']:.2f} s")
                    print(f"  {pupil['name']}: {said}", flush=True)
                print(line(done), flush=True)
                figures["rounds"].append(done)
                if args.json:
                    args.json.write_text(json.dumps(figures, indent=2) + "\n")
        finally:
            await browser.close()


def run(args: Any, tools: ModuleType) -> int:
    """The hub mode of classroom.py (``tools``: that module, for its /proc
    readings and the page test)."""
    npm = shutil.which("npm")
    if npm is None:
        raise SystemExit("classroom.py --hub: the hub's proxy is installed with npm: install "
                         "Node.js and npm (Debian: apt-get install -y npm)")
    hubs.ensure_proxy(npm)
    folder = Path(tempfile.mkdtemp(prefix="uno_nb-hub-"))
    figures: dict[str, Any] = {"mode": "hub", "rounds": []}
    try:
        with hubs.running_hub(folder, teachers=("teacher",)) as hub:
            print(f"the hub runs at {hub.base} (its log: {hub.log})", flush=True)
            asyncio.run(_rounds(args, tools, hub, figures))
    finally:
        if any(done["failed"] for done in figures["rounds"]):  # the hub's log is kept
            print(f"the hub's log: {folder / 'jupyterhub.log'}", file=sys.stderr)
        else:
            shutil.rmtree(folder, ignore_errors=True)
    for done in figures["rounds"]:
        print(line(done))
    return 0


if __name__ == "__main__":
    raise SystemExit("run it as: python benchmarks/classroom.py --hub ...")
