/** A cookie-keeping HTTP client for API tests: signs in as a demo user and sends the CSRF header. */
export function apiClient(baseUrl: string) {
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');

  const request = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookies.size ? { cookie: cookieHeader() } : {}),
        ...(cookies.has('onboard_csrf') ? { 'x-csrf-token': cookies.get('onboard_csrf')! } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      cookies.set(name!.trim(), value.join('='));
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    // Tests read whatever fields they assert on; the shape is checked by those assertions.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.status, headers: response.headers, body: json as any };
  };

  return {
    request,
    cookies,
    signIn: (userId: string) => request('POST', '/api/dev/sign-in', { userId }),
    get: (path: string) => request('GET', path),
    put: (path: string, body: unknown, headers?: Record<string, string>) =>
      request('PUT', path, body, headers),
  };
}

export async function eventually<T>(check: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      return await check();
    } catch (error) {
      lastError = error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw lastError;
}
