// What a series of a chart holds (its request's latest response, with older history in front) and how
// that changes, written once for lines and candles: a live refetch is appended with series.update rather
// than redrawn, older history goes in front with the view kept. Each kind draws through its SeriesBars.
import type { IRange, ITimeScaleApi, Time } from "lightweight-charts";
import { countBefore, type HeldExtent } from "./history-drawing.ts";
import { type AfterPaint, appendFrom } from "./series-drawing.ts";

/**
 * What setting a series' data did: replaced it, appended to it with `update`, or nothing (same data); or
 * what putting older history in front did: prepended.
 */
export type PointsChange = "set" | "appended" | "prepended" | "unchanged";

/** A series' data: its ascending times (seconds) and its columns beside them. */
interface Timed {
  readonly times: Float64Array;
}

/** How one kind of series puts its data on the chart (its own lightweight-charts series). */
export interface SeriesBars<Data extends Timed> {
  /** The most bars the series draws (the second pass draws this many). */
  readonly limit: number;
  /** How many bars the first pass draws on a chart `width` pixels wide. */
  firstPass(width: number): number;
  /** Whether the second pass fits the content again when the view showed all of it. */
  readonly refitsDetail: boolean;
  /** The first `count` of `older`, then `newer`. */
  join(older: Data, count: number, newer: Data): Data;
  /** `parts` (consecutive, the oldest first) as one. */
  concat(parts: readonly Data[]): Data;
  /** Whether `next` may go in with series.update while `held` (`older` items in front of its response) is shown. */
  appendable(held: Data | null, next: Data, older: number): boolean;
  /** `next`'s items from `from` on with series.update; `held` is what the series now holds. */
  append(held: Data, next: Data, from: number): void;
  /** `held` drawn again (setData) as at most `limit` bars. */
  draw(held: Data, limit: number): void;
  /** The new items of `older` (`part`) and the redraw that puts them in front; null when there are none. */
  prepended(held: HeldExtent, older: Data): { part: Data; redraw: () => void } | null;
}

/** What a held series asks of its chart. */
export interface SeriesHost {
  /** The chart's time scale; null once it is disposed. */
  timeScale(): ITimeScaleApi<Time> | null;
  /** The chart's width in pixels (0 before layout). */
  width(): number;
  afterPaint: AfterPaint;
  /** Runs `redraw`, which puts bars before the time `anchor`, with the view kept (ChartModel.keepingView). */
  keepingView(anchor: number, redraw: () => void): void;
}

export class HeldSeries<Data extends Timed> {
  /** What is held but for `front`: the request's response, with the older history joined to it so far. */
  private joined: Data | null = null;
  /**
   * Older pages not yet joined to `joined`, the oldest first: joined only when `held` is read, since joining
   * at each page copied every column of all that is held.
   */
  private front: Data[] = [];
  private frontLength = 0;
  /** The request's latest response as it was handed in (the query's data). */
  private response: Data | null = null;
  /** How many of `held` are older history in front of the response. */
  older = 0;
  /** Which request the data is the response to (the query key); a different one is never appended to. */
  source: string | null = null;
  /** Cancels the pending second pass, if there is one. */
  private cancelDetail: (() => void) | null = null;

  constructor(
    readonly bars: SeriesBars<Data>,
    private readonly host: SeriesHost,
  ) {}

  /** What the series shows: the older history loaded for its request, then its request's response. */
  get held(): Data | null {
    const joined = this.joined;
    if (joined === null || this.front.length === 0) return joined;
    this.hold(this.bars.concat([...this.front, joined]));
    return this.joined;
  }

  /** How many items the series shows (`held`'s length, without putting it together). */
  get length(): number {
    return (this.joined?.times.length ?? 0) + this.frontLength;
  }

  /** Whether it shows the response to `source` (older history can go in front of it). */
  shows(source: string): boolean {
    return this.source === source && this.joined !== null;
  }

  /**
   * Shows `data`, the response to `source`: appended when it extends the same request's data, else drawn
   * again and fitted (unless the reader has scrolled back into older history), a large one in two passes.
   */
  set(data: Data, source: string): PointsChange {
    const timeScale = this.host.timeScale();
    if (!timeScale || this.response === data) return "unchanged";
    const same = this.source === source;
    const from =
      same && this.response && this.bars.appendable(this.held, data, this.older)
        ? appendFrom(this.response, data)
        : null;
    // The history loaded in front of this request's responses stays in front of its newer ones.
    const held = same && this.older > 0 ? this.held : null;
    const older = held ? countBefore(held.times, data.times[0] ?? Number.POSITIVE_INFINITY) : 0;
    this.hold(held && older > 0 ? this.bars.join(held, older, data) : data);
    this.response = data;
    this.older = older;
    this.source = source;
    if (from !== null) {
      this.bars.append(this.joined as Data, data, from);
      return "appended";
    }
    this.cancel();
    const first = this.bars.firstPass(this.host.width());
    const shown = this.joined as Data;
    const twoPasses = Math.min(shown.times.length, this.bars.limit) > first;
    this.bars.draw(shown, twoPasses ? first : this.bars.limit);
    if (older === 0) timeScale.fitContent();
    if (twoPasses) this.cancelDetail = this.host.afterPaint(() => this.drawDetail());
    return "set";
  }

  /** `older` history of `source` in front of what is shown, drawn as densely, the view kept where it is. */
  prepend(older: Data, source: string): PointsChange {
    const joined = this.joined;
    if (!joined || this.source !== source) return "unchanged";
    const first = (this.front[0] ?? joined).times[0];
    const next = this.bars.prepended({ first, length: this.length }, older);
    if (next === null) return "unchanged";
    const count = next.part.times.length;
    this.front.unshift(next.part);
    this.frontLength += count;
    this.older += count;
    this.host.keepingView(first as number, next.redraw);
    return "prepended";
  }

  /** `data` held, nothing in front of it. */
  private hold(data: Data): void {
    this.joined = data;
    this.front = [];
    this.frontLength = 0;
  }

  /** Cancels the pending second pass. */
  cancel(): void {
    this.cancelDetail?.();
    this.cancelDetail = null;
  }

  /** The second pass: up to the limit of bars of what is held now, the view kept where the reader left it. */
  private drawDetail(): void {
    this.cancelDetail = null;
    const held = this.held;
    const timeScale = this.host.timeScale();
    if (!timeScale || !held || held.times.length === 0) return;
    const visible = timeScale.getVisibleRange();
    const refit = visible !== null && this.bars.refitsDetail && showsAll(visible, held);
    this.bars.draw(held, this.bars.limit);
    if (visible === null || refit) timeScale.fitContent();
    else timeScale.setVisibleRange(visible);
  }
}

function showsAll(visible: IRange<Time>, held: Timed): boolean {
  return (
    (visible.from as number) <= (held.times[0] as number) &&
    (visible.to as number) >= (held.times.at(-1) as number)
  );
}
