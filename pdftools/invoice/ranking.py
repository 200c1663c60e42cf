"""Which of the names found issued the invoice: one candidate per name, scored by its kinds of evidence, a legal
form, how often it is printed and the web or e-mail domain; the buyer's names dropped; a winner with a close
runner-up, a letter the font could not show or another spelling elsewhere not trusted.
"""

from __future__ import annotations

import re

from pdftools.invoice.labels import LEGAL_FORM
from pdftools.invoice.layout import Candidate, Doc
from pdftools.invoice.names import ALNUM, ends_legal, name_key
from pdftools.invoice.parse import fold

_MISSING_GLYPH = re.compile("[\ufffd\u25a0\u25a1]")  # what a font without the letter prints instead of it
_DOMAIN = re.compile(r"(?:www\.|@)([a-z0-9-]+)\.[a-z]{2,}")
_SELLER_EVIDENCE = ("after the label", "a sender line", "a footer name beside tax", "a legal mention",
                    "the firm signing", "a name over its tax ID")  # the seller
POSITION_ONLY = 0.65  # under the default threshold


def rank(doc: Doc, found: list[Candidate], buyers: set[str]) -> list[Candidate]:
    """One candidate per name (a logo `ROSSI FORNITURE` and `Rossi Forniture S.r.l.` are one): its best score,
    raised for each further kind of evidence, for a legal form, for being printed more than once (a customer's
    name rarely is) and for matching the web or e-mail domain; buyer names dropped. When the runner-up is
    nearly as strong, the winner is not trusted."""
    merged: dict[str, Candidate] = {}
    kinds: dict[str, set[str]] = {}
    for cand in sorted(found, key=lambda c: -len(name_key(c.value))):
        key = name_key(cand.value)
        if not key or key in buyers:
            continue
        key = next((k for k in merged if k.startswith(key) and (len(key) >= 6 or len(key) >= 4 and fold(
            merged[k].value).startswith(fold(cand.value) + " "))), key)  # a shorter form (a logo's word) of a name
        kinds.setdefault(key, set()).add(cand.how)
        labelled = cand.how.startswith("after the label") and _form_apart(cand.value, merged.get(key))
        if key not in merged or cand.score > merged[key].score:
            value = cand.value if labelled or key not in merged else merged[key].value  # a label's name as it
            merged[key] = Candidate(value, cand.score, "", cand.line)  # gives it; else the longest form
    ranked = sorted((_score(doc, key, cand, kinds[key], bool(buyers)) for key, cand in merged.items()),
                    key=lambda c: (-c.score, c.line))
    if len(ranked) > 1 and ranked[0].score - ranked[1].score < 0.1:
        best = ranked[0]
        ranked[0] = Candidate(best.value, min(best.score, 0.65),
                              f"{best.how}; but {ranked[1].value!r} is nearly as likely", best.line)
    stub = _stub_under(doc, ranked[0]) if ranked and not ends_legal(ranked[0].value) else None
    if stub is not None:  # OCR's `Lakeshore` / `Oak Avenue 56` / `Outfitters Inc.`: a name split, its end lower
        best = ranked[0]
        ranked[0] = Candidate(best.value, min(best.score, POSITION_ONLY), f"{best.how}; but {stub!r} under it may "
                              "be the rest of its name", best.line)
    if ranked and _MISSING_GLYPH.search(ranked[0].value):  # a letter the PDF's font could not show
        best = ranked[0]
        ranked[0] = Candidate(best.value, min(best.score, 0.6), f"{best.how}; but a letter of it is not shown",
                              best.line)
    variant = next((c for c in ranked[1:] if _variants(name_key(ranked[0].value), name_key(c.value))), None)
    if variant is not None:  # `Müller & Söhne GmbH` and `Muller & S6hne GmbH`: which spelling is right?
        best = ranked[0]
        value, other = ((variant.value, best.value) if len(_MISREAD.findall(best.value)) >
                        len(_MISREAD.findall(variant.value)) else (best.value, variant.value))
        ranked[0] = Candidate(value, min(best.score, 0.65),
                              f"{best.how}; but it is spelled {other!r} elsewhere", best.line)
    return ranked


def _stub_under(doc: Doc, best: Candidate) -> str | None:
    """A legal form with at most one word before it (`Outfitters Inc.`), alone in its cell within three lines under
    a name that has none: the name's end, set apart (OCR puts a bigger font's wrapped words on a lower line)."""
    from pdftools.invoice.blocks import short_tail

    for j in range(best.line + 1, min(best.line + 4, len(doc.cells))):
        if doc.page_of[j] != doc.page_of[best.line]:
            break
        for cell in doc.cells[j]:
            if short_tail(cell.text) and ends_legal(cell.text) and name_key(cell.text) not in name_key(best.value):
                return cell.text.strip()
    return None


def _form_apart(name: str, longer: Candidate | None) -> bool:
    """Is `longer` (a form of the same name found before) `name` with a legal form after it, or no other?"""
    if longer is None:
        return True
    rest = fold(longer.value)[len(fold(name)):].strip(" ,")
    return fold(longer.value).startswith(fold(name)) and bool(LEGAL_FORM.fullmatch(rest.rstrip(".")) or
                                                             LEGAL_FORM.fullmatch(rest))


_MISREAD = re.compile(r"(?<=[^\W\d_])[0156](?=[^\W\d_])")  # OCR's `1` for `l`, `0` for `O`, `5` for `S` in a word


def _variants(a: str, b: str) -> bool:
    """Two spellings of one name (an OCR misreading, a typo): nearly the same letters, not the same."""
    from difflib import SequenceMatcher

    return a != b and min(len(a), len(b)) >= 6 and SequenceMatcher(None, a, b).ratio() >= 0.85


def _score(doc: Doc, key: str, cand: Candidate, kinds: set[str], buyer_known: bool) -> Candidate:
    """The candidate's confidence from its evidence. Where it stands on the page (the first line, a name with a
    legal form or over an address at the top) fits the customer's block as well as the seller's letterhead:
    without evidence that names the seller as such (a seller label, a sender line, the footer's tax and bank
    data, the web domain, a name printed three times or more), or a customer's block found elsewhere (under a
    buyer label), it stays under the default threshold."""
    score = cand.score + 0.05 * (len(kinds) - 1)
    how = " and ".join(sorted(kinds))
    if ends_legal(cand.value) and "legal form" not in how:
        score += 0.05
    seen = sum(key[:max(6, len(key) - 6)] in ALNUM.sub("", line) for line in doc.folded)
    if seen > 1:  # a customer's name is printed once, or twice (billing and delivery address)
        score += 0.05 if seen == 2 else 0.15
        how += f", printed {seen} times"
    domains = {ALNUM.sub("", m.group(1)) for line in doc.folded for m in _DOMAIN.finditer(line)}
    web = any(len(d) >= 4 and (d in key or key[:6] in d) for d in domains)
    if web:
        score += 0.05
        how += ", like the web domain"
    if not (web or seen > 2 or buyer_known or any(k.startswith(_SELLER_EVIDENCE) for k in kinds)):
        score, how = min(score, POSITION_ONLY), how + " (where it stands only: a customer's block looks the same)"
    return Candidate(cand.value, round(min(score, 0.95), 2), how, cand.line)
