// What the request log never keeps: the value of a query parameter that may carry a secret. A client may send
// its write key or API key in the URL (`?key=…`, `?apikey=…`); the line keeps that a parameter was there, not
// its value. Headers are not logged at all (the client field is a key's fingerprint or the address).

export const REDACTED = "[redacted]";

/**
 * Parameter names are compared after percent-decoding, lower-casing and dropping `-`, `_`, `.` and spaces, so
 * `api_key`, `Api-Key`, `X-API-KEY` and `%6Bey` all match. A name containing one of these words is secret
 * (`key` covers apikey, writekey, x-api-key, private_key; `token` covers access_token, id_token; `auth` covers
 * authorization, oauth): none of the service's own parameters contains one, so nothing useful is hidden.
 */
const SECRET_WORDS = ["key", "token", "secret", "passw", "auth", "credential", "session", "signature"];
/** Short names that would match too much as parts of other names. */
const SECRET_NAMES = new Set(["pwd", "pass", "sig", "bearer", "jwt", "code"]);

/** A cheap first look: only a query with one of these (or a percent escape) is looked at closely. */
const MAYBE_SECRET = /key|token|secret|pass|auth|credential|session|sig|pwd|bearer|jwt|code|%/i;

export function isSecretParameter(rawName: string): boolean {
  let name = rawName.replace(/\+/g, " ");
  try {
    name = decodeURIComponent(name);
  } catch {
    // A malformed escape: judge the name as sent.
  }
  const folded = name.toLowerCase().replace(/[-_. ]/g, "");
  return SECRET_NAMES.has(folded) || SECRET_WORDS.some((word) => folded.includes(word));
}

/** The path and query with the value of every secret-looking parameter replaced by REDACTED. */
export function redactSecrets(pathAndQuery: string): string {
  const start = pathAndQuery.indexOf("?");
  if (start < 0) return pathAndQuery;
  const query = pathAndQuery.slice(start + 1);
  if (!MAYBE_SECRET.test(query)) return pathAndQuery;
  let changed = false;
  const parts = query.split("&").map((part) => {
    const equals = part.indexOf("=");
    const name = equals < 0 ? part : part.slice(0, equals);
    if (!isSecretParameter(name)) return part;
    changed = true;
    // A part without `=` is all name: it may be the secret itself, so none of it is kept.
    return equals < 0 ? REDACTED : `${name}=${REDACTED}`;
  });
  return changed ? `${pathAndQuery.slice(0, start + 1)}${parts.join("&")}` : pathAndQuery;
}
