"""A site with several slideshows published under a subpath, as on GitHub Pages, and opened from
disk: every page, stylesheet, script and image loads, and the server sees no request fail."""

import functools
import http.server
import json
import shutil
import subprocess
import threading

import pytest

from conftest import REPO, _binary

# Loads every image the page references (src and every srcset candidate, clones included, lazy
# or not) and reports the ones that fail, plus stylesheets that did not apply and carousels whose
# script did not start.
CHECK_PAGE = """
const done = arguments[arguments.length - 1];
const urls = new Set();
for (const img of document.querySelectorAll('img')) {
  urls.add(img.src);
  for (const part of (img.srcset || '').split(',')) if (part.trim()) urls.add(new URL(part.trim().split(/\\s+/)[0], document.baseURI).href);
}
for (const source of document.querySelectorAll('source')) {
  for (const part of source.srcset.split(',')) if (part.trim()) urls.add(new URL(part.trim().split(/\\s+/)[0], document.baseURI).href);
}
const failures = [];
const sheets = [...document.querySelectorAll('link[rel=stylesheet]')].filter((l) => !l.sheet).map((l) => l.href);
const dead = [...document.querySelectorAll('.carousel')].filter((c) => !c.carousel).map((c) => c.id);
Promise.all([...urls].map((url) => new Promise((resolve) => {
  const image = new Image();
  image.onload = () => resolve();
  image.onerror = () => { failures.push(url); resolve(); };
  image.src = url;
}))).then(() => done({images: urls.size, failures, sheets, dead, links: [...document.querySelectorAll('a[href]')].map((a) => a.href)}));
"""


class RecordingHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def log_request(self, code="-", size="-"):
        self.server.requests.append((self.path, int(code) if str(code).isdigit() else 0))


@pytest.fixture(scope="module")
def published(tmp_path_factory):
    """The example photos as two shows, built and placed at /repo/ under a parent folder that a
    plain static server serves, the way GitHub Pages serves a project site."""
    root = tmp_path_factory.mktemp("pages")
    site = root / "source"
    shutil.copytree(REPO / "site" / "photos", site / "photos")
    (site / "photos" / "space.json").write_text(json.dumps([{"image": "0.jpg", "title": "Astronaut"}, {"image": "4.jpg", "title": "Deep field"}, {"image": "1.jpg", "title": "Rocket"}]))
    (site / "photos" / "earth.json").write_text(json.dumps([{"image": "2.jpg", "title": "Coffee"}, {"image": "3.jpg", "title": "Cat"}]))
    (site / "carousel.json").write_text(json.dumps({"title": "Collections", "shows": [
        {"id": "space", "title": "Space", "feed": "photos/space.json"},
        {"id": "earth", "title": "Earth", "feed": "photos/earth.json"},
    ]}))
    public = root / "public"
    public.mkdir()
    output = public / "repo"
    build = subprocess.run([str(_binary()), "build", str(site), "--output", str(output)], capture_output=True, text=True, timeout=120)
    assert build.returncode == 0, build.stderr
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(RecordingHandler, directory=str(public)))
    httpd.requests = []
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield output, f"http://127.0.0.1:{httpd.server_address[1]}/repo/", httpd
    httpd.shutdown()
    httpd.server_close()


def visit_all(driver, start):
    """Opens the index and every page it links to; returns what each page reported."""
    driver.set_script_timeout(20)
    driver.get(start)
    index = driver.execute_async_script(CHECK_PAGE)
    reports = {start: index}
    for link in index["links"]:
        driver.get(link)
        reports[link] = driver.execute_async_script(CHECK_PAGE)
    return reports


def assert_everything_loaded(reports):
    assert len(reports) == 3, f"the index and two show pages: {list(reports)}"
    for page, report in reports.items():
        assert report["failures"] == [], page
        assert report["sheets"] == [], page
        assert report["dead"] == [], page
    assert sum(r["images"] for p, r in reports.items()) >= 5


def test_every_page_and_asset_loads_under_a_subpath(published, driver):
    output, url, httpd = published
    reports = visit_all(driver, url)
    assert_everything_loaded(reports)
    failed = [(path, code) for path, code in httpd.requests if code >= 400]
    assert failed == []
    assert all(path.startswith("/repo/") for path, _ in httpd.requests)


def test_every_page_and_asset_loads_from_disk(published, driver):
    output, _, _ = published
    assert_everything_loaded(visit_all(driver, (output / "index.html").as_uri()))
