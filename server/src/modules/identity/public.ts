// The public surface of the identity module (ADR 0027): what other modules may use of it.

// What other modules may use of account: the brute-force guard around a credential check.
export { guarded } from './account/guard.ts';
// What other modules may use of sessions: opening one, and why a person may not sign in.
export { openSession, signInRefusal } from './session/session.service.ts';
