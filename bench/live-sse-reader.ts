// bench:live's baseline: a bare reader of GET /v1/stream, in a process of its own (no browser, no app). After
// `warm-up` ms (the stream's first events replay the newest of everything), for `seconds`, it keeps for each
// price and candle event when it was read (Date.now(), the fakes' clock: one machine) minus the event's
// `time`, its newest trade; then prints them as JSON, with the body bytes of those seconds. Run by
// live.bench.ts beside the page: `node --import tsx bench/live-sse-reader.ts <stream url> <warm-up ms> <seconds>`.
import { createParser } from "eventsource-parser";

const [url, warmUp, seconds] = process.argv.slice(2);
if (!url || !warmUp || !seconds)
  throw new Error("usage: live-sse-reader.ts <stream url> <warm-up ms> <seconds>");

const latencies: number[] = [];
let bytes = 0;
const abort = new AbortController();
const response = await fetch(url, { headers: { Accept: "text/event-stream" }, signal: abort.signal });
if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status}`);
const from = Date.now() + Number(warmUp);
setTimeout(() => abort.abort(), from + Number(seconds) * 1000 - Date.now());
let at = 0;
const parser = createParser({
  onEvent: (message) => {
    if (at < from || (message.event !== "price" && message.event !== "candle")) return;
    const { time } = JSON.parse(message.data) as { time: string };
    latencies.push(at - Date.parse(time));
  },
});
const decoder = new TextDecoder();
try {
  for await (const chunk of response.body) {
    at = Date.now();
    if (at >= from) bytes += chunk.byteLength;
    parser.feed(decoder.decode(chunk, { stream: true }));
  }
} catch (error) {
  if (!abort.signal.aborted) throw error;
}
console.log(JSON.stringify({ latencies, bytes }));
