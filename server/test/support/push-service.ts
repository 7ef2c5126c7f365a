// A push service of our own, as a browser's would be (HTTPS, VAPID-authorised, encrypted bodies),
// and the browsers that subscribe to it: what the Web Push tests share.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  type ECDH,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { tempDir } from './helpers.ts';

export interface Vapid {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** A deployment's VAPID key pair, made with node:crypto (raw P-256 points, base64url). */
export function vapidKeys(): Vapid {
  const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = pair.privateKey.export({ format: 'jwk' });
  const raw = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x!, 'base64url'),
    Buffer.from(jwk.y!, 'base64url'),
  ]);
  return {
    publicKey: raw.toString('base64url'),
    privateKey: jwk.d!,
    subject: 'mailto:ops@taxi.example',
  };
}

export interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A browser's subscription: its own P-256 key pair and auth secret (RFC 8291). */
export interface Browser {
  ecdh: ECDH;
  secret: Buffer;
  path: string;
  json: { endpoint: string; keys: { p256dh: string; auth: string } };
}

/** RFC 8291 with RFC 8188's aes128gcm, one record: what the browser does with a push. */
function decrypt(body: Buffer, ua: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  assert.equal(idLength, 65, 'the key id is the sender’s P-256 public key');
  assert.ok(ciphertext.length <= recordSize, 'one record');
  const info = (label: string) => Buffer.from(`Content-Encoding: ${label}\0`);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(
    hkdfSync('sha256', ua.computeSecret(serverPublic), authSecret, keyInfo, 32),
  );
  const key = Buffer.from(hkdfSync('sha256', ikm, salt, info('aes128gcm'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, info('nonce'), 12));
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(ciphertext.subarray(-16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
  let end = padded.length - 1;
  while (padded[end] === 0) end -= 1;
  assert.equal(padded[end], 2, 'the last record ends with the 0x02 delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: `vapid t=<JWT signed ES256>, k=<the public key>`, for the push service's origin. */
function checkVapid(
  authorization: string | string[] | undefined,
  vapid: Vapid,
  origin: string,
): void {
  const match = /^vapid t=([^,]+), k=([A-Za-z0-9_-]+)$/.exec(String(authorization));
  assert.ok(match, `a VAPID Authorization header, not ${String(authorization)}`);
  const [, jwt, k] = match;
  assert.equal(k, vapid.publicKey);
  const [header, claims, signature] = jwt!.split('.');
  const raw = Buffer.from(k!, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  assert.ok(
    verify(
      'sha256',
      Buffer.from(`${header}.${claims}`),
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature!, 'base64url'),
    ),
    'signed with the deployment’s private key',
  );
  assert.equal(JSON.parse(Buffer.from(header!, 'base64url').toString()).alg, 'ES256');
  const body = JSON.parse(Buffer.from(claims!, 'base64url').toString());
  assert.equal(body.aud, origin);
  assert.equal(body.sub, vapid.subject);
  assert.ok(body.exp * 1000 > Date.now() && body.exp * 1000 <= Date.now() + 24 * 3_600_000);
}

/**
 * The local push service on a loopback port, with a self-signed certificate (`certFile`, for
 * NODE_EXTRA_CA_CERTS of a server process). Answers per path: /ok/* 201, /gone/* 410 (the browser
 * unsubscribed), /broken/* 500.
 */
export async function startPushService() {
  const folder = tempDir('taxi-push-');
  const keyFile = path.join(folder, 'key.pem');
  const certFile = path.join(folder, 'cert.pem');
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
      ...['-keyout', keyFile, '-out', certFile, '-days', '1', '-subj', '/CN=127.0.0.1'],
      ...['-addext', 'subjectAltName=IP:127.0.0.1'],
    ],
    { stdio: 'ignore' },
  );
  const cert = fs.readFileSync(certFile);
  /** Pushes nobody waited for yet. */
  const received: Received[] = [];
  const waiting: { path: string; resolve: (push: Received) => void }[] = [];
  const service = https.createServer({ key: fs.readFileSync(keyFile), cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const push = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      const waiter = waiting.findIndex((w) => w.path === push.path);
      if (waiter >= 0) waiting.splice(waiter, 1)[0]!.resolve(push);
      else received.push(push);
      const status = push.path.startsWith('/gone/')
        ? 410
        : push.path.startsWith('/broken/')
          ? 500
          : 201;
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(service.address() as AddressInfo).port}`;

  /** The next push the service receives at `pushPath`. */
  function nextPush(pushPath: string): Promise<Received> {
    const index = received.findIndex((r) => r.path === pushPath);
    if (index >= 0) return Promise.resolve(received.splice(index, 1)[0]!);
    return new Promise((resolve) => waiting.push({ path: pushPath, resolve }));
  }

  return {
    origin,
    cert,
    certFile,
    received,
    browser(pushPath: string): Browser {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const secret = randomBytes(16);
      return {
        ecdh,
        secret,
        path: pushPath,
        json: {
          endpoint: `${origin}${pushPath}`,
          keys: {
            p256dh: ecdh.getPublicKey().toString('base64url'),
            auth: secret.toString('base64url'),
          },
        },
      };
    },
    /** The next push to `device`, its VAPID header checked, decrypted as the browser would. */
    async pushed(device: Browser, vapid: Vapid) {
      const push = await nextPush(device.path);
      checkVapid(push.headers.authorization, vapid, origin);
      assert.equal(push.headers['content-encoding'], 'aes128gcm');
      assert.ok(Number(push.headers.ttl) > 0);
      return JSON.parse(decrypt(push.body, device.ecdh, device.secret));
    },
    close: () => new Promise<void>((resolve) => service.close(() => resolve())),
  };
}
