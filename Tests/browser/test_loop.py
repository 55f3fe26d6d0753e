"""The infinite loop: two clones, forward and backward wrap without a visible jump, and a track
that always comes to rest on a real slide, whatever the user throws at it."""

import time

import pytest
from selenium.webdriver import ActionChains


def assert_moved_forward_through_clone(samples, n):
    """The path went forward only, reached the clone of the first slide (n) and continued from
    the identical real slide (0): one jump of exactly -n, nothing ever backwards."""
    jumps = []
    for before, after in zip(samples, samples[1:]):
        delta = after - before
        if abs(delta + n) < 0.05:
            jumps.append(before)
        else:
            assert delta > -1e-6, f"moved backwards from {before} to {after}"
    assert len(jumps) == 1, f"expected one clone jump, saw {len(jumps)}: {samples}"
    assert jumps[0] > n - 0.05, f"jumped before reaching the clone: at {jumps[0]}"
    assert all(-1 <= s <= n for s in samples)


def assert_moved_backward_through_clone(samples, n):
    jumps = []
    for before, after in zip(samples, samples[1:]):
        delta = after - before
        if abs(delta - n) < 0.05:
            jumps.append(before)
        else:
            assert delta < 1e-6, f"moved forwards from {before} to {after}"
    assert len(jumps) == 1, f"expected one clone jump, saw {len(jumps)}: {samples}"
    assert jumps[0] < -1 + 0.05, f"jumped before reaching the clone: at {jumps[0]}"
    assert all(-1 <= s <= n for s in samples)


def test_markup_has_exactly_two_clones_last_and_first(sites, open_page):
    carousel = open_page(sites.build("four", count=4).url)
    clones = carousel.elements(".carousel-clone")
    assert len(clones) == 2
    # The clone after the real slides shows the first slide; the one laid out before them, the last.
    titles = [clone.get_attribute("textContent").strip() for clone in clones]
    assert titles[0].startswith("Slide 1") and titles[1].startswith("Slide 4")
    for clone in clones:
        assert clone.get_attribute("aria-hidden") == "true"
        assert clone.get_attribute("inert") is not None
        assert carousel.js("return arguments[1].querySelectorAll('[id]').length + (arguments[1].id ? 1 : 0)", clone) == 0


def test_autoplay_advances_and_wraps_forward_from_last_to_first(sites, open_page):
    carousel = open_page(sites.build("four", count=4).url)
    # Autoplay moves on by itself: 0 → 1.
    carousel.wait_index(1)
    carousel.js("document.querySelector(arguments[0]).carousel.go(3)")
    carousel.wait_index(3)
    carousel.start_recording()
    carousel.wait_index(0, timeout=5)
    assert_moved_forward_through_clone(carousel.samples(), 4)
    carousel.assert_on_real_slide()


def test_prev_from_first_wraps_backward_to_last(sites, open_page):
    carousel = open_page(sites.build("four-paused", count=4, autoplay=False).url)
    carousel.assert_on_real_slide()
    carousel.start_recording()
    carousel.element(".carousel-prev").click()
    carousel.wait_index(3)
    assert_moved_backward_through_clone(carousel.samples(), 4)
    carousel.assert_on_real_slide()


def test_next_from_last_wraps_forward_to_first(sites, open_page):
    carousel = open_page(sites.build("four-paused", count=4, autoplay=False).url)
    carousel.element(".carousel-dot:nth-child(4)").click()
    carousel.wait_index(3)
    carousel.start_recording()
    carousel.element(".carousel-next").click()
    carousel.wait_index(0)
    assert_moved_forward_through_clone(carousel.samples(), 4)


@pytest.mark.parametrize("button", [".carousel-next", ".carousel-prev"])
def test_rapid_clicks_never_leave_the_track_between_slides_or_on_a_clone(sites, open_page, driver, button):
    carousel = open_page(sites.build("four-paused", count=4, autoplay=False).url)
    carousel.start_recording()
    target = carousel.element(button)
    chain = ActionChains(driver, duration=0)
    for _ in range(9):
        chain.click(target).pause(0.03)
    chain.perform()
    carousel.assert_on_real_slide()
    assert all(-1 <= s <= 4 for s in carousel.samples()), "the track went past a clone: a gap"


def test_drag_started_mid_transition_comes_to_rest_on_a_real_slide(sites, open_page, driver):
    carousel = open_page(sites.build("four-paused", count=4, autoplay=False).url)
    viewport = carousel.element(".carousel-viewport")
    carousel.element(".carousel-dot:nth-child(4)").click()
    carousel.wait_index(3)
    carousel.start_recording()
    # Next (onto the clone of the first), then grab the track while it moves and drag on.
    ActionChains(driver, duration=0).click(carousel.element(".carousel-next")).pause(0.1) \
        .move_to_element(viewport).click_and_hold().move_by_offset(-120, 0).pause(0.05) \
        .move_by_offset(-480, 0).release().perform()
    state = carousel.assert_on_real_slide()
    # Where the drag ends depends on how far the transition had come when it was grabbed; it
    # went on forward from the clone of the first slide either way.
    assert state["index"] in (0, 1)
    assert all(-1 <= s <= 4 for s in carousel.samples())


def test_transition_interrupted_by_a_hidden_tab_settles_and_autoplay_waits(sites, open_page, driver):
    carousel = open_page(sites.build("four", count=4).url)
    carousel.wait_index(1)
    carousel.js("document.querySelector(arguments[0]).carousel.go(3)")
    carousel.wait_index(3)
    page = driver.current_window_handle
    driver.execute_script("window.__hidden = 0; document.addEventListener('visibilitychange', () => window.__hidden += document.hidden)")
    carousel.watch_resume()
    # Move onto the clone of the first slide, and hide the tab mid-transition.
    carousel.js("document.querySelector(arguments[0]).carousel.go(1, true)")
    driver.switch_to.new_window("tab")
    driver.get("about:blank")
    time.sleep(2.0)  # several intervals while hidden: autoplay must not run meanwhile
    driver.switch_to.window(page)
    assert driver.execute_script("return [window.__hidden, document.visibilityState]") == [1, "visible"]
    state = carousel.assert_on_real_slide()
    assert state["index"] == 0, "autoplay advanced while the tab was hidden"
    # And it resumes, a full interval after the tab came back.
    carousel.wait(lambda s: s["index"] == 1, message="autoplay never resumed")
    assert carousel.resume_delay() > 0.8 * 0.95


def test_resize_mid_slideshow_keeps_the_track_on_a_slide(sites, open_page, driver):
    carousel = open_page(sites.build("four", count=4).url)
    carousel.wait_index(1)
    carousel.wait(lambda s: s["moving"], message="never moved again")
    driver.set_window_size(900, 700)
    state = carousel.assert_on_real_slide()
    offset = carousel.js("""
        const track = document.querySelector(arguments[0]).querySelector('.carousel-track');
        return [new DOMMatrix(getComputedStyle(track).transform).m41, track.offsetWidth];""")
    assert abs(offset[0] + state["index"] * offset[1]) < 0.5
    driver.set_window_size(1280, 800)
    carousel.assert_on_real_slide()
