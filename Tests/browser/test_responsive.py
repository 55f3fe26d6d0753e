"""Responsive images in a real browser: on a 1280-pixel-wide window the browser picks the
1200- or 1600-pixel WebP copy of a camera-size photo, never the original or the 2000 copy."""

import json
import re
import shutil
import subprocess

import pytest
from selenium.webdriver.support.ui import WebDriverWait

from conftest import REPO, _binary


@pytest.fixture(scope="module")
def large_photo_site(served_root, server):
    """Three of the example photos enlarged to about 4000 pixels wide, as a camera takes them."""
    folder = served_root / "responsive"
    shutil.rmtree(folder, ignore_errors=True)
    (folder / "photos").mkdir(parents=True)
    feed = []
    for index, name in enumerate(["1.jpg", "2.jpg", "3.jpg"]):
        enlarged = folder / "photos" / name
        # 6.25 × 640 px = 4000 px: the scale of a phone photo.
        subprocess.run(["vips", "resize", str(REPO / "site" / "photos" / name), f"{enlarged}[Q=85]", "6.25"], check=True, timeout=120)
        feed.append({"image": f"photos/{name}", "title": f"Photo {index + 1}"})
    (folder / "slides.json").write_text(json.dumps(feed))
    (folder / "carousel.json").write_text(json.dumps({"title": "Large photos", "feed": "slides.json", "autoplay": False}))
    run = subprocess.run([str(_binary()), "build", str(folder)], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    return folder / "_site", f"{server}/responsive/_site/index.html"


def test_browser_downloads_a_fitting_width_not_the_original(large_photo_site, driver):
    output, url = large_photo_site
    originals = {p.name for p in output.glob("images/*") if re.fullmatch(r"[0-9a-f]{12}\.jpg", p.name)}
    assert originals == set(), "with libvips the original file is not published"
    driver.set_window_size(1280, 800)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False})
    try:
        driver.get(url)
        WebDriverWait(driver, 10).until(lambda d: d.execute_script(
            "const i = document.querySelector('.carousel-slide img:not(.carousel-placeholder)'); return i.complete && i.naturalWidth > 0"))
        current = driver.execute_script("return document.querySelector('.carousel-slide img:not(.carousel-placeholder)').currentSrc")
        assert re.search(r"images/[0-9a-f]{12}-(1200|1600)\.webp$", current), current
        loaded = driver.execute_script("return performance.getEntriesByType('resource').map((e) => e.name)")
        images = [name for name in loaded if "/images/" in name]
        assert images, loaded
        assert not any(name.endswith("-2000.webp") or name.endswith("-2000.jpg") for name in images), images
        assert not any(re.search(r"-\d+\.jpg$", name) for name in images), f"a WebP-capable browser fetched a JPEG: {images}"
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_every_image_has_its_size_and_the_first_is_preloaded(large_photo_site):
    output, _ = large_photo_site
    html = (output / "index.html").read_text()
    assert re.search(r'<link rel="preload" as="image" href="images/[0-9a-f]{12}-2000\.webp" imagesrcset="[^"]*-1200\.webp 1200w[^"]*" imagesizes="[^"]+" type="image/webp" fetchpriority="high">', html)
    for tag in re.findall(r"<img [^>]*>", html):
        if "carousel-placeholder" in tag:
            assert 'src="data:image/webp;base64,' in tag
            continue
        assert re.search(r'width="\d+" height="\d+"', tag), tag
