// The public surface of the identity module (ADR 0027): what other modules may use of it.
// Identity's kernel: the request's session (looked up by its token, renewed as it is used) and
// actor (the directory's readActorData, cached), for the composition root (app.ts); whether a
// session is still live (links issued to a session, courses' media); ending the sessions of people
// whose access the directory ended (the `directory.accessEnded` event, wired in modules/index.ts).
// Sign-in and the account calls are used through their routes. The first platform administrator's
// set-up is for `npm run admin:create` (db/admin-create.ts) and the start log.
export { createFirstAdmin, FirstAdminRefused, platformAdminState } from './account/first-admin.ts';
export { loadActor } from './session/actor.ts';
export { endSessionsOf, resolveSession, sessionAlive, tokenFromHeaders } from './session/sessions.ts';
