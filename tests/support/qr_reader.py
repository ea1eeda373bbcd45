"""Read back a QR code drawn as SVG, in plain Python: the tests check the address a phone would scan.

Only what Pocha draws: one path of one-unit horizontal strokes (segno's SVG, inline or a file), error level M,
versions 1 to 10, no damage to repair (the error-correction codewords are not even read).
Independent of the encoder: format bits, masks, zigzag and block interleaving as the standard
(ISO/IEC 18004) lays them out.

    read_svg(svg) == "http://192.168.1.20:5000/ver/…"
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

Matrix = list[list[bool]]

#: Error level M, by version: (error-correction codewords per block, number of blocks).
M_BLOCKS = {
    1: (10, 1),
    2: (16, 1),
    3: (26, 1),
    4: (18, 2),
    5: (24, 2),
    6: (16, 4),
    7: (18, 4),
    8: (22, 4),
    9: (22, 5),
    10: (26, 5),
}
LEVELS = {0b01: "L", 0b00: "M", 0b11: "Q", 0b10: "H"}
ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
MASKS = (
    lambda r, c: (r + c) % 2 == 0,
    lambda r, c: r % 2 == 0,
    lambda r, c: c % 3 == 0,
    lambda r, c: (r + c) % 3 == 0,
    lambda r, c: (r // 2 + c // 3) % 2 == 0,
    lambda r, c: r * c % 2 + r * c % 3 == 0,
    lambda r, c: (r * c % 2 + r * c % 3) % 2 == 0,
    lambda r, c: ((r + c) % 2 + r * c % 3) % 2 == 0,
)


class QRReadError(ValueError):
    """The drawing is not a QR code this reader understands."""


# --- from SVG to modules ---------------------------------------------------------------------


def modules_of_svg(svg: str) -> Matrix:
    """The dark modules of the code (quiet zone left out), read from the SVG's stroked path."""
    root = ET.fromstring(svg)  # also proves the markup is well-formed
    dark: set[tuple[int, int]] = set()
    for path in root.iterfind(".//{*}path"):  # inline in a page, or a file of its own (in the SVG namespace)
        if path.get("stroke") is None:
            continue  # the light background
        x = y = 0.0
        for command, numbers in re.findall(r"([MmHhVvZz])([^MmHhVvZz]*)", path.get("d", "")):
            values = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", numbers)]
            if command == "M":
                x, y = values[0], values[1]
            elif command == "m":
                x, y = x + values[0], y + values[1]
            elif command in "hH":
                end = x + values[0] if command == "h" else values[0]
                row = int(y)  # strokes run along the middle of their row
                for col in range(int(min(x, end)), int(max(x, end))):
                    dark.add((row, col))
                x = end
            else:
                raise QRReadError(f"unexpected path command {command}")
    if not dark:
        raise QRReadError("no dark module")
    top, left = min(r for r, _ in dark), min(c for _, c in dark)
    size = max(c for _, c in dark) - left + 1
    return [[(top + r, left + c) in dark for c in range(size)] for r in range(size)]


# --- the standard's layout -------------------------------------------------------------------


def alignment_centres(version: int) -> list[int]:
    """Rows (and columns) of the alignment patterns' centres."""
    if version == 1:
        return []
    count = version // 7 + 2
    step = (version * 8 + count * 3 + 5) // (count * 4 - 4) * 2
    size = version * 4 + 17
    return [6] + [size - 7 - step * i for i in range(count - 2, -1, -1)]


def function_modules(version: int) -> Matrix:
    """Which modules are not data: finders and separators, format and version info, timing, alignment."""
    size = version * 4 + 17
    taken = [[False] * size for _ in range(size)]

    def mark(rows: range, cols: range) -> None:
        for r in rows:
            for c in cols:
                if 0 <= r < size and 0 <= c < size:
                    taken[r][c] = True

    mark(range(9), range(9))
    mark(range(9), range(size - 8, size))
    mark(range(size - 8, size), range(9))
    mark(range(6, 7), range(size))
    mark(range(size), range(6, 7))
    centres = alignment_centres(version)
    last = len(centres) - 1
    for i, r in enumerate(centres):
        for j, c in enumerate(centres):
            if (i, j) not in ((0, 0), (0, last), (last, 0)):
                mark(range(r - 2, r + 3), range(c - 2, c + 3))
    if version >= 7:
        mark(range(6), range(size - 11, size - 8))
        mark(range(size - 11, size - 8), range(6))
    return taken


