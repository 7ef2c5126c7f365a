import assert from 'node:assert/strict';
import { test } from 'node:test';
import { redactUrl } from '../../src/base/redact.ts';

test('secrets in URLs never reach the log', () => {
  assert.equal(
    redactUrl('/api/2/?action=GET_AUTH&auth=abc123&lang=pl'),
    '/api/2/?action=GET_AUTH&auth=***&lang=pl',
  );
  assert.equal(redactUrl('/track/?o=AB12&p=s3cret'), '/track/?o=AB12&p=***');
  assert.equal(redactUrl('/t/AB12/s3cret'), '/t/AB12/***');
  assert.equal(redactUrl('/receipt/AB12/s3cret/'), '/receipt/AB12/***/');
  assert.equal(
    redactUrl('https://taxi.example/r/AB12/s3cret?x=1'),
    'https://taxi.example/r/AB12/***?x=1',
  );
  assert.equal(
    redactUrl('/api/2/?action=GET_AUTH_PHONE&phone=1&secret=123456'),
    '/api/2/?action=GET_AUTH_PHONE&phone=***&secret=***',
  );
  assert.equal(redactUrl('/history/'), '/history/');
});
