// The operator's API (under /admin, outside the interface's /v1): client keys, address rules, the audit log,
// the usage review and the service's health, as zod schemas. The service validates and documents with these
// (its own OpenAPI document at SERVICE_PATHS.adminOpenApi); the dashboard's console takes its types from them.
import { z } from "zod";

/** Requests per 60 s that one admin key may make by default (ADMIN_RATE_LIMIT). */
export const DEFAULT_ADMIN_RATE_LIMIT = 120;

const time = z.string().meta({ description: "RFC 3339 time in UTC", example: "2026-11-24T09:24:00.000Z" });
const limit = z
  .number()
  .int()
  .min(0)
  .max(1_000_000)
  .meta({ description: "Requests per 60 seconds; 0 = unlimited", example: 5 });

/** Who may do what with a key: read with its own limit, or also post circulating supply. */
export const KEY_ROLES = ["client", "writer"] as const;
export type KeyRole = (typeof KEY_ROLES)[number];
/** A key's state as of now: a temporary limit that has run out leaves the key active. */
export const KEY_STATES = ["active", "limited", "revoked"] as const;
export type KeyState = (typeof KEY_STATES)[number];
/** Where a key came from: issued through this API, or imported from a setting at start. */
export const KEY_ORIGINS = ["issued", "API_KEYS", "WRITE_KEYS", "write-key file"] as const;
export type KeyOrigin = (typeof KEY_ORIGINS)[number];

export const ClientKeySchema = z
  .object({
    id: z.number().int().meta({ description: "The key's number; never the secret" }),
    name: z.string().meta({ description: "The application it was issued to", example: "Acme portfolio app" }),
    contact: z.string().meta({ description: "How to reach its owner", example: "ops@acme.example" }),
    fingerprint: z
      .string()
      .meta({ description: "First 8 hex digits of the secret's SHA-256", example: "9f2c01ab" }),
    role: z.enum(KEY_ROLES),
    origin: z.enum(KEY_ORIGINS),
    limit: limit.nullable().meta({ description: "Its own limit; null = the service's default (RATE_LIMIT)" }),
    state: z.enum(KEY_STATES),
    temporaryLimit: z
      .object({ limit, until: time })
      .nullable()
      .meta({ description: "The limit in force until a time (state limited), then its own limit again" }),
    effectiveLimit: limit.meta({ description: "The limit its requests are decided under now" }),
    createdAt: time,
    lastUsedAt: time.nullable(),
    revokedAt: time.nullable(),
  })
  .meta({ id: "ClientKey", description: "A key issued to a client application" });
export type ClientKey = z.infer<typeof ClientKeySchema>;

export const IssueKeySchema = z
  .object({
    name: z.string().trim().min(1).max(100).meta({ description: "The application the key is for" }),
    contact: z.string().trim().max(200).default("").meta({ description: "How to reach its owner" }),
    role: z.enum(KEY_ROLES).default("client"),
    limit: limit.nullable().default(null),
  })
  .meta({ id: "IssueKey" });
export type IssueKey = z.input<typeof IssueKeySchema>;

export const IssuedKeySchema = z
  .object({
    key: ClientKeySchema,
    secret: z.string().meta({ description: "The key itself: shown this once, stored only as a hash" }),
  })
  .meta({ id: "IssuedKey" });
export type IssuedKey = z.infer<typeof IssuedKeySchema>;

export const ChangeKeySchema = z
  .object({
    name: z.string().trim().min(1).max(100).optional(),
    contact: z.string().trim().max(200).optional(),
    limit: limit.nullable().optional().meta({ description: "Its own limit; null = the service's default" }),
  })
  .meta({ id: "ChangeKey", description: "What to change; fields left out stay as they are" });
export type ChangeKey = z.infer<typeof ChangeKeySchema>;

export const TemporaryLimitSchema = z
  .object({ limit, until: z.iso.datetime({ offset: true }).meta({ description: "RFC 3339, in the future" }) })
  .meta({ id: "TemporaryLimit", description: "A limit in force until a time" });
export type TemporaryLimit = z.infer<typeof TemporaryLimitSchema>;

export const ADDRESS_ACTIONS = ["block", "limit"] as const;
export type AddressAction = (typeof ADDRESS_ACTIONS)[number];

export const AddressRuleSchema = z
  .object({
    id: z.number().int(),
    cidr: z.string().meta({ description: "An address or CIDR range", example: "203.0.113.0/24" }),
    action: z.enum(ADDRESS_ACTIONS),
    limit: limit.nullable().meta({ description: "For limit: the limit of each address in the range" }),
    until: time.nullable().meta({ description: "When the rule ends; null = until removed" }),
    note: z.string(),
    createdAt: time,
  })
  .meta({
    id: "AddressRule",
    description: "A rule for requests that send no key: blocked (403), or held to a lower limit",
  });
export type AddressRule = z.infer<typeof AddressRuleSchema>;

export const NewAddressRuleSchema = z
  .object({
    cidr: z.string().trim().min(1).max(50),
    action: z.enum(ADDRESS_ACTIONS),
    limit: limit.nullable().default(null),
    until: z.iso.datetime({ offset: true }).nullable().default(null),
    note: z.string().trim().max(200).default(""),
  })
  .meta({ id: "NewAddressRule" });
export type NewAddressRule = z.input<typeof NewAddressRuleSchema>;

