import { B2B_TOKEN_STORAGE_KEY } from '../lib/storage';
import { installLinkHandling, isInSearch, portalTargetFor, removeStorefrontLinks } from './links';

const PAGE = 'https://shop.helix.test/catalog/pipettes?page=2';

describe('portalTargetFor (shell §2 link handling)', () => {
  it.each([
    ['/account.php?action=account_details', '#/accountSettings'],
    ['https://shop.helix.test/account.php?action=account_details', '#/accountSettings'],
    ['/login.php', '#/login'],
    ['/login/', '#/login'],
    ['/login.php?action=reset_password', '#/forgotpassword?action=reset_password'],
    ['/login.php?action=logout', '#/login?loginFlag=3'],
    ['/logout/', '#/login?loginFlag=3'],
    ['#', '#/login'],
  ])('a guest following %s opens %s', (href, target) => {
    expect(portalTargetFor(href, PAGE, false)).toBe(target);
  });

  it.each([
    // Not the portal's.
    ['/account.php?action=view_returns'],
    ['/cart.php'],
    ['/catalog/pipettes'],
    ['#reviews'],
    ['https://other.example/login.php'],
    ['mailto:sales@helix.test'],
    ['#/accountSettings'],
  ])('leaves %s alone for a guest', (href) => {
    expect(portalTargetFor(href, PAGE, false)).toBeNull();
  });

  it('sends the storefront’s address book and order status links to the portal’s (shell §2 legacy links; the gate asks a guest to sign in)', () => {
    expect(portalTargetFor('/account.php?action=address_book', PAGE, false)).toBe('#/addresses');
    expect(portalTargetFor('/account.php?action=order_status', PAGE, false)).toBe('#/orders');
    expect(portalTargetFor('/account.php?action=order_status', PAGE, true)).toBe('#/orders');
  });

  it('sends a guest following a create-account link to the registration page', () => {
    expect(portalTargetFor('/login.php?action=create_account', PAGE, false)).toBe('#/register?action=create_account');
  });

  it('a signed-in user opening a storefront sign-in page gets their orders (the portal lands them elsewhere when they may not see orders)', () => {
    expect(portalTargetFor('/login.php', PAGE, true)).toBe('#/orders');
    expect(portalTargetFor('/login.php?action=logout', PAGE, true)).toBe('#/login?loginFlag=3');
    expect(portalTargetFor('/account.php?action=account_details', PAGE, true)).toBe('#/accountSettings');
  });

  it('a signed-in user following a link to #/login is sent to their orders', () => {
    expect(portalTargetFor('#/login', PAGE, true)).toBe('#/orders');
    expect(portalTargetFor('#/login?loginFlag=3', PAGE, true)).toBeNull();
    expect(portalTargetFor('#', PAGE, true)).toBeNull();
  });

  it('ignores an unusable href', () => {
    expect(portalTargetFor(null, PAGE, false)).toBeNull();
    expect(portalTargetFor('http://[::1', PAGE, false)).toBeNull();
  });
});

describe('link handling on the storefront page', () => {
  let uninstall: () => void = () => undefined;
  afterEach(() => uninstall());

  function page(html: string, signedIn = false) {
    document.body.innerHTML = html;
    uninstall = installLinkHandling(document, window, () => signedIn);
  }

  const click = (element: Element, init: MouseEventInit = {}) => {
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
    element.dispatchEvent(event);
    return event;
  };

  it('opens the portal instead of following a storefront link', () => {
    page('<nav><a href="/account.php?action=account_details"><span>My account</span></a></nav>');
    const event = click(document.querySelector('span')!);
    expect(event.defaultPrevented).toBe(true);
    expect(window.location.hash).toBe('#/accountSettings');
  });

  it('leaves clicks inside search elements alone', () => {
    page(`
      <form role="search"><a href="/login.php" id="in-form">Sign in to search</a></form>
      <div class="search-box"><input type="search"><a href="#" id="beside-input">clear</a></div>`);
    expect(click(document.getElementById('in-form')!).defaultPrevented).toBe(false);
    expect(click(document.getElementById('beside-input')!).defaultPrevented).toBe(false);
    expect(isInSearch(document.getElementById('in-form')!)).toBe(true);
    expect(window.location.hash).toBe('');
  });

  it('leaves modified clicks, new tabs, downloads and links the page handles itself alone', () => {
    page(`
      <a href="/login.php" id="plain">Sign in</a>
      <a href="/login.php" id="tab" target="_blank">Sign in</a>
      <a href="/login.php" id="file" download>Sign in</a>`);
    expect(click(document.getElementById('plain')!, { ctrlKey: true }).defaultPrevented).toBe(false);
    expect(click(document.getElementById('plain')!, { button: 1 }).defaultPrevented).toBe(false);
    expect(click(document.getElementById('tab')!).defaultPrevented).toBe(false);
    expect(click(document.getElementById('file')!).defaultPrevented).toBe(false);
    document.getElementById('plain')!.addEventListener('click', (event) => event.preventDefault());
    click(document.getElementById('plain')!);
    expect(window.location.hash).toBe('');
  });

  it('asks the signed-in state at click time', () => {
    window.sessionStorage.setItem(B2B_TOKEN_STORAGE_KEY, 'tok');
    document.body.innerHTML = '<a href="#" id="empty">More</a>';
    uninstall = installLinkHandling(document, window, () => window.sessionStorage.getItem(B2B_TOKEN_STORAGE_KEY) !== null);
    expect(click(document.getElementById('empty')!).defaultPrevented).toBe(false);
    window.sessionStorage.removeItem(B2B_TOKEN_STORAGE_KEY);
    expect(click(document.getElementById('empty')!).defaultPrevented).toBe(true);
    expect(window.location.hash).toBe('#/login');
  });
});

describe('removeStorefrontLinks', () => {
  it('removes the returns, inbox and recent-items links and the list items they leave empty', () => {
    document.body.innerHTML = `
      <ul class="account">
        <li><a href="/account.php?action=order_status">Orders</a></li>
        <li><a href="/account.php?action=view_returns">Returns</a></li>
        <li><a href="/account.php?action=inbox">Messages</a></li>
        <li>Seen lately: <a href="/account.php?action=recent_items">Recent items</a></li>
      </ul>`;
    expect(removeStorefrontLinks(document)).toBe(3);
    expect([...document.querySelectorAll('li')].map((item) => item.textContent?.trim())).toEqual(['Orders', 'Seen lately:']);
  });
});
