#!/usr/bin/env python3
"""Start-up time of the carousel runtime in headless Chromium, for 8 and 1,000 slides.

Start-up is the time from just before carousel.js runs to just after it has mounted every
carousel on the page and the browser has applied the styles that mounting changed: two marker
scripts around it (deferred scripts run in order) take performance marks, the second after
reading the track's computed style. Each run is a fresh page load of a site built by the real
`carousel-site` binary; the script file comes from the HTTP cache after the first run, as on
any page view but the first. Prints the command, every size's median over the runs, and the
comparison with the goal of DESIGN.md (under 5 ms for 8 slides).

Usage: .venv/bin/python Benchmarks/carousel-startup.py [--runs N] [--bin PATH]
Needs what scripts/setup-browser.sh installs.
"""

import argparse
import functools
import http.server
import json
import pathlib
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

REPO = pathlib.Path(__file__).resolve().parents[1]
GOAL_MS = 5.0  # DESIGN.md: start-up under 5 ms for 8 slides
SIZES = (8, 1000)

# Reading a computed style makes the browser apply every pending style change now: before the
# start mark, so the page's own first styling is not counted; before the end mark, so what
# mounting changed (classes, inert, transforms) is.
FLUSH = "document.querySelectorAll('.carousel-track').forEach((t) => getComputedStyle(t).transform);\n"
START = FLUSH + "performance.mark('carousel-start');\n"
END = FLUSH + "performance.mark('carousel-end');\n"


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def build_site(binary, folder, count):
    photos = sorted((REPO / "site" / "photos").glob("*.jpg"))
    (folder / "photos").mkdir(parents=True)
    for photo in photos:
        shutil.copy(photo, folder / "photos" / photo.name)
    feed = [{"image": f"photos/{photos[i % len(photos)].name}", "title": f"Slide {i + 1}", "caption": f"Caption {i + 1}"}
            for i in range(count)]
    (folder / "slides.json").write_text(json.dumps(feed))
    (folder / "carousel.json").write_text(json.dumps({"title": f"{count} slides", "feed": "slides.json"}))
    subprocess.run([str(binary), "build", str(folder)], check=True, capture_output=True)
    output = folder / "_site"
    (output / "bench-start.js").write_text(START)
    (output / "bench-end.js").write_text(END)
    html = (output / "index.html").read_text()
    script_start = html.index("<script ")
    script_end = html.index("</script>", script_start) + len("</script>")
    html = (html[:script_start] + '<script src="bench-start.js" defer></script>' + html[script_start:script_end]
            + '<script src="bench-end.js" defer></script>' + html[script_end:])
    (output / "bench.html").write_text(html)
    return output


def chrome():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,800"):
        options.add_argument(argument)
    return webdriver.Chrome(options=options, service=Service(executable_path="/usr/bin/chromedriver"))


def measure(driver, url, runs):
    times = []
    driver.get(url)  # warm the HTTP cache; not counted
    for _ in range(runs):
        driver.get(url)
        ms = driver.execute_script(
            "return performance.measure('startup', 'carousel-start', 'carousel-end').duration")
        live = driver.execute_script("return document.querySelector('.carousel').classList.contains('is-live')")
        assert live, "the carousel did not mount"
        times.append(ms)
    return times


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--bin", type=pathlib.Path, default=REPO / ".build" / "debug" / "carousel-site")
    arguments = parser.parse_args()
    print("$ " + shlex.join([sys.executable, *sys.argv]))
    if not arguments.bin.is_file():
        sys.exit(f"error: no carousel-site binary at '{arguments.bin}'; run `swift build` or pass --bin")
    with tempfile.TemporaryDirectory() as scratch:
        root = pathlib.Path(scratch)
        handler = functools.partial(QuietHandler, directory=scratch)
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        driver = chrome()
        try:
            print(f"{'slides':>7} {'runs':>5} {'median ms':>10} {'min ms':>8} {'max ms':>8}")
            medians = {}
            for count in SIZES:
                build_site(arguments.bin, root / str(count), count)
                url = f"http://127.0.0.1:{server.server_address[1]}/{count}/_site/bench.html"
                times = measure(driver, url, arguments.runs)
                medians[count] = statistics.median(times)
                print(f"{count:>7} {len(times):>5} {medians[count]:>10.2f} {min(times):>8.2f} {max(times):>8.2f}")
        finally:
            driver.quit()
            server.shutdown()
    verdict = "meets" if medians[8] < GOAL_MS else "misses"
    print(f"8 slides: median {medians[8]:.2f} ms {verdict} the goal of under {GOAL_MS:g} ms")


if __name__ == "__main__":
    main()
