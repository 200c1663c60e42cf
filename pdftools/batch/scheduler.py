"""Reaching a batch's Dask scheduler, and following it when it moves.

Its address is as `dask worker` takes it, or the file `dask scheduler --scheduler-file` writes (`named_file`,
`from_file`); Dask's greeting is made within the timeout before a client is (`greet`), and Dask's refusals of an
address (no port, tls:// without certificates) and a server there that is no scheduler (the dashboard's port) are
said in words (`unusable`, `no_scheduler`). A cluster named by its scheduler file whose scheduler goes is followed
to the address the file names then (`Following._follow`, a part of `cluster.DaskExecutor`).
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any

from pdftools.errors import ClusterUnavailable

CONNECT_TIMEOUT = 10  # seconds to reach the scheduler (PDFTOOLS_CLUSTER_TIMEOUT)
ATTEMPT = 5.0  # seconds of one try to reach a scheduler the scheduler file names anew (`_follow`)
FOREVER = 365 * 86400.0  # PDFTOOLS_CLUSTER_TIMEOUT=0 (no limit): Dask's client takes no None


def quiet_dask() -> None:
    """Dask logs a lost worker or a closed connection on stderr, where `--json` promises one object; the
    rows already say what happened to each file. Its own loggers have levels of their own (the client's
    "failed to reconnect" is an ERROR): its handler is what stays quiet. PDFTOOLS_DEBUG shows the logs."""
    import logging

    if not os.environ.get("PDFTOOLS_DEBUG"):
        logger = logging.getLogger("distributed")
        logger.setLevel(logging.CRITICAL)
        for handler in logger.handlers:
            handler.setLevel(logging.CRITICAL + 1)


ADDRESS_HINT = ("{{cli:Give it as `dask worker` takes it: --cluster tcp://HOST:8786 (HOST:8786 works too; 8786 is "
                "the scheduler's port, 8787 its dashboard's).}}{{mcp:It is the server's setting PDFTOOLS_CLUSTER: "
                "whoever runs the server writes it as `dask worker` takes it, tcp://HOST:8786.}}")
TLS_SETTINGS = ("DASK_DISTRIBUTED__COMM__TLS__CA_FILE, DASK_DISTRIBUTED__COMM__TLS__CLIENT__CERT and "
                "DASK_DISTRIBUTED__COMM__TLS__CLIENT__KEY (Dask's settings, read from the environment or "
                "~/.config/dask/*.yaml)")
TLS_HINT = ("{{cli:Give this machine the authority's certificate and a certificate and key of its own, as the "
            f"workers' --tls-ca-file, --tls-cert and --tls-key: {TLS_SETTINGS}.}}}}{{{{mcp:Whoever runs the server "
            f"gives it the authority's certificate and a certificate and key of its own: {TLS_SETTINGS}.}}}}")


FILE_HINT = ("{{cli:`dask scheduler --scheduler-file FILE` writes it, on storage this machine sees: give that "
             "FILE, or the scheduler's address: --cluster tcp://HOST:8786.}}{{mcp:It is the server's setting "
             "PDFTOOLS_CLUSTER: whoever runs the server names the file `dask scheduler --scheduler-file` wrote, or "
             "the scheduler's address, tcp://HOST:8786.}}")


def named_file(value: str) -> Path | None:
    """The file `dask scheduler --scheduler-file F` writes, when the cluster is named by it (HPC deployments,
    dask-jobqueue and dask-mpi, share the address so); None for an address. `~/` too: a service's or an MCP
    client's settings name it so, and no shell expands it there."""
    if "://" in value or not (value.endswith(".json") or os.sep in value):
        return None
    return Path(value).expanduser()


def from_file(value: str) -> str:
    """The scheduler's address, read from the scheduler file `value` names (see `named_file`); any other value
    as it is."""
    named = named_file(value)
    if named is None:
        return value
    try:
        return read_address(named)
    except FileNotFoundError:
        raise ClusterUnavailable(f"no scheduler file {value}", hint=FILE_HINT) from None
    except (OSError, ValueError, KeyError, TypeError, RuntimeError) as exc:
        raise ClusterUnavailable(f"cannot read the scheduler's address from {value}: {type(exc).__name__}: {exc}",
                                 hint=FILE_HINT) from None


def read_address(path: Path) -> str:
    return str(json.loads(path.read_text(encoding="utf-8"))["address"])


