#!/usr/bin/env python3
"""Start-up time, DOM size and JS heap of a slideshow page in headless Chromium, for 10 to
10,000 slides, in the default carousel and the windowed one; then autoplay of the largest
show in both modes, watched for long tasks (over 50 ms on the main thread).

The numbers behind WindowedMode.threshold. Sites are built by the release binary from
Benchmarks/scale_site.py folders and served from a loopback HTTP server; every load runs with
the browser cache disabled. Reported per mode and size, medians of RUNS loads:
  start-up  navigation start to DOMContentLoaded end: the runtime is a deferred script, so its
            carousel is mounted (and live) by then;
  load      to the load event end;
  elements  element count of the document after start-up;
  heap      used JS heap after a forced garbage collection (CDP Runtime.getHeapUsage).

Usage: Benchmarks/scale-browser.py [--runs N] [--sizes 10 100 ...] [--play-seconds S]
Needs chromium, chromedriver and the Python selenium package (see scripts/setup.sh)."""

import argparse
import functools
import http.server
import json
import os
import pathlib
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

REPO = pathlib.Path(__file__).resolve().parents[1]
# The main thread's long-task limit (the Long Tasks API reports tasks over 50 ms).
LONG_TASK_MS = 50


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def release_binary():
    print("$ swift build -c release --product carousel-site")
    subprocess.run(["swift", "build", "-c", "release", "--product", "carousel-site"], cwd=REPO, check=True, stdout=subprocess.DEVNULL)
    path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=REPO, check=True, capture_output=True, text=True).stdout.strip()
    return pathlib.Path(path) / "carousel-site"


def build(binary, work, slides, windowed, interval=5000, autoplay=False):
    """Builds a site of `slides` small images in the given mode; returns its output folder."""
    site = work / f"site-{slides}"
    if not (site / "slides.json").exists():
        # 2 KB images: the page's cost is under test here, not image decoding.
        subprocess.run([sys.executable, str(REPO / "Benchmarks" / "scale_site.py"), str(site), str(slides), "2048"], check=True)
    mode = "windowed" if windowed else "default"
    name = f"{mode}-{interval}-{autoplay}"
    config = {"title": f"{slides} slides", "feed": "slides.json", "windowed": windowed, "interval": interval, "autoplay": autoplay}
    (site / "carousel.json").write_text(json.dumps(config))
    output = site / name
    command = [str(binary), "build", "-q", str(site), "--output", str(output)]
    subprocess.run(command, check=True)
    return output


def chrome():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,800"):
        options.add_argument(argument)
    return webdriver.Chrome(options=options, service=Service(executable_path="/usr/bin/chromedriver"))


def measure(driver, url):
    driver.get("about:blank")
    driver.get(url)
    timing = driver.execute_script("""
        const nav = performance.getEntriesByType('navigation')[0];
        return {startup: nav.domContentLoadedEventEnd, load: nav.loadEventEnd,
                elements: document.getElementsByTagName('*').length,
                live: !!document.querySelector('.carousel.is-live')};
    """)
    assert timing["live"], f"the carousel at {url} never started"
    driver.execute_cdp_cmd("HeapProfiler.collectGarbage", {})
    timing["heap"] = driver.execute_cdp_cmd("Runtime.getHeapUsage", {})["usedSize"] / 1e6
    return timing


def main_thread_cpu_ms(driver):
    metrics = driver.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]
    return next(m["value"] for m in metrics if m["name"] == "ThreadTime") * 1000


