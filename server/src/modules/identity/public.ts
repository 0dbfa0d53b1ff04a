// The public surface of the identity module (ADR 0027): what other modules may use of it.
// Nothing: sign-in, sessions and the account calls are used through their routes only (the
// request's session lookup is platform/sessions.ts).
export {};
