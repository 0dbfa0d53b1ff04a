// What a failed query may put in the error log: the SQL text and the database's code and reason,
// never the parameter values (they hold people's names, ID numbers and phones).

interface QueryLikeError {
  query?: unknown;
  params?: unknown;
  cause?: unknown;
}

/** An error object for pino without parameter values of failed queries. */
export function loggableError(err: Error): { type: string; message: string; stack: string; [key: string]: unknown } {
  const q = err as Error & QueryLikeError;
  if (q.params === undefined && typeof q.query !== 'string') return { type: err.name, message: err.message, stack: err.stack ?? '' };
  // the database's own message may quote a value too ('invalid input syntax …: "…"'): code only
  const cause = q.cause as { code?: string; routine?: string; constraint?: string } | undefined;
  return {
    type: err.name,
    // drizzle's message repeats the parameter values after "params:"
    message: err.message.split('\nparams:')[0],
    // the stack's first line repeats the message (and so the values): frames only
    stack: (err.stack ?? '')
      .split('\n')
      .filter((line) => line.startsWith('    at '))
      .join('\n'),
    query: typeof q.query === 'string' ? q.query : undefined,
    paramCount: Array.isArray(q.params) ? q.params.length : undefined,
    cause: cause ? { code: cause.code, routine: cause.routine, constraint: cause.constraint } : undefined,
  };
}
