"""A test's handle on one carousel in the page: reads its state the way a user would see it
(where the track is, which dot is current) and waits for observable conditions, never sleeps."""

import time

from selenium.webdriver.support.ui import WebDriverWait
from selenium.common.exceptions import TimeoutException

# The track's position in slide widths, read from its rendered transform: 0 shows the first real
# slide, -1 and n the clones of the last and the first.
POSITION = """
const root = document.querySelector(arguments[0]);
const track = root.querySelector('.carousel-track');
const m = new DOMMatrix(getComputedStyle(track).transform);
return -m.m41 / track.offsetWidth;
"""

STATE = """
const root = document.querySelector(arguments[0]);
const track = root.querySelector('.carousel-track');
const m = new DOMMatrix(getComputedStyle(track).transform);
const dots = [...root.querySelectorAll('.carousel-dot')];
return {
  position: -m.m41 / track.offsetWidth,
  moving: track.getAnimations().length > 0,
  index: root.carousel ? root.carousel.index : null,
  current: dots.findIndex((dot) => dot.getAttribute('aria-current') === 'true'),
  playing: root.classList.contains('is-playing'),
  live: root.classList.contains('is-live'),
  count: track.querySelectorAll('.carousel-slide:not(.carousel-clone)').length,
  playLabel: root.querySelector('.carousel-play')?.getAttribute('aria-label') ?? null,
  ariaLive: track.getAttribute('aria-live'),
};
"""

# Samples the track's position on every frame, so a test can check the whole path it took.
RECORD = """
const root = document.querySelector(arguments[0]);
const track = root.querySelector('.carousel-track');
window.__samples = [];
const sample = () => {
  const m = new DOMMatrix(getComputedStyle(track).transform);
  window.__samples.push(-m.m41 / track.offsetWidth);
  window.__sampling = requestAnimationFrame(sample);
};
cancelAnimationFrame(window.__sampling);
sample();
"""


# Page-side clock for "resumes a full interval after": when the last pause cause ended (pointer up,
# the pointer leaving the carousel, the tab shown again) and when the current dot next changed.
WATCH_RESUME = """
const root = document.querySelector(arguments[0]);
window.__causeEnded = null;
window.__changedAt = [];
for (const type of ['pointerup', 'pointerleave']) {
  root.addEventListener(type, () => window.__causeEnded = performance.now());
}
document.addEventListener('visibilitychange', () => {
  if (!document.hidden) window.__causeEnded = performance.now();
});
const dots = [...root.querySelectorAll('.carousel-dot')];
const current = () => dots.findIndex((dot) => dot.getAttribute('aria-current') === 'true');
let last = current();
new MutationObserver(() => {
  if (current() !== last) window.__changedAt.push(performance.now());
  last = current();
}).observe(root.querySelector('.carousel-dots'), { subtree: true, attributeFilter: ['aria-current'] });
"""


class Carousel:
    def __init__(self, driver, selector=".carousel"):
        self.driver = driver
        self.selector = selector
        WebDriverWait(driver, 5).until(lambda d: d.execute_script("return document.readyState") == "complete")

    def js(self, script, *arguments):
        return self.driver.execute_script(script, self.selector, *arguments)

    def element(self, css=""):
        return self.driver.find_element("css selector", f"{self.selector} {css}".strip())

    def elements(self, css):
        return self.driver.find_elements("css selector", f"{self.selector} {css}")

    def state(self):
        return self.js(STATE)

    def position(self):
        return self.js(POSITION)

    def wait(self, condition, timeout=5, message=""):
        """Waits until `condition(state)` holds and returns that state."""

        last = {}

        def check(driver):
            last["state"] = state = self.state()
            return state if condition(state) else None

        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=0.02).until(check, message)
        except TimeoutException as error:
            # What the page showed last is what a failure needs explained.
            raise TimeoutException(f"{message}; last state: {last.get('state')}") from error

    def wait_settled(self, timeout=5):
        """Waits until the track rests (no transition running) and returns the state."""
        self.wait(lambda s: not s["moving"], timeout, "the track never came to rest")
        return self.state()

    def wait_index(self, index, timeout=5):
        return self.wait(lambda s: s["index"] == index and not s["moving"], timeout, f"never settled on slide {index}")

    def assert_on_real_slide(self):
        """The track rests exactly on a real slide: not between slides, not on a clone."""
        state = self.wait_settled()
        assert abs(state["position"] - round(state["position"])) < 1e-3, state
        assert 0 <= round(state["position"]) < state["count"], state
        assert round(state["position"]) == state["index"] == state["current"], state
        return state

    def start_recording(self):
        self.js(RECORD)

    def samples(self):
        return self.driver.execute_script("cancelAnimationFrame(window.__sampling); return window.__samples;")

    def watch_resume(self):
        self.js(WATCH_RESUME)

    def resume_delay(self):
        """Seconds from the end of the last pause cause to the next slide change after it."""
        ended, changes = self.driver.execute_script("return [window.__causeEnded, window.__changedAt]")
        assert ended is not None, "no pause cause ended"
        later = [t for t in changes if t > ended]
        assert later, "the carousel did not move on after the pause"
        return (later[0] - ended) / 1000

    def time_until_index_changes(self, timeout=10):
        """Seconds until the carousel moves on from the slide it shows now."""
        start_index = self.state()["index"]
        start = time.monotonic()
        self.wait(lambda s: s["index"] != start_index, timeout, "the carousel never moved on")
        return time.monotonic() - start
