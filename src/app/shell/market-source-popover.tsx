// "Live from N exchanges" and, on demand, each exchange's health from /status, in a disclosure written out
// rather than the popover attribute, which jsdom cannot run, or a library every first load would carry.
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import type { ExchangeHealth, HistoryStretch, Status } from "../../interface/status.ts";
import { capitalise, describeFailure } from "../components/failure.ts";
import { Figure } from "../components/figure.tsx";
import { useNow } from "../components/use-now.ts";
import { formatAge, formatNumber } from "../format/numbers.ts";
import { useConnection } from "../transport/connection-context.tsx";
import { HISTORY_NAMES, useStatus } from "./queries/status.ts";

export function ExchangeHealthPopover({ live, total }: { live: number; total: number }) {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const titleId = useId();

  useEffect(() => {
    if (!open) return;
    panelRef.current?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOutside);
    return () => document.removeEventListener("pointerdown", closeOutside);
  }, [open]);

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !open) return;
    event.stopPropagation();
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Esc is caught here for the button and the panel both
    <div className="market-source market-source--live" ref={containerRef} onKeyDown={closeOnEscape}>
      <button
        ref={buttonRef}
        type="button"
        className="market-source__button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-haspopup="dialog"
        title={`${live} of ${total} exchanges connected now`}
        onClick={() => setOpen((was) => !was)}
      >
        <span className={live > 0 ? "market-source__dot" : "market-source__dot is-down"} aria-hidden="true" />
        {claimOf(live)}
      </button>
      {open ? (
        <div
          ref={panelRef}
          id={panelId}
          className="market-source__panel"
          role="dialog"
          aria-labelledby={titleId}
          tabIndex={-1}
        >
          <p id={titleId} className="market-source__title">
            Exchange health
          </p>
          <StatusView />
        </div>
      ) : null}
    </div>
  );
}

function claimOf(live: number): string {
  if (live === 0) return "Live: no exchange connected";
  return `Live from ${live} ${live === 1 ? "exchange" : "exchanges"}`;
}

/** Mounted when the panel opens: the status is asked then (it is stale at once, see status.ts). */
function StatusView() {
  const status = useStatus();
  const { baseUrl } = useConnection();
  const now = useNow(status.data !== undefined, 5000);
  if (status.data !== undefined) return <StatusDetails status={status.data} now={now} />;
  if (status.isError) {
    return (
      <p className="market-source__note" role="alert">
        {describeFailure(status.error, baseUrl).title}: the exchanges' health is not available.
      </p>
    );
  }
  return (
    <p className="market-source__note" role="status">
      Asking the service…
    </p>
  );
}

function StatusDetails({ status, now }: { status: Status; now: number }) {
  const { latestBlockEnd, exchanges } = status.market;
  return (
    <>
      <p className="market-source__note">
        {latestBlockEnd === null
          ? "No block has ended yet"
          : `Latest block ended ${ageOf(latestBlockEnd, now)}`}
        . Interest rates{" "}
        {status.rates.source === "issuers" ? "from their issuers" : "from the stored histories"}.
      </p>
      {exchanges.length === 0 ? (
        <p className="market-source__note">The service reads no exchange.</p>
      ) : (
        <ul className="market-source__list">
          {downFirst(exchanges).map((exchange) => (
            <ExchangeItem key={exchange.name} exchange={exchange} now={now} />
          ))}
        </ul>
      )}
    </>
  );
}

/** The exchanges that are down first: they are what someone opening this looks for. */
function downFirst(exchanges: readonly ExchangeHealth[]): ExchangeHealth[] {
  return [...exchanges.filter((e) => !e.connected), ...exchanges.filter((e) => e.connected)];
}

function ExchangeItem({ exchange, now }: { exchange: ExchangeHealth; now: number }) {
  const { backfill } = exchange;
  return (
    <li className="market-source__exchange" aria-label={exchange.name}>
      <p className="market-source__exchange-head">
        <span className="market-source__exchange-name">{exchange.name}</span>
        <span className={exchange.connected ? "market-source__state" : "market-source__state is-down"}>
          {exchange.connected ? "connected" : "disconnected"}
        </span>
      </p>
      <dl className="market-source__figures">
        <Figure term="Last trade" value={ageOf(exchange.lastTradeTime, now)} />
        <Figure term="Trades/min" value={formatNumber(exchange.tradesPerMinute, 1)} />
        <Figure term="Pairs" value={String(exchange.pairs)} />
        <Figure term="Reconnects" value={String(exchange.reconnects)} />
        <Figure term="Filled over REST" value={String(exchange.filledOverRest)} />
        <Figure term="Dropped late" value={String(exchange.droppedLate)} />
        <Figure term="Dropped duplicate" value={String(exchange.droppedDuplicate)} />
        {backfill.history ? (
          backfill.history.map((stretch) => (
            <Figure
              key={stretch.resolution}
              term={`${capitalise(HISTORY_NAMES[stretch.resolution])} history`}
              value={describeStretch(stretch)}
            />
          ))
        ) : backfill.state === "none" ? null : (
          // A service from before history had resolutions: the 1-minute day alone.
          <Figure
            term="Backfill"
            value={
              backfill.state === "done" ? "done" : `${backfill.doneBlocks} of ${backfill.totalBlocks} blocks`
            }
          />
        )}
      </dl>
    </li>
  );
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** One resolution of an exchange's history: what it fills, or when done how far back its candles reached. */
function describeStretch(stretch: HistoryStretch): string {
  const range = `${isoDay(stretch.fromMs)} to ${isoDay(stretch.toMs)}`;
  if (stretch.state === "waiting") return `waiting (${range})`;
  if (stretch.state === "running") {
    const percent = stretch.total === 0 ? 0 : Math.floor((100 * stretch.done) / stretch.total);
    return `filling ${percent} % (${range})`;
  }
  if (stretch.coveredFromMs === null) return "done: the exchange had none";
  return `done, from ${isoDay(Math.max(stretch.coveredFromMs, stretch.fromMs))}`;
}

function ageOf(iso: string | null, now: number): string {
  if (iso === null) return "never";
  const at = Date.parse(iso);
  return Number.isNaN(at) ? iso : formatAge(now - at);
}
