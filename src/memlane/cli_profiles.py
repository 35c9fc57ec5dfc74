"""``memlane profiles …``, ``memlane jobs …`` and ``memlane worker`` from the command line.

A thin layer over the SDK's ``Memlane.profiles`` and ``Memlane.jobs``, like every other command: on the
database itself it acts as the store's operator; with ``--server`` the remote SDK's, with the key's rights. ``cli.py`` builds the
groups with its own helpers (``build``): this module cannot import ``cli``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from .cli_words import counted
from .errors import ConfigError
from .limits import MAX_BATCH, MAX_LIMIT
from .timeutil import iso_z

__all__ = ["build"]

_SETTINGS = (
    click.option("--types", help="Memory types or groups, comma-separated: semantic, episodic, procedural,"
                 " fact, preference, relationship, observation, decision, episode, procedure (default: all)."),
    click.option("--scope", type=click.Choice(["user", "team", "agent"]), help="Whose memories (default: user)."),
    click.option("--team", "teams", multiple=True, help="A team of a team profile (repeat for several)."),
    click.option("--agent", help="The agent of an agent profile."),
    click.option("--extractor", help="rules (default) or llm."),
    click.option("--instructions", help="Extra strict rules for extraction, e.g. 'only store decisions'."),
    click.option("--embedding-model", help="The store's embedder (e.g. local, openai:<model>); another is refused."),
    click.option("--refresh", help="How often the sweep runs: 15m, 1h, 1d... (default: 1h)."),
    click.option("--expire-after", help="Keep what it writes this long: '90 days', '6 months', 'off'."),
)  # fmt: skip


def _settings(fn: Callable[..., Any]) -> Callable[..., Any]:
    for option in reversed(_SETTINGS):
        fn = option(fn)
    return fn


def _given(options: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in options.items() if v is not None and v != ()}


def _period(minutes: int) -> str:
    """A period as it is typed (``--refresh 1d``): ``1d``, ``2h``, ``90m``, not ``1440m``."""
    for unit, size in (("w", 10080), ("d", 1440), ("h", 60)):
        if minutes % size == 0:
            return f"{minutes // size}{unit}"
    return f"{minutes}m"


def _profile_text(p: Any) -> str:
    scope = p.scope + (f" ({', '.join(p.teams)})" if p.teams else "") + (f" ({p.agent})" if p.agent else "")
    return "\n".join([
        f"{p.name}  ({p.id})  {'enabled' if p.enabled else 'disabled'}"
        + ("  running since " + iso_z(p.running_since, "seconds") if p.running_since else ""),
        f"  types: {', '.join(str(t) for t in p.types)}",
        f"  scope: {scope}   extractor: {p.extractor}   refresh: every {_period(p.refresh_minutes)}"
        f"   expire after: {p.expire_after or 'never'}",
        f"  last sync: {iso_z(p.last_sync_at, 'seconds') if p.last_sync_at else 'never'}"
        + (f"   last error: {p.last_error}" if p.last_error else ""),
    ] + ([f"  instructions: {p.instructions}"] if p.instructions else []))  # fmt: skip


def _run_text(r: Any) -> str:
    took = f"{r.duration_s:.2f}s" if r.duration_s is not None else "running"
    return f"{iso_z(r.started_at, 'seconds')}  {r.status:9}  {took:>8}  {r.error or ''}".rstrip()


def build(
    _client: Callable[..., Any],
    _common: Callable[..., Any],
    _emit: Callable[..., None],
    _examples: Callable[..., str],
    _table: Callable[[list[str], list[list[str]]], str],
) -> tuple[click.Group, click.Group, click.Command]:
    """The ``profiles`` and ``jobs`` groups and the ``worker`` command."""

    def _profiles(ctx: click.Context) -> Any:
        return _client(ctx).profiles  # the embedded SDK's, or the server's with --server

    def _jobs(ctx: click.Context) -> Any:
        return _client(ctx).jobs

    @click.group()
    def profiles() -> None:
        """Profiles (memory sets): scheduled extraction and expiry."""

    @profiles.command("create", epilog=_examples(
        "memlane profiles create prefs --types preference,decision --refresh 1h",
        "memlane profiles create support --scope team --team support --expire-after '90 days' --enable",
    ))  # fmt: skip
    @click.argument("name")
    @_settings
    @click.option("--enable", is_flag=True, help="Schedule its sweep at once.")
    @_common
    def create_cmd(ctx: click.Context, name: str, enable: bool, **options: Any) -> None:
        """Create profile NAME (disabled unless --enable)."""
        profile = _profiles(ctx).create(name, enabled=enable, **_given(options))
        _emit(ctx, profile, _profile_text)

    @profiles.command("list", epilog=_examples("memlane profiles list --json"))
    @_common
    def list_cmd(ctx: click.Context) -> None:
        """The workspace's profiles."""
        rows = _profiles(ctx).list()
        _emit(ctx, rows, lambda ps: _table(["name", "state", "refresh", "expiry", "last sync", "types"], [
            [p.name, "enabled" if p.enabled else "disabled", _period(p.refresh_minutes), p.expire_after or "-",
             iso_z(p.last_sync_at, "seconds") if p.last_sync_at else "never",
             ",".join(str(t) for t in p.types)]
            for p in ps
        ]) if ps else "no profiles")  # fmt: skip

    @profiles.command("show", epilog=_examples("memlane profiles show prefs --json"))
    @click.argument("name")
    @_common
    def show_cmd(ctx: click.Context, name: str) -> None:
        """Profile NAME: settings, schedule and last sync."""
        _emit(ctx, _profiles(ctx).show(name), _profile_text)

    @profiles.command(
        "update", epilog=_examples("memlane profiles update prefs --refresh 30m --expire-after off")
    )
    @click.argument("name")
    @_settings
    @_common
    def update_cmd(ctx: click.Context, name: str, **options: Any) -> None:
        """Change settings of profile NAME (what is not given stays)."""
        changes = _given(options)
        if "embedding_model" in changes:
            changes["embedding_model"] = changes.pop("embedding_model")
        _emit(ctx, _profiles(ctx).update(name, **changes), _profile_text)

    @profiles.command("enable", epilog=_examples("memlane profiles enable prefs"))
    @click.argument("name")
    @_common
    def enable_cmd(ctx: click.Context, name: str) -> None:
        """Schedule the sweep of profile NAME at its refresh frequency."""
        _emit(
            ctx,
            _profiles(ctx).enable(name),
            lambda p: f"{p.name}: enabled (every {_period(p.refresh_minutes)})",
        )

    @profiles.command("disable", epilog=_examples("memlane profiles disable prefs"))
    @click.argument("name")
    @_common
    def disable_cmd(ctx: click.Context, name: str) -> None:
        """Cancel the schedule of profile NAME."""
        _emit(ctx, _profiles(ctx).disable(name), lambda p: f"{p.name}: disabled")

    @profiles.command(
        "delete", epilog=_examples("memlane profiles delete prefs", "memlane profiles delete prefs --yes")
    )
    @click.argument("name")
    @click.option("--yes", is_flag=True, help="Delete (without it: a dry run that counts what would go).")
    @_common
    def delete_cmd(ctx: click.Context, name: str, yes: bool) -> None:
        """Delete profile NAME and every memory it wrote.

        Without --yes, only says how many memories would be deleted."""
        result = _profiles(ctx).delete(name, confirm=yes)
        _emit(ctx, result, lambda r: (
            f"dry run: deleting {r.profile.name} would delete {counted(r.memories, 'memory', 'memories')},"
            f" {counted(r.schedules, 'schedule')} and {counted(r.opt_outs, 'opt-out')} (again with --yes to delete)"
            if r.dry_run else f"deleted {r.profile.name} and {counted(r.memories, 'memory', 'memories')}"
        ))  # fmt: skip

    @profiles.command("run", epilog=_examples("memlane profiles run prefs --json"))
    @click.argument("name")
    @click.option("--batch", type=click.IntRange(1, MAX_BATCH), default=100, show_default=True,
                  help="Conversations per batch.")  # fmt: skip
    @_common
    def run_cmd(ctx: click.Context, name: str, batch: int) -> None:
        """Sweep profile NAME now.

        Extracts what the conversation log gained since the profile's last sync."""
        r = _profiles(ctx).run(name, batch=batch)
        _emit(ctx, r, lambda r: (
            f"{r.profile}: {r.status}" + (f" ({r.error})" if r.error else "")
            + f"; {counted(r.conversations, 'conversation')}, {counted(r.messages, 'message')},"
            f" {counted(r.transcripts, 'transcript')};"
            f" added {r.added}, updated {r.updated}, deleted {r.deleted}; skipped users {r.skipped_users};"
            + (f" {counted(r.personal_transcripts, 'personal transcript')} (kept personal);"
               if r.personal_transcripts else "")
            + f" {r.duration_s:.2f}s"
        ))  # fmt: skip

    @profiles.command("log", epilog=_examples("memlane profiles log prefs --json"))
    @click.argument("name")
    @click.option("--limit", type=click.IntRange(1, MAX_LIMIT), default=50, show_default=True)
    @_common
    def log_cmd(ctx: click.Context, name: str, limit: int) -> None:
        """What happened to the memories of NAME: expired, deleted, swept.

        How many, and when."""
        rows = _profiles(ctx).log(name, limit=limit)
        _emit(ctx, rows, lambda es: _table(["at", "action", "count"], [
            [iso_z(e.at, "seconds"), e.action, str(e.count)] for e in es
        ]) if es else "nothing logged yet")  # fmt: skip

    @profiles.command("opt-out", epilog=_examples("memlane profiles opt-out prefs --user ana"))
    @click.argument("name")
    @_common
    def opt_out_cmd(ctx: click.Context, name: str) -> None:
        """The user (--user) is skipped by the sweeps of profile NAME."""
        user = ctx.obj.get("user")
        p = _profiles(ctx).opt_out(name, user=user)
        _emit(ctx, p, lambda p: f"{user or 'you'}: opted out of {p.name}")

    @profiles.command("opt-in", epilog=_examples("memlane profiles opt-in prefs --user ana"))
    @click.argument("name")
    @_common
    def opt_in_cmd(ctx: click.Context, name: str) -> None:
        """The user (--user) is swept by profile NAME again."""
        user = ctx.obj.get("user")
        p = _profiles(ctx).opt_in(name, user=user)
        _emit(ctx, p, lambda p: f"{user or 'you'}: opted in to {p.name}")

    @click.group()
    def jobs() -> None:
        """Scheduled jobs: sweeps, expiry, consolidation."""

    @jobs.command("list", epilog=_examples("memlane jobs list --json"))
    @_common
    def jobs_list_cmd(ctx: click.Context) -> None:
        """Every scheduled job: period, next run, last run (duration, error)."""
        rows = _jobs(ctx).list()
        _emit(ctx, rows, lambda js: _table(["job", "every", "next", "last run"], [
            [j.name + (f" ({j.profile})" if j.profile else ""), _period(j.every_minutes),
             iso_z(j.next_run_at, "seconds"), _run_text(j.last_run) if j.last_run else "never"]
            for j in js
        ]))  # fmt: skip

    @jobs.command(
        "show", epilog=_examples("memlane jobs show expiry", "memlane jobs show sweep:prefs --json")
    )
    @click.argument("name")
    @click.option("--limit", type=click.IntRange(1, MAX_LIMIT), default=20, show_default=True)
    @_common
    def jobs_show_cmd(ctx: click.Context, name: str, limit: int) -> None:
        """Job NAME (expiry, consolidate, sweep:<profile>) and its latest runs."""
        info, runs = _jobs(ctx).show(name, limit=limit)
        value = {"job": info.model_dump(mode="json"), "runs": [r.model_dump(mode="json") | {
            "duration_s": r.duration_s} for r in runs]}  # fmt: skip
        _emit(ctx, value, lambda _: "\n".join(
            [f"{info.name}  every {_period(info.every_minutes)}  next {iso_z(info.next_run_at, 'seconds')}"]
            + [_run_text(r) for r in runs]
        ))  # fmt: skip

    @jobs.command("run", epilog=_examples("memlane jobs run expiry", "memlane jobs run sweep:prefs --json"))
    @click.argument("name")
    @_common
    def jobs_run_cmd(ctx: click.Context, name: str) -> None:
        """Run job NAME now, in this process, and record the run."""
        run = _jobs(ctx).run(name)
        _emit(ctx, run.model_dump(mode="json") | {"duration_s": run.duration_s}, lambda _: _run_text(run))

    @click.command("worker", epilog=_examples(
        "memlane worker", 'memlane worker --db "postgresql://memlane@db/memlane" --concurrency 2',
    ))  # fmt: skip
    @click.option("--tick", type=click.FloatRange(0.1, 3600), default=5.0, show_default=True,
                  help="Seconds between looks at the schedule.")  # fmt: skip
    @click.option("--concurrency", type=click.IntRange(1, 64), default=1, show_default=True,
                  help="Jobs at once (PostgreSQL).")  # fmt: skip
    @click.option("--batch", type=click.IntRange(1, MAX_BATCH), default=100, show_default=True,
                  help="Conversations per sweep batch.")  # fmt: skip
    @click.option("--stale-after", type=click.FloatRange(1, 86_400), default=300.0, show_default=True,
                  help="Seconds without a heartbeat after which a sweep is taken as dead and taken over.")  # fmt: skip
    @_common
    def worker_cmd(ctx: click.Context, tick: float, concurrency: int, batch: int, stale_after: float) -> None:
        """Run scheduled jobs until stopped (Ctrl-C).

        On PostgreSQL, several workers (on several machines) share the schedule through a PostgreSQL
        task queue; on SQLite the jobs run in this process. Logs a line per sweep batch on stderr."""
        import logging
        from datetime import timedelta

        from .interrupts import Interrupts
        from .jobs import runner_for

        # Ctrl-C or SIGTERM from now on: the first lets the running job end and the worker stop (exit 0),
        # past a grace period or on a second signal the process ends at once (interrupts.py)
        interrupts = Interrupts()
        interrupts.install()
        try:
            logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
            client = _client(ctx)
            if not hasattr(client, "service"):
                raise ConfigError("memlane worker works on the database itself, not over --server")
            client.service.profiles.stale_after = timedelta(seconds=stale_after)
            # Warm up before taking any job: a first sweep would otherwise read the text analysis's tables
            # on its way, and a process that spends seconds in one call holding the GIL sends no heartbeat.
            client.service.warm_up()
            runner = runner_for(client.service, client.settings.database_url, tick=tick,
                                concurrency=concurrency, batch=batch)  # fmt: skip
            if client.service.storage.backend == "postgres":
                # procrastinate's graceful shutdown waits for the running jobs however long they take
                # (as it does under its own handlers); a second signal still ends the process at once
                interrupts.grace = None
            interrupts.stop = runner.stop
            runner.run_forever()
        except KeyboardInterrupt:
            pass  # a signal while starting: nothing runs yet

    return profiles, jobs, worker_cmd
