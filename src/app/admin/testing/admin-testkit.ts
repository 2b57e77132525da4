// Test support for the console's page tests: a fake of the service's /admin answers, as the admin API's
// contract (src/interface/admin.ts) describes them, with state that changes as the console changes it.
// Behind page-harness's fakeService (fetch replaced); not imported by the app.
import type {
  AddressRule,
  AdminHealth,
  AuditEntry,
  ClientKey,
  ClientUsage,
  StreamUsage,
  UsageReview,
  UsageSeries,
} from "../../../interface/admin.ts";
import { type Answer, fakeService, type Service } from "../../testing/page-harness.tsx";

export const ADMIN_KEY = "admin-secret-1f0e9a77";
export const SECRET = "cmd_live_3b1f9c0d8e7a6b5c4d3e2f1a";

export function clientKey(id: number, name: string, extra: Partial<ClientKey> = {}): ClientKey {
  return {
    id,
    name,
    contact: `${name.split(" ")[0]?.toLowerCase()}@example.test`,
    fingerprint: `${String(id).padStart(2, "0")}f2c01a`,
    role: "client",
    origin: "issued",
    limit: 5,
    state: "active",
    temporaryLimit: null,
    effectiveLimit: 5,
    createdAt: "2026-11-20T09:00:00.000Z",
    lastUsedAt: "2026-11-24T09:20:00.000Z",
    revokedAt: null,
    ...extra,
  };
}

/** A client's live streams: `ended` of them over the period, `open` held now (the oldest for `openSeconds`). */
export function streamUsage(ended: number, open: number, openSeconds = 0): StreamUsage {
  return {
    streams: ended,
    seconds: ended * 1_800,
    longestSeconds: ended > 0 ? 3_600 : 0,
    events: ended * 4_000,
    bytes: ended * 2_500_000,
    open,
    openSeconds,
  };
}

export function clientUsage(
  name: string,
  admitted: number,
  refused: number,
  streams: StreamUsage | null = null,
): ClientUsage {
  return {
    client: `key:${name.slice(0, 8).toLowerCase()}`,
    name,
    keyId: null,
    admitted,
    refused,
    errors: 1,
    bytes: admitted * 2_000,
    firstSeen: "2026-11-24T08:00:00.000Z",
    lastSeen: "2026-11-24T09:20:00.000Z",
    peakPerMinute: 5,
    endpoints: [{ endpoint: "/v1/coins", admitted, refused }],
    streams,
  };
}

export const HEALTH: AdminHealth = {
  market: { source: "simulator", lastBlockTime: "2026-11-24T09:22:00.000Z", lagSeconds: 47, exchanges: [] },
  store: { engine: "sqlite", ok: true, detail: "ok", millis: 1.2 },
  redis: null,
  replicas: [
    {
      id: "host-1:4242",
      role: "all",
      startedAt: "2026-11-24T08:00:00.000Z",
      seenAt: "2026-11-24T09:23:00.000Z",
    },
  ],
};

export interface AdminState {
  health: AdminHealth;
  keys: ClientKey[];
  addresses: AddressRule[];
  audit: AuditEntry[];
  usage: ClientUsage[];
  minutes: UsageSeries["minutes"];
  /** Answers the next change (POST/PATCH/PUT/DELETE) with this instead, once. */
  refuseNext: Answer | null;
}

export function adminState(): AdminState {
  return {
    health: structuredClone(HEALTH),
    keys: [
      clientKey(7, "Acme portfolio app"),
      clientKey(8, "Beta tracker", { limit: null, effectiveLimit: 5 }),
    ],
    addresses: [],
    audit: [
      {
        id: 2,
        time: "2026-11-24T09:00:00.000Z",
        actor: "admin:1f0e9a77",
        action: "key.issue",
        target: "key 8 (Beta tracker)",
        detail: "limit default",
      },
      {
        id: 1,
        time: "2026-11-20T09:00:00.000Z",
        actor: "config",
        action: "key.import",
        target: "key 7 (Acme portfolio app)",
        detail: "from API_KEYS",
      },
    ],
    usage: [
      clientUsage("Quiet app", 40, 0),
      // Holds three streams for almost an hour, none ended yet; the busy site streamed most.
      clientUsage("Greedy bot", 300, 120, streamUsage(0, 3, 3_300)),
      clientUsage("Busy site", 900, 3, streamUsage(4, 1, 600)),
    ],
    minutes: [
      { time: "2026-11-24T09:00:00.000Z", admitted: 5, refused: 0 },
      { time: "2026-11-24T09:02:00.000Z", admitted: 5, refused: 7 },
    ],
    refuseNext: null,
  };
}

