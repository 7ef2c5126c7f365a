import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { COMPANY_PROFILES_MAX, isValidNip } from '@taxi/contract/business';
import { assertErr, assertOk, call, fakeClock, signIn } from './support/api.ts';
import { taxiCorporation } from './support/fixtures.ts';
import { capturedLog, startApp } from './support/helpers.ts';
import { taxi } from './support/live.ts';
import { pdfText, startSmtpServer } from './support/smtp-server.ts';
import { until } from './support/until.ts';
import { parseCorporation } from '../src/corporations/directory.ts';
import { issueFinished, vatOfGross } from '../src/invoices/issue.ts';

// Business rides: company profiles kept with the account, and a VAT invoice, numbered from the
// corporation's gapless sequence, for every finished ride ordered with one.
const clock = fakeClock('2026-03-02T09:00:00Z');
const log = capturedLog();
const smtp = await startSmtpServer();
const SELLER = {
  seller_name: 'Wisła Taxi sp. z o.o.',
  seller_address: 'ul. Przykładowa 12, 30-001 Kraków',
  seller_nip: '6770065406',
};
const server = await startApp({
  corporations: [
    taxiCorporation('demo', ['localhost'], { invoicing: { ...SELLER, vat_rate: 8 } }),
    taxiCorporation('plain', ['plain.example']),
  ],
  overrides: { clock, logStream: log.stream },
  config: {
    logLevel: 'debug',
    mail: { smtpUrl: smtp.url, from: 'noreply@taxi.example', linkOrigin: '' },
  },
});
const { app } = server;
const dispatch = app.services.dispatch;
const pickup = { lat: 50.06, lng: 19.94, city: 'Kraków', street: 'Grodzka', number: '5' };
const destination = { lat: 50.07, lng: 19.95, city: 'Kraków', street: 'Długa', number: '1' };
const COMPANY = {
  name: 'Zażółć Gęślą Jaźń S.A.',
  address: 'ul. Łąkowa 3, 31-100 Kraków',
  nip: '526-104-08-28',
  email: 'faktury@zazolc.example',
};
let phones = 0;
let calls = 0;

const passenger = (host = 'localhost') =>
  signIn(app, `+48607${String(1_000_000 + ++phones).slice(1)}`, host);
const cab = () => taxi(app, `V${++calls}`, { lat: pickup.lat, lng: pickup.lng + 0.001 });

async function saveProfile(token: string, profile: Record<string, unknown>, host = 'localhost') {
  return call(app, 'SAVE_COMPANY_PROFILE', { profile }, { token, host });
}

async function order(token: string, fields: Record<string, unknown> = {}) {
  const reply = assertOk(
    await call(
      app,
      'ORDER_SAVE',
      { order: { order_type: 'Z', poi: pickup, dst: destination, ...fields } },
      { token },
    ),
  );
  return { orderId: reply.order_id as number, shortId: reply.track.order_short_id as string };
}

/** A passenger with one company profile. */
async function withProfile() {
  const token = await passenger();
  const { profile } = assertOk(await saveProfile(token, COMPANY));
  return { token, profileId: profile.id as number };
}

/** A passenger with one company profile, and an order made out to it, not yet dispatched. */
async function businessOrder() {
  const { token, profileId } = await withProfile();
  const placed = await order(token, { invoice: true, company_profile_id: profileId });
  return { token, profileId, ...placed };
}

/** Drives an order to its end with a new taxi, at `price`. */
async function finish(orderId: number, price = 20) {
  const driver = await cab();
  await dispatch.tick();
  await driver.ok('OFFER_ACCEPT', { order_id: orderId });
  await driver.ok('ORDER_ARRIVED', { order_id: orderId });
  await driver.ok('ORDER_CLIENT_IN', { order_id: orderId });
  await driver.ok('RIDE_END', { order_id: orderId, price });
  await driver.ok('TAXI_STATE', { state: 'F' });
}

const invoiceOf = (token: string, shortId: string) =>
  call(app, 'GET_INVOICE', { order_short_id: shortId }, { token });

