"""A tiny static server for the Lifeboats preview: /table/, /phone/ and /static/ map to the page
folders as the real server does, /states/<scenario>.json is made by the engine on demand."""
import http.server
import json
import os
import sys
import threading
from functools import partial

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, HERE)
sys.path.insert(0, REPO)
import lb_scenarios as scenarios  # noqa: E402

ROUTES = {"/table/": os.path.join(REPO, "table_web"),
          "/phone/": os.path.join(REPO, "controller_web"),
          "/static/": os.path.join(REPO, "server", "static"),
          "/preview/": HERE}


class Handler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *a):
        pass

    def do_GET(self):
        path = self.path.split("?")[0]
        if path.startswith("/states/"):
            name = path[len("/states/"):].removesuffix(".json")
            body = json.dumps(scenarios.build(name)).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        for prefix, folder in ROUTES.items():
            if path.startswith(prefix):
                file = os.path.normpath(os.path.join(folder, path[len(prefix):]))
                if not file.startswith(folder) or not os.path.isfile(file):
                    break
                ctype = {"js": "text/javascript", "css": "text/css", "html": "text/html",
                         "json": "application/json"}.get(file.rsplit(".", 1)[-1], "text/plain")
                with open(file, "rb") as f:
                    body = f.read()
                self.send_response(200)
                self.send_header("Content-Type", ctype + "; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Cache-Control", "no-store")
                self.end_headers()
                self.wfile.write(body)
                return
        self.send_error(404)


def start(port=0):
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv


if __name__ == "__main__":
    srv = start(int(sys.argv[1]) if len(sys.argv) > 1 else 8765)
    print("http://127.0.0.1:%d/preview/preview.html?page=table&s=negotiate" % srv.server_port)
    threading.Event().wait()
