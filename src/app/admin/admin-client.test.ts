import { describe, expect, it, vi } from "vitest";
import { AdminHealthSchema } from "../../interface/admin.ts";
import { AdminClient, AdminRequestError } from "./admin-client.ts";
import { describeAdminFailure } from "./admin-failure.ts";

function answering(status: number, body: string | null, headers: Record<string, string> = {}) {
  return vi.fn(async () => new Response(body, { status, headers }));
}

async function failureOf(promise: Promise<unknown>): Promise<AdminRequestError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AdminRequestError)) throw new Error(`expected an AdminRequestError, got ${error}`);
  return error;
}

describe("the admin API client", () => {
  it("sends the admin key as a bearer token and a change as JSON", async () => {
    const fetch = answering(204, null);
    await new AdminClient("http://service.test", "k3y", fetch).send("POST", "/admin/keys/7/revoke", {
      body: { limit: 2 },
    });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("http://service.test/admin/keys/7/revoke");
    expect(init.method).toBe("POST");
    expect(init.headers).toMatchObject({ Authorization: "Bearer k3y", "Content-Type": "application/json" });
    expect(init.body).toBe('{"limit":2}');
  });

  it("reports a refusal in the service's own words, and how long a 429 asks to wait", async () => {
    const body = JSON.stringify({ errorcode: 429, errormessage: "over the admin limit of 120 a minute" });
    const client = new AdminClient("", "k", answering(429, body, { "Retry-After": "42" }));
    const error = await failureOf(client.get("/admin/health", AdminHealthSchema, "the health"));
    expect(error).toMatchObject({ kind: "refused", status: 429, retryAfterMs: 42_000 });
    expect(error.message).toBe("over the admin limit of 120 a minute");
    expect(describeAdminFailure(error)).toEqual({
      title: "Too many admin requests",
      detail: "Over the admin limit of 120 a minute. Try again in 0:42.",
    });
  });

  it("tells an answer it cannot read, and a service it cannot reach, from a refusal", async () => {
    const unreadable = await failureOf(
      new AdminClient("", "k", answering(200, '{"market":{}}')).get(
        "/admin/health",
        AdminHealthSchema,
        "the health",
      ),
    );
    expect(unreadable).toMatchObject({ kind: "unreadable", status: 0 });
    expect(unreadable.message).toMatch(
      /^the service's answer to \/admin\/health could not be read: the health: market/,
    );

    const down = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    const unreachable = await failureOf(
      new AdminClient("http://down.test", "k", down).send("DELETE", "/admin/addresses/3", {}),
    );
    expect(unreachable).toMatchObject({ kind: "unreachable", status: 0 });
    expect(unreachable.message).toBe("the service at http://down.test could not be reached");
  });
});
