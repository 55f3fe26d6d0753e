"""Dots, keys, selection and links, slide counts, several carousels, and destroy()."""

import time

import pytest
from selenium.webdriver import ActionChains
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from carousel import Carousel
from sites import with_second_carousel

LISTEN_SELECT = """
window.__selected = [];
document.addEventListener('carousel:select', (e) => window.__selected.push([e.target.id, e.detail.index]));
"""

# A slower slide transition, so a test can click while a clone is on screen. The page's policy
# forbids inline styles, so the test lifts it for this one rule.
SLOW_TRANSITION = """
const style = document.createElement('style');
style.textContent = '.is-live .carousel-track { transition-duration: 4s !important; transition-timing-function: linear !important }';
document.head.append(style);
"""


def selected(driver):
    return driver.execute_script("return window.__selected")


def test_dot_click_goes_to_its_slide_and_marks_it_current(sites, open_page):
    carousel = open_page(sites.build("paused", autoplay=False).url)
    carousel.element(".carousel-dot:nth-child(5)").click()
    state = carousel.assert_on_real_slide()
    assert state["index"] == 4 and state["current"] == 4
    currents = [dot.get_attribute("aria-current") for dot in carousel.elements(".carousel-dot")]
    assert currents == ["false", "false", "false", "false", "true", "false"]


def test_prev_and_next_buttons_step_one_slide(sites, open_page):
    carousel = open_page(sites.build("paused", autoplay=False).url)
    carousel.element(".carousel-next").click()
    assert carousel.wait_index(1)
    carousel.element(".carousel-next").click()
    assert carousel.wait_index(2)
    carousel.element(".carousel-prev").click()
    assert carousel.wait_index(1)


def test_only_the_current_slide_is_reachable(sites, open_page):
    carousel = open_page(sites.build("paused", autoplay=False).url)
    carousel.element(".carousel-dot:nth-child(3)").click()
    carousel.wait_index(2)
    inert = carousel.js("return [...document.querySelectorAll(arguments[0] + ' .carousel-slide')].map((s) => s.inert)")
    assert inert == [True, True, False, True, True, True, True, True]


def test_click_on_a_slide_dispatches_select_with_its_index(sites, open_page, driver):
    carousel = open_page(sites.build("paused", autoplay=False).url)
    driver.execute_script(LISTEN_SELECT)
    carousel.element(".carousel-dot:nth-child(3)").click()
    carousel.wait_index(2)
    carousel.element(".carousel-viewport").click()
    assert selected(driver) == [["index", 2]]


def test_click_on_a_clone_selects_its_real_slide(sites, open_page, driver):
    carousel = open_page(sites.build("paused", autoplay=False).url)
    driver.execute_script(LISTEN_SELECT)
    driver.execute_cdp_cmd("Page.setBypassCSP", {"enabled": True})
    carousel.js(SLOW_TRANSITION)
    carousel.js("document.querySelector(arguments[0]).carousel.go(5)")
    carousel.wait_index(5, timeout=10)
    carousel.element(".carousel-next").click()
    # Wait until the clone of the first slide fills most of the view, then click it.
    carousel.wait(lambda s: s["position"] > 5.6, timeout=10)
    viewport = carousel.element(".carousel-viewport")
    hit = carousel.js("""
        const r = arguments[1].getBoundingClientRect();
        const clone = document.querySelector(arguments[0] + ' .carousel-clone');
        const c = clone.getBoundingClientRect();
        return c.left < r.left + r.width / 2 && c.right > r.left + r.width / 2;""", viewport)
    assert hit, "the clone is not under the click"
    ActionChains(driver).move_to_element(viewport).click().perform()
    assert selected(driver) == [["index", 0]]


def test_selection_can_be_turned_off(sites, open_page, driver):
    carousel = open_page(sites.build("unselectable", autoplay=False, selectable=False).url)
    driver.execute_script(LISTEN_SELECT)
    carousel.element(".carousel-viewport").click()
    time.sleep(0.2)
    assert selected(driver) == []


def test_click_follows_the_slide_link_and_selects(sites, open_page, driver):
    carousel = open_page(sites.build("linked", autoplay=False, links=True).url)
    carousel.element(".carousel-dot:nth-child(2)").click()
    carousel.wait_index(1)
    driver.execute_script("document.addEventListener('carousel:select', (e) => sessionStorage.selected = e.detail.index)")
    carousel.element(".carousel-viewport").click()
    WebDriverWait(driver, 5).until(lambda d: d.current_url.endswith("target-1.html"))
    assert driver.execute_script("return sessionStorage.selected") == "1"


