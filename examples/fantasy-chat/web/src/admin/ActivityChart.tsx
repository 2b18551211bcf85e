import type { AdminBilling } from "../api/types";
import { formatMoney } from "../subscription/billing-format";

const WIDTH = 600;
const HEIGHT = 160;
/** Room on the left for each band's name and peak, and below the bands for the first and last day. */
const LEFT = 112;
const RIGHT = 12;
const TOP = 4;
const BOTTOM = 18;
const BAND = (HEIGHT - TOP - BOTTOM) / 3;
const AXIS_TEXT = "#cbb8d9";

/** The chart's series: what, how it is drawn, and how its numbers are read out. */
const SERIES = [
  { key: "signups", label: "Signups", color: "#ffd666", dash: "" },
  { key: "messages", label: "Messages", color: "#7dd3fc", dash: "6 4" },
  { key: "revenue", label: "Revenue", color: "#86efac", dash: "2 4" },
] as const;
type SeriesKey = (typeof SERIES)[number]["key"];

/** Where band `index` draws: its top and bottom (the line's 0 and its peak). */
function bandBox(index: number): { top: number; bottom: number } {
  const top = TOP + index * BAND + 6;
  return { top, bottom: TOP + (index + 1) * BAND - 4 };
}

/** A series' points in its own band, scaled to its own peak (0 at the band's baseline). */
function points(days: AdminBilling["daily"], key: SeriesKey, index: number): string {
  const max = Math.max(1, ...days.map((d) => d[key]));
  const { top, bottom } = bandBox(index);
  const step = days.length > 1 ? (WIDTH - LEFT - RIGHT) / (days.length - 1) : 0;
  return days
    .map((d, i) => `${(LEFT + i * step).toFixed(1)},${(bottom - (d[key] / max) * (bottom - top)).toFixed(1)}`)
    .join(" ");
}

/**
 * The last 30 days as an inline SVG chart of three bands, one per series (signups, messages, revenue), each on its
 * own scale, named on the left with its peak (so counts and rand are never read against one axis), the first and
 * last day under them; the figures as a table for screen readers and anyone who wants the numbers.
 */
export function ActivityChart({ billing }: { billing: AdminBilling }) {
  const days = billing.daily;
  const total = (key: SeriesKey) => days.reduce((sum, d) => sum + d[key], 0);
  const peak = (key: SeriesKey) => {
    const max = Math.max(0, ...days.map((d) => d[key]));
    return key === "revenue" ? formatMoney(max, billing.currency) : String(max);
  };
  return (
    <figure className="chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label="Last 30 days"
        aria-describedby="chart-desc"
        className="chart-svg"
      >
        <title>Last 30 days</title>
        <desc id="chart-desc">
          {`${total("signups")} signups, ${total("messages")} messages and ${formatMoney(total("revenue"), billing.currency)} revenue in the last ${days.length} days.`}
        </desc>
        {SERIES.map((s, index) => {
          const { top, bottom } = bandBox(index);
          return (
            <g key={s.key} className="chart-band">
              <text x={6} y={top + 12} fill={s.color} fontSize={12} fontWeight={700}>
                {s.label}
              </text>
              <text x={6} y={top + 27} fill={AXIS_TEXT} fontSize={11}>
                {`peak ${peak(s.key)}`}
              </text>
              <line x1={LEFT} y1={bottom} x2={WIDTH - RIGHT} y2={bottom} stroke="#8a7a99" />
              <polyline
                points={points(days, s.key, index)}
                fill="none"
                stroke={s.color}
                strokeWidth={2}
                strokeDasharray={s.dash || undefined}
              />
            </g>
          );
        })}
        {days.length > 0 ? (
          <>
            <text x={LEFT} y={HEIGHT - 4} fill={AXIS_TEXT} fontSize={11}>
              {days[0]!.date}
            </text>
            <text x={WIDTH - RIGHT} y={HEIGHT - 4} fill={AXIS_TEXT} fontSize={11} textAnchor="end">
              {days[days.length - 1]!.date}
            </text>
          </>
        ) : null}
      </svg>
      <figcaption className="chart-legend">
        {SERIES.map((s) => (
          <span key={s.key}>
            <svg width="24" height="8" aria-hidden="true">
              <line
                x1="0"
                y1="4"
                x2="24"
                y2="4"
                stroke={s.color}
                strokeWidth={2}
                strokeDasharray={s.dash || undefined}
              />
            </svg>{" "}
            {s.label}
          </span>
        ))}
      </figcaption>
      <details>
        <summary>Show the numbers</summary>
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Day</th>
              {SERIES.map((s) => (
                <th key={s.key} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <th scope="row">{d.date}</th>
                <td>{d.signups}</td>
                <td>{d.messages}</td>
                <td>{formatMoney(d.revenue, billing.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/**
 * The chart's frame while its figures load: the same box (the chart's own proportions), legend line and disclosure
 * line, blank, so that the section does not grow when the chart arrives. Hidden from assistive technology.
 */
export function ActivityChartPlaceholder() {
  return (
    <div className="chart" aria-hidden="true">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="chart-svg" />
      <div className="chart-legend">{"\u00a0"}</div>
      <div>{"\u00a0"}</div>
    </div>
  );
}
