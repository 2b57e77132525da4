// Part 1 of bench:ingest: native trade messages replayed as fast as they can be read, without sockets.
// The real exchanges source (ExchangesSource: ccxt's watchTrades loops in VenueFeed, the TradeIntake) is
// started against a fake exchange so its markets load and its subscriptions are live; then the messages the
// fake would send (its protocol's tradeFrames) are handed straight to the ccxt client that subscribed, through
// Client.onMessage, as ccxt's WsClient.deliverLoop hands each socket message: the first of a read, then the
// rest of that read at once. Between reads the event loop turns (a socket read is a macrotask), so the
// watchTrades loops wake as they do in service. Blocks are closed as the market closes them
// (tradesOfBlock: drain, then the intake's close) and aggregated by the market's BlockAggregator.
// The baseline is the bare decoding of the same messages: JSON.parse (after gunzip for a gzip frame).
import { gunzipSync } from "node:zlib";
import { BLOCK_SECONDS } from "../src/interface/vocabulary.ts";
import { COINS } from "../src/service/catalog/catalog.ts";
import { BlockAggregator } from "../src/service/market/aggregator.ts";
import { fxRates } from "../src/service/market/fx.ts";
import type { CcxtExchange } from "../src/service/sources/exchanges/ccxt-exchange.ts";
import { ExchangesSource } from "../src/service/sources/exchanges/exchanges-source.ts";
import { FakeExchange } from "../src/service/sources/exchanges/testing/fake-exchange.ts";
import type {
  FakeProtocol,
  FakeSocket,
  FakeTrade,
} from "../src/service/sources/exchanges/testing/fake-protocol.ts";
import type { LiveVenue } from "../src/service/sources/exchanges/testing/fake-venues.ts";
import { blockOf } from "../src/service/sources/exchanges/trade-intake.ts";
import { benchMarkets, benchTrade, marketPicker, usdPrice } from "./ingest-markets.ts";
import { seededRandom } from "./soak-traffic.ts";

const BLOCK_MS = BLOCK_SECONDS * 1000;

/** The part of ccxt's WebSocket client the replay talks to. */
interface CcxtClient {
  url: string;
  onMessage(event: { data: unknown }): void;
}

interface Frame {
  client: CcxtClient;
  data: string | Buffer;
}

export interface PassFigures {
  /** Messages handed to ccxt per read (1: each message alone). */
  perRead: number;
  cpuS: number;
  wallS: number;
  trades: number;
  taken: number;
  aggregated: number;
  duplicates: number;
  late: number;
}

export interface ReplayFigures {
  venue: string;
  markets: number;
  messages: number;
  trades: number;
  bytes: number;
  /** JSON.parse of the same messages, best of three. */
  baseline: { cpuS: number; wallS: number };
  passes: PassFigures[];
  /** ccxt's trade caches (tradesLimit per pair) after the passes: trades held and their heap, bytes. */
  cache: { trades: number; bytes: number } | null;
  /** The pipeline again with ccxt's tradesLimit at SMALL_CACHE instead of its default 1000. */
  smallCache: PassFigures;
}

/** The trades ccxt keeps per pair in the comparison pass. */
export const SMALL_CACHE = 100;

/** A started exchanges source of one venue, with what the replay needs to feed it. */
export interface ReplayRig {
  live: LiveVenue;
  source: ExchangesSource;
  aggregator: BlockAggregator;
  /** The next block the replay may use (each pass plays later blocks than the one before). */
  nextBlock: number;
  nextId: number;
  clientOf: (marketId: string) => { client: CcxtClient; socket: FakeSocket };
  markets: ReturnType<typeof benchMarkets>;
  random: () => number;
  /** The venue's ccxt exchange (VenueFeed keeps it to itself). */
  exchange: CcxtExchange;
  close(): Promise<void>;
}

