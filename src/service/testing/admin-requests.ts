// For tests of the operator's API: requests to /admin with the test service's admin key, as the console
// sends them (Authorization: Bearer, JSON bodies), over real HTTP.
import type { ClientKey, IssuedKey, IssueKey } from "../../interface/admin.ts";
import { TEST_ADMIN_KEY, type TestService } from "./test-service.ts";

/**
 * A request to the admin API. `body` is sent as JSON, or as it is when a string (malformed JSON on
 * purpose). `key`: the Bearer secret (default the test admin key; null sends no Authorization).
 */
export function adminRequest(
  service: TestService,
  method: string,
  path: string,
  body?: unknown,
  key: string | null = TEST_ADMIN_KEY,
): Promise<Response> {
  const headers: Record<string, string> = {};
  if (key !== null) headers.Authorization = `Bearer ${key}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return fetch(service.url + path, {
    method,
    headers,
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });
}

/** The JSON of a successful admin request; anything else fails the test with the status and message. */
export async function adminJson<T>(
  service: TestService,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await adminRequest(service, method, path, body);
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export function issueKey(service: TestService, request: IssueKey): Promise<IssuedKey> {
  return adminJson<IssuedKey>(service, "POST", "/admin/keys", request);
}

export function listKeys(service: TestService): Promise<ClientKey[]> {
  return adminJson<ClientKey[]>(service, "GET", "/admin/keys");
}
