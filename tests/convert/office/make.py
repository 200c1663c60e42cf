"""Makes secret.xlsx and secret.pptx: a small spreadsheet (written here) and slides (pandoc's, through `pdftools
convert`) encrypted with the password `s3cret` as Excel and PowerPoint encrypt them (ECMA-376 agile encryption:
an OLE compound file holding EncryptionInfo and EncryptedPackage), by msoffcrypto-tool, which the tests do not
need: `pip install msoffcrypto-tool`, then `python tests/convert/office/make.py`."""

from __future__ import annotations

import io
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from msoffcrypto.format.ooxml import OOXMLFile

HERE = Path(__file__).parent
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
DOC = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
XLSX = {
    "[Content_Types].xml": '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/'
    'package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
    'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook'
    '.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override '
    'PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml'
    '.worksheet+xml"/></Types>',
    "_rels/.rels": f'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="{RELS}"><Relationship Id="rId1" '
    f'Type="{DOC}/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    "xl/workbook.xml": f'<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="{MAIN}" xmlns:r="{DOC}"><sheets>'
    '<sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    "xl/_rels/workbook.xml.rels": f'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="{RELS}">'
    f'<Relationship Id="rId1" Type="{DOC}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    "xl/worksheets/sheet1.xml": f'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="{MAIN}"><sheetData>'
    # 200 rows: a package under 4,096 bytes was encrypted so that msoffcrypto itself could not decrypt it
    + "".join(f'<row r="{i}"><c r="A{i}"><v>{i}</v></c></row>' for i in range(1, 201)) + '</sheetData></worksheet>',
}


def main() -> None:
    with tempfile.TemporaryDirectory() as work:
        plain = {"xlsx": io.BytesIO(), "pptx": Path(work) / "plain.pptx"}
        with zipfile.ZipFile(plain["xlsx"], "w") as z:
            for name, text in XLSX.items():
                z.writestr(name, text)
        plain["xlsx"].seek(0)
        (Path(work) / "plain.md").write_text("# Slide\n\nHello.\n", encoding="utf-8")
        subprocess.run([Path(sys.executable).with_name("pdftools"), "convert", Path(work) / "plain.md", "-o",
                        plain["pptx"], "-q"], check=True)
        for fmt, source in plain.items():
            with (source.open("rb") if isinstance(source, Path) else source) as fh, \
                    (HERE / f"secret.{fmt}").open("wb") as out:
                OOXMLFile(fh).encrypt("s3cret", out)


if __name__ == "__main__":
    main()
