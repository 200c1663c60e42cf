"""The program: the command line (`pdftools.cli`) with the `serve` command that starts the MCP server
(`pdftools.mcp`). The only module above both front ends, which never import each other; the MCP SDK is
imported only when `serve` runs."""

from __future__ import annotations

import atexit
import io
import os
import sys
from pathlib import Path
from typing import Annotated, Any, Literal

import typer

from pdftools.ops import DEFAULT_PROFILE, selected

CONFIG_SNIPPET = """\
Claude Desktop (claude_desktop_config.json):

\b
  {
    "mcpServers": {
      "pdftools": {
        "command": "pdftools",
        "args": ["serve", "--transport", "stdio",
                 "--root", "/home/me/Documents"]
      }
    }
  }
"""


LOOPBACK = {"127.0.0.1", "::1", "localhost"}
M_ARENA_MAX = -8  # glibc's mallopt parameter


def fewer_malloc_arenas(arenas: int = 2) -> None:
    """A long-lived server runs each call in a worker thread; glibc gives threads their own malloc arenas,
    and their fragmentation made the HTTP server's memory creep (benchmarks/load.py, 20 sessions for 150 s:
    119 -> 129 MB) where two arenas keep it flat (107.5 -> 109.3 MB). Set before any thread starts; the
    same as MALLOC_ARENA_MAX=2, which still wins when set. Not glibc: nothing to do."""
    if os.environ.get("MALLOC_ARENA_MAX") or not sys.platform.startswith("linux"):
        return
    import contextlib
    import ctypes

    with contextlib.suppress(OSError, AttributeError):  # musl and other libcs have no mallopt
        ctypes.CDLL(None).mallopt(M_ARENA_MAX, arenas)


def _tool_names(incomplete: str) -> list[str]:
    """What `serve --tools read,st<TAB>` completes: the last profile or command of the list."""
    from pdftools.cli.shells import in_list
    from pdftools.ops import OPS, PROFILES

    return in_list(lambda: [*PROFILES, *(op.name for op in OPS)])(incomplete)


def serve(
    transport: Annotated[Literal["stdio", "http"], typer.Option(metavar="[stdio|http]", help="How clients connect.")
                         ] = "stdio",
    root: Annotated[
        list[Path] | None,
        typer.Option("--root", metavar="FOLDER",
                     help="Folder the tools may read and write (repeatable; default: the working directory). "
                          "Relative paths start at the first root."),
    ] = None,
    host: Annotated[str, typer.Option(metavar="HOST", help="HTTP: address to bind (loopback by default).")
                    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(metavar="PORT", help="HTTP: port (1-65535).", min=1, max=65535)] = 8000,
    path: Annotated[str, typer.Option(metavar="PATH", help="HTTP: the MCP endpoint's path.")] = "/mcp",
    stateless: Annotated[bool, typer.Option(help="HTTP: no sessions (for horizontally scaled deployments).")]
    = False,
    json_response: Annotated[bool, typer.Option(help="HTTP: answer with JSON instead of SSE streams.")] = False,
    auth_token: Annotated[str | None, typer.Option(envvar="PDFTOOLS_AUTH_TOKEN", show_envvar=True, metavar="TOKEN",
                                                   help="HTTP: bearer token for /mcp, uploads and downloads.")]
    = None,
    public_url: Annotated[str | None, typer.Option(envvar="PDFTOOLS_PUBLIC_URL", show_envvar=True, metavar="URL",
                                                   help="HTTP: the URL clients use, for download links and the Host "
                                                        "check (behind a proxy; needed with --host 0.0.0.0).")]
    = None,
    store: Annotated[Path | None, typer.Option(
        envvar="PDFTOOLS_STORE", show_envvar=True, metavar="FOLDER",
        help="HTTP: a folder for uploads and outputs that several replicas share (kept when the server stops); "
             "default: a private temporary folder.")] = None,
    log_level: Annotated[
        Literal["debug", "info", "warning", "error"],
        typer.Option(metavar="[debug|info|warning|error]", help="Log level (logs go to stderr).")
    ] = "warning",
    tools: Annotated[
        str, typer.Option(envvar="PDFTOOLS_TOOLS", show_envvar=True, metavar="TOOLS", autocompletion=_tool_names,
                          help="Tools to expose, comma-separated: profiles (read: look only; edit: everyday "
                               "editing; all) and command or tool names, e.g. `read,stamp`.")
    ] = DEFAULT_PROFILE,
    quiet: Annotated[bool, typer.Option("-q", "--quiet", help="Log nothing but errors (as --log-level error).")]
    = False,
) -> None:
    """Serve the operations as MCP tools (stdio or Streamable HTTP); --tools chooses which."""
    from pdftools.cli.render import report_error
    from pdftools.errors import InvalidArgument, PdftoolsError

    try:
        selected(tools)
    except PdftoolsError as exc:
        raise typer.Exit(report_error(exc, as_json=False)) from None
    roots = [r.expanduser() for r in (root or [Path.cwd()])]
    problem = _root_problem(roots)
    if problem is not None:
        raise typer.Exit(report_error(problem, as_json=False))
    if transport == "http" and host not in LOOPBACK and not auth_token:
        refused = InvalidArgument(f"refusing to serve on {host} without a token",
                                  hint="pass --auth-token (or set PDFTOOLS_AUTH_TOKEN), or bind 127.0.0.1.")
        raise typer.Exit(report_error(refused, as_json=False))
    fewer_malloc_arenas()
    import logging

    if quiet:
        log_level = "error"

    logging.basicConfig(stream=sys.stderr, level=log_level.upper(), format="%(levelname)s %(name)s: %(message)s")
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    if transport == "http":
        from pdftools.mcp.http import env_settings, serve_http

        settings = env_settings(host=host, port=port, path=path, stateless=stateless, json_response=json_response,
                                token=auth_token, public_url=public_url, tools=tools,
                                store_dir=store)
        try:
            serve_http(roots, settings, log_level.upper())
        except PdftoolsError as exc:  # the port is taken, say
            raise typer.Exit(report_error(exc, as_json=False)) from None
        return
    from pdftools.mcp.stdio import serve_stdio

    serve_stdio(roots, log_level, tools)