def test_a_drag_never_follows_the_link_or_selects(sites, open_page, driver):
    carousel = open_page(sites.build("linked", autoplay=False, links=True).url)
    driver.execute_script(LISTEN_SELECT)
    page = driver.current_url
    viewport = carousel.element(".carousel-viewport")
    ActionChains(driver).move_to_element(viewport).click_and_hold().move_by_offset(-100, 0) \
        .move_by_offset(-300, 0).release().perform()
    assert carousel.assert_on_real_slide()["index"] == 1
    time.sleep(0.3)
    assert driver.current_url == page
    assert selected(driver) == []
    # A plain click afterwards is a click again.
    viewport.click()
    WebDriverWait(driver, 5).until(lambda d: d.current_url.endswith("target-1.html"))


def test_arrow_keys_move_only_the_focused_carousel(sites, open_page, driver):
    site = sites.build("paused", autoplay=False)
    first = open_page(site.derive("two.html", with_second_carousel(site.html)), "#index")
    second = Carousel(driver, "#second")
    assert second.state()["live"], "the second carousel was not mounted"
    # Focus the first carousel's next button, as a keyboard user would, then use the arrows.
    first.element(".carousel-next").click()
    first.wait_index(1)
    ActionChains(driver).send_keys(Keys.ARROW_RIGHT).send_keys(Keys.ARROW_RIGHT).perform()
    first.wait_index(3)
    assert second.wait_settled()["index"] == 0
    second.element(".carousel-prev").click()
    ActionChains(driver).send_keys(Keys.ARROW_LEFT).perform()
    assert second.wait_index(4)
    assert first.wait_settled()["index"] == 3


def test_two_carousels_autoplay_independently(sites, open_page, driver):
    site = sites.build("basic")
    first = open_page(site.derive("two.html", with_second_carousel(site.html)), "#index")
    second = Carousel(driver, "#second")
    second.element(".carousel-play").click()  # stop only the second one
    ActionChains(driver).move_to_element(driver.find_element("css selector", "h1")).perform()
    first.wait(lambda s: s["index"] == 2, message="the first carousel stopped too")
    assert not second.state()["playing"]


def test_one_slide_has_no_clones_controls_or_timer(sites, open_page, driver, instrumented):
    carousel = open_page(sites.build("one", count=1).url)
    state = carousel.state()
    assert state["live"] and not state["playing"]
    assert carousel.elements(".carousel-clone") == []
    assert carousel.elements("button") == []
    assert driver.execute_script("return window.__timers.size") == 0
    driver.execute_script(LISTEN_SELECT)
    carousel.element(".carousel-viewport").click()
    assert selected(driver) == [["index", 0]]


@pytest.mark.parametrize("count", [2, 3])
def test_two_and_three_slides_loop_in_both_directions(sites, open_page, count):
    carousel = open_page(sites.build(f"count-{count}", count=count, autoplay=False).url)
    forward = [carousel.element(".carousel-next").click() or carousel.wait_settled()["index"] for _ in range(count + 1)]
    assert forward == [(i + 1) % count for i in range(count + 1)]
    carousel.assert_on_real_slide()
    backward = [carousel.element(".carousel-prev").click() or carousel.wait_settled()["index"] for _ in range(count + 1)]
    start = forward[-1]
    assert backward == [(start - i - 1) % count for i in range(count + 1)]
    carousel.assert_on_real_slide()


def test_destroy_removes_every_listener_and_timer(sites, open_page, driver, instrumented):
    carousel = open_page(sites.build("basic").url)
    carousel.wait_index(1)
    before = driver.execute_script("return window.__activeListeners()")
    assert len(before) > 10 and driver.execute_script("return window.__timers.size") == 1
    carousel.js("document.querySelector(arguments[0]).carousel.destroy()")
    assert driver.execute_script("return window.__activeListeners()") == []
    assert driver.execute_script("return window.__timers.size") == 0
    assert carousel.js("return document.querySelector(arguments[0]).carousel") is None
    # Nothing reacts any more, and the markup is back to its no-script layout.
    driver.execute_script(LISTEN_SELECT)
    state = carousel.state()
    assert not state["live"] and state["position"] == 0
    time.sleep(2 * 0.8)
    carousel.js("document.querySelector(arguments[0]).dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true}))")
    carousel.js("document.querySelector(arguments[0]).querySelector('.carousel-viewport').click()")
    assert carousel.state()["position"] == 0
    assert selected(driver) == []
    # And it can be mounted again.
    carousel.js("Carousel.mount(document.querySelector(arguments[0]))")
    assert carousel.state()["live"]
