"""The HTTP server's file store: uploads and produced files, each under an unguessable token.

A token is 32 random bytes (urlsafe base64); it names a folder in the store, never a path a client chose.
Files expire after a TTL (swept in the background), the store is capped in size (oldest evicted first), and a
file may belong to one MCP session: other sessions cannot see or use it. What a call without a session makes
belongs to nobody: usable by whoever holds its token, listed to nobody.

Everything the store knows is on disk, so several `serve` replicas can share one folder (`--store DIR` on
storage they all see) and act as one: `<token>/<name>` is the file and `.meta/<token>.json` what is known of it
(written last, atomically: a file without it is not there yet); `.expired/<token>` remembers a swept token, so
that a late link says "expired" on every replica. Removal starts by renaming the token's metadata into
`.trash/`: only one replica's rename succeeds, so a file is swept once, and no replica serves it after that.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import secrets
import shutil
import socket
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from pdftools.core.naming import fit, safe_component
from pdftools.mcp import mime

URI_PREFIX = "pdftools://files/"
PRIVATE = "pdftools-files-"  # a server's own store in TMPDIR (or PDFTOOLS_FILES_DIR), removed when it stops
OWNER = ".owner"  # in a private store: "HOST PID" of the server it is, locked while it runs
_CLAIMED: dict[Path, int] = {}  # this process's private stores: their `.owner`, open and locked
TOKEN_BYTES = 32
EXPIRED_KEPT = 10_000  # swept tokens remembered (one empty file each) to answer 410 rather than 404
META, EXPIRED, TRASH = ".meta", ".expired", ".trash"


@dataclass
class StoredFile:
    token: str
    name: str
    path: Path
    size: int
    mime: str
    sha256: str
    created: float
    expires: float
    owner: str | None  # the MCP session it belongs to; None: any authenticated client (e.g. the upload page)
    listed: bool = True  # False: usable by its token only (what a sessionless call made: nobody else's to see)

    @property
    def uri(self) -> str:
        return URI_PREFIX + self.token


@dataclass
class FileStore:
    root: Path
    ttl: float = 3600.0
    max_bytes: int = 2_000_000_000
    shared: bool = False  # a folder other replicas use too: kept when this server stops

    def __post_init__(self) -> None:
        for folder in (self.root, self.root / META, self.root / EXPIRED, self.root / TRASH):
            folder.mkdir(parents=True, exist_ok=True)
        os.chmod(self.root, 0o700)

    def new_slot(self) -> tuple[str, Path]:
        """A fresh token and its empty folder, for a file about to be written (upload or output)."""
        token = secrets.token_urlsafe(TOKEN_BYTES)
        folder = self.root / token
        folder.mkdir(mode=0o700)
        return token, folder

    def add(self, token: str, path: Path, owner: str | None, listed: bool = True) -> StoredFile:
        """Register a file written into the slot `token` (hashing it once, here)."""
        digest = hashlib.sha256()
        with path.open("rb") as fh:
            for chunk in iter(lambda: fh.read(1 << 20), b""):
                digest.update(chunk)
        now = time.time()
        stored = StoredFile(token, path.name, path, path.stat().st_size,
                            mime.of(path), digest.hexdigest(),
                            now, now + self.ttl, owner, listed)
        meta = {**asdict(stored), "path": path.name}
        staged = self.root / TRASH / f"{token}.{secrets.token_hex(4)}.json"
        staged.write_text(json.dumps(meta), encoding="utf-8")
        staged.replace(self._meta(token))
        self._evict()
        return stored

    def lookup(self, token: str) -> StoredFile | None:
        """What the store holds under `token`, expired or not (None: no such file, or not yet complete)."""
        if not _is_token(token):
            return None
        try:
            meta = json.loads(self._meta(token).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        meta["path"] = self.root / token / meta["path"]
        return StoredFile(**meta)

    def get(self, token: str, owner: str | None = None) -> StoredFile | None:
        """The file, if it exists, has not expired, and `owner` may use it."""
        stored = self.lookup(token)
        if stored is None or stored.expires < time.time():
            return None
        if stored.owner is not None and owner != stored.owner:
            return None
        return stored

    def was_swept(self, token: str) -> bool:
        return _is_token(token) and (self.root / EXPIRED / token).exists()

    def all(self) -> list[StoredFile]:
        return [f for f in map(self.lookup, self._tokens()) if f is not None]

    def of(self, owner: str | None) -> list[StoredFile]:
        now = time.time()
        return [f for f in self.all() if f.expires >= now and f.listed and f.owner in (None, owner)]

    def sweep(self, now: float | None = None) -> int:
        """Remove files expired by `now` (default: now), slots left unfinished for a whole TTL, and old
        tombstones; return how many files this call removed (one another replica removed first is not
        counted twice)."""
        now = time.time() if now is None else now
        gone = 0
        for token in self._tokens():
            stored = self.lookup(token)
            if stored is not None and stored.expires < now:
                gone += self._remove(token)
            elif stored is None and _age(self.root / token, now) > self.ttl:  # an upload that never finished
                shutil.rmtree(self.root / token, ignore_errors=True)
        self._forget_old_tombstones()
        return gone

    def _remove(self, token: str) -> int:
        """1 if this call removed the file; 0 if another replica (or call) was first."""
        claim = self.root / TRASH / f"{token}.{secrets.token_hex(4)}.json"
        try:
            self._meta(token).rename(claim)  # the claim: only one replica's rename succeeds
        except FileNotFoundError:
            return 0
        (self.root / EXPIRED / token).touch()
        shutil.rmtree(self.root / token, ignore_errors=True)
        claim.unlink(missing_ok=True)
        return 1

    def _forget_old_tombstones(self) -> None:
        with os.scandir(self.root / EXPIRED) as entries:
            marks = sorted(entries, key=lambda e: e.stat().st_mtime if e.is_file() else 0.0)
        for entry in marks[:max(0, len(marks) - EXPIRED_KEPT)]:
            with contextlib.suppress(OSError):
                os.unlink(entry.path)

    def _evict(self) -> None:
        files = sorted(self.all(), key=lambda f: f.created)
        total = sum(f.size for f in files)
        for stored in files:
            if total <= self.max_bytes:
                break
            total -= stored.size
            self._remove(stored.token)

    def _meta(self, token: str) -> Path:
        return self.root / META / f"{token}.json"

    def _tokens(self) -> list[str]:
        with os.scandir(self.root) as entries:
            return [e.name for e in entries if e.is_dir() and _is_token(e.name)]

    def claim(self) -> None:
        """Write down whose private store this is and hold a lock on it while this server lives, so that the next
        server knows it dead (`sweep_dead`) by the lock alone: the kernel drops it when the process ends, however
        it ends, whatever pid namespace (container) the sweeper is in and whatever process has the pid since. The
        lock is taken before a word is written: an `.owner` still empty is a store being made, never swept."""
        fd = os.open(self.root / OWNER, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)  # not inherited (PEP 446)
        fcntl.flock(fd, fcntl.LOCK_EX)
        os.write(fd, f"{socket.gethostname()} {os.getpid()}".encode())
        _CLAIMED[self.root] = fd  # open (the lock held) until the process ends or `clear`

    def clear(self) -> None:
        """Remove the store when this server stops, unless replicas share it."""
        if not self.shared:
            shutil.rmtree(self.root, ignore_errors=True)
        fd = _CLAIMED.pop(self.root, None)
        if fd is not None:
            os.close(fd)


def sweep_dead(folder: Path) -> None:
    """Remove the private stores in `folder` whose server is no longer running: one killed outright (SIGKILL, the
    OOM killer) could not remove its own, and its uploads and outputs stayed for ever. A store is dead when its
    `.owner` lock (`FileStore.claim`) is free: a pid is not asked, for a live server in another container (another
    pid namespace, the same host name, a TMPDIR volume shared) has a pid that is no one's here, and a dead one's pid
    may be another process's since. A store of another machine (a shared TMPDIR), without an owner written (an
    older server, or one being made) or another user's (unreadable) is left alone."""
    host = socket.gethostname()
    with contextlib.suppress(OSError):
        for store in folder.glob(PRIVATE + "*"):
            try:
                fd = os.open(store / OWNER, os.O_RDONLY | os.O_NOFOLLOW)
            except OSError:
                continue
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # BlockingIOError: its server holds it, alive
                owner_host, pid = os.read(fd, 4096).decode("utf-8").rsplit(" ", 1)
                if owner_host == host and pid.isdigit():
                    shutil.rmtree(store, ignore_errors=True)
            except (OSError, ValueError):
                continue
            finally:
                os.close(fd)


def _is_token(name: str) -> bool:
    """A token's shape (what `new_slot` makes), never `.`-names, separators or `..`."""
    return len(name) == 43 and all(c.isalnum() or c in "-_" for c in name)


def _age(folder: Path, now: float) -> float:
    try:
        return now - folder.stat().st_mtime
    except OSError:
        return 0.0


def stored_name(client_name: str) -> str:
    """The name a file gets in the store: the client's name made safe (never a path)."""
    return fit(safe_component(Path(client_name.replace("\\", "/")).name, fallback="upload.bin"))  # 240 bytes
