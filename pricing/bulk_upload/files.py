"""The CSV files of a bulk upload: what is accepted (business §5, §9), how a file is read (streaming, in blocks cut at
line breaks), and how the result files are written so that a spreadsheet opens them safely."""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable, Iterator
from pathlib import PurePath
from typing import Protocol

from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import UploadedFile

from accounts.uploads import clean_file_name
from pricing.bulk_upload.errors import (
    FILE_TOO_LARGE_MESSAGE,
    WRONG_ENCODING_MESSAGE,
    WRONG_FILE_TYPE_MESSAGE,
    BulkOrderErrorCode,
)


class ByteStream(Protocol):
    """What the validation reads a CSV from: an open binary file, an upload, a stored file opened "rb"."""

    def read(self, size: int = -1, /) -> bytes: ...

    def seek(self, offset: int, whence: int = 0, /) -> int: ...


# business §9: one CSV file of at most 50 MB (50 * 1024 * 1024 bytes).
MAX_FILE_BYTES = 50 * 1024 * 1024
# business §5: the file type must be CSV (text/csv). Browsers also send these for a .csv file (Windows with Excel
# installed: application/vnd.ms-excel), or nothing.
CSV_CONTENT_TYPES = frozenset(
    {
        "",
        "text/csv",
        "application/csv",
        "text/comma-separated-values",
        "text/x-csv",
        "application/x-csv",
        "application/vnd.ms-excel",
        "text/plain",
        "application/octet-stream",
    }
)
SNIFF_BYTES = 64 * 1024
BLOCK_BYTES = 4 * 1024 * 1024  # read and validated a block at a time: bounded memory for any file

# A cell a spreadsheet would run as a formula (or that hides one behind a tab or a carriage return) is prefixed with
# an apostrophe, which the spreadsheet shows as text (OWASP "CSV injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_QUOTE_WHEN = r'[,"\r\n]'


def spreadsheet_safe(text: str) -> str:
    """`text` as a spreadsheet cell that never runs: "=1+1" → "'=1+1"."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def csv_cell(text: str) -> str:
    """One cell of a result file: neutralised, and quoted when it holds a comma, a quote or a line break."""
    text = spreadsheet_safe(text)
    if re.search(_QUOTE_WHEN, text):
        return '"' + text.replace('"', '""') + '"'
    return text


def csv_line(*cells: str) -> str:
    return ",".join(csv_cell(cell) for cell in cells) + "\n"


# Excel opens a UTF-8 CSV as UTF-8 only when it starts with a byte order mark.
RESULT_FILE_HEADER = "\ufeff" + csv_line("SKU", "Qty", "Row", "Error")


def upload_file_checked(upload: UploadedFile) -> str:
    """The upload's clean name, when it is a CSV file of at most 50 MB in an encoding we read; ValidationError with
    business §5's texts otherwise (BULK_FILE_TOO_LARGE 'Maximum file size 50MB', BULK_WRONG_FILE_TYPE 'Table structure
    is wrong. Please download sample and follow its structure.'), or BULK_WRONG_ENCODING (save it as CSV UTF-8). The
    content is sniffed too: a spreadsheet or any other binary file renamed .csv holds NUL bytes, which a CSV file never
    does (but UTF-16 text does: it is recognised by its byte order mark first)."""
    name = clean_file_name(upload.name or "")
    if (upload.size or 0) > MAX_FILE_BYTES:
        raise ValidationError(FILE_TOO_LARGE_MESSAGE, code=BulkOrderErrorCode.FILE_TOO_LARGE)
    content_type = (getattr(upload, "content_type", "") or "").split(";")[0].strip().lower()
    wrong = PurePath(name).suffix.lower() != ".csv" or content_type not in CSV_CONTENT_TYPES
    if wrong:
        raise ValidationError(WRONG_FILE_TYPE_MESSAGE, code=BulkOrderErrorCode.WRONG_FILE_TYPE)
    upload.seek(0)
    head = upload.read(SNIFF_BYTES)
    upload.seek(0)
    encoding, bom = encoding_of(head)
    if encoding == "utf-8" and b"\x00" in head:
        raise ValidationError(WRONG_FILE_TYPE_MESSAGE, code=BulkOrderErrorCode.WRONG_FILE_TYPE)
    text = _decoded(codecs.getincrementaldecoder(encoding)(), head[len(bom) :], final=False)
    if "\x00" in text:
        raise ValidationError(WRONG_FILE_TYPE_MESSAGE, code=BulkOrderErrorCode.WRONG_FILE_TYPE)
    return name


# What the bulk upload reads (issue 36 item 11): UTF-8, with or without a byte order mark, and UTF-16 with one (what
# a spreadsheet's "Unicode text" saves). The byte order marks, longest first (UTF-8's starts like no UTF-16 one).
_BOMS = ((codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"))


def encoding_of(head: bytes) -> tuple[str, bytes]:
    """The file's encoding from its first bytes, and the byte order mark to skip: UTF-8 unless a UTF-16 one says so."""
    for bom, encoding in _BOMS:
        if head.startswith(bom):
            return encoding, bom
    return "utf-8", b""


