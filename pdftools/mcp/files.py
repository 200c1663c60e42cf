"""Files in and out over HTTP, around the same op call.

In: a path inside the roots (as over stdio), a `pdftools://files/<token>` URI of a file the server holds (an
upload, or an earlier output of this session), or base64 (plain or a `data:` URL, size checked before
decoding). Out: every file an op writes lands in a private workspace; after the call each one moves into the
store under its own token, and the result names it by URI and download link instead of a server path.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import os
import re
import secrets
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import unquote, unquote_to_bytes

from mcp.types import ResourceLink

from pdftools.core.naming import safe_component
from pdftools.core.pathnames import checked
from pdftools.core.policies import RootsPolicy, like_data
from pdftools.core.results import map_strings
from pdftools.errors import FileNotFound, InvalidArgument, UploadTooLarge, verbatim
from pdftools.mcp.store import URI_PREFIX, FileStore, StoredFile, stored_name

# a data: URL (RFC 2397): base64 when its parameters end in `;base64`, else percent-encoded bytes
_DATA_URL = re.compile(r"data:(?P<mime>[\w.+\-]+/[\w.+\-]+)?(?P<params>(?:;[^;,]+)*),(?P<data>.*)", re.DOTALL)
_NAME = re.compile(r";(?:file)?name=([^;,]+)", re.IGNORECASE)  # RFC 2397 parameters: `;name=notes.txt`
_LINK = re.compile(r"\s*https?://[^/\s]+/(?:\S*/)?files/([A-Za-z0-9_\-]{43})(?:[?#]\S*)?\s*")  # a download link
STORED = "stored_files"  # where a result whose own `files` are something else lists the stored ones
MANIFEST = "files.json"  # the manifest of a call's outputs when its result lists only some


class HttpPolicy(RootsPolicy):
    PIPE_HINT = ("Give a pdftools://files/ URI (POST /upload, or an earlier result), base64, or a path inside the "
                 "roots; an output is a file name, and the result links the stored file.")

    def __init__(self, roots: list[Path], store: FileStore, session: str | None, max_upload: int,
                 link: Callable[[StoredFile], str]) -> None:
        super().__init__(roots)
        self.store, self.session, self.max_upload, self.link = store, session, max_upload, link
        self.workspace = store.root / f".call-{secrets.token_hex(8)}"
        self.workspace.mkdir(mode=0o700)
        # server path -> URI: no server path leaves the server; a file not stored (a plan's) by its name alone
        self.known = {str(self.workspace): URI_PREFIX, str(self.workspace) + os.sep: ""}
        self.names: dict[str, str] = {}  # a stored or named base64 file's server path -> its name, for `scrub`
        self.decoded: dict[str, Path] = {}  # a base64 argument -> the file it was decoded to, in this call

    def input(self, raw: str) -> Path:
        raw = self._as_uri(raw)
        if raw.startswith(URI_PREFIX):
            stored = self.store.get(raw[len(URI_PREFIX):], self.session)
            if stored is None:
                raise FileNotFound(f"no file {verbatim(raw)} for this session (expired, another session's, or made "
                                   "before the server restarted)",
                                   hint=f"Upload it again (POST /upload), or use a URI this session was given. "
                                        f"{REMADE}")
            self.known[str(stored.path)], self.names[str(stored.path)] = stored.uri, stored.name
            return stored.path
        if like_data(raw):
            if raw not in self.decoded:  # an op resolving its inputs more than once (search: 3 times) decodes once
                self.decoded[raw] = self._decode(raw)
            return self.decoded[raw]
        path = super().input(raw)
        if not os.path.lexists(path):  # the name of a file this session made, given for its uri?
            same = [f for f in self.store.of(self.session) if f.name == Path(raw.replace("\\", "/")).name]
            if same:
                uris = ", ".join(f.uri for f in sorted(same, key=lambda f: -f.created)[:3])
                raise FileNotFound(f"no such file: {verbatim(raw)}",
                                   hint=f"No file in the roots has that name, but this session's stored "
                                        f"{verbatim(same[0].name)} has: give its uri, {verbatim(uris)}.")
        return path

    WEB_HINT = ("Download it (or ask the user for it) and upload it: POST /upload, or its bytes as base64 or a data: "
                "URL in the argument.")

    def no_web(self, raw: str) -> None:
        if _LINK.fullmatch(raw) is None:  # this server's download link names its stored file (`_as_uri`)
            super().no_web(raw)

    def unmatched(self, pattern: str) -> str | None:
        """A glob that matched no file in the roots: the files this session made whose names it matches are in
        the store, not the roots; the hint gives their uris. None when there are none (the usual hint)."""
        import fnmatch

        name = Path(pattern.replace("\\", "/")).name
        same = sorted((f for f in self.store.of(self.session) if fnmatch.fnmatchcase(f.name, name)),
                      key=lambda f: -f.created)
        if not same:
            return None
        listed = ", ".join(f"{f.name} {f.uri}" for f in same[:5]) + (f" and {len(same) - 5} more" if same[5:] else "")
        return ("A glob matches files in the roots, not the stored files this session made; give those by uri: "
                f"{listed}.")

    def _as_uri(self, raw: str) -> str:
        """A stored file's uri as given, spaces around it dropped; its download link (this server's, as the
        result gave it, a query after it or not) as its uri."""
        if raw.strip().startswith(URI_PREFIX):
            return raw.strip()
        found = _LINK.fullmatch(raw)
        if found is None:
            return raw
        bare = re.split(r"[?#]", raw.strip(), maxsplit=1)[0]
        stored = self.store.lookup(found[1])
        if stored is not None and stored.expires < time.time():
            stored = None  # expired, not yet swept: gone as much as a swept one (its link answers 410)
        if stored is not None and self.link(stored) == bare:
            return stored.uri
        if stored is None and self.link(_token_only(found[1])) == bare:  # this server's link, its file gone
            raise FileNotFound(f"the file this link named is gone: {verbatim(bare)} (expired, or made before the "
                               "server restarted)", hint=REMADE)
        return raw

    def in_place(self, path: Path) -> None:
        """A stored file (an upload, an earlier output) or a base64 input never changes: its sha256 and size were
        given out, and its URI keeps naming what they describe."""
        if self._stored(path):
            raise InvalidArgument(f"{{{{in_place}}}} cannot change {verbatim(self._named(path))}: a stored file never "
                                  "changes (its sha256 and size were given out)",
                                  hint="Leave out {{in_place}}: the result is a new stored file, with its own uri.")

    def renamed(self, path: Path, raw: str) -> Path:
        """A file in the roots is renamed in its folder, as over stdio; a stored file keeps its name."""
        if self._stored(path):
            raise InvalidArgument(f"cannot rename {verbatim(self._named(path))}: a stored file keeps its name (its "
                                  "uri, sha256 and size were given out)",
                                  hint="Give {{copy_to}}: copies under the new names are stored, each with its own "
                                       "uri.")
        return RootsPolicy.output(self, raw)

    def _stored(self, path: Path) -> bool:
        return Path(os.path.realpath(path)).is_relative_to(os.path.realpath(self.store.root))

    def _named(self, path: Path) -> str:
        return self.known.get(str(path), "a stored file")

    def output(self, raw: str) -> Path:
        """Only the name counts, made plain (no leading dot: the store publishes no hidden file); a name no
        file system can hold is refused as over stdio."""
        self.no_pipe(raw, "standard output")
        name = Path(raw.replace("\\", "/")).name
        checked(Path(name), raw)
        return self.workspace / safe_component(name, fallback="output")

    def output_folder(self, raw: str) -> Path:
        return self.workspace

    def _decode(self, raw: str) -> Path:
        found = _DATA_URL.match(raw)
        if raw.startswith("data:") and found is None:
            raise InvalidArgument("a data: URL is data:[TYPE][;name=NAME][;base64],DATA: this one has no comma",
                                  hint="E.g. data:text/plain;base64,SGk= (base64), or data:text/plain,Hi%20there "
                                       "(percent-encoded text).")
        payload, text = found["data"] if found else raw, found is not None and not found["params"].endswith(";base64")
        if (len(payload) if text else len(payload) * 3 // 4) > self.max_upload:  # checked before decoding anything
            raise UploadTooLarge(f"the {'data: URL' if text else 'base64'} payload is over the {self.max_upload:,} "
                                 "byte limit")
        data = unquote_to_bytes(payload) if text else _base64(payload)
        folder = self.workspace / f".input-{secrets.token_hex(4)}"  # (hidden: no output of the call)
        folder.mkdir()
        target = folder / "upload"
        target.write_bytes(data)
        named = _NAME.search(found["params"]) if found else None
        if named:  # the name the data: URL gives, else `upload` and its type's extension (the URL's or its bytes')
            target = target.rename(folder / stored_name(unquote(named[1])))
            self.names[str(target)] = target.name  # text names it so, as the agent did (`scrub`)
        else:
            target = target.rename(folder / f"upload{type_extension(found['mime'] if found else None, target)}")
        self.known[str(target)] = f"base64:{hashlib.sha256(data).hexdigest()[:16]}"  # never the server path
        return target

    def publish(self, data: dict[str, Any], most: int) -> tuple[dict[str, Any], list[Any]]:
        """Move what the op wrote into the store; name it by URI and link in the result, not by server path.
        Past `most` files, the result names `most` of them (those it lists elsewhere first) and a manifest,
        itself a stored file, that names every one: what an agent keeps of a result stays small, and every
        file stays in reach, with a session or without (then no listing shows them)."""
        published = [self._keep(path) for path in sorted(self.workspace.iterdir()) if not path.name.startswith(".")]
        data = self.scrub(data)
        shown = published
        if len(published) > most:
            named: set[str] = set()
            map_strings(data, lambda text: named.add(text) or text)  # type: ignore[func-returns-value]
            first = [f for f in published if f.uri in named] + [f for f in published if f.uri not in named]
            manifest = self._manifest(published)
            shown = [manifest, *first[:most]]
            if isinstance(data.get("warnings"), list):
                data["warnings"].append(f"files: {most} of {len(published)} listed; {manifest.name} "
                                        f"({manifest.uri}) names every one with its uri and download_url")
        if shown:  # (a result with `files` of its own, rename's rows, has them as `stored_files`)
            data[STORED if "files" in data else "files"] = [self.describe(f) for f in shown]
        links = [ResourceLink(type="resource_link", uri=f.uri, name=f.name, mime_type=f.mime, size=f.size)
                 for f in shown]
        return data, links

    def _manifest(self, published: list[StoredFile]) -> StoredFile:
        """A stored JSON file, `{"files": [...]}` as `GET /files` gives, describing each of `published`."""
        token, slot = self.store.new_slot()
        path = slot / MANIFEST
        path.write_text(json.dumps({"files": [self.describe(f) for f in published]}), encoding="utf-8")
        return self.store.add(token, path, self.session, listed=self.session is not None)

    def scrub(self, value: Any) -> Any:
        """`value` with every server path this call knows named as an agent knows it: a value that is the path
        (a result's `path`, `next_file`) by its URI, what it gives back; inside longer text (a search's lines, a
        message, a warning) a stored file, input or output, by its name, as stdio names files, unless two of the
        call's share that name, and by its URI where the text quotes it as a value to give back
        (`start_file='...'`)."""
        shown = list(self.names.values())
        names = {path: name for path, name in self.names.items() if shown.count(name) == 1}
        return _replace_paths(value, self.known, names)

    def describe(self, stored: StoredFile) -> dict[str, Any]:
        return describe(stored, self.link)

    def _keep(self, path: Path) -> StoredFile:
        token, slot = self.store.new_slot()
        os.replace(path, slot / path.name)
        # without a session, the output is the caller's by its token alone: never listed to other clients
        stored = self.store.add(token, slot / path.name, self.session, listed=self.session is not None)
        self.known[str(path)], self.names[str(path)] = stored.uri, stored.name
        return stored

    def cleanup(self) -> None:
        shutil.rmtree(self.workspace, ignore_errors=True)


REMADE = ("Stored files expire (the server's PDFTOOLS_FILE_TTL, an hour by default) and all go when the server "
          "restarts: run the tool that made it again, or upload the file again.")


def _token_only(token: str) -> StoredFile:
    """A stand-in for a file no longer stored, to make the link it had."""
    return StoredFile(token, "", Path(), 0, "", "", 0.0, 0.0, None)


def type_extension(declared: str | None, path: Path) -> str:
    """The extension of a file's type: the one declared (a data: URL's, an upload's Content-Type), else what its
    bytes are."""
    from pdftools.mcp.mime import EXTENSIONS, OCTET, of

    if declared and declared != OCTET and declared in EXTENSIONS:
        return EXTENSIONS[declared]
    import mimetypes

    return (mimetypes.guess_extension(declared) if declared and declared != OCTET else None) or \
        EXTENSIONS.get(of(path), "")


def _replace_paths(value: Any, known: dict[str, str], names: dict[str, str]) -> Any:
    if isinstance(value, dict):
        return {k: _replace_paths(v, known, names) for k, v in value.items()}
    if isinstance(value, list):
        return [_replace_paths(v, known, names) for v in value]
    if isinstance(value, str):
        if value in known:
            return known[value]
        for path in sorted((p for p in known if p in value), key=len, reverse=True):  # longest first
            if path in names:  # quoted: a value to give back (its URI); else its name
                value = value.replace(f"'{path}'", f"'{known[path]}'").replace(path, names[path])
            else:
                value = value.replace(path, known[path])
    return value


def describe(stored: StoredFile, link: Callable[[StoredFile], str]) -> dict[str, Any]:
    """How a stored file appears in results and listings."""
    return {"name": stored.name, "size": stored.size, "mime": stored.mime, "sha256": stored.sha256,
            "uri": stored.uri, "download_url": link(stored), "expires_at": int(stored.expires)}


def _base64(payload: str) -> bytes:
    """`payload` decoded: line breaks (as base64 tools wrap it) and a left-out padding taken, anything else that is
    not base64 refused (an unchecked decode drops it: `!!!` was an empty file)."""
    text = re.sub(r"\s+", "", payload)
    text += "=" * (-len(text) % 4) if not text.endswith("=") else ""  # padding left out: one meaning
    try:
        return base64.b64decode(text, validate=True, altchars=b"-_" if "-" in text or "_" in text else None)
    except (binascii.Error, ValueError) as exc:
        raise InvalidArgument(f"the file argument is not valid base64: {verbatim(exc)}",
                              hint="Send a path inside the roots, a pdftools://files/ URI, or base64.") from None
