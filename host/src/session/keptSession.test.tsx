import { act, waitFor } from '@testing-library/react';
import { clientDataAtom, sessionStore, tokenAtom, tokenCheckAtom } from '@taxi/shared';
import { fail, offline } from '@taxi/shared/testing';
import { renderApp } from '../testing';
import { confirmKeptSession, keptSession } from './keptSession';

const authReply = { auth: 'kept', error: null, taxi_features: [], taxi_feature_category_list: [] };
const client = { client_data: { phone: '+48600100200' } };

/** A GET_AUTH answer held until the test lets it go. */
function held<T>(answer: T) {
  let release: () => void = () => undefined;
  const gate = new Promise<T>((resolve) => {
    release = () => resolve(answer);
  });
  return { gate: () => gate, release: () => release() };
}

describe('a kept session at start', () => {
  afterEach(() => sessionStore.set(clientDataAtom, null));

  it('stays on Home while the check is under way, and keeps it once the token is valid', async () => {
    const check = held(authReply);
    const { history, api } = renderApp('/', {
      token: 'kept',
      answers: { GET_AUTH: check.gate, GET_CLIENT: client, GET_CURRENT_ORDERS: { data_list: [] } },
    });
    const done = confirmKeptSession(history);
    await waitFor(() => expect(api.actions()).toContain('GET_AUTH'));
    expect(history.location.pathname).toBe('/');
    check.release();
    expect(await act(() => done)).toBe('valid');
    expect(history.location.pathname).toBe('/');
    expect(sessionStore.get(clientDataAtom)?.phone).toBe('+48600100200');
  });

  it('forgets a token the server rejects and sends the passenger to Auth', async () => {
    const { history } = renderApp('/', {
      token: 'dead',
      answers: { GET_AUTH: fail('ACCESS_DENIED') },
    });
    expect(await act(() => confirmKeptSession(history))).toBe('rejected');
    await waitFor(() => expect(history.location.pathname).toBe('/auth/'));
    expect(sessionStore.get(tokenAtom)).toBeNull();
    expect(sessionStore.get(clientDataAtom)).toBeNull();
  });

  it('sends a page that needs an account to Auth, token kept, when the server cannot be reached', async () => {
    const { history } = renderApp('/history/', { token: 'kept', answers: { GET_AUTH: offline } });
    expect(await act(() => confirmKeptSession(history))).toBe('unreachable');
    expect(history.location.pathname).toBe('/auth/');
    expect(sessionStore.get(tokenAtom)).toBe('kept');
    expect(sessionStore.get(tokenCheckAtom)).toBe('unreachable');
  });

  it('leaves a public page open when the server cannot be reached', async () => {
    const { history } = renderApp('/t/ab12/s', { token: 'kept', answers: { GET_AUTH: offline } });
    expect(await act(() => confirmKeptSession(history))).toBe('unreachable');
    expect(history.location.pathname).toBe('/t/ab12/s');
  });
});

describe('what a start assumes of the device token', () => {
  afterEach(() => jest.restoreAllMocks());

  it('takes a kept token for valid online, without waiting for the network', async () => {
    const { api } = renderApp('/', { token: 'kept', answers: { GET_AUTH: offline } });
    expect(await keptSession()).toEqual({ check: 'valid', confirmed: false });
    expect(api.actions()).not.toContain('GET_AUTH');
  });

  it('waits for the check offline, where it fails at once, so Home does not flash before Auth', async () => {
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderApp('/', { token: 'kept', answers: { GET_AUTH: offline } });
    expect(await keptSession()).toEqual({ check: 'unreachable', confirmed: true });
    expect(sessionStore.get(tokenAtom)).toBe('kept');
  });

  it('has nothing to check without a token', async () => {
    renderApp('/');
    expect(await keptSession()).toEqual({ check: 'none', confirmed: true });
  });
});
