// sfc32, a small fast random generator re-seeded in place: one stream per (block, pair), no allocation.
import { mix32 } from "../../seeded-hash.ts";

/** sfc32 (Chris Doty-Humphrey's small fast counting generator), re-seedable without allocating. */
export class Sfc32 {
  private a = 0;
  private b = 0;
  private c = 0;
  private d = 1;
  seed(key: number): void {
    this.a = mix32(key + 0x9e3779b9) | 0;
    this.b = mix32(key + 0x3c6ef372) | 0;
    this.c = mix32(key + 0xdaa66d2b) | 0;
    this.d = 1;
    // The three words are already independent hashes; two rounds mix them into each other.
    this.next();
    this.next();
  }
  /** A uniform 32-bit value, as a signed int32. */
  next(): number {
    const a = this.a;
    const b = this.b;
    const c = this.c;
    const d = this.d;
    const t = (((a + b) | 0) + d) | 0;
    this.d = (d + 1) | 0;
    this.a = b ^ (b >>> 9);
    this.b = (c + (c << 3)) | 0;
    this.c = (((c << 21) | (c >>> 11)) + t) | 0;
    return t;
  }
}
