// What a failed request means to the person looking at the page, and what they can do about it.
import { ApiRequestError } from "../transport/transport.ts";

export interface FailureText {
  title: string;
  detail: string;
}

export function describeFailure(error: unknown, baseUrl: string): FailureText {
  const where = baseUrl === "" ? "this site" : baseUrl;
  if (error instanceof ApiRequestError) {
    if (error.status === 0) {
      return {
        title: "The service's answer could not be read",
        detail: `${error.message}. The service at ${where} may not speak this interface; check its address in Settings.`,
      };
    }
    if (error.status === 401 || error.status === 403) {
      return {
        title: "The service refused the key",
        detail: `${capitalise(error.message)}. Check the keys in Settings.`,
      };
    }
    if (error.status === 404) return { title: "Not found", detail: capitalise(error.message) };
    if (error.status >= 500) {
      return {
        title: "The service failed",
        detail: `${capitalise(error.message)} (status ${error.status}). Try again in a moment.`,
      };
    }
    return { title: "The service refused the request", detail: capitalise(error.message) };
  }
  if (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed/i.test(error.message)
  ) {
    return {
      title: "This page could not be loaded",
      detail: `Its code did not arrive from ${where}. Check that the service is running, then reload.`,
    };
  }
  if (error instanceof TypeError) {
    return {
      title: "The service cannot be reached",
      detail: `No answer from ${where} after several tries. Check that the service is running and your connection works, or change its address in Settings.`,
    };
  }
  return { title: "Something went wrong", detail: error instanceof Error ? error.message : String(error) };
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
