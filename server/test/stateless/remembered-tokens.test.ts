import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RememberedTokens } from '../../src/security/remembered-tokens.ts';

// A token's check asks the database, then remembers the answer. A logout, an account deletion or
// a block that lands while the database is being asked must win over that answer.
const answer = { checkedAt: 0, expiresAt: 60_000, client: 7 };

test('an answer asked for before a token was forgotten is not remembered', () => {
  const tokens = new RememberedTokens<typeof answer>(5_000, 10);
  const asked = tokens.mark();
  tokens.forget('hash');
  tokens.remember('hash', answer, asked);
  assert.equal(tokens.get('hash'), undefined);
});

test("an answer asked for before a client's tokens were forgotten is not remembered", () => {
  const tokens = new RememberedTokens<typeof answer>(5_000, 10);
  const asked = tokens.mark();
  tokens.forgetWhere((remembered) => remembered.client === 7);
  tokens.remember('hash', answer, asked);
  assert.equal(tokens.get('hash'), undefined);
  tokens.remember('hash', answer, tokens.mark());
  assert.equal(tokens.get('hash'), answer);
  assert.ok(tokens.believed(answer, 4_999));
  assert.ok(!tokens.believed(answer, 5_000));
});
