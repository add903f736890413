"""Generates the external documents corpus: PDFs (and a few JPEG scans) written by reportlab and
fpdf2 in varied layouts, languages and number/date formats, rewritten by pikepdf and pypdf, scanned
through poppler and Pillow, and tampered the way forgers do; beside each file a ground-truth JSON
(kind, schema, field values, tampering and the indicators that should catch it). Seeded: the same
seed and versions give the same files.

    python generate.py --out DIR [--seed N] [--per-cell N] [--only ID,ID] [--labels normal|heldout]

--labels heldout prints the wordings of labels_heldout.py instead of content.L (and writes the pool
to DIR/heldout-labels.pool, which the bench checks against the engine's vocabulary).

--only keeps only the named files; the variants draw from the same random stream as in the full
corpus only when their family is generated whole, so fixtures are copied from a full run.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import random
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import content  # noqa: E402
from content import compose  # noqa: E402
from layouts import CORE, TTF, layout, write_fpdf2, write_reportlab  # noqa: E402
import scans  # noqa: E402
import tampering as tp  # noqa: E402

KINDS = ["invoice", "bank_statement", "payslip", "utility_bill", "tax_return", "receipt"]
LOCALE_CODES = ["en-US", "en-GB", "de-DE", "fr-FR", "es-ES"]
SCANNERS = ["KONICA MINOLTA bizhub C300i", "Canon iR-ADV C5535 PDF", "HP Digital Sending Software 5.0", "RICOH IM C3000", "Xerox WorkCentre 7855", "EPSON Scan 2"]
EDITORS = ["iLovePDF", "Smallpdf.com", "Sejda PDF Desktop 7.6", "Adobe Photoshop 25.1 (Windows)", "PDFescape Online", "PDF-XChange Editor 10.2", "Foxit PDF Editor 13.0", "Nitro PDF Pro 14", "Wondershare PDFelement 10", "Canva"]
EXPECTED = {
    "incremental_edit": ["incremental_update_text_changed", "totals_mismatch"],
    "white_box_overlay": ["incremental_update_text_changed", "hidden_text", "text_overlay", "font_unique_to_value"],
    "mixed_font_digit": ["font_change_in_number", "font_unique_to_value", "totals_mismatch"],
    "editor_metadata": ["editing_software", "image_editing_software", "modified_long_after_creation"],
    "date_changed": ["incremental_update_text_changed", "text_overlay", "hidden_text"],
}
TAMPERS = list(EXPECTED)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--seed", type=int, default=20261126)
    ap.add_argument("--per-cell", type=int, default=1)
    ap.add_argument("--only", default="")
    ap.add_argument("--labels", choices=["normal", "heldout"], default="normal")
    args = ap.parse_args()
    content.LABELS["mode"] = args.labels
    os.makedirs(args.out, exist_ok=True)
    only = set(filter(None, args.only.split(",")))
    rng = random.Random(args.seed)
    base_day = dt.date(2026, 10, 31)
    n = 0
    count = 0
    for rep in range(args.per_cell):
        for kind in KINDS:
            for code in LOCALE_CODES:
                n += 1
                doc_rng = random.Random(rng.getrandbits(64))
                count += make_family(args.out, f"{kind}-{code}-{rep}", kind, code, n, doc_rng, base_day, only)
    if args.labels == "heldout":
        with open(os.path.join(args.out, "heldout-labels.pool"), "w", encoding="utf-8") as f:
            json.dump(content.HELDOUT, f, ensure_ascii=False, indent=1)
    open(os.path.join(args.out, ".complete"), "w").close()
    print(f"wrote {sum(1 for f in os.listdir(args.out) if f.endswith('.json'))} files to {args.out}")


def make_family(out: str, stem: str, kind: str, code: str, n: int, rng: random.Random, base_day: dt.date, only: set[str]) -> int:
    writer = rng.choice(["reportlab", "reportlab", "fpdf2"])
    font = rng.choice(list(CORE) + list(TTF)) if writer == "reportlab" else rng.choice(list(TTF))
    doc = compose(kind, code, rng, stem, base_day, unicode_fonts=font in TTF)
    page = layout(doc, rng, font)
    created = dt.datetime.combine(doc.issued, dt.time(9, 30), tzinfo=dt.timezone.utc)
    producer = {"reportlab": "ReportLab PDF Library - www.reportlab.com", "fpdf2": "PyFPDF/fpdf2"}[writer]
    creator = rng.choice(["", "Billing System 4.2", "SAP NetWeaver", "Xero", "DATEV"])
    meta = {"created": created, "title": doc.title, "author": doc.issuer, "creator": creator, "compress": rng.choice([0, 1])}
    write = write_reportlab if writer == "reportlab" else write_fpdf2
    made = 0

    def record(name: str, variant: str, tampered: bool, content_type: str = "application/pdf", expected=None, truth=None, note: str = "") -> None:
        nonlocal made
        made += 1
        gt = {
            "id": name, "file": name + (".jpg" if content_type == "image/jpeg" else ".pdf"), "content_type": content_type, "kind": kind, "locale": code,
            "language": doc.locale.language, "writer": writer, "font": font, "variant": variant, "tampered": tampered,
            "expected_indicators": expected or [], "schema": doc.schema, "truth": truth if truth is not None else doc.truth,
            "measure_fields": not tampered, "created": created.isoformat(), "note": note,
        }
        with open(os.path.join(out, name + ".json"), "w", encoding="utf-8") as f:
            json.dump(gt, f, ensure_ascii=False, indent=1, sort_keys=True)

    def want(name: str) -> bool:
        return not only or name in only

    original = os.path.join(out, stem + ".pdf")
    base_meta = dict(meta)
    # reportlab sets its own producer; the others are the library's own too.
    write(page, original, base_meta)
    if want(stem):
        record(stem, "original", False)
    # Honest variants.
    if n % 5 == 0 and want(stem + "-qpdf"):
        tp.rewrite_linearized(original, os.path.join(out, stem + "-qpdf.pdf"))
        record(stem + "-qpdf", "rewritten_linearized", False)
    if n % 5 == 2 and want(stem + "-annotated"):
        tp.annotate_incrementally(original, os.path.join(out, stem + "-annotated.pdf"), page, "Checked by accounts")
        record(stem + "-annotated", "comment_added", False)
    if n % 2 == 1:
        quality = "poor" if n % 6 == 1 else "good"
        name = f"{stem}-scan-{quality}"
        if n % 7 == 3:
            if want(name):
                scans.scan_to_jpeg(original, os.path.join(out, name + ".jpg"), rng, quality)
                record(name, f"scan_{quality}", False, "image/jpeg")
        elif want(name):
            scans.scan_to_pdf(original, os.path.join(out, name + ".pdf"), rng, quality, rng.choice(SCANNERS), dt.datetime.combine(base_day, dt.time(11, 0)))
            record(name, f"scan_{quality}", False)
    # Tampered variant: one per family, the kind cycling.
    tamper = TAMPERS[n % len(TAMPERS)]
    name = f"{stem}-{tamper}"
    if want(name):
        made += tamper_variant(out, name, tamper, doc, page, original, rng, write, meta, created, record)
    if not want(stem):
        os.remove(original)
    return made


def _target(page, tag):
    ops = [op for op in page.ops if op.kind == "text" and op.tag == tag]
    return ops[-1] if ops else None


def tamper_variant(out, name, tamper, doc, page, original, rng, write, meta, created, record) -> int:
    path = os.path.join(out, name + ".pdf")
    truth = json.loads(json.dumps(doc.truth))
    total_op = _target(page, "total")
    date_op = _target(page, "date")
    if tamper in ("incremental_edit", "editor_metadata") and total_op is not None:
        new_text, _ = tp.change_digit(total_op.text, rng)
        if tamper == "incremental_edit":
            if tp.content_edit_possible(page):
                ok = tp.incremental_content_edit(original, path, tp.core_safe(total_op.text), tp.core_safe(new_text))
                note = "content edited in an incremental update"
            else:
                tp.incremental_overlay(original, path, page, total_op, new_text)
                ok, note = True, "value covered and redrawn in an incremental update"
            if not ok:
                return 0
            record(name, tamper, True, expected=tp_expected(tamper, page), truth=truth, note=f"{note}: {total_op.text!r} -> {new_text!r}")
            return 0
        # Edited between 40 days after issue and the corpus date, never in the future.
        latest = dt.datetime.combine(dt.date(2026, 10, 31), dt.time(18, 0), tzinfo=dt.timezone.utc)
        modified = min(created + dt.timedelta(days=rng.randrange(40, 200)), latest)
        editor = rng.choice(EDITORS)
        edit = (tp.core_safe(total_op.text), tp.core_safe(new_text)) if tp.content_edit_possible(page) else None
        if not tp.rewrite_with_editor(original, path, editor, created, modified, edit):
            return 0
        record(name, tamper, True, expected=EXPECTED[tamper], truth=truth, note=f"rewritten by {editor}" + (f": {total_op.text!r} -> {new_text!r}" if edit else ", metadata only"))
        return 0
    if tamper == "white_box_overlay" and total_op is not None:
        new_text, _ = tp.change_digit(total_op.text, rng)
        tp.incremental_overlay(original, path, page, total_op, new_text)
        record(name, tamper, True, expected=EXPECTED[tamper], truth=truth, note=f"{total_op.text!r} covered by {new_text!r}")
        return 0
    if tamper == "mixed_font_digit" and total_op is not None:
        new_text, index = tp.change_digit(total_op.text, rng)
        other = rng.choice([k for k in list(TTF) + list(CORE) if k != page.font])
        ops = [o for o in page.ops if o is not total_op] + tp.split_for_mixed_font(page, total_op, new_text, index, other)
        from layouts import Page
        write(Page(page.width, page.height, ops, page.font), path, meta)
        record(name, tamper, True, expected=EXPECTED[tamper], truth=truth, note=f"{total_op.text!r} -> {new_text!r}, digit {index} in {other}")
        return 0
    if tamper == "date_changed" and date_op is not None:
        new_text, _ = tp.change_digit(date_op.text, rng)
        if tp.content_edit_possible(page) and tp.incremental_content_edit(original, path, tp.core_safe(date_op.text), tp.core_safe(new_text)):
            note = "content edited in an incremental update"
        else:
            tp.incremental_overlay(original, path, page, date_op, new_text)
            note = "covered and redrawn in an incremental update"
        record(name, tamper, True, expected=EXPECTED[tamper], truth=truth, note=f"{note}: {date_op.text!r} -> {new_text!r}")
        return 0
    return 0


def tp_expected(tamper, page):
    return EXPECTED[tamper] if tp.content_edit_possible(page) else EXPECTED[tamper] + ["hidden_text", "text_overlay"]


if __name__ == "__main__":
    main()
