"""``memlane serve``, ``memlane mcp`` and the admin groups ``keys``, ``users`` and ``teams``.

The admin commands work on the local database directly (whoever can read the file owns the data), so
they also recover a server whose keys were all revoked. Over the network, the same operations are the
REST API's ``/v1/keys``, ``/v1/users`` and ``/v1/teams`` (admin keys).

Kept apart from ``cli.py`` (which registers these commands) so that importing the CLI stays cheap:
uvicorn, FastAPI and the MCP SDK are imported only when a server starts.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import json
import socket
import sys
from collections.abc import Callable, Iterator
from typing import Any

import click

__all__ = ["keys", "mcp_cmd", "serve_cmd", "teams", "users"]

DEFAULT_PORT = 8420


def _options(fn: Callable[..., Any]) -> Callable[..., Any]:
    """--json, --db and --workspace (also accepted before the command: ``memlane --json keys list``);
    memlane errors become one ``error: …`` line and exit code 1, as everywhere in the CLI."""

    @click.option("--json", "as_json", is_flag=True, help="Print JSON.")
    @click.option(
        "--db", help="SQLite file or database URL (default: $MEMLANE_DATABASE_URL or ~/.memlane/memlane.db)."
    )
    @click.option("--workspace", help="Workspace (default: $MEMLANE_WORKSPACE or 'default').")
    @click.pass_context
    @functools.wraps(fn)
    def wrapper(
        ctx: click.Context, as_json: bool, db: str | None, workspace: str | None, **kwargs: Any
    ) -> Any:
        root = ctx.find_root().obj if isinstance(ctx.find_root().obj, dict) else {}
        obj = dict(root)
        obj["json"] = bool(root.get("json")) or as_json
        if db:
            obj["db"] = db
        if workspace:
            obj["workspace"] = workspace
        ctx.obj = obj
        from .cli import run_reporting_errors  # cli imports this module at its end: import when run

        return run_reporting_errors(ctx, fn, **kwargs)

    return wrapper


def _settings(ctx: click.Context) -> Any:
    from .config import load_settings

    obj = ctx.obj
    return load_settings(database_url=obj.get("db"), user=obj.get("user"), workspace=obj.get("workspace"),
                         embedder=obj.get("embedder"))  # fmt: skip


def _access(ctx: click.Context) -> tuple[Any, str]:
    """(AccessService over the configured store, workspace): no embedder, nothing else loaded."""
    from .app import open_store
    from .auth import AccessService

    settings = _settings(ctx)
    store = open_store(settings.database_url)
    ctx.call_on_close(store.close)
    return AccessService(store.identity), settings.workspace


def _access_of(service: Any) -> Any:
    """The AccessService ``build_service`` wired into the service (it checks opt-outs on every call)."""
    from .auth import AccessService

    if not isinstance(service.access, AccessService):  # pragma: no cover - build_service always sets it
        raise RuntimeError("the service has no access service")
    return service.access


def _emit(ctx: click.Context, value: Any, human: Callable[[Any], str]) -> None:
    from pydantic import BaseModel  # imported here: ``memlane --help`` needs no pydantic

    if ctx.obj.get("json"):
        data = value.model_dump(mode="json") if isinstance(value, BaseModel) else value
        if isinstance(data, list):
            data = [v.model_dump(mode="json") if isinstance(v, BaseModel) else v for v in data]
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        click.echo(human(value))


# -- serve and mcp ------------------------------------------------------------------------------------


@click.command("serve")
@click.option(
    "--host", default="127.0.0.1", show_default=True, help="Address to listen on (0.0.0.0: every interface)."
)
@click.option("--port", default=DEFAULT_PORT, show_default=True, type=click.IntRange(0, 65535))
@click.option(
    "--user",
    help="Who the admin key created on first start acts as (default: $MEMLANE_USER or the login name).",
)
@click.option(
    "--embedder", help="local | local-onnx | local-onnx-int8 | local-torch | openai:<model> | none."
)
@click.option("--max-body", default=1024 * 1024, show_default=True, type=click.IntRange(1024),
              help="Largest request body accepted, in bytes (larger: 413).")  # fmt: skip
@click.option("--no-mcp", is_flag=True, help="Serve the REST API only.")
@click.option("--open", "open_browser", is_flag=True,
              help="Print a one-time sign-in link to the dashboard (and open it in a browser).")  # fmt: skip
@click.option("--no-jobs", is_flag=True,
              help="Do not run scheduled jobs in this process (SQLite; on PostgreSQL: memlane worker).")  # fmt: skip
@click.option("--quiet", "-q", is_flag=True, help="No progress messages on stderr (model preparation).")
@click.option("--secure-cookies", is_flag=True, envvar="MEMLANE_SECURE_COOKIES",
              help="Always mark the dashboard's cookies Secure (browsers then send them over HTTPS only);"
                   " set behind a TLS proxy. [env: MEMLANE_SECURE_COOKIES]")  # fmt: skip
@click.option("--forwarded-allow-ips", envvar="MEMLANE_FORWARDED_ALLOW_IPS",
              help="Proxies whose X-Forwarded-Proto/-For are trusted (comma-separated IPs or networks, '*' for"
                   " any; default 127.0.0.1). A request they mark https gets Secure cookies."
                   " [env: MEMLANE_FORWARDED_ALLOW_IPS]")  # fmt: skip
@_options
def serve_cmd(ctx: click.Context, host: str, port: int, user: str | None, embedder: str | None, max_body: int,
              no_mcp: bool, open_browser: bool, no_jobs: bool, quiet: bool, secure_cookies: bool,
              forwarded_allow_ips: str | None) -> None:  # fmt: skip
    """Serve the dashboard, the REST API and MCP over HTTP.

    The web dashboard (/), the REST API (/v1, OpenAPI at /docs) and MCP over streamable HTTP (/mcp) in one
    process; on SQLite also the scheduled jobs (profile sweeps, expiry). The port is taken first: if it is
    in use, nothing else happens (no database, no key). On a store without API keys, prints one admin key,
    once. With --open, prints a link that signs one browser in to the dashboard as the local user (once,
    within 10 minutes).

    \b
    Examples:
      memlane serve --open
      memlane serve --host 0.0.0.0 --port 9000 --db "postgresql://memlane@db/memlane"
    """
    import uvicorn

    from . import __version__
    from .api import create_app
    from .app import build_service
    from .cli_progress import showing
    from .graph.linking import own_process
    from .interrupts import Interrupts

    sock = _listen(host, port)  # before anything is created: a busy port must leave no key behind
    # Ctrl-C or SIGTERM from now on stops the process whatever it is doing: the server gracefully, and
    # at once past a grace period or on a second signal (interrupts.py; uvicorn's handlers stay out)
    interrupts = Interrupts()
    interrupts.install()
    try:
        ctx.obj["quiet"] = bool(ctx.obj.get("quiet")) or quiet
        if user:
            ctx.obj["user"] = user
        settings = _settings(ctx)
        own_process()  # memlane's own process: linking may settle its heap (graph.linking.own_process)
        with showing(ctx):  # the one-time model preparation, on a terminal
            service = build_service(settings, embedder=embedder or ctx.obj.get("embedder"))
            access = _access_of(service)
            admin = access.bootstrap(settings.workspace, settings.user)
            # Warm up now, before the URL is announced and before anything answers (/health included):
            # the model loaded, the text analysis's tables read and its patterns compiled, so the first
            # request costs what any other does. Connections made meanwhile wait in the listen queue.
            service.warm_up()
            model = service.embedder
        bound = sock.getsockname()[1]
        url = f"http://{host if ':' not in host else f'[{host}]'}:{bound}"
        app = create_app(service, access, max_body_bytes=max_body, mcp=not no_mcp, host=host,
                         secure_cookies=secure_cookies)  # fmt: skip
        link = _dashboard_link(app, url, settings) if open_browser else None
        if ctx.obj.get("json"):
            click.echo(json.dumps({"url": url, "database": settings.database_url, "workspace": settings.workspace,
                                   "admin_key": admin.key if admin else None, "dashboard_link": link}))  # fmt: skip
        else:
            click.echo(f"memlane {__version__} serving {url}  (dashboard {url}/ · REST {url}/v1 · OpenAPI {url}/docs"
                       + ("" if no_mcp else f" · MCP {url}/mcp") + ")")  # fmt: skip
            click.echo(f"database: {settings.database_url}  embedder: {model.identity if model else 'none'}")
            if admin is not None:
                click.echo(
                    f"\nAdmin API key for workspace {settings.workspace!r}, acting as {settings.user!r}"
                    " (shown once: memlane keeps only its hash):\n\n"
                    f"    {admin.key}\n\n"
                    "Send it as 'Authorization: Bearer <key>'. More keys: memlane keys create --help"
                )
            if link:
                click.echo(f"\nDashboard sign-in link (one use, valid 10 minutes):\n\n    {link}\n")
        sys.stdout.flush()
        if link and not ctx.obj.get("json"):
            _open_in_browser(link)
        jobs = None
        if not no_jobs and service.storage.backend == "sqlite":  # PostgreSQL: memlane worker processes
            from .jobs import InProcessRunner

            jobs = InProcessRunner(service)
            jobs.start()
        try:
            config = uvicorn.Config(app, log_level="warning", access_log=False, proxy_headers=True,
                                    forwarded_allow_ips=forwarded_allow_ips or "127.0.0.1")  # fmt: skip
            server = _server_class()(config)
            interrupts.stop = functools.partial(setattr, server, "should_exit", True)  # seen within 0.1 s
            if interrupts.received is not None:  # came while the server was being made
                server.should_exit = True
            server.run(sockets=[sock])
        finally:
            if jobs is not None:
                jobs.stop()
            service.close()
    finally:
        sock.close()


def _server_class() -> Any:
    import uvicorn

    class Server(uvicorn.Server):
        """uvicorn's server without its signal handlers: ``Interrupts`` handles Ctrl-C and SIGTERM for
        the whole process (uvicorn's would stand in for it while serving, then raise the signal again)."""

        @contextlib.contextmanager
        def capture_signals(self) -> Iterator[None]:
            yield

    return Server


def _dashboard_link(app: Any, url: str, settings: Any) -> str:
    """A one-time link that signs a browser in as the local user, an admin of the workspace: whoever
    can start the server on this database owns its data (as with the admin commands)."""
    from .auth import OPERATOR_KEY_ID, Principal
    from .models import Visibility

    local = Principal(OPERATOR_KEY_ID, settings.workspace, settings.user, None, True, Visibility.SHARED)
    return f"{url}/signin/once?token={app.state.web.sessions.one_time_link(local)}"


def _open_in_browser(link: str) -> None:
    import os
    import webbrowser

    # Only with a desktop: on a server (SSH, no display) Python would start a text browser in this
    # terminal, in front of the server; there the printed link is what to use.
    if sys.platform in ("darwin", "win32") or os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        with contextlib.suppress(webbrowser.Error):
            webbrowser.open(link)


def _listen(host: str, port: int) -> socket.socket:
    """A socket listening on host:port (uvicorn accepts on it), or one ``error:`` line and exit 1."""
    from .errors import ConfigError

    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
    except socket.gaierror as exc:
        raise ConfigError(f"cannot listen on {host!r}: {exc.strerror}") from None
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does: restart after Ctrl-C
        sock.bind(address)
        # Listening now, not when uvicorn starts: once the URL is announced a client may connect at
        # once; until uvicorn accepts, the kernel queues the connection instead of refusing it.
        sock.listen(2048)  # uvicorn's default backlog
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise ConfigError(f"port {port} is in use (try --port)") from None
        raise ConfigError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    return sock


@click.command("mcp")
@click.option("--user", help="Act as this user (default: $MEMLANE_USER or the login name).")
@click.option("--embedder", help="Embedding provider (default: $MEMLANE_EMBEDDER or local).")
@_options
def mcp_cmd(ctx: click.Context, user: str | None, embedder: str | None) -> None:
    """Serve the MCP tools over stdio (for a desktop client).

    A desktop client starts it as a subprocess; it acts as the local user on the local database. The
    client starts it with a minimal environment: set MEMLANE_HOME, MEMLANE_USER (and
    MEMLANE_DATABASE_URL if not the default) in the client's "env" block.

    \b
    Examples:
      memlane mcp
      memlane mcp --user ana --db ~/notes/memlane.db
    """
    import anyio

    from .app import build_service
    from .graph.linking import own_process
    from .mcp_server import run_stdio

    if user:
        ctx.obj["user"] = user
    settings = _settings(ctx)
    own_process()  # memlane's own process: linking may settle its heap (graph.linking.own_process)
    service = build_service(settings, embedder=embedder or ctx.obj.get("embedder"))
    try:
        # Warm up before serving, as ``memlane serve`` does: the client waits for its initialize
        # answer meanwhile, and the first tool call then costs what any other does (MemoryService.warm_up).
        service.warm_up()
        anyio.run(functools.partial(run_stdio, service, _access_of(service), user=settings.user,
                                    workspace=settings.workspace))  # fmt: skip
    finally:
        service.close()


# -- keys -------------------------------------------------------------------------------------------------


def _key_line(k: Any) -> str:
    bound = f"user {k.user}" if k.user else (f"agent {k.agent}" if k.agent else "any user")
    flags = [f for f, on in (("admin", k.admin), ("personal-only", str(k.max_visibility) == "personal"),
                             ("REVOKED", k.revoked_at is not None)) if on]  # fmt: skip
    used = f"last used {k.last_used_at:%Y-%m-%d %H:%M}" if k.last_used_at else "never used"
    return "  ".join(p for p in (k.id, f"{k.prefix}…", bound, " ".join(flags), used, k.name) if p)


@click.group("keys")
def keys() -> None:
    """Create, list and revoke API keys."""


@keys.command("create")
@click.option("--user", help="Bind the key to this user (it acts as that user only).")
@click.option("--agent", help="Bind the key to this agent (its requests read the agent's shared items).")
@click.option("--admin", is_flag=True, help="May manage keys, users and teams, and act as any user.")
@click.option(
    "--personal",
    is_flag=True,
    help="Personal-only: requests with this key never write or change shared items.",
)
@click.option("--name", default="", help="A label to recognise the key by.")
@_options
def keys_create(ctx: click.Context, user: str | None, agent: str | None, admin: bool, personal: bool,
                name: str) -> None:  # fmt: skip
    """Create an API key (printed once).

    Only its hash is kept.

    \b
    Examples:
      memlane keys create --user ana --name "ana's laptop"
      memlane keys create --admin --json
    """
    access, workspace = _access(ctx)
    key = access.create_key(workspace, user=user, agent=agent, admin=admin,
                            max_visibility="personal" if personal else "shared", name=name)  # fmt: skip
    _emit(ctx, key, lambda k: f"{k.key}\n(shown once; id {k.id})")


@keys.command("list")
@_options
def keys_list(ctx: click.Context) -> None:
    """Every key of the workspace (without the secrets)."""
    access, workspace = _access(ctx)
    _emit(ctx, access.list_keys(workspace), lambda ks: "\n".join(map(_key_line, ks)) or "no keys")


@keys.command("revoke")
@click.argument("key_id")
@_options
def keys_revoke(ctx: click.Context, key_id: str) -> None:
    """Revoke a key by its id: it fails from the next request on."""
    access, workspace = _access(ctx)
    _emit(ctx, access.revoke_key(workspace, key_id), lambda k: f"revoked {k.id} ({k.prefix}…)")


# -- users ------------------------------------------------------------------------------------------------


def _user_line(u: Any) -> str:
    teams = f"  teams: {', '.join(u.teams)}" if u.teams else ""
    return f"{u.name}{'  (opted out)' if u.opted_out else ''}{teams}"


@click.group("users")
def users() -> None:
    """Register users and opt them in or out of memory."""


@users.command("create")
@click.argument("name")
@_options
def users_create(ctx: click.Context, name: str) -> None:
    """Register a user.

    Needed before adding them to teams; acting needs no registration.
    """
    access, workspace = _access(ctx)
    _emit(ctx, access.create_user(workspace, name), _user_line)


@users.command("list")
@_options
def users_list(ctx: click.Context) -> None:
    """Every registered user of the workspace, with teams and opt-out."""
    access, workspace = _access(ctx)
    _emit(ctx, access.list_users(workspace), lambda us: "\n".join(map(_user_line, us)) or "no users")


@users.command("opt-out")
@click.argument("name")
@_options
def users_opt_out(ctx: click.Context, name: str) -> None:
    """Opt a user out of memory: no reads, no writes.

    Reads come back empty and writes are refused, on every surface.
    """
    access, workspace = _access(ctx)
    _emit(ctx, access.set_opted_out(workspace, name, True), _user_line)


@users.command("opt-in")
@click.argument("name")
@_options
def users_opt_in(ctx: click.Context, name: str) -> None:
    """Opt a user back in to memory."""
    access, workspace = _access(ctx)
    _emit(ctx, access.set_opted_out(workspace, name, False), _user_line)


# -- teams ------------------------------------------------------------------------------------------------


def _team_line(t: Any) -> str:
    return f"{t.name}: {', '.join(t.members) or '(no members)'}"


@click.group("teams")
def teams() -> None:
    """Create teams and manage their members.

    A team's items are readable by its current members only.
    """


@teams.command("create")
@click.argument("name")
@_options
def teams_create(ctx: click.Context, name: str) -> None:
    """Create a team."""
    access, workspace = _access(ctx)
    _emit(ctx, access.create_team(workspace, name), _team_line)


@teams.command("list")
@_options
def teams_list(ctx: click.Context) -> None:
    """Every team of the workspace with its members."""
    access, workspace = _access(ctx)
    _emit(ctx, access.list_teams(workspace), lambda ts: "\n".join(map(_team_line, ts)) or "no teams")


@teams.command("add")
@click.argument("team")
@click.argument("user")
@_options
def teams_add(ctx: click.Context, team: str, user: str) -> None:
    """Add USER to TEAM."""
    access, workspace = _access(ctx)
    _emit(ctx, access.add_member(workspace, team, user), _team_line)


@teams.command("remove")
@click.argument("team")
@click.argument("user")
@_options
def teams_remove(ctx: click.Context, team: str, user: str) -> None:
    """Remove USER from TEAM.

    The team's items are out of reach from the next request on.
    """
    access, workspace = _access(ctx)
    _emit(ctx, access.remove_member(workspace, team, user), _team_line)
