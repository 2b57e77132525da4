// The chart points worker: decodes response bodies off the main thread and sends the typed arrays back,
// transferred (its messages in points-worker-protocol.ts; the page's side is worker-points-decoder.ts).
import { type DecodeRequest, handleDecodeRequest } from "./points-worker-protocol.ts";

interface WorkerScope {
  onmessage: ((event: MessageEvent<DecodeRequest>) => void) | null;
  postMessage(message: unknown, transfer: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  const { reply, transfer } = handleDecodeRequest(event.data);
  scope.postMessage(reply, transfer);
};
