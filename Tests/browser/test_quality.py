"""Accessibility, layout stability, main-thread health and the no-script fallback."""

import time

from selenium.webdriver.support.ui import WebDriverWait
from selenium_axe_python import Axe

from sites import without_script

# Layout shifts and long tasks since navigation start, including those before the observer.
OBSERVE = """
window.__shifts = [];
window.__longTasks = [];
// Each shift with what moved (element, rectangles before and after), so a failure says what.
const describe = (source) => ({
  node: source.node ? `${source.node.nodeName.toLowerCase()}.${source.node.className}` : null,
  from: source.previousRect.toJSON(),
  to: source.currentRect.toJSON(),
});
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (!entry.hadRecentInput) window.__shifts.push({ at: Math.round(entry.startTime), value: entry.value, sources: entry.sources.map(describe) });
  }
}).observe({ type: 'layout-shift', buffered: true });
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push(Math.round(entry.duration));
}).observe({ type: 'longtask', buffered: true });
"""


def test_axe_finds_no_violations(sites, open_page, driver):
    carousel = open_page(sites.build("example-like", count=6).url)
    carousel.wait_index(1)
    axe = Axe(driver)
    axe.inject()
    # Run options go in as a script argument: every rule axe-core enables by default.
    results = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, arguments[0]).then(done, (error) => done({error: String(error)}));",
        {"resultTypes": ["violations"]},
    )
    assert "error" not in results, results
    assert results["violations"] == [], Axe.report(results["violations"])


def test_apg_carousel_markup(sites, open_page):
    carousel = open_page(sites.build("basic").url)
    root = carousel.element()
    assert root.tag_name == "section"
    assert root.get_attribute("aria-roledescription") == "carousel"
    assert root.get_attribute("aria-label")
    slides = carousel.elements(".carousel-slide:not(.carousel-clone)")
    assert [s.get_attribute("aria-label") for s in slides] == [f"{i} of 6" for i in range(1, 7)]
    assert {s.get_attribute("role") for s in slides} == {"group"}
    assert {s.get_attribute("aria-roledescription") for s in slides} == {"slide"}
    # The play button comes first in tab order; every control is a real button.
    buttons = carousel.elements("button")
    assert "carousel-play" in buttons[0].get_attribute("class")
    assert all(b.get_attribute("type") == "button" and b.get_attribute("aria-label") for b in buttons)


def test_live_region_is_polite_only_when_not_rotating(sites, open_page):
    carousel = open_page(sites.build("basic").url)
    assert carousel.state()["ariaLive"] == "off"
    carousel.element(".carousel-play").click()
    assert carousel.wait(lambda s: not s["playing"])["ariaLive"] == "polite"


def test_no_layout_shift_over_a_full_loop(sites, open_page, driver):
    # On a slow device: Chromium ignores movements under 3 px per frame, so at full speed a
    # small animated box can creep without being counted; fewer frames make every move count.
    driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 4})
    carousel = open_page(sites.build("basic").url)
    driver.execute_script(OBSERVE)
    # Six slides at 0.8 s: a full loop back to the first slide, through the clone.
    carousel.wait(lambda s: s["index"] == 5, timeout=15)
    carousel.wait_index(0, timeout=15)
    shifts = driver.execute_script("return window.__shifts")
    assert sum(shift["value"] for shift in shifts) == 0, f"layout shifts: {shifts}"


def test_no_long_task_while_autoplaying_100_slides(sites, open_page, driver):
    carousel = open_page(sites.build("hundred", count=100, interval=250).url)
    driver.execute_script(OBSERVE)
    carousel.js("document.querySelector(arguments[0]).carousel.go(96)")
    # Autoplay on through the clone and past the first slide.
    carousel.wait(lambda s: s["index"] == 2, timeout=10, message="autoplay did not wrap")
    assert driver.execute_script("return window.__longTasks") == []


def test_without_javascript_the_slides_are_a_scroll_snap_strip(sites, open_page, driver):
    site = sites.build("basic")
    driver.get(site.derive("no-script.html", without_script(site.html)))
    layout = driver.execute_script("""
        const root = document.querySelector('.carousel');
        const viewport = root.querySelector('.carousel-viewport');
        const style = getComputedStyle(viewport);
        return {
          live: root.classList.contains('is-live'),
          overflow: style.overflowX,
          snap: style.scrollSnapType,
          clones: [...root.querySelectorAll('.carousel-clone')].map((c) => getComputedStyle(c).display),
          controls: [...root.querySelectorAll('button')].map((b) => getComputedStyle(b).visibility),
          strip: viewport.scrollWidth / viewport.clientWidth,
        };""")
    assert layout == {
        "live": False, "overflow": "auto", "snap": "x mandatory",
        "clones": ["none", "none"], "controls": ["hidden"] * 9, "strip": 6,
    }
    # Swiping (here: scrolling) by most of a slide snaps to the next real slide.
    driver.execute_script("const v = document.querySelector('.carousel-viewport'); v.scrollBy({left: v.clientWidth * 0.7, behavior: 'instant'})")
    WebDriverWait(driver, 5).until(lambda d: d.execute_script(
        "const v = document.querySelector('.carousel-viewport'); return v.scrollLeft === v.clientWidth"))
