import { makeStorefrontInert } from './storefrontInert';

function storefrontPage() {
  document.body.innerHTML = `
    <header><a href="#/login">Sign in</a></header>
    <main><h1>Ethanol</h1></main>
    <aside id="chat" aria-hidden="false"></aside>
    <div id="already" inert aria-hidden="true"></div>
    <div id="b2b-portal-root"></div>`;
  const byId = (id: string) => document.getElementById(id)!;
  return { host: byId('b2b-portal-root'), header: document.querySelector('header')!, main: document.querySelector('main')!, byId };
}

const mutationsDelivered = () => new Promise((resolve) => setTimeout(resolve, 0));

// Every test gives the page back: a page left inert would keep marking what the next test adds.
let releases: (() => void)[] = [];
const inert = (host: Element) => {
  const release = makeStorefrontInert(document, host);
  releases.push(release);
  return release;
};
afterEach(() => {
  releases.forEach((release) => release());
  releases = [];
});

describe('the storefront behind the open portal (issue 15)', () => {
  it('is inert and hidden from screen readers, all but the portal itself', () => {
    const { host, header, main, byId } = storefrontPage();
    inert(host);
    for (const element of [header, main, byId('chat')]) {
      expect(element).toHaveAttribute('inert');
      expect(element).toHaveAttribute('aria-hidden', 'true');
    }
    expect(host).not.toHaveAttribute('inert');
    expect(host).not.toHaveAttribute('aria-hidden');
  });

  it('includes what the storefront adds while the portal is open', async () => {
    const { host } = storefrontPage();
    inert(host);
    const toast = document.createElement('div');
    document.body.append(toast);
    await mutationsDelivered();
    expect(toast).toHaveAttribute('inert');
  });

  it('is given back as it was when the portal closes', async () => {
    const { host, header, main, byId } = storefrontPage();
    const release = inert(host);
    release();
    for (const element of [header, main]) {
      expect(element).not.toHaveAttribute('inert');
      expect(element).not.toHaveAttribute('aria-hidden');
    }
    expect(byId('chat')).toHaveAttribute('aria-hidden', 'false');
    expect(byId('already')).toHaveAttribute('inert');
    expect(byId('already')).toHaveAttribute('aria-hidden', 'true');

    const later = document.createElement('div');
    document.body.append(later);
    await mutationsDelivered();
    expect(later).not.toHaveAttribute('inert');
  });

  it('reaches the page around a portal host that a storefront placed deeper than the body', () => {
    document.body.innerHTML = '<nav></nav><div id="shell"><p>beside</p><div id="b2b-portal-root"></div></div>';
    inert(document.getElementById('b2b-portal-root')!);
    expect(document.querySelector('nav')).toHaveAttribute('inert');
    expect(document.querySelector('p')).toHaveAttribute('inert');
    expect(document.getElementById('shell')).not.toHaveAttribute('inert');
  });
});
