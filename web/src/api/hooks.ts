// The generic hooks over the contract's endpoints (ADR 0053): a page reads with
// `useCall(endpoint, input)` and writes with `useCallMutation(endpoint)`; the query key is derived
// from the endpoint (`[module, group, name, input]`, stamped by the contract's `defineGroup`), and a
// write invalidates its module's reads unless told otherwise. No wrapper or key file per domain.
import {
  type QueryClient,
  type QueryKey,
  type UseMutationOptions,
  type UseQueryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { AnyEndpoint, EndpointGroup, Envelope, InputOf, ModuleName, OutputOf } from '@xuetu/contract';
import { type CallInput, call, callEnvelope } from './client';
import type { RequestConfig } from './http';

/** The key of every read of an endpoint (any input): `[module, group, name]`. */
export function endpointKey(endpoint: AnyEndpoint): readonly [ModuleName, string, string] {
  if (!endpoint.module || !endpoint.group || !endpoint.name) throw new Error(`endpoint ${endpoint.path} has no module (defineGroup)`);
  return [endpoint.module, endpoint.group, endpoint.name];
}

/** The key of one read: `[module, group, name, input]` (`[module, group, name]` without input). */
export function callKey(endpoint: AnyEndpoint, input?: unknown): QueryKey {
  return input === undefined ? endpointKey(endpoint) : [...endpointKey(endpoint), input];
}

/** The key prefix of a whole endpoint group (`[module, group]`), e.g. `{ key: groupKey(learnstatsApi) }`. */
export function groupKey(group: EndpointGroup): QueryKey {
  const first = Object.values(group)[0];
  return first ? endpointKey(first).slice(0, 2) : [];
}

/** What a write invalidates: a module's reads, an endpoint's reads (any input), or one key prefix. */
export type Invalidation = ModuleName | AnyEndpoint | { readonly key: QueryKey };

function prefixOf(target: Invalidation): QueryKey {
  if (typeof target === 'string') return [target];
  if ('key' in target) return target.key;
  return endpointKey(target);
}

/** Invalidates the reads of modules or endpoints (all at once; resolves when refetched). */
export function invalidateCalls(qc: QueryClient, ...targets: Invalidation[]): Promise<void> {
  return Promise.all(targets.map((t) => qc.invalidateQueries({ queryKey: prefixOf(t) }))).then(() => undefined);
}

/** `invalidate(…targets)` bound to the app's query client, for a page that writes through `call`. */
export function useInvalidate(): (...targets: Invalidation[]) => Promise<void> {
  const qc = useQueryClient();
  return (...targets) => invalidateCalls(qc, ...targets);
}

export type CallOptions<T, D = T> = Omit<UseQueryOptions<T, Error, D>, 'queryKey' | 'queryFn'> & {
  /** request options (silent, dedupe …) */
  config?: RequestConfig;
};

/**
 * Reads an endpoint (TanStack Query `useQuery`) under `callKey(endpoint, input)`. No abort signal
 * is passed, so an answer prefetched by index.html's inline script (prefetch.ts) is still taken.
 */
export function useCall<E extends AnyEndpoint, I = undefined, D = OutputOf<E>>(
  endpoint: E,
  input?: CallInput<E, I>,
  options: CallOptions<OutputOf<E>, D> = {},
) {
  const { config, ...query } = options;
  return useQuery<OutputOf<E>, Error, D>({
    ...query,
    queryKey: callKey(endpoint, input),
    queryFn: () => call(endpoint, input, config),
  });
}

/**
 * `useCall` resolving with the whole envelope (a page that shows the server's msg, or a refusal
 * as its own state); keyed apart from `useCall`'s data under `[...callKey, 'envelope']`.
 */
export function useCallEnvelope<E extends AnyEndpoint, I = undefined>(
  endpoint: E,
  input?: CallInput<E, I>,
  options: CallOptions<Envelope<OutputOf<E>>> = {},
) {
  const { config, ...query } = options;
  return useQuery<Envelope<OutputOf<E>>, Error>({
    ...query,
    queryKey: callKey(endpoint, input).concat('envelope'),
    queryFn: () => callEnvelope(endpoint, input, config),
  });
}

/** What `mutate` takes: the endpoint's input (nothing when it reads none). */
// biome-ignore lint/suspicious/noConfusingVoidType: void lets `mutate()` be called without an argument
export type MutationInput<E extends AnyEndpoint> = InputOf<E> extends undefined ? void : InputOf<E>;

export type CallMutationOptions<V, R> = Omit<UseMutationOptions<R, Error, V>, 'mutationFn'> & {
  /** what a success invalidates: default the endpoint's module; `[]` nothing */
  invalidates?: readonly Invalidation[];
  /** request options (silent, dedupe …) */
  config?: RequestConfig;
};

/**
 * Writes through an endpoint (TanStack Query `useMutation`). On success it invalidates the
 * endpoint's module (or `invalidates`) and then runs the caller's `onSuccess`; the refetch is not
 * awaited, so the page closes its dialog as soon as the write is answered.
 */
export function useCallMutation<E extends AnyEndpoint, V = MutationInput<E>>(
  endpoint: E,
  options: CallMutationOptions<V, OutputOf<E>> = {},
) {
  return useWrite<V, OutputOf<E>>(endpoint, options, (input, config) => call(endpoint, input as CallInput<E, never>, config));
}

/** `useCallMutation` resolving with the whole envelope (a page that shows the server's msg). */
export function useCallEnvelopeMutation<E extends AnyEndpoint, V = MutationInput<E>>(
  endpoint: E,
  options: CallMutationOptions<V, Envelope<OutputOf<E>>> = {},
) {
  return useWrite<V, Envelope<OutputOf<E>>>(endpoint, options, (input, config) =>
    callEnvelope(endpoint, input as CallInput<E, never>, config),
  );
}

function useWrite<V, R>(endpoint: AnyEndpoint, options: CallMutationOptions<V, R>, send: (input: V, config?: RequestConfig) => Promise<R>) {
  const qc = useQueryClient();
  const { invalidates, config, onSuccess, ...mutation } = options;
  return useMutation<R, Error, V>({
    ...mutation,
    mutationFn: (input: V) => send(input, config),
    onSuccess: (...args) => {
      void invalidateCalls(qc, ...(invalidates ?? [endpointKey(endpoint)[0]]));
      return onSuccess?.(...args);
    },
  });
}
