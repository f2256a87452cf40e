"""Kernels forked from one process that has imported the kit
(uno_nb.serving.forking): a kernel the fork server forks runs code like
any kernel, shares the fork server's modules, reports its exit; a command
that is not ipykernel's, or a fork server gone, starts the usual way."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
from pathlib import Path

import pytest

from uno_nb.serving import forking

pytestmark = pytest.mark.skipif(not Path("/proc/self/task").is_dir() or os.name != "posix",
                                reason="forks, reads /proc")


@pytest.fixture
def forked(monkeypatch):
    """A kernel manager whose kernels come from a fork server of the test's own."""
    from jupyter_client.provisioning.factory import KernelProvisionerFactory
    from traitlets.config import Config

    server = forking.ForkServer()
    monkeypatch.setattr(forking, "_SERVER", server)
    KernelProvisionerFactory.clear_instance()
    config = Config()
    config.KernelProvisionerFactory.default_provisioner_name = forking.PROVISIONER
    # (tcp: the ports are taken when chosen; ipc names its sockets by number, and two
    # managers in one folder that start together would choose the same)

    def manager():
        from jupyter_client.manager import AsyncKernelManager
        KernelProvisionerFactory.instance(config=config)
        return AsyncKernelManager(kernel_name="python3", config=config)

    yield server, manager
    server.close()
    KernelProvisionerFactory.clear_instance()


async def closing(server, scenario) -> None:
    """Run ``scenario``, then stop the fork server while the loop still runs."""
    try:
        await scenario
    finally:
        server.close()
        if server.process is not None:
            await server.process.wait()


async def run(manager, code: str) -> str:
    """What ``code`` prints in the manager's kernel."""
    client = manager.client()
    client.start_channels()
    try:
        await client.wait_for_ready(timeout=60)
        printed: list[str] = []

        def hook(message) -> None:
            if message["msg_type"] == "stream":
                printed.append(message["content"]["text"])

        reply = await client.execute_interactive(code, output_hook=hook, timeout=60)
        assert reply["content"]["status"] == "ok", reply["content"]
        return "".join(printed)
    finally:
        client.stop_channels()


def test_a_forked_kernel_runs_code_shares_the_kit_and_reports_its_end(forked):
    server, make = forked

    async def scenario():
        manager = make()
        await manager.start_kernel()
        try:
            pid, process = manager.provisioner.pid, manager.provisioner.process
            assert isinstance(process, forking.ForkedKernel)
            said = await run(manager, "import os, sys, uno_nb.widgets.play as p; "
                                      "print(os.getpid(), os.getppid(), 'numba' in sys.modules, "
                                      "os.getsid(0) == os.getpid())")
            mine, parent, numba, own_session = said.split()
            # what the preloaded modules do when imported in a kernel is done
            targets = await run(manager, "print(sorted(get_ipython().kernel.comm_manager.targets))")
            assert targets.strip() == "['jupyter.widget', 'jupyter.widget.control']"
            assert int(mine) == pid and int(parent) == server.pid != os.getpid()
            assert own_session == "True"  # an interrupt reaches its group only
            assert numba == ("True" if "numba" not in server.failed_imports else "False")
            # the kernel's state is its own: another kernel does not see it
            await run(manager, "shared = 42")
            other = make()
            await other.start_kernel()
            try:
                assert (await run(other, "print('shared' in globals())")).strip() == "False"
            finally:
                await other.shutdown_kernel(now=True)
            assert await manager.is_alive()
        finally:
            await manager.shutdown_kernel(now=True)
        # the fork server reaped it and said so (shutting down waits for that)
        assert process.returncode is not None
        assert not await manager.is_alive()
        assert pid not in server._children and pid not in server._exits  # nothing kept

    asyncio.run(closing(server, scenario()))


def test_a_kernel_killed_from_outside_is_seen_gone(forked):
    server, make = forked

    async def scenario():
        manager = make()
        await manager.start_kernel()
        pid, process = manager.provisioner.pid, manager.provisioner.process
        os.kill(pid, signal.SIGKILL)
        await manager.provisioner.wait()  # until the fork server says it is gone
        assert process.returncode == -signal.SIGKILL
        assert not await manager.is_alive()
        await manager.cleanup_resources()

    asyncio.run(closing(server, scenario()))


