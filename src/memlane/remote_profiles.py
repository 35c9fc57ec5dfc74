"""Profiles and jobs over HTTP: ``RemoteMemlane.profiles`` / ``.jobs`` (and the async client's), the
embedded ``Memlane.profiles`` / ``Memlane.jobs`` with the same methods, arguments and results, against
``/v1/profiles`` and ``/v1/jobs``. What each method sends and how its answer is read is written once
(``ProfileRequests``); the sync and async classes differ only in how they send.

Over HTTP the server decides who may (docs/api.md): an admin key manages its workspace's profiles and
sees and runs their sweeps; the embedded SDK and the CLI on the database act as the store's operator
(``jobs.list`` there also shows the store-wide ``expiry`` and ``consolidate`` jobs)."""

from __future__ import annotations

import builtins
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from .jobs.models import JobInfo
from .models import JobRun, Profile, ProfileLogEntry
from .profiles.models import ProfileDeletion, SweepReport
from .remote_call import Call, given, segment

__all__ = ["AsyncRemoteJobs", "AsyncRemoteProfiles", "ProfileRequests", "RemoteJobs", "RemoteProfiles"]

T = TypeVar("T")

#: the settings a profile is created or updated with (``ProfileService.create`` / ``update``)
SETTINGS = ("types", "scope", "teams", "agent", "extractor", "instructions", "embedding_model", "refresh",
            "expire_after")  # fmt: skip


def _profile_path(name: str, tail: str = "") -> str:
    return f"/v1/profiles/{segment(name, 'name')}{tail}"


def _settings_body(settings: dict[str, Any]) -> dict[str, Any]:
    """The settings as the REST body takes them: a single team or type as a one-item list; an unknown
    setting is sent as it is, for the server to name it in its ``invalid_input`` error."""
    body = dict(settings)
    for key in ("types", "teams"):
        value = body.get(key)
        if isinstance(value, str):
            body[key] = [v.strip() for v in value.split(",")] if key == "types" else [value]
        elif value is not None and not isinstance(value, list):
            body[key] = list(value)
    return body


def _job_detail(data: Any) -> tuple[JobInfo, builtins.list[JobRun]]:
    return JobInfo.model_validate(data["job"]), [JobRun.model_validate(r) for r in data["runs"]]


class ProfileRequests:
    """``Memlane.profiles`` and ``Memlane.jobs`` as requests, for both clients."""

    def create(self, name: str, settings: dict[str, Any]) -> Call[Profile]:
        body = {"name": name, **_settings_body(settings)}
        return Call("POST", "/v1/profiles", Profile.model_validate, json=body)

    def list(self) -> Call[builtins.list[Profile]]:
        return Call("GET", "/v1/profiles", lambda d: [Profile.model_validate(p) for p in d["profiles"]])

    def show(self, name: str) -> Call[Profile]:
        return Call("GET", _profile_path(name), Profile.model_validate)

    def update(self, name: str, changes: dict[str, Any]) -> Call[Profile]:
        return Call("PATCH", _profile_path(name), Profile.model_validate, json=_settings_body(changes))

    def enable(self, name: str) -> Call[Profile]:
        return Call("POST", _profile_path(name, "/enable"), Profile.model_validate)

    def disable(self, name: str) -> Call[Profile]:
        return Call("POST", _profile_path(name, "/disable"), Profile.model_validate)

    def delete(self, name: str, confirm: bool) -> Call[ProfileDeletion]:
        return Call("DELETE", _profile_path(name), ProfileDeletion.model_validate,
                    params={"confirm": str(bool(confirm)).lower()})  # fmt: skip

    def run(self, name: str, batch: int) -> Call[SweepReport]:
        return Call("POST", _profile_path(name, "/run"), SweepReport.model_validate, params={"batch": batch})

    def log(self, name: str, limit: int) -> Call[builtins.list[ProfileLogEntry]]:
        return Call("GET", _profile_path(name, "/log"),
                    lambda d: [ProfileLogEntry.model_validate(e) for e in d["entries"]],
                    params={"limit": limit})  # fmt: skip

    def opt_out(self, name: str, user: str | None) -> Call[Profile]:
        return Call("POST", _profile_path(name, "/opt-out"), Profile.model_validate, params=given(user=user))

    def opt_in(self, name: str, user: str | None) -> Call[Profile]:
        return Call("POST", _profile_path(name, "/opt-in"), Profile.model_validate, params=given(user=user))

    def jobs_list(self) -> Call[builtins.list[JobInfo]]:
        return Call("GET", "/v1/jobs", lambda d: [JobInfo.model_validate(j) for j in d["jobs"]])

    def jobs_show(self, name: str, limit: int) -> Call[tuple[JobInfo, builtins.list[JobRun]]]:
        return Call("GET", f"/v1/jobs/{segment(name, 'name')}", _job_detail, params={"limit": limit})

    def jobs_run(self, name: str, batch: int) -> Call[JobRun]:
        return Call(
            "POST", f"/v1/jobs/{segment(name, 'name')}/run", JobRun.model_validate, params={"batch": batch}
        )


_REQUESTS = ProfileRequests()


