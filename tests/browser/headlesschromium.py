# SPDX-License-Identifier: GPL-3.0-or-later
"""Debian's chromium, headless, driven over the DevTools protocol on a pipe.

Standard library only (CI has Debian's python3 and nothing more). With --remote-debugging-pipe
the browser reads JSON messages, each ended by a NUL byte, from its fd 3 and writes its answers
and events to its fd 4: no port is opened and no websocket library is needed.

One browser serves many pages (starting one costs about a second); each page is a tab whose
every request is recorded, so a test can say that a page asked for nothing but itself. The
browser cannot reach a network: every host name resolves to nothing (--host-resolver-rules).
Whatever happens, close() ends the browser and every process it started (they share the process
group it was started in), so a failed test leaves no chromium behind.
"""

import base64
import ctypes
import fcntl
import json
import os
import select
import shutil
import signal
import subprocess
import tempfile
import time


class BrowserError(RuntimeError):
    pass


def _die_with_parent():
    """In the child before exec (kept across it): SIGKILL when the process that started it dies,
    so a test killed from outside (ctest's timeout, SIGKILL) leaves no browser behind either;
    its helpers follow when their pipes to it close."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def find_chromium():
    """The browser's path, or None. DM_CHROMIUM overrides (another build, or '' to force a skip)."""
    if "DM_CHROMIUM" in os.environ:
        return os.environ["DM_CHROMIUM"] or None
    for name in ("chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    return None


class Browser:
    def __init__(self, executable=None, timeout=20.0):
        self.executable = executable or find_chromium()
        if not self.executable:
            raise BrowserError("chromium not found (Debian: apt install chromium)")
        self.timeout = timeout
        self._next_id = 0
        self._buffer = b""
        self._events = []  # events not yet claimed, in arrival order
        self._profile = tempfile.mkdtemp(prefix="dm-chromium-")
        self._log = open(os.path.join(self._profile, "stderr.log"), "w+b")
        low_r, self._to_child = os.pipe()
        self._from_child, low_w = os.pipe()
        # Above 10, so that moving one onto fd 3 or 4 in the child cannot clobber the other.
        to_child_r = fcntl.fcntl(low_r, fcntl.F_DUPFD_CLOEXEC, 10)
        from_child_w = fcntl.fcntl(low_w, fcntl.F_DUPFD_CLOEXEC, 10)
        os.close(low_r)
        os.close(low_w)
        args = [
            self.executable,
            "--headless",
            "--no-sandbox",  # CI runs as root, where the sandbox refuses to start
            "--disable-gpu",
            "--user-data-dir=" + self._profile,
            "--remote-debugging-pipe",
            # Nothing can reach a network: a stray request (from the page or the browser itself)
            # fails at name resolution. file:// pages need no resolver.
            "--host-resolver-rules=MAP * ~NOTFOUND",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-default-apps",
            "--disable-extensions",
            "--disable-sync",
            "--no-first-run",
            "--no-default-browser-check",
            "--mute-audio",
            "--hide-scrollbars",  # the screenshots show the page, not the scroll bars
            "about:blank",
        ]
        # The browser wants the pipes as its fds 3 and 4 exactly; subprocess only passes fds under
        # their own numbers, so a shell moves them there and then becomes the browser (exec).
        # bash: dash knows fds 0-9 only.
        wire = f"exec 3<&{to_child_r} 4>&{from_child_w} {to_child_r}<&- {from_child_w}>&-; exec \"$@\""
        try:
            self._proc = subprocess.Popen(
                ["/bin/bash", "-c", wire, "bash"] + args,
                stdin=subprocess.DEVNULL,
                stdout=self._log,
                stderr=self._log,
                pass_fds=(to_child_r, from_child_w),
                start_new_session=True,  # its own process group: close() ends all of it at once
                preexec_fn=_die_with_parent,
            )
        finally:
            os.close(to_child_r)
            os.close(from_child_w)
        self._pgid = self._proc.pid
        try:
            self.call("Browser.getVersion")
        except BaseException:
            self.close()
            raise

    # --- the protocol -------------------------------------------------------------------------

    def _send(self, message):
        data = json.dumps(message).encode() + b"\0"
        while data:
            _, writable, _ = select.select([], [self._to_child], [], self.timeout)
            if not writable:
                raise BrowserError("chromium does not read its pipe")
            data = data[os.write(self._to_child, data):]

    def _receive(self, deadline):
        """The next message, or a BrowserError at the deadline or when the browser has gone."""
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise BrowserError("chromium did not answer in time" + self._stderr_tail())
            readable, _, _ = select.select([self._from_child], [], [], left)
            if readable:
                chunk = os.read(self._from_child, 1 << 20)
                if not chunk:
                    raise BrowserError("chromium closed its pipe" + self._stderr_tail())
                self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, params=None, session=None, timeout=None):
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self._send(message)
        deadline = time.monotonic() + (timeout or self.timeout)
        while True:
            answer = self._receive(deadline)
            if answer.get("id") == self._next_id:
                if "error" in answer:
                    raise BrowserError(f"{method}: {answer['error'].get('message')}")
                return answer.get("result", {})
            if "method" in answer:
                self._events.append(answer)

    def wait_for(self, method, session=None, timeout=None):
        """The first event `method` (of `session`), waiting for it if it has not come yet."""
        deadline = time.monotonic() + (timeout or self.timeout)
        while True:
            for event in self._events:
                if event["method"] == method and (session is None or event.get("sessionId") == session):
                    self._events.remove(event)
                    return event["params"]
            event = self._receive(deadline)
            if "method" in event:
                self._events.append(event)

    def take_events(self, method, session=None):
        """Every event `method` (of `session`) received so far, removed from the queue."""
        taken = [e for e in self._events
                 if e["method"] == method and (session is None or e.get("sessionId") == session)]
        self._events = [e for e in self._events if e not in taken]
        return [e["params"] for e in taken]

    def _stderr_tail(self):
        try:
            self._log.flush()
            self._log.seek(0)
            tail = self._log.read().decode(errors="replace").strip().splitlines()[-8:]
            return ("; chromium said:\n  " + "\n  ".join(tail)) if tail else ""
        except (OSError, ValueError):
            return ""

    # --- pages --------------------------------------------------------------------------------

    def new_page(self):
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        return Page(self, target, session)

    # --- the end ------------------------------------------------------------------------------

    def close(self):
        """Ends the browser and everything it started; safe to call twice."""
        proc = getattr(self, "_proc", None)
        if proc is not None:
            # Nothing of the browser's is kept (its profile is a temporary directory), so it is
            # killed rather than asked to close (Browser.close takes 2 s). Renderers and helpers
            # share its process group: the group goes, by its id.
            try:
                os.killpg(self._pgid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass
            # The helpers' parent (the zygote) is gone, so init reaps them: wait for that, so
            # that no chromium is left even as a zombie when the caller goes on.
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline:
                try:
                    os.killpg(self._pgid, 0)
                except ProcessLookupError:
                    break
                time.sleep(0.05)
            self._proc = None
        for fd in ("_to_child", "_from_child"):
            if getattr(self, fd, None) is not None:
                os.close(getattr(self, fd))
                setattr(self, fd, None)
        if getattr(self, "_log", None):
            self._log.close()
            self._log = None
        shutil.rmtree(self._profile, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class Page:
    """One tab: load a file, emulate a width and a colour scheme, evaluate, shoot."""

    def __init__(self, browser, target, session):
        self.browser = browser
        self.target = target
        self.session = session
        for domain in ("Page", "Network", "Runtime"):
            self.call(domain + ".enable")
        self.requests = []  # every URL the tab asked for since the last load()
        self.viewport = (800, 600)

    def call(self, method, params=None, timeout=None):
        return self.browser.call(method, params, session=self.session, timeout=timeout)

    def emulate(self, width, height=800, dark=False, media="screen"):
        """A viewport `width` CSS px wide (a phone's below 600: mobile, so the viewport meta counts),
        prefers-color-scheme light or dark, and the media type (screen or print). Takes effect on
        the page as it is, no reload."""
        self.viewport = (width, height)
        self._set_metrics(width, height)
        self.call("Emulation.setEmulatedMedia", {
            "media": media,
            "features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})

    def _set_metrics(self, width, height):
        self.call("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})

    def set_bypass_csp(self, bypass):
        """Ignore the page's Content-Security-Policy from the next load on (for a test that
        checks what the page's escaping alone would let run)."""
        self.call("Page.setBypassCSP", {"enabled": bool(bypass)})

    def load(self, path):
        """Loads a local file and waits for its load event; records every request it makes."""
        url = "file://" + os.path.abspath(path)
        self.browser.take_events("Network.requestWillBeSent", self.session)
        self.browser.take_events("Page.loadEventFired", self.session)
        result = self.call("Page.navigate", {"url": url})
        if result.get("errorText"):
            raise BrowserError(f"{url}: {result['errorText']}")
        self.browser.wait_for("Page.loadEventFired", self.session)
        self.url = url
        self.requests = self._new_requests()
        return url

    def collect_requests(self):
        """Requests made since load() (a late image or font would come after the load event)."""
        self.requests += self._new_requests()
        return self.requests

    def _new_requests(self):
        return [e["request"]["url"] for e in self.browser.take_events("Network.requestWillBeSent", self.session)]

    def evaluate(self, expression):
        """The value of a JavaScript expression (returned by value: JSON-able), awaiting a promise.
        Runtime.evaluate is the debugger's, so it runs although the page's CSP forbids scripts."""
        result = self.call("Runtime.evaluate", {
            "expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            text = details.get("exception", {}).get("description") or details.get("text")
            raise BrowserError(f"JavaScript failed: {text}")
        return result["result"].get("value")

    def screenshot(self, path):
        """The whole page, not just the viewport, as a PNG: the viewport is made as tall as the
        page for the shot (so nothing fixed or 100vh-sized is drawn twice), then restored."""
        width, height = self.viewport
        full = self.evaluate("Math.ceil(document.documentElement.scrollHeight)")
        self._set_metrics(width, max(height, full))
        try:
            shot = self.call("Page.captureScreenshot", {"format": "png"}, timeout=60)
        finally:
            self._set_metrics(width, height)
        with open(path, "wb") as out:
            out.write(base64.b64decode(shot["data"]))

    def close(self):
        self.browser.call("Target.closeTarget", {"targetId": self.target})
