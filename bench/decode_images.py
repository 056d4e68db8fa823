#!/usr/bin/env python3
"""Writes the images bench/decode.sh times into a folder: photo-like 1024² covers (baseline
JPEG, progressive JPEG, PNG), a blurred 4096² progressive JPEG of about 140 KB, and two
bombs: a 1 KB JPEG whose header claims 4096² and a PNG of 4096² 16-bit RGBA zeros, 130 KB.

Needs Pillow (pip install pillow) for the JPEGs and the PNG; the PNG bomb is made with
zlib alone. Nothing here is committed: the images are generated each run.
"""

import io
import os
import random
import struct
import sys
import zlib

from PIL import Image, ImageDraw, ImageFilter


def photo(side, seed=1):
    """Smooth colour fields with edges, shapes and a little noise: what a cover looks like
    to a JPEG encoder (neither flat nor random)."""
    rng = random.Random(seed)
    image = Image.linear_gradient("L").resize((side, side))
    red = image
    green = image.rotate(90)
    blue = Image.radial_gradient("L").resize((side, side))
    image = Image.merge("RGB", (red, green, blue))
    draw = ImageDraw.Draw(image)
    for _ in range(40):
        x, y = rng.randrange(side), rng.randrange(side)
        r = rng.randrange(side // 40, side // 6)
        colour = tuple(rng.randrange(256) for _ in range(3))
        if rng.random() < 0.5:
            draw.ellipse((x - r, y - r, x + r, y + r), fill=colour)
        else:
            draw.rectangle((x - r, y - r, x + r // 2, y + r // 3), fill=colour)
    for _ in range(12):
        draw.text((rng.randrange(side), rng.randrange(side)), "BOOKCLUB", fill=(255, 255, 255))
    image = image.filter(ImageFilter.GaussianBlur(1))
    noise = Image.effect_noise((side, side), 12).convert("RGB")
    return Image.blend(image, noise, 0.08)


def jpeg(image, **options):
    out = io.BytesIO()
    image.save(out, "JPEG", **options)
    return out.getvalue()


def png_chunk(kind, data):
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))


def png_bomb(side):
    """A side² 16-bit RGBA PNG of zeros: 8 bytes a pixel that zlib squeezes a thousandfold."""
    row = b"\x00" * (1 + side * 8)
    compressor = zlib.compressobj(9)
    data = b"".join(compressor.compress(row) for _ in range(side)) + compressor.flush()
    header = struct.pack(">IIBBBBB", side, side, 16, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", header) + png_chunk(b"IDAT", data)
            + png_chunk(b"IEND", b""))


def claiming(small_jpeg, side):
    """`small_jpeg` with its frame header saying side × side: the data ends long before."""
    data = bytearray(small_jpeg)
    for marker in (b"\xff\xc0", b"\xff\xc2"):
        at = data.find(marker)
        if at >= 0:
            data[at + 5:at + 9] = struct.pack(">HH", side, side)
            return bytes(data)
    raise ValueError("no frame header")


def main(folder):
    os.makedirs(folder, exist_ok=True)
    cover = photo(1024)
    big = photo(4096, seed=2).filter(ImageFilter.GaussianBlur(6))
    files = {
        "baseline-1024.jpg": jpeg(cover, quality=85),
        "progressive-1024.jpg": jpeg(cover, quality=85, progressive=True),
        "progressive-4096.jpg": jpeg(big, quality=20, progressive=True),
        "header-4096.jpg": claiming(jpeg(photo(64), quality=75), 4096),
        "bomb-4096.png": png_bomb(4096),
    }
    out = io.BytesIO()
    cover.save(out, "PNG")
    files["cover-1024.png"] = out.getvalue()
    for name, data in files.items():
        with open(os.path.join(folder, name), "wb") as file:
            file.write(data)
        print(f"{name}: {len(data) // 1024} KB")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/tmp/bookclub-decode-images")
