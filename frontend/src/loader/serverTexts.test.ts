import { localizeServerTexts } from './serverTexts';
import german from '../locales/de/storefront.json';

function masqueradeBar(buttonMarked: boolean): string {
  const button = buttonMarked ? '<button data-b2b-text="button.endMasquerade">END MASQUERADE</button>' : '<button>STOP ACTING</button>';
  return `<div data-b2b-masquerade-bar role="region" aria-label="Masquerade" data-b2b-label="masquerade.label">
    <span data-b2b-text="masquerade.as" data-b2b-company="Acme &lt;Labs&gt;">You are masquerading as Acme &lt;Labs&gt;</span>${button}</div>`;
}

describe('texts the server renders into storefront pages', () => {
  it('are put in the active language, placeholders filled from data attributes and kept as text', () => {
    document.body.innerHTML = masqueradeBar(true);
    localizeServerTexts(document, german);
    expect(document.querySelector('span')!.textContent).toBe('Sie handeln als Acme <Labs>');
    expect(document.querySelector('span')!.children).toHaveLength(0);
    expect(document.querySelector('button')!.textContent).toBe('BEENDEN');
    expect(document.querySelector('[role="region"]')!.getAttribute('aria-label')).toBe('Als Firma handeln');
  });

  it("leave the merchant's own text (not marked) as it is, and unknown keys as the server wrote them", () => {
    document.body.innerHTML = `${masqueradeBar(false)}<p data-b2b-text="no.such.key">Server text</p>`;
    localizeServerTexts(document, german);
    expect(document.querySelector('button')!.textContent).toBe('STOP ACTING');
    expect(document.querySelector('p')!.textContent).toBe('Server text');
  });
});
