import { createHash, createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

// A local HTTP server that plays an SMS vendor's endpoint (Aliyun dysmsapi SendSms, Tencent Cloud
// SMS SendSms), so the tests run the vendor's real SDK against it (SMS_ENDPOINT=http://127.0.0.1:port).
// It checks the request signature with the secret the app was given, as the vendor would, records
// what arrived and answers what the test scripted: accept, refuse with a vendor code, or never answer.

export type FakeVendor = 'aliyun' | 'tencent';

export interface ReceivedSms {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: string;
  /** the signature, recomputed from the request with the shared secret, matched the one sent */
  signatureValid: boolean;
}

export type FakeReply =
  | { kind: 'accept' }
  /** a business refusal: Aliyun HTTP 200 with Code ≠ OK; Tencent a SendStatus with Code ≠ Ok */
  | { kind: 'refuse'; code: string; message: string }
  /** Tencent only: the whole call refused (Response.Error), e.g. AuthFailure or LimitExceeded */
  | { kind: 'error'; code: string; message: string }
  /** never answers (the SDK's timeout must end the call) */
  | { kind: 'hang' };

export interface FakeSmsGateway {
  /** http://127.0.0.1:port, for SMS_ENDPOINT */
  url: string;
  received: ReceivedSms[];
  /** the reply to every following request */
  reply(next: FakeReply): void;
  /** the request id the next answer carries (the last one answered) */
  lastRequestId: string | undefined;
  close(): Promise<void>;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Aliyun V3 signature (ACS3-HMAC-SHA256), computed from the documentation's recipe. */
function aliyunSignatureValid(method: string, url: URL, headers: IncomingHttpHeaders, body: string, keyId: string, secret: string) {
  const m = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]+)$/.exec(String(headers.authorization));
  if (!m || m[1] !== keyId) return false;
  const signed = m[2].split(';');
  const query = [...url.searchParams.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${rfc3986(k)}=${rfc3986(v)}`)
    .join('&');
  const canonicalHeaders = signed.map((h) => `${h}:${String(headers[h] ?? '').trim()}\n`).join('');
  const payloadHash = sha256(body);
  if (headers['x-acs-content-sha256'] !== payloadHash) return false;
  const canonical = [method, url.pathname, query, canonicalHeaders, signed.join(';'), payloadHash].join('\n');
  const expected = hmac(secret, `ACS3-HMAC-SHA256\n${sha256(canonical)}`).toString('hex');
  return expected === m[3];
}

/** Tencent Cloud TC3-HMAC-SHA256, computed from the documentation's recipe. */
function tencentSignatureValid(method: string, url: URL, headers: IncomingHttpHeaders, body: string, keyId: string, secret: string) {
  const m =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]+)$/.exec(
      String(headers.authorization),
    );
  if (!m || m[1] !== keyId) return false;
  const [, , date, service, signedList, signature] = m;
  const signed = signedList.split(';');
  // the SDK signs the host without its port (common/sign.js: urlObj.hostname); the vendor's own
  // endpoint has none, so only a gateway on another port sees the difference
  const value = (h: string) => (h === 'host' ? String(headers.host).replace(/:\d+$/, '') : String(headers[h] ?? '').trim());
  const canonicalHeaders = signed.map((h) => `${h}:${value(h)}\n`).join('');
  const canonical = [method, url.pathname, url.search.slice(1), canonicalHeaders, signedList, sha256(body)].join('\n');
  const toSign = ['TC3-HMAC-SHA256', String(headers['x-tc-timestamp']), `${date}/${service}/tc3_request`, sha256(canonical)].join('\n');
  const kSigning = hmac(hmac(hmac(`TC3${secret}`, date), service), 'tc3_request');
  return hmac(kSigning, toSign).toString('hex') === signature;
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startFakeSmsGateway(vendor: FakeVendor, keys: { keyId: string; secret: string }): Promise<FakeSmsGateway> {
  let next: FakeReply = { kind: 'accept' };
  const sockets = new Set<Socket>();
  const gateway: FakeSmsGateway = {
    url: '',
    received: [],
    lastRequestId: undefined,
    reply: (r) => {
      next = r;
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://fake');
      const method = req.method ?? 'GET';
      const signatureValid =
        vendor === 'aliyun'
          ? aliyunSignatureValid(method, url, req.headers, body, keys.keyId, keys.secret)
          : tencentSignatureValid(method, url, req.headers, body, keys.keyId, keys.secret);
      gateway.received.push({
        method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body,
        signatureValid,
      });
      const reply = next;
      if (reply.kind === 'hang') return;
      const requestId = randomUUID().toUpperCase();
      gateway.lastRequestId = requestId;
      if (vendor === 'aliyun') {
        if (!signatureValid)
          return json(res, 400, { Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched', RequestId: requestId });
        if (reply.kind === 'accept')
          return json(res, 200, { Code: 'OK', Message: 'OK', BizId: `9006197${Date.now()}`, RequestId: requestId });
        // a business refusal is HTTP 200 with the vendor's code; a malformed call HTTP 400
        return json(res, reply.kind === 'refuse' ? 200 : 400, { Code: reply.code, Message: reply.message, RequestId: requestId });
      }
      if (!signatureValid)
        return json(res, 200, {
          Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message: 'signature mismatch' }, RequestId: requestId },
        });
      if (reply.kind === 'error')
        return json(res, 200, { Response: { Error: { Code: reply.code, Message: reply.message }, RequestId: requestId } });
      const phone = (JSON.parse(body || '{}') as { PhoneNumberSet?: string[] }).PhoneNumberSet?.[0] ?? '';
      const status =
        reply.kind === 'accept'
          ? {
              SerialNo: `2433:${Date.now()}`,
              PhoneNumber: phone,
              Fee: 1,
              SessionContext: '',
              Code: 'Ok',
              Message: 'send success',
              IsoCode: 'CN',
            }
          : { SerialNo: '', PhoneNumber: phone, Fee: 0, SessionContext: '', Code: reply.code, Message: reply.message, IsoCode: 'CN' };
      return json(res, 200, { Response: { SendStatusSet: [status], RequestId: requestId } });
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  gateway.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return gateway;
}
