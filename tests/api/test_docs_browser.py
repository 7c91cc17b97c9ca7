"""The API's reading pages in a real browser: Redoc renders the schema with no Content-Security-
Policy error (no web fonts from a CDN, no inline script, its search worker allowed on that page
only), and Swagger UI draws no lock on the public reads, only on what needs a login."""
import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_redoc_loads_without_a_csp_error_and_swagger_locks_only_what_needs_a_login(live_server, browser_page, client):
    page = browser_page
    problems = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.goto(f"{live_server.url}/api/redoc/")
    page.wait_for_selector("text=Sports mafia tournaments API", timeout=30_000)
    page.wait_for_timeout(1500)  # the search worker and the logo come after the first render
    assert [p for p in problems if "Content Security Policy" in p or "Refused" in p] == [], problems
    policy = client.get("/api/redoc/")["Content-Security-Policy"]
    assert "worker-src blob:" in policy and "fonts.googleapis.com" not in client.get("/api/redoc/").content.decode()
    assert "worker-src" not in client.get("/t/nope/")["Content-Security-Policy"]  # only that page

    page.goto(f"{live_server.url}/api/docs/")
    page.wait_for_selector(".opblock", timeout=30_000)
    public = page.locator('.opblock-get:has([data-path="/api/v1/tournaments/"])').first
    judged = page.locator('.opblock-get:has([data-path="/api/v1/protocols/"])').first
    assert public.count() == 1 and judged.count() == 1
    assert public.locator(".authorization__btn").count() == 0
    assert judged.locator(".authorization__btn").count() == 1
