// Timings of the service's calls to what lies outside it: the stores' operations and Redis's commands, into
// the histograms of ServiceMetrics. Wrappers measure without changing what a call returns or throws.
import type { Redis } from "ioredis";
import type { AccessStore } from "../access/access-store.ts";
import type { Store } from "../store/store.ts";
import type { DurationObserver, ServiceMetrics } from "./metrics.ts";

/** Observes how long `work` takes to settle (resolved or rejected) and passes its outcome through. */
export function timed<T>(duration: DurationObserver, work: Promise<T>): Promise<T> {
  const started = performance.now();
  const observe = () => duration.observe((performance.now() - started) / 1000);
  return work.then(
    (value) => {
      observe();
      return value;
    },
    (error: unknown) => {
      observe();
      throw error;
    },
  );
}

function isPromise(value: unknown): value is Promise<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}

/**
 * `target` seen through a Proxy that times every method returning a promise, labelled with the method's
 * name; sync methods (Store.seriesId) and properties are as they were. A method runs on the target itself,
 * so its own fields (private ones included) are the target's. Each method is wrapped once, at its first use.
 */
function timeAsyncMethods<T extends object>(target: T, store: string, metrics: ServiceMetrics): T {
  const wrapped = new Map<PropertyKey, unknown>();
  return new Proxy(target, {
    get(object, property) {
      const value = Reflect.get(object, property, object);
      if (typeof value !== "function" || typeof property !== "string" || property === "constructor")
        return value;
      let method = wrapped.get(property);
      if (method === undefined) {
        const duration = metrics.storeOperation(store, property);
        method = (...args: unknown[]) => {
          const result = (value as (...a: unknown[]) => unknown).apply(object, args);
          if (!isPromise(result)) return result;
          return timed(duration, result).catch((error: unknown) => {
            metrics.storeFailure(store, property);
            throw error;
          });
        };
        wrapped.set(property, method);
      }
      return method;
    },
  });
}

/** The market's store with each asynchronous call timed as store="market", operation=<method>. */
export function timeStore(store: Store, metrics: ServiceMetrics): Store {
  return timeAsyncMethods(store, "market", metrics);
}

/** The access store with each call timed as store="access", operation=<method>. */
export function timeAccessStore(store: AccessStore, metrics: ServiceMetrics): AccessStore {
  return timeAsyncMethods(store, "access", metrics);
}

/** The part of ioredis's client that every command goes through, pipelines' and transactions' included. */
interface CommandSender {
  sendCommand(command: { name: string; promise: Promise<unknown> }, ...rest: unknown[]): unknown;
}

/**
 * Times every command `redis` sends, from the send to its reply (a wait for the connection included), by
 * the command's name (ioredis hands each command to sendCommand, a pipeline's one by one). Returns the
 * client itself.
 */
export function timeRedisCommands(redis: Redis, metrics: ServiceMetrics): Redis {
  const client = redis as unknown as CommandSender;
  const send = client.sendCommand.bind(client);
  const durations = new Map<string, DurationObserver>();
  // A command sent before the connection is ready is queued and sent again once it is: timed once.
  const timing = new WeakSet<object>();
  client.sendCommand = (command, ...rest) => {
    if (timing.has(command)) return send(command, ...rest);
    timing.add(command);
    let duration = durations.get(command.name);
    if (duration === undefined) {
      duration = metrics.redisCommand(command.name);
      durations.set(command.name, duration);
    }
    // A rejected reply is the caller's to handle; the timing only watches it.
    timed(duration, command.promise).catch(() => undefined);
    return send(command, ...rest);
  };
  return redis;
}
