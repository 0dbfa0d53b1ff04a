import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isNumberOutOfRange } from './unavailable.ts';

// Issue 22 item 6: every "the database will not serve us now" answer of PostgreSQL is a 503 (the
// client may retry), and only those: a wrong statement stays a 500. The errors are built as the
// pg driver builds them from the server's ErrorResponse (code, severity, message).
function serverError(code: string, severity: string, message: string): pg.DatabaseError {
  const err = new pg.DatabaseError(message, message.length, 'error');
  err.code = code;
  err.severity = severity;
  return err;
}

describe('isDatabaseUnavailable', () => {
  // an outage (true) or a failed statement (false), alone and wrapped in a query error
  it.each([
    ['08006', 'FATAL', 'connection failure', true],
    ['08001', 'FATAL', 'could not establish connection', true],
    ['57P01', 'FATAL', 'terminating connection due to administrator command', true],
    ['57P02', 'FATAL', 'terminating connection because of crash of another server process', true],
    ['57P03', 'FATAL', 'the database system is shutting down', true],
    ['57P03', 'FATAL', 'the database system is not yet accepting connections', true],
    ['57P04', 'FATAL', 'database "xuetu" does not exist anymore', true],
    ['57P05', 'FATAL', 'terminating connection due to idle-session timeout', true],
    ['53300', 'FATAL', 'sorry, too many clients already', true],
    ['53300', 'FATAL', 'too many connections for role "xuetu"', true],
    ['55000', 'FATAL', 'database "xuetu" is not currently accepting connections', true],
    ['55000', 'ERROR', 'currval of sequence "x_id_seq" is not yet defined in this session', false],
    ['22003', 'ERROR', 'value "2147483648" is out of range for type integer', false],
    ['22P05', 'ERROR', 'unsupported Unicode escape sequence', false],
    ['23505', 'ERROR', 'duplicate key value violates unique constraint "x"', false],
    ['57014', 'ERROR', 'canceling statement due to statement timeout', false],
    ['53100', 'ERROR', 'could not extend file: No space left on device', false],
  ] as const)('%s (%s: %s) is unavailable: %s', (code, severity, message, unavailable) => {
    const err = serverError(code, severity, message);
    expect(isDatabaseUnavailable(err)).toBe(unavailable);
    expect(isDatabaseUnavailable(new DrizzleQueryError('select 1', [], err))).toBe(unavailable);
  });

  it('tells a number out of its column range (22003) from other failures', () => {
    const range = serverError('22003', 'ERROR', 'value "2147483648" is out of range for type integer');
    expect(isNumberOutOfRange(new DrizzleQueryError('select 1', [], range))).toBe(true);
    expect(isDatabaseUnavailable(range)).toBe(false);
    expect(isNumberOutOfRange(serverError('23505', 'ERROR', 'duplicate key'))).toBe(false);
    expect(isNumberOutOfRange(new Error('plain'))).toBe(false);
  });

  it('recognises refused and lost connections of the network and the pool', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('something else broke'))).toBe(false);
  });
});