const error = (status: number, message: string): Answer => ({
  status,
  body: { errorcode: status, errormessage: message },
});

/** The fake service: /admin/* per `state` with the admin key ADMIN_KEY; anything else 404. */
export function fakeAdminService(state: AdminState): Service {
  return fakeService(async (url, init) => {
    const path = url.pathname;
    if (!path.startsWith("/admin/")) return error(404, `nothing at ${path} in this test`);
    const auth = new Headers(init?.headers).get("Authorization");
    if (auth !== `Bearer ${ADMIN_KEY}`) return error(401, "the admin key is not valid");
    const method = init?.method ?? "GET";
    if (method !== "GET" && state.refuseNext) {
      const refusal = state.refuseNext;
      state.refuseNext = null;
      return refusal;
    }
    const body: ChangeBody = init?.body ? JSON.parse(String(init.body)) : {};
    return answer(state, method, path, url.searchParams, body);
  });
}

/** What the console sends in a change, loosely: each route reads its own fields. */
interface ChangeBody {
  name?: string;
  contact?: string;
  role?: ClientKey["role"];
  limit?: number | null;
  until?: string;
}

function answer(
  state: AdminState,
  method: string,
  path: string,
  query: URLSearchParams,
  body: ChangeBody,
): Answer {
  const ok = (value: unknown, status = 200): Answer => ({ status, body: value });
  if (path === "/admin/health") return ok(state.health);
  if (path === "/admin/keys" && method === "GET") return ok(state.keys);
  if (path === "/admin/keys" && method === "POST") {
    const key = clientKey(state.keys.length + 20, body.name ?? "", {
      contact: body.contact ?? "",
      role: body.role ?? "client",
      limit: body.limit ?? null,
      effectiveLimit: body.limit ?? 5,
      lastUsedAt: null,
    });
    state.keys.push(key);
    return ok({ key, secret: SECRET }, 201);
  }
  const keyPath = /^\/admin\/keys\/(\d+)(\/.*)?$/.exec(path);
  if (keyPath) {
    const key = state.keys.find((k) => k.id === Number(keyPath[1]));
    if (!key) return error(404, `no key ${keyPath[1]}`);
    const rest = keyPath[2] ?? "";
    if (rest === "" && method === "PATCH") Object.assign(key, body, { effectiveLimit: body.limit ?? 5 });
    else if (rest === "/revoke" && method === "POST")
      Object.assign(key, { state: "revoked", revokedAt: "2026-11-24T09:30:00.000Z" });
    else if (rest === "/temporary-limit" && method === "PUT")
      Object.assign(key, { state: "limited", temporaryLimit: body, effectiveLimit: body.limit });
    else if (rest === "/temporary-limit" && method === "DELETE")
      Object.assign(key, { state: "active", temporaryLimit: null, effectiveLimit: key.limit ?? 5 });
    else return error(405, `${method} ${path} is not in this test`);
    return ok(key);
  }
  if (path === "/admin/addresses" && method === "GET") return ok(state.addresses);
  if (path === "/admin/audit") {
    const before = query.get("before");
    const limit = Number(query.get("limit") ?? 50);
    return ok(state.audit.filter((e) => before === null || e.id < Number(before)).slice(0, limit));
  }
  if (path === "/admin/usage") {
    const review: UsageReview = {
      period: (query.get("period") ?? "day") as UsageReview["period"],
      from: "2026-11-23T09:30:00.000Z",
      to: "2026-11-24T09:30:00.000Z",
      clients: state.usage,
    };
    return ok(review);
  }
  if (path === "/admin/usage/minutes") return ok({ client: query.get("client"), minutes: state.minutes });
  return error(404, `nothing at ${method} ${path} in this test`);
}
