"""Autoplay: one timer at most, paused by drags, hover, a hidden tab and scrolling away, stopped by
keyboard focus until play is pressed, off under reduced motion."""

import time

from selenium.webdriver import ActionChains
from selenium.webdriver.common.keys import Keys

# Seconds. Long enough that after a slide comes to rest (0.45 s transition) a test has a full
# second to set up a pause cause before the next advance, even on a loaded machine.
INTERVAL = 1.5


def slow_site(sites):
    return sites.build("slow", interval=int(INTERVAL * 1000))


def away(driver):
    """Somewhere on the page off the carousel, for the mouse to leave to."""
    return driver.find_element("css selector", "h1")


def running(state):
    # The live region is silent exactly while the timer runs (APG: no announcements mid-rotation).
    return state["ariaLive"] == "off"


def test_mouse_drag_pauses_autoplay_and_it_resumes_a_full_interval_after(sites, open_page, driver):
    carousel = open_page(slow_site(sites).url)
    carousel.wait_index(1)
    viewport = carousel.element(".carousel-viewport")
    carousel.watch_resume()
    # Hold the slide well past two intervals, then drag it on by one slide.
    ActionChains(driver).move_to_element(viewport).click_and_hold().move_by_offset(-30, 0) \
        .pause(2.5 * INTERVAL).move_by_offset(-400, 0).release().move_to_element(away(driver)).perform()
    state = carousel.assert_on_real_slide()
    assert state["index"] == 2, "autoplay advanced during the drag, or the drag did not move on"
    carousel.wait(lambda s: s["index"] == 3, timeout=5, message="autoplay never resumed")
    assert carousel.resume_delay() > INTERVAL * 0.95


def test_mouse_drag_pauses_autoplay_while_the_button_is_down(sites, open_page, driver):
    carousel = open_page(slow_site(sites).url)
    carousel.wait_index(1)
    box = carousel.element(".carousel-viewport").rect
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    mouse = lambda kind, x, **extra: driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left", **extra})
    mouse("mouseMoved", x)
    mouse("mousePressed", x, clickCount=1, buttons=1)
    mouse("mouseMoved", x - 60, buttons=1)
    time.sleep(2 * INTERVAL)
    held = carousel.state()
    assert held["index"] == 1 and not running(held)
    mouse("mouseReleased", x - 60, clickCount=1)
    carousel.assert_on_real_slide()


def test_touch_drag_pauses_autoplay_and_moves_to_the_next_slide(sites, open_page, driver):
    carousel = open_page(slow_site(sites).url)
    carousel.wait_index(1)
    box = carousel.element(".carousel-viewport").rect
    x, y = box["x"] + box["width"] * 0.7, box["y"] + box["height"] / 2
    touch = lambda kind, points: driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})
    touch("touchStart", [{"x": x, "y": y}])
    for step in range(1, 11):
        touch("touchMove", [{"x": x - 40 * step, "y": y}])
    time.sleep(2 * INTERVAL)
    held = carousel.state()
    assert held["index"] == 1 and not running(held), "autoplay ran while the finger was down"
    assert 1.2 < held["position"] < 1.5, "the track follows the finger"
    touch("touchEnd", [])
    assert carousel.assert_on_real_slide()["index"] == 2


def test_vertical_touch_pan_is_left_to_the_page(sites, open_page):
    carousel = open_page(slow_site(sites).url)
    assert carousel.js("return getComputedStyle(document.querySelector(arguments[0] + ' .carousel-viewport')).touchAction") == "pan-y"


def test_hover_pauses_autoplay_and_leaving_resumes_it(sites, open_page, driver):
    carousel = open_page(slow_site(sites).url)
    carousel.wait_index(1)
    ActionChains(driver).move_to_element(carousel.element(".carousel-viewport")).perform()
    carousel.wait(lambda s: not running(s), message="hover did not pause")
    time.sleep(2 * INTERVAL)
    assert carousel.state()["index"] == 1
    carousel.watch_resume()
    ActionChains(driver).move_to_element(away(driver)).perform()
    carousel.wait(lambda s: s["index"] == 2, message="autoplay never resumed")
    assert carousel.resume_delay() > INTERVAL * 0.95


