"""axe-core in the browser suite (issue 15): inject it into a page, run the WCAG 2.0/2.1 A and AA rules, and describe
the serious and critical violations so that a failure says what to fix and where."""

from dataclasses import dataclass
from pathlib import Path

AXE_SCRIPT = Path(__file__).resolve().parents[2] / "frontend" / "node_modules" / "axe-core" / "axe.min.js"
WCAG_A_AND_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
FAILING_IMPACTS = {"serious", "critical"}

# Only the violations: axe then skips building its passes and incomplete lists, which is most of its time.
_RUN = """tags => axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']}).then(
  result => result.violations.map(v => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map(n => ({target: n.target, html: n.html, summary: n.failureSummary || ''})),
  })))"""


@dataclass(frozen=True)
class Violation:
    where: str
    rule: str
    impact: str
    help: str
    target: str
    html: str
    summary: str

    def __str__(self) -> str:
        summary = " ".join(line.strip() for line in self.summary.splitlines() if line.strip())
        return (
            f"{self.where}: [{self.impact}] {self.rule} — {self.help}\n"
            f"    at {self.target}\n    {self.html[:200]}\n    {summary[:400]}"
        )


def _target(selectors: list) -> str:
    """axe names an element inside a shadow root as [host selector, selector inside it]."""
    return " >>> ".join(" >>> ".join(part) if isinstance(part, list) else part for part in selectors)


def axe_violations(page, where: str) -> list[Violation]:
    """The page's serious and critical WCAG A/AA violations as it is now (axe is injected once per document)."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE_SCRIPT))
    found = page.evaluate(_RUN, WCAG_A_AND_AA)
    return [
        Violation(where, v["rule"], v["impact"], v["help"], _target(node["target"]), node["html"], node["summary"])
        for v in found
        if v["impact"] in FAILING_IMPACTS
        for node in v["nodes"]
    ]


def report(violations: list[Violation]) -> str:
    rules = sorted({v.rule for v in violations})
    return f"{len(violations)} serious/critical axe violations ({', '.join(rules)}):\n" + "\n".join(
        str(v) for v in violations
    )


def assert_accessible(page, where: str, widths: tuple[int, ...] = (1280, 375)) -> None:
    """No serious or critical axe finding on the page as it is now, at the desktop width and the mobile one; the page
    is left at 1280 px."""
    for width in widths:
        page.set_viewport_size({"width": width, "height": 900})
        found = axe_violations(page, f"{where} at {width} px")
        assert not found, report(found)
    page.set_viewport_size({"width": 1280, "height": 900})