class RemoteProfiles:
    """``RemoteMemlane.profiles``: ``Memlane.profiles`` over ``/v1/profiles`` (admin keys manage; every
    key of the workspace lists and shows)."""

    def __init__(self, send: Callable[[Call[Any]], Any]) -> None:
        self._send = send

    def create(self, name: str, /, **settings: Any) -> Profile:
        """A new profile (``enabled`` and the settings of ``Memlane.profiles.create``)."""
        return self._send(_REQUESTS.create(name, settings))  # type: ignore[no-any-return]

    def list(self) -> builtins.list[Profile]:
        return self._send(_REQUESTS.list())  # type: ignore[no-any-return]

    def show(self, name: str) -> Profile:
        return self._send(_REQUESTS.show(name))  # type: ignore[no-any-return]

    def update(self, name: str, /, **changes: Any) -> Profile:
        return self._send(_REQUESTS.update(name, changes))  # type: ignore[no-any-return]

    def enable(self, name: str) -> Profile:
        return self._send(_REQUESTS.enable(name))  # type: ignore[no-any-return]

    def disable(self, name: str) -> Profile:
        return self._send(_REQUESTS.disable(name))  # type: ignore[no-any-return]

    def delete(self, name: str, *, confirm: bool = False) -> ProfileDeletion:
        """The plan of deleting the profile (nothing deleted); ``confirm=True`` deletes."""
        return self._send(_REQUESTS.delete(name, confirm))  # type: ignore[no-any-return]

    def run(self, name: str, *, batch: int = 100) -> SweepReport:
        """Sweep the profile now, on the server (recorded as a run of its ``sweep:<id>`` job)."""
        return self._send(_REQUESTS.run(name, batch))  # type: ignore[no-any-return]

    def log(self, name: str, *, limit: int = 50) -> builtins.list[ProfileLogEntry]:
        return self._send(_REQUESTS.log(name, limit))  # type: ignore[no-any-return]

    def opt_out(self, name: str, *, user: str | None = None) -> Profile:
        return self._send(_REQUESTS.opt_out(name, user))  # type: ignore[no-any-return]

    def opt_in(self, name: str, *, user: str | None = None) -> Profile:
        return self._send(_REQUESTS.opt_in(name, user))  # type: ignore[no-any-return]


class RemoteJobs:
    """``RemoteMemlane.jobs``: ``Memlane.jobs`` over ``/v1/jobs`` (an admin key: its workspace's sweeps)."""

    def __init__(self, send: Callable[[Call[Any]], Any]) -> None:
        self._send = send

    def list(self) -> builtins.list[JobInfo]:
        return self._send(_REQUESTS.jobs_list())  # type: ignore[no-any-return]

    def show(self, name: str, *, limit: int = 20) -> tuple[JobInfo, builtins.list[JobRun]]:
        return self._send(_REQUESTS.jobs_show(name, limit))  # type: ignore[no-any-return]

    def run(self, name: str, *, batch: int = 100) -> JobRun:
        return self._send(_REQUESTS.jobs_run(name, batch))  # type: ignore[no-any-return]


class AsyncRemoteProfiles:
    """``AsyncRemoteMemlane.profiles``: ``RemoteProfiles``, awaited."""

    def __init__(self, send: Callable[[Call[Any]], Awaitable[Any]]) -> None:
        self._send = send

    async def create(self, name: str, /, **settings: Any) -> Profile:
        return await self._send(_REQUESTS.create(name, settings))  # type: ignore[no-any-return]

    async def list(self) -> builtins.list[Profile]:
        return await self._send(_REQUESTS.list())  # type: ignore[no-any-return]

    async def show(self, name: str) -> Profile:
        return await self._send(_REQUESTS.show(name))  # type: ignore[no-any-return]

    async def update(self, name: str, /, **changes: Any) -> Profile:
        return await self._send(_REQUESTS.update(name, changes))  # type: ignore[no-any-return]

    async def enable(self, name: str) -> Profile:
        return await self._send(_REQUESTS.enable(name))  # type: ignore[no-any-return]

    async def disable(self, name: str) -> Profile:
        return await self._send(_REQUESTS.disable(name))  # type: ignore[no-any-return]

    async def delete(self, name: str, *, confirm: bool = False) -> ProfileDeletion:
        return await self._send(_REQUESTS.delete(name, confirm))  # type: ignore[no-any-return]

    async def run(self, name: str, *, batch: int = 100) -> SweepReport:
        return await self._send(_REQUESTS.run(name, batch))  # type: ignore[no-any-return]

    async def log(self, name: str, *, limit: int = 50) -> builtins.list[ProfileLogEntry]:
        return await self._send(_REQUESTS.log(name, limit))  # type: ignore[no-any-return]

    async def opt_out(self, name: str, *, user: str | None = None) -> Profile:
        return await self._send(_REQUESTS.opt_out(name, user))  # type: ignore[no-any-return]

    async def opt_in(self, name: str, *, user: str | None = None) -> Profile:
        return await self._send(_REQUESTS.opt_in(name, user))  # type: ignore[no-any-return]


class AsyncRemoteJobs:
    """``AsyncRemoteMemlane.jobs``: ``RemoteJobs``, awaited."""

    def __init__(self, send: Callable[[Call[Any]], Awaitable[Any]]) -> None:
        self._send = send

    async def list(self) -> builtins.list[JobInfo]:
        return await self._send(_REQUESTS.jobs_list())  # type: ignore[no-any-return]

    async def show(self, name: str, *, limit: int = 20) -> tuple[JobInfo, builtins.list[JobRun]]:
        return await self._send(_REQUESTS.jobs_show(name, limit))  # type: ignore[no-any-return]

    async def run(self, name: str, *, batch: int = 100) -> JobRun:
        return await self._send(_REQUESTS.jobs_run(name, batch))  # type: ignore[no-any-return]
