import type { AddressInfo } from 'node:net';
import { after } from 'node:test';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on a free port of this machine, for the mail tests: every message it takes
 * is parsed and kept; `refuseNext` makes it refuse the next messages with a temporary failure.
 */
export async function startSmtpServer() {
  const received: ParsedMail[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusals > 0) {
          refusals--;
          const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
          done(error);
          return;
        }
        simpleParser(Buffer.concat(chunks)).then(
          (mail) => {
            received.push(mail);
            done();
          },
          (error: Error) => done(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext(count = 1) {
      refusals = count;
    },
  };
}
