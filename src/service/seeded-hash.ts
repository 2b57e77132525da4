// Stateless 32-bit hashes that turn a seed and a key into well-mixed bits. The simulated market and the
// simulated FX rates draw every random number from them, which is why either is a pure function of its seed.

/** lowbias32 integer hash (Chris Wellons). */
export function mix32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

/** FNV-1a hash of a string, mixed. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return mix32(h);
}

/** A 32-bit hash of a seed that may be any finite number (integers beyond 2³² keep their high bits). */
export function hashSeed(seed: number): number {
  const lo = seed >>> 0;
  const hi = Math.floor(seed / 4294967296) >>> 0;
  const frac = Math.floor((seed - Math.floor(seed)) * 4294967296) >>> 0;
  return mix32(mix32(lo ^ 0x3c6ef372) ^ mix32(hi + 0x1b873593) ^ mix32(frac + 0x5bd1e995));
}
