"""Honest scans: the page rasterised by poppler (pdftoppm), turned a little, blurred, with sensor
noise and JPEG compression (Pillow, noise from the seeded generator), then either wrapped in an
image-only PDF the way scanners write them (producer = the scanner) or kept as a JPEG photo."""

from __future__ import annotations

import datetime as dt
import io
import os
import subprocess
import tempfile

from PIL import Image, ImageChops, ImageFilter


def rasterise(pdf: str, dpi: int) -> Image.Image:
    with tempfile.TemporaryDirectory() as tmp:
        base = os.path.join(tmp, "page")
        subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", "-png", "-singlefile", pdf, base], check=True, timeout=120)
        with Image.open(base + ".png") as im:
            return im.convert("L").copy()


def degrade(im: Image.Image, rng, quality: str) -> Image.Image:
    angle = rng.uniform(-1.2, 1.2) if quality == "good" else rng.uniform(-2.0, 2.0)
    im = im.rotate(angle, resample=Image.BICUBIC, expand=False, fillcolor=255)
    im = im.filter(ImageFilter.GaussianBlur(0.5 if quality == "good" else 0.9))
    spread = 10 if quality == "good" else 26
    noise = Image.frombytes("L", im.size, rng.randbytes(im.size[0] * im.size[1])).point(lambda v: 128 - spread // 2 + (v * spread) // 256)
    im = ImageChops.add(im, noise, scale=1.0, offset=-128)
    buf = io.BytesIO()
    im.save(buf, "JPEG", quality=82 if quality == "good" else 45)
    return Image.open(io.BytesIO(buf.getvalue())).convert("L")


def scan_to_pdf(src_pdf: str, out: str, rng, quality: str, scanner: str, when: dt.datetime) -> None:
    dpi = 200 if quality == "good" else 150
    im = degrade(rasterise(src_pdf, dpi), rng, quality)
    im.save(out, "PDF", resolution=float(dpi), producer=scanner, creator=scanner, title="", creationDate=when.timetuple(), modDate=when.timetuple())


def scan_to_jpeg(src_pdf: str, out: str, rng, quality: str) -> None:
    dpi = 200 if quality == "good" else 150
    im = degrade(rasterise(src_pdf, dpi), rng, quality)
    im.save(out, "JPEG", quality=85, dpi=(dpi, dpi))
