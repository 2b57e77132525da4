// Which block's provenance the symbol page shows (`?block=newest` or `?block=<Unix seconds>`), in the
// address so that a reload, a shared link and back/forward show what the reader chose to spend a request on.

/** What the section shows: nothing yet, the coin's newest block, or the block holding a time. */
export type ProvenanceChoice = null | "newest" | number;

const PARAM = "block";

/** The choice in `params`; anything unreadable (a negative or fractional time, a word) is the newest block. */
export function readProvenanceBlock(params: URLSearchParams): ProvenanceChoice {
  const value = params.get(PARAM);
  if (value === null) return null;
  if (/^\d{1,12}$/.test(value)) return Number(value);
  return "newest";
}

/** New params with the section showing `choice` (closed for null), the rest of the view kept. */
export function withProvenanceBlock(params: URLSearchParams, choice: ProvenanceChoice): URLSearchParams {
  const next = new URLSearchParams(params);
  if (choice === null) next.delete(PARAM);
  else next.set(PARAM, choice === "newest" ? "newest" : String(Math.floor(choice)));
  return next;
}
