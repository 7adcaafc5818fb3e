import { keepFocusInPortal, userFocusedInside, whenPageHeadingAppears } from './pageFocus';

/** A portal-like shadow root on the page: a <main> for the page, a button outside it. */
function portalRoot() {
  const host = document.createElement('div');
  document.body.append(host);
  const root = host.attachShadow({ mode: 'open' });
  root.innerHTML = '<main><h1>Quote draft</h1><button id="submit">Submit quote</button><button id="save">Save</button></main>';
  const main = root.querySelector('main')!;
  const byId = (id: string) => root.getElementById(id) as HTMLButtonElement;
  return { root, main, byId, heading: root.querySelector('h1')! };
}

/** The element that has focus, through the shadow root (as the browser suite reads it). */
const focused = () => document.activeElement?.shadowRoot?.activeElement ?? document.activeElement;
const mutationsDelivered = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the page heading on arrival (issue 15)', () => {
  it('leaves a field the user already focused in the new page alone, but not the body or a control outside it', () => {
    const { root, main, byId, heading } = portalRoot();
    const outside = document.createElement('button');
    root.append(outside);
    expect(userFocusedInside(main)).toBe(false); // nothing focused yet
    outside.focus();
    expect(userFocusedInside(main)).toBe(false); // the menu link that led here
    heading.setAttribute('tabindex', '-1');
    heading.focus();
    expect(userFocusedInside(main)).toBe(false);
    byId('save').focus();
    expect(userFocusedInside(main)).toBe(true);
    root.host.remove();
  });

  it('is found at once when the page has rendered it, else as soon as it does', async () => {
    const content = document.createElement('main');
    document.body.append(content);
    const found = vi.fn();
    whenPageHeadingAppears(content, found);
    content.append(document.createElement('p'));
    await mutationsDelivered();
    expect(found).not.toHaveBeenCalled();

    content.insertAdjacentHTML('beforeend', '<section><h1>Quotes</h1></section>');
    await mutationsDelivered();
    expect(found).toHaveBeenCalledExactlyOnceWith(content.querySelector('h1'));

    const again = vi.fn();
    whenPageHeadingAppears(content, again);
    expect(again).toHaveBeenCalledExactlyOnceWith(content.querySelector('h1'));
  });

  it('is no longer waited for once stopped (the user moved first)', async () => {
    const content = document.createElement('main');
    document.body.append(content);
    const found = vi.fn();
    const stop = whenPageHeadingAppears(content, found);
    stop();
    content.innerHTML = '<h1>Quotes</h1>';
    await mutationsDelivered();
    expect(found).not.toHaveBeenCalled();
  });
});

describe('focus kept in the portal (issue 15)', () => {
  it('goes to the page heading when the focused element is removed, without adding the heading to the tab order', async () => {
    const { root, main, byId, heading } = portalRoot();
    const stop = keepFocusInPortal(root, () => heading);
    byId('submit').focus();
    byId('submit').remove();
    await mutationsDelivered();
    expect(focused()).toBe(heading);
    expect(heading).toHaveAttribute('tabindex', '-1');
    expect(main).not.toHaveAttribute('tabindex');
    stop();
  });

  it('comes back to a button that was disabled under it, once the button is enabled again', async () => {
    const { root, byId, heading } = portalRoot();
    const stop = keepFocusInPortal(root, () => heading);
    const save = byId('save');
    save.focus();
    // Chromium drops focus from a focused button that becomes disabled (jsdom would not: blurred first by hand).
    save.blur();
    save.disabled = true;
    await mutationsDelivered();
    expect(root.activeElement).toBeNull();

    save.disabled = false;
    await mutationsDelivered();
    expect(focused()).toBe(save);
    stop();
  });

  it('leaves focus where a click put it: on the page, when the click was on no control', async () => {
    const { root, byId, heading } = portalRoot();
    const stop = keepFocusInPortal(root, () => heading);
    byId('submit').focus();
    heading.dispatchEvent(new Event('pointerdown', { bubbles: true, composed: true }));
    byId('submit').blur();
    byId('submit').remove();
    await mutationsDelivered();
    expect(root.activeElement).toBeNull();
    stop();
  });

  it('does not hold on to an enabled element that focus left for nowhere (a Tab out of the page)', async () => {
    const { root, byId, heading } = portalRoot();
    const stop = keepFocusInPortal(root, () => heading);
    byId('save').focus();
    byId('save').blur();
    byId('submit').setAttribute('disabled', ''); // any later change in the portal
    await mutationsDelivered();
    expect(root.activeElement).toBeNull();
    stop();
  });

  it('does nothing once stopped (the portal closed)', async () => {
    const { root, byId, heading } = portalRoot();
    keepFocusInPortal(root, () => heading)();
    byId('submit').focus();
    byId('submit').remove();
    await mutationsDelivered();
    expect(root.activeElement).toBeNull();
  });
});
