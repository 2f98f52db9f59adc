/**
 * A minimal HTTP session for talking to a running emulator from tests and scripts: fetches a
 * token once and sends JSON. Not a product client (no retries): it shows the wire as it is.
 */

/** One HTTP answer, body parsed as JSON when possible. */
export interface HttpAnswer<Body = unknown> {
  status: number;
  body: Body;
  headers: Headers;
}

/** Credentials of the emulator's default client. */
export const DEFAULT_CREDENTIALS = { clientId: "idgov-emulator", clientSecret: "emulator-secret" } as const;

/** Sends one request and parses the JSON answer (the raw text when it is not JSON). */
export async function sendRequest(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<HttpAnswer> {
  const response = await fetch(url, init);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === "" ? null : JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, body, headers: response.headers };
}

/** Requests a token with the client-credentials form body. */
export async function requestToken(
  baseUrl: string,
  credentials: { clientId: string; clientSecret: string } = DEFAULT_CREDENTIALS,
): Promise<HttpAnswer> {
  const form = new URLSearchParams({
    grant_type: "client_credentials",
    client_id: credentials.clientId,
    client_secret: credentials.clientSecret,
  });
  return sendRequest(`${baseUrl}/auth/v1/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form.toString(),
  });
}

/** A session that authenticates once and then sends JSON API calls. */
export class ApiSession {
  private token: string | undefined;

  constructor(
    readonly baseUrl: string,
    private readonly credentials: { clientId: string; clientSecret: string } = DEFAULT_CREDENTIALS,
  ) {}

  /** The bearer token, fetched on first use. */
  async accessToken(): Promise<string> {
    if (this.token === undefined) {
      const answer = await requestToken(this.baseUrl, this.credentials);
      const body = answer.body as { access_token?: string };
      if (answer.status !== 200 || body.access_token === undefined) {
        throw new Error(`token request failed with ${answer.status}: ${JSON.stringify(answer.body)}`);
      }
      this.token = body.access_token;
    }
    return this.token;
  }

  /** Sends an authenticated call; `body` is sent as JSON when given. */
  async call<Body = any>(method: string, path: string, body?: unknown): Promise<HttpAnswer<Body>> {
    const headers: Record<string, string> = { authorization: `Bearer ${await this.accessToken()}` };
    const init: { method: string; headers: Record<string, string>; body?: string } = { method, headers };
    if (body !== undefined) {
      headers["content-type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    return (await sendRequest(`${this.baseUrl}${path}`, init)) as HttpAnswer<Body>;
  }

  get<Body = any>(path: string): Promise<HttpAnswer<Body>> {
    return this.call<Body>("GET", path);
  }

  post<Body = any>(path: string, body: unknown = {}): Promise<HttpAnswer<Body>> {
    return this.call<Body>("POST", path, body);
  }

  delete<Body = any>(path: string, body: unknown = {}): Promise<HttpAnswer<Body>> {
    return this.call<Body>("DELETE", path, body);
  }
}

/** Calls a test switch (`/__emulator/...`). */
export function control(baseUrl: string, method: string, path: string, body?: unknown): Promise<HttpAnswer> {
  const init: { method: string; headers?: Record<string, string>; body?: string } = { method };
  if (body !== undefined) {
    init.headers = { "content-type": "application/json" };
    init.body = JSON.stringify(body);
  }
  return sendRequest(`${baseUrl}/__emulator/${path}`, init);
}
