"""Profiles (``/v1/profiles``) and jobs (``/v1/jobs``): each endpoint parses its request, makes one
service call and renders the result with the SDK's own models. Who may do what is decided by the
service (``ProfileService``, ``JobService``; the table in docs/api.md), not here."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from ..jobs.models import JobInfo
from ..models import JobRun, Profile, ProfileLogEntry
from ..profiles.models import ProfileDeletion, SweepReport
from ..requests import MAX_BATCH, MAX_INSTRUCTIONS_CHARS, MAX_LIMIT
from .context import CallerDep, render
from .schemas import ERROR_RESPONSES, OptOutBody, RunBody, _Body, opt_out_user, run_batch, within

__all__ = ["router"]

router = APIRouter(prefix="/v1", responses=ERROR_RESPONSES)  # type: ignore[arg-type]


class ProfileSettings(_Body):
    types: list[str] | None = Field(
        default=None, description="Types or groups (semantic, episodic, procedural)."
    )
    scope: str | None = Field(default=None, description="user, team or agent.")
    teams: list[str] | None = None
    agent: str | None = None
    extractor: str | None = Field(default=None, description="rules or llm.")
    instructions: str | None = Field(default=None, json_schema_extra={"maxLength": MAX_INSTRUCTIONS_CHARS})
    embedding_model: str | None = None
    refresh: str | int | None = Field(default=None, description="'15m', '1h', '1d' (or minutes).")
    expire_after: str | int | None = Field(
        default=None, description="'90 days', '6 months', 'off' (or minutes)."
    )


class ProfileBody(ProfileSettings):
    name: str = Field(json_schema_extra={"minLength": 1, "maxLength": 200})  # (the service says it)
    enabled: bool = False


class ProfilesPage(BaseModel):
    profiles: list[Profile]


class ProfileLog(BaseModel):
    entries: list[ProfileLogEntry]


class JobsPage(BaseModel):
    jobs: list[JobInfo]


class JobDetail(BaseModel):
    job: JobInfo
    runs: list[JobRun]


def _given(body: BaseModel) -> dict[str, Any]:
    return {k: v for k, v in body.model_dump().items() if k in body.model_fields_set}


@router.post("/profiles", response_model=Profile, status_code=201, tags=["profiles"])
def create_profile(body: ProfileBody, who: CallerDep) -> JSONResponse:
    """A new profile (admin keys). Disabled unless ``enabled``: enabling schedules its sweep."""
    fields = _given(body)
    name = fields.pop("name")
    return render(who.service.profiles.create(who.actor, name, **fields), status_code=201)


@router.get("/profiles", response_model=ProfilesPage, tags=["profiles"])
def list_profiles(who: CallerDep) -> JSONResponse:
    return render({"profiles": who.service.profiles.list(who.actor)})


@router.get("/profiles/{name}", response_model=Profile, tags=["profiles"])
def show_profile(name: str, who: CallerDep) -> JSONResponse:
    return render(who.service.profiles.get(who.actor, name))


@router.patch("/profiles/{name}", response_model=Profile, tags=["profiles"])
def update_profile(name: str, body: ProfileSettings, who: CallerDep) -> JSONResponse:
    """Change settings (admin keys); what is not given stays."""
    return render(who.service.profiles.update(who.actor, name, **_given(body)))


@router.post("/profiles/{name}/enable", response_model=Profile, tags=["profiles"])
def enable_profile(name: str, who: CallerDep) -> JSONResponse:
    return render(who.service.profiles.enable(who.actor, name))


@router.post("/profiles/{name}/disable", response_model=Profile, tags=["profiles"])
def disable_profile(name: str, who: CallerDep) -> JSONResponse:
    return render(who.service.profiles.disable(who.actor, name))


@router.delete("/profiles/{name}", response_model=ProfileDeletion, tags=["profiles"])
def delete_profile(name: str, who: CallerDep, confirm: bool = False) -> JSONResponse:
    """The plan of deleting the profile (admin keys; nothing deleted, ``dry_run: true``);
    ``confirm=true`` deletes it and every memory it wrote."""
    return render(who.service.profiles.delete(who.actor, name, confirm=confirm))


@router.post("/profiles/{name}/run", response_model=SweepReport, tags=["profiles"])
def run_profile(
    name: str,
    who: CallerDep,
    batch: int | None = Query(None, json_schema_extra=within(1, MAX_BATCH)),
    body: RunBody | None = None,
) -> JSONResponse:
    """Sweep the profile now (admin keys); ``batch`` (conversations a batch, 100 when left out) in the
    query or the JSON body."""
    return render(who.service.profiles.run(who.actor, name, batch=run_batch(batch, body)))


@router.get("/profiles/{name}/log", response_model=ProfileLog, tags=["profiles"])
def profile_log(
    name: str, who: CallerDep, limit: int = Query(50, json_schema_extra=within(1, MAX_LIMIT))
) -> JSONResponse:
    """What happened to the profile's memories (expired, deleted, swept): how many and when."""
    return render({"entries": who.service.profiles.log(who.actor, name, limit=limit)})


@router.post("/profiles/{name}/opt-out", response_model=Profile, tags=["profiles"])
def profile_opt_out(
    name: str, who: CallerDep, user: str | None = None, body: OptOutBody | None = None
) -> JSONResponse:
    """The acting user (or, for admin keys, ``user``: in the query or the JSON body) is skipped by this
    profile's sweeps."""
    return render(who.service.profiles.opt_out(who.actor, name, opt_out_user(user, body)))


@router.post("/profiles/{name}/opt-in", response_model=Profile, tags=["profiles"])
def profile_opt_in(
    name: str, who: CallerDep, user: str | None = None, body: OptOutBody | None = None
) -> JSONResponse:
    return render(who.service.profiles.opt_in(who.actor, name, opt_out_user(user, body)))


@router.get("/jobs", response_model=JobsPage, tags=["jobs"])
def list_jobs(who: CallerDep) -> JSONResponse:
    """The sweeps of this workspace's enabled profiles: period, next run, last run (admin keys)."""
    return render({"jobs": who.service.jobs.list(actor=who.actor)})


@router.get("/jobs/{name}", response_model=JobDetail, tags=["jobs"])
def show_job(
    name: str, who: CallerDep, limit: int = Query(20, json_schema_extra=within(1, MAX_LIMIT))
) -> JSONResponse:
    job, runs = who.service.jobs.show(name, actor=who.actor, limit=limit)
    return render({"job": job, "runs": runs})


@router.post("/jobs/{name}/run", response_model=JobRun, tags=["jobs"])
def run_job(
    name: str,
    who: CallerDep,
    batch: int | None = Query(None, json_schema_extra=within(1, MAX_BATCH)),
    body: RunBody | None = None,
) -> JSONResponse:
    """Run a sweep of this workspace now (admin keys), recorded as a run of the job; ``batch`` as for a
    profile's run."""
    return render(who.service.jobs.run(name, actor=who.actor, batch=run_batch(batch, body)))