def test_scrolled_out_of_view_pauses_autoplay(sites, open_page, driver):
    carousel = open_page(slow_site(sites).url)
    # Push the carousel far below the fold, as a long article above it would.
    carousel.js("document.querySelector('h1').style.marginBottom = '3000px'")
    state = carousel.wait(lambda s: not running(s), message="autoplay ran out of view")
    time.sleep(2 * INTERVAL)
    assert carousel.state()["index"] == state["index"]
    carousel.js("document.querySelector(arguments[0]).scrollIntoView()")
    carousel.wait(lambda s: s["index"] == (state["index"] + 1) % 6, message="autoplay never resumed in view")


def test_keyboard_focus_stops_rotation_until_play_is_pressed(sites, open_page, driver):
    carousel = open_page(slow_site(sites).url)
    assert carousel.state()["playing"]
    ActionChains(driver).send_keys(Keys.TAB).perform()
    focused = driver.switch_to.active_element
    # The play/pause button is first in tab order, and says what it will do.
    assert "carousel-play" in focused.get_attribute("class")
    state = carousel.wait(lambda s: not s["playing"], message="focus did not stop rotation")
    assert state["playLabel"] == "Start automatic slide show"
    index = state["index"]
    time.sleep(2 * INTERVAL)
    assert carousel.state()["index"] == index
    # Pressing play starts rotation although focus stays on the button.
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    state = carousel.wait(lambda s: s["playing"])
    assert state["playLabel"] == "Stop automatic slide show"
    carousel.wait(lambda s: s["index"] == (index + 1) % 6, message="rotation did not resume with focus on play")
    assert "carousel-play" in driver.switch_to.active_element.get_attribute("class")


def test_play_button_stops_and_starts_rotation(sites, open_page, driver):
    carousel = open_page(slow_site(sites).url)
    play = carousel.element(".carousel-play")
    assert play.get_attribute("aria-label") == "Stop automatic slide show"
    ActionChains(driver).click(play).move_to_element(away(driver)).perform()
    state = carousel.wait(lambda s: not s["playing"])
    assert state["playLabel"] == "Start automatic slide show" and state["ariaLive"] == "polite"
    index = state["index"]
    time.sleep(2 * INTERVAL)
    assert carousel.state()["index"] == index
    ActionChains(driver).click(play).move_to_element(away(driver)).perform()
    carousel.wait(lambda s: s["playing"] and s["index"] == (index + 1) % 6, message="play did not resume")


def test_reduced_motion_starts_paused_and_changes_slides_without_animation(sites, open_page, driver):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    carousel = open_page(slow_site(sites).url)
    state = carousel.state()
    assert not state["playing"] and state["playLabel"] == "Start automatic slide show"
    time.sleep(2 * INTERVAL)
    assert carousel.state()["index"] == 0
    carousel.start_recording()
    carousel.element(".carousel-prev").click()
    carousel.wait_index(5)
    carousel.element(".carousel-next").click()
    carousel.wait_index(0)
    carousel.element(".carousel-dot:nth-child(4)").click()
    carousel.wait_index(3)
    time.sleep(0.1)
    samples = carousel.samples()
    # Every frame shows a whole slide (a clone for at most a frame): nothing ever slides.
    assert all(abs(s - round(s)) < 1e-6 for s in samples), sorted(set(round(s, 3) for s in samples))


def test_one_timer_at_most_and_never_double_speed_after_interactions(sites, open_page, driver, instrumented):
    carousel = open_page(slow_site(sites).url)
    timers = lambda: driver.execute_script("return window.__timers.size")
    viewport = carousel.element(".carousel-viewport")
    play = carousel.element(".carousel-play")
    # A burst of everything that touches the timer.
    chain = ActionChains(driver, duration=0)
    for _ in range(3):
        chain.click(carousel.element(".carousel-next")).click(carousel.element(".carousel-dot:nth-child(3)"))
        chain.click(play).click(play).move_to_element(viewport).move_to_element(away(driver))
    chain.perform()
    assert timers() <= 1
    changes, last, start = [], carousel.state()["index"], time.monotonic()
    while time.monotonic() - start < 4 * INTERVAL:
        index = carousel.state()["index"]
        assert timers() <= 1
        if index != last:
            changes.append(time.monotonic())
            last = index
        time.sleep(0.02)
    gaps = [b - a for a, b in zip(changes, changes[1:])]
    assert len(changes) >= 3 and all(gap > INTERVAL * 0.85 for gap in gaps), gaps
