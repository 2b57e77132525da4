// "How this price was made" on the symbol page, closed until the reader opens it: most visits want the
// price, not its making, and the page already spends two requests, so it says what opening it costs.
import { useEffect, useId, useRef } from "react";
import { useSearchParams } from "react-router";
import { QueryView } from "../components/query-status.tsx";
import { SkeletonBlock, SkeletonRows } from "../components/skeleton.tsx";
import type { CurrencyChoice } from "../format/currency.ts";
import { queryKeys } from "../queries/query-keys.ts";
import { useOffered } from "../queries/service-offers.ts";
import { type ProvenanceChoice, readProvenanceBlock, withProvenanceBlock } from "./provenance-params.ts";
import { ProvenanceView } from "./provenance-view.tsx";
import { useProvenance } from "./queries/provenance.ts";
import "./provenance.css";

/** What the section says on a service without provenance (the public service has none). */
export const PROVENANCE_NOT_OFFERED =
  "Not offered by this service: it does not say which exchanges made a block's price.";

export function ProvenanceSection({ symbol, fx }: { symbol: string; fx: CurrencyChoice }) {
  const [params, setParams] = useSearchParams();
  const choice = readProvenanceBlock(params);
  const block = typeof choice === "number" ? choice : null;
  // Once the service answered that it has no provenance, nothing is asked of it again this session.
  const offered = useOffered("provenance");
  const query = useProvenance(symbol, block, choice !== null && offered);
  const bodyId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const choose = (next: ProvenanceChoice) =>
    setParams((current) => withProvenanceBlock(current, next), { preventScrollReset: true });

  // A block named in the address was chosen elsewhere (a chart point): bring the reader to it, once.
  const arrivedWithBlock = useRef(block !== null);
  useEffect(() => {
    if (!arrivedWithBlock.current) return;
    arrivedWithBlock.current = false;
    heading.current?.focus();
  }, []);

  const open = choice !== null;
  if (!offered) {
    return (
      <section className="card provenance" aria-labelledby={`${bodyId}-title`}>
        <div className="provenance__header">
          <h2 id={`${bodyId}-title`} ref={heading} tabIndex={-1}>
            How this price was made
          </h2>
        </div>
        <p className="provenance__closed muted">{PROVENANCE_NOT_OFFERED}</p>
      </section>
    );
  }
  return (
    <section className="card provenance" aria-labelledby={`${bodyId}-title`}>
      <div className="provenance__header">
        <h2 id={`${bodyId}-title`} ref={heading} tabIndex={-1}>
          How this price was made
        </h2>
        <div className="provenance__actions">
          {block !== null ? (
            <button type="button" className="link-button" onClick={() => choose("newest")}>
              Newest block
            </button>
          ) : null}
          <button
            type="button"
            className={open ? "link-button" : "button"}
            aria-expanded={open}
            aria-controls={open ? bodyId : undefined}
            onClick={() => choose(open ? null : "newest")}
          >
            {open ? "Hide" : "Show how it was made"}
          </button>
        </div>
      </div>
      {open ? (
        <div id={bodyId}>
          {block !== null ? (
            <p className="provenance__chosen muted">The block you chose on the chart.</p>
          ) : null}
          <QueryView
            query={query}
            queryKey={queryKeys.provenance(symbol, block)}
            what={`how ${symbol}'s price was made`}
            skeleton={
              <div className="provenance__skeleton">
                <SkeletonBlock label={`how ${symbol}'s price was made`} height="4rem" />
                <SkeletonRows rows={4} columns={4} label={`the exchanges of ${symbol}'s block`} />
              </div>
            }
          >
            {(data) => <ProvenanceView provenance={data} fx={fx} />}
          </QueryView>
        </div>
      ) : (
        <p className="provenance__closed muted">
          Which exchanges made the newest 120-second block's price, each one's share of the volume and its own
          price beside the crowd's, and the trades the filter left out. Opening it costs 1 request.
        </p>
      )}
    </section>
  );
}
