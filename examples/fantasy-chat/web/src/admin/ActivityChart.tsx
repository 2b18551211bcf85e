import type { AdminBilling } from "../api/types";
import { formatMoney } from "../subscription/billing-format";

const WIDTH = 600;
const HEIGHT = 160;
const PAD = 24;

/** The chart's series: what, how it is drawn, and how its numbers are read out. */
const SERIES = [
  { key: "signups", label: "Signups", color: "#ffd666", dash: "" },
  { key: "messages", label: "Messages", color: "#7dd3fc", dash: "6 4" },
  { key: "revenue", label: "Revenue", color: "#86efac", dash: "2 4" },
] as const;

/** A series' points scaled to the chart (each series to its own maximum, so all three are readable). */
function points(days: AdminBilling["daily"], key: (typeof SERIES)[number]["key"]): string {
  const max = Math.max(1, ...days.map((d) => d[key]));
  const step = days.length > 1 ? (WIDTH - 2 * PAD) / (days.length - 1) : 0;
  return days
    .map(
      (d, i) =>
        `${(PAD + i * step).toFixed(1)},${(HEIGHT - PAD - (d[key] / max) * (HEIGHT - 2 * PAD)).toFixed(1)}`,
    )
    .join(" ");
}

/**
 * The last 30 days as an inline SVG line chart (signups, messages, revenue; each scaled to its own peak, told
 * apart by colour and dash), with the figures as a table for screen readers and anyone who wants the numbers.
 */
export function ActivityChart({ billing }: { billing: AdminBilling }) {
  const days = billing.daily;
  const total = (key: (typeof SERIES)[number]["key"]) => days.reduce((sum, d) => sum + d[key], 0);
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
        <line x1={PAD} y1={HEIGHT - PAD} x2={WIDTH - PAD} y2={HEIGHT - PAD} stroke="#8a7a99" />
        {SERIES.map((s) => (
          <polyline
            key={s.key}
            points={points(days, s.key)}
            fill="none"
            stroke={s.color}
            strokeWidth={2}
            strokeDasharray={s.dash || undefined}
          />
        ))}
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
