export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  token?: string;
  customerId?: string;
  body?: unknown;
  /** Sent as is, instead of JSON.stringify(body). */
  rawBody?: string;
  headers?: Record<string, string>;
}

/** Calls the API over real HTTP the way the browser client does (spec §7 headers). */
export async function call<T = any>(
  baseUrl: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'X-Api-Version': '2.2',
    ...options.headers,
  };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.customerId) headers.CustomerId = options.customerId;
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}
