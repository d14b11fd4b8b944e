"""Series of games: where they run (``--backend local|ray``, ``--address``, ``--jobs``, shared by every
series command), and the season, tournament and ratings commands."""

from __future__ import annotations

import functools

import click

from ..core.runner import BACKENDS, Backend, RunnerError, make_backend
from . import main  # noqa: F401  (the season/tournament/ratings commands register on it)


def backend_options(fn):
    """Add ``--backend``, ``--address`` and ``--jobs`` to a series command; the command receives a
    ready ``backend`` (closed when it returns) instead of the three options."""

    @click.option("--backend", "backend_name", type=click.Choice(BACKENDS), default="local", show_default=True,
                  help="Where the games run: worker processes on this machine, a Ray cluster, or in this process.")
    @click.option("--address", default=None,
                  help="Ray cluster address ('auto' for the one 'ray start' runs here, or ray://HOST:10001); "
                       "without it --backend ray starts a private local Ray.")
    @click.option("--jobs", "-j", type=int, default=None,
                  help="Worker processes (local) or CPUs of the private Ray instance (default: every core).")
    @functools.wraps(fn)
    def wrapper(*args, backend_name: str, address: str | None, jobs: int | None, **kwargs):
        if jobs is not None and jobs < 1:
            raise click.BadParameter("must be at least 1", param_hint="--jobs")
        try:
            backend = make_backend(backend_name, jobs=jobs, address=address)
        except RunnerError as exc:
            raise click.ClickException(str(exc)) from None
        with backend:
            return fn(*args, backend=backend, **kwargs)

    return wrapper


def backend_line(backend: Backend) -> str:
    return f"backend: {backend.describe()}"
