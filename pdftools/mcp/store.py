"""The HTTP server's file store: uploads and produced files, each under an unguessable token.

A token is 32 random bytes (urlsafe base64); it names a folder in the store, never a path a client chose.
Files expire after a TTL (swept in the background), the store is capped in size (oldest evicted first, never
a file in use), and a file may belong to one MCP session: other sessions cannot see or use it. What a call
without a session makes belongs to nobody: usable by whoever holds its token, listed to nobody.
"""

from __future__ import annotations

import hashlib
import mimetypes
import os
import secrets
import shutil
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from pdftools.core.naming import fit, safe_component

URI_PREFIX = "pdftools://files/"
TOKEN_BYTES = 32
EXPIRED_KEPT = 10_000  # swept tokens remembered (~1 MB) to answer 410 rather than 404


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
    in_use: int = 0

    @property
    def uri(self) -> str:
        return URI_PREFIX + self.token


@dataclass
class FileStore:
    root: Path
    ttl: float = 3600.0
    max_bytes: int = 2_000_000_000
    files: dict[str, StoredFile] = field(default_factory=dict)
    expired: dict[str, float] = field(default_factory=dict)  # swept tokens, so a late link says "expired"
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def __post_init__(self) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
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
                            mimetypes.guess_type(path.name)[0] or "application/octet-stream", digest.hexdigest(),
                            now, now + self.ttl, owner, listed)
        with self._lock:
            self.files[token] = stored
        self._evict()
        return stored

    def get(self, token: str, owner: str | None = None) -> StoredFile | None:
        """The file, if it exists, has not expired, and `owner` may use it."""
        with self._lock:
            stored = self.files.get(token)
        if stored is None or stored.expires < time.time():
            return None
        if stored.owner is not None and owner != stored.owner:
            return None
        return stored

    def of(self, owner: str | None) -> list[StoredFile]:
        now = time.time()
        with self._lock:
            return [f for f in self.files.values() if f.expires >= now and f.listed and f.owner in (None, owner)]

    def sweep(self) -> int:
        """Remove expired files and stray slots; return how many files went."""
        now = time.time()
        with self._lock:
            gone = [t for t, f in self.files.items() if f.expires < now and not f.in_use]
            for token in gone:
                del self.files[token]
                self.expired[token] = now
            for token in list(self.expired)[:max(0, len(self.expired) - EXPIRED_KEPT)]:
                del self.expired[token]  # the oldest first (dicts keep insertion order)
        for token in gone:
            shutil.rmtree(self.root / token, ignore_errors=True)
        return len(gone)

    def _evict(self) -> None:
        with self._lock:
            total = sum(f.size for f in self.files.values())
            victims = []
            for stored in sorted(self.files.values(), key=lambda f: f.created):
                if total <= self.max_bytes:
                    break
                if not stored.in_use:
                    victims.append(stored.token)
                    total -= stored.size
            for token in victims:
                del self.files[token]
        for token in victims:
            shutil.rmtree(self.root / token, ignore_errors=True)

    def clear(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)


def stored_name(client_name: str) -> str:
    """The name a file gets in the store: the client's name made safe (never a path)."""
    return fit(safe_component(Path(client_name.replace("\\", "/")).name, fallback="upload.bin"))  # 240 bytes
