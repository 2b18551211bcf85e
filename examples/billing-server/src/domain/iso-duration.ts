const DAY_MS = 86_400_000;

/**
 * Adds an ISO 8601 duration such as P1M, P1W, P7D or P1Y to a date (UTC). Months and years clamp to the end
 * of the target month, so a subscription bought on 31 January renews on the last day of February.
 */
export function addIsoDuration(date: Date, duration: string, times = 1): Date {
  const match = /^PT?(\d+)([YMWD])$/.exec(duration);
  if (!match) throw new Error(`Invalid ISO 8601 duration: ${duration}`);
  const count = Number(match[1]) * times;
  const unit = match[2];
  if (unit === "D" || unit === "W") return new Date(date.getTime() + count * (unit === "W" ? 7 : 1) * DAY_MS);
  const months = unit === "Y" ? count * 12 : count;
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  target.setUTCHours(
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    date.getUTCMilliseconds(),
  );
  return target;
}
