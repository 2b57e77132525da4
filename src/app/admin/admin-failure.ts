// What a failed admin request means to the operator, and what they can do about it.
import { capitalise, type FailureText } from "../components/failure.ts";
import type { FormFailure } from "../components/use-form-draft.tsx";
import { formatCountdown } from "../format/numbers.ts";
import { AdminRequestError } from "./admin-client.ts";

export function describeAdminFailure(error: unknown): FailureText {
  if (!(error instanceof AdminRequestError)) {
    return { title: "Something went wrong", detail: error instanceof Error ? error.message : String(error) };
  }
  const said = capitalise(error.message);
  if (error.kind === "unreachable") {
    return { title: "The service could not be reached", detail: `${said}. Check that it is running.` };
  }
  if (error.kind === "unreadable") {
    return { title: "The service's answer could not be read", detail: `${said}.` };
  }
  switch (error.status) {
    case 401:
    case 403:
      return { title: "The admin key was refused", detail: `${said}. Forget the key and enter it again.` };
    case 404:
      return { title: "Not found", detail: `${said}.` };
    case 429: {
      const wait = error.retryAfterMs === null ? "in a minute" : `in ${formatCountdown(error.retryAfterMs)}`;
      return { title: "Too many admin requests", detail: `${said}. Try again ${wait}.` };
    }
    default:
      if (error.status >= 500) {
        return {
          title: "The service failed",
          detail: `${said} (status ${error.status}). Try again in a moment.`,
        };
      }
      return { title: "The service refused the request", detail: `${said}.` };
  }
}

/** Whether the service says this admin key is not (or no longer) good. */
export function isKeyRefused(error: unknown): boolean {
  return error instanceof AdminRequestError && error.kind === "refused" && error.status === 401;
}

/**
 * A form's refusal: next to the field a 400 names, when the service's message starts with one of `fields`
 * (its messages name the field first: "limit: expected an integer"); else above the send button.
 */
export function placeAdminFailure<F extends string>(error: unknown, fields: readonly F[]): FormFailure<F> {
  const failure = describeAdminFailure(error);
  if (!(error instanceof AdminRequestError) || error.status !== 400) return { place: "form", ...failure };
  const lower = error.message.toLowerCase();
  const field = fields.find((name) => new RegExp(`\\b${name.toLowerCase()}\\b`).test(lower));
  return field ? { place: "field", field, message: failure.detail } : { place: "form", ...failure };
}
