// The public surface of the identity module (ADR 0027): what other modules may use of it.
// Sign-in, sessions and the account calls are used through their routes only (the request's
// session lookup is platform/sessions.ts). The first platform administrator's set-up is for
// `npm run admin:create` (db/admin-create.ts) and the start log.
export { createFirstAdmin, FirstAdminRefused, platformAdminState } from './account/first-admin.ts';