def _root_problem(roots: list[Path]) -> Any:
    """Why the roots cannot be served (a missing one, a file), as an error; None when they can."""
    from pdftools.errors import FileNotFound, InvalidArgument

    missing = [str(r) for r in roots if not r.exists()]
    if missing:
        return FileNotFound(f"root folder(s) not found: {', '.join(missing)}",
                            hint="Give folders that exist: --root DIR (repeatable).")
    files = [str(r) for r in roots if not r.is_dir()]
    if files:
        return InvalidArgument(f"--root {files[0]} is a file, not a folder",
                               hint="Give the folder the tools may read and write: --root DIR (repeatable).")
    return None


serve.__doc__ = (f"Serve the operations as MCP tools (stdio or Streamable HTTP); --tools chooses which.\n\n"
                 f"{CONFIG_SNIPPET}")


def build_app(wanted: str | None = None) -> typer.Typer:
    """The whole app (every command when `wanted` is None): what `pdftools` runs and completions are made from."""
    from pdftools.cli.app import build_app as cli_app

    return cli_app(wanted, {"serve": serve})


def main() -> None:
    from pdftools.cli import app

    app.main({"serve": serve})


def utf8_everywhere() -> None:
    """Write as pdftotext and pdfgrep do in every locale: text as UTF-8 (JSON must be), file names as their bytes.
    That is Python's UTF-8 mode, which it enters by itself in the C locale: in a UTF-8 locale that is not C
    (`en_US.UTF-8`) only standard output's handling of a name that is not UTF-8 differs (the byte, as that mode
    writes it, rather than an error); in a locale that is not UTF-8 (`de_DE.ISO-8859-1`, C without coercion),
    which decodes names and arguments in its own charset, the program starts again in UTF-8 mode, so that names
    are the same bytes in and out and text is never refused for a character the charset lacks."""
    import codecs

    for stream, errors in ((sys.stdin, "surrogateescape"), (sys.stdout, "surrogateescape"),
                           (sys.stderr, "backslashreplace")):  # PYTHONIOENCODING, set for other Python programs
        if stream is not None and codecs.lookup(getattr(stream, "encoding", None) or "utf-8").name != "utf-8":
            stream.reconfigure(encoding="utf-8", errors=errors)  # type: ignore[union-attr]
    if sys.flags.utf8_mode:
        return
    if codecs.lookup(sys.getfilesystemencoding()).name != "utf-8":
        if sys.executable and "utf8" not in sys._xoptions:
            os.execv(sys.executable, [sys.executable, "-X", "utf8", *sys.orig_argv[1:]])
        return
    if sys.stdout is not None:
        sys.stdout.reconfigure(errors="surrogateescape")  # type: ignore[union-attr]


STREAMS = ((0, "stdin", os.O_WRONLY), (1, "stdout", os.O_RDONLY), (2, "stderr", os.O_RDONLY))