describe('company profiles: GET_COMPANY_PROFILES, SAVE_COMPANY_PROFILE, DELETE_COMPANY_PROFILE', () => {
  test('a valid NIP and e-mail; at most a few; only your own; none where no invoices are issued', async () => {
    assert.ok(isValidNip('5261040828'));
    assert.ok(!isValidNip('5261040827'), 'the checksum is checked');
    const token = await passenger();
    assertErr(await saveProfile(token, { ...COMPANY, nip: '526-104-08-27' }), 'INVALID_DATA');
    assertErr(await saveProfile(token, { ...COMPANY, nip: '123' }), 'INVALID_DATA');
    assertErr(await saveProfile(token, { ...COMPANY, email: 'faktury@' }), 'INVALID_DATA');
    assertErr(await saveProfile(token, { ...COMPANY, name: '  ' }), 'INVALID_DATA');
    const { profile } = assertOk(await saveProfile(token, COMPANY));
    assert.equal(profile.nip, '5261040828', 'kept as 10 digits');

    const listed = assertOk(await call(app, 'GET_COMPANY_PROFILES', {}, { token }));
    assert.equal(listed.invoicing, true);
    assert.deepEqual(listed.data_list, [{ ...COMPANY, id: profile.id, nip: '5261040828' }]);

    const stranger = await passenger();
    assertErr(await saveProfile(stranger, { ...COMPANY, id: profile.id }), 'NOT_FOUND');
    assertErr(
      await call(app, 'DELETE_COMPANY_PROFILE', { profile_id: profile.id }, { token: stranger }),
      'NOT_FOUND',
    );
    assertOk(await saveProfile(token, { ...COMPANY, id: profile.id, name: 'Nowa nazwa' }));
    for (let i = 1; i < COMPANY_PROFILES_MAX; i++)
      assertOk(await saveProfile(token, { ...COMPANY, name: `Firma ${i}` }));
    assertErr(await saveProfile(token, { ...COMPANY, name: 'One too many' }), 'ACTION_NOT_ALLOWED');
    assertOk(await call(app, 'DELETE_COMPANY_PROFILE', { profile_id: profile.id }, { token }));
    const after = assertOk(await call(app, 'GET_COMPANY_PROFILES', {}, { token }));
    assert.equal(after.data_list.length, COMPANY_PROFILES_MAX - 1);

    const elsewhere = await passenger('plain.example');
    const plain = assertOk(
      await call(app, 'GET_COMPANY_PROFILES', {}, { token: elsewhere, host: 'plain.example' }),
    );
    assert.deepEqual(plain, { ...plain, invoicing: false, data_list: [] });
    assertErr(await saveProfile(elsewhere, COMPANY, 'plain.example'), 'ACTION_NOT_ALLOWED');
  });

  test('a corporation file with a broken invoicing section is refused, naming the field', () => {
    const file = (invoicing: Record<string, unknown>) =>
      JSON.stringify(taxiCorporation('x', ['x.example'], { invoicing }));
    assert.throws(
      () => parseCorporation(file({ ...SELLER, seller_nip: '1234567890' })),
      /seller_nip/,
    );
    assert.throws(() => parseCorporation(file({ ...SELLER, vat_rate: '8%' })), /vat_rate/);
    assert.throws(() => parseCorporation(file({ seller_nip: SELLER.seller_nip })), /seller_name/);
    assert.ok(parseCorporation(file(SELLER)));
  });
});

