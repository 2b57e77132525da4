// The chart points worker: decodes answers' bodies off the main thread and sends the typed arrays back,
// transferred (see points-decode-request.ts; the page side is points-decoder.ts).
import { type DecodeRequest, handleDecodeRequest } from "./points-decode-request.ts";

interface WorkerScope {
  onmessage: ((event: MessageEvent<DecodeRequest>) => void) | null;
  postMessage(message: unknown, transfer: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  const { reply, transfer } = handleDecodeRequest(event.data);
  scope.postMessage(reply, transfer);
};
