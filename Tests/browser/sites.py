"""Builds real sites with the `carousel-site` binary for the browser tests."""

import json
import pathlib
import re
import shutil
import subprocess


class Site:
    """A built site: its output folder, and the URLs of its page over HTTP and from file://."""

    def __init__(self, output, url):
        self.output = output
        self.url = url

    @property
    def file_url(self):
        return (self.output / "index.html").as_uri()

    @property
    def html(self):
        return (self.output / "index.html").read_text()

    def derive(self, name, html):
        """Writes a variant of the page beside it (same assets) and returns its HTTP URL."""
        (self.output / name).write_text(html)
        return self.url.rsplit("/", 1)[0] + "/" + name


class SiteBuilder:
    PHOTOS = 6

    def __init__(self, binary, photos, served_root, server):
        self.binary = binary
        self.photos = photos
        self.served_root = served_root
        self.server = server
        self._built = {}

    def build(self, name, count=6, interval=800, links=False, **config):
        """A site of `count` slides cycling through the example photos; slide i is titled
        "Slide i+1" and, with `links`, links to a page of the site named `target-i.html`."""
        if name in self._built:
            return self._built[name]
        folder = self.served_root / name
        shutil.rmtree(folder, ignore_errors=True)
        (folder / "photos").mkdir(parents=True)
        for photo in self.photos.glob("*.jpg"):
            shutil.copy(photo, folder / "photos" / photo.name)
        feed = []
        for i in range(count):
            slide = {"image": f"photos/{i % self.PHOTOS}.jpg", "title": f"Slide {i + 1}", "caption": f"Caption of slide {i + 1}"}
            if links:
                slide["link"] = f"target-{i}.html"
            feed.append(slide)
        (folder / "slides.json").write_text(json.dumps(feed))
        (folder / "carousel.json").write_text(json.dumps({"title": f"Test {name}", "feed": "slides.json", "interval": interval, **config}))
        run = subprocess.run([str(self.binary), "build", str(folder)], capture_output=True, text=True, timeout=120)
        assert run.returncode == 0, f"carousel-site build failed:\n{run.stderr}"
        output = folder / "_site"
        if links:
            for i in range(count):
                (output / f"target-{i}.html").write_text(f"<!doctype html><title>target {i}</title><p id=target>{i}</p>")
        site = Site(output, f"{self.server}/{name}/_site/index.html")
        self._built[name] = site
        return site


def without_script(html):
    """The page as a browser without JavaScript sees it: the same markup, no script."""
    stripped, count = re.subn(r"<script[^>]*></script>", "", html)
    assert count == 1
    return stripped


def with_second_carousel(html):
    """The page with a second, independent copy of its carousel (ids renamed), as a theme that
    shows two slideshows on one page would lay it out."""
    start = html.index('<section class="carousel"')
    end = html.index("</section>", start) + len("</section>")
    section = html[start:end]
    first_id = re.search(r'id="([^"]+)"', section).group(1)
    second = section.replace(f'id="{first_id}', 'id="second').replace(f'"{first_id}-', '"second-')
    return html[:end] + "\n" + second + html[end:]
