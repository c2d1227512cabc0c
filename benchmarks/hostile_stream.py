"""One hostile client against a real `castaways` server (issue 26), per async mode: a WebSocket
message that never ends (endless 60 kB continuation frames), streamed for at most `--seconds`.
Prints how much the client got to send before the server closed the socket, the server's memory
before and at its highest meanwhile, and the slowest /healthz answer (both probed every 0.2 s). Loopback only,
bounded in time.

    python benchmarks/hostile_stream.py                      # all three modes, 10 s each
    python benchmarks/hostile_stream.py --modes eventlet --seconds 20

To compare with another commit, run the same command in its checkout.
"""
import argparse
import asyncio
import os
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from tests.support.lite_client import LiteSocket  # noqa: E402
from tests.support.live_server import LiveServer  # noqa: E402

CHUNK = "x" * 60_000


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as status:
        return int(next(l for l in status if l.startswith("VmRSS:")).split()[1]) / 1024


def healthz(url):
    started = time.monotonic()
    try:
        with urllib.request.urlopen(url + "/healthz", timeout=10) as answer:
            answer.read()
    except OSError:
        return 10.0
    return time.monotonic() - started


async def stream(server, seconds):
    table = await LiteSocket.open("127.0.0.1", server.port, {"role": "table", "room": None})
    code = (await table.wait("welcome"))["room"]
    sock = await LiteSocket.open("127.0.0.1", server.port, {"role": "phone", "room": code})
    probes, peaks, stop = [], [], asyncio.Event()

    async def probe():
        while not stop.is_set():
            peaks.append(rss_mb(server.process.pid))
            probes.append(await asyncio.to_thread(healthz, server.url))
            await asyncio.sleep(0.2)
    prober = asyncio.create_task(probe())
    sent, started = 0, time.monotonic()
    await sock.send_fragment('42["join",{"name":"')
    try:
        while time.monotonic() - started < seconds:
            await asyncio.wait_for(sock.send_fragment(CHUNK), max(0.1, seconds))
            sent += len(CHUNK)
    except (ConnectionError, OSError, asyncio.TimeoutError):
        pass
    closed_after = time.monotonic() - started if sock.closed.is_set() or \
        sock._ws.state.name != "OPEN" else None
    stop.set()
    await prober
    await asyncio.gather(sock.close(), table.close())
    return sent, closed_after, max(probes), max(peaks)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--modes", nargs="+", default=["eventlet", "gevent", "threading"])
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    print(f"{'mode':10} {'sent MB':>8} {'closed s':>9} {'RSS MB before':>14} "
          f"{'peak':>7} {'healthz max s':>14}")
    for mode in args.modes:
        with tempfile.TemporaryDirectory() as data:
            server = LiveServer(os.path.join(data, "data"), async_mode=mode, load_modules=(),
                                log_dir=data).start()
            try:
                before = rss_mb(server.process.pid)
                sent, closed, slowest, peak = asyncio.run(stream(server, args.seconds))
            finally:
                server.stop()
        closed_text = f"{closed:9.1f}" if closed is not None else f"{'never':>9}"
        print(f"{mode:10} {sent / 1e6:8.1f} {closed_text} {before:14.0f} {peak:7.0f} "
              f"{slowest:14.2f}", flush=True)


if __name__ == "__main__":
    main()