def test_a_kernel_outlives_its_fork_server_which_is_replaced_a_while_later(
        forked, caplog, monkeypatch):
    server, make = forked

    async def scenario():
        first = make()
        await first.start_kernel()
        await run(first, "x = 41")
        server.process.kill()  # the fork server dies (out of memory, say) mid-lesson
        await server.process.wait()
        with caplog.at_level(logging.WARNING, logger=forking.__name__):
            # the student's kernel goes on, its state kept
            assert (await run(first, "print(x + 1)")).strip() == "42"
            assert await first.is_alive()
            # meanwhile kernels start the usual way, said once
            managers = [make(), make()]
            for manager in managers:
                await manager.start_kernel()
        try:
            for manager in managers:
                assert not isinstance(manager.provisioner.process, forking.ForkedKernel)
                said = await run(manager, "import os; print(os.getppid())")
                assert int(said) == os.getpid()  # started by this process, as jupyter_client does
        finally:
            for manager in managers:
                await manager.shutdown_kernel(now=True)
        warnings = [r for r in caplog.records if "usual way" in r.getMessage()]
        assert len(warnings) == 1, [r.getMessage() for r in caplog.records]
        # the old kernel's end is still seen (asked of the system)
        await first.shutdown_kernel(now=True)
        assert not await first.is_alive()
        # a while later, a new fork server forks again
        monkeypatch.setattr(forking, "RETRY_SECONDS", 0.0)
        again = make()
        await again.start_kernel()
        try:
            assert isinstance(again.provisioner.process, forking.ForkedKernel)
            assert forking.fork_server() is not server and forking.fork_server().pid != server.pid
        finally:
            await again.shutdown_kernel(now=True)
            forking.fork_server().close()
            await forking.fork_server().process.wait()

    asyncio.run(closing(server, scenario()))


def test_the_kernels_the_app_left_stop_with_the_fork_server(forked):
    server, make = forked

    async def scenario():
        manager = make()
        await manager.start_kernel()
        pid = manager.provisioner.pid
        server.close()  # the app goes without shutting the kernel down
        await server.process.wait()
        # the fork server stopped the kernel before it returned
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)
        await manager.cleanup_resources()

    asyncio.run(closing(server, scenario()))


def test_only_ipykernels_own_command_with_this_python_is_forked(forked, monkeypatch):
    server, _ = forked
    asked: list[list[str]] = []

    async def fork(argv, env, cwd):
        asked.append(argv)
        return None  # as if it could not: the usual way follows

    monkeypatch.setattr(server, "fork", fork)

    async def usual(self, cmd, **kwargs):
        return "usual"

    base = forking.ForkingProvisioner.__mro__[1]
    monkeypatch.setattr(base, "launch_kernel", usual)
    provisioner = forking.ForkingProvisioner.__new__(forking.ForkingProvisioner)

    async def scenario():
        for cmd in (["/usr/bin/python3.9", "-m", "ipykernel_launcher", "-f", "c.json"],
                    [sys.executable, "-m", "other_kernel", "-f", "c.json"],
                    [sys.executable, "-m", "ipykernel_launcher"]):
            assert await provisioner.launch_kernel(cmd) == "usual"
        assert asked == []
        assert await provisioner.launch_kernel(
            [sys.executable, "-m", "ipykernel_launcher", "-f", "c.json"]) == "usual"
        assert asked == [["-f", "c.json"]]

    asyncio.run(closing(server, scenario()))


def test_the_fork_server_answers_a_request_it_cannot_read_and_goes_on(forked):
    server, make = forked

    async def scenario():
        manager = make()
        await manager.start_kernel()  # the fork server is up
        await manager.shutdown_kernel(now=True)
        async with server._lock:
            server._writer.write(b'{"argv": 5}\n')
            await server._writer.drain()
            answer = await server._answers.get()
        assert "cannot read" in answer["error"]
        again = make()
        await again.start_kernel()
        assert isinstance(again.provisioner.process, forking.ForkedKernel)
        await again.shutdown_kernel(now=True)

    asyncio.run(closing(server, scenario()))


def test_the_package_names_the_provisioner_jupyter_finds():
    from jupyter_client.provisioning.factory import KernelProvisionerFactory
    assert forking.provisioner_installed()
    assert forking.PROVISIONER in KernelProvisionerFactory.instance().get_provisioner_entries()