export async function startRig(live: LiveVenue): Promise<ReplayRig> {
  const markets = benchMarkets(live);
  // The fake's sockets, as its protocol saw them: tradeFrames needs the subscriber's own socket (channel ids).
  const sockets: FakeSocket[] = [];
  const recording: FakeProtocol = {
    ...live.protocol,
    open(socket, state) {
      sockets.push(socket);
      live.protocol.open?.(socket, state);
    },
  };
  const fake = await FakeExchange.start(recording, { markets });
  const firstBlock = blockOf(Date.now()) + 1;
  const eurPerUsd = fxRates(42, Math.floor(Date.now() / 86_400_000)).EUR;
  const source = new ExchangesSource({
    venues: [live.venue],
    hosts: new Map([[live.venue.name, new URL(fake.origin)]]),
    coins: COINS.map((c) => c.symbol),
    usd: { quotation: usdPrice, fxRate: (currency) => (currency === "EUR" ? eurPerUsd : null) },
    firstLiveBlock: firstBlock,
    pairMemory: { load: () => null, save: () => {} },
    log: () => {},
    watchdogMs: 3_600_000,
  });
  await source.start();
  for (const m of markets) await fake.subscribed(m.id, 1, 30_000);
  const seriesIds = new Map<string, number>();
  const aggregator = new BlockAggregator(
    {
      seriesId: (symbol, exchange) => {
        const key = `${symbol}|${exchange ?? ""}`;
        if (!seriesIds.has(key)) seriesIds.set(key, seriesIds.size + 1);
        return seriesIds.get(key) as number;
      },
    },
    source.pairs(),
    firstBlock * BLOCK_MS,
  );
  // VenueFeed keeps its ccxt exchange to itself; the replay needs that exchange's WebSocket clients.
  const exchange = (source.feeds[0] as unknown as { exchange: CcxtExchange }).exchange;
  const clients = Object.values(exchange.clients) as unknown as CcxtClient[];
  const where = (url: URL) => url.pathname + url.search;
  const clientOf = (marketId: string) => {
    const socket = sockets.find((s) => s.subscribed.has(marketId));
    const client = socket && clients.find((c) => where(new URL(c.url)) === where(socket.url));
    if (!socket || !client) throw new Error(`${live.venue.name}: no ccxt client subscribed to ${marketId}`);
    return { client, socket };
  };
  return {
    live,
    source,
    aggregator,
    nextBlock: firstBlock,
    nextId: 1,
    clientOf,
    markets,
    random: seededRandom(7),
    exchange,
    close: async () => {
      await source.stop();
      await fake.close();
    },
  };
}

/** `count` trades over `blocks` blocks of the rig's timeline, as native frames, grouped by block. */
function framesOf(rig: ReplayRig, count: number, blocks: number): { block: number; frames: Frame[] }[] {
  const pick = marketPicker(rig.markets);
  const first = rig.nextBlock;
  const spacing = (blocks * BLOCK_MS) / count;
  const byBlock = Array.from({ length: blocks }, (_, i) => ({ block: first + i, frames: [] as Frame[] }));
  for (let k = 0; k < count; k++) {
    const timeMs = first * BLOCK_MS + Math.floor(k * spacing);
    const market = pick(rig.random());
    const trade: FakeTrade = benchTrade(rig.live, market, rig.nextId++, timeMs, rig.random);
    const { client, socket } = rig.clientOf(market.id);
    const frames = rig.live.protocol.tradeFrames(market.id, [trade], socket);
    const list = byBlock[blockOf(timeMs) - first]?.frames;
    for (const data of frames) list?.push({ client, data });
  }
  rig.nextBlock = first + blocks;
  return byBlock;
}

const cpuSeconds = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
};
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Replays `count` trades through the rig, `perRead` messages per socket read; blocks closed and aggregated. */
export async function pipelinePass(
  rig: ReplayRig,
  count: number,
  blocks: number,
  perRead: number,
): Promise<PassFigures> {
  const plan = framesOf(rig, count, blocks);
  const counts = rig.source.intake.countsOf(rig.live.venue.name);
  const before = { ...counts };
  let aggregated = 0;
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  for (const { block, frames } of plan) {
    for (let i = 0; i < frames.length; ) {
      const end = Math.min(frames.length, i + perRead);
      for (; i < end; i++) {
        const frame = frames[i] as Frame;
        frame.client.onMessage({ data: frame.data });
      }
      await turn();
    }
    aggregated += rig.aggregator.aggregate(block, rig.source.tradesOfBlock(block), true).trades.length;
  }
  const cpuS = cpuSeconds(cpu);
  const wallS = (performance.now() - t0) / 1000;
  return {
    perRead,
    cpuS,
    wallS,
    trades: count,
    taken: counts.taken - before.taken,
    aggregated,
    duplicates: counts.droppedDuplicate - before.droppedDuplicate,
    late: counts.droppedLate - before.droppedLate,
  };
}

