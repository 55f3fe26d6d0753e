"""From nothing to a working slideshow the way a new user gets there: install the release binary
into a PREFIX, then, from an unrelated folder with a fresh HOME, init a site, build it, and open
the page in Chromium. Also checks the installed shell completions with each shell's own parser."""

import os
import pathlib
import shutil
import subprocess

import pytest

from carousel import Carousel

REPO = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    prefix = tmp_path_factory.mktemp("prefix")
    run = subprocess.run(["make", "install", f"PREFIX={prefix}"], cwd=REPO, capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, f"make install failed:\n{run.stdout}\n{run.stderr}"
    return prefix


@pytest.fixture
def workspace(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    env = {**os.environ, "HOME": str(home), "NO_COLOR": "1"}
    return tmp_path, env


def run(binary, arguments, cwd, env):
    return subprocess.run([str(binary), *arguments], cwd=cwd, env=env, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("feed_format", ["json", "plist", "rss"])
def test_init_build_and_the_page_works(installed, workspace, driver, feed_format):
    folder, env = workspace
    binary = installed / "bin" / "carousel-site"
    created = run(binary, ["init", "my-slides", "--feed-format", feed_format], folder, env)
    assert created.returncode == 0, created.stderr
    assert "carousel-site build my-slides" in created.stdout
    built = run(binary, ["build", "my-slides"], folder, env)
    assert built.returncode == 0, built.stderr
    assert "warning" not in built.stderr
    driver.get((folder / "my-slides" / "_site" / "index.html").as_uri())
    carousel = Carousel(driver)
    assert carousel.state()["count"] == 3
    carousel.wait(lambda s: s["live"])
    carousel.wait_index(1, timeout=12)  # the scaffold's interval is 5 s
    assert [e for e in driver.get_log("browser") if e["level"] == "SEVERE"] == []


def test_installed_binary_builds_the_example_from_any_folder(installed, workspace):
    folder, env = workspace
    site = folder / "example"
    shutil.copytree(REPO / "site", site, ignore=shutil.ignore_patterns("_site", ".cache"))
    built = run(installed / "bin" / "carousel-site", ["build", str(site)], folder, env)
    assert built.returncode == 0, built.stderr
    assert (site / "_site" / "index.html").is_file()


def test_init_refuses_to_overwrite_and_suggests_force(installed, workspace):
    folder, env = workspace
    binary = installed / "bin" / "carousel-site"
    assert run(binary, ["init", "here"], folder, env).returncode == 0
    again = run(binary, ["init", "here"], folder, env)
    assert again.returncode == 1
    assert "note: exists: carousel.json" in again.stderr
    assert "--force" in again.stderr


def test_building_a_folder_without_config_suggests_init(installed, workspace):
    folder, env = workspace
    (folder / "empty").mkdir()
    result = run(installed / "bin" / "carousel-site", ["build", "empty"], folder, env)
    assert result.returncode == 1
    assert "run 'carousel-site init'" in result.stderr


@pytest.mark.parametrize("shell, check", [
    ("bash", ["bash", "-n"]),
    ("zsh", ["zsh", "-n"]),
    ("fish", ["fish", "--no-execute"]),
])
def test_installed_completion_scripts_parse(installed, shell, check):
    paths = {
        "bash": "share/bash-completion/completions/carousel-site",
        "zsh": "share/zsh/site-functions/_carousel-site",
        "fish": "share/fish/vendor_completions.d/carousel-site.fish",
    }
    script = installed / paths[shell]
    assert "build" in script.read_text()
    result = subprocess.run([*check, str(script)], capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr
