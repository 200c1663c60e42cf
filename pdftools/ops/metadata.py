"""Show, set or remove a PDF's metadata (the Info dictionary and XMP).

`set` takes `key=value` pairs (`title`, `author`, `subject`, `keywords`, `creator`, `producer`,
`creationdate`, `moddate` as ISO dates, or any other key); an empty value removes the key; XMP follows.
`remove` deletes all of it (Info, XMP, per-object metadata and private application data) for privacy.
{{cli:`show {{format}} pdftk` prints what `pdftk FILE dump_data` prints (`pdftk-utf8`: `dump_data_utf8`), to the byte;
`set {{data}} FILE` applies a pdftk `update_info` data file (`{{format}} pdftk-utf8`: `update_info_utf8`).}}

{{mcp:`set` keys: title, author, subject, keywords, creator, producer, creationdate, moddate (ISO dates) or any
other.}}
"""

from __future__ import annotations

import datetime
import re
import warnings
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, ClassVar, Literal

from pdftools.core import streams
from pdftools.core.edit import (
    Decrypt,
    Edited,
    Force,
    InPlace,
    Input,
    Linearize,
    ObjectStreams,
    Output,
    Password,
    open_job,
    writes_nothing,
)
from pdftools.core.params import Cli, Mcp, Param
from pdftools.core.paths import input_path
from pdftools.core.pdf import open_pdf
from pdftools.document import metadata as meta
from pdftools.errors import InvalidArgument

if TYPE_CHECKING:
    import pikepdf

KNOWN = {k.lower(): k for k in ("Title", "Author", "Subject", "Keywords", "Creator", "Producer", "CreationDate",
                                "ModDate", "Trapped")}
TRAPPED = {"true": "True", "yes": "True", "false": "False", "no": "False", "unknown": "Unknown"}  # a name, /True...
DATES = ("CreationDate", "ModDate")
COMMANDS = {
    "show": "Show the metadata: the Info dictionary and the XMP properties.",
    "set": "Set (or, with an empty value, remove) metadata keys: {{values}} `title=...`{{cli: (repeatable)}}, or "
           "the Info records of a pdftk update_info file ({{data}}). Dates "
           "(`creationdate`, `moddate`) are ISO dates; XMP follows the Info dictionary.",
    "remove": "Remove all metadata (Info, XMP, per-object metadata and private application data), for privacy.",
}
WRITES = ("set", "remove")
EXAMPLE = ("E.g. {{cli:--set title='Annual report' --set author=Ann}}{{mcp:{{values}} {\"title\": \"Annual report\", "
           "\"author\": \"Ann\"}}}.")
_KEY = re.compile(r"^[A-Za-z][A-Za-z0-9_.-]{0,63}$")


@dataclass
class MetadataResult:
    __pydantic_config__ = {"use_attribute_docstrings": True}  # field docstrings become schema descriptions
    input: str
    info: dict[str, str]
    """The Info dictionary (after the change)."""
    xmp: dict[str, str | list[str]]
    """XMP properties (after the change) under prefixed names (`dc:title`); bags and sequences as lists."""
    changed: list[str] = field(default_factory=list)
    """Keys set or removed."""
    written: Edited | None = None
    """The output, for set and remove."""
    warnings: list[str] = field(default_factory=list)
    dump_data: str | None = None
    """With format pdftk or pdftk-utf8: the text `pdftk FILE dump_data` (or `dump_data_utf8`) prints."""
    next_offset: int | None = None
    """Where a cut value (with a key) or a cut list of keys goes on: the offset to give next."""
    budgeted: ClassVar = ("info", "xmp", "dump_data")  # cut by `cap_values` (one key: 16,000 a piece); pdftk's text

    def verbatim(self) -> str | None:
        """What the command line prints as it is, instead of the fields: pdftk's report, or the one key's value
        `key` asked for (an XMP list an item a line), as `info --show-npages` prints the count alone."""
        if self.dump_data is not None:
            return self.dump_data
        if getattr(self, "_from", None) is None:
            return None
        value = next(iter({**self.info, **self.xmp}.values()), None)
        if value is None:
            return None
        return "".join(f"{item}\n" for item in (value if isinstance(value, list) else [value]))

    def cap_values(self, each: int, total: int, call: str) -> None:
        """Info and XMP values cut to `each` characters, and keys past `total` characters of them left out (one
        key's value: to `total`), saying so and naming the `call` that gets the rest; pdftk's report (`dump_data`)
        to its whole lines in `total` characters, `next_offset` going on."""
        meta.cap_fields(self, ("info", "xmp"), each, total, call)
        if self.dump_data is not None and len(self.dump_data) > total:
            import json

            start, format = getattr(self, "_dump_from", (0, "pdftk"))
            size = len(self.dump_data)
            self.dump_data = self.dump_data[:self.dump_data.rfind("\n", 0, total) + 1 or total]
            self.next_offset = start + len(self.dump_data)
            args = json.dumps({"action": "show", "format": format, "offset": self.next_offset})
            self.warnings.append(f"dump_data: characters {start:,} to {self.next_offset:,} of {start + size:,}; the "
                                 "rest: " + call.format(args))


def metadata(
    action: Annotated[Literal["show", "set", "remove"], Param("show, set (with {{values}}) or remove all"),
                      Cli(argument=True, commands=COMMANDS)],
    input: Input,
    values: Annotated[list[str] | None, Param("`key=value` to set{{cli: (repeatable)}}{{mcp:, or an object "
                                              "{\"title\": \"x\"}}}; `key=` removes the key"),
                      Cli("--set", metavar="KEY=VALUE", actions=("set",)),
                      Mcp(annotation=list[str] | dict[str, str | None] | None)] = None,  # an agent's object too
    data: Annotated[str | None, Param("set: pdftk update_info file"),
                    Cli(actions=("set",), metavar="FILE", stdin=True)] = None,
    output: Annotated[Output, Cli(actions=WRITES)] = None,
    in_place: Annotated[InPlace, Cli(actions=WRITES)] = False,
    force: Annotated[Force, Cli(actions=WRITES)] = False,
    password: Password = None,
    decrypt: Annotated[Decrypt, Cli(actions=WRITES)] = False,
    linearize: Annotated[Linearize, Cli(actions=WRITES)] = False,
    object_streams: Annotated[ObjectStreams, Cli(actions=WRITES)] = "preserve",
    format: Annotated[Literal["pdftools", "pdftk", "pdftk-utf8"],
                      Param("show/set: as pdftk (show: dump_data's text) (set: {{data}} as update_info reads it); "
                            "pdftk-utf8: its _utf8 form"),
                      Cli(actions=("show", "set"))] = "pdftools",
    key: Annotated[str | None, Param("show: one key's whole value (`Title`, `dc:title`)"),
                   Cli(metavar="KEY", actions=("show",))] = None,
    offset: Annotated[int, Param("show: where a cut result goes on, from a previous {{cli:run's note}}"
                                 "{{mcp:next_offset}}: with {{key}}, characters of its value to skip (a list's: "
                                 "items); without, keys to skip", ge=0),
                      Cli(actions=("show",))] = 0,
) -> MetadataResult:
    if action == "set" and not values and data is None:
        raise InvalidArgument("`set` needs at least one key=value, or {{data}}", hint=EXAMPLE)
    if action != "set" and (values or data is not None):
        given = "{{values}} go" if values else "{{data}} goes"
        raise InvalidArgument(f"{given} with `set`, not `{action}`")
    if format != "pdftools" and not (action == "show" or data is not None):
        raise InvalidArgument(f"{{{{format}}}} {format} goes with `show`, or `set` with {{{{data}}}}")
    if (key is not None or offset) and action != "show":
        raise InvalidArgument(f"{{{{key}}}} and {{{{offset}}}} go with `show`, not `{action}`")
    if key is not None and format != "pdftools":
        raise InvalidArgument(f"{{{{format}}}} {format} shows all the metadata: leave out {{{{key}}}}")
    pairs = _pairs(values)
    if action == "show":
        writes_nothing(action, output, in_place)
        src = input_path(input)
        pdf = open_pdf(src, password)
        result = MetadataResult(input=str(src), info=meta.info(pdf), xmp=meta.xmp(pdf))
        if format != "pdftools":
            from pdftools.document.pdftk_data import dump_data

            _dump_from(result, dump_data(pdf, src, utf8=format == "pdftk-utf8"), offset, format)
        elif key is not None or offset:
            meta.select(result, ("info", "xmp"), key, offset)
        return result
    job = open_job(input, output, linearize=linearize, object_streams=object_streams,
                   suffix="metadata", password=password, in_place=in_place, force=force)
    warnings: list[str] = []
    if action == "set":
        changed = _from_data(job.pdf, data, format, warnings, str(job.src)) if data is not None else []
        changed += [key for key in _set(job.pdf, pairs, str(job.src)) if key not in changed]
    else:
        if any(k.startswith("pdfaid:") or "/pdfa/ns/id/" in k for k in meta.xmp(job.pdf)):
            warnings.append("the PDF claimed PDF/A conformance, which needs XMP metadata: it no longer conforms")
        changed = _remove(job.pdf)
    written = Edited(**job.save(decrypt))
    return MetadataResult(input=str(job.src), info=meta.info(job.pdf), xmp=meta.xmp(job.pdf), changed=changed,
                          written=written, warnings=warnings)


