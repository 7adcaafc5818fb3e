"""A storefront of another origin for the browser tests: one HTML page at `/`, the overlay bundle's files from the
build at their own paths (as a CDN or the storefront's host would serve them)."""

from http.server import SimpleHTTPRequestHandler


class StorefrontSite(SimpleHTTPRequestHandler):
    """Subclass it per test module and set `page` (bytes) before serving."""

    page = b""

    def do_GET(self):
        if self.path.split("?")[0] in ("/", "/index.html"):
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(self.page)))
            self.end_headers()
            self.wfile.write(self.page)
            return
        super().do_GET()

    def log_message(self, format, *args):
        pass
