// The paths open without a token (spec portal-and-learner §2, route guard and session), in one
// place: the route guard (guard.ts) opens them, and the inline prefetch (api/prefetch.ts, also
// read at build time) asks nothing of the session on them.
export const WHITE_LIST = [
  '/home',
  '/login',
  '/auth-redirect',
  '/register',
  '/company',
  '/502',
  '/viewnoticeitem',
  '/infonoticelist',
  '/ohrlogin',
];
