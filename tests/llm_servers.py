"""Scripted LLM servers for the tests: real HTTP on loopback, speaking OpenAI's chat completions and
Anthropic's Messages wire protocols. A test queues replies (:meth:`ScriptedLLM.reply`, ``.text``,
``.status``, ``.slow``, ``.answer``: a reply computed from the request); each request takes the next one
and is recorded (path, headers, body)."""

from __future__ import annotations

import contextlib
import json
import threading
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Step:
    kind: str  # "json" (a structured reply), "text" (raw reply text), "status" (an HTTP error), "slow",
    # "answer" (value: a function of the request body giving the structured reply)
    value: Any = None
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    as_text: bool = False  # Anthropic: the JSON in a text block instead of a tool_use block


@dataclass
class Seen:
    path: str
    headers: dict[str, str]
    body: dict[str, Any]


class ScriptedLLM(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.steps: deque[Step] = deque()
        self.seen: list[Seen] = []
        self.lock = threading.Lock()
        #: ends every held ("slow") reply at once: set when the server stops
        self.released = threading.Event()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def reply(self, value: dict[str, Any], *, as_text: bool = False) -> ScriptedLLM:
        self.steps.append(Step("json", value, as_text=as_text))
        return self

    def text(self, text: str) -> ScriptedLLM:
        self.steps.append(Step("text", text))
        return self

    def status(self, status: int, body: dict[str, Any] | None = None, **headers: str) -> ScriptedLLM:
        error = body or {"error": {"type": "rate_limit_error", "message": f"scripted {status}"}}
        self.steps.append(
            Step("status", error, status=status, headers={k.replace("_", "-"): v for k, v in headers.items()})
        )
        return self

    def slow(self, seconds: float, value: dict[str, Any]) -> ScriptedLLM:
        """A reply held back ``seconds`` (or until the server stops): longer than a client's timeout by far,
        so that a loaded machine cannot let it arrive in time, and short enough that a client with no
        timeout fails its test soon."""
        self.steps.append(Step("slow", value, delay=seconds))
        return self

    def answer(self, reply: Callable[[dict[str, Any]], dict[str, Any]], times: int = 1) -> ScriptedLLM:
        """The next ``times`` requests each answered with ``reply(request body)``."""
        for _ in range(times):
            self.steps.append(Step("answer", reply))
        return self

    def bodies(self) -> list[dict[str, Any]]:
        return [s.body for s in self.seen]


class _Handler(BaseHTTPRequestHandler):
    server: ScriptedLLM

    def log_message(self, format: str, *args: Any) -> None:  # keep test output quiet
        pass

    def _send(self, status: int, body: Any, headers: dict[str, str] | None = None) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        self.end_headers()
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):  # the client gave up (a timeout)
            self.wfile.write(data)

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = json.loads(self.rfile.read(length) or b"{}")
        with self.server.lock:
            self.server.seen.append(Seen(self.path, {k.lower(): v for k, v in self.headers.items()}, body))
            step = (
                self.server.steps.popleft()
                if self.server.steps
                else Step("status", {"error": {"message": "no reply scripted"}}, status=500)
            )
        anthropic = self.path.endswith("/messages")
        if not anthropic and not self.path.endswith("/chat/completions"):
            self._send(404, {"error": {"message": f"no route {self.path}"}})
            return
        if step.kind == "status":
            self._send(step.status, step.value, step.headers)
            return
        if step.kind == "slow":
            self.server.released.wait(step.delay)
        if step.kind == "answer":
            step = Step("json", step.value(body))
        text = step.value if step.kind == "text" else json.dumps(step.value)
        if anthropic:
            name = (body.get("tools") or [{}])[0].get("name", "answer")
            if step.kind == "text" or step.as_text:
                content = [{"type": "text", "text": text}]
            else:
                content = [{"type": "tool_use", "id": "toolu_1", "name": name, "input": step.value}]
            reply = {"id": "msg_1", "type": "message", "role": "assistant", "model": body.get("model"),
                     "content": content, "stop_reason": "tool_use", "usage": {"input_tokens": 1, "output_tokens": 1}}  # fmt: skip
        else:
            reply = {"id": "chatcmpl-1", "object": "chat.completion", "model": body.get("model"),
                     "choices": [{"index": 0, "message": {"role": "assistant", "content": text},
                                  "finish_reason": "stop"}]}  # fmt: skip
        self._send(200, reply)


@contextmanager
def scripted_llm() -> Iterator[ScriptedLLM]:
    server = ScriptedLLM()
    # shutdown() waits for serve_forever's loop to look again: every 0.5 s by default, so each test's
    # teardown waited ~0.35-0.5 s for nothing; at 0.02 s, as test_embedders' fake OpenAI server
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.released.set()
        server.shutdown()
        server.server_close()
