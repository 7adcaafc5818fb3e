"""What an uploaded attachment really is (shell §5 accepted upload types: pdf, word, excel, csv, any image).

The type is read from the content, never trusted from the name or the browser's content type: a file is accepted
only when its extension is one of ours *and* its content is that kind of file. SVG is refused (it can carry
script), and so are macro-enabled Office files.
"""

from __future__ import annotations

import io
import os
import re
import unicodedata
import zipfile
from dataclasses import dataclass

# business §5 file drop: 3 files of at most 3,000,000 bytes each.
MAX_FILE_BYTES = 3_000_000
MAX_FILES = 3
MAX_CONTENT_TYPES_XML = 1_000_000  # bytes of [Content_Types].xml we are willing to read

PDF, DOC, DOCX, XLS, XLSX, CSV = "pdf", "doc", "docx", "xls", "xlsx", "csv"
PNG, JPEG, GIF, WEBP, BMP, TIFF = "png", "jpeg", "gif", "webp", "bmp", "tiff"
IMAGE_KINDS = (PNG, JPEG, GIF, WEBP, BMP, TIFF)

EXTENSION_KINDS = {
    ".pdf": PDF,
    ".doc": DOC,
    ".docx": DOCX,
    ".xls": XLS,
    ".xlsx": XLSX,
    ".csv": CSV,
    ".png": PNG,
    ".jpg": JPEG,
    ".jpeg": JPEG,
    ".gif": GIF,
    ".webp": WEBP,
    ".bmp": BMP,
    ".tif": TIFF,
    ".tiff": TIFF,
}
KIND_EXTENSION = {
    PDF: ".pdf", DOC: ".doc", DOCX: ".docx", XLS: ".xls", XLSX: ".xlsx", CSV: ".csv", PNG: ".png", JPEG: ".jpg",
    GIF: ".gif", WEBP: ".webp", BMP: ".bmp", TIFF: ".tiff",
}  # fmt: skip
KIND_MIME = {
    PDF: "application/pdf",
    DOC: "application/msword",
    DOCX: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    XLS: "application/vnd.ms-excel",
    XLSX: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    CSV: "text/csv",
    PNG: "image/png",
    JPEG: "image/jpeg",
    GIF: "image/gif",
    WEBP: "image/webp",
    BMP: "image/bmp",
    TIFF: "image/tiff",
}
# The accepted extensions, for the drop zone's `accept` attribute.
ACCEPTED_EXTENSIONS = tuple(EXTENSION_KINDS)

_OLE2 = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_BMP_DIB_HEADER_SIZES = {12, 40, 52, 56, 64, 108, 124}
_CSV_FORBIDDEN = r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]"


@dataclass(frozen=True)
class Detected:
    kind: str
    extension: str  # what we store the file as
    mime: str


def _ole2_kind(data: bytes) -> str | None:
    # An OLE2 compound file names its streams in UTF-16LE: Word keeps "WordDocument", Excel "Workbook" (or "Book"
    # before Excel 97). Installers (.msi) and other OLE2 files have neither.
    if "WordDocument".encode("utf-16-le") in data:
        return DOC
    if "Workbook".encode("utf-16-le") in data or "Book\x00".encode("utf-16-le") in data:
        return XLS
    return None


def _ooxml_kind(data: bytes) -> str | None:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            entries = {info.filename: info for info in archive.infolist()}
            content_types = entries.get("[Content_Types].xml")
            if content_types is None or content_types.file_size > MAX_CONTENT_TYPES_XML:
                return None
            if any(name.lower().endswith("vbaproject.bin") for name in entries):
                return None  # macros
            types = archive.read(content_types).decode("utf-8", "replace")
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, RuntimeError):
        return None
    if "word/document.xml" in entries and "wordprocessingml.document.main+xml" in types:
        return DOCX
    if "xl/workbook.xml" in entries and "spreadsheetml.sheet.main+xml" in types:
        return XLSX
    return None


def _is_csv(data: bytes) -> bool:
    if not data.strip():
        return False
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return False
    return re.search(_CSV_FORBIDDEN, text) is None


def sniff(data: bytes) -> str | None:
    """The kind of file the bytes are, or None when it is none of the accepted kinds."""
    if data.startswith(b"%PDF-"):
        return PDF
    if data.startswith(_OLE2):
        return _ole2_kind(data)
    if data.startswith(b"PK\x03\x04"):
        return _ooxml_kind(data)
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return PNG
    if data.startswith(b"\xff\xd8\xff"):
        return JPEG
    if data.startswith((b"GIF87a", b"GIF89a")):
        return GIF
    if len(data) >= 12 and data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return WEBP
    if len(data) >= 18 and data[:2] == b"BM" and int.from_bytes(data[14:18], "little") in _BMP_DIB_HEADER_SIZES:
        return BMP
    if data.startswith((b"II*\x00", b"MM\x00*")):
        return TIFF
    if _is_csv(data):
        return CSV
    return None


def detect(name: str, data: bytes) -> Detected | None:
    """The accepted kind of an upload, or None. The extension must be one of ours and agree with the content; an
    image may be any accepted image kind (a JPEG named .png is stored as .jpg)."""
    expected = EXTENSION_KINDS.get(os.path.splitext(name)[1].lower())
    if expected is None:
        return None
    kind = sniff(data)
    if kind is None:
        return None
    if kind != expected and not (kind in IMAGE_KINDS and expected in IMAGE_KINDS):
        return None
    return Detected(kind=kind, extension=KIND_EXTENSION[kind], mime=KIND_MIME[kind])


def clean_file_name(name: str) -> str:
    """The uploader's file name as we show it: no directories, no control characters, at most 255 characters."""
    name = unicodedata.normalize("NFC", name or "").replace("\\", "/").rsplit("/", 1)[-1]
    name = "".join(ch for ch in name if unicodedata.category(ch)[0] != "C").strip()
    if len(name) > 255:
        stem, ext = os.path.splitext(name)
        name = stem[: 255 - len(ext[:20])] + ext[:20]
    return name or "file"


def size_label(size: int) -> str:
    """3,000,000 → "3 MB" (decimal units, as the limit is given)."""
    if size >= 1_000_000:
        return f"{size / 1_000_000:g} MB"
    if size >= 1_000:
        return f"{size / 1_000:g} kB"
    return f"{size} bytes"
