"""The private file storage of uploaded attachments (issue 5): never under a public URL.

`STORAGES["private"]`, when settings define it (an S3 bucket without public access in production), else a
file-system storage in `PRIVATE_MEDIA_ROOT` (default: a sibling of `MEDIA_ROOT` named `<media>-private`, which the
development server's `/media/` route does not serve).
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.files.storage import FileSystemStorage, Storage, storages
from django.utils.deconstruct import deconstructible
from django.utils.functional import cached_property


@deconstructible(path="accounts.storage.PrivateFileSystemStorage")
class PrivateFileSystemStorage(FileSystemStorage):
    """Files with no URL at all: `url()` raises, so a template can never link one by mistake."""

    @cached_property
    def base_location(self):
        configured = getattr(settings, "PRIVATE_MEDIA_ROOT", None)
        if configured:
            return str(configured)
        media = Path(settings.MEDIA_ROOT)
        return str(media.with_name(f"{media.name}-private"))

    def _clear_cached_properties(self, setting, **kwargs):
        super()._clear_cached_properties(setting, **kwargs)
        if setting in ("MEDIA_ROOT", "PRIVATE_MEDIA_ROOT"):
            self.__dict__.pop("base_location", None)
            self.__dict__.pop("location", None)

    def url(self, name):
        raise ValueError("Private files have no public URL: download them through Django admin.")


_filesystem = PrivateFileSystemStorage()


def private_storage() -> Storage:
    if "private" in settings.STORAGES:
        return storages["private"]
    return _filesystem
