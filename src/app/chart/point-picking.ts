// The chart page's model: candles and lines (CandleChartModel) that also say which point a click landed on,
// for "How this price was made" (chosen-block-bar.tsx). Kept here rather than in the shared chart models:
// only this page picks points, and the base's chart is reached the way its own kinds reach it.
import type { MouseEventParams, Time } from "lightweight-charts";
import { CandleChartModel } from "../charts/candle-chart-model.ts";

type PointClick = (time: number) => void;

export class PointPickingChartModel extends CandleChartModel {
  private readonly picks = new Set<PointClick>();
  private readonly unsubscribe: () => void;

  constructor(...args: ConstructorParameters<typeof CandleChartModel>) {
    super(...args);
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

  protected override release(): void {
    this.unsubscribe();
    this.picks.clear();
    super.release();
  }
}