def format_info(modules: Matrix) -> tuple[str, int]:
    """The error level and mask, from the format bits beside the top-left finder."""
    cells = [(r, 8) for r in range(6)] + [(7, 8), (8, 8), (8, 7)] + [(8, 14 - i) for i in range(9, 15)]
    read = sum(1 << i for i, (r, c) in enumerate(cells) if modules[r][c])
    best = min(range(32), key=lambda data: bin(_format_bits(data) ^ read).count("1"))
    if bin(_format_bits(best) ^ read).count("1") > 3:
        raise QRReadError("unreadable format bits")
    return LEVELS[best >> 3], best & 7


def _format_bits(data: int) -> int:
    remainder = data
    for _ in range(10):
        remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537)
    return (data << 10 | remainder) ^ 0x5412


def codewords(modules: Matrix, mask: int, version: int) -> list[int]:
    """Every codeword, unmasked, in the zigzag order they are placed (two columns at a time, from the bottom right)."""
    size = len(modules)
    taken = function_modules(version)
    bits: list[int] = []
    right = size - 1
    while right >= 1:
        if right == 6:
            right = 5  # the vertical timing pattern is skipped
        upward = ((right + 1) & 2) == 0
        for vert in range(size):
            r = size - 1 - vert if upward else vert
            for c in (right, right - 1):
                if not taken[r][c]:
                    bits.append(int(modules[r][c] ^ MASKS[mask](r, c)))
        right -= 2
    return [int("".join(map(str, bits[i : i + 8])), 2) for i in range(0, len(bits) - 7, 8)]


def data_codewords(raw: list[int], version: int) -> list[int]:
    """The data codewords, blocks de-interleaved (short blocks first; error correction dropped)."""
    ecc, blocks = M_BLOCKS[version]
    short = len(raw) // blocks
    shorts = blocks - len(raw) % blocks
    out: list[list[int]] = [[] for _ in range(blocks)]
    it = iter(raw)
    for i in range(short + 1):
        for j in range(blocks):
            if i == short - ecc and j < shorts:
                continue  # short blocks have one data codeword fewer
            out[j].append(next(it))
    return [cw for block in out for cw in block[: len(block) - ecc]]


def decode_bits(data: list[int], version: int) -> str:
    """The text of the segments: numeric, alphanumeric and byte (UTF-8) modes."""
    bits = "".join(f"{cw:08b}" for cw in data)
    pos = 0

    def take(n: int) -> int:
        nonlocal pos
        value = int(bits[pos : pos + n] or "0", 2)
        pos += n
        return value

    text = ""
    small = version <= 9
    while pos + 4 <= len(bits):
        mode = take(4)
        if mode == 0b0000:
            break
        if mode == 0b0100:
            count = take(8 if small else 16)
            text += bytes(take(8) for _ in range(count)).decode("utf-8")
        elif mode == 0b0010:
            count = take(9 if small else 11)
            for _ in range(count // 2):
                pair = take(11)
                text += ALPHANUMERIC[pair // 45] + ALPHANUMERIC[pair % 45]
            if count % 2:
                text += ALPHANUMERIC[take(6)]
        elif mode == 0b0001:
            count = take(10 if small else 12)
            while count >= 3:
                text += f"{take(10):03d}"
                count -= 3
            if count:
                text += f"{take(7 if count == 2 else 4):0{count}d}"
        else:
            raise QRReadError(f"mode {mode:04b} not read here")
    return text


def read_matrix(modules: Matrix) -> str:
    """The text a QR code holds, from its modules (``True`` dark), quiet zone left out."""
    size = len(modules)
    version = (size - 17) // 4
    if size != version * 4 + 17 or version not in M_BLOCKS:
        raise QRReadError(f"{size} modules a side: not a version 1 to 10 code")
    level, mask = format_info(modules)
    if level != "M":
        raise QRReadError(f"error level {level}: only M is read here")
    return decode_bits(data_codewords(codewords(modules, mask, version), version), version)


def read_svg(svg: str) -> str:
    """The text of a QR code drawn as SVG (inline, or a file of its own)."""
    return read_matrix(modules_of_svg(svg))
