"""Many clients at once against one real server on loopback: every request must get its answer.

A SQLite store has one write connection shared by every thread of the server; these tests mix the
requests that read, count accesses and write, from many threads at once, and fail on any 500.
"""

from __future__ import annotations

import random
import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

from servers import bearer, make_stack, running

CLIENTS = 30
REQUESTS_PER_CLIENT = 40


def _send(http: httpx.Client, rnd: random.Random, kind: str, ids: list[str], note: str) -> httpx.Response:
    if kind == "recall":
        return http.post("/v1/recall", json={"query": rnd.choice(["llama", "otter project"])})
    if kind == "list":
        return http.get("/v1/memories", params={"limit": 20})
    if kind == "get":
        return http.get(f"/v1/memories/{rnd.choice(ids)}")
    return http.post("/v1/memories", json={"content": note})


def test_many_clients_mixing_recall_list_get_and_store_all_succeed(db_path: Path | str) -> None:
    stack = make_stack(db_path)
    try:
        ids = [
            r.id
            for r in stack.mem.store_many(
                [
                    f"note {i} about the {random.choice(['llama', 'otter', 'heron'])} project"
                    for i in range(60)
                ],
                auto_supersede=False,
            )
        ]
        statuses: Counter[int] = Counter()
        failures: list[str] = []
        lock = threading.Lock()
        start = threading.Barrier(CLIENTS)

        with running(stack.app(mcp=False)) as url:

            def client(n: int) -> None:
                rnd = random.Random(n)
                with httpx.Client(base_url=url, headers=bearer(stack.admin_key), timeout=60) as http:
                    start.wait()
                    for i in range(REQUESTS_PER_CLIENT):
                        kind = rnd.choice(["recall", "recall", "list", "get", "get", "store"])
                        try:
                            r = _send(http, rnd, kind, ids, f"client {n} wrote note {i}")
                        except httpx.TransportError as exc:  # a crashed request can drop its connection
                            with lock:
                                failures.append(f"{kind}: {exc!r}")
                            continue
                        with lock:
                            statuses[r.status_code] += 1
                            if r.status_code != 200:
                                failures.append(f"{kind}: {r.status_code} {r.text[:200]}")

            with ThreadPoolExecutor(CLIENTS) as pool:
                list(pool.map(client, range(CLIENTS)))
        assert failures == [], f"{len(failures)} failed of {sum(statuses.values())}: {failures[:5]}"
        assert statuses == {200: CLIENTS * REQUESTS_PER_CLIENT}
    finally:
        stack.mem.close()
