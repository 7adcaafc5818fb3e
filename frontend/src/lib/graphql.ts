import { clearB2BToken, getB2BToken } from './session';

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

  constructor(
    message: string,
    options: {
      code?: GraphQLErrorCode;
      fields?: Record<string, readonly string[]>;
      fieldCodes?: FieldCodes;
      errors?: readonly GraphQLErrorEntry[];
      cause?: unknown;
    } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = options.code;
    this.fields = options.fields ?? {};
    this.fieldCodes = options.fieldCodes ?? {};
    this.errors = options.errors ?? [];
  }

  get isNetworkError(): boolean {
    return this.code === NETWORK_ERROR_CODE;
  }
}

/** A GraphQL document tagged with the shapes of its result and variables. */
export interface GraphQLOperation<TData, TVariables> {
  readonly document: string;
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

export interface GraphQLClient {
  request<TData, TVariables>(operation: GraphQLOperation<TData, TVariables>, ...args: RequestArgs<TVariables>): Promise<TData>;
}

export interface GraphQLClientOptions {
  apiOrigin: string;
  /** shell §8 40101: the token is already cleared; redirect to login and show `error.message`. */
  onSessionExpired(error: GraphQLRequestError): void;
  /** Any other failure, unless the caller suppressed it: show an error toast. */
  onError(error: GraphQLRequestError): void;
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

function errorFromEntries(entries: readonly GraphQLErrorEntry[]): GraphQLRequestError {
  const [first] = entries;
  return new GraphQLRequestError(first?.message ?? '', {
    code: first?.extensions?.code,
    fields: fieldMap(first?.extensions?.fields, isString, ''),
    fieldCodes: fieldMap(first?.extensions?.fieldCodes, isString, null),
    errors: entries,
  });
}

function isResponseBody(value: unknown): value is GraphQLResponseBody<unknown> {
  return typeof value === 'object' && value !== null && ('data' in value || 'errors' in value);
}

/** Never settles: shell §8 says a request that hit an expired session never resolves. */
function never<T>(): Promise<T> {
  return new Promise<T>(() => undefined);
}

export function createGraphQLClient(options: GraphQLClientOptions): GraphQLClient {
  const endpoint = `${options.apiOrigin.replace(/\/+$/, '')}/graphql`;
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));

  async function send<TData>(document: string, variables: unknown, signal: AbortSignal | undefined, token: string | null): Promise<TData> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;

    let response: Response;
    let body: unknown;
    try {
      response = await fetchImpl(endpoint, {
        method: 'POST',
        headers,
        body: JSON.stringify({ query: document, variables: variables ?? {} }),
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
    if (body.errors && body.errors.length > 0) throw errorFromEntries(body.errors);
    if (body.data === undefined || body.data === null) {
      throw new GraphQLRequestError(`Unexpected response (HTTP ${response.status})`, { code: NETWORK_ERROR_CODE });
    }
    return body.data as TData;
  }

  return {
    async request<TData, TVariables>(operation: GraphQLOperation<TData, TVariables>, ...args: RequestArgs<TVariables>): Promise<TData> {
      const [variables, requestOptions] = args as [TVariables | undefined, RequestOptions | undefined];
      const sessionToken = getB2BToken();
      const token = requestOptions?.token ?? sessionToken;
      try {
        return await send<TData>(operation.document, variables, requestOptions?.signal, token);
      } catch (error) {
        if (!(error instanceof GraphQLRequestError)) throw error;
        if (error.code === SESSION_EXPIRED_CODE) {
          // A token passed explicitly is not the session's: its caller decides what the failure means.
          if (requestOptions?.token !== undefined) throw error;
          // Several requests may fail together; only the first one (whose token is still current) reports it.
          const firstToNotice = getB2BToken() === sessionToken;
          if (firstToNotice) clearB2BToken({ reason: 'expired' });
          if (requestOptions?.sessionExpired === 'reject') throw error;
          if (firstToNotice) options.onSessionExpired(error);
          return never<TData>();
        }
        if (!requestOptions?.suppressErrorToast) options.onError(error);
        throw error;
      }
    },
  };
}
