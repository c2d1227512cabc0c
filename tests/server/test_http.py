"""HTTP routes: pages, the QR code, rules, health, files, and friendly 404s."""
import pytest

from server import routes


@pytest.fixture
def http(server):
    return server.app.test_client()


def test_the_table_page_is_served_uncached(http):
    response = http.get("/")
    assert response.status_code == 200 and b"<!doctype html>" in response.data.lower()
    assert response.headers["Cache-Control"] == "no-store"


def test_the_phone_page_for_a_room_any_case(server, http):
    code = server.table().welcome["room"]
    for path in (f"/j/{code}", f"/j/{code.lower()}"):
        response = http.get(path)
        assert response.status_code == 200
        # The phone's page, its files linked under the versioned prefix (tests/server/test_assets.py).
        assert b'class="page-phone"' in response.data and b"/phone/phone.js" in response.data


def test_an_unknown_room_gets_a_friendly_page_in_english_and_french(http):
    response = http.get("/j/QQQQ")
    assert response.status_code == 404 and response.mimetype == "text/html"
    text = response.get_data(as_text=True)
    # The link goes to the join page's code box, never to "/" (the TV page: it would open a room)
    assert "does not exist" in text and "n'existe pas" in text and 'href="/j"' in text
    assert 'href="/"' not in text
    assert "Traceback" not in text


def test_the_join_page_and_the_room_lookup(server, http):
    code = server.table().welcome["room"]
    for path in ("/j", "/j/"):
        response = http.get(path)
        assert response.status_code == 200
        assert response.data == (routes.PHONE_DIR / "index.html").read_bytes()
    assert http.get(f"/rooms/{code.lower()}").get_json() == {"ok": True, "code": code}
    missing = http.get("/rooms/QQQQ")     # an answer, not an error: nothing in the console
    assert missing.status_code == 200 and missing.get_json()["ok"] is False
    assert missing.get_json()["error"]["code"] == "unknown_room"


def test_the_favicon_is_our_icon(http):
    response = http.get("/favicon.ico")
    assert response.status_code == 200 and b"<svg" in response.data


def test_the_room_payload_says_which_page_modules_a_game_has(server):
    table = server.table()
    games = {g["id"]: g["pages"] for g in table.last("room")["games"]}
    assert games["lifeboats"] == {"table": True, "phone": True}
    for gid, pages in games.items():
        assert pages == {"table": (routes.TABLE_DIR / "games" / f"{gid}.js").is_file(),
                         "phone": (routes.PHONE_DIR / "games" / f"{gid}.js").is_file()}


def test_the_qr_code_is_an_svg_of_the_join_url(server, http):
    code = server.table().welcome["room"]
    response = http.get(f"/qr/{code.lower()}.svg")
    assert response.status_code == 200 and response.mimetype == "image/svg+xml"
    assert b"<svg" in response.data
    assert http.get("/qr/QQQQ.svg").status_code == 404


def test_the_qr_code_follows_the_public_url(make_server, tmp_path):
    server = make_server(public_url="https://party.example/")
    table = server.table()
    code = table.welcome["room"]
    assert table.welcome["join_url"] == f"https://party.example/j/{code}"
    assert table.last("room")["join_url"] == f"https://party.example/j/{code}"


def test_rules_in_the_asked_language_or_english(http, tmp_path, monkeypatch):
    (tmp_path / "fixture.en.html").write_text("<p>Vote red or blue.</p>")
    (tmp_path / "fixture.fr.html").write_text("<p>Votez rouge ou bleu.</p>")
    (tmp_path / "other.en.html").write_text("<p>English only.</p>")
    monkeypatch.setattr(routes, "RULES_DIR", tmp_path)
    assert b"Vote red" in http.get("/rules/fixture").data
    assert b"Votez" in http.get("/rules/fixture?lang=fr").data
    assert b"English only" in http.get("/rules/other?lang=fr").data
    assert b"Vote red" in http.get("/rules/fixture?lang=de").data
    for path in ("/rules/chess", "/rules/..%2Fsecret", "/rules/fixture.en"):
        response = http.get(path)
        assert response.status_code == 404 and b"Castaways" in response.data


def test_healthz_counts_open_rooms(server, http):
    assert http.get("/healthz").get_json() == {"ok": True, "rooms": 0}
    server.table()
    server.table()
    assert http.get("/healthz").get_json() == {"ok": True, "rooms": 2}


def test_page_files_are_served_and_traversal_refused(http):
    assert http.get("/table/index.html").status_code == 200
    assert http.get("/phone/index.html").status_code == 200
    for path in ("/table/../server/app.py", "/phone/%2e%2e/server/app.py",
                 "/table/..%2f..%2fetc/passwd", "/static/../app.py", "/phone/nothing.js"):
        assert http.get(path).status_code == 404, path


def test_scripts_are_revalidated_on_every_load(http, tmp_path, monkeypatch):
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "fixture.js").write_text("export function render() {}")
    monkeypatch.setattr(routes, "TABLE_DIR", tmp_path)
    response = http.get("/table/games/fixture.js")
    assert response.status_code == 200 and b"render" in response.data
    assert "no-cache" in response.headers["Cache-Control"] and response.headers["ETag"]


def test_a_games_card_data_is_served_for_the_pages_and_nothing_else(http):
    import json
    for game in ("galerapagos", "lifeboat", "lifeboats"):
        response = http.get(f"/games/{game}/data.json")
        assert response.status_code == 200
        assert response.get_json() == json.loads((routes.ENGINE_DIR / game / "data.json").read_text())
    for path in ("/games/nope/data.json", "/games/..%2Fserver/data.json", "/games/base/data.json"):
        assert http.get(path).status_code == 404


def test_the_room_counts_visitor_phones_on_the_join_form(server):
    """room.visitors: phones connected without a player (on the join form); the TV shows its
    big QR code meanwhile. The TV hears when one arrives, joins or leaves."""
    from tests.support.waiting import wait_until
    table = server.table()
    code = table.welcome["room"]

    def now(visitors, players):
        return wait_until(lambda: (table.last("room")["visitors"], len(table.last("room")["players"]))
                          == (visitors, players) or None, 10, f"visitors={visitors}")
    now(0, 0)
    visitor = server.phone(code)
    now(1, 0)
    assert visitor.send("join", {"name": "Ana"})["ok"]
    now(0, 1)
    other = server.phone(code)
    now(1, 1)
    other.close()
    now(0, 1)


def test_a_visitor_coming_or_going_is_told_to_the_tvs_only(server):
    """Only the TV shows the visitor count: telling every phone would make each arrival cost as
    many messages as the room has sockets (n² for a device that opens many connections)."""
    from tests.support.waiting import wait_until
    table = server.table()
    code = table.welcome["room"]
    ana = server.phone(code)
    assert ana.send("join", {"name": "Ana"})["ok"]
    wait_until(lambda: table.last("room")["players"] or None, 10, "Ana in the room")
    rooms_seen = len(ana.messages("room"))
    visitors = [server.phone(code) for _ in range(3)]
    wait_until(lambda: table.last("room")["visitors"] == 3 or None, 10, "three visitors")
    for visitor in visitors:
        visitor.close()
    wait_until(lambda: table.last("room")["visitors"] == 0 or None, 10, "no visitor")
    assert len(ana.messages("room")) == rooms_seen
