// Reading a body chunk by chunk: the edge cases a real server rarely shows (see transport.test.ts for the
// download against a real HTTP peer).
import { describe, expect, it } from "vitest";
import { declaredLength, readBody } from "./read-body.ts";

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

const signal = () => new AbortController().signal;

describe("readBody", () => {
  it("joins the chunks, growing past its first buffer when the length is unknown", async () => {
    const big = "y".repeat(100_000);
    const calls: [number, number | null][] = [];
    const bytes = await readBody(new Response(streamOf(["ab", big, "cd"])), signal(), (r, t) =>
      calls.push([r, t]),
    );
    expect(new TextDecoder().decode(bytes)).toBe(`ab${big}cd`);
    expect(calls).toEqual([
      [0, null],
      [2, null],
      [100_002, null],
      [100_004, null],
    ]);
  });

  it("stops claiming a total once the body outgrows its Content-Length (a compressed answer)", async () => {
    const response = new Response(streamOf(["abc", "defg"]), { headers: { "Content-Length": "5" } });
    const calls: [number, number | null][] = [];
    const bytes = await readBody(response, signal(), (r, t) => calls.push([r, t]));
    expect(new TextDecoder().decode(bytes)).toBe("abcdefg");
    expect(calls).toEqual([
      [0, 5],
      [3, 5],
      [7, null],
    ]);
  });

  it("counts a compressed answer against its decoded length when the service says it", async () => {
    const response = new Response(streamOf(["abc", "defg"]), {
      headers: { "Content-Length": "5", "Content-Encoding": "br", "X-Decoded-Length": "7" },
    });
    const calls: [number, number | null][] = [];
    await readBody(response, signal(), (r, t) => calls.push([r, t]));
    expect(calls).toEqual([
      [0, 7],
      [3, 7],
      [7, 7],
    ]);
  });

  it("gives an empty buffer for no body, and rejects at once when already cancelled", async () => {
    expect((await readBody(new Response(null), signal())).byteLength).toBe(0);
    await expect(readBody(new Response("x"), AbortSignal.abort(new Error("gone")))).rejects.toThrow("gone");
  });

  it("reads a declared length only when it is one", () => {
    const withLength = (value: string) => new Response(null, { headers: { "Content-Length": value } });
    expect(declaredLength(withLength("1234"))).toBe(1234);
    expect(declaredLength(withLength("12ab"))).toBeNull();
    expect(declaredLength(new Response(null))).toBeNull();
  });
});
