"""Titles, captions, alt texts and links from a feed cannot inject markup or script into the page.

Each hostile string goes into a real site built by the real binary, as the title, caption, alt
text and link of a slide, and the page is opened in Chromium with its content security policy
bypassed (so escaping alone is under test, not the policy that would hide a lapse). The test then
checks that no script ran (the payloads set a window flag or call alert) and that no element
appeared that the template did not put there: the page's elements, counted by tag and class,
never exceed those of a control page with the same number of harmless slides.

The Big List of Naughty Strings runs in the conformance step (its name says `corpora`), because
it lives in the public corpora beside the checkout, not in the repository."""

import collections
import json
import os
import pathlib
import shutil
import subprocess

import pytest
from selenium.common.exceptions import NoAlertPresentException

# Written for this project: each tries a different way out of text or attribute context, and
# every one that could run sets window.__xss or calls alert.
PAYLOADS = [
    "<script>window.__xss = 1</script>",
    "<img src=x onerror=\"window.__xss = 1\">",
    "\"><img src=x onerror=window.__xss=1>",
    "'><svg onload=window.__xss=1>",
    "</figcaption></figure><script>window.__xss=1</script>",
    "\" onmouseover=\"window.__xss=1\" x=\"",
    "' autofocus onfocus='window.__xss=1",
    "<iframe srcdoc=\"<script>parent.__xss=1</script>\"></iframe>",
    "<a href=\"javascript:window.__xss=1\">click</a>",
    "&lt;script&gt;window.__xss=1&lt;/script&gt;",
    "&#60;img src=x onerror=window.__xss=1&#62;",
    "<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=1>",
    "<!--<img src=x onerror=window.__xss=1>-->",
    "<style>*{background:url(javascript:window.__xss=1)}</style>",
    "{{title}}{{{caption}}}<%= 1 %>",
    "\u2028\u2029<script>alert(1)</script>",
]

# Links a feed may try: the dangerous schemes must be dropped, the rest kept as plain links.
LINKS = [
    "javascript:window.__xss=1",
    "JaVaScRiPt:window.__xss=1",
    " javascript:window.__xss=1",
    "java\tscript:window.__xss=1",
    "data:text/html,<script>parent.__xss=1</script>",
    "vbscript:msgbox(1)",
    "\" onclick=\"window.__xss=1",
    "https://example.com/\"><script>window.__xss=1</script>",
    "page.html?q=<script>window.__xss=1</script>",
]

# Runs before any page script: a flag the payloads would set, and dialogs that set it too.
TRAP = """
window.__xss = 0;
for (const name of ['alert', 'confirm', 'prompt']) {
  window[name] = () => { window.__xss = 1; };
}
"""

SIGNATURES = """
const counts = {};
for (const element of document.querySelectorAll('*')) {
  // A slide's media box is an <a> with a link and a <div> without: one kind, as the template says.
  const tag = element.classList.contains('carousel-media') ? 'MEDIA' : element.tagName;
  const key = tag + '.' + [...element.classList].sort().join('.');
  counts[key] = (counts[key] || 0) + 1;
}
return counts;
"""

HANDLERS = """
const found = [];
for (const element of document.querySelectorAll('*')) {
  for (const attribute of element.attributes) {
    if (attribute.name.startsWith('on')) found.push(element.tagName + ' ' + attribute.name);
  }
}
return found;
"""

LINK_SCHEMES = """
return [...document.querySelectorAll('a[href]')].map(a => [a.protocol, a.getAttribute('rel') || '', a.host]);
"""


