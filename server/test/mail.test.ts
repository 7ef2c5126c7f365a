import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatPrice } from '@taxi/contract/format';
import { assertErr, assertOk, call, fakeClock, signIn } from './support/api.ts';
import { taxiCorporation } from './support/fixtures.ts';
import { capturedLog, startApp } from './support/helpers.ts';
import { taxi } from './support/live.ts';
import { pdfText, startSmtpServer } from './support/smtp-server.ts';
import { until } from './support/until.ts';
import {
  claimMails,
  enqueueMail,
  MAIL_MAX_ATTEMPTS,
  MAIL_RETRY_AFTER_MS,
} from '../src/mail/outbox.ts';
import { queueReceiptMail } from '../src/receipts/mail.ts';
import { mailConfig } from '../src/base/config.ts';

// Receipts by e-mail (docs/receipts-by-email.md) through a real SMTP server on this machine:
// the address confirmed by its link, one PDF receipt per finished ride, retried after a refusal,
// and no address, token or body in the server's log.
const clock = fakeClock('2026-03-02T09:00:00Z');
const log = capturedLog();
const smtp = await startSmtpServer();
const SELLER = 'Przewozy Żółć sp. z o.o.';
const server = await startApp({
  corporations: [
    taxiCorporation('demo', ['localhost'], {
      settings: {
        corp: 'Taxi demo',
        corp_legal: true,
        rate: true,
        currency: 'zł',
        locale_lang_default: 'en',
        self_name: SELLER,
        self_email: 'biuro@taxi-demo.example',
        gdpr_admin: 'ul. Łąkowa 1, 30-001 Kraków, NIP 6760000000',
      },
    }),
  ],
  overrides: { clock, logStream: log.stream },
  config: {
    logLevel: 'debug',
    mail: { smtpUrl: smtp.url, from: 'noreply@taxi.example', linkOrigin: '' },
  },
});
const { app } = server;
const { db } = app.services.storage;
// "Zażółć gęślą jaźń": every Polish letter, ą ć ę ł ń ó ś ź ż.
const pickup = { lat: 50.06, lng: 19.94, city: 'Kraków', street: 'Zażółć gęślą jaźń', number: '5' };
const destination = { lat: 50.07, lng: 19.94, city: 'Kraków', street: 'Basztowa', number: '1' };
let phones = 0;
let cabs = 0;

const passenger = () => signIn(app, `+48607${String(1_000_000 + ++phones).slice(1)}`);

/** Mails to `address` so far. */
const mailsTo = (address: string) =>
  smtp.received.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === address);

/** The confirmation link of the newest mail to `address`, waited for. */
async function confirmationLink(address: string, count = 1): Promise<URL> {
  const mail = await until('the confirmation mail', async () => mailsTo(address)[count - 1]);
  const link = /https:\/\/\S+/.exec(mail.text ?? '')?.[0];
  assert.ok(link, mail.text);
  return new URL(link);
}

/** Opens the link's page and presses its button, as a passenger does. */
async function confirm(link: URL) {
  const page = await app.inject({
    method: 'GET',
    url: link.pathname + link.search,
    headers: { host: link.host },
  });
  const token = link.searchParams.get('token')!;
  const pressed = await app.inject({
    method: 'POST',
    url: link.pathname,
    headers: { host: link.host, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token }).toString(),
  });
  return { page, pressed };
}

/** A passenger whose `address` is confirmed, with their token. */
async function confirmedPassenger(address: string, lang = 'pl') {
  const token = await passenger();
  assertOk(await call(app, 'SET_EMAIL', { email: address }, { token, lang }));
  const { pressed } = await confirm(await confirmationLink(address));
  assert.equal(pressed.statusCode, 200, pressed.body);
  return token;
}

/** An order from the pickup to the destination with the Estate car, driven to its end. */
async function finishedRide(token: string) {
  const { order_id: orderId } = assertOk(
    await call(
      app,
      'ORDER_SAVE',
      {
        order: { order_type: 'Z', poi: pickup, dst: destination, taxi_features_list: [1] },
      },
      { token },
    ),
  );
  const { dst_price } = await db
    .selectFrom('orders')
    .select('dst_price')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const fare = Math.round((dst_price! + 2) * 100) / 100;
  const cab = await taxi(app, `M${++cabs}`, { lat: pickup.lat, lng: pickup.lng + 0.001 });
  await app.services.dispatch.tick();
  await cab.ok('OFFER_ACCEPT', { order_id: orderId });
  await cab.ok('ORDER_ARRIVED', { order_id: orderId });
  clock.advance(60_000);
  await cab.ok('ORDER_CLIENT_IN', { order_id: orderId });
  clock.advance(5 * 60_000);
  await cab.ok('RIDE_END', { order_id: orderId, price: fare });
  await cab.ok('TAXI_STATE', { state: 'F' });
  return { orderId: orderId as number, fare, callNumber: `M${cabs}` };
}

