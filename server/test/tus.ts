// A tus client for the resumable upload tests: requests over HTTP to a listening app.
import { statSync } from 'node:fs';
import { type ClientRequest, request } from 'node:http';
import { join } from 'node:path';
import { expect } from 'vitest';

export const TUS_UPLOAD = '/prod-api/media/upload';

/** A PDF the upload takes as a document, of about `size` bytes (spaces between its header and trailer). */
export const pdfOfSize = (size: number) =>
  Buffer.concat([Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n'), Buffer.alloc(size, 0x20), Buffer.from('trailer<<>>\n%%EOF\n')]);

/** A 1 MiB PDF. */
export const tusPdf = pdfOfSize(1024 * 1024);

const b64 = (s: string) => Buffer.from(s).toString('base64');

/** One tus request to `url` (absolute, or a path on `base`, a listening app's address), signed in with `token`. */
export async function tusCall(
  base: string,
  token: string,
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: Buffer,
) {
  const res = await fetch(url.startsWith('http') ? url : `${base}${url}`, {
    method,
    headers: { 'tus-resumable': '1.0.0', ydAuthorization: `Bearer ${token}`, connection: 'close', ...headers },
    body: body ? new Uint8Array(body) : undefined,
  });
  return { statusCode: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
}

/** Creates the upload of tusPdf named `name`: its location, and the file in `tusDir` its bytes go to until it is finished. */
export async function createTusUpload(base: string, token: string, tusDir: string, name: string) {
  const created = await tusCall(base, token, 'POST', TUS_UPLOAD, {
    'upload-length': String(tusPdf.length),
    'upload-metadata': `filename ${b64(name)},kind ${b64('document')}`,
  });
  expect(created.statusCode, created.body).toBe(201);
  const location = String(created.headers.location);
  return { location, file: join(tusDir, location.split('/').pop() ?? '') };
}

/**
 * Starts a PATCH declaring the whole of tusPdf, sends its first `sent` bytes and leaves it open (a
 * client gone silent); returns once some of them are in `file`.
 */
export async function startSilentPatch(base: string, token: string, location: string, file: string, sent: number): Promise<ClientRequest> {
  const { hostname, port } = new URL(base);
  const req = request({
    hostname,
    port,
    method: 'PATCH',
    path: location,
    headers: {
      'tus-resumable': '1.0.0',
      ydAuthorization: `Bearer ${token}`,
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
      'content-length': String(tusPdf.length),
    },
  });
  req.on('error', () => {});
  req.write(tusPdf.subarray(0, sent));
  for (let i = 0; i < 500 && statSync(file).size === 0; i++) await new Promise((r) => setTimeout(r, 10));
  expect(statSync(file).size).toBeGreaterThan(0);
  return req;
}
