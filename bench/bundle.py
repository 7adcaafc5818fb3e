"""Overlay bundle size: what a storefront page pays before any interaction, and what opening the portal adds.

Reads the Vite manifest of the built overlay (frontend/dist/.vite/manifest.json, or $DIST/.vite/manifest.json);
builds nothing itself. Sizes are gzip level 9 per file (as a server would send them), in kB (1 kB = 1000 bytes, as
Vite reports).

    python3 bench/bundle.py
    DIST=/tmp/mydist python3 bench/bundle.py

The portal's texts are one catalog per language split into parts by key prefix (frontend/src/lib/i18n/
catalogParts.ts; docs/decisions.md "Catalog parts"): the table gives each part's size per language. A page's first
route is the portal shell, the page's own chunks, and the catalog's shell part plus the parts the page names in
frontend/src/app/routes.tsx (`page(() => import(…), 'quotes', …)`), in the language where they weigh most.

Exit code 0 whether or not the targets are met; the target lines say PASS or FAIL (the loader <= 40 kB; the first
portal route, #/login with its texts in the heaviest language, < 200 kB: issue 14 §5).
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
CATALOG_PART_PATTERN = re.compile(r"^src/locales/(\w+)/portal\.json\?catalog&part=(\w+)$")
SHELL_PART = "shell"
ROUTES_SOURCE = ROOT / "frontend" / "src" / "app" / "routes.tsx"
# `page(() => import('../features/quotes/routes/QuotesPage').then((m) => m.QuotesPage), 'quotes', 'components')`
PAGE_ENTRY = re.compile(
    r"page\(\s*\(\)\s*=>\s*import\('\.\./([^']+)'\)\.then\(\(\w+\)\s*=>\s*[\w.]+\)((?:\s*,\s*'\w+')*)\s*,?\s*\)"
)
FIRST_ROUTE_TARGET_KB = 200.0


def own_files(manifest: dict, key: str, exclude: list[str]) -> list[str]:
    return [f for f in static_closure(manifest, key) if f not in exclude]


def gz_kb(files: list[str]) -> float:
    return sum(gzip_size(DIST / f) for f in files) / 1000


def page_parts() -> dict[str, list[str]]:
    """The catalog parts each page names in app/routes.tsx besides the shell part: manifest key → parts."""
    return {
        f"src/{module}.tsx": re.findall(r"'(\w+)'", parts)
        for module, parts in PAGE_ENTRY.findall(ROUTES_SOURCE.read_text())
    }


def catalog_table(parts: dict[tuple[str, str], float]) -> None:
    languages = sorted({language for language, _ in parts})
    names = sorted({part for _, part in parts}, key=lambda part: (part != SHELL_PART, part))
    print("Portal texts: the catalog's parts per language (gzip kB; a page loads the shell part and its own):")
    print(f"  {'part':<16}" + "".join(f"{language:>7}" for language in languages))
    for part in names:
        print(f"  {part:<16}" + "".join(f"{parts.get((language, part), 0.0):7.1f}" for language in languages))
    totals = [sum(size for (lang, _), size in parts.items() if lang == language) for language in languages]
    print(f"  {'(all parts)':<16}" + "".join(f"{total:7.1f}" for total in totals))


def main() -> int:
    if not MANIFEST.is_file():
        print(f"{MANIFEST} not found: build the overlay first with `make frontend`.")
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

    # One language's catalog parts (issue 14 §3) download beside the page: the first route counts its own.
    parts = {
        (match.group(1), match.group(2)): gz_kb(own_files(manifest, key, loaded))
        for key in manifest
        if (match := CATALOG_PART_PATTERN.match(key))
    }
    languages = sorted({language for language, _ in parts})
    if parts:
        print()
        catalog_table(parts)

    named = page_parts()
    pages = sorted(key for key in manifest if PAGE_PATTERN.match(key))
    worst = 0.0
    if pages:
        print()
        print("First portal route = shell + the page's own chunks + its texts (the shell part and the page's parts,")
        print("in the language where they weigh most) (gzip):")
        for page in pages:
            page_gz = gz_kb(own_files(manifest, page, loaded))
            page_texts = [SHELL_PART, *named.get(page, [])]
            by_language = {lang: sum(parts.get((lang, part), 0.0) for part in page_texts) for lang in languages}
            heaviest = max(by_language, key=by_language.__getitem__) if by_language else "-"
            texts_gz = by_language.get(heaviest, 0.0)
            total = shell_gz + page_gz + texts_gz
            name = PAGE_PATTERN.match(page).group(1)
            texts = f"{heaviest} {'+'.join(page_texts)}"
            print(f"  {name:<22} +{page_gz:6.1f} kB  +{texts_gz:5.1f} kB {texts:<46} = {total:6.1f} kB")
            if page.endswith("/LoginPage.tsx"):
                worst = max(worst, total)
        unknown = sorted(set(named) - set(pages))
        if unknown:
            print(f"  (app/routes.tsx names pages the build does not have: {', '.join(unknown)})")
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
