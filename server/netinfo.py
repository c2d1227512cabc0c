"""The address phones on the same network use to reach this machine."""
import socket


def lan_ip():
    """The IP of the interface that routes to the outside, found by 'connecting' a UDP socket
    (which sends no packet). Without a route (no network at all) phones cannot join anyway;
    127.0.0.1 keeps the server usable from this machine."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()
