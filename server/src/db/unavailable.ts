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

/**
 * SQLSTATEs that say the server will not serve us right now, whatever the query:
 * class 08 (connection exception), 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot
 * connect now (starting up, shutting down, in recovery), 57P04 database dropped, 57P05 idle
 * session timeout, 53300 too many connections (server, database or role limit).
 */
function unavailableSqlState(code: string): boolean {
  return code.startsWith('08') || /^57P0[1-5]$/.test(code) || code === '53300';
}

function isUnavailableOne(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const code = String((err as { code?: unknown }).code ?? '');
  if (NETWORK_CODES.has(code) || unavailableSqlState(code)) return true;
  // 55000 (object not in prerequisite state) as a FATAL at connection start: "database … is not
  // currently accepting connections" (ALLOW_CONNECTIONS false during maintenance). The same code as
  // an ERROR of one statement (currval before nextval, a table in use) is a bug: it stays a 500.
  if (code === '55000' && (err as { severity?: unknown }).severity === 'FATAL') return true;
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

/**
 * True when `err` (or an error it wraps) is SQLSTATE 22003, a number outside its column's range:
 * an id or filter the contract lets through (any safe integer) meets an `integer` column. The
 * caller sent bad input; writes run in `inTransaction`, which rolls back with the failed statement
 * (the bad-input walk checks a few such writes leave every table as it was).
 */
export function isNumberOutOfRange(err: unknown): boolean {
  let cur: unknown = err;
  for (let depth = 0; cur && typeof cur === 'object' && depth < 5; depth++) {
    if ((cur as { code?: unknown }).code === '22003') return true;
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
