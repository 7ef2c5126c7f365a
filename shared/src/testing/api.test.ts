import { api } from '../api/instance';
import { isApiError } from '../api/errors';
import { sessionStore, tokenAtom } from '../session/store';
import { fail, failUnlisted, fakeApi, offContract, offline } from './api';

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'OK',
    (error: unknown) => (isApiError(error) ? error.code : String(error)),
  );

beforeEach(() => sessionStore.set(tokenAtom, 'tok'));
afterEach(() => jest.restoreAllMocks());

describe('the fake API', () => {
  it('answers reply fields with status OK, through the real client', async () => {
    fakeApi({ GET_PHONE: { phone: '+48600100200' } });
    expect(await api.get('GET_PHONE')).toEqual({
      status: 'OK',
      status_mesg: 'OK',
      phone: '+48600100200',
    });
  });

  it('keeps what the screen gave and what went over the wire', async () => {
    const server = fakeApi({ GET_AUTH_PHONE_SEND_SECRET: {}, GET_RATE: {} });
    await api.get('GET_AUTH_PHONE_SEND_SECRET', { phone: '+48600100200', gdpr: true });
    await api.rate('GET_RATE', { order_short_id: 'AB12', secret: 's' });
    const [code, rate] = server.calls;
    expect(code).toEqual({
      action: 'GET_AUTH_PHONE_SEND_SECRET',
      url: '/api/2/',
      payload: { phone: '+48600100200', gdpr: true },
      sent: {
        action: 'GET_AUTH_PHONE_SEND_SECRET',
        auth: 'tok',
        lang: 'en',
        phone: '+48600100200',
        gdpr: 'true',
      },
    });
    expect(rate).toMatchObject({
      url: '/rate/api/1/',
      sent: { action_id: 'GET_RATE', order_short_id: 'AB12', secret: 's' },
    });
    expect(server.actions()).toEqual(['GET_AUTH_PHONE_SEND_SECRET', 'GET_RATE']);
  });

  it('computes an answer from the payload, and can hold it', async () => {
    fakeApi({ POI_QUERY: async (payload) => ({ data_list: [{ name: payload.query }] }) });
    expect((await api.action('POI_QUERY', { query: 'Flor' })).data_list).toEqual([
      { name: 'Flor' },
    ]);
  });

  it('sends a reply the contract does not describe as it is', async () => {
    fakeApi({ POI_QUERY: offContract({ result: ['Flor'] }) });
    expect(await api.action('POI_QUERY', { query: 'Flor' })).toEqual({
      status: 'OK',
      status_mesg: 'OK',
      result: ['Flor'],
    });
  });

  it('fails with catalogue codes, unlisted codes, a dead network, and refuses the unknown', async () => {
    fakeApi({
      GET_AUTH: fail('BLOCKED'),
      GET_CLIENT: failUnlisted('TOO_MANY'),
      GET_PHONE: offline,
    });
    expect(await codeOf(api.get('GET_AUTH'))).toBe('BLOCKED');
    expect(await (await fetch('/api/2/?action=GET_CLIENT')).json()).toEqual({
      status: 'ERR',
      status_mesg: 'TOO_MANY',
      error_data: 'TOO_MANY',
    });
    expect(await codeOf(api.get('GET_PHONE'))).toBe('CONNECTION_ERROR');
    expect(await codeOf(api.get('LOGOUT'))).toBe('ACTION_NOT_ALLOWED');
  });

  it('answers plain calls with their JSON as it is, and 404 without an answer', async () => {
    const server = fakeApi({ 'POST /report/account-deletion/': { error: null } });
    const post = (path: string) =>
      fetch(path, { method: 'POST', body: JSON.stringify({ phone: '+48600100200' }) });
    expect(await (await post('/report/account-deletion/')).json()).toEqual({ error: null });
    expect((await post('/elsewhere/')).status).toBe(404);
    expect(server.last('POST /report/account-deletion/')?.sent).toEqual({ phone: '+48600100200' });
  });

  it('is replaced by the next one, which starts with no calls', async () => {
    fakeApi({ GET_PHONE: { phone: '1' } });
    await api.get('GET_PHONE');
    const second = fakeApi({ GET_PHONE: { phone: '2' } });
    expect((await api.get('GET_PHONE')).phone).toBe('2');
    expect(second.of('GET_PHONE')).toHaveLength(1);
  });
});
