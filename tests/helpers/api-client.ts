import http from 'node:http';

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
  /** The local address the connection comes from (any 127.x.y.z on Linux loopback): another client, to the server. */
  localAddress?: string;
}

/** One HTTP request over a connection from `localAddress` (fetch cannot choose it without undici's Agent). */
function requestFrom(
  localAddress: string,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
): Promise<{ status: number; text: string; headers: Headers }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: init.method, headers: init.headers, localAddress, agent: false });
    request.on('error', reject);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          for (const one of Array.isArray(value) ? value : [value ?? '']) headers.append(name, one);
        }
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), headers });
      });
    });
    request.end(init.body);
  });
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
  const init = { method, headers, body };
  const response = options.localAddress
    ? await requestFrom(options.localAddress, `${baseUrl}${path}`, init)
    : await fetch(`${baseUrl}${path}`, init).then(async (answer) => ({
        status: answer.status,
        text: await answer.text(),
        headers: answer.headers,
      }));
  const { text } = response;
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}
