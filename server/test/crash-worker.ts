import { serveOffLoop } from '../src/platform/off-loop.ts';

// A worker module for the crash tests (never part of the server): 'exit' ends the worker's thread
// as an abort would, 'throw' throws outside any read (the worker's 'error'), a file's bytes
// (an object) end it too; any other string is answered.
serveOffLoop((input: unknown) => {
  if (input === 'exit' || typeof input !== 'string') process.exit(1);
  if (input === 'throw') {
    setImmediate(() => {
      throw new Error('the reader broke');
    });
    return new Promise(() => {});
  }
  return `read ${input}`;
});
