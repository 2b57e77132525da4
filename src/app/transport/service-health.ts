// Whether the service is answering, as the transport last saw it. A network failure is retried quietly
// with backoff (see network-retry.ts); meanwhile the page should say the service is not answering rather
// than show a skeleton that never ends.

export interface HealthSnapshot {
  /** Epoch ms of the first network failure since the last answer; null while the service answers. */
  failingSince: number | null;
}

export class ServiceHealth {
  private snapshot: HealthSnapshot = { failingSince: null };
  private readonly listeners = new Set<() => void>();

  get = (): HealthSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** A request got no answer at all (fetch's TypeError). */
  failed(now: number): void {
    if (this.snapshot.failingSince !== null) return;
    this.set({ failingSince: now });
  }

  /** Any HTTP answer, even a refusal: the service is there. */
  answered(): void {
    if (this.snapshot.failingSince === null) return;
    this.set({ failingSince: null });
  }

  private set(next: HealthSnapshot): void {
    this.snapshot = next;
    for (const listener of [...this.listeners]) listener();
  }
}
