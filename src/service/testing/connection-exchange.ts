// Several raw requests on one connection, the ways clients and proxies reuse connections: one after
// another (each written once the answer before it has come, kept alive), or pipelined (all in one write).
// What comes back is read with the strict reader (http-answers.ts) as it arrives.
import net from "node:net";
import { type Bodiless, type ReadAnswers, readAnswers } from "./http-answers.ts";

export type ConnectionPattern = "one" | "one-after-another" | "pipelined";

export interface ConnectionPlan {
  pattern: ConnectionPattern;
  /** Each request's bytes. */
  requests: Buffer[];
  /**
   * Per request (one after another only): where its body starts when the client holds the body back until
   * "100 Continue" or the final answer comes, or a moment passes (curl waits a second); else null.
   */
  heldBodyAt: (number | null)[];
  bodiless: Bodiless;
  /** Close the sending side after the last request. */
  halfClose: boolean;
  timeoutMs?: number;
}

export interface ConnectionExchange {
  read: ReadAnswers;
  /** How many requests were written whole. */
  written: number;
  /** Requests whose body was held back and then not sent, because the final answer came first. */
  bodiesWithheld: number[];
  /** The server closed (or reset) the connection. */
  closedByServer: boolean;
  /** What went wrong on the client's side: a timeout or a socket error. */
  problem?: string;
}

/** How long the client waits for "100 Continue" before sending a held-back body anyway. */
const CONTINUE_WAIT_MS = 200;
/** How long to listen after the last answer for bytes that should not be there. */
const QUIET_MS = 20;
/** How long a server that said `Connection: close` has to close it. */
const CLOSE_WAIT_MS = 3_000;

export async function exchangeOnConnection(port: number, plan: ConnectionPlan): Promise<ConnectionExchange> {
  const { requests, heldBodyAt, bodiless, halfClose, timeoutMs = 10_000 } = plan;
  const chunks: Buffer[] = [];
  let closedByServer = false;
  let socketError: string | undefined;
  let wake: (() => void) | undefined;
  const socket = net.connect(port, "127.0.0.1");
  const notify = () => wake?.();
  socket.on("data", (chunk) => {
    chunks.push(chunk);
    notify();
  });
  socket.on("end", () => {
    closedByServer = true;
    notify();
  });
  socket.on("close", () => {
    closedByServer = true;
    notify();
  });
  socket.on("error", (error) => {
    socketError = error.message;
    closedByServer = true;
    notify();
  });
  const read = () => readAnswers(Buffer.concat(chunks), bodiless, closedByServer);
  /** Waits until `done` holds of what was read, the server closes, or `ms` pass; answers whether `done` held. */
  const until = async (done: (r: ReadAnswers) => boolean, ms: number): Promise<boolean> => {
    const deadline = performance.now() + ms;
    for (;;) {
      const now = read();
      if (done(now)) return true;
      if (closedByServer || now.problem !== undefined) return false;
      const left = deadline - performance.now();
      if (left <= 0) return false;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  };
  const send = (bytes: Buffer, last: boolean) => {
    if (socket.destroyed || !socket.writable) return;
    if (last && halfClose) socket.end(bytes);
    else socket.write(bytes);
  };

  let problem: string | undefined;
  let written = 0;
  const bodiesWithheld: number[] = [];
  const answered = (count: number) => (r: ReadAnswers) => r.answers.length >= count;
  const saidClose = (r: ReadAnswers) => r.answers.at(-1)?.closes === true;
  const connected = await new Promise<boolean>((resolve) => {
    socket.once("connect", () => resolve(true));
    socket.once("error", () => resolve(false));
  });
  if (!connected) problem = `could not connect: ${socketError}`;
  else if (plan.pattern === "one-after-another") {
    for (let i = 0; i < requests.length; i++) {
      const bytes = requests[i] as Buffer;
      const last = i === requests.length - 1;
      const bodyAt = heldBodyAt[i] ?? null;
      if (bodyAt !== null && bodyAt < bytes.length) {
        send(bytes.subarray(0, bodyAt), false);
        // The body goes once "100 Continue" came or a moment passed; not at all if the final answer came.
        await until((r) => r.answers.length > i || r.pendingInterims.length > 0, CONTINUE_WAIT_MS);
        const now = read();
        if (now.answers.length > i || closedByServer) bodiesWithheld.push(i);
        else send(bytes.subarray(bodyAt), last);
      } else {
        send(bytes, last);
      }
      written = i + 1;
      if (!(await until(answered(i + 1), timeoutMs))) break;
      if (saidClose(read())) break;
    }
  } else {
    send(Buffer.concat(requests), true);
    written = requests.length;
    await until((r) => answered(requests.length)(r) || saidClose(r), timeoutMs);
  }
  const now = read();
  if (connected && now.problem === undefined && !closedByServer) {
    if (saidClose(now)) {
      await until(() => false, CLOSE_WAIT_MS);
    } else if (now.answers.length < written) {
      problem = `no answer within ${timeoutMs} ms`;
    } else {
      // Anything more (a stray interim, a second answer to one request) would come right behind.
      await until(() => false, QUIET_MS);
    }
  }
  socket.destroy();
  if (socketError !== undefined && problem === undefined) problem = `socket error: ${socketError}`;
  return {
    read: read(),
    written,
    bodiesWithheld,
    closedByServer,
    ...(problem !== undefined ? { problem } : {}),
  };
}

/** A shell command that sends the same bytes again, the same way (one write, or one request at a time). */
export function replayConnection(
  port: number,
  pattern: ConnectionPattern,
  requests: Buffer[],
  halfClose: boolean,
): string {
  const parts = JSON.stringify(
    pattern === "one-after-another"
      ? requests.map((r) => r.toString("base64"))
      : [Buffer.concat(requests).toString("base64")],
  );
  const end = halfClose ? "end" : "write";
  return (
    `node -e 'const p=${parts},s=require("net").connect(${port},"127.0.0.1");s.pipe(process.stdout);` +
    `p.forEach((b,i)=>setTimeout(()=>s[i===p.length-1?"${end}":"write"](Buffer.from(b,"base64")),300*i))'`
  );
}
