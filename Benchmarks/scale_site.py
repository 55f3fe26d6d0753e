#!/usr/bin/env python3
"""Writes a site of N slides with N distinct local images, for the scale benchmarks.

Each image is a small PNG of noise (so no two share bytes or compress away), about the size of
a web thumbnail. Usage: scale_site.py FOLDER SLIDES [IMAGE_BYTES]"""

import json
import os
import pathlib
import random
import struct
import sys
import zlib


def png(width, height, seed):
    """A valid RGB PNG of seeded noise: stored (level 0) deflate, so its size is predictable."""
    rng = random.Random(seed)
    row = width * 3
    raw = b"".join(b"\0" + rng.randbytes(row) for _ in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 0)) + chunk(b"IEND", b"")


def main():
    folder = pathlib.Path(sys.argv[1])
    slides = int(sys.argv[2])
    image_bytes = int(sys.argv[3]) if len(sys.argv) > 3 else 16384
    # 3 bytes a pixel at a 3:2 aspect ratio: width² × 2/3 × 3 = image_bytes.
    width = max(3, int((image_bytes / 2) ** 0.5))
    height = max(2, width * 2 // 3)
    images = folder / "images"
    images.mkdir(parents=True, exist_ok=True)
    feed = []
    for i in range(slides):
        # 100 images a folder: a photo archive's layout, and no folder of 10,000 entries.
        name = f"{i // 100:03d}/{i % 100:02d}.png"
        path = images / name
        if not path.exists():
            path.parent.mkdir(exist_ok=True)
            path.write_bytes(png(width, height, i))
        feed.append({"image": f"images/{name}", "title": f"Photo {i + 1}", "caption": f"Caption of photo {i + 1}"})
    (folder / "slides.json").write_text(json.dumps(feed, indent=1))
    (folder / "carousel.json").write_text(json.dumps({"title": f"{slides} slides", "feed": "slides.json"}))


if __name__ == "__main__":
    main()