def unusable(address: str, exc: Exception) -> ClusterUnavailable:
    """Dask's refusal of an address before any connection, in words: one that is no scheduler's (no port,
    the dashboard's http://), or tls:// without this machine's certificates."""
    if isinstance(exc, ValueError):
        return ClusterUnavailable(f"{address} is not a Dask scheduler's address: {exc}", hint=ADDRESS_HINT)
    if address.startswith(("tls://", "wss://")) and "TLS" in str(exc):
        return ClusterUnavailable(f"the Dask scheduler at {address} speaks TLS, and this machine has no TLS "
                                  "certificate for it", hint=TLS_HINT)
    return ClusterUnavailable(f"cannot reach the Dask scheduler at {address}: {type(exc).__name__}: {exc}",
                              hint=ADDRESS_HINT)


def greet(address: str, seconds: float | None) -> None:
    """Dask's own greeting with the address, within the timeout, before a client is made. The client's waits for
    the answer without a limit: a web server (the dashboard's port, 8787, typed for the scheduler's) waits for a
    request line Dask never sends, and the batch waited for ever; it reads another server's first bytes as a
    frame's length (`MemoryError`)."""
    import asyncio

    from distributed.comm import connect
    from distributed.security import Security

    async def greet() -> None:
        comm = await connect(address, timeout=seconds or FOREVER, **Security().get_connection_args("client"))
        await comm.close()

    loop = asyncio.new_event_loop()  # the time up is a greeting not done (a TimeoutError is an OSError, as Dask's)
    greeting = loop.create_task(greet())
    try:  # Dask's connect gives up on its own after `seconds` when nothing takes the connection
        loop.run_until_complete(asyncio.wait({greeting}, timeout=None if seconds is None else seconds + 1))
    finally:
        if not greeting.done():
            greeting.cancel()
            with contextlib.suppress(BaseException):
                loop.run_until_complete(greeting)
        loop.close()
    failed = greeting.exception() if not greeting.cancelled() else TimeoutError()
    if failed is None:
        return
    if not isinstance(failed, Exception):  # (Ctrl-C, SIGTERM)
        raise failed
    if isinstance(failed, TimeoutError):  # (an OSError: first) it took the connection, never answered as Dask does
        raise no_scheduler(address, f"no answer to Dask's greeting in {seconds:g} s") from None
    if isinstance(failed, MemoryError):
        raise no_scheduler(address, "its first bytes are no Dask message") from None
    if isinstance(failed, OSError):
        raise ClusterUnavailable(f"cannot reach the Dask scheduler at {address}: {failed}") from None
    raise unusable(address, failed) from None


def no_scheduler(address: str, why: str) -> ClusterUnavailable:
    return ClusterUnavailable(f"something answers at {address}, but not as a Dask scheduler ({why}): another "
                              "program's port, such as the scheduler's dashboard", hint=ADDRESS_HINT)


class Following:
    """The part of `cluster.DaskExecutor` that follows a scheduler its scheduler file names anew."""

    client: Any
    address: str
    timeout: float | None
    _file: Path | None  # the scheduler file the cluster was named by (None: an address)
    _moves: int
    _stalled: float | None
    _restricted: dict[Any, frozenset[str]]
    _fit: list[str] | None

    def _relabel(self) -> None:
        raise NotImplementedError  # the executor's

    def _anew(self) -> None:
        raise NotImplementedError  # the screening's (`Screening._anew`)

    def _follow(self, now: float) -> bool:
        """A cluster named by its scheduler file whose scheduler has gone: when the file names another address
        now (the scheduler started again elsewhere: a batch system's job on another node, another port), a
        client there, within what is left of the timeout. Dask's client only tries the address it had. The
        files the old scheduler dropped are sent again (`run`); those whose rows came are done. False while the
        file names the same address (the client's own reconnection) or cannot be read (being written)."""
        if self._file is None or self.client.status == "running":
            return False
        try:
            address = read_address(self._file)
        except (OSError, ValueError, KeyError, TypeError):
            return False
        if address == self.address:
            return False
        from distributed import Client

        left = None if self.timeout is None else self.timeout - (now - (self._stalled or now))
        if left is not None and left <= 0:
            return False
        try:  # a few seconds at a time: a cancel (Ctrl-C, a client's) is looked at in between
            client = Client(address, timeout=min(left or FOREVER, ATTEMPT), set_as_default=False)
        except Exception:  # noqa: BLE001 - not up yet (or no scheduler): looked at again, within the timeout
            return False
        old, self.client, self.address = self.client, client, address
        with contextlib.suppress(Exception):
            old.close(timeout=1)
        self._moves += 1
        self._restricted.clear()  # kept to the old cluster's workers: sent again, to this one's
        self._fit = None
        self._relabel()
        self._anew()  # this cluster's workers, asked before any file once they are there
        return True
