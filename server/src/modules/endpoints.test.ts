import { type AnyEndpoint, allEndpoints } from '@xuetu/contract';
import { describe, expect, it } from 'vitest';
import { allRoutes } from './index.ts';

// ADR 0039, ADR 0045: every call is declared once in the contract (contract/src/endpoints) and
// registered from there. A route spelled by hand (method and url in its routes file) must be listed
// below, and the list can only shrink: a new route gets an endpoint.

/** Not envelope calls of the web app: probes, a development helper, signed file and media links, the tus protocol. */
const CANNOT_BE_ENDPOINTS: readonly string[] = [
  'GET /__dev/sms',
  // browser navigations answering redirects (OpenID Connect), one with a path parameter
  'GET /auth/oidc/:id/start',
  'GET /auth/oidc/callback',
  'GET /files/*',
  'GET /health',
  'GET /media/play/*',
  'GET /ready',
  'POST,PATCH,HEAD,DELETE /media/upload',
  'POST,PATCH,HEAD,DELETE /media/upload/*',
];

const label = (methods: string | readonly string[], url: string) => `${[methods].flat().join(',')} ${url}`;

describe('contract endpoints and registered routes (ADR 0039)', () => {
  const contract = Object.entries(allEndpoints).flatMap(([domain, group]) =>
    Object.entries(group).map(([name, endpoint]) => ({ name: `${domain}.${name}`, endpoint: endpoint as AnyEndpoint })),
  );

  it('registers every contract endpoint exactly once', () => {
    const unregistered: string[] = [];
    const twice: string[] = [];
    for (const { name, endpoint } of contract) {
      const count = allRoutes.filter((r) => r.endpoint === endpoint).length;
      if (count === 0) unregistered.push(name);
      if (count > 1) twice.push(name);
    }
    expect({ unregistered, twice }).toEqual({ unregistered: [], twice: [] });
  });

  it('registers no endpoint that is missing from allEndpoints', () => {
    const known = new Set(contract.map((c) => c.endpoint));
    const strays = allRoutes.filter((r) => r.endpoint && !known.has(r.endpoint)).map((r) => label(r.method, r.url));
    expect(strays).toEqual([]);
  });

  it('declares each path once', () => {
    const paths = contract.map((c) => c.endpoint.path.toLowerCase());
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
  });

  it('gives every route an endpoint, but the listed exceptions (a list that only shrinks)', () => {
    const byHand = allRoutes
      .filter((r) => !r.endpoint)
      .map((r) => label(r.method, r.url))
      .sort();
    expect(byHand).toEqual([...CANNOT_BE_ENDPOINTS].sort());
  });
});
