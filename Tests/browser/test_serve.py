"""`carousel-site serve` in a real browser: an open page reloads itself after an edit, a broken
template shows the build errors over the last good page, and fixing it recovers.

The server is the real binary on a free loopback port; the page carries the theme's strict
Content-Security-Policy, so these tests also prove the reload script works under it."""

import json
import pathlib
import queue
import shutil
import signal
import subprocess
import threading

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import REPO, _binary

OVERLAY = "carousel-build-errors"
# Generous: a rebuild takes well under a second, but CI machines are shared.
PATIENCE = 30


class ServedSite:
    """A site folder being served by `carousel-site serve`, and the page's URL."""

    def __init__(self, folder, process, url):
        self.folder = folder
        self.process = process
        self.url = url

    def write_feed(self, captions):
        feed = [{"image": f"photos/{i}.jpg", "title": f"Slide {i + 1}", "caption": caption} for i, caption in enumerate(captions)]
        path = self.folder / "slides.json"
        # Saved the way editors do: a temporary file renamed over the original.
        temporary = path.with_name(".slides.json.tmp")
        temporary.write_text(json.dumps(feed))
        temporary.replace(path)

    def write_template(self, name, text):
        path = self.folder / "templates" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def _read_url(process, lines):
    for line in process.stdout:
        lines.put(line)


@pytest.fixture
def served(tmp_path):
    folder = tmp_path / "site"
    (folder / "photos").mkdir(parents=True)
    for index in range(3):
        shutil.copy(REPO / "site" / "photos" / f"{index}.jpg", folder / "photos" / f"{index}.jpg")
    (folder / "carousel.json").write_text(json.dumps({"title": "Serve test", "feed": "slides.json", "interval": 60000}))
    process = subprocess.Popen(
        [str(_binary()), "serve", str(folder), "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env={"NO_COLOR": "1", "PATH": "/usr/bin:/bin"},
    )
    site = ServedSite(folder, process, None)
    site.write_feed(["First caption", "Second caption", "Third caption"])
    lines = queue.Queue()
    threading.Thread(target=_read_url, args=(process, lines), daemon=True).start()
    try:
        line = lines.get(timeout=PATIENCE)
    except queue.Empty:
        process.kill()
        pytest.fail(f"serve printed no URL:\n{process.stderr.read()}")
    site.url = line.rsplit(" ", 1)[-1].strip()
    yield site
    process.send_signal(signal.SIGINT)
    try:
        assert process.wait(timeout=10) == 0, "serve exits cleanly on Ctrl-C"
    finally:
        if process.poll() is None:
            process.kill()


def _mark(driver):
    """Marks the loaded document; a reload replaces it with one that has no mark."""
    driver.execute_script("window.__notReloaded = true")


def _reloaded(driver):
    return driver.execute_script("return window.__notReloaded === undefined && document.readyState === 'complete'")


def _listening(driver):
    """Waits until the page's reload script is connected to the event stream."""
    WebDriverWait(driver, PATIENCE).until(
        lambda d: d.execute_script("return document.documentElement.getAttribute('data-live-reload') === 'connected'")
    )


def _captions(driver):
    return [element.get_attribute("textContent") for element in driver.find_elements(By.CSS_SELECTOR, ".carousel-caption span")]


def _csp_violations(driver):
    return [entry["message"] for entry in driver.get_log("browser") if "Content Security Policy" in entry["message"]]


def test_feed_edit_reloads_the_open_page_with_the_new_caption(served, driver):
    driver.get(served.url)
    assert "First caption" in _captions(driver)
    assert driver.find_elements(By.CSS_SELECTOR, "script[src^='/__carousel/reload.js']")
    _listening(driver)
    _mark(driver)

    served.write_feed(["Edited caption", "Second caption", "Third caption"])

    WebDriverWait(driver, PATIENCE).until(_reloaded)
    WebDriverWait(driver, PATIENCE).until(lambda d: "Edited caption" in _captions(d))
    assert "First caption" not in _captions(driver)
    assert not driver.find_elements(By.ID, OVERLAY)
    assert _csp_violations(driver) == []
    # The published output never carries the reload script.
    assert "__carousel" not in (served.folder / "_site" / "index.html").read_text()


def test_template_error_shows_the_overlay_and_fixing_it_recovers(served, driver):
    driver.get(served.url)
    _listening(driver)
    _mark(driver)

    # A broken override whose source line looks like markup: the overlay must show it as text.
    served.write_template("page.mustache", '{{<layout}}{{$main}}{{#show}}<b id="injected">bold</b>{{/layout}}\n')

    overlay = WebDriverWait(driver, PATIENCE).until(lambda d: d.find_elements(By.ID, OVERLAY))[0]
    text = overlay.get_attribute("textContent")
    assert "templates/page.mustache" in text and "error:" in text, text
    assert '<b id="injected">bold</b>' in text
    assert not driver.find_elements(By.ID, "injected"), "diagnostic text is never parsed as HTML"
    assert overlay.is_displayed()
    # The last good page is still there under the overlay, not reloaded.
    assert not _reloaded(driver)
    assert "First caption" in _captions(driver)

    served.write_template("page.mustache", "{{<layout}}{{$main}}{{#show}}{{> carousel}}{{/show}}<p id=fixed>fixed</p>{{/main}}{{/layout}}\n")

    WebDriverWait(driver, PATIENCE).until(_reloaded)
    WebDriverWait(driver, PATIENCE).until(lambda d: d.find_elements(By.ID, "fixed"))
    assert not driver.find_elements(By.ID, OVERLAY)
    assert _csp_violations(driver) == []


def test_a_page_opened_while_the_build_is_broken_shows_the_overlay(served, driver):
    served.write_template("page.mustache", "{{#unclosed}}\n")
    driver.get(served.url)
    # The first load may come before the failed build is reported; the overlay follows either way.
    overlay = WebDriverWait(driver, PATIENCE).until(lambda d: d.find_elements(By.ID, OVERLAY))[0]
    assert "templates/page.mustache" in overlay.get_attribute("textContent")
