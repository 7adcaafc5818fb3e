import { announceQuoteDraftChanged, quoteDraftMutationOf } from './quoteDraftEvents';
import { clearB2BToken, getB2BToken } from './session';
import { cartProxyTarget } from './storefrontPlatform';
import { storefrontTokenHeaders } from './storefrontTokenHeader';

/** shell §8: the session expired or the token is missing/revoked. */
export const SESSION_EXPIRED_CODE = 40101;
/** The request never produced a GraphQL response (offline, CORS, server down, not JSON). */
export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';

export type GraphQLErrorCode = string | number;

export interface GraphQLErrorEntry {
  message: string;
  path?: readonly (string | number)[];
  extensions?: {
    code?: GraphQLErrorCode;
    fields?: Record<string, readonly string[]>;
    /** Beside each field's messages, their codes in the same order (null where a message has none; docs/api.md). */
    fieldCodes?: Record<string, readonly (string | null)[]>;
    [key: string]: unknown;
  };
}

/** Field → its errors' codes, index for index with `fields` (null: that message has no code). */
export type FieldCodes = Readonly<Record<string, readonly (string | null)[]>>;

/**
 * A failed operation: the first error's message, its `extensions.code`, and for validation the field messages
 * (`extensions.fields`, English) and their codes (`extensions.fieldCodes`), which the overlay translates by
 * (lib/fieldErrors.ts).
 */
export class GraphQLRequestError extends Error {
  override readonly name = 'GraphQLRequestError';
  readonly code: GraphQLErrorCode | undefined;
  readonly fields: Readonly<Record<string, readonly string[]>>;
  readonly fieldCodes: FieldCodes;
  readonly errors: readonly GraphQLErrorEntry[];
  /** The answer's `data` that came with the errors (a partial result), else null. */
  readonly data: unknown;

  constructor(
    message: string,
    options: {
      code?: GraphQLErrorCode;
      fields?: Record<string, readonly string[]>;
      fieldCodes?: FieldCodes;
      errors?: readonly GraphQLErrorEntry[];
      data?: unknown;
      cause?: unknown;
    } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = options.code;
    this.fields = options.fields ?? {};
    this.fieldCodes = options.fieldCodes ?? {};
    this.errors = options.errors ?? [];
    this.data = options.data ?? null;
  }

  get isNetworkError(): boolean {
    return this.code === NETWORK_ERROR_CODE;
  }
}

/** A GraphQL document tagged with the shapes of its result and variables. */
export interface GraphQLOperation<TData, TVariables> {
  readonly document: string;
  /**
   * A storefront cart operation (lib/storefrontCart.ts cartOperation): on a channel whose storefront is not the
   * built-in shop it goes through the server's proxy, POST /api/v2/proxy/graphql (issue 22).
   */
  readonly storefrontCart?: boolean;
  /** Type-only marker; never set. */
  readonly __shape?: (variables: TVariables) => TData;
}

type NoVariables = Record<string, never>;

/**
 * A document with its generated types (src/lib/graphqlTypes.generated.ts):
 * `graphqlOperation<NameQuery, NameQueryVariables>(/* GraphQL *\/ \`query Name …\`)`. `npm run codegen` checks the
 * pairing and validates the document against schema.graphql.
 */
export function graphqlOperation<TData, TVariables = NoVariables>(document: string): GraphQLOperation<TData, TVariables> {
  return { document };
}