def hold_standard_streams() -> None:
    """A standard stream the program was started without (`>&-`, `<&-`, `2>&-`: a daemon, a careless script):
    its descriptor is taken by /dev/null opened the wrong way round. No file opened later becomes fd 0, 1 or 2
    (where a child program or a stray write would read or write it), and reading or writing the stream fails
    with EBADF, as on the closed descriptor, which the command line reports as an error."""
    for fd, name, wrong_way in STREAMS:
        try:
            os.fstat(fd)
            continue
        except OSError:
            pass
        held = os.open(os.devnull, wrong_way)  # the lowest free descriptor: `fd` (the lower ones are held)
        if held != fd:
            os.dup2(held, fd)
            os.close(held)
        setattr(sys, name, open(fd, "r" if fd == 0 else "w", closefd=False,  # noqa: SIM115  # lives as long as
                                encoding="utf-8", errors="surrogateescape"))  # the program, as sys.stdout does


class WholeWrites(io.RawIOBase):
    """Standard output's descriptor, written whole. Python 3.11's own writer hands a big write (a `--json` result,
    the words of a book) to write(2) once and drops what the pipe did not take: a reader that left mid-write
    (`| head -c 100`) gave exit 0 instead of SIGPIPE's 141, and a pipe left non-blocking by the program that made
    it (a CI runner, a Node.js parent) lost all but its first 64 kB, exit 0. Here every byte is written, waiting
    while a non-blocking pipe is full; EPIPE and the other errors are raised.

    Each byte is written once. Ctrl-C (SIGTERM, SIGHUP) right after write(2) took bytes raised before their count
    came back, and the buffer above kept them as unwritten, for the exit's flush to write again (a batch's row
    twice after Ctrl-C). Each count is kept by C code (`list.extend` over `map`: Python runs no signal handler
    between the call and the append), the bytes an exception then cut short are remembered (`_ahead`), and the
    buffer's next write of the same bytes skips them. (Holding the signals instead cost 80 us a write.)"""

    def __init__(self, fd: int) -> None:
        super().__init__()
        self._fd = fd
        self._ahead = b""  # written by the last write, which a signal then ended: not counted by the buffer

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self._fd

    def isatty(self) -> bool:
        return os.isatty(self._fd)

    def write(self, data: Any) -> int:
        view = memoryview(data).cast("B")
        ahead, self._ahead = self._ahead, b""
        start = len(ahead) if ahead and view[:len(ahead)] == ahead else 0  # (the buffer's retry of those bytes)
        counts: list[int] = []  # each write(2)'s, appended by C code as it returns (see above)
        try:
            while (done := start + sum(counts)) < len(view):
                try:
                    counts.extend(map(os.write, (self._fd,), (view[done:],)))
                except BlockingIOError:
                    from pdftools.core import descriptors

                    descriptors.ready(self._fd, write=True)
        except BaseException:  # (Ctrl-C, SIGTERM; a failed write): the buffer keeps what was written
            self._ahead = view[:start + sum(counts)].tobytes()
            raise
        return done


def whole_writes() -> None:
    """Standard output through `WholeWrites`, as it was otherwise (encoding, error handler, line buffering)."""
    old = sys.stdout
    sys.stdout = io.TextIOWrapper(io.BufferedWriter(WholeWrites(old.fileno())), encoding=old.encoding,
                                  errors=old.errors, line_buffering=bool(old.line_buffering))


def entry() -> None:
    """The `pdftools` program (console script and `python -m pdftools`): `main`, then, unless it served, an
    exit that skips tearing the interpreter down. The command's files are closed and its temporary folders
    removed by then (each is a `with` block); what is left is freeing every module and document object,
    ~25 ms of a merge's CPU that no one waits for. Exit handlers run and output buffers are flushed first."""
    utf8_everywhere()
    hold_standard_streams()
    if sys.argv[1:2] != ["serve"]:  # (the server's protocol stream is the SDK's)
        whole_writes()
        from pdftools.core import ending

        ending.at_exit_only()  # a command's documents are left to the os._exit below (merge's)
    try:
        main()
        code: str | int | None = 0
    except SystemExit as exc:
        code = exc.code
    if sys.argv[1:2] == ["serve"]:  # a server's threads and stores end the ordinary way
        try:
            sys.stderr.flush()
        except OSError:  # closed (`2>&-`): the error line left in the buffer goes nowhere; the exit code tells
            null = os.open(os.devnull, os.O_WRONLY)  # (else Python's own flush at exit fails, and it exits 120)
            os.dup2(null, sys.stderr.fileno())
            os.close(null)
        sys.exit(code)
    if code is not None and not isinstance(code, int):  # as sys.exit prints a message and exits 1
        sys.stderr.write(f"{code}\n")
        code = 1
    atexit._run_exitfuncs()  # what libraries clean up at exit (multiprocessing's `pymp-*` folder in TMPDIR)
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:  # the reader went away after the command ended (it had handled its own writes)
        code = code or 141
    except OSError:  # what a failed write left in the buffer: the command reported the failure
        code = code or 1
    os._exit(code or 0)