describe('VAT invoices of business rides', () => {
  test('issued when the ride is finished: the final price, the buyer as ordered, in history', async () => {
    const { token, profileId, orderId, shortId } = await businessOrder();
    // Until the ride is over there is no invoice yet, and another client never sees it.
    assert.deepEqual(assertOk(await invoiceOf(token, shortId)).invoice, null);
    assertErr(await invoiceOf(await passenger(), shortId), 'ORDER_ACCESS_DENIED');
    // A later change of the profile does not change the ride's buyer.
    assertOk(await saveProfile(token, { ...COMPANY, id: profileId, name: 'Renamed' }));
    await finish(orderId, 54);
    await issueFinished(app.services);

    const { invoice } = assertOk(await invoiceOf(token, shortId));
    assert.match(invoice.number, /^FV \d+\/2026$/);
    assert.deepEqual(
      { ...invoice, number: undefined },
      {
        number: undefined,
        issued: '2026-03-02',
        sold: '2026-03-02',
        seller: {
          name: SELLER.seller_name,
          address: SELLER.seller_address,
          nip: SELLER.seller_nip,
        },
        buyer: { name: COMPANY.name, address: COMPANY.address, nip: '5261040828' },
        order_short_id: shortId,
        poi: invoice.poi,
        dst: invoice.dst,
        vat_rate: 8,
        net: 50,
        vat: 4,
        gross: 54,
        currency: 'zł',
        cash_free: false,
      },
    );
    assert.equal(invoice.poi.street, 'Grodzka');

    // Mailed once to the company's address, the PDF saying what the page says.
    await issueFinished(app.services);
    const mail = await until('the invoice mail', async () =>
      smtp.received.find((m) => m.subject?.includes(invoice.number)),
    );
    assert.equal(mail.to && !Array.isArray(mail.to) ? mail.to.text : '', COMPANY.email);
    const [pdf] = mail.attachments;
    assert.equal(pdf?.contentType, 'application/pdf');
    const text = pdfText(pdf!.content).replace(/\s+/g, ' ');
    for (const expected of [
      `Faktura VAT ${invoice.number}`,
      'Data wystawienia 2026-03-02',
      `Sprzedawca ${SELLER.seller_name} ${SELLER.seller_address} NIP 6770065406`,
      `Nabywca ${COMPANY.name} ${COMPANY.address} NIP 5261040828`,
      'Netto 50,00 zł',
      'VAT 8 % 4,00 zł',
      'Razem (brutto) 54,00 zł',
    ])
      assert.ok(text.includes(expected), `the PDF lacks "${expected}": ${text}`);
    assert.equal(smtp.received.filter((m) => m.subject?.includes(invoice.number)).length, 1);
    const { history } = assertOk(
      await call(app, 'GET_CLIENT_ORDER_HISTORY', { taxi_group_id: null }, { token }),
    );
    assert.equal(
      history.find((h: { id: number }) => h.id === orderId).invoice_number,
      invoice.number,
    );
  });

  test('net and VAT are worked back from the gross and always add up', () => {
    assert.deepEqual(vatOfGross(20, 8), { net: 18.52, vat: 1.48 });
    assert.deepEqual(vatOfGross(54, 8), { net: 50, vat: 4 });
    for (let grosz = 1; grosz < 5000; grosz += 7) {
      const { net, vat } = vatOfGross(grosz / 100, 8);
      assert.equal(Math.round((net + vat) * 100), grosz);
    }
  });

  test('a ride without a finish gets none; an order without a profile of yours is refused', async () => {
    const { token, orderId, shortId } = await businessOrder();
    const driver = await cab();
    await dispatch.tick();
    await driver.ok('OFFER_ACCEPT', { order_id: orderId });
    await driver.ok('ORDER_ARRIVED', { order_id: orderId });
    await driver.ok('ORDER_CLIENT_ABSENT', { order_id: orderId });
    await driver.ok('TAXI_STATE', { state: 'F' });
    await issueFinished(app.services);
    assertErr(await invoiceOf(token, shortId), 'NOT_FOUND');

    const other = await withProfile();
    const stranger = await passenger();
    const refused = await call(
      app,
      'ORDER_SAVE',
      {
        order: { order_type: 'Z', poi: pickup, invoice: true, company_profile_id: other.profileId },
      },
      { token: stranger },
    );
    assertErr(refused, 'NOT_FOUND');
    assertErr(
      await call(
        app,
        'ORDER_SAVE',
        { order: { order_type: 'Z', poi: pickup, company_profile_id: other.profileId } },
        { token: other.token },
      ),
      'INVALID_DATA',
    );
  });

  test('numbers follow one another without a gap or a repeat when processes issue at once', async () => {
    const orders = [];
    for (let i = 0; i < 6; i++) {
      const placed = await businessOrder();
      await finish(placed.orderId, 10 + i);
      orders.push(placed);
    }
    // Several issuers at once, as several server processes run them.
    await Promise.all([1, 2, 3, 4].map(() => issueFinished(app.services)));
    const numbers = [];
    for (const placed of orders) {
      const { invoice } = assertOk(await invoiceOf(placed.token, placed.shortId));
      numbers.push(Number(/^FV (\d+)\/2026$/.exec(invoice.number)![1]));
    }
    const sorted = [...numbers].sort((a, b) => a - b);
    assert.equal(new Set(numbers).size, numbers.length, `repeated: ${numbers}`);
    assert.equal(sorted.at(-1)! - sorted[0]! + 1, numbers.length, `a gap: ${sorted}`);
    const { count } = await app.services.storage.db
      .selectFrom('invoices')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('number', 'is not', null)
      .executeTakeFirstOrThrow();
    assert.equal(sorted.at(-1), Number(count), 'every number from 1 up is used once');
  });

  test('deleting the account forgets its profiles, keeps its invoices; nothing is logged', async () => {
    const { token, orderId, shortId } = await businessOrder();
    await finish(orderId);
    await issueFinished(app.services);
    const { invoice } = assertOk(await invoiceOf(token, shortId));
    assertOk(await call(app, 'DELETE_REQUEST', { info: '' }, { token }));
    const { db } = app.services.storage;
    const kept = await db
      .selectFrom('invoices')
      .select(['number', 'client_id'])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    assert.equal(kept.number, invoice.number);
    const profiles = await db
      .selectFrom('company_profiles')
      .selectAll()
      .where('client_id', '=', kept.client_id)
      .execute();
    assert.deepEqual(profiles, []);
    const text = log.text();
    for (const secret of [COMPANY.name, '5261040828', COMPANY.email, 'Łąkowa', 'Faktura'])
      assert.ok(!text.includes(secret), `the log names ${secret}`);
  });
});
