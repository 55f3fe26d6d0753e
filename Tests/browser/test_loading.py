"""The page loads cleanly, served and from file://, under its content security policy."""


def severe_messages(driver):
    return [entry for entry in driver.get_log("browser") if entry["level"] in ("SEVERE", "WARNING")]


def test_page_loads_without_console_errors_over_http(sites, open_page, driver):
    site = sites.build("basic")
    carousel = open_page(site.url)
    carousel.wait(lambda s: s["live"])
    # Let it advance once, so errors from the timer and the transition would show too.
    carousel.wait_index(1)
    assert severe_messages(driver) == []


def test_page_works_from_file_url_without_console_errors(sites, open_page, driver):
    site = sites.build("basic")
    carousel = open_page(site.file_url)
    carousel.wait(lambda s: s["live"])
    carousel.wait_index(1)
    assert severe_messages(driver) == []


def test_page_declares_a_strict_content_security_policy(sites):
    html = sites.build("basic").html
    assert "default-src 'self'; img-src 'self' data:; script-src 'self'; style-src 'self'" in html
    assert " style=" not in html
    assert "<script>" not in html
    assert " on" not in html.replace(" only", "")
