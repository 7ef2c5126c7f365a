// Tokenless 64 MB uploads to the release API, one at a time or (as a worker thread, with
// workerData {base, parallel}) several in parallel until the thread is told to stop; each is
// streamed until the server answers.
import http from 'node:http';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';

/** The release API's upload limit: the largest body a tokenless caller can send. */
export const UPLOAD = 64 * 1024 * 1024 - 1024;
const CHUNK = Buffer.alloc(1024 * 1024, 'A');

export interface Refusal {
  ms: number;
  /** Bytes of the body handed to the socket when the answer came. */
  sent: number;
  body: { status?: string; error_data?: string };
}

/** A valid-looking publish without a token. */
export function tokenlessUpload(base: string): Promise<Refusal> {
  const { hostname, port } = new URL(base);
  const head = Buffer.from('{"part":"host","version":"9.9.9","record":{},"files":{"index.html":"');
  const tail = Buffer.from('"}}');
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = http.request({
      hostname,
      port,
      path: '/release/api/publish',
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(UPLOAD) },
    });
    request.on('response', (response) => {
      answered = true;
      const ms = performance.now() - started;
      const at = sent;
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (part: string) => (text += part));
      response.on('end', () => {
        request.destroy();
        resolve({ ms, sent: at, body: JSON.parse(text) as Refusal['body'] });
      });
    });
    // The server ends the connection of a refused upload once it has answered.
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    const pump = () => {
      while (!answered && sent < UPLOAD) {
        const left = UPLOAD - sent;
        const chunk =
          sent === 0
            ? head
            : left === tail.length
              ? tail
              : CHUNK.subarray(0, Math.min(CHUNK.length, left - tail.length));
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', pump);
      }
      if (!answered) request.end();
    };
    pump();
  });
}

if (!isMainThread && parentPort) {
  const { base, parallel } = workerData as { base: string; parallel: number };
  let flooding = true;
  parentPort.once('message', () => (flooding = false));
  const refusals: Refusal[] = [];
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (flooding) refusals.push(await tokenlessUpload(base));
    }),
  );
  parentPort.postMessage(refusals);
}
