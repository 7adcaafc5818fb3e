import { isSafeUrl, sanitizeHtml, sanitizeHtmlToString } from './sanitizeHtml';

describe('sanitizeHtml (merchant HTML on the sign-in page)', () => {
  it('keeps formatting, lists, links and images', () => {
    const html =
      '<h2>Lab week</h2><p>Save <strong>15%</strong> on <em>pipettes</em>.<br>Until Friday.</p>' +
      '<ul><li>One</li><li>Two</li></ul><a href="https://helix.test/offers" title="Offers">Offers</a>' +
      '<img src="/media/banner.png" alt="Banner" width="600" height="80">';
    expect(sanitizeHtmlToString(html)).toBe(html.replace('<a href="https://helix.test/offers" title="Offers">', '<a title="Offers" href="https://helix.test/offers">'));
  });

  it.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<p onclick="alert(1)" style="color:red" class="x" id="y">text</p>', '<p>text</p>'],
    ['<img src="x" onerror="alert(1)">', '<img src="x">'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href=" JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="java&#x09;script:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="&#106;avascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
    ['<a href="vbscript:msgbox">x</a>', '<a>x</a>'],
    ['<img src="data:image/svg+xml,<svg onload=alert(1)>">', ''],
    ['<img src="javascript:alert(1)">', ''],
    ['<iframe src="https://evil.test"></iframe><p>after</p>', '<p>after</p>'],
    ['<style>body{display:none}</style><p>x</p>', '<p>x</p>'],
    ['<svg><script>alert(1)</script><a href="#">x</a></svg>', ''],
    ['<math><mtext><img src=x onerror=alert(1)></mtext></math>', ''],
    ['<form action="/steal"><input name="password"></form>', ''],
    ['<table><tr><td>cell</td></tr></table>', 'cell'],
    ['<custom-banner><p>kept</p></custom-banner>', '<p>kept</p>'],
    ['<!-- comment --><p>x</p>', '<p>x</p>'],
    ['<a href="https://helix.test" target="_blank">x</a>', '<a href="https://helix.test" rel="noopener noreferrer" target="_blank">x</a>'],
    ['<a href="/x" target="_top">x</a>', '<a href="/x">x</a>'],
    ['<img src="/a.png" width="100%" height="9e9">', '<img src="/a.png">'],
  ])('%s → %s', (input, output) => {
    expect(sanitizeHtmlToString(input)).toBe(output);
  });

  it('keeps markup hidden in attributes as text (mutation XSS)', () => {
    const container = document.createElement('div');
    container.append(sanitizeHtml('<noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript>'));
    expect(container.querySelector('img, [onerror], noscript')).toBeNull();
  });

  it('never runs what it drops', () => {
    const ran = vi.fn();
    (window as unknown as { __ran: () => void }).__ran = ran;
    const fragment = sanitizeHtml('<img src="x" onerror="window.__ran()"><script>window.__ran()</script>');
    document.body.append(fragment);
    expect(ran).not.toHaveBeenCalled();
    expect(document.body.querySelector('[onerror], script')).toBeNull();
  });

  it('reads URL schemes the way browsers do', () => {
    expect(isSafeUrl('https://helix.test', 'image')).toBe(true);
    expect(isSafeUrl('//cdn.helix.test/a.png', 'image')).toBe(true);
    expect(isSafeUrl('mailto:sales@helix.test', 'link')).toBe(true);
    expect(isSafeUrl('mailto:sales@helix.test', 'image')).toBe(false);
    expect(isSafeUrl('\u0000javascript:alert(1)', 'link')).toBe(false);
    expect(isSafeUrl('', 'link')).toBe(false);
  });
});
