"""Several `serve --transport http` replicas sharing one store (`--store DIR`) act as one server: a file uploaded
to one is used and downloaded through another, tokens hold on every replica, and the sweep removes each
expired file once, wherever it runs. Real servers on 127.0.0.1, the SDK's client."""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from test_mcp_http import Server, _client, start

from pdftools.mcp.store import FileStore


def _stop(*servers: Server) -> None:
    for srv in servers:
        srv.proc.terminate()
    for srv in servers:
        srv.proc.wait(timeout=20)


@pytest.fixture
def replicas(tmp_path: Path, sample: Path, outline_pdf: Path) -> Iterator[tuple[Server, Server, Path]]:
    store = tmp_path / "shared-store"
    roots = []
    for name in ("a", "b"):
        root = tmp_path / f"root-{name}"
        root.mkdir()
        roots.append(root)
    a = start(roots[0], PDFTOOLS_STORE=str(store))
    b = start(roots[1], PDFTOOLS_STORE=str(store))
    yield a, b, store
    _stop(a, b)


def test_upload_on_one_merge_on_another_download_on_the_first(
        replicas: tuple[Server, Server, Path], sample: Path, outline_pdf: Path) -> None:
    a, b, store = replicas
    first, second = a.upload(sample), b.upload(outline_pdf)

    async def merge_on_b() -> Any:
        async with _client(b) as client:
            return await client.call_tool("pdf_merge", {"inputs": [first["uri"], second["uri"]],
                                                        "output": "m.pdf"})

    merged = anyio.run(merge_on_b)
    assert not merged.is_error, merged.content
    made = merged.structured_content["files"][0]
    token = made["uri"].rsplit("/", 1)[1]
    status, _, body = a.request("GET", f"/files/{token}")  # the other replica serves it
    assert status == 200 and hashlib.sha256(body).hexdigest() == made["sha256"]
    status, _, body = a.request("GET", "/files/" + first["uri"].rsplit("/", 1)[1])
    assert status == 200 and body == sample.read_bytes()

    _stop(a)  # one replica stops: the shared store stays for the others
    status, _, body = b.request("GET", f"/files/{token}")
    assert status == 200 and hashlib.sha256(body).hexdigest() == made["sha256"]
    assert (store / ".meta" / f"{token}.json").is_file()


def test_expired_files_are_gone_on_every_replica(tmp_path: Path, sample: Path) -> None:
    store = tmp_path / "shared-store"
    servers = []
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        servers.append(start(tmp_path / name, PDFTOOLS_STORE=str(store), PDFTOOLS_FILE_TTL="1"))
    a, b = servers
    try:
        token = a.upload(sample)["uri"].rsplit("/", 1)[1]
        assert b.request("GET", f"/files/{token}")[0] == 200
        deadline = time.monotonic() + 20
        while (store / token).exists() and time.monotonic() < deadline:  # the sweeps run every 0.5 s
            time.sleep(0.2)
        assert not (store / token).exists() and (store / ".expired" / token).is_file()
        for srv in servers:
            status, _, body = srv.request("GET", f"/files/{token}")
            assert status == 410 and json.loads(body)["error"]["code"] == "FILE_EXPIRED"
    finally:
        _stop(a, b)


def test_concurrent_sweeps_remove_each_file_once(tmp_path: Path) -> None:
    """Four stores on one folder (as four replicas) sweep at the same moment: every expired file is removed
    exactly once, none is lost before it expires, and each leaves one tombstone."""
    stores = [FileStore(tmp_path / "store", ttl=60, shared=True) for _ in range(4)]
    tokens = []
    for n in range(60):
        token, slot = stores[n % 4].new_slot()
        (slot / f"f{n}.pdf").write_bytes(b"%PDF-1.4 " + bytes([n]))
        stores[n % 4].add(token, slot / f"f{n}.pdf", owner=None)
        tokens.append(token)
    assert all(s.get(t) is not None for s in stores for t in tokens)  # every replica sees every file
    assert stores[0].sweep() == 0  # nothing has expired yet: nothing goes
    later = time.time() + 61
    counts: list[int] = []
    go = threading.Barrier(len(stores))

    def sweep(store: FileStore) -> None:
        go.wait()
        counts.append(store.sweep(now=later))

    threads = [threading.Thread(target=sweep, args=(s,)) for s in stores]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sum(counts) == len(tokens)
    assert sorted(p.name for p in (tmp_path / "store" / ".expired").iterdir()) == sorted(tokens)
    assert all(s.lookup(t) is None and s.was_swept(t) for s in stores for t in tokens)
    assert not any((tmp_path / "store" / t).exists() for t in tokens)


def test_a_private_store_goes_a_shared_one_stays(tmp_path: Path) -> None:
    private, shared = FileStore(tmp_path / "private"), FileStore(tmp_path / "shared", shared=True)
    private.clear()
    shared.clear()
    assert not (tmp_path / "private").exists() and (tmp_path / "shared").is_dir()
