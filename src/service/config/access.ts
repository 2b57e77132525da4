// The settings of who may ask and how much: the fair-usage limit, the client keys (API_KEYS), the write
// keys, and the operator's keys and their limit (settings.ts lists them with the rest). Keys set
// here are imported into the access store at start (src/service/access/config-keys.ts).
import { DEFAULT_ADMIN_RATE_LIMIT } from "../../interface/admin.ts";
import { DEFAULT_RATE_LIMIT, RATE_LIMIT_WINDOW_SECONDS } from "../../interface/vocabulary.ts";
import { MIN_WRITE_KEY, parseApiKeys, parseWriteKeys, type Setting, wholeNumber } from "./values.ts";

export const ACCESS_SETTINGS = {
  rateLimit: {
    env: "RATE_LIMIT",
    default: String(DEFAULT_RATE_LIMIT),
    meaning: `Requests per client in any ${RATE_LIMIT_WINDOW_SECONDS}-second window (0 turns the limit off)`,
    parse: (raw, fail) =>
      wholeNumber(raw, 0, Number.MAX_SAFE_INTEGER, "a whole number ≥ 0 (0 turns the limit off)", fail),
  },
  apiKeys: {
    env: "API_KEYS",
    default: "",
    meaning:
      "Issued client keys, comma separated, each optionally with its own limit: key[:limit],… (0 = unlimited)",
    parse: parseApiKeys,
  },
  writeKeys: {
    env: "WRITE_KEYS",
    default: "",
    meaning: `Keys allowed to post supply, comma separated, ${MIN_WRITE_KEY}+ characters each (none: <data-dir>/write-key)`,
    parse: parseWriteKeys,
  },
  adminKeys: {
    env: "ADMIN_KEYS",
    default: "",
    meaning: `Keys of the operator's API (/admin), comma separated, ${MIN_WRITE_KEY}+ characters each, none also a write or client key (none: <data-dir>/admin-key)`,
    parse: parseWriteKeys,
  },
  adminRateLimit: {
    env: "ADMIN_RATE_LIMIT",
    default: String(DEFAULT_ADMIN_RATE_LIMIT),
    meaning: `Requests per admin key in any ${RATE_LIMIT_WINDOW_SECONDS}-second window on /admin (the console polls every 15 s)`,
    parse: (raw, fail) => wholeNumber(raw, 1, 1_000_000, "a whole number from 1 to 1000000", fail),
  },
} satisfies Record<string, Setting<unknown>>;