def _dump_from(result: MetadataResult, text: str, offset: int, format: str) -> None:
    """pdftk's report from `offset` (where a cut one goes on: `cap_values`)."""
    if offset and offset >= len(text):
        raise InvalidArgument(f"{{{{offset}}}} {offset} is past the end of the report ({len(text)} characters)",
                              hint="{{offset}} goes on where a cut stopped: give the result's "
                                   "{{cli:next_offset (--json)}}{{mcp:next_offset}}.")
    result.dump_data = text[offset:]
    result._dump_from = (offset, format)  # type: ignore[attr-defined]  # (not a field: `cap_values` reads it)


def _pairs(values: list[str] | dict[str, str | None] | None) -> list[tuple[str, str]]:
    """The keys and values to set: `key=value` strings, or (over MCP) an object whose empty or null values
    remove their keys."""
    if isinstance(values, dict):
        return [_pair(key, value or "", f"{key!r} is not a metadata key") for key, value in values.items()]
    split = ((text, text.partition("=")) for text in values or [])
    return [_pair(key, value, f"cannot read {text!r} as key=value", sep) for text, (key, sep, value) in split]


def _pair(key: str, value: str, problem: str, sep: str = "=") -> tuple[str, str]:
    key = KNOWN.get(key.strip().lower(), key.strip())
    if not sep or not _KEY.match(key):
        raise InvalidArgument(problem, hint="Keys are letters, digits, . _ -: e.g. " + EXAMPLE[len("E.g. "):])
    if value and key in DATES:
        value = _pdf_date(key, value)
    if value and key == "Trapped":
        if value.strip().lower() not in TRAPPED:
            raise InvalidArgument(f"Trapped is True, False or Unknown, not {value!r}",
                                  hint="E.g. --set trapped=true (yes and no are taken too).")
        value = "/" + TRAPPED[value.strip().lower()]
    return key, value


def _from_data(pdf: pikepdf.Pdf, data: str, format: str, warnings: list[str], name: str) -> list[str]:
    """Apply a pdftk data file's Info records (XMP follows); their keys."""
    from pdftools.document import pdftk_update

    path = input_path(data, pdf=False)
    try:
        text = path.read_bytes().decode("utf-8", "replace").removeprefix("\ufeff")
    except OSError as exc:
        raise InvalidArgument(f"cannot read {{{{data}}}} {data}: {exc.strerror or exc}") from None
    found = pdftk_update.read(text, utf8=format == "pdftk-utf8")
    warnings += [f"{data}: {warning}" for warning in found.warnings]
    warnings += _passed_over(found.passed, data)
    changed = pdftk_update.apply(pdf, found.values)
    if "/Metadata" in pdf.Root and changed:
        streams.check_metadata(pdf, name)
        _sync_xmp(pdf, list(found.values.items()))
    return changed


