import { createApiClient } from './client';
import { ApiError } from './errors';
import { errorMessage, initI18n } from '../i18n/i18n';

function reply(body: unknown, status = 200) {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
}

function clientWith(fetchImpl: jest.Mock) {
  return createApiClient({ getToken: () => 'tok', getLang: () => 'pl', fetchImpl });
}

describe('client API transports', () => {
  it('GET sends the action, auth, lang and payload, objects as JSON', async () => {
    const fetchImpl = jest.fn().mockResolvedValue(reply({ status: 'OK', auth: 'new' }));
    // Not GET_AUTH_PHONE's own fields: any object travels as JSON.
    const payload = { phone: '48600100200', order: { a: 1 } } as never;
    const result = await clientWith(fetchImpl).get('GET_AUTH_PHONE', payload);
    expect(result.auth).toBe('new');
    const url = new URL(fetchImpl.mock.calls[0][0], 'http://x');
    expect(url.pathname).toBe('/api/2/');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      action: 'GET_AUTH_PHONE',
      auth: 'tok',
      lang: 'pl',
      phone: '48600100200',
      order: '{"a":1}',
    });
  });

  it('POST sends a form with cmd holding the JSON action', async () => {
    const fetchImpl = jest.fn().mockResolvedValue(reply({ status: 'OK', data_list: [] }));
    await clientWith(fetchImpl).action('GET_CURRENT_ORDERS');
    const [url, init] = fetchImpl.mock.calls[0];
    expect(url).toBe('/api/2/');
    expect(init.method).toBe('POST');
    const cmd = JSON.parse((init.body as URLSearchParams).get('cmd')!);
    expect(cmd).toEqual({ action_id: 'GET_CURRENT_ORDERS', auth: 'tok', lang: 'pl' });
  });

  it('the rating API posts cmd to /rate/api/1/', async () => {
    const fetchImpl = jest.fn().mockResolvedValue(reply({ status: 'OK', status_mesg: 'OK' }));
    await clientWith(fetchImpl).rate('SET_RATE', {
      order_short_id: 'a',
      secret: 'b',
      data: { rate: 2 },
    });
    const [url, init] = fetchImpl.mock.calls[0];
    expect(url).toBe('/rate/api/1/');
    expect(JSON.parse((init.body as URLSearchParams).get('cmd')!)).toMatchObject({
      action_id: 'SET_RATE',
      order_short_id: 'a',
      secret: 'b',
      data: { rate: 2 },
    });
  });
});

describe('client API errors', () => {
  it('turns ERR into an error carrying error_data and status_mesg', async () => {
    const fetchImpl = jest
      .fn()
      .mockResolvedValue(reply({ status: 'ERR', status_mesg: 'blocked', error_data: 'BLOCKED' }));
    const error = await clientWith(fetchImpl)
      .get('GET_CLIENT')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('BLOCKED');
    expect((error as ApiError).statusMesg).toBe('blocked');
  });

  it.each([
    ['without error_data', { status: 'ERR', status_mesg: 'boom' }],
    ['with an empty error_data', { status: 'ERR', error_data: '' }],
  ])('reads an ERR reply %s as an unknown error, not EXCEPTION', async (_name, body) => {
    initI18n('en');
    const error = await clientWith(jest.fn().mockResolvedValue(reply(body)))
      .get('GET_CLIENT')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).not.toBe('EXCEPTION');
    expect(errorMessage(error)).toBe('Error in execution, try again later');
  });

  it.each([
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a non-OK HTTP status', () => Promise.resolve(reply({ status: 'OK' }, 502))],
    ['a body that is not JSON', () => Promise.resolve(reply('<html>'))],
    ['JSON without status', () => Promise.resolve(reply({ hello: 1 }))],
  ])('gives CONNECTION_ERROR on %s', async (_name, response) => {
    const error = await clientWith(jest.fn(response))
      .get('GET_CLIENT')
      .catch((e: unknown) => e);
    expect((error as ApiError).code).toBe('CONNECTION_ERROR');
  });
});
