"""A tiny static server for the Lifeboat preview: /table/, /phone/, /static/ and
/games/lifeboat/data.json map to the repo as the real server does; /states/<scenario>.json is
made by the engine on demand (lbt_scenarios.py)."""
import http.server
import json
import os
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, HERE)
sys.path.insert(0, REPO)
import lbt_scenarios as scenarios  # noqa: E402

ROUTES = {"/table/": os.path.join(REPO, "table_web"),
          "/phone/": os.path.join(REPO, "controller_web"),
          "/static/": os.path.join(REPO, "server", "static"),
          "/games/lifeboat/": os.path.join(REPO, "engine", "lifeboat"),
          "/preview/": HERE}
TYPES = {"js": "text/javascript", "css": "text/css", "html": "text/html", "json": "application/json"}


class Handler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *a):
        pass

    def _send(self, body, ctype):
        self.send_response(200)
        self.send_header("Content-Type", ctype + "; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        path = self.path.split("?")[0]
        if path.startswith("/states/"):
            name = path[len("/states/"):].removesuffix(".json")
            return self._send(json.dumps(scenarios.build(name)).encode(), "application/json")
        for prefix, folder in ROUTES.items():
            if path.startswith(prefix):
                file = os.path.normpath(os.path.join(folder, path[len(prefix):]))
                if prefix == "/games/lifeboat/" and not file.endswith("data.json"):
                    break
                if not file.startswith(folder) or not os.path.isfile(file):
                    break
                with open(file, "rb") as f:
                    return self._send(f.read(), TYPES.get(file.rsplit(".", 1)[-1], "text/plain"))
        self.send_error(404)


def start(port=0):
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv


if __name__ == "__main__":
    srv = start(int(sys.argv[1]) if len(sys.argv) > 1 else 8766)
    print("http://127.0.0.1:%d/preview/preview.html?page=table&s=choose" % srv.server_port)
    threading.Event().wait()