/** Decodes a message as a WebSocket client must before anything reads it. */
function decode(data: string | Buffer): unknown {
  if (typeof data === "string") return JSON.parse(data);
  const bytes = data[0] === 0x1f && data[1] === 0x8b ? gunzipSync(data) : data;
  return JSON.parse(bytes.toString("utf8"));
}

/** The baseline: the same number of messages of the same venue, only decoded; best of three. */
export function baselinePass(
  rig: ReplayRig,
  count: number,
): { cpuS: number; wallS: number; bytes: number; messages: number } {
  // Frames of blocks the pipeline never plays: the baseline must not touch the rig's timeline twice.
  const saved = { nextBlock: rig.nextBlock, nextId: rig.nextId };
  const frames = framesOf(rig, count, 1).flatMap((b) => b.frames);
  Object.assign(rig, saved);
  const bytes = frames.reduce((sum, f) => sum + f.data.length, 0);
  let best = { cpuS: Number.POSITIVE_INFINITY, wallS: Number.POSITIVE_INFINITY };
  let sink = 0;
  for (let round = 0; round < 3; round++) {
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    for (const frame of frames) if (decode(frame.data) !== null) sink++;
    const figures = { cpuS: cpuSeconds(cpu), wallS: (performance.now() - t0) / 1000 };
    if (figures.cpuS < best.cpuS) best = figures;
  }
  if (sink !== frames.length * 3) throw new Error("a frame decoded to null");
  return { ...best, bytes, messages: frames.length };
}

/**
 * The heap ccxt's trade caches hold, measured by emptying them between two full collections (--expose-gc):
 * the caches are spent afterwards (the next pass starts them again).
 */
function cacheBytes(exchange: {
  trades: Record<string, unknown[]>;
}): { trades: number; bytes: number } | null {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return null;
  const caches = Object.values(exchange.trades);
  const trades = caches.reduce((sum, cache) => sum + cache.length, 0);
  gc();
  const held = process.memoryUsage().heapUsed;
  for (const cache of caches) cache.length = 0;
  gc();
  return { trades, bytes: held - process.memoryUsage().heapUsed };
}

/** Replays through one venue: the baseline, then the pipeline one message per read and 16 per read. */
export async function replayVenue(live: LiveVenue, count: number, blocks: number): Promise<ReplayFigures> {
  const rig = await startRig(live);
  try {
    // A short warm-up so the figures are of optimised code, as in a service that has run for a while.
    await pipelinePass(rig, Math.min(count, 10_000), 1, 1);
    const baseline = baselinePass(rig, count);
    const passes = [await pipelinePass(rig, count, blocks, 1), await pipelinePass(rig, count, blocks, 16)];
    const exchange = rig.exchange as unknown as {
      trades: Record<string, unknown[]>;
      options: Record<string, unknown>;
    };
    const cache = cacheBytes(exchange);
    // ccxt makes a pair's cache at its first trade, with the tradesLimit of that moment.
    exchange.options.tradesLimit = SMALL_CACHE;
    exchange.trades = {};
    await pipelinePass(rig, Math.min(count, 10_000), 1, 1);
    const smallCache = await pipelinePass(rig, count, blocks, 1);
    return {
      venue: live.venue.name,
      markets: rig.markets.length,
      messages: baseline.messages,
      trades: count,
      bytes: baseline.bytes,
      baseline: { cpuS: baseline.cpuS, wallS: baseline.wallS },
      passes,
      cache,
      smallCache,
    };
  } finally {
    await rig.close();
  }
}
