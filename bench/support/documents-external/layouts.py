"""Places a document on a page (layouts) and writes it with reportlab or fpdf2 (writers).

Layouts: "colon" (facts as "Label: value" lines), "columns" (label, column gap, value; no
colon), "stacked" (value printed under a small label, side by side across the page), each with
the party block left or right and the table and summary beneath. The page model is a list of
drawing operations in points from the top-left; both writers draw the same model, so the
layout and the writer vary independently.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from content import Document

FONT_DIRS = ["/usr/share/fonts/truetype/liberation2", "/usr/share/fonts/truetype/dejavu"]
TTF = {
    "liberation-sans": ("/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf", "/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf"),
    "liberation-serif": ("/usr/share/fonts/truetype/liberation2/LiberationSerif-Regular.ttf", "/usr/share/fonts/truetype/liberation2/LiberationSerif-Bold.ttf"),
    "dejavu-sans": ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"),
}
CORE = {"helvetica": ("Helvetica", "Helvetica-Bold"), "times": ("Times-Roman", "Times-Bold")}


@dataclass
class Op:
    kind: str  # text | rect | line
    x: float
    y: float  # baseline (text) or top (rect) from the page top
    text: str = ""
    bold: bool = False
    size: float = 10
    align: str = "left"
    tag: str | None = None
    w: float = 0
    h: float = 0
    gray: float = 0.0
    font: str | None = None  # overrides the document font (mixed-font tampering)


@dataclass
class Page:
    width: float
    height: float
    ops: list[Op]
    font: str  # key of TTF or CORE


def core_safe(text: str) -> str:
    """What a WinAnsi (cp1252) core font can show."""
    text = text.replace("\u202f", " ").replace("\u00a0", " ").replace("ı", "i").replace("ğ", "g").replace("ş", "s")
    return text.encode("cp1252", "replace").decode("cp1252")


def layout(doc: Document, rng, font: str) -> Page:
    us = doc.locale.code == "en-US"
    width, height = (612.0, 792.0) if us else (595.3, 841.9)
    style = rng.choice(["colon", "columns", "stacked"])
    party_right = rng.random() < 0.5
    title_big = rng.random() < 0.35  # the title, not the issuer, in the largest type
    ops: list[Op] = []
    m = 48.0
    right = width - m
    # Header: issuer and its address, the title.
    issuer_size = 13 if title_big else rng.choice([16, 18, 20])
    title_size = 22 if title_big else rng.choice([12, 14])
    # A designer keeps the issuer and the title apart: shrink the issuer to what fits.
    room = (right - m) - _width(doc.title, title_size, True) - 24
    while issuer_size > 9 and _width(doc.issuer, issuer_size, True) > room:
        issuer_size -= 1
    ops.append(Op("text", m, 62, doc.issuer, bold=True, size=issuer_size))
    y = 62 + 14
    for line in doc.issuer_lines:
        ops.append(Op("text", m, y, line, size=8.5))
        y += 11
    ops.append(Op("text", right, 62 if not title_big else 66, doc.title, bold=True, size=title_size, align="right"))
    ops.append(Op("line", m, y + 4, w=right, h=y + 4, gray=0.6))
    y += 26
    # Party block and facts side by side.
    party_x = right - 200 if party_right else m
    facts_x = m if party_right else width / 2 + 10
    py = y
    if doc.party_lines:
        if doc.party_label:
            ops.append(Op("text", party_x, py, _colon(doc.party_label, rng.random() >= 0.5), bold=True, size=9))
            py += 13
        for line in doc.party_lines:
            ops.append(Op("text", party_x, py, line, size=10))
            py += 13
    fy = y
    if style == "stacked":
        # Labels small above their values, side by side across the page under the party block.
        fy = max(py, y) + 12
        # As many per row as fit with a clear gap between the columns.
        per_row = len(doc.facts)
        while per_row > 1 and max(max(_width(f.text, 10, True), _width(f.label, 7.5, False)) for f in doc.facts) + 24 > (right - m) / per_row:
            per_row -= 1
        col_w = (right - m) / per_row
        for start in range(0, len(doc.facts), per_row):
            for i, f in enumerate(doc.facts[start:start + per_row]):
                x = m + i * col_w
                ops.append(Op("text", x, fy, f.label, size=7.5, gray=0.35))
                ops.append(Op("text", x, fy + 13, f.text, bold=rng.random() < 0.4, size=10, tag=f.tag))
            fy += 30
    else:
        label_w = max(_width(f.label + ":", 9.5, True) for f in doc.facts) + 10
        for f in doc.facts:
            if style == "colon":
                ops.append(Op("text", facts_x, fy, _colon(f.label, True), bold=True, size=9.5))
                # value after one space or in an aligned column
                ops.append(Op("text", facts_x + label_w, fy, f.text, size=9.5, tag=f.tag))
            else:
                ops.append(Op("text", facts_x, fy, f.label, size=9.5, gray=0.3))
                ops.append(Op("text", facts_x + label_w + 20, fy, f.text, size=9.5, tag=f.tag))
            fy += 14
    y = max(py, fy) + 20
    # Table.
    if doc.table:
        t = doc.table
        n = len(t.headers)
        xs = [m + (right - m) * f for f in t.widths] if t.widths else _column_edges(n, m, right)
        ops.append(Op("rect", m - 4, y - 11, w=right - m + 8, h=16, gray=0.88))
        for i, h in enumerate(t.headers):
            if t.numeric[i]:
                ops.append(Op("text", xs[i + 1] - 4, y, h, bold=True, size=9, align="right"))
            else:
                ops.append(Op("text", xs[i], y, h, bold=True, size=9))
        y += 18
        for row in t.rows:
            for i, cell in enumerate(row):
                if t.numeric[i]:
                    ops.append(Op("text", xs[i + 1] - 4, y, cell, size=9, align="right"))
                else:
                    ops.append(Op("text", xs[i], y, cell, size=9))
            y += 14
        ops.append(Op("line", m, y - 8, w=right, h=y - 8, gray=0.6))
        y += 10
    # Summary: labels in a column, amounts right-aligned at the margin.
    label_x = width / 2 + 30
    for f in doc.summary:
        bold = f.tag == "total"
        label = _colon(f.label, style == "colon")
        ops.append(Op("text", label_x, y, label, bold=bold, size=10))
        ops.append(Op("text", right, y, f.text, bold=bold, size=10, align="right", tag=f.tag))
        y += 15
    y += 20
    for line in doc.footer:
        ops.append(Op("text", m, y, line, size=8, gray=0.3))
        y += 11
    ops.append(Op("text", m, height - 30, f"{doc.issuer} · {doc.issuer_lines[-1]}", size=7, gray=0.4))
    return Page(width, height, ops, font)


def _width(text: str, size: float, bold: bool) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return stringWidth(core_safe(text), "Helvetica-Bold" if bold else "Helvetica", size) * 1.08


def _column_edges(n: int, left: float, right: float) -> list[float]:
    if n == 4:
        fr = [0, 0.46, 0.6, 0.8, 1.0]
    elif n == 2:
        fr = [0, 0.7, 1.0]
    else:
        fr = [i / n for i in range(n + 1)]
    return [left + (right - left) * f for f in fr]


def _pdf_date(day: dt.datetime) -> str:
    return day.strftime("D:%Y%m%d%H%M%S+00'00'")


def write_reportlab(page: Page, out: str, meta: dict) -> None:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen import canvas

    fonts = _reportlab_fonts(page.font, pdfmetrics, TTFont)
    c = canvas.Canvas(out, pagesize=(page.width, page.height), invariant=1, pageCompression=meta.get("compress", 1))
    c.setTitle(meta.get("title", ""))
    c.setAuthor(meta.get("author", ""))
    c.setCreator(meta.get("creator", ""))
    if meta.get("producer"):
        c.setProducer(meta["producer"])
    unicode_ok = page.font in TTF
    for op in page.ops:
        if op.kind == "text":
            text = op.text if unicode_ok else core_safe(op.text)
            name = _reportlab_fonts(op.font, pdfmetrics, TTFont)[1 if op.bold else 0] if op.font else fonts[1 if op.bold else 0]
            c.setFont(name, op.size)
            c.setFillGray(op.gray)
            y = page.height - op.y
            if op.align == "right":
                c.drawRightString(op.x, y, text)
            else:
                c.drawString(op.x, y, text)
        elif op.kind == "rect":
            c.setFillGray(op.gray)
            c.rect(op.x, page.height - op.y - op.h, op.w, op.h, stroke=0, fill=1)
        elif op.kind == "line":
            c.setStrokeGray(op.gray)
            c.line(op.x, page.height - op.y, op.w or op.x, page.height - (op.h or op.y))
    c.showPage()
    c.save()


def _reportlab_fonts(key: str, pdfmetrics, TTFont) -> tuple[str, str]:
    if key in CORE:
        return CORE[key]
    regular, bold = TTF[key]
    names = (f"{key}-regular", f"{key}-bold")
    if names[0] not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(names[0], regular))
        pdfmetrics.registerFont(TTFont(names[1], bold))
    return names


def write_fpdf2(page: Page, out: str, meta: dict) -> None:
    from fpdf import FPDF

    pdf = FPDF(unit="pt", format=(page.width, page.height))
    pdf.set_auto_page_break(False)
    pdf.set_creation_date(meta["created"])
    pdf.set_title(meta.get("title", ""))
    pdf.set_author(meta.get("author", ""))
    pdf.set_creator(meta.get("creator", ""))
    if meta.get("producer"):
        pdf.set_producer(meta["producer"])
    key = page.font if page.font in TTF else "liberation-sans"
    for k in {key, *(op.font for op in page.ops if op.font)}:
        k = k if k in TTF else "liberation-sans"
        pdf.add_font(k, "", TTF[k][0])
        pdf.add_font(k, "B", TTF[k][1])
    pdf.add_page()
    for op in page.ops:
        if op.kind == "text":
            fk = op.font if op.font in TTF else key
            pdf.set_font(fk, "B" if op.bold else "", op.size)
            g = int(op.gray * 255)
            pdf.set_text_color(g, g, g)
            x = op.x - pdf.get_string_width(op.text) if op.align == "right" else op.x
            pdf.text(x, op.y, op.text)
        elif op.kind == "rect":
            g = int(op.gray * 255)
            pdf.set_fill_color(g, g, g)
            pdf.rect(op.x, op.y, op.w, op.h, style="F")
        elif op.kind == "line":
            g = int(op.gray * 255)
            pdf.set_draw_color(g, g, g)
            pdf.line(op.x, op.y, op.w or op.x, op.h or op.y)
    pdf.output(out)


def _colon(label: str, wanted: bool) -> str:
    """The label with a colon after it when wanted, never two (held-out labels may carry their own)."""
    return label + ":" if wanted and not label.rstrip().endswith(":") else label
