import { act } from '@testing-library/react';

import { TOAST_DURATION_MS, getToasts, subscribeToasts } from '../components/toast/toastStore';
import { graphqlOperation } from '../lib/graphql';
import { getB2BToken, setB2BToken } from '../lib/session';
import { mockGraphQL } from '../test/graphqlMock';
import { createPortalClient } from './portalClient';
import { createPortalQueryClient } from './queryClient';

const CUSTOMER = graphqlOperation<{ customerInfo: unknown }>('query CustomerInfo { customerInfo { userType } }');

function setup(language: 'en' | 'de' = 'en') {
  const navigate = vi.fn();
  const queryClient = createPortalQueryClient();
  queryClient.setQueryData(['user', 'customerInfo'], { userType: 3 });
  const client = createPortalClient({ apiOrigin: 'https://api.helix.test', queryClient, navigate, language: () => language });
  return { client, navigate, queryClient };
}

describe('the portal’s GraphQL client', () => {
  it('shows the server’s message as an error toast, auto-hidden after 5000 ms', async () => {
    vi.useFakeTimers();
    const unsubscribe = subscribeToasts(() => undefined); // a viewport shows it
    mockGraphQL({ CustomerInfo: { errors: [{ message: 'You may not see this company.', extensions: { code: 'PERMISSION_DENIED' } }] } });
    const { client } = setup();

    await expect(client.request(CUSTOMER)).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    expect(getToasts()).toEqual([expect.objectContaining({ type: 'error', message: 'You may not see this company.' })]);

    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS));
    expect(getToasts()).toEqual([]);
    unsubscribe();
    vi.useRealTimers();
  });

  it('shows a translated text for network failures', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const { client } = setup('de');

    await expect(client.request(CUSTOMER)).rejects.toBeTruthy();
    expect(getToasts()[0]?.message).toBe(
      'Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    );
  });

  it('asks the API in the portal’s language, for the catalog’s translated texts (issue 36 item 13)', async () => {
    const fetch = vi.fn().mockResolvedValue(new Response(JSON.stringify({ data: { customerInfo: { userType: 3 } } })));
    vi.stubGlobal('fetch', fetch);
    const { client } = setup('de');

    await client.request(CUSTOMER);

    const [, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect((init.headers as Record<string, string>)['Accept-Language']).toBe('de');
  });

  it('on 40101 goes to the sign-in page without the tip, shows the message and drops the user’s data', async () => {
    mockGraphQL({ CustomerInfo: { errors: [{ message: 'Your session has expired.', extensions: { code: 40101 } }] } });
    setB2BToken('expired');
    const { client, navigate, queryClient } = setup();

    void client.request(CUSTOMER);
    await vi.waitFor(() => expect(navigate).toHaveBeenCalled());

    expect(navigate).toHaveBeenCalledWith('/login?loginFlag=3&showTip=false');
    expect(getToasts()).toEqual([expect.objectContaining({ type: 'error', message: 'Your session has expired.' })]);
    expect(getB2BToken()).toBeNull();
    expect(queryClient.getQueryData(['user', 'customerInfo'])).toBeUndefined();
  });
});
