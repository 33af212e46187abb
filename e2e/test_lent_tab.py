"""The suite's own harness (e2e/conftest.py): the tab of a shared profile lent to one
test after another carries nothing of a test that changed it, and speaks each test's
language; every shared profile starts from the snapshot the app made once in the run;
a browser test runs once more only when its browser crashed under it."""
from __future__ import annotations

from conftest import NO_APP_PAGE, wait_until_ready


def test_a_lent_tab_is_lent_again_only_as_it_was(shared_contexts, site):
    page, _ = shared_contexts.page("ja-JP", False)
    page.add_init_script("window.leftBehind = true")      # a test's own script: the tab is changed
    shared_contexts.release(page.context)
    assert page.is_closed()
    again, _ = shared_contexts.page("en-US", False)
    assert again is not page
    again.goto(site + NO_APP_PAGE)
    assert again.evaluate("[typeof window.leftBehind, navigator.language]") == ["undefined", "en-US"]
    shared_contexts.release(again.context)
    assert not again.is_closed() and again.url == site + NO_APP_PAGE
    third, _ = shared_contexts.page("ja-JP", False)            # left as it was: lent again, in ja
    assert third is again
    third.goto(site + NO_APP_PAGE)
    assert third.evaluate("navigator.language") == "ja-JP"
    shared_contexts.release(third.context)


def test_both_shared_profiles_start_from_the_one_snapshot_made(shared_contexts, site):
    """The app makes the snapshot in the run's first shared profile; the other profiles
    get a copy of its record (`Contexts._make_snapshot`), from which the app starts as
    from its own."""
    for touch in (False, True):
        page, _ = shared_contexts.page("ja-JP", touch)
        page.goto(site + "/?pace=0.02")
        wait_until_ready(page)
        info = page.evaluate("window.royalSnapshot")
        assert info["state"] == "restored" and not info.get("restoreError"), (touch, info)
        shared_contexts.release(page.context)
    assert shared_contexts.snapshot is not None and shared_contexts.copy_file.exists()


def test_a_browser_test_runs_once_more_only_when_its_browser_crashed(request):
    rerun = request.node.get_closest_marker("flaky")          # pytest-rerunfailures' marker
    assert rerun is not None and rerun.kwargs["reruns"] == 1
    assert sorted(rerun.kwargs["only_rerun"]) == ["Target crashed", "page crash or hang"]
