// Every endpoint of the API, one object per domain (ADR 0039). A new domain's object is added to
// `allEndpoints` too: the server's test checks each of them is registered exactly once.
import type { EndpointGroup } from '../endpoint.ts';
import { postsApi } from './posts.ts';

export { postsApi };

export const allEndpoints: Readonly<Record<string, EndpointGroup>> = {
  posts: postsApi,
};