def wrong_encoding() -> ValidationError:
    return ValidationError(WRONG_ENCODING_MESSAGE, code=BulkOrderErrorCode.WRONG_ENCODING)


def _decoded(decoder: codecs.IncrementalDecoder, data: bytes, *, final: bool) -> str:
    """`data` as text; BULK_WRONG_ENCODING when it is not in the file's encoding (a spreadsheet's "CSV" in a Windows
    code page: its accented letters are not UTF-8)."""
    try:
        return decoder.decode(data, final)
    except UnicodeDecodeError as exc:
        raise wrong_encoding() from exc


# What a blank line may hold: separators, quotes, white space, a byte order mark.
_BLANK_CHARACTERS = str.maketrans("", "", ' \t,;"\r\n\ufeff')


def has_data_rows(stream: ByteStream) -> bool:
    """Whether anything but blank lines follows the header line (business §3: the first line is a header and is
    dropped; §4: a file with no data rows does nothing). Reads only as far as it must; rewinds the stream."""
    stream.seek(0)
    try:
        head = stream.read(SNIFF_BYTES)
        encoding, bom = encoding_of(head)
        decoder = codecs.getincrementaldecoder(encoding)("replace")  # the validation refuses a wrong encoding
        block, seen_header = head[len(bom) :], False
        while block:
            text = decoder.decode(block)
            if not seen_header:
                end = min((at for at in (text.find("\n"), text.find("\r")) if at >= 0), default=-1)
                if end >= 0:
                    seen_header, text = True, text[end + 1 :]
            if seen_header and text.translate(_BLANK_CHARACTERS):
                return True
            block = stream.read(SNIFF_BYTES)
        return False
    finally:
        stream.seek(0)


def text_blocks(
    stream: ByteStream, *, block_bytes: int = BLOCK_BYTES, progress: Callable[[int], None] | None = None
) -> Iterator[str]:
    """The file as text, a block at a time, each cut after a line break so that no line is split (a line longer than a
    block joins the next). UTF-8 (a byte order mark is dropped) or UTF-16 with its byte order mark (encoding_of);
    BULK_WRONG_ENCODING where the bytes are not in that encoding. `progress(bytes read so far)` is called before each
    block is handed out."""
    decoder: codecs.IncrementalDecoder | None = None
    rest = ""
    read = 0
    while True:
        block = stream.read(block_bytes)
        read += len(block)
        if decoder is None:
            if block and len(block) < 3:
                block += stream.read(3 - len(block))  # enough to see a byte order mark
                read = len(block)
            encoding, bom = encoding_of(block)
            decoder = codecs.getincrementaldecoder(encoding)()
            block = block[len(bom) :]
        text = _decoded(decoder, block, final=not block)
        data = rest + text if rest else text
        if block:
            cut = data.rfind("\n")
            if cut < 0:
                # A lone CR ends lines (old Mac files); one at the very end may be the first half of a CRLF.
                cut = data.rfind("\r", 0, len(data) - 1)
            if cut < 0:
                rest = data
                continue
            piece, rest = data[: cut + 1], data[cut + 1 :]
        else:
            piece, rest = data, ""
        if progress is not None:
            progress(read)
        yield piece
        if not block:
            return


DELIMITERS = (",", ";", "\t")


def delimiter_of(header: str) -> str:
    """The separator of a file's cells, from its header line (issue 36 item 11): a comma, or the semicolon or tab of a
    spreadsheet saved in a language whose decimal mark is a comma (or as "Unicode text"); the most frequent of them,
    a comma when none."""
    counts = [(header.count(separator), separator) for separator in DELIMITERS]
    best = max(counts, key=lambda pair: pair[0])  # the first of equals: the comma
    return best[1] if best[0] else ","


_UNSAFE_NAME_CHARACTERS = r"[^A-Za-z0-9._ ()-]+"


def download_name(stem: str, suffix: str) -> str:
    """A result file's name from the uploaded file's: "reagents.csv" → "reagents-errors.csv", plain characters only."""
    cleaned = re.sub(_UNSAFE_NAME_CHARACTERS, "_", stem).strip(" ._")[:100] or "upload"
    return f"{cleaned}-{suffix}.csv"
