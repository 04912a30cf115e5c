#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The web page of every kind, and the comparison's, in a real browser (issue 30).

The pages are made by the real diskometer-cli from the golden JSON reports (tests/data/golden) and
fio's output (tests/data/fio) imported into a history of the test's own, each with a model name, a
comment (or, for fio, a file name) that would run a script or load an image if a page did not
escape it; from one real grid run on a file in /dev/shm; and, given the window (--window), from
its real grid run in Japanese. Each page is opened in headless
Chromium (headlesschromium.py) at 1280 and 360 px, light and dark, and pagechecks.js measures it:

- the figures: each grid tile shows its test's MB/s from the embedded JSON report, formatted as
  the window's tiles print it; fio's tiles what fio's own figures make; every chart bar is a
  figure of the report;
- no request but the page's own file (a stray <img>, font or style sheet would show here);
- nothing from the data ran or was made into an element: window.__dm_pwned is unset (also with
  the page's Content-Security-Policy switched off, so the escaping alone is tested), there is no
  <img>, no event handler attribute, no script but the JSON block, and the hostile strings show
  verbatim as text;
- the dark scheme gives a dark background, the light one a light background, and every text
  reads on what it is drawn on (contrast 4.5:1, WCAG AA);
- nothing sticks out of the viewport at 360 px (the page never scrolls sideways; wide tables and
  the text report, opened, scroll in their own box), no text is clipped, no text overlaps other
  text, and every chart bar is drawn at least 4 px long;
- the JSON block parses, is the stored run's JSON report, and `history import` of the page stores
  the same run again.

Skips (exit 77) where chromium is missing. DM_KEEP_PAGES=DIR keeps the pages made.
"""

import argparse
import glob
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import headlesschromium  # noqa: E402

SKIP = 77
HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "data")

# Each would run or load something if a page wrote it unescaped: the model closes the <title> or
# the JSON block and opens a script; the comment is an image whose error handler runs; fio's file
# name an SVG whose load handler runs. window.__dm_pwned tells which one got through.
HOSTILE_MODEL = "</title></script><script>window.__dm_pwned='model'</script>"
HOSTILE_COMMENT = "<img src=x onerror=\"window.__dm_pwned='comment'\"> & <b>bold</b>"
HOSTILE_FILE = "/mnt/<svg onload=\"window.__dm_pwned='file'\">/data.bin"

KINDS = ["grid", "scan", "sustained", "sweep", "capacity", "files", "copy"]
FIO = ["single", "multi"]
VIEWS = [(1280, False), (1280, True), (360, False), (360, True)]  # width, dark
A4_WIDTH = 688  # CSS px: 210 mm less the page's 2 x 14 mm margins (@page), at 96 px an inch


class Failures(list):
    def check(self, ok, message):
        if not ok:
            self.append(message)
        return ok


def tile_number(value, max_decimals=2, significant=6):
    """formatTileNumber (src/core/tileformat.cpp) for MB/s: the most decimals up to 2 that keep
    digits + decimals within 6, "1406.29", "12345.6", "1234567"."""
    for decimals in range(max_decimals, 0, -1):
        text = f"{value:.{decimals}f}"
        integer_digits = text.index(".") - (1 if value < 0 else 0)
        if integer_digits + decimals <= significant:
            return text
    return f"{value:.0f}"


def fio_tiles(report):
    """(direction, MB/s) of each test in fio's JSON output, as fio's own figures make them: the
    bytes of a job's clones added up over their longest runtime (src/core/fioimport.cpp)."""
    jobs = {}
    for job in report.get("client_stats") or report["jobs"]:
        if job.get("jobname") == "All clients":
            continue
        rw = job["job options"].get("rw") or report.get("global options", {}).get("rw", "read")
        direction = {"read": "read", "randread": "read", "write": "write", "randwrite": "write"}.get(rw, "mix")
        parts = {"read": ["read"], "write": ["write"], "mix": ["read", "write"]}[direction]
        key = (job.get("hostname"), job["jobname"])
        total = jobs.setdefault(key, {"direction": direction, "bytes": 0, "ms": 0})
        total["bytes"] += sum(job[p]["io_bytes"] for p in parts)
        total["ms"] = max([total["ms"]] + [job[p]["runtime"] for p in parts])
    return sorted((j["direction"], tile_number(j["bytes"] / (j["ms"] / 1000) / 1e6)) for j in jobs.values())


class Cli:
    def __init__(self, path, home):
        self.path = path
        self.env = dict(os.environ, XDG_DATA_HOME=os.path.join(home, "data"),
                        XDG_CONFIG_HOME=os.path.join(home, "config"), LC_ALL="C.UTF-8", LANG="C.UTF-8")
        self.env.pop("DISKOMETER_HISTORY_DB", None)
        self.env.setdefault("ASAN_OPTIONS", "detect_leaks=0")

    def run(self, *args, ok=(0,)):
        started = time.monotonic()
        done = subprocess.run([self.path, *args], env=self.env, capture_output=True, text=True, timeout=180)
        if done.returncode not in ok:
            raise RuntimeError(f"diskometer-cli {' '.join(args)}: exit {done.returncode}\n{done.stderr.strip()}")
        return done.stdout, time.monotonic() - started

    def import_file(self, path):
        out, _ = self.run("history", "import", "--again", path)
        ids = [int(m) for m in re.findall(r"stored run (\d+)", out)]
        if not ids:
            raise RuntimeError(f"history import {path} stored nothing: {out.strip()}")
        return ids

    def stored_json(self, run_id):
        return json.loads(self.run("history", "show", str(run_id), "--json")[0])


def hostile_copy(source, target_dir):
    report = json.load(open(source))
    name = os.path.basename(source)
    if "fio version" in report:
        for job in report.get("client_stats") or report["jobs"]:
            if "filename" in job.get("job options", {}):
                job["job options"]["filename"] = HOSTILE_FILE
        if "filename" in report.get("global options", {}):
            report["global options"]["filename"] = HOSTILE_FILE
        expected = [HOSTILE_FILE]
    else:
        report["target"]["model"] = HOSTILE_MODEL
        if isinstance(report.get("health"), dict):
            report["health"]["model"] = HOSTILE_MODEL
        report["comment"] = HOSTILE_COMMENT
        expected = [HOSTILE_MODEL, HOSTILE_COMMENT]
    path = os.path.join(target_dir, "hostile-" + name)
    with open(path, "w") as out:
        json.dump(report, out, indent=1)
    return path, expected


def slow_copy(source, target_dir, factor=400):
    """The golden grid as a USB 2.0 stick would have run it: every amount of data and rate divided
    by `factor` (3552 MB/s becomes 8.9), times and latencies kept. Compared with the original, its
    bars are what issue 30 says must not vanish."""
    report = json.load(open(source))

    def scale(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if isinstance(value, (int, float)) and not isinstance(value, bool) and (
                        key in ("bytes", "read_bytes", "write_bytes", "iops", "ios", "read_ios", "write_ios")
                        or key.endswith("mb_per_s")):
                    node[key] = round(value / factor) if isinstance(value, int) else value / factor
                else:
                    scale(value)
        elif isinstance(node, list):
            for item in node:
                scale(item)

    scale(report["results"])
    report["target"]["model"] = "USB stick"
    report["comment"] = "slow"
    report["date"] = report["date"].replace("17:41", "18:41")
    path = os.path.join(target_dir, "slow-grid.json")
    with open(path, "w") as out:
        json.dump(report, out, indent=1)
    return path


def check_view(f, name, width, dark, m, light_luminance):
    """The checks at one width and scheme; `m` is what pagechecks.js measured."""
    where = f"{name} @{width}px {'dark' if dark else 'light'}"
    f.check(m["view"]["width"] == width, f"{where}: the viewport is {m['view']['width']} px wide, not {width}")
    f.check(m["scrollWidth"] <= width, f"{where}: the page is {m['scrollWidth']} px wide: it scrolls sideways")
    for what in m["overflowing"][:8]:
        f.append(f"{where}: past the viewport's edge: {what}")
    for what in m["clipped"][:8]:
        f.append(f"{where}: text cut off: {what}")
    for what in m["overlapping"][:8]:
        f.append(f"{where}: text over text: {what}")
    for low in m["lowContrast"][:8]:
        f.append(f"{where}: text hard to read (contrast {low['ratio']}:1, {low['fg']} on {low['bg']}): {low['what']}")
    # A bar is drawn however small its figure beside the others' (a USB stick beside an NVMe
    # drive in the comparison): 4 px at least.
    for bar in m["bars"]:
        f.check(bar["width"] >= 4 and bar["height"] >= 4, f"{where}: a bar of {bar['value']} is hardly drawn ({bar})")
    if dark:
        f.check(m["backgroundLuminance"] < 0.2 and m["backgroundLuminance"] < light_luminance,
                f"{where}: the background is {m['background']} in the dark scheme (luminance "
                f"{m['backgroundLuminance']:.2f}, light {light_luminance:.2f})")
    else:
        f.check(m["backgroundLuminance"] > 0.6, f"{where}: the background is {m['background']} in the light scheme")


def check_safety(f, name, m, requests, url, hostile, embeds_json):
    f.check(requests == [url], f"{name}: requests besides the page itself: {[r for r in requests if r != url]}")
    f.check(m["pwned"] is None, f"{name}: a script from the data ran (window.__dm_pwned = {m['pwned']})")
    f.check(not m["loaders"], f"{name}: elements that load something: {m['loaders']}")
    f.check(not m["handlers"], f"{name}: event handler attributes: {m['handlers']}")
    f.check(not m["links"], f"{name}: links to something but the page's own anchors: {m['links']}")
    json_block = [{"type": "application/json", "id": "diskometer-report"}] if embeds_json else []
    f.check(m["scripts"] == json_block, f"{name}: scripts besides the JSON block: {m['scripts']}")
    for text in hostile:
        f.check(text in m["shown"], f"{name}: {text!r} does not show verbatim as text")
    # The drive (or fio's file) names the page in a tab and a bookmark: <title> holds only text.
    if embeds_json and hostile[0] != HOSTILE_COMMENT:
        f.check(hostile[0] in m["title"], f"{name}: the title {m['title']!r} does not hold {hostile[0]!r} verbatim")


def check_figures(f, name, kind, m, report):
    """The page's figures against the JSON report embedded in it (or, for fio, its output)."""
    tiles = m["tiles"]
    # A test the run did not have is an empty tile ("-") in its row and column.
    tiles = [t for t in tiles if t["value"] not in ("-", "\u2013", "")]
    if kind == "grid":
        expected = {(r["test"], r["direction"]): tile_number(r["mb_per_s"]) for r in report["results"]
                    if r.get("passes")}
        shown = {(t["test"], t["direction"]): t["value"] for t in tiles}
        f.check(len(tiles) == len(shown), f"{name}: two tiles for one test: {tiles}")
        f.check(shown == expected, f"{name}: the tiles show {shown}, the report says {expected}")
        f.check(all(t["unit"] == "MB/s" for t in tiles), f"{name}: a tile's unit is not MB/s: {tiles}")
    elif kind == "fio":
        shown = sorted((t["direction"], t["value"]) for t in tiles)
        expected = fio_tiles(report)
        f.check(shown == expected, f"{name}: the tiles show {shown}, fio's figures make {expected}")
    # Every number a bar stands for is one the page also prints in its tables (the figures for
    # screen readers and copying), and every bar is drawn: at least a pixel long.
    cells = {c for table in m["tables"] for row in table for c in row}
    for figure in m["figures"]:
        f.check(figure in cells or any(figure in c for c in cells),
                f"{name}: the chart's figure {figure} is not in the page's tables")


def run_figures(report):
    """MB/s of every test of a stored run: a grid's results, or what fio's figures make."""
    if "fio version" in report:
        return [float(v) for _, v in fio_tiles(report)], fio_tiles(report)
    return [r["mb_per_s"] for r in report["results"] if r.get("passes")], None


def check_comparison(f, name, m, reports):
    """Every bar stands for a figure of one of the runs compared, and every figure has its bar."""
    bars = [float(b["value"]) for b in m["bars"]]
    expected = []
    for report in reports:
        figures, rounded = run_figures(report)
        expected += [(v, rounded is not None) for v in figures]

    def same(bar, figure, rounded):
        # fio's figures are recomputed here and rounded as a tile prints them
        return abs(bar - figure) <= (0.006 if rounded else 1e-9 * max(1.0, abs(figure)))

    for bar in bars:
        f.check(any(same(bar, v, r) for v, r in expected), f"{name}: a bar of {bar} MB/s is none of the runs' figures")
    for v, r in expected:
        f.check(any(same(b, v, r) for b in bars), f"{name}: no bar for a run's {v} MB/s")


def round_trip(f, name, page, stored, scratch_cli):
    """`history import` of the page stores the run its JSON block holds."""
    try:
        ids = scratch_cli.import_file(page)
    except RuntimeError as e:
        f.append(f"{name}: the page does not import: {e}")
        return
    again = scratch_cli.stored_json(ids[0])
    f.check(again == stored, f"{name}: the run imported from the page differs from the stored one")


def window_page(window, cli, work, shm_dir):
    """A real grid run by the window in Japanese, which saves its page (the CLI has no
    translations: only the window writes a Japanese page). Stored in the test's history."""
    runtime = tempfile.mkdtemp(prefix="runtime-", dir=work)
    env = dict(cli.env, QT_QPA_PLATFORM="offscreen", XDG_RUNTIME_DIR=runtime)
    path = os.path.join(work, "grid-ja.html")
    started = time.monotonic()
    # --allow-root: the window refuses root, which CI is; this is the test rig the option is for.
    done = subprocess.run([window, "--allow-root", "--language", "ja", "--target", shm_dir, "--size", "16MiB",
                           "--measure", "0.5", "--interval", "0", "--warmup", "0", "--count", "1", "--mix", "70",
                           "--comment", HOSTILE_COMMENT, "--start", "--save-html", path, "--quit-when-done"],
                          env=env, capture_output=True, text=True, timeout=180)
    if done.returncode != 0:
        raise RuntimeError(f"the window's run: exit {done.returncode}\n{done.stderr.strip()[-2000:]}")
    print(f"the window's Japanese grid run took {time.monotonic() - started:.1f} s")
    runs = json.loads(cli.run("history", "list", "--json")[0])["runs"]
    return ("grid-ja", path, max(r["id"] for r in runs), [HOSTILE_COMMENT], [])


def make_pages(cli, work, shm_dir):
    """The pages to test: (name, path, history id (None for the comparison), hostile strings,
    the runs compared)."""
    pages = []
    ids = {}
    for kind in KINDS:
        source, hostile = hostile_copy(os.path.join(DATA, "golden", kind + ".json"), work)
        (ids[kind],) = cli.import_file(source)
        pages.append((kind, ids[kind], hostile))
    for fio in FIO:
        source, hostile = hostile_copy(os.path.join(DATA, "fio", fio + ".json"), work)
        (ids["fio-" + fio],) = cli.import_file(source)
        pages.append(("fio-" + fio, ids["fio-" + fio], hostile))
    made = []
    for name, run_id, hostile in pages:
        path = os.path.join(work, name + ".html")
        cli.run("history", "show", str(run_id), "--html", path)
        made.append((name, path, run_id, hostile, []))

    # One real run: the grid command writes its own page.
    path = os.path.join(work, "grid-real.html")
    json_path = os.path.join(work, "grid-real.json")
    _, seconds = cli.run("--quiet", "--tests", "SEQ1M-Q8T1,RND4K-Q1T1", "--count", "1", "--size", "16MiB",
                         "--measure", "0.5", "--interval", "0", "--warmup", "0", "--comment", HOSTILE_COMMENT,
                         "--text", os.devnull, "--json", json_path, "--html", path, shm_dir)
    print(f"the real grid run took {seconds:.1f} s")
    runs = json.loads(cli.run("history", "list", "--json")[0])["runs"]
    real_id = max(r["id"] for r in runs)
    made.append(("grid-real", path, real_id, [HOSTILE_COMMENT], []))

    (slow_id,) = cli.import_file(slow_copy(os.path.join(DATA, "golden", "grid.json"), work))
    path = os.path.join(work, "comparison.html")
    compared = [ids["grid"], slow_id, real_id, ids["fio-multi"]]
    cli.run("history", "compare", *map(str, compared), "--html", path)
    made.append(("comparison", path, None, [HOSTILE_MODEL, HOSTILE_FILE], compared))
    return made


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", required=True, help="the diskometer-cli to test")
    parser.add_argument("--window", help="the window (diskometer), for its Japanese page")
    args = parser.parse_args()
    chromium = headlesschromium.find_chromium()
    if not chromium:
        print("SKIP: chromium is not installed (Debian: apt install chromium); the web pages are "
              "not checked in a browser")
        return SKIP

    # A SIGTERM (ctest's timeout) unwinds like an error, so the browser and the files go.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    started = time.monotonic()
    work = tempfile.mkdtemp(prefix="dm-html-test-")
    shm_dir = tempfile.mkdtemp(prefix="dm-html-test-", dir="/dev/shm")
    failures = Failures()
    try:
        cli = Cli(args.cli, os.path.join(work, "home"))
        scratch = Cli(args.cli, os.path.join(work, "scratch-home"))
        pages = make_pages(cli, work, shm_dir)
        if args.window:
            pages.append(window_page(args.window, cli, work, shm_dir))
        made = time.monotonic()
        print(f"{len(pages)} pages made in {made - started:.1f} s")
        checks = open(os.path.join(HERE, "pagechecks.js")).read()
        with headlesschromium.Browser(chromium) as browser:
            tab = browser.new_page()
            for name, path, run_id, hostile, compared in pages:
                try:
                    before = len(failures)
                    tab.set_bypass_csp(False)
                    tab.emulate(1280)
                    url = tab.load(path)
                    light_luminance = 1.0
                    first = None
                    for width, dark in VIEWS:
                        tab.emulate(width, dark=dark)
                        m = tab.evaluate(f"({checks})({width})")
                        first = first or m
                        if not dark:
                            light_luminance = m["backgroundLuminance"]
                        check_view(failures, name, width, dark, m, light_luminance)
                    # Opened, the text report and the collapsed tables of figures scroll in their own
                    # box on a phone too.
                    tab.emulate(360)
                    tab.evaluate("window.__dmOpen = [...document.querySelectorAll('details')].map((d) => d.open);"
                                 "document.querySelectorAll('details').forEach((d) => { d.open = true; })")
                    check_view(failures, name + " (details open)", 360, False,
                               tab.evaluate(f"({checks})(360)"), light_luminance)
                    # On paper: A4 less the page's 14 mm margins is 182 mm, 688 CSS px; the text report is
                    # left out, tables are not scrolled.
                    # As the page opens: the other kinds' short text reports open (and printed),
                    # the grid's and fio's long one folded (and left out of the print).
                    tab.evaluate("document.querySelectorAll('details').forEach((d, i) => { d.open = window.__dmOpen[i]; })")
                    tab.emulate(A4_WIDTH, media="print")
                    printed = tab.evaluate(f"({checks})({A4_WIDTH})")
                    check_view(failures, name + " (print)", A4_WIDTH, False, printed, light_luminance)
                    # (A comparison has no text report.)
                    folded = first["kind"] in ("grid", "fio", "comparison")
                    failures.check(printed["textReportShown"] != folded,
                                   f"{name} (print): the text report is {'printed' if folded else 'not printed'}")
                    check_safety(failures, name, first, tab.collect_requests(), url, hostile, run_id is not None)
                    failures.check(first["csp"] == "default-src 'none'; style-src 'unsafe-inline'",
                                   f"{name}: the Content-Security-Policy is {first['csp']!r}")
                    # The escaping alone, without the CSP's net under it.
                    tab.set_bypass_csp(True)
                    tab.emulate(1280)
                    tab.load(path)
                    bare = tab.evaluate(f"({checks})(1280)")
                    tab.set_bypass_csp(False)
                    check_safety(failures, name + " (CSP off)", bare, tab.collect_requests(), url, hostile,
                                 run_id is not None)

                    # A comparison embeds no report: it is made of stored runs, each imported already.
                    embedded = None
                    try:
                        if run_id is not None:
                            embedded = json.loads(first["json"] or "")
                    except ValueError as e:
                        failures.append(f"{name}: the JSON block does not parse: {e}")
                        print(f"{name}: FAILED")
                        continue
                    kind = first["kind"]
                    expected_kind = "comparison" if name == "comparison" else name.split("-")[0]
                    failures.check(kind == expected_kind, f"{name}: data-kind is {kind!r}")
                    expected_lang = "ja" if name.endswith("-ja") else "en"
                    failures.check(first["lang"] == expected_lang, f"{name}: <html lang> is {first['lang']!r}")
                    check_figures(failures, name, kind, first, embedded)
                    if compared:
                        check_comparison(failures, name, first, [cli.stored_json(i) for i in compared])
                    if run_id is not None:
                        stored = cli.stored_json(run_id)
                        failures.check(embedded == stored,
                                       f"{name}: the JSON block is not the stored run's JSON report")
                        round_trip(failures, name, path, stored, scratch)
                    print(f"{name}: {'ok' if len(failures) == before else 'FAILED'} "
                          f"({len(first['tiles'])} tiles, {len(first['bars'])} bars, {len(first['tables'])} tables)")
                except (headlesschromium.BrowserError, RuntimeError, KeyError, TypeError, ValueError) as e:
                    failures.append(f"{name}: the checks could not finish: {e}")
                    print(f"{name}: FAILED")
    finally:
        keep = os.environ.get("DM_KEEP_PAGES")
        if keep:
            os.makedirs(keep, exist_ok=True)
            for page in glob.glob(os.path.join(work, "*.html")):
                shutil.copy(page, keep)
        shutil.rmtree(work, ignore_errors=True)
        shutil.rmtree(shm_dir, ignore_errors=True)
    print(f"browser checks took {time.monotonic() - made:.1f} s, {time.monotonic() - started:.1f} s in all")
    for failure in failures:
        print("FAIL:", failure)
    if failures:
        return 1
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
