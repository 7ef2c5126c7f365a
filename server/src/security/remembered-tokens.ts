/** What a token was found to be, when the database last said so, and when the token expires. */
export interface Remembered {
  checkedAt: number;
  expiresAt: number;
}

/**
 * Bearer tokens found valid, kept by their hash (tokenHash: the token itself is not kept), so
 * that a signed-in app's calls reuse the database's answer for `believeMs`. Past `kept` tokens
 * the oldest go first. Client sessions (accounts/session-checks.ts) and driver apps
 * (driver/plugin.ts) both remember their tokens here.
 */
export class RememberedTokens<T extends Remembered> {
  readonly #tokens = new Map<string, T>();
  readonly #believeMs: number;
  readonly #kept: number;
  /** Counts the forgets: an answer asked for before one may be about a token since ended. */
  #forgets = 0;

  constructor(believeMs: number, kept: number) {
    this.#believeMs = believeMs;
    this.#kept = kept;
  }

  /** What a token's hash was found to be, however long ago. */
  get(hash: string): T | undefined {
    return this.#tokens.get(hash);
  }

  /** Whether a remembered answer still stands at `now`, without asking the database. */
  believed(remembered: T, now: number): boolean {
    return now - remembered.checkedAt < this.#believeMs && now < remembered.expiresAt;
  }

  /** What to hand `remember` with the answer: taken before the database is asked. */
  mark(): number {
    return this.#forgets;
  }

  /**
   * The database's fresh answer for a token's hash, as the newest one, unless something was
   * forgotten since `mark`: a logout or a block that came while the database was being asked
   * would otherwise be undone by the answer from before it.
   */
  remember(hash: string, remembered: T, mark: number): void {
    if (mark !== this.#forgets) return;
    this.#tokens.delete(hash);
    if (this.#tokens.size >= this.#kept) this.#tokens.delete(this.#tokens.keys().next().value!);
    this.#tokens.set(hash, remembered);
  }

  forget(hash: string): void {
    this.#forgets += 1;
    this.#tokens.delete(hash);
  }

  /** Forgets the tokens of an account (its sessions ended, the taxi blocked). */
  forgetWhere(ended: (remembered: T) => boolean): void {
    this.#forgets += 1;
    for (const [hash, remembered] of this.#tokens) if (ended(remembered)) this.#tokens.delete(hash);
  }

  clear(): void {
    this.#forgets += 1;
    this.#tokens.clear();
  }
}
