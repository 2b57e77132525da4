// Whether the service responds, as the transport last saw it, so that a page says the service is away
// while network failures are retried rather than show a skeleton that never ends.
import { ExternalStore } from "../store/external-store.ts";

export interface HealthSnapshot {
  /** Epoch ms of the first network failure since the last response; null while the service responds. */
  failingSince: number | null;
}

export class ServiceHealth extends ExternalStore<HealthSnapshot> {
  constructor() {
    super({ failingSince: null });
  }

  /** A request got no response at all (fetch's TypeError). */
  failed(now: number): void {
    if (this.get().failingSince !== null) return;
    this.set({ failingSince: now });
  }

  /** Any HTTP response, even a refusal: the service is there. */
  responded(): void {
    if (this.get().failingSince === null) return;
    this.set({ failingSince: null });
  }
}
