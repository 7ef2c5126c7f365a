import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { pageLanguage, ROBOTS_TXT } from '../../src/releases/seo.ts';
import { corporationFile, startApp, writeFile } from '../support/helpers.ts';

/** The rules of robots.txt for every crawler, as [field, path]. */
function rules(text: string): [string, string][] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => line.split(':').map((part) => part.trim()) as [string, string]);
}

/** Whether a crawler may read a path: the longest matching rule wins, Allow on a tie. */
function allowed(text: string, pathname: string): boolean {
  let best: [string, string] | undefined;
  for (const rule of rules(text).slice(1)) {
    if (!pathname.startsWith(rule[1])) continue;
    if (
      !best ||
      rule[1].length > best[1].length ||
      (rule[1].length === best[1].length && rule[0] === 'Allow')
    )
      best = rule;
  }
  return best?.[0] !== 'Disallow';
}

describe('robots.txt', () => {
  test('public legal pages and the front page readable; login screens, ride links and the API not', () => {
    assert.deepEqual(rules(ROBOTS_TXT)[0], ['User-agent', '*']);
    for (const page of [
      '/',
      '/regulations/',
      '/privacy-policy/',
      '/privacy-taxi/',
      '/about-app/',
      '/delete-account/',
      '/mf/host/1.0.0/main.js',
    ])
      assert.ok(allowed(ROBOTS_TXT, page), page);
    for (const page of [
      '/t/12345/secret',
      '/r/12345/secret',
      '/track/',
      '/rate/',
      '/rate/api/1/',
      '/track/api/1/',
      '/api/2/',
      '/history/',
      '/orders/',
      '/settings/',
      '/summary/',
      '/auth/',
      '/tiles/style.json',
      '/dev/sms-outbox',
    ])
      assert.ok(!allowed(ROBOTS_TXT, page), page);
  });

  test('served as text/plain, not as the app page', async () => {
    const { app } = await startApp();
    const reply = await app.inject({ url: '/robots.txt' });
    assert.equal(reply.statusCode, 200);
    assert.match(String(reply.headers['content-type']), /^text\/plain/);
    assert.equal(reply.body, ROBOTS_TXT);
  });
});

describe('the page description', () => {
  test("the visitor's language among the corporation's, else its default", () => {
    const settings = { locale_lang_list: ['pl', 'en'], locale_lang_default: 'pl' };
    assert.equal(pageLanguage(settings, 'en-GB,en;q=0.9'), 'en');
    assert.equal(pageLanguage(settings, 'de-DE, pl;q=0.5, en;q=0.8'), 'en');
    assert.equal(pageLanguage(settings, 'de-DE'), 'pl');
    assert.equal(pageLanguage(settings, undefined), 'pl');
    assert.equal(
      pageLanguage({ ...settings, locale_lang_list: ['pl'] }, 'en'),
      'pl',
      'a language the corporation does not offer',
    );
    assert.equal(pageLanguage({}, 'pl'), 'en');
  });

  test('rendered into the page per corporation and language, escaped', async () => {
    const { app, config } = await startApp({
      corporations: [
        corporationFile('demo', ['localhost'], {
          settings: {
            corp: 'Wisła <Taxi> & "Co" $&',
            locale_lang_list: ['pl', 'en'],
            locale_lang_default: 'en',
          },
        }),
      ],
    });
    writeFile(
      path.join(config.releasesDir, 'mf/host/1.0.0/index.html'),
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Taxi</title></head><body></body></html>',
    );
    const page = async (language: string) =>
      (await app.inject({ url: '/', headers: { 'accept-language': language } })).body;

    const polish = await page('pl-PL,pl;q=0.9');
    assert.match(polish, /<html lang="pl">/);
    assert.match(
      polish,
      /<meta name="description" content="Zamów taksówkę Wisła &lt;Taxi&gt; &amp; &quot;Co&quot; \$&amp;: [^"]+">/,
    );

    const english = await page('en-US');
    assert.match(english, /<html lang="en">/);
    assert.match(
      english,
      /<meta name="description" content="Wisła &lt;Taxi&gt; &amp; &quot;Co&quot; \$&amp; — order a taxi[^"]+">/,
    );
    assert.equal(english.match(/name="description"/g)?.length, 1);
    const reply = await app.inject({ url: '/orders/', headers: { 'accept-language': 'pl' } });
    assert.match(String(reply.headers.vary), /Accept-Language/);
  });
});
