"""A small Chrome DevTools Protocol client over `--remote-debugging-pipe` (fd 3 in, fd 4 out,
messages ending in NUL): headless Chromium loads a page at a phone's size, and a check reads
its layout (what `--dump-dom` cannot tell) and takes screenshots. Nothing to install."""
import base64
import json
import os
import subprocess


class Browser:
    def __init__(self, chromium="chromium"):
        commands_read, self._commands = os.pipe()
        self._events, events_write = os.pipe()

        def plumb():
            os.dup2(commands_read, 3)
            os.dup2(events_write, 4)

        self.process = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--remote-debugging-pipe",
             "--enable-logging=stderr", "--v=0", "about:blank"],
            preexec_fn=plumb, pass_fds=(3, 4, commands_read, events_write), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        os.close(commands_read)
        os.close(events_write)
        self._buffer = b""
        self._next = 0
        self.console = []

    def send(self, method, params=None, session=None, wait_event=None):
        """Sends a command and returns its result (and the first `wait_event` after it, if asked)."""
        self._next += 1
        message = {"id": self._next, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._commands, json.dumps(message).encode() + b"\0")
        result, event = None, None
        while result is None or (wait_event and event is None):
            incoming = self._read()
            if incoming.get("id") == self._next:
                if "error" in incoming:
                    raise RuntimeError(f"{method}: {incoming['error']}")
                result = incoming.get("result", {})
            elif incoming.get("method") == wait_event:
                event = incoming.get("params", {})
            elif incoming.get("method") in ("Runtime.consoleAPICalled", "Log.entryAdded"):
                self.console.append(incoming.get("params"))
        return (result, event) if wait_event else result

    def _read(self):
        while b"\0" not in self._buffer:
            chunk = os.read(self._events, 1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed its pipe")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def phone(self, width=412, height=915):
        """A page (tab) sized as a phone, with its console and log reported."""
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.send(f"{domain}.enable", session=session)
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True}, session=session)
        return session

    def load(self, session, url):
        self.send("Page.navigate", {"url": url}, session=session, wait_event="Page.loadEventFired")

    def evaluate(self, session, expression):
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True}, session=session)
        return result.get("result", {}).get("value")

    def screenshot(self, session, path):
        data = self.send("Page.captureScreenshot", {"format": "png"}, session=session)["data"]
        with open(path, "wb") as file:
            file.write(base64.b64decode(data))

    def close(self):
        try:
            self.send("Browser.close")
        except (RuntimeError, OSError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        os.close(self._commands)
        os.close(self._events)
