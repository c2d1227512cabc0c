"""A hosted Castaways site for real (issue 22): PostgreSQL (tests/support/postgres.py), N
`castaways` processes in gevent mode sharing it with `--shards`, and HAProxy in front with
the configuration `castaways proxy-config` prints. Everything on loopback, free ports, a
temporary folder; HAProxy runs as the test user.

    site = Site(tmp_path, dsn, processes=3, shards=6).start()
    site.url                 # through the proxy
    site.owner_of(shard)     # the index of the process serving it (its /healthz?shard=K)
    site.kill(i); site.start_process(i)
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from server import proxy_config
from tests.support import waiting
from tests.support.live_server import ROOT, free_port

START_TIMEOUT = 60.0     # a loaded machine (CI runs everything on 2 cores)


def wait_until(condition, timeout, what, every=0.05):
    """tests.support.waiting.wait_until, polling less often: each try here is HTTP requests
    to processes that share the machine's two cores with the test."""
    return waiting.wait_until(condition, timeout, what, every)


def haproxy_missing():
    return None if shutil.which("haproxy") else \
        "HAProxy is not installed (apt-get install haproxy; .ci/run does it)"


def get(url, timeout=2.0):
    """(status, json body or None); (None, None) when nothing answers."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as answer:
            return answer.status, json.load(answer)
    except urllib.error.HTTPError as error:
        try:
            return error.code, json.load(error)
        except ValueError:
            return error.code, None
    except (OSError, ValueError):
        return None, None


class Process:
    def __init__(self, site, index):
        self.site, self.index = site, index
        self.port = free_port()
        self.process = None
        self.log_path = site.dir / f"castaways-{index}-{self.port}.log"

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"

    def start(self):
        site = self.site
        command = [sys.executable, "-m", "server", "--host", "127.0.0.1",
                   "--port", str(self.port), "--data", str(site.dir / f"data-{self.index}"),
                   "--db", site.dsn, "--shards", str(site.shards),
                   "--async-mode", site.async_mode, "--bot-delay", str(site.bot_delay),
                   "--trusted-proxies", "127.0.0.1", *site.extra_args]
        env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log,
                                            stderr=subprocess.STDOUT)
        return self

    def wait_listening(self):
        def answers():
            if self.process.poll() is not None:
                raise RuntimeError(f"castaways exited:\n{self.output()}")
            return get(self.url + "/healthz")[0] is not None
        wait_until(answers, START_TIMEOUT, f"castaways {self.index} to listen")

    def health(self, shard=None):
        return get(self.url + "/healthz" + ("" if shard is None else f"?shard={shard}"))

    def shards(self):
        status, body = self.health()
        return body["shards"] if body else []

    def alive(self):
        return self.process is not None and self.process.poll() is None

    def signal(self, sig):
        self.process.send_signal(sig)

    def kill(self):
        if self.alive():
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self):
        if self.alive():
            self.process.send_signal(signal.SIGCONT)
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def output(self):
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


class Site:
    def __init__(self, folder, dsn, processes=3, shards=6, async_mode="gevent",
                 bot_delay=0.2, extra_args=()):
        self.dir = Path(folder)
        self.dsn = dsn
        self.shards = shards
        self.async_mode = async_mode
        self.bot_delay = bot_delay
        self.extra_args = tuple(extra_args)
        self.processes = [Process(self, i) for i in range(processes)]
        self.proxy_port = free_port()
        self.proxy = None

    @property
    def url(self):
        return f"http://127.0.0.1:{self.proxy_port}"

    def start(self):
        for process in self.processes:      # together: they share the shards out
            process.start()
        # HAProxy meanwhile: its health checks find the processes as they come up.
        config = self.dir / "haproxy.cfg"
        config.write_text(proxy_config.render(
            self.shards, [f"127.0.0.1:{p.port}" for p in self.processes],
            bind=f"127.0.0.1:{self.proxy_port}"))
        self.proxy_log = open(self.dir / "haproxy.log", "wb")
        self.proxy = subprocess.Popen(["haproxy", "-f", str(config), "-db"],
                                      stdout=self.proxy_log, stderr=subprocess.STDOUT)
        def routing():
            if self.proxy.poll() is not None:
                raise RuntimeError((self.dir / "haproxy.log").read_text(errors="replace"))
            return get(self.url + "/healthz")[0] == 200
        self.ready()
        wait_until(routing, START_TIMEOUT, "HAProxy to route to a live process")
        return self

    def ready(self):
        """Every process listening (those a test started again) and every shard owned."""
        for process in self.processes:
            if not process.alive():
                process.start()
            process.wait_listening()
        self.wait_all_shards_owned()
        return self

    def owners(self):
        """{shard: process index} from every live process's own /healthz."""
        owned = {}
        for process in self.processes:
            if process.alive():
                for shard in process.shards():
                    owned[shard] = process.index
        return owned

    def wait_all_shards_owned(self, timeout=START_TIMEOUT):
        return wait_until(lambda: len(self.owners()) == self.shards and self.owners(), timeout,
                          "every shard to be owned")

    def owner_of(self, shard):
        return self.owners().get(shard)

    def output(self):
        return "\n".join(f"--- castaways {p.index}\n{p.output()[-4000:]}" for p in self.processes)

    def stop(self):
        for process in self.processes:
            process.stop()
        if self.proxy and self.proxy.poll() is None:
            self.proxy.terminate()
            self.proxy.wait(10)
