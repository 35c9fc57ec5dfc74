"""The MCP tools of profiles and jobs: list and show profiles (every key of the workspace), run a profile's
sweep now, and list, show and run the workspace's jobs (admin keys, as over REST; docs/api.md).

Built by ``mcp_server.build_mcp_server`` with its own helpers (``build``), so the tools share its strict
arguments, error rendering and acting user; this module cannot import ``mcp_server``. Each tool is parse →
one service call (``MemoryService.profiles`` / ``MemoryService.jobs``) → render, with the REST API's
result models as ``structuredContent``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Annotated, Any

from mcp.server.mcpserver import Context
from mcp.server.mcpserver.tools import Tool
from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import BaseModel, Field

from .jobs.models import JobInfo
from .models import Actor, JobRun, Profile
from .profiles.models import SweepReport
from .requests import MAX_BATCH, MAX_LIMIT
from .service import MemoryService
from .timeutil import iso_z

__all__ = ["PROFILE_TOOLS", "build"]

PROFILE_TOOLS = ("profile_list", "profile_show", "profile_run", "job_list", "job_show", "job_run")

Run = Callable[[Context, Callable[[Actor], Any], Callable[[Any], CallToolResult]], CallToolResult]
MakeTool = Callable[..., Tool]


class ProfilesResult(BaseModel):
    """profile_list: the workspace's profiles (settings and run state)."""

    profiles: list[Profile]


class JobsResult(BaseModel):
    """job_list: the workspace's scheduled jobs, each with its period, next run and last run."""

    jobs: list[JobInfo]


class JobDetail(BaseModel):
    """job_show: a job and its latest runs, newest first."""

    job: JobInfo
    runs: list[JobRun]


_NAME = "The profile's name (or id)."
_JOB = "A job's name: 'sweep:<profile name or id>' (the profile's sweep)."


def _text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _ok(result: BaseModel, text: str) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=text)],
                          structured_content=result.model_dump(mode="json"))  # fmt: skip


def _profile_line(p: Profile) -> str:
    return _text({"name": p.name, "enabled": p.enabled, "types": [str(t) for t in p.types], "scope": p.scope,
                  "refresh_minutes": p.refresh_minutes, "expire_after": p.expire_after,
                  "last_sync_at": iso_z(p.last_sync_at) if p.last_sync_at else None,
                  "running": p.running_since is not None, "last_error": p.last_error})  # fmt: skip


def _run_line(r: JobRun) -> str:
    return _text({"job": r.job, "started_at": iso_z(r.started_at), "status": r.status,
                  "duration_s": r.duration_s, "error": r.error})  # fmt: skip


def _job_line(j: JobInfo) -> str:
    return _text({"job": j.name, "profile": j.profile, "every_minutes": j.every_minutes,
                  "next_run_at": iso_z(j.next_run_at),
                  "last_status": j.last_run.status if j.last_run else None})  # fmt: skip


def build(service: MemoryService, run: Run, make_tool: MakeTool) -> list[Tool]:
    """The profile and job tools, calling ``service`` through ``run`` (the acting user, errors as tool
    errors)."""

    def profile_list(ctx: Context) -> Annotated[CallToolResult, ProfilesResult]:
        return run(ctx, lambda actor: service.profiles.list(actor), lambda ps: _ok(
            ProfilesResult(profiles=ps), "\n".join(_profile_line(p) for p in ps) or "no profiles"))  # fmt: skip

    def profile_show(
        ctx: Context, name: Annotated[str, Field(min_length=1, max_length=200, description=_NAME)]
    ) -> Annotated[CallToolResult, Profile]:
        return run(ctx, lambda actor: service.profiles.get(actor, name), lambda p: _ok(p, _profile_line(p)))

    def profile_run(
        ctx: Context,
        name: Annotated[str, Field(min_length=1, max_length=200, description=_NAME)],
        batch: Annotated[int, Field(ge=1, le=MAX_BATCH, description="Conversations per batch.")] = 100,
    ) -> Annotated[CallToolResult, SweepReport]:
        return run(ctx, lambda actor: service.profiles.run(actor, name, batch=batch),
                   lambda r: _ok(r, _text(r.model_dump(mode="json", exclude_none=True))))  # fmt: skip

    def job_list(ctx: Context) -> Annotated[CallToolResult, JobsResult]:
        return run(ctx, lambda actor: service.jobs.list(actor=actor), lambda js: _ok(
            JobsResult(jobs=js), "\n".join(_job_line(j) for j in js) or "no scheduled jobs"))  # fmt: skip

    def job_show(
        ctx: Context,
        name: Annotated[str, Field(min_length=1, max_length=220, description=_JOB)],
        limit: Annotated[int, Field(ge=1, le=MAX_LIMIT, description="How many of the latest runs.")] = 20,
    ) -> Annotated[CallToolResult, JobDetail]:
        def render(found: tuple[JobInfo, list[JobRun]]) -> CallToolResult:
            info, runs = found
            return _ok(JobDetail(job=info, runs=runs), "\n".join([_job_line(info), *map(_run_line, runs)]))

        return run(ctx, lambda actor: service.jobs.show(name, actor=actor, limit=limit), render)

    def job_run(
        ctx: Context,
        name: Annotated[str, Field(min_length=1, max_length=220, description=_JOB)],
        batch: Annotated[int, Field(ge=1, le=MAX_BATCH, description="Conversations per batch.")] = 100,
    ) -> Annotated[CallToolResult, JobRun]:
        return run(ctx, lambda actor: service.jobs.run(name, actor=actor, batch=batch),
                   lambda r: _ok(r, _run_line(r)))  # fmt: skip

    read_only = ToolAnnotations(read_only_hint=True, open_world_hint=False)
    runs = ToolAnnotations(read_only_hint=False, destructive_hint=True, idempotent_hint=True,
                           open_world_hint=False)  # fmt: skip
    return [
        make_tool(profile_list, title="List profiles", annotations=read_only, description=(
            "The workspace's memory profiles: which memory types each keeps, for whom, how often its sweep "
            "extracts from the conversation log, how long it keeps them, and its last sync.")),
        make_tool(profile_show, title="Show a profile", annotations=read_only, description=(
            "One memory profile's settings and run state (enabled, last sync, running, last error).")),
        make_tool(profile_run, title="Run a profile's sweep", annotations=runs, description=(
            "Sweep a profile now (admin keys): extract what the conversation log gained since its last sync. "
            "Recorded as a run of its job; 'busy' when a run of it is already in progress.")),
        make_tool(job_list, title="List jobs", annotations=read_only, description=(
            "The workspace's scheduled jobs (admin keys): each enabled profile's sweep with its period, "
            "next run and last run (status, duration, error).")),
        make_tool(job_show, title="Show a job", annotations=read_only, description=(
            "A job and its latest runs, newest first, with durations and errors (admin keys).")),
        make_tool(job_run, title="Run a job", annotations=runs, description=(
            "Run a job now (admin keys), e.g. 'sweep:prefs', and record the run.")),
    ]  # fmt: skip
