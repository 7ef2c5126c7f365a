import { api } from '../api/instance';
import { ApiError, connectionError } from '../api/errors';
import { checkStoredToken, refreshActiveOrders, signOut } from './session';
import { activeOrdersAtom, sessionStore, tokenAtom, tokenCheckAtom } from './store';

const ORDER = {
  order_type: 'Z',
  state: 'K',
  track: { order_short_id: 'AB12CD', secret: 's3cret' },
};

function answer(list: unknown[]) {
  let release: () => void = () => undefined;
  const replied = new Promise<void>((resolve) => (release = resolve));
  const spy = jest
    .spyOn(api, 'action')
    .mockImplementation(
      () => replied.then(() => ({ status: 'OK', data_list: list })) as Promise<never>,
    );
  return { spy, release };
}

beforeEach(signOut);
afterEach(() => jest.restoreAllMocks());

describe('refreshActiveOrders', () => {
  it('keeps the list in the session store, leaving out entries without a track link', async () => {
    const { release } = answer([ORDER, { order_type: 'Z', state: 'K' }, null]);
    const pending = refreshActiveOrders();
    release();
    expect(await pending).toEqual([ORDER]);
    expect(sessionStore.get(activeOrdersAtom)).toEqual([ORDER]);
  });

  it('shares one request between callers at the same moment', async () => {
    const { spy, release } = answer([ORDER]);
    const first = refreshActiveOrders();
    const second = refreshActiveOrders({ maxAgeMs: 5000 });
    release();
    expect(await second).toEqual(await first);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy).toHaveBeenCalledWith('GET_CURRENT_ORDERS');
  });

  it('accepts a list that recent only when asked to, and never after a sign-out', async () => {
    const { spy, release } = answer([ORDER]);
    release();
    await refreshActiveOrders();
    await refreshActiveOrders({ maxAgeMs: 5000 });
    expect(spy).toHaveBeenCalledTimes(1);
    await refreshActiveOrders();
    expect(spy).toHaveBeenCalledTimes(2);
    signOut();
    expect(await refreshActiveOrders({ maxAgeMs: 5000 })).toEqual([ORDER]);
    expect(spy).toHaveBeenCalledTimes(3);
  });
});

describe('checkStoredToken', () => {
  const replies = (reply: () => Promise<object>) =>
    jest.spyOn(api, 'get').mockImplementation(reply as never);

  it('refreshes a good token', async () => {
    sessionStore.set(tokenAtom, 'old');
    replies(async () => ({ status: 'OK', auth: 'fresh' }));
    expect(await checkStoredToken()).toBe('valid');
    expect(sessionStore.get(tokenAtom)).toBe('fresh');
    expect(sessionStore.get(tokenCheckAtom)).toBe('valid');
  });

  it('forgets a token the server refuses', async () => {
    sessionStore.set(tokenAtom, 'old');
    replies(() => Promise.reject(new ApiError('ACCESS_DENIED')));
    expect(await checkStoredToken()).toBe('rejected');
    expect(sessionStore.get(tokenAtom)).toBeNull();
  });

  it('keeps the token, unconfirmed, when the server cannot be reached or answers an HTTP error', async () => {
    sessionStore.set(tokenAtom, 'old');
    replies(() => Promise.reject(connectionError()));
    expect(await checkStoredToken()).toBe('unreachable');
    expect(sessionStore.get(tokenAtom)).toBe('old');
    expect(sessionStore.get(tokenCheckAtom)).toBe('unreachable');
  });

  it('checks nothing without a token', async () => {
    const spy = replies(async () => ({ status: 'OK', auth: 'x' }));
    expect(await checkStoredToken()).toBe('none');
    expect(spy).not.toHaveBeenCalled();
  });
});
