"""Every generated page works under the content security policy it declares: no inline script,
no inline style, no event-handler attribute anywhere, and no violation while the carousel runs.

Tests/browser/test_loading.py checks the policy text on one page; this file checks every HTML
file of a site with several shows, links and a base URL, and runs the carousel with the policy
enforced, listening for `securitypolicyviolation` events."""

import html.parser
import json
import shutil
import subprocess

from carousel import Carousel

POLICY = "default-src 'self'; img-src 'self' data:; script-src 'self'; style-src 'self'"

# Registered before any page script, by the browser itself, so the policy does not apply to it.
LISTEN = """
window.__violations = [];
document.addEventListener('securitypolicyviolation', (event) => {
  window.__violations.push(event.violatedDirective + ' ' + event.blockedURI + ' ' + (event.sourceFile || '') + ':' + event.lineNumber);
});
"""


class InlineCodeFinder(html.parser.HTMLParser):
    """Collects everything the policy would block in one HTML file."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.problems = []
        self.policies = []
        self.in_inline_script = False
        self.has_document = False

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "html":
            self.has_document = True
        for name, value in attrs:
            if name.startswith("on"):
                self.problems.append(f"<{tag} {name}=...>")
            if name == "style":
                self.problems.append(f"<{tag} style=...>")
            if name in ("href", "src", "action", "formaction") and (value or "").strip().lower().startswith("javascript:"):
                self.problems.append(f"<{tag} {name}=javascript:...>")
        if tag == "style":
            self.problems.append("<style> element")
        if tag == "script":
            self.in_inline_script = "src" not in attributes
            if self.in_inline_script:
                self.problems.append("<script> without src")
        if tag == "meta" and (attributes.get("http-equiv") or "").lower() == "content-security-policy":
            self.policies.append(attributes.get("content"))

    def handle_endtag(self, tag):
        if tag == "script":
            self.in_inline_script = False

    def handle_data(self, data):
        if self.in_inline_script and data.strip():
            self.problems.append("inline script body")


def build_multi_show_site(sites):
    folder = sites.served_root / "csp"
    shutil.rmtree(folder, ignore_errors=True)
    (folder / "photos").mkdir(parents=True)
    for photo in sites.photos.glob("*.jpg"):
        shutil.copy(photo, folder / "photos" / photo.name)
    first = [{"image": f"photos/{i}.jpg", "title": f"Slide {i}", "caption": f"Caption {i}", "link": f"https://example.com/{i}"} for i in range(4)]
    second = [{"image": f"photos/{i}.jpg", "title": f"Other {i}", "alt": f"Alt {i}"} for i in range(2, 6)]
    (folder / "first.json").write_text(json.dumps(first))
    (folder / "second.json").write_text(json.dumps(second))
    config = {
        "title": "Policy", "baseURL": "https://example.org/slides/", "interval": 800,
        "shows": [{"feed": "first.json", "id": "first"}, {"feed": "second.json", "id": "second", "theme": {"captionPosition": "below"}}],
    }
    (folder / "carousel.json").write_text(json.dumps(config))
    run = subprocess.run([str(sites.binary), "build", str(folder)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, f"carousel-site build failed:\n{run.stderr}"
    return folder / "_site"


def test_no_generated_html_contains_inline_code(sites):
    output = build_multi_show_site(sites)
    pages = sorted(output.rglob("*.html"))
    assert len(pages) >= 2, pages
    for page in pages:
        finder = InlineCodeFinder()
        finder.feed(page.read_text())
        assert finder.problems == [], f"{page.name}: {finder.problems}"
        if finder.has_document:
            assert finder.policies == [POLICY], f"{page.name} declares {finder.policies}"


def test_stylesheets_and_script_are_files_of_the_site(sites):
    """'self' covers them only as files: nothing the pages need is inline or from elsewhere."""
    output = build_multi_show_site(sites)
    html = (output / "index.html").read_text()
    finder = InlineCodeFinder()
    finder.feed(html)
    assert finder.problems == []
    assert list(output.glob("*.js")) and list(output.glob("*.css"))


def test_carousel_runs_with_the_policy_enforced(sites, driver):
    output = build_multi_show_site(sites)
    base = f"{sites.server}/csp/_site/"
    listener = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": LISTEN})
    visited = 0
    try:
        for page in sorted(output.rglob("*.html")):
            driver.get(base + page.relative_to(output).as_posix())
            if not driver.find_elements("css selector", ".carousel"):
                continue
            visited += 1
            carousel = Carousel(driver)
            carousel.wait(lambda s: s["live"])
            carousel.element(".carousel-next").click()
            carousel.wait_index(1)
            assert driver.execute_script("return window.__violations") == [], page.name
            errors = [entry["message"] for entry in driver.get_log("browser") if "Content Security Policy" in entry["message"]]
            assert errors == [], errors
        assert visited == 2, "each show's page has a carousel"
    finally:
        driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": listener["identifier"]})
