// A refused or failed supply post, in words that say what to do, placed next to the field it is about.

import { describeFailure } from "../components/failure.ts";
import type { FormFailure } from "../components/use-form-draft.tsx";
import { ApiRequestError } from "../transport/transport.ts";
import type { SupplyField } from "./supply-checks.ts";

export function describeSupplyFailure(error: unknown, baseUrl: string): FormFailure<SupplyField> {
  if (error instanceof ApiRequestError) {
    const said = sentence(error.message);
    if (error.status === 401) {
      return {
        place: "field",
        field: "writeKey",
        message: `The write key was refused: check it (ask the service's operator if unsure) and send again. The service said: ${said}`,
      };
    }
    if (error.status === 403) {
      return {
        place: "field",
        field: "writeKey",
        message: `This write key may not post supply: ask the service's operator for one that may. The service said: ${said}`,
      };
    }
    if (error.status === 400 || error.status === 404) {
      const field = fieldNamed(error.message);
      if (field) return { place: "field", field, message: `The service refused it: ${said}` };
      return {
        place: "form",
        title: "The service refused the post",
        detail: `${capitalise(said)} Nothing was stored.`,
      };
    }
  }
  const failure = describeFailure(error, baseUrl);
  return { place: "form", title: failure.title, detail: `${failure.detail} Nothing was stored.` };
}

/** The field a refusal's message is about, if it names one. */
function fieldNamed(message: string): SupplyField | null {
  if (/circulatingsupply/i.test(message)) return "supply";
  if (/symbol/i.test(message)) return "symbol";
  return null;
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function capitalise(text: string): string {
  return text === "" ? text : text[0]?.toUpperCase() + text.slice(1);
}
