"""Overlay bundle size: what a storefront page pays before any interaction, and what opening the portal adds.

Reads the Vite manifest of the built overlay (frontend/dist/.vite/manifest.json); builds nothing itself.
Sizes are gzip level 9 per file (as a server would send them), in kB (1 kB = 1000 bytes, as Vite reports).

    python3 bench/bundle.py

Exit code 0 whether or not the targets are met; the target lines say PASS or FAIL (the loader <= 40 kB; the first
portal route, #/login with the heaviest language's texts, < 200 kB: issue 14 §5).
"""

from __future__ import annotations

import gzip
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = Path(__import__("os").environ.get("DIST", ROOT / "frontend" / "dist"))
MANIFEST = DIST / ".vite" / "manifest.json"
LOADER_ENTRY = "src/loader.ts"
LOADER_TARGET_KB = 40.0


def gzip_size(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), compresslevel=9, mtime=0))


def static_closure(manifest: dict, key: str) -> list[str]:
    """Files a chunk needs before it runs: itself, its static imports (recursively) and their CSS."""
    files: list[str] = []
    seen: set[str] = set()

    def visit(chunk_key: str) -> None:
        if chunk_key in seen:
            return
        seen.add(chunk_key)
        chunk = manifest[chunk_key]
        files.append(chunk["file"])
        files.extend(chunk.get("css", []))
        for imported in chunk.get("imports", []):
            visit(imported)

    visit(key)
    return list(dict.fromkeys(files))


def loader_key(manifest: dict) -> str:
    if LOADER_ENTRY in manifest:
        return LOADER_ENTRY
    entries = [key for key, chunk in manifest.items() if chunk.get("isEntry")]
    if len(entries) != 1:
        raise SystemExit(f"cannot tell the loader entry among {entries!r} in {MANIFEST}")
    return entries[0]


def describe(title: str, files: list[str]) -> tuple[float, float]:
    raw_total = gz_total = 0
    print(title)
    for name in files:
        path = DIST / name
        raw, gz = path.stat().st_size, gzip_size(path)
        raw_total += raw
        gz_total += gz
        print(f"  {name:<48} {raw / 1000:9.1f} kB raw {gz / 1000:8.1f} kB gzip")
    if not files:
        print("  (nothing)")
    print(f"  {'total':<48} {raw_total / 1000:9.1f} kB raw {gz_total / 1000:8.1f} kB gzip")
    return raw_total / 1000, gz_total / 1000


PORTAL_ENTRY = "src/main.tsx"
PAGE_PATTERN = re.compile(r"^src/features/[^/]+/routes/(\w+Page)\.tsx$")
PORTAL_CATALOG_PATTERN = re.compile(r"^src/locales/(\w+)/portal\.json")
FIRST_ROUTE_TARGET_KB = 200.0


def own_files(manifest: dict, key: str, exclude: list[str]) -> list[str]:
    return [f for f in static_closure(manifest, key) if f not in exclude]


def gz_kb(files: list[str]) -> float:
    return sum(gzip_size(DIST / f) for f in files) / 1000


def main() -> int:
    if not MANIFEST.is_file():
        print(f"{MANIFEST.relative_to(ROOT)} not found: build the overlay first with `make frontend`.")
        return 1
    manifest = json.loads(MANIFEST.read_text())
    entry = loader_key(manifest)

    initial = static_closure(manifest, entry)
    _, loader_gz = describe(f"Storefront page, before any interaction ({entry} + static imports + CSS):", initial)

    # The portal: the chunk the loader imports when a portal route opens, with its static imports. The loader's
    # other lazy imports (the storefront texts of one language, the quote buttons' actions) are not the portal's.
    portal = own_files(manifest, PORTAL_ENTRY, initial)
    print()
    _, shell_gz = describe(f"Portal shell ({PORTAL_ENTRY} + its static imports, minus the above):", portal)
    loaded = initial + portal

    # One language's catalog (issue 14 §3) downloads beside the page: the first route counts it.
    catalogs = {
        match.group(1): gz_kb(own_files(manifest, key, loaded))
        for key in manifest
        if (match := PORTAL_CATALOG_PATTERN.match(key))
    }
    if catalogs:
        print()
        print("Portal texts, one language's catalog (gzip):")
        for language, size in sorted(catalogs.items()):
            print(f"  {language:<32} {size:6.1f} kB")
    heaviest = max(catalogs, key=catalogs.__getitem__) if catalogs else None
    catalog_gz = catalogs.get(heaviest, 0.0) if heaviest else 0.0

    pages = sorted(key for key in manifest if PAGE_PATTERN.match(key))
    worst = 0.0
    if pages:
        print()
        label = f"shell + the page's own chunks + the {heaviest} catalog (the heaviest)" if heaviest else "shell + page"
        print(f"First portal route = {label} (gzip):")
        for page in pages:
            page_gz = gz_kb(own_files(manifest, page, loaded))
            total = shell_gz + page_gz + catalog_gz
            print(f"  {PAGE_PATTERN.match(page).group(1):<32} +{page_gz:6.1f} kB  = {total:6.1f} kB")
            if page.endswith("/LoginPage.tsx"):
                worst = max(worst, total)
    verdict = "PASS" if loader_gz <= LOADER_TARGET_KB else "FAIL"
    print()
    print(f"Loader target <= {LOADER_TARGET_KB:.0f} kB gzip: {loader_gz:.1f} kB -> {verdict}")
    if worst:
        verdict = "PASS" if worst < FIRST_ROUTE_TARGET_KB else "FAIL"
        target = f"First portal route (#/login, where a guest opens the portal) < {FIRST_ROUTE_TARGET_KB:.0f} kB gzip"
        print(f"{target}: {worst:.1f} kB -> {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
