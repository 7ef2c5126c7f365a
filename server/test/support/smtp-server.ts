import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after } from 'node:test';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { tempDir } from './helpers.ts';

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

/** A mailed PDF's text as pdftotext (poppler-utils) reads it, spaces unified. */
export function pdfText(content: Buffer): string {
  const file = path.join(tempDir('mail-pdf-'), 'attachment.pdf');
  fs.writeFileSync(file, content);
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], {
    encoding: 'utf8',
  }).replace(/\u00a0/g, ' ');
}
