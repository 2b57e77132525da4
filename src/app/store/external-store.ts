// A value React reads with useSyncExternalStore: a new object on every change, each reader told of it.
export class ExternalStore<T> {
  private readonly listeners = new Set<() => void>();

  constructor(private value: T) {}

  get = (): T => this.value;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  protected set(next: T): void {
    this.value = next;
    for (const listener of [...this.listeners]) listener();
  }
}
