import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { setB2BToken } from '../../lib/session';
import { DEMO_PERMISSIONS, customer, customerResult, mockGraphQL } from '../../test/graphqlMock';
import { renderPortal } from '../../test/renderPortal';
import { mobileViewport } from '../../test/viewport';

// Issue 15: focus on arrival at every page, the page announced, Escape closes the portal as its Close button does.

const JUNIOR = customer({ role: 2, permissions: [...DEMO_PERMISSIONS.junior], userInfo: { firstName: 'Jules', lastName: 'Junior' } });

/** What the polite live region says (the page just arrived at). */
const announced = () => document.querySelector('[data-page-announcer]')?.textContent;

describe('focus on arrival (issue 15)', () => {
  it('goes to the page heading when the portal opens and on every route change, which is announced', async () => {
    mockGraphQL({});
    const view = renderPortal('/login');
    const signIn = await screen.findByRole('heading', { level: 1, name: 'Sign In' });
    await waitFor(() => expect(signIn).toHaveFocus());
    expect(signIn).toHaveAttribute('tabindex', '-1');
    await waitFor(() => expect(announced()).toBe('Sign In'));

    await act(() => view.router.navigate('/forgotpassword'));
    const reset = await screen.findByRole('heading', { level: 1, name: 'Reset your password' });
    await waitFor(() => expect(reset).toHaveFocus());
    await waitFor(() => expect(announced()).toBe('Reset your password'));
  });

  it('goes to the new page’s heading after a choice in the mobile menu, not back to the menu button', async () => {
    mobileViewport();
    setB2BToken('tok');
    mockGraphQL({ CustomerInfo: customerResult(JUNIOR) });
    renderPortal('/accountSettings');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Account settings' })).toHaveFocus());

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Portal menu' });
    await user.click(within(menu).getByRole('link', { name: 'Quotes' }));
    const quotes = await screen.findByRole('heading', { level: 1, name: 'Quotes' });
    await waitFor(() => expect(quotes).toHaveFocus());
    await waitFor(() => expect(announced()).toBe('Quotes'));
  });
});

describe('Escape (issue 15)', () => {
  it('closes the portal as its Close button does', async () => {
    mockGraphQL({});
    const view = renderPortal('/login');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toHaveFocus());
    const user = userEvent.setup();
    await user.keyboard('{Escape}');
    expect(view.requestClose).toHaveBeenCalledTimes(1);
  });

  it('closes an open menu drawer first, and the portal only with the next press', async () => {
    mobileViewport();
    setB2BToken('tok');
    mockGraphQL({ CustomerInfo: customerResult(JUNIOR) });
    const view = renderPortal('/accountSettings');
    await screen.findByRole('heading', { level: 1, name: 'Account settings' });
    const user = userEvent.setup();
    const menuButton = screen.getByRole('button', { name: 'Menu' });
    await user.click(menuButton);
    await screen.findByRole('navigation', { name: 'Portal menu' });

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('navigation')).not.toBeInTheDocument());
    expect(view.requestClose).not.toHaveBeenCalled();
    expect(menuButton).toHaveFocus(); // the drawer gives focus back to what opened it

    await user.keyboard('{Escape}');
    expect(view.requestClose).toHaveBeenCalledTimes(1);
  });
});
