"""Overlay bundle size: what a storefront page pays before any interaction, and what opening the portal adds.

Reads the Vite manifest of the built overlay (frontend/dist/.vite/manifest.json); builds nothing itself.
Sizes are gzip level 9 per file (as a server would send them), in kB (1 kB = 1000 bytes, as Vite reports).

    python3 bench/bundle.py

Exit code 0 whether or not the loader meets its target; the target line says PASS or FAIL.
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "frontend" / "dist"
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


def main() -> int:
    if not MANIFEST.is_file():
        print(f"{MANIFEST.relative_to(ROOT)} not found: build the overlay first with `make frontend`.")
        return 1
    manifest = json.loads(MANIFEST.read_text())
    entry = loader_key(manifest)

    initial = static_closure(manifest, entry)
    _, loader_gz = describe(f"Storefront page, before any interaction ({entry} + static imports + CSS):", initial)

    portal: list[str] = []
    for dynamic in manifest[entry].get("dynamicImports", []):
        portal.extend(f for f in static_closure(manifest, dynamic) if f not in initial and f not in portal)
    print()
    _, shell_gz = describe("Portal shell (lazily imported portal chunk + its static imports, minus the above):", portal)

    # Each page is a chunk of its own, downloaded beside start-up when the portal opens on it.
    pages = sorted(
        {
            dyn
            for key, chunk in manifest.items()
            if key != entry and manifest[key]["file"] in portal
            for dyn in chunk.get("dynamicImports", [])
        }
    )
    if pages:
        print()
        print("First portal route = shell + the page's own chunks (gzip):")
        for page in pages:
            own = [f for f in static_closure(manifest, page) if f not in initial and f not in portal]
            page_gz = sum(gzip_size(DIST / f) for f in own) / 1000
            print(f"  {Path(page).stem:<32} +{page_gz:6.1f} kB  = {shell_gz + page_gz:6.1f} kB")

    verdict = "PASS" if loader_gz <= LOADER_TARGET_KB else "FAIL"
    print()
    print(f"Loader target <= {LOADER_TARGET_KB:.0f} kB gzip: {loader_gz:.1f} kB -> {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
