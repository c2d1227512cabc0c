"""The Galèrapagos preview server: the Lifeboats preview server's static routes, with
/states/<scenario>.json made by gp_scenarios and /games/galerapagos/data.json served as the
real server does."""
import json
import os
import sys
import threading
import http.server

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "lifeboats_preview"))
import gp_scenarios as scenarios  # noqa: E402
import lb_preview_server as base  # noqa: E402

REPO = base.REPO
base.ROUTES["/gpreview/"] = HERE


class Handler(base.Handler):
    def _json(self, body):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        path = self.path.split("?")[0]
        if path.startswith("/states/"):
            name = path[len("/states/"):].removesuffix(".json")
            return self._json(json.dumps(scenarios.build(name)).encode())
        if path == "/games/galerapagos/data.json":
            with open(os.path.join(REPO, "engine", "galerapagos", "data.json"), "rb") as f:
                return self._json(f.read())
        return super().do_GET()


def start(port=0):
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv


if __name__ == "__main__":
    srv = start(int(sys.argv[1]) if len(sys.argv) > 1 else 8766)
    print("http://127.0.0.1:%d/gpreview/preview.html?page=table&s=vote" % srv.server_port)
    threading.Event().wait()