/** A `JSON` scalar's value where the schema promises an object: the object, or {} for anything else. */
export function jsonObject(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export interface RequestOptions {
  /** The caller shows the error itself (inline); no error toast. */
  suppressErrorToast?: boolean;
  signal?: AbortSignal;
  /** Send this token instead of the session's (a sign-in that is not finished yet). */
  token?: string;
  /**
   * On 40101: 'redirect' (default, shell §8) reports the expired session and never settles; 'reject' only clears
   * the token and rejects, for callers that must go on (start-up continues as a guest).
   */
  sessionExpired?: 'redirect' | 'reject';
}

type RequestArgs<TVariables> = [TVariables] extends [NoVariables]
  ? [variables?: TVariables, options?: RequestOptions]
  : [variables: TVariables, options?: RequestOptions];

/** What `requestPartial` answers: the data, and the root fields that failed on their own. */
export interface PartialAnswer<TData> {
  /** Null when a non-null root field failed: GraphQL then nulls the whole answer. */
  data: TData | null;
  /** The failed root fields' errors by response key (the alias, else the field's name). */
  fieldErrors: Readonly<Record<string, GraphQLRequestError>>;
}

export interface GraphQLClient {
  request<TData, TVariables>(operation: GraphQLOperation<TData, TVariables>, ...args: RequestArgs<TVariables>): Promise<TData>;
  /**
   * An operation of several root fields whose failures are told apart (the start-up, issue 21). Errors at a root
   * field's path do not fail the call: each is handled as `request` handles a failure (40101 per `sessionExpired`,
   * others a toast unless suppressed) and returned in `fieldErrors`. A failure of the whole operation (network,
   * validation, limits) rejects as `request` does.
   */
  requestPartial<TData, TVariables>(operation: GraphQLOperation<TData, TVariables>, ...args: RequestArgs<TVariables>): Promise<PartialAnswer<TData>>;
}

export interface GraphQLClientOptions {
  apiOrigin: string;
  /** shell §8 40101: the token is already cleared; redirect to login and show `error.message`. */
  onSessionExpired(error: GraphQLRequestError): void;
  /** Any other failure, unless the caller suppressed it: show an error toast. */
  onError(error: GraphQLRequestError): void;
  /**
   * The portal's language, sent as Accept-Language: the API answers the catalog's translated texts (option names and
   * values) in it. Without it the browser's own Accept-Language goes, which may name another language.
   */
  language?: () => string;
  fetch?: typeof fetch;
}

interface GraphQLResponseBody<TData> {
  data?: TData | null;
  errors?: GraphQLErrorEntry[];
}

/**
 * A field map of the answer (`fields`, `fieldCodes`) as far as it has the documented shape: an object of arrays.
 * Anything else is left out (not an object: no fields; a field without an array: not there), and an item of the
 * wrong kind becomes `missing`, so that messages and codes stay index for index.
 */
function fieldMap<Item, Missing>(value: unknown, isItem: (item: unknown) => item is Item, missing: Missing): Record<string, (Item | Missing)[]> {
  const entries = Object.entries(jsonObject(value)).filter((entry): entry is [string, unknown[]] => Array.isArray(entry[1]));
  return Object.fromEntries(entries.map(([field, items]) => [field, items.map((item) => (isItem(item) ? item : missing))]));
}

const isString = (item: unknown): item is string => typeof item === 'string';

function errorFromEntries(entries: readonly GraphQLErrorEntry[], data: unknown = null): GraphQLRequestError {
  const [first] = entries;
  return new GraphQLRequestError(first?.message ?? '', {
    code: first?.extensions?.code,
    fields: fieldMap(first?.extensions?.fields, isString, ''),
    fieldCodes: fieldMap(first?.extensions?.fieldCodes, isString, null),
    errors: entries,
    data,
  });
}

/** The errors of a partial result by the root field they happened in; null when there are none or one has no path. */
function errorsByRootField(error: GraphQLRequestError): Record<string, GraphQLRequestError> | null {
  if (error.errors.length === 0) return null;
  const groups = new Map<string, GraphQLErrorEntry[]>();
  for (const entry of error.errors) {
    const key = entry.path?.[0];
    if (key === undefined) return null;
    groups.set(String(key), [...(groups.get(String(key)) ?? []), entry]);
  }
  return Object.fromEntries([...groups].map(([key, entries]) => [key, errorFromEntries(entries)]));
}

function isResponseBody(value: unknown): value is GraphQLResponseBody<unknown> {
  return typeof value === 'object' && value !== null && ('data' in value || 'errors' in value);
}

/** Never settles: shell §8 says a request that hit an expired session never resolves. */
function never<T>(): Promise<T> {
  return new Promise<T>(() => undefined);
}

export function createGraphQLClient(options: GraphQLClientOptions): GraphQLClient {
  const apiOrigin = options.apiOrigin.replace(/\/+$/, '');
  const endpoint = `${apiOrigin}/graphql`;
  const proxyEndpoint = `${apiOrigin}/api/v2/proxy/graphql`;
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));

  async function send<TData>(operation: Pick<GraphQLOperation<unknown, unknown>, 'document' | 'storefrontCart'>, variables: unknown, signal: AbortSignal | undefined, token: string | null): Promise<TData> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json', ...storefrontTokenHeaders() };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (options.language) headers['Accept-Language'] = options.language();
    // shell §7 proxy: the bearer token when there is one, else the store and channel it acts for.
    const proxy = operation.storefrontCart ? cartProxyTarget() : null;
    const payload: Record<string, unknown> = { query: operation.document, variables: variables ?? {} };
    if (proxy && !token) Object.assign(payload, proxy);

    let response: Response;
    let body: unknown;
    try {
      response = await fetchImpl(proxy ? proxyEndpoint : endpoint, {
        method: 'POST',
        headers,
        body: JSON.stringify(payload),
        signal,
      });
      body = await response.json();
    } catch (cause) {
      if (signal?.aborted) throw cause;
      throw new GraphQLRequestError('Network error', { code: NETWORK_ERROR_CODE, cause });
    }

    if (!isResponseBody(body)) {
      throw new GraphQLRequestError(`Unexpected response (HTTP ${response.status})`, { code: NETWORK_ERROR_CODE });
    }
    if (body.errors && body.errors.length > 0) throw errorFromEntries(body.errors, body.data);
    if (body.data === undefined || body.data === null) {
      throw new GraphQLRequestError(`Unexpected response (HTTP ${response.status})`, { code: NETWORK_ERROR_CODE });
    }
    const draftChange = quoteDraftMutationOf(operation.document);
    if (draftChange) announceQuoteDraftChanged({ operation: draftChange });
    return body.data as TData;
  }

  /** What a failure does: the promise the request answers with (rejected, or never settling on 40101, shell §8). */
  function failed<TData>(error: unknown, requestOptions: RequestOptions | undefined, sessionToken: string | null): Promise<TData> {
    if (!(error instanceof GraphQLRequestError)) return Promise.reject(error);
    if (error.code === SESSION_EXPIRED_CODE) {
      // A token passed explicitly is not the session's: its caller decides what the failure means.
      if (requestOptions?.token !== undefined) return Promise.reject(error);
      // Several requests may fail together; only the first one (whose token is still current) reports it.
      const firstToNotice = getB2BToken() === sessionToken;
      if (firstToNotice) clearB2BToken({ reason: 'expired' });
      if (requestOptions?.sessionExpired === 'reject') return Promise.reject(error);
      if (firstToNotice) options.onSessionExpired(error);
      return never<TData>();
    }
    if (!requestOptions?.suppressErrorToast) options.onError(error);
    return Promise.reject(error);
  }

  return {
    async request<TData, TVariables>(operation: GraphQLOperation<TData, TVariables>, ...args: RequestArgs<TVariables>): Promise<TData> {
      const [variables, requestOptions] = args as [TVariables | undefined, RequestOptions | undefined];
      const sessionToken = getB2BToken();
      const token = requestOptions?.token ?? sessionToken;
      try {
        return await send<TData>(operation, variables, requestOptions?.signal, token);
      } catch (error) {
        return failed<TData>(error, requestOptions, sessionToken);
      }
    },

    async requestPartial<TData, TVariables>(operation: GraphQLOperation<TData, TVariables>, ...args: RequestArgs<TVariables>): Promise<PartialAnswer<TData>> {
      const [variables, requestOptions] = args as [TVariables | undefined, RequestOptions | undefined];
      const sessionToken = getB2BToken();
      const token = requestOptions?.token ?? sessionToken;
      try {
        return { data: await send<TData>(operation, variables, requestOptions?.signal, token), fieldErrors: {} };
      } catch (error) {
        const fieldErrors = error instanceof GraphQLRequestError ? errorsByRootField(error) : null;
        if (!(error instanceof GraphQLRequestError) || !fieldErrors) return failed<PartialAnswer<TData>>(error, requestOptions, sessionToken);
        for (const fieldError of Object.values(fieldErrors)) void failed(fieldError, requestOptions, sessionToken).catch(() => undefined);
        return { data: (error.data ?? null) as TData | null, fieldErrors };
      }
    },
  };
}
