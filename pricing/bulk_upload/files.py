"""The CSV files of a bulk upload: what is accepted (business §5, §9), how a file is read (streaming, in blocks cut at
line breaks), and how the result files are written so that a spreadsheet opens them safely."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import PurePath
from typing import BinaryIO

from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import UploadedFile

from accounts.uploads import clean_file_name
from pricing.bulk_upload.errors import FILE_TOO_LARGE_MESSAGE, WRONG_FILE_TYPE_MESSAGE, BulkOrderErrorCode

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
_QUOTE_WHEN = re.compile(r'[,"\r\n]')


def spreadsheet_safe(text: str) -> str:
    """`text` as a spreadsheet cell that never runs: "=1+1" → "'=1+1"."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def csv_cell(text: str) -> str:
    """One cell of a result file: neutralised, and quoted when it holds a comma, a quote or a line break."""
    text = spreadsheet_safe(text)
    if _QUOTE_WHEN.search(text):
        return '"' + text.replace('"', '""') + '"'
    return text


def csv_line(*cells: str) -> str:
    return ",".join(csv_cell(cell) for cell in cells) + "\n"


# Excel opens a UTF-8 CSV as UTF-8 only when it starts with a byte order mark.
RESULT_FILE_HEADER = "\ufeff" + csv_line("SKU", "Qty", "Row", "Error")


def upload_file_checked(upload: UploadedFile) -> str:
    """The upload's clean name, when it is a CSV file of at most 50 MB; ValidationError with business §5's texts
    otherwise (BULK_FILE_TOO_LARGE 'Maximum file size 50MB', BULK_WRONG_FILE_TYPE 'Table structure is wrong. Please
    download sample and follow it's structure.'). The content is sniffed too: a spreadsheet or any other binary file
    renamed .csv holds NUL bytes, which a CSV file never does."""
    name = clean_file_name(upload.name or "")
    if (upload.size or 0) > MAX_FILE_BYTES:
        raise ValidationError(FILE_TOO_LARGE_MESSAGE, code=BulkOrderErrorCode.FILE_TOO_LARGE)
    content_type = (getattr(upload, "content_type", "") or "").split(";")[0].strip().lower()
    wrong = PurePath(name).suffix.lower() != ".csv" or content_type not in CSV_CONTENT_TYPES
    if not wrong:
        upload.seek(0)
        wrong = b"\x00" in upload.read(SNIFF_BYTES)
        upload.seek(0)
    if wrong:
        raise ValidationError(WRONG_FILE_TYPE_MESSAGE, code=BulkOrderErrorCode.WRONG_FILE_TYPE)
    return name


# What a blank line may hold: separators, quotes, white space, a byte order mark.
_BLANK_BYTES = b' \t,"\r\n\xef\xbb\xbf'


def has_data_rows(stream: BinaryIO) -> bool:
    """Whether anything but blank lines follows the header line (business §3: the first line is a header and is
    dropped; §4: a file with no data rows does nothing). Reads only as far as it must; rewinds the stream."""
    stream.seek(0)
    try:
        seen_header = False
        while block := stream.read(SNIFF_BYTES):
            if not seen_header:
                end = min((at for at in (block.find(b"\n"), block.find(b"\r")) if at >= 0), default=-1)
                if end < 0:
                    continue
                seen_header, block = True, block[end + 1 :]
            if block.translate(None, _BLANK_BYTES):
                return True
        return False
    finally:
        stream.seek(0)


def text_blocks(
    stream: BinaryIO, *, block_bytes: int = BLOCK_BYTES, progress: Callable[[int], None] | None = None
) -> Iterator[str]:
    """The file as text, a block at a time, each cut after a line break so that no line is split (a line longer than a
    block joins the next). UTF-8 (a byte order mark is dropped); bytes that are not UTF-8 become U+FFFD, which no SKU
    holds. `progress(bytes read so far)` is called before each block is handed out."""
    rest = b""
    read = 0
    first = True
    while True:
        block = stream.read(block_bytes)
        read += len(block)
        data = rest + block if rest else block
        if block:
            cut = data.rfind(b"\n")
            if cut < 0:
                # A lone CR ends lines (old Mac files); one at the very end may be the first half of a CRLF.
                cut = data.rfind(b"\r", 0, len(data) - 1)
            if cut < 0:
                rest = data
                continue
            piece, rest = data[: cut + 1], data[cut + 1 :]
        else:
            piece, rest = data, b""
        text = piece.decode("utf-8", "replace")
        if first:
            text, first = text.removeprefix("\ufeff"), False
        if progress is not None:
            progress(read)
        yield text
        if not block:
            return


_UNSAFE_NAME_CHARACTERS = re.compile(r"[^A-Za-z0-9._ ()-]+")


def download_name(stem: str, suffix: str) -> str:
    """A result file's name from the uploaded file's: "reagents.csv" → "reagents-errors.csv", plain characters only."""
    cleaned = _UNSAFE_NAME_CHARACTERS.sub("_", stem).strip(" ._")[:100] or "upload"
    return f"{cleaned}-{suffix}.csv"