def build_site(sites, name, slides):
    """A site whose feed is `slides` (dicts with image, title, caption, alt, link), built by the
    real binary; returns the page's HTTP URL and the tool's stderr."""
    folder = sites.served_root / name
    shutil.rmtree(folder, ignore_errors=True)
    (folder / "photos").mkdir(parents=True)
    for photo in sites.photos.glob("*.jpg"):
        shutil.copy(photo, folder / "photos" / photo.name)
    (folder / "feed.json").write_text(json.dumps(slides))
    (folder / "carousel.json").write_text(json.dumps({"title": "Injection", "feed": "feed.json", "autoplay": False}))
    run = subprocess.run([str(sites.binary), "build", str(folder)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, f"carousel-site build failed:\n{run.stderr}"
    return f"{sites.server}/{name}/_site/index.html", run.stderr


def hostile_slides(strings, links):
    slides = []
    for index, text in enumerate(strings):
        slide = {"image": f"photos/{index % 6}.jpg", "title": text, "caption": text, "alt": text}
        if index < len(links):
            slide["link"] = links[index]
        slides.append(slide)
    return slides


def control_slides(count):
    """Harmless slides, every one with a link, so the control page has every element kind."""
    return [{"image": f"photos/{i % 6}.jpg", "title": f"Title {i}", "caption": f"Caption {i}", "alt": f"Alt {i}", "link": f"page-{i}.html"} for i in range(count)]


def open_without_policy(driver, url):
    driver.execute_cdp_cmd("Page.setBypassCSP", {"enabled": True})
    trap = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": TRAP})
    try:
        driver.get(url)
        driver.execute_script("return new Promise(done => requestAnimationFrame(() => setTimeout(done, 200)))")
    finally:
        driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": trap["identifier"]})


def assert_nothing_injected(sites, driver, name, strings, links):
    url, stderr = build_site(sites, name, hostile_slides(strings, links))
    control_url, _ = build_site(sites, name + "-control", control_slides(len(strings)))
    open_without_policy(driver, control_url)
    expected = driver.execute_script(SIGNATURES)
    open_without_policy(driver, url)
    try:
        alert = driver.switch_to.alert.text
    except NoAlertPresentException:
        alert = None
    assert alert is None, f"a script opened a dialog: {alert!r}"
    assert driver.execute_script("return window.__xss") == 0, "an injected script ran"
    actual = driver.execute_script(SIGNATURES)
    extra = {key: count - expected.get(key, 0) for key, count in actual.items() if count > expected.get(key, 0)}
    assert extra == {}, f"elements the template did not put there: {extra}"
    assert driver.execute_script(HANDLERS) == []
    for protocol, rel, host in driver.execute_script(LINK_SCHEMES):
        assert protocol in ("http:", "https:", "mailto:"), protocol
        if host != driver.execute_script("return location.host"):
            assert "noopener" in rel.split()
    return stderr


def test_own_payloads_cannot_inject_markup_or_script(sites, driver):
    stderr = assert_nothing_injected(sites, driver, "injection", PAYLOADS, LINKS)
    # Every dangerous link was dropped with a warning naming its scheme.
    for scheme in ("javascript", "data", "vbscript"):
        assert f"link with scheme '{scheme}' is dropped" in stderr


def test_external_links_open_without_an_opener(sites, driver):
    url, _ = build_site(sites, "external-links", [
        {"image": "photos/0.jpg", "title": "external", "link": "https://example.com/a"},
        {"image": "photos/1.jpg", "title": "local", "link": "page.html"},
        {"image": "photos/2.jpg", "title": "mail", "link": "mailto:someone@example.com"},
    ])
    open_without_policy(driver, url)
    links = driver.execute_script("return [...document.querySelectorAll('.carousel-slide:not(.carousel-clone) a')].map(a => [a.getAttribute('href'), a.getAttribute('rel')])")
    assert links == [["https://example.com/a", "noopener"], ["page.html", None], ["mailto:someone@example.com", None]]


def corpora_folder():
    configured = os.environ.get("CAROUSEL_CORPORA")
    folder = pathlib.Path(configured) if configured else pathlib.Path(__file__).resolve().parents[2].parent / "shared" / "corpora"
    if not (folder / "captions" / "blns.json").is_file():
        pytest.fail(f"no Big List of Naughty Strings at {folder}/captions/blns.json; this test runs in the conformance step", pytrace=False)
    return folder


def test_corpora_naughty_strings_cannot_inject_markup_or_script(sites, driver):
    strings = json.loads((corpora_folder() / "captions" / "blns.json").read_text())
    assert_nothing_injected(sites, driver, "blns", strings, strings)
