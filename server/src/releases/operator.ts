// The operator's page (/operator/releases): each corporation's parts, their releases and canary
// split, and each release's views and errors over the last hours as a small chart. Behind HTTP
// Basic authentication with OPERATOR_TOKEN as the password; without OPERATOR_TOKEN there is no
// page. Plain HTML and inline SVG: no script and no inline style, so a strict CSP holds.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../base/services.ts';
import type { ReleaseHealth } from '../reports/health.ts';
import { sameSecret } from '../security/secrets.ts';
import { corporationHealth, HEALTH_HOURS, type PartHealth } from './health.ts';

const HOUR = 60 * 60_000;
/** Wrong passwords per address per hour before the page stops answering them. */
const FAILURES_PER_HOUR = 20;

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function presented(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  if (!header.startsWith('Basic ')) return '';
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  return decoded.slice(decoded.indexOf(':') + 1);
}

/** Views (grey) and errors (red) per hour, oldest on the left, scaled to the busiest hour. */
export function chart(release: ReleaseHealth, now: number, hours = HEALTH_HOURS): string {
  const width = 4 * hours;
  const height = 32;
  const first = Math.floor(now / HOUR) * HOUR - (hours - 1) * HOUR;
  const peak = Math.max(1, ...release.hours.map((hour) => hour.views));
  const bars = release.hours
    .filter((hour) => hour.hour >= first)
    .map((hour) => {
      const x = ((hour.hour - first) / HOUR) * 4;
      const views = Math.max(1, Math.round((hour.views / peak) * height));
      const errors = Math.min(height, Math.round((hour.errors / peak) * height));
      return (
        `<rect x="${x}" y="${height - views}" width="3" height="${views}" fill="#9aa3ad"/>` +
        (hour.errors > 0
          ? `<rect x="${x}" y="${height - errors}" width="3" height="${Math.max(1, errors)}" fill="#c0392b"/>`
          : '')
      );
    })
    .join('');
  const label = `${release.part} ${release.release}: ${release.views} views, ${release.errors} errors in the last ${hours} hours`;
  return `<svg width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escape(label)}"><title>${escape(label)}</title>${bars}</svg>`;
}

function partTable(parts: PartHealth[], now: number): string {
  const rows = parts.flatMap((part) => {
    const split = part.canary
      ? `${100 - part.canary.percent} % ${part.stable} / ${part.canary.percent} % ${part.canary.release}`
      : `100 % ${part.stable || '—'}`;
    if (part.releases.length === 0)
      return [`<tr><th scope="row">${escape(part.part)}</th><td>${escape(split)}</td><td colspan="6">no views yet</td></tr>`];
    return part.releases.map((release, index) => {
      const rate = release.views > 0 ? `${((release.errors / release.views) * 100).toFixed(2)} %` : '';
      const versus = release.vsStable
        ? `${(release.vsStable.difference * 100).toFixed(2)} pt (95 %: ${(release.vsStable.low * 100).toFixed(2)} … ${(release.vsStable.high * 100).toFixed(2)})`
        : '';
      return (
        '<tr>' +
        (index === 0
          ? `<th scope="row" rowspan="${part.releases.length}">${escape(part.part)}</th><td rowspan="${part.releases.length}">${escape(split)}</td>`
          : '') +
        `<td>${escape(release.release)} (${release.role})</td><td>${release.passengers}</td><td>${release.views}</td><td>${release.errors}</td><td>${rate} ${versus}</td><td>${chart(release, now)}</td></tr>`
      );
    });
  });
  return (
    '<table><thead><tr><th scope="col">Part</th><th scope="col">Split</th><th scope="col">Release</th>' +
    '<th scope="col">Passengers</th><th scope="col">Views</th><th scope="col">Errors</th>' +
    `<th scope="col">Error rate, canary − stable</th><th scope="col">Last ${HEALTH_HOURS} hours</th></tr></thead>` +
    `<tbody>${rows.join('')}</tbody></table>`
  );
}

export async function operatorPage(app: FastifyInstance, services: Services) {
  const { config, corporations, storage, clock, limits, clientAddress } = services;
  app.get('/operator/releases', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!config.operatorToken)
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
    const failures = `operator-failures:${clientAddress(request.raw)}`;
    if ((await limits.used(failures)) >= FAILURES_PER_HOUR)
      return reply.code(429).type('text/plain; charset=utf-8').send('Too many attempts\n');
    // Compared as hashes, so the comparison takes the same time whatever was sent.
    if (!sameSecret(presented(request), config.operatorToken)) {
      await limits.take(failures, FAILURES_PER_HOUR, HOUR);
      return reply
        .code(401)
        .header('WWW-Authenticate', 'Basic realm="Taxi operator", charset="UTF-8"')
        .type('text/plain; charset=utf-8')
        .send('The operator token is required\n');
    }
    const now = clock.now();
    const sections = [];
    for (const corporation of corporations.all().sort((a, b) => a.id.localeCompare(b.id))) {
      const parts = await corporationHealth(storage.db, config.releasesDir, corporation, {
        since: now - HEALTH_HOURS * HOUR,
      });
      sections.push(
        `<section aria-labelledby="c-${escape(corporation.id)}"><h2 id="c-${escape(corporation.id)}">${escape(corporation.id)}</h2>${partTable(parts, now)}</section>`,
      );
    }
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Releases</title></head>` +
          `<body><main><h1>Releases</h1><p>Views (grey) and errors (red) per hour; the split is each part's share of passengers.</p>${sections.join('')}</main></body></html>`,
      );
  });
}
