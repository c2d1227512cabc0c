"""A real `castaways` server in a subprocess, for the tests that need one (tests/realserver,
tests/browser): a free port, a temporary --data folder, started with `python -m server` and
waited for on /healthz.

    from tests.support.live_server import live_server, start_live_server  # noqa: F401 fixtures

    def test_something(live_server):          # eventlet, fixture game loaded, bots instant
        assert live_server.health()["ok"]      # live_server.url is http://127.0.0.1:<port>

    def test_other(start_live_server, tmp_path):
        server = start_live_server(async_mode="threading", data_dir=tmp_path / "d")
"""
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT = 30.0


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class LiveServer:
    def __init__(self, data_dir, async_mode="eventlet", load_modules=("tests.fixture_game",),
                 bot_delay=0.0, extra_args=(), log_dir=None):
        self.data_dir = Path(data_dir)
        self.async_mode = async_mode
        self.load_modules = tuple(load_modules)
        self.bot_delay = bot_delay
        self.extra_args = tuple(extra_args)
        self.log_dir = Path(log_dir or self.data_dir.parent)
        self.process = None
        self.port = None
        self.log_path = None

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout=START_TIMEOUT):
        """Start (or start again, on a new port, with the same data) and wait until healthy."""
        self.port = free_port()
        self.log_path = self.log_dir / f"castaways-{self.async_mode}-{self.port}.log"
        command = [sys.executable, "-m", "server", "--host", "127.0.0.1",
                   "--port", str(self.port), "--data", str(self.data_dir),
                   "--async-mode", self.async_mode, "--bot-delay", str(self.bot_delay),
                   *self.extra_args]
        for module in self.load_modules:
            command += ["--load-module", module]
        env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log,
                                            stderr=subprocess.STDOUT)
        self._wait_healthy(timeout)
        return self

    def _wait_healthy(self, timeout):
        deadline = time.monotonic() + timeout
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"castaways exited with {self.process.returncode}:\n"
                                   f"{self.output()}")
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=1) as answer:
                    if json.load(answer).get("ok"):
                        return
            except OSError:
                pass
            if time.monotonic() > deadline:
                self.kill()
                raise RuntimeError(f"castaways not healthy after {timeout}s:\n{self.output()}")
            time.sleep(0.05)

    def health(self):
        with urllib.request.urlopen(self.url + "/healthz", timeout=5) as answer:
            return json.load(answer)

    def output(self):
        return self.log_path.read_text(errors="replace") if self.log_path else ""

    def kill(self):
        """SIGKILL: no chance to save anything more (what a crash or a power cut leaves)."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def start_live_server(tmp_path):
    started = []

    def start(data_dir=None, **options):
        server = LiveServer(data_dir or tmp_path / "data", log_dir=tmp_path, **options)
        started.append(server)
        return server.start()
    yield start
    for server in started:
        server.stop()


@pytest.fixture
def live_server(start_live_server):
    return start_live_server()
