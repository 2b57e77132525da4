// Which point a click on the chart landed on, and the mark on the point chosen: a part of the chart page's
// model, which says which series carries the mark.
import {
  createSeriesMarkers,
  type IChartApi,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type MouseEventParams,
  type SeriesType,
  type Time,
  type UTCTimestamp,
} from "lightweight-charts";

type PointClick = (time: number) => void;

/** The markers of one series: lightweight-charts' createSeriesMarkers unless a test hands in a fake. */
export type CreateMarkersFn = (
  series: ISeriesApi<SeriesType>,
) => Pick<ISeriesMarkersPluginApi<Time>, "setMarkers" | "detach">;

export class PointPicker {
  private readonly picks = new Set<PointClick>();
  private readonly unsubscribe: () => void;
  /** The time marked (Unix seconds), or null: nothing chosen. */
  private marked: number | null = null;
  /** The markers on the marked series while a point is marked, and that series. */
  private markers: { series: ISeriesApi<SeriesType>; api: ReturnType<CreateMarkersFn> } | null = null;

  constructor(
    chart: IChartApi,
    /** The series the chosen point is marked on, or null while the chart has none. */
    private readonly markedSeries: () => ISeriesApi<SeriesType> | null,
    /** The mark's colour: the theme's text colour. */
    private colour: string,
    private readonly createMarkers: CreateMarkersFn = (series) => createSeriesMarkers(series),
  ) {
    const onClick = (param: MouseEventParams<Time>) => {
      // A click beside the data (the axis, past the last point) names no point: nothing is chosen.
      if (typeof param.time !== "number") return;
      for (const pick of this.picks) pick(param.time);
    };
    chart.subscribeClick(onClick);
    this.unsubscribe = () => chart.unsubscribeClick(onClick);
  }

  /** Calls `pick` with the time of each point clicked (Unix seconds, as drawn); returns its removal. */
  onPointClick(pick: PointClick): () => void {
    this.picks.add(pick);
    return () => this.picks.delete(pick);
  }

  /** Marks the point at `time` (on merged candles the one holding it) instead of the last; null unmarks. */
  markPoint(time: number | null): void {
    if (time === this.marked) return;
    this.marked = time;
    this.placeMark();
  }

  /** Runs `change` to the marked series, which may replace it: the mark follows. */
  following(change: () => void): void {
    if (this.markers === null) {
      change();
      return;
    }
    // Off the series before it may be removed; on the marked series (the same or a new one) again after.
    this.markers.api.detach();
    this.markers = null;
    change();
    this.placeMark();
  }

  /** The mark in `colour` from now on. */
  recolour(colour: string): void {
    this.colour = colour;
    this.placeMark();
  }

  /** Lets go of the chart's click; the chart is removed with its series and their markers. */
  release(): void {
    this.unsubscribe();
    this.picks.clear();
    this.markers = null;
  }

  /** The mark on the marked series as `marked` says: set, moved or removed. */
  private placeMark(): void {
    const series = this.markedSeries();
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
        color: this.colour,
      },
    ]);
  }
}
