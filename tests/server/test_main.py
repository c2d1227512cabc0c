"""The command line and its defaults."""
import ipaddress

from server import netinfo
from server.__main__ import parse_args
from server.config import Config, default_data_dir


def test_defaults_of_the_command():
    args = parse_args([])
    assert (args.host, args.port, args.async_mode) == ("0.0.0.0", 5000, "eventlet")
    assert args.public_url is None and args.load_module == []
    assert (args.bot_delay, args.idle_hours) == (1.0, 12.0)
    assert args.data == default_data_dir()


def test_every_option_of_the_command():
    args = parse_args(["--host", "127.0.0.1", "--port", "8080", "--data", "/tmp/x",
                       "--async-mode", "threading", "--public-url", "http://tv.lan:8080",
                       "--load-module", "tests.fixture_game", "--bot-delay", "0",
                       "--idle-hours", "2"])
    assert (args.host, args.port, args.data, args.async_mode) == (
        "127.0.0.1", 8080, "/tmp/x", "threading")
    assert args.public_url == "http://tv.lan:8080" and args.load_module == ["tests.fixture_game"]
    assert (args.bot_delay, args.idle_hours) == (0.0, 2.0)


def test_the_data_folder_follows_xdg(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_data_dir() == str(tmp_path / "castaways")
    monkeypatch.delenv("XDG_DATA_HOME")
    assert default_data_dir().endswith("/.local/share/castaways")


def test_join_urls():
    assert Config(lan_ip="192.168.1.20", port=5050).join_url("ABCD") == \
        "http://192.168.1.20:5050/j/ABCD"
    assert Config(public_url="https://x.example/").join_url("ABCD") == \
        "https://x.example/j/ABCD"


def test_the_lan_ip_is_an_ipv4_address():
    assert ipaddress.ip_address(netinfo.lan_ip()).version == 4


def test_without_a_route_the_lan_ip_is_localhost(monkeypatch):
    class NoRoute:
        def __init__(self, *args):
            pass

        def connect(self, address):
            raise OSError("Network is unreachable")

        def close(self):
            pass
    monkeypatch.setattr(netinfo.socket, "socket", NoRoute)
    assert netinfo.lan_ip() == "127.0.0.1"


def test_the_limits_of_the_command():
    args = parse_args([])
    assert (args.max_connections_per_address, args.header_timeout, args.message_timeout) == (
        500, 5.0, 10.0)
    assert (args.max_visitors_per_room, args.max_visitors_per_address) == (50, 20)
    assert (Config().max_visitors_per_room, Config().max_visitors_per_address) == (50, 20)
    args = parse_args(["--max-connections-per-address", "3", "--max-visitors-per-room", "4",
                       "--max-visitors-per-address", "2", "--message-timeout", "1.5"])
    assert (args.max_connections_per_address, args.max_visitors_per_room,
            args.max_visitors_per_address, args.message_timeout) == (3, 4, 2, 1.5)