export const AuditEntrySchema = z
  .object({
    id: z.number().int(),
    time,
    actor: z
      .string()
      .meta({ description: "Who: admin:<fingerprint>, or config at start", example: "admin:1f0e9a77" }),
    action: z.string().meta({ example: "key.limit" }),
    target: z.string().meta({ example: "key 7 (Acme portfolio app)" }),
    detail: z.string().meta({ example: "limit 5 → 2" }),
  })
  .meta({ id: "AuditEntry" });
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const USAGE_PERIODS = { hour: 3_600, day: 86_400, week: 604_800 } as const;
export type UsagePeriod = keyof typeof USAGE_PERIODS;

/** The number of a key or an address rule, in a path. */
export const IdParams = z.object({ id: z.coerce.number().int().positive().meta({ example: 7 }) });

export const AuditQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  before: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .meta({ description: "Entries with an id below this one" }),
});

const period = z.enum(Object.keys(USAGE_PERIODS) as [UsagePeriod, ...UsagePeriod[]]).default("day");

export const UsageQuery = z.object({ period });

export const UsageMinutesQuery = z.object({
  period,
  client: z.string().min(1).max(100).optional().meta({ description: "key:<fingerprint> or an address" }),
});

const counts = {
  admitted: z.number().int().meta({ description: "Requests answered within the limit" }),
  refused: z.number().int().meta({ description: "Requests refused for the limit (429)" }),
  errors: z.number().int().meta({ description: "Answers with an error status other than 429" }),
  bytes: z.number().int().meta({ description: "Bytes of the answers' bodies" }),
};

const seconds = (description: string) => z.number().min(0).meta({ description, example: 1_234.5 });

export const StreamUsageSchema = z
  .object({
    streams: z.number().int().meta({
      description:
        "Live streams that ended in the period: a stream is counted when it ends (as its request is), with its whole duration",
    }),
    seconds: seconds("Their durations added up, in seconds"),
    longestSeconds: seconds("The longest of them, in seconds"),
    events: z.number().int().meta({ description: "Events they sent" }),
    bytes: z.number().int().meta({ description: "Bytes they sent (counted in the client's bytes too)" }),
    open: z.number().int().nullable().meta({
      description:
        "Streams the client holds open now on the process that answered (each replica holds its own); null where not known (npm run usage)",
    }),
    openSeconds: z.number().min(0).nullable().meta({
      description:
        "How long the oldest of them has been open, in seconds; 0 when none is, null where not known",
      example: 754.2,
    }),
  })
  .meta({ id: "StreamUsage", description: "A client's live streams (GET /v1/stream)" });
export type StreamUsage = z.infer<typeof StreamUsageSchema>;

export const ClientUsageSchema = z
  .object({
    client: z.string().meta({ description: "key:<fingerprint> or the address", example: "key:9f2c01ab" }),
    name: z.string().meta({ description: "The key's name, or the address" }),
    keyId: z.number().int().nullable(),
    ...counts,
    firstSeen: time,
    lastSeen: time,
    peakPerMinute: z.number().int().meta({ description: "Most requests in one minute of the period" }),
    endpoints: z
      .array(z.object({ endpoint: z.string(), admitted: counts.admitted, refused: counts.refused }))
      .meta({ description: "Most used first" }),
    streams: StreamUsageSchema.nullable().meta({
      description: "null when the client ended no live stream in the period and holds none open",
    }),
  })
  .meta({ id: "ClientUsage" });
export type ClientUsage = z.infer<typeof ClientUsageSchema>;

export const UsageReviewSchema = z
  .object({
    period: z.enum(Object.keys(USAGE_PERIODS) as [UsagePeriod, ...UsagePeriod[]]),
    from: time,
    to: time,
    clients: z.array(ClientUsageSchema).meta({ description: "Most refused first, then most admitted" }),
  })
  .meta({ id: "UsageReview" });
export type UsageReview = z.infer<typeof UsageReviewSchema>;

export const UsageMinuteSchema = z
  .object({ time, admitted: counts.admitted, refused: counts.refused })
  .meta({ id: "UsageMinute" });

export const UsageSeriesSchema = z
  .object({
    client: z.string().nullable().meta({ description: "null = the whole service" }),
    minutes: z
      .array(UsageMinuteSchema)
      .meta({ description: "Oldest first; minutes without requests left out" }),
  })
  .meta({ id: "UsageSeries" });
export type UsageSeries = z.infer<typeof UsageSeriesSchema>;

export const ReplicaSchema = z.object({
  id: z.string(),
  role: z.string(),
  startedAt: time,
  seenAt: time,
});

export const AdminHealthSchema = z
  .object({
    market: z.object({
      source: z.string().meta({ example: "simulator" }),
      lastBlockTime: time.nullable(),
      lagSeconds: z.number().nullable().meta({ description: "Seconds since the newest stored block ended" }),
      exchanges: z.array(z.object({ name: z.string(), state: z.string(), detail: z.string().optional() })),
    }),
    store: z.object({ engine: z.string(), ok: z.boolean(), detail: z.string(), millis: z.number() }),
    redis: z
      .object({ ok: z.boolean(), detail: z.string(), millis: z.number() })
      .nullable()
      .meta({ description: "null when the service runs without Redis" }),
    replicas: z.array(ReplicaSchema).meta({ description: "Processes seen in the last minute" }),
  })
  .meta({ id: "AdminHealth" });
export type AdminHealth = z.infer<typeof AdminHealthSchema>;