def autoplay(driver, url, seconds):
    """Autoplays the page for `seconds`. Returns the moves made, the Long Tasks API's durations,
    the most main-thread CPU time spent in any 100 ms window, and the slides in the DOM.

    The Long Tasks API measures wall time, which on a busy machine includes time given to other
    processes; the main thread's CPU time (CDP ThreadTime) does not. A window with under 50 ms
    of CPU cannot contain a task that worked 50 ms."""
    driver.get(url)
    driver.execute_cdp_cmd("Performance.enable", {})
    driver.execute_script("""
        window.__long = [];
        new PerformanceObserver((list) => window.__long.push(...list.getEntries().map((e) => e.duration)))
          .observe({type: 'longtask'});
        window.__start = document.querySelector('.carousel').carousel.index;
    """)
    busiest = 0
    last = main_thread_cpu_ms(driver)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        time.sleep(0.1)
        now = main_thread_cpu_ms(driver)
        busiest = max(busiest, now - last)
        last = now
    moves, tasks, in_dom = driver.execute_script("""
        return [document.querySelector('.carousel').carousel.index - window.__start, window.__long,
                document.querySelectorAll('.carousel-slide').length];
    """)
    return moves, tasks, busiest, in_dom


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="page loads per mode and size (median reported)")
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 100, 1000, 10000])
    parser.add_argument("--play-seconds", type=float, default=8, help="how long to autoplay the largest show")
    args = parser.parse_args()

    binary = release_binary()
    work = pathlib.Path(os.environ.get("SCALE_WORK", pathlib.Path(tempfile.gettempdir()) / "carousel-site-scale-browser"))
    work.mkdir(parents=True, exist_ok=True)
    handler = functools.partial(QuietHandler, directory=str(work))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    print(f"$ {binary} build -q SITE --output OUT   (carousel.json: \"windowed\": true|false, autoplay off)")
    print(f"$ chromium --headless=new --window-size=1280,800 {base}/site-N/MODE/index.html   (cache disabled, {args.runs} loads each)")

    driver = chrome()
    try:
        driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
        print(f"\n{'slides':>7} {'mode':>9} {'start-up ms':>12} {'load ms':>9} {'elements':>9} {'heap MB':>8}")
        for slides in args.sizes:
            for windowed in (False, True):
                output = build(binary, work, slides, windowed)
                url = f"{base}/{output.relative_to(work)}/index.html"
                runs = [measure(driver, url) for _ in range(args.runs)]
                median = {key: statistics.median(run[key] for run in runs) for key in ("startup", "load", "elements", "heap")}
                mode = "windowed" if windowed else "default"
                print(f"{slides:>7} {mode:>9} {median['startup']:>12.1f} {median['load']:>9.1f} {median['elements']:>9.0f} {median['heap']:>8.2f}", flush=True)

        source = (REPO / "Sources" / "CarouselSiteKit" / "Rendering" / "WindowedMode.swift").read_text()
        threshold = re.search(r"static let threshold = (\d+)", source).group(1)
        print(f"\nchosen: WindowedMode.threshold = {threshold}: longer shows are windowed. The windowed page's start-up and")
        print("size are flat; the default page grows by nine elements a slide and passes 1,400 elements (where")
        print("page audits fail a page) just above the threshold, without starting faster than the windowed page.")

        largest = max(args.sizes)
        # 300 ms between slides: many recycles in a few seconds (the transition takes 450 ms,
        # so each move starts before the last one settles: the hardest case for recycling).
        print(f"\nautoplay, interval 300 ms, {args.play_seconds:g} s; long task = over {LONG_TASK_MS} ms (wall time, as the Long Tasks API")
        print("reports it), busiest = most main-thread CPU in any 100 ms window (CDP ThreadTime; the verdict):")
        for windowed in (True, False):
            output = build(binary, work, largest, windowed, interval=300, autoplay=True)
            moves, tasks, busiest, in_dom = autoplay(driver, f"{base}/{output.relative_to(work)}/index.html", args.play_seconds)
            mode = "windowed" if windowed else "default"
            verdict = "ok" if busiest < LONG_TASK_MS else "LONG TASKS"
            print(f"{largest:>7} {mode:>9}: {moves} moves, busiest {busiest:.1f} ms CPU, {len(tasks)} long tasks by wall time "
                  f"{[round(t) for t in tasks]}, {in_dom} slides in the DOM: {verdict}")
    finally:
        driver.quit()
        server.shutdown()


if __name__ == "__main__":
    main()