const outboxRow = (key: string) =>
  db.selectFrom('mail_outbox').selectAll().where('key', '=', key).executeTakeFirst();

describe('the e-mail for receipts', () => {
  test('an address that is not one is refused with INVALID_DATA and kept nowhere', async () => {
    const token = await passenger();
    for (const email of [
      '',
      'no-at-sign',
      'a@b',
      'two@@example.com',
      `${'x'.repeat(250)}@example.com`,
    ])
      assertErr(
        await call(app, 'SET_EMAIL', { email }, { token }),
        email ? 'INVALID_DATA' : 'ARG_ERROR',
      );
    assert.deepEqual(assertOk(await call(app, 'GET_EMAIL', {}, { token })), {
      status: 'OK',
      status_mesg: 'OK',
      email: null,
      available: true,
    });
    assertErr(await call(app, 'GET_EMAIL', {}), 'ACCESS_DENIED');
  });

  test('set, confirmed by the mailed link (once), changed back to unconfirmed, removed', async () => {
    const token = await passenger();
    const address = 'anna.nowak@example.com';
    const set = assertOk(await call(app, 'SET_EMAIL', { email: ` ${address} ` }, { token }));
    assert.deepEqual(set.email, { address, confirmed: false });
    const link = await confirmationLink(address);
    const mail = mailsTo(address)[0]!;
    assert.equal(mail.from?.text, '"Taxi demo" <biuro@taxi-demo.example>');
    assert.match(mail.subject ?? '', /potwierdź adres e-mail/);
    assert.equal(link.host, 'localhost');
    assert.equal(link.pathname, '/mail/confirm');

    const { page, pressed } = await confirm(link);
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<html lang="pl">/);
    assert.match(page.body, /<button type="submit">Potwierdź<\/button>/);
    assert.equal(pressed.statusCode, 200);
    assert.match(pressed.body, /Adres e-mail został potwierdzony/);
    assert.deepEqual(assertOk(await call(app, 'GET_EMAIL', {}, { token })).email, {
      address,
      confirmed: true,
    });
    // Single use: the same link again confirms nothing.
    assert.equal((await confirm(link)).pressed.statusCode, 400);
    // Only the hash of a token is kept.
    const row = await db.selectFrom('client_emails').selectAll().executeTakeFirstOrThrow();
    assert.ok(!JSON.stringify(row).includes(link.searchParams.get('token')!));

    const other = 'anna@example.org';
    const changed = assertOk(await call(app, 'SET_EMAIL', { email: other }, { token }));
    assert.deepEqual(changed.email, { address: other, confirmed: false });
    const resent = assertOk(await call(app, 'RESEND_EMAIL_CONFIRMATION', {}, { token }));
    assert.deepEqual(resent.email, { address: other, confirmed: false });
    // The resent link replaces the first one.
    const first = await confirmationLink(other, 1);
    const second = await confirmationLink(other, 2);
    assert.equal((await confirm(first)).pressed.statusCode, 400);
    assert.equal((await confirm(second)).pressed.statusCode, 200);

    assertOk(await call(app, 'DELETE_EMAIL', {}, { token }));
    assert.equal(assertOk(await call(app, 'GET_EMAIL', {}, { token })).email, null);
  });

  test('a finished ride: one mail with the receipt as a PDF, with Polish letters, even when queued twice', async () => {
    const address = 'jan.kowalski@example.com';
    const token = await confirmedPassenger(address);
    const { orderId, fare, callNumber } = await finishedRide(token);
    const mail = await until('the receipt mail', async () => mailsTo(address)[1]);
    assert.match(mail.subject ?? '', /paragon za przejazd/);
    const [attachment] = mail.attachments;
    assert.equal(attachment?.contentType, 'application/pdf');
    assert.match(attachment.filename ?? '', /^paragon-\w+\.pdf$/);
    const text = pdfText(attachment.content);
    for (const expected of [
      'Paragon',
      SELLER,
      'ul. Łąkowa 1, 30-001 Kraków',
      'Zażółć gęślą jaźń 5, Kraków',
      'Basztowa 1, Kraków',
      'Dopłata: Kombi',
      'Toyota Prius',
      `KR ${callNumber}`,
      'Gotówka',
      'Razem',
      formatPrice(fare).replace(/\u00a0/g, ' '),
    ])
      assert.ok(text.includes(expected), `${expected} in:\n${text}`);
    assert.match(text, /ą.*ć|ć.*ą/s);
    for (const letter of 'ąćęłńóśźż') assert.ok(text.includes(letter), letter);

    // The finish published again (another process, a repeated event): no second mail.
    await queueReceiptMail({ db, bus: app.services.bus, now: clock.now() }, orderId);
    assert.equal(
      await enqueueMail(
        db,
        { key: `receipt:${orderId}`, kind: 'receipt', ref: String(orderId) },
        clock.now(),
      ),
      false,
    );
    await until(
      'the outbox done',
      async () => (await outboxRow(`receipt:${orderId}`))?.outcome === 'sent',
    );
    assert.equal(mailsTo(address).length, 2);
  });

  test('a refused receipt is sent again after its back-off', async () => {
    const address = 'ewa@example.com';
    const token = await confirmedPassenger(address, 'en');
    smtp.refuseNext();
    const { orderId } = await finishedRide(token);
    const refused = await until('the refusal', async () => {
      const row = await outboxRow(`receipt:${orderId}`);
      return row?.attempts === 1 && row.claimed_at === null && row;
    });
    assert.equal(Number(refused.next_attempt_at), clock.now() + MAIL_RETRY_AFTER_MS[0]!);
    assert.equal(mailsTo(address).length, 1, 'only the confirmation so far');
    clock.advance(MAIL_RETRY_AFTER_MS[0]!);
    const mail = await until('the retried receipt', async () => mailsTo(address)[1]);
    assert.match(mail.subject ?? '', /receipt for ride/);
    assert.match(pdfText(mail.attachments[0]!.content), /Total/);
    assert.equal((await outboxRow(`receipt:${orderId}`))?.outcome, 'sent');
  });

  test('a receipt refused at every try is given up after the last, and said so by its key', async () => {
    const address = 'refused@example.com';
    const token = await confirmedPassenger(address);
    smtp.refuseNext(MAIL_MAX_ATTEMPTS);
    const { orderId } = await finishedRide(token);
    const key = `receipt:${orderId}`;
    for (let tries = 1; tries < MAIL_MAX_ATTEMPTS; tries++) {
      await until(`refusal ${tries}`, async () => {
        const row = await outboxRow(key);
        return row?.attempts === tries && row.claimed_at === null;
      });
      clock.advance(MAIL_RETRY_AFTER_MS[tries - 1]!);
    }
    const row = await until('the mail given up', async () => {
      const found = await outboxRow(key);
      return found?.outcome === 'failed' && found;
    });
    assert.equal(row.attempts, MAIL_MAX_ATTEMPTS);
    assert.equal(mailsTo(address).length, 1, 'only the confirmation');
    assert.match(log.text(), new RegExp(`"mail":"${key}".*given up`));
  });

  test('no receipt to an address not confirmed, and none after the account is deleted', async () => {
    const token = await passenger();
    assertOk(await call(app, 'SET_EMAIL', { email: 'piotr@example.com' }, { token }));
    const { orderId } = await finishedRide(token);
    assert.equal(await outboxRow(`receipt:${orderId}`), undefined);

    const deleting = await confirmedPassenger('kasia@example.com');
    assertOk(await call(app, 'DELETE_REQUEST', {}, { token: deleting }));
    const kept = await db.selectFrom('client_emails').select('address').execute();
    assert.ok(!kept.some((row) => row.address === 'kasia@example.com'));
  });

  test('of two drains at once, each mail is claimed by one', async () => {
    const now = clock.now();
    for (let i = 0; i < 10; i++)
      await enqueueMail(db, { key: `race:${i}`, kind: 'nothing', ref: String(i) }, now + 3_600_000);
    const [a, b] = await Promise.all([
      claimMails(db, now + 3_600_000, 10),
      claimMails(db, now + 3_600_000, 10),
    ]);
    const keys = [...a, ...b].map((mail) => mail.key).filter((key) => key.startsWith('race:'));
    assert.equal(keys.length, 10);
    assert.equal(new Set(keys).size, 10);
  });

  test('SMTP_URL: smtp:// or smtps://, off without it; the start says which', () => {
    assert.equal(mailConfig({}), null);
    assert.deepEqual(
      mailConfig({ SMTP_URL: 'smtps://u:p@relay.example:465', MAIL_FROM: 'a@b.example' }),
      {
        smtpUrl: 'smtps://u:p@relay.example:465',
        from: 'a@b.example',
        linkOrigin: '',
      },
    );
    assert.throws(
      () => mailConfig({ SMTP_URL: 'http://relay.example' }),
      /smtp:\/\/ or smtps:\/\//,
    );
    assert.throws(() => mailConfig({ SMTP_URL: 'relay.example:25' }), /SMTP_URL/);
    assert.throws(() => mailConfig({ SMTP_URL: 'smtp://relay', MAIL_FROM: 'nobody' }), /MAIL_FROM/);
    assert.match(log.text(), /mail: receipts by e-mail on/);
    assert.ok(!log.text().includes(smtp.url), 'the relay URL (its password) is not logged');
  });

  test('the log names mails by their keys, never an address, a token or a body', async () => {
    const text = log.text();
    assert.match(text, /mail: sent/);
    assert.match(text, /mail: refused, retried later/);
    for (const mail of smtp.received) {
      assert.ok(!text.includes(mail.to && !Array.isArray(mail.to) ? mail.to.text : '@'));
      const token = /token=([\w-]+)/.exec(mail.text ?? '')?.[1];
      if (token) assert.ok(!text.includes(token));
    }
    assert.ok(!text.includes('@example.com'));
    assert.ok(!text.includes('Zażółć'));
  });
});