def _passed_over(passed: dict[str, int], data: str) -> list[str]:
    """What pdftk's update_info applies and `set` does not (it sets metadata): the command that does."""
    import shlex

    said = []
    if passed.get("Bookmark"):
        count = passed["Bookmark"]
        said.append(f"{data}: its {count} bookmark{'s are' if count != 1 else ' is'} passed over (pdftk "
                    "update_info replaces the outline with them): "
                    f"`pdftools bookmarks replace FILE --data {shlex.quote(data)}` does")
    if passed.get("PageLabel"):
        count = passed["PageLabel"]
        said.append(f"{data}: its {count} page label{'s are' if count != 1 else ' is'} passed over (pdftk "
                    "update_info sets them): `pdftools labels FILE --set ...` does")
    return said


def _pdf_date(key: str, value: str) -> str:
    from pikepdf.models.metadata import encode_pdf_date

    try:
        return encode_pdf_date(datetime.datetime.fromisoformat(value))
    except ValueError:
        raise InvalidArgument(f"{key} {value!r} is not an ISO date",
                              hint="Dates look like 2024-05-31 or 2024-05-31T14:30:00+02:00.") from None


def _set(pdf: pikepdf.Pdf, pairs: list[tuple[str, str]], name: str) -> list[str]:
    import pikepdf

    info = pdf.docinfo
    changed: dict[str, None] = {}  # each key once, in the order given (a key given twice: the last value wins)
    for key, value in pairs:
        if value:
            info[pikepdf.Name("/" + key)] = pikepdf.Name(value) if key == "Trapped" else value  # a name, /True
            changed[key] = None
        elif "/" + key in info:
            del info[pikepdf.Name("/" + key)]
            changed[key] = None
    if "/Metadata" in pdf.Root:
        streams.check_metadata(pdf, name)  # read whole to be kept in step: a bomb is refused first
        _sync_xmp(pdf, pairs)
    return list(changed)


def _sync_xmp(pdf: pikepdf.Pdf, pairs: list[tuple[str, str]]) -> None:
    """Give the XMP properties that mirror the Info keys just set (or removed) the same values."""
    from lxml.etree import QName

    with warnings.catch_warnings(), pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as xmp:
        warnings.simplefilter("ignore", UserWarning)  # "no XMP equivalent" for custom keys is expected
        xmp.load_from_docinfo({"/" + key: value for key, value in pairs if value})
        removed = {"/" + key for key, value in pairs if not value}
        for uri, name, info_key, _ in xmp.DOCINFO_MAPPING:
            if str(info_key) in removed and QName(uri, name) in xmp:
                del xmp[QName(uri, name)]
        trapped = QName("http://ns.adobe.com/pdf/1.3/", "Trapped")  # not in pikepdf's mapping
        for key, value in pairs:
            if key == "Trapped" and value:
                xmp[trapped] = value.lstrip("/")
            elif key == "Trapped" and trapped in xmp:
                del xmp[trapped]


def _remove(pdf: pikepdf.Pdf) -> list[str]:
    import pikepdf

    changed = list(meta.info(pdf))  # as `set` names them (`Title`), and `info` shows them
    if "/Info" in pdf.trailer:
        del pdf.trailer.Info
    xmp = "/Metadata" in pdf.Root
    removed = 0
    for obj in pdf.objects:
        for key in ("/Metadata", "/PieceInfo"):
            if isinstance(obj, pikepdf.Dictionary | pikepdf.Stream) and key in obj:
                del obj[key]
                removed += 1
    if xmp:
        changed.append("XMP")
    if removed - xmp:
        changed.append(f"{removed - xmp} per-object metadata or application data entries")
    return changed
