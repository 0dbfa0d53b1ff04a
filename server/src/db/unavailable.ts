// Errors that mean "the database cannot be reached right now" rather than "this query is wrong":
// they answer 503 (the client may retry) and never take the process down.

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
const CONNECTION_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended|Cannot use a pool after calling end/i;

function isUnavailableOne(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const code = String((err as { code?: unknown }).code ?? '');
  // SQLSTATE class 08 (connection exception), 57P01–57P03 (shutdown, crash, cannot connect now)
  if (NETWORK_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code)) return true;
  return CONNECTION_MESSAGES.test(String((err as { message?: unknown }).message ?? ''));
}

/** True when `err` (or an error it wraps, e.g. drizzle's query error) is a lost or refused connection. */
export function isDatabaseUnavailable(err: unknown): boolean {
  let cur: unknown = err;
  for (let depth = 0; cur && depth < 5; depth++) {
    if (isUnavailableOne(cur)) return true;
    const agg = (cur as { errors?: unknown }).errors;
    if (Array.isArray(agg) && agg.some(isUnavailableOne)) return true;
    cur = (cur as { cause?: unknown }).cause;
  }
  return false;
}

/** One readable reason for a start-up log line. */
export function describeConnectionError(err: unknown): string {
  const e = err as { code?: string; message?: string; errors?: { message?: string }[] };
  const msg = e?.message || e?.errors?.map((x) => x.message).join('; ') || String(err);
  return e?.code && !msg.includes(e.code) ? `${e.code} ${msg}` : msg;
}
