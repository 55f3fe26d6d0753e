"""Fixtures for the real-browser tests: sites built by the real `carousel-site` binary, served
over a real loopback HTTP server (and opened from file://), driven in headless Chromium.

`CAROUSEL_SITE_BIN` names the binary; without it the debug build in .build is used, and a
missing binary fails the run (a browser test that cannot run must not pass)."""

import functools
import http.server
import json
import os
import pathlib
import shutil
import threading

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from carousel import Carousel
from sites import SiteBuilder

REPO = pathlib.Path(__file__).resolve().parents[2]


def _binary():
    configured = os.environ.get("CAROUSEL_SITE_BIN")
    path = pathlib.Path(configured) if configured else REPO / ".build" / "debug" / "carousel-site"
    if not path.is_file():
        pytest.fail(f"no carousel-site binary at {path}: run `swift build` or set CAROUSEL_SITE_BIN", pytrace=False)
    return path


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="session")
def served_root(tmp_path_factory):
    return tmp_path_factory.mktemp("served")


@pytest.fixture(scope="session")
def server(served_root):
    """A real HTTP server on a free loopback port, serving every site the tests build."""
    handler = functools.partial(QuietHandler, directory=str(served_root))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="session")
def sites(served_root, server):
    return SiteBuilder(_binary(), REPO / "site" / "photos", served_root, server)


def _chrome():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,800"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    # Without an explicit driver path Selenium tries to download one, and hangs offline.
    return webdriver.Chrome(options=options, service=Service(executable_path="/usr/bin/chromedriver"))


@pytest.fixture(scope="session")
def _shared_driver():
    driver = _chrome()
    yield driver
    driver.quit()


@pytest.fixture
def driver(_shared_driver):
    """The session's Chromium, reset after each test (emulation, window size, extra tabs)."""
    yield _shared_driver
    try:
        _shared_driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        _shared_driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 1})
        _shared_driver.execute_cdp_cmd("Page.setBypassCSP", {"enabled": False})
        handles = _shared_driver.window_handles
        for handle in handles[1:]:
            _shared_driver.switch_to.window(handle)
            _shared_driver.close()
        _shared_driver.switch_to.window(handles[0])
        _shared_driver.set_window_size(1280, 800)
        _shared_driver.get("about:blank")
        _shared_driver.get_log("browser")
    except Exception:
        pass


@pytest.fixture
def open_page(driver):
    """Loads a page and returns a `Carousel` handle on its first (or the named) carousel."""

    def load(url, selector=".carousel"):
        driver.get(url)
        return Carousel(driver, selector)

    return load


# Runs before any page script: keeps count of pending timers and of event listeners not yet
# removed (by removeEventListener or an aborted signal), so tests can see what the runtime holds.
INSTRUMENT = """
window.__timers = new Set();
const nativeSetTimeout = window.setTimeout, nativeClearTimeout = window.clearTimeout;
window.setTimeout = function (handler, delay, ...rest) {
  const id = nativeSetTimeout.call(window, (...args) => {
    window.__timers.delete(id);
    if (typeof handler === 'function') handler(...args);
  }, delay, ...rest);
  window.__timers.add(id);
  return id;
};
window.clearTimeout = function (id) {
  window.__timers.delete(id);
  return nativeClearTimeout.call(window, id);
};
window.__listeners = [];
const nativeAdd = EventTarget.prototype.addEventListener;
const nativeRemove = EventTarget.prototype.removeEventListener;
const captures = (options) => typeof options === 'boolean' ? options : !!(options && options.capture);
EventTarget.prototype.addEventListener = function (type, handler, options) {
  window.__listeners.push({ target: this, type, handler, capture: captures(options), signal: options && options.signal });
  return nativeAdd.call(this, type, handler, options);
};
EventTarget.prototype.removeEventListener = function (type, handler, options) {
  window.__listeners = window.__listeners.filter((l) => !(l.target === this && l.type === type && l.handler === handler && l.capture === captures(options)));
  return nativeRemove.call(this, type, handler, options);
};
window.__activeListeners = () => window.__listeners.filter((l) => !(l.signal && l.signal.aborted)).map((l) => l.type);
"""


@pytest.fixture
def instrumented(driver):
    """Pages loaded during the test count their pending timers and live event listeners."""
    script = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": INSTRUMENT})
    yield
    driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})
