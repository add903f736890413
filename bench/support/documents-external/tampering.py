"""Tampered copies made the way forgers make them, and honest re-saves and scans.

- incremental_edit: a value's digits replaced in the page content and saved as an incremental
  update (pypdf, incremental=True), as "edit text" in a PDF editor does;
- white_box_overlay: an incremental update that paints a white box over a value and draws a new
  one on top (pypdf merge of a reportlab overlay), as online editors and "whiteout" tools do;
- mixed_font_digit: one digit of a value redrawn in another font (what an editor does when the
  embedded subset lacks the glyph), the whole file written again;
- editor_metadata: the content edited and the file rewritten by an editor (pikepdf), whose
  producer and modification date it leaves;
- date_changed: a date moved by an incremental update (content edit or overlay).
Honest variants: a rewrite by qpdf (pikepdf, linearized), an incremental update that only adds a
comment annotation, and scans (scans.py).
"""

from __future__ import annotations

import datetime as dt
import io
import re

import pikepdf
from pypdf import PdfReader, PdfWriter
from pypdf.generic import ArrayObject, DictionaryObject, FloatObject, NameObject, NumberObject, TextStringObject

from layouts import CORE, Op, Page, TTF, core_safe


def pdf_date(day: dt.datetime) -> str:
    return day.strftime("D:%Y%m%d%H%M%S+00'00'")


def _replace_last(data: bytes, old: bytes, new: bytes) -> bytes | None:
    i = data.rfind(old)
    if i < 0:
        return None
    return data[:i] + new + data[i + len(old):]


def content_edit_possible(page: Page) -> bool:
    """Core (WinAnsi) fonts keep text as literal strings, which an editor can rewrite in place."""
    return page.font in CORE


def incremental_content_edit(src: str, out: str, old: str, new: str) -> bool:
    writer = PdfWriter(src, incremental=True)
    pg = writer.pages[0]
    contents = pg.get_contents()
    data = contents.get_data()
    edited = _replace_last(data, old.encode("cp1252"), new.encode("cp1252"))
    if edited is None:
        return False
    contents.set_data(edited)
    pg.replace_contents(contents)
    with open(out, "wb") as f:
        writer.write(f)
    return True


def _text_box(page: Page, op: Op) -> tuple[float, float, float, float]:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    font = CORE[page.font][1 if op.bold else 0] if page.font in CORE else "Helvetica-Bold" if op.bold else "Helvetica"
    w = stringWidth(core_safe(op.text), font, op.size) * (1.06 if page.font not in CORE else 1.0)
    x0 = op.x - w if op.align == "right" else op.x
    return x0, op.y - op.size * 0.85, w, op.size * 1.15


def incremental_overlay(src: str, out: str, page: Page, op: Op, new: str, font: str = "Helvetica") -> None:
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(page.width, page.height), invariant=1)
    x0, top, w, h = _text_box(page, op)
    c.setFillGray(1)
    c.rect(x0 - 2, page.height - top - h, w + 4, h + 1, stroke=0, fill=1)
    c.setFillGray(0)
    c.setFont(font + ("-Bold" if op.bold and font == "Helvetica" else ""), op.size)
    text = core_safe(new)
    if op.align == "right":
        c.drawRightString(op.x, page.height - op.y, text)
    else:
        c.drawString(op.x, page.height - op.y, text)
    c.showPage()
    c.save()
    overlay = PdfReader(io.BytesIO(buf.getvalue())).pages[0]
    writer = PdfWriter(src, incremental=True)
    writer.pages[0].merge_page(overlay)
    with open(out, "wb") as f:
        writer.write(f)


def annotate_incrementally(src: str, out: str, page: Page, note: str) -> None:
    """An honest later save: a reviewer's sticky note, nothing on the page changed."""
    writer = PdfWriter(src, incremental=True)
    annot = DictionaryObject({
        NameObject("/Type"): NameObject("/Annot"),
        NameObject("/Subtype"): NameObject("/Text"),
        NameObject("/Rect"): ArrayObject([FloatObject(20), FloatObject(page.height - 40), FloatObject(40), FloatObject(page.height - 20)]),
        NameObject("/Contents"): TextStringObject(note),
        NameObject("/F"): NumberObject(4),
    })
    writer.add_annotation(0, annot)
    with open(out, "wb") as f:
        writer.write(f)


def rewrite_with_editor(src: str, out: str, producer: str, created: dt.datetime, modified: dt.datetime, edit: tuple[str, str] | None) -> bool:
    with pikepdf.open(src) as pdf:
        if edit:
            pg = pdf.pages[0]
            data = b"".join(c.read_bytes() for c in (pg.obj.Contents if isinstance(pg.obj.Contents, pikepdf.Array) else [pg.obj.Contents]))
            edited = _replace_last(data, edit[0].encode("cp1252"), edit[1].encode("cp1252"))
            if edited is None:
                return False
            pg.obj.Contents = pdf.make_stream(edited)
        pdf.docinfo["/Producer"] = producer
        pdf.docinfo["/CreationDate"] = pdf_date(created)
        pdf.docinfo["/ModDate"] = pdf_date(modified)
        with pdf.open_metadata(set_pikepdf_as_editor=False) as meta:
            meta["pdf:Producer"] = producer
            meta["xmp:ModifyDate"] = modified.isoformat()
            meta["xmp:CreateDate"] = created.isoformat()
        pdf.save(out, deterministic_id=True)
    return True


def rewrite_linearized(src: str, out: str) -> None:
    with pikepdf.open(src) as pdf:
        pdf.save(out, linearize=True, deterministic_id=True, object_stream_mode=pikepdf.ObjectStreamMode.generate)


def change_digit(text: str, rng) -> tuple[str, int]:
    """The value with one digit before the decimal separator raised (a forger inflating an amount or moving a date)."""
    digits = [m.start() for m in re.finditer(r"\d", text)]
    # Not the cents: a forger changes the leading digits.
    candidates = digits[: max(1, len(digits) - 2)]
    i = candidates[rng.randrange(len(candidates))]
    d = int(text[i])
    nd = (d + rng.randrange(1, 5)) % 10
    if i == digits[0] and nd == 0:
        nd = 9
    return text[:i] + str(nd) + text[i + 1:], i


def split_for_mixed_font(page: Page, op: Op, new_text: str, index: int, other_font: str) -> list[Op]:
    """Three ops drawing new_text with the character at index in other_font, at the op's place."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    def width(text: str, key: str) -> float:
        if key in CORE:
            return pdfmetrics.stringWidth(core_safe(text), CORE[key][1 if op.bold else 0], op.size)
        name = f"{key}-{'bold' if op.bold else 'regular'}-m"
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, TTF[key][1 if op.bold else 0]))
        return pdfmetrics.stringWidth(text, name, op.size)

    parts = [(new_text[:index], None), (new_text[index], other_font), (new_text[index + 1:], None)]
    total = sum(width(t, f or page.font) for t, f in parts)
    x = op.x - total if op.align == "right" else op.x
    ops = []
    for t, f in parts:
        if t:
            ops.append(Op("text", x, op.y, t, bold=op.bold, size=op.size, tag=op.tag, font=f))
        x += width(t, f or page.font)
    return ops
