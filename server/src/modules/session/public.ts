// What other modules may use of sessions: opening one, and why a person may not sign in.
export { openSession, signInRefusal } from './service.ts';
