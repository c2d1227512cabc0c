"""Helpers for browser tests (import them: `from tests.browser.helpers import join`)."""
import json


def join(page, name):
    """Type a name on a visitor phone and join; waits for the phone's lobby card."""
    page.fill("#name", name)
    page.click("#join")
    page.locator("#you").wait_for()


def record_frames(page):
    """Every Socket.IO frame the page receives over its websocket, as text. Call it before
    the page connects (before goto)."""
    frames = []

    def on_ws(ws):
        ws.on("framereceived", lambda payload: frames.append(
            payload if isinstance(payload, str) else payload.decode("utf-8", "replace")))
    page.on("websocket", on_ws)
    return frames


def socket_events(frames, name):
    """The payloads of Socket.IO event `name` among recorded frames ('42["name",{...}]')."""
    out = []
    for f in frames:
        if not f.startswith("42"):
            continue
        try:
            data = json.loads(f[2:])
        except ValueError:
            continue
        if isinstance(data, list) and data and data[0] == name:
            out.append(data[1] if len(data) > 1 else None)
    return out


def game_state(page):
    """The last `game` payload the page received (the pages expose window.castaways)."""
    return page.evaluate("() => window.castaways.state.game")
