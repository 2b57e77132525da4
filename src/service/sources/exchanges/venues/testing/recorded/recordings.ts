// The recorded answers of one exchange (<venue>.json beside this file, see README.md) and the fake serving
// them: each recording's REST path, the market list's envelope around the recorded entries, and what each
// exchange's documentation says the recorded fields mean, so that a test compares what
// the service made of an answer with what the answer says, read independently of ccxt and of our code. Each
// exchange's reading is in <venue>.ts beside its recording.
import { readFileSync } from "node:fs";
import type { RecordedAnswer } from "../../../testing/fake-exchange.ts";
import type { FakeMarket, FakeProtocol } from "../../../testing/fake-protocol.ts";
import type { Venue } from "../../../venue.ts";

/** One method's recorded call, as ccxt's static response files keep it. */
export interface RecordedCall {
  description: string;
  input: unknown[];
  httpResponse: unknown;
}

/** A <venue>.json file. */
export interface Recording {
  venue: string;
  ccxtId: string;
  copiedFrom: { responses: string; markets: string };
  fetchTrades?: RecordedCall;
  fetchOHLCV?: RecordedCall;
  /** ccxt's unified symbol → the exchange's id of the market and its own entry of its market list. */
  markets: Record<string, { id: string; info?: unknown }>;
}

/** A pair as the exchange's documentation reads a market entry: the service's coin, quote and pair name. */
export interface DocumentedPair {
  symbol: string;
  quote: string;
  pair: string;
}

/** A trade as the exchange's documentation reads it, the side being the taker's. */
export interface DocumentedTrade {
  id: string;
  timeMs: number;
  price: number;
  amount: number;
  side: "buy" | "sell";
}

/** [open time ms, open, high, low, close, volume]. */
export type DocumentedCandle = [number, number, number, number, number, number];

export interface RecordedVenue {
  venue: Venue;
  protocol: FakeProtocol;
  /** The <file>.json of the recording. */
  file: string;
  /** The recorded market in the exchange's own spelling, for what the fake answers itself (currencies...). */
  fakeMarket(id: string, info: unknown): FakeMarket;
  /** Where the exchange lists its markets and that list made of the recorded entries; absent: the fake lists them. */
  markets?: { path: string; answer(entries: { id: string; info: unknown }[]): unknown };
  /** The market entry read as its documentation says; null when the entry is not a spot market. */
  pairOf(id: string, info: unknown): DocumentedPair | null;
  /** Where the service reads the recorded trades; absent when ccxt recorded another endpoint (README.md). */
  tradesPath?: string;
  tradesOf?(httpResponse: unknown): DocumentedTrade[];
  /** Where the service reads the recorded candles; absent when none is recorded. */
  candlesPaths?: string[];
  candlesOf?(httpResponse: unknown): DocumentedCandle[];
}

export function recordingOf(file: string): Recording {
  return JSON.parse(readFileSync(new URL(`./${file}.json`, import.meta.url), "utf8")) as Recording;
}

/** The answers the fake gives in place of its own: the market list, the trades and the candles recorded. */
export function recordedAnswers(rv: RecordedVenue, recording: Recording): RecordedAnswer[] {
  const answers: RecordedAnswer[] = [];
  if (rv.markets) {
    const entries = Object.values(recording.markets).map((m) => ({ id: m.id, info: m.info }));
    answers.push({ path: rv.markets.path, body: rv.markets.answer(entries) });
  }
  if (rv.tradesPath && recording.fetchTrades)
    answers.push({ path: rv.tradesPath, body: recording.fetchTrades.httpResponse });
  for (const path of rv.candlesPaths ?? []) {
    if (recording.fetchOHLCV) answers.push({ path, body: recording.fetchOHLCV.httpResponse });
  }
  return answers;
}

/** The recorded markets as the fake lists them in the exchange's own spelling. */
export function fakeMarketsOf(rv: RecordedVenue, recording: Recording): FakeMarket[] {
  return Object.values(recording.markets).map((m) => rv.fakeMarket(m.id, m.info));
}

/** The taker's side from an exchange's word for it ("Buy", "sell"...). */
export const sideOf = (value: string): "buy" | "sell" => (value.toLowerCase() === "sell" ? "sell" : "buy");

/**
 * Candle rows read as [time, open, high, low, close, volume] from these positions of each row, time multiplied
 * by `unit` into ms; oldest first.
 */
export function candleRows(
  rowList: unknown[],
  at: readonly [number, number, number, number, number, number],
  unit = 1,
): DocumentedCandle[] {
  return rowList
    .map((r) => at.map((i, n) => num(r, i) * (n === 0 ? unit : 1)) as DocumentedCandle)
    .sort((a, b) => a[0] - b[0]);
}

/** Field access on parsed JSON (the recordings are untyped). */
export function field(value: unknown, key: string | number): unknown {
  return (value as Record<string | number, unknown>)[key];
}

export const text = (value: unknown, key: string | number): string => String(field(value, key));
export const num = (value: unknown, key: string | number): number => Number(field(value, key));
export const list = (value: unknown, key?: string | number): unknown[] =>
  (key === undefined ? value : field(value, key)) as unknown[];
