import type { z } from 'zod';

/**
 * One API call, declared once (ADR 0039): its method, its path below /prod-api, the zod schema the
 * server validates its input with, and the type of the `data` it answers. The server registers it
 * (`defineRoute({ endpoint, … })`, the handler must answer that type) and the web app calls it
 * (`call(endpoint, input)`, method, URL and answer type derived), so a changed path, input or
 * answer fails the type check on both sides.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/**
 * What the call answers: `json` an envelope around `data`; `file` a download (or an envelope on
 * failure); `upload` a multipart body in; `raw` a body of its own without the envelope, read by a
 * third-party component rather than the typed client (the captcha widget's challenge).
 */
export type EndpointKind = 'json' | 'file' | 'upload' | 'raw';

declare const answerType: unique symbol;
/** The type of the envelope's `data`, carried by the type only (nothing to validate at run time). */
export interface Answer<T> {
  readonly [answerType]?: T;
}
/** `output: answer<PageResult<PostView>>()` */
export const answer = <T>(): Answer<T> => ({});

export interface Endpoint<S extends z.ZodType | undefined = z.ZodType | undefined, O = unknown> {
  /** the method clients send */
  readonly method: HttpMethod;
  /** every method the server answers, in its order (an old path answering GET and POST alike); default `[method]` */
  readonly methods?: readonly HttpMethod[];
  /** below /prod-api, spelled as in the spec */
  readonly path: string;
  /** query and JSON body merged (the server matches field names case-insensitively) */
  readonly input: S;
  readonly output: Answer<O>;
  readonly kind: EndpointKind;
  /** the server module that answers it (`directory`, `exam-taking` …), stamped by `defineGroup` */
  readonly module?: ModuleName;
  /** its group inside the module, named like the server's sub-folder (`posts`, `resources` …) */
  readonly group?: string;
  /** its name in the group object (`getPostListPage`) */
  readonly name?: string;
}

// biome-ignore lint/suspicious/noExplicitAny: any endpoint, whatever its input and answer
export type AnyEndpoint = Endpoint<any, any>;

export function endpoint<O, S extends z.ZodType | undefined = undefined>(def: {
  /** default POST: the original system answers POST for all but a few calls */
  method?: HttpMethod;
  methods?: readonly HttpMethod[];
  path: string;
  input?: S;
  output: Answer<O>;
  kind?: EndpointKind;
}): Endpoint<S, O> {
  const { method = 'POST', methods, path, input, output, kind = 'json' } = def;
  return { method, ...(methods ? { methods } : {}), path, input: input as S, output, kind };
}

/**
 * An old path that answers GET and POST alike, as the original system's did; clients send `sends`:
 * `endpoint({ ...getAndPost('GET'), path, input, output })`.
 */
export const getAndPost = (sends: HttpMethod) => ({ method: sends, methods: ['GET', 'POST'] as const });

/** The input schema of an endpoint (undefined: it reads none). */
export type InputSchemaOf<E> = E extends Endpoint<infer S, unknown> ? S : never;
/** What the caller sends: the schema's input type (`void` when the endpoint reads none). */
export type InputOf<E> = E extends Endpoint<infer S, unknown> ? (S extends z.ZodType ? z.input<S> : undefined) : never;
/** The envelope's `data` the endpoint answers. */
export type OutputOf<E> = E extends Endpoint<z.ZodType | undefined, infer O> ? O : never;

/** A download: the handler writes the file itself; the web client saves it. */
export interface FileAnswer {
  readonly file: true;
}

/** A `raw` answer: the handler replies itself (no envelope), like a download. */
export type RawAnswer = FileAnswer;

/** One domain's endpoints, by name. */
export type EndpointGroup = Readonly<Record<string, AnyEndpoint>>;

/** The server's domain modules (server/src/modules/), which the contract is cut by. */
export const MODULE_NAMES = [
  'identity',
  'directory',
  'content',
  'courses',
  'projects',
  'exams',
  'exam-taking',
  'operations',
  'certificates',
] as const;
export type ModuleName = (typeof MODULE_NAMES)[number];

/**
 * A module's group of endpoints (one per server sub-folder): stamps each endpoint with its module,
 * group and name, which the web derives query keys and invalidation from (`[module, group, name,
 * input]`), so no one writes a key by hand.
 */
export function defineGroup<const G extends Record<string, AnyEndpoint>>(module: ModuleName, group: string, endpoints: G): G {
  for (const [name, e] of Object.entries(endpoints)) {
    if (e.module && (e.module !== module || e.group !== group || e.name !== name))
      throw new Error(`endpoint ${e.path} is in ${e.module}.${e.group}.${e.name} already`);
    Object.assign(e, { module, group, name });
  }
  return endpoints;
}
