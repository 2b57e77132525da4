// The chart page's model: candles and lines (CandleChartModel) that also say which point a click landed on,
// for "How this price was made" (chosen-block-bar.tsx), and mark the point chosen on the main series (a
// lightweight-charts series marker: an arrow above the bar, in the theme's text colour). Kept here rather
// than in the shared chart models: only this page picks points, and the base's chart is reached the way its
// own kinds reach it.
import {
  createSeriesMarkers,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type MouseEventParams,
  type SeriesType,
  type Time,
  type UTCTimestamp,
} from "lightweight-charts";
import { CandleChartModel, type CandleSeriesSpec } from "../charts/candle-chart-model.ts";
import type { PointsChartSetup, SeriesSpec } from "../charts/points-chart-model.ts";
import { seriesIdOf } from "./chart-params.ts";

type PointClick = (time: number) => void;

/** The markers of one series: lightweight-charts' createSeriesMarkers unless a test hands in a stand-in. */
export type CreateMarkersFn = (
  series: ISeriesApi<SeriesType>,
) => Pick<ISeriesMarkersPluginApi<Time>, "setMarkers" | "detach">;

export interface PointPickingSetup extends PointsChartSetup {
  createMarkers?: CreateMarkersFn;
}

/** The series the chosen point is marked on: the main one, candles or line. */
const MARKED = seriesIdOf(null, true);

export class PointPickingChartModel extends CandleChartModel {
  private readonly picks = new Set<PointClick>();
  private readonly unsubscribe: () => void;
  private readonly createMarkers: CreateMarkersFn;
  /** The time marked (Unix seconds), or null: nothing chosen. */
  private marked: number | null = null;
  /** The markers on the main series while a point is marked, and that series. */
  private markers: { series: ISeriesApi<SeriesType>; api: ReturnType<CreateMarkersFn> } | null = null;

  constructor(container: HTMLElement, setup: PointPickingSetup = {}) {
    super(container, setup);
    this.createMarkers = setup.createMarkers ?? ((series) => createSeriesMarkers(series));
    const chart = this.chart;
    const onClick = (param: MouseEventParams<Time>) => {
      // A click beside the data (the axis, past the last point) names no point: nothing is chosen.
      if (typeof param.time !== "number") return;
      for (const pick of this.picks) pick(param.time);
    };
    chart?.subscribeClick(onClick);
    this.unsubscribe = () => chart?.unsubscribeClick(onClick);
  }

  /** Calls `pick` with the time of each point clicked (Unix seconds, as drawn); returns its removal. */
  onPointClick(pick: PointClick): () => void {
    this.picks.add(pick);
    return () => this.picks.delete(pick);
  }

  /**
   * Marks the point at `time` (Unix seconds, a time of the main series; on merged candles the one holding
   * it) on the chart, in place of the point marked before; null removes the mark.
   */
  markPoint(time: number | null): void {
    if (time === this.marked) return;
    this.marked = time;
    this.placeMark();
  }

  override setSeries(id: string, spec: SeriesSpec): void {
    this.movingMark(id, () => super.setSeries(id, spec));
  }

  override setCandleSeries(id: string, spec: CandleSeriesSpec): void {
    this.movingMark(id, () => super.setCandleSeries(id, spec));
  }

  override removeSeries(id: string): void {
    this.movingMark(id, () => super.removeSeries(id));
  }

  protected override recolour(): void {
    super.recolour();
    this.placeMark();
  }

  protected override release(): void {
    this.unsubscribe();
    this.picks.clear();
    // The chart is removed with its series and their markers.
    this.markers = null;
    super.release();
  }

  /** Runs `change` to the series `id`; when that is the main series, which it may replace, the mark follows. */
  private movingMark(id: string, change: () => void): void {
    if (id !== MARKED || this.markers === null) {
      change();
      return;
    }
    // Off the series before it may be removed; on the main series (the same or a new one) again after.
    this.markers.api.detach();
    this.markers = null;
    change();
    this.placeMark();
  }

  /** The mark on the main series as `marked` says: set, moved or removed. */
  private placeMark(): void {
    if (!this.chart) return;
    const series = this.seriesApi(MARKED);
    if (this.marked === null || series === null) {
      this.markers?.api.detach();
      this.markers = null;
      return;
    }
    if (this.markers?.series !== series) {
      this.markers?.api.detach();
      this.markers = { series, api: this.createMarkers(series) };
    }
    this.markers.api.setMarkers([
      {
        id: "chosen",
        time: this.marked as UTCTimestamp,
        position: "aboveBar",
        shape: "arrowDown",
        color: this.theme.text,
      },
    ]);
  }
}
