// The server as the tracking screens see it in component tests: the action-style calls
// (form field cmd) answered per action_id, and every call recorded.
export type Reply = Record<string, unknown>;
type Answer = Reply | ((cmd: Reply) => Reply | Promise<Reply>);

export interface Recorded {
  url: string;
  cmd: Reply;
}

export const ok = (fields: Reply = {}): Reply => ({ status: 'OK', status_mesg: 'OK', ...fields });
export const refused = (code: string): Reply => ({
  status: 'ERR',
  status_mesg: code,
  error_data: code,
});
/** A GET_RATE answer: rated with `rate`, or not rated yet (null). */
export const rating = (rate: number | null, comment: string | null = null) =>
  ok({ data: { rate, comment } });

/** Replaces fetch until the test ends; an action without an answer gets ERR EXCEPTION. */
export function answer(answers: Record<string, Answer>) {
  const calls: Recorded[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const cmd = JSON.parse(
      (init?.body as URLSearchParams | undefined)?.get('cmd') ?? '{}',
    ) as Reply;
    calls.push({ url: String(input), cmd });
    const given = answers[String(cmd.action_id)];
    const reply = typeof given === 'function' ? await given(cmd) : (given ?? refused('EXCEPTION'));
    return new Response(JSON.stringify(reply), { status: 200 });
  });
  return {
    calls,
    of: (action: string) => calls.filter((call) => call.cmd.action_id === action),
  };
}

/** A promise to settle by hand, for 'while sending' states. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}
