import { useId } from 'react';
import './bar-chart.css';

export interface BarDatum {
  /** Short label under the bar (a day: "23 Nov"). */
  label: string;
  value: number;
}

/**
 * A column chart in plain SVG: no chart library for a row of bars. The picture is decorative for a screen
 * reader; the same figures follow as a table (folded away for sighted users), its text equivalent.
 */
export function BarChart({
  title,
  data,
  unit,
  height = 140,
  summary: ownSummary,
}: {
  title: string;
  data: BarDatum[];
  /** What a value counts, for the table header and the summary ("attempts"). */
  unit: string;
  height?: number;
  /**
   * The sentence a screen reader hears, when "N in all" would mislead: students active per day do not add up
   * (one student on three days is not three students).
   */
  summary?: string;
}) {
  const id = useId();
  const max = Math.max(1, ...data.map((d) => d.value));
  const total = data.reduce((s, d) => s + d.value, 0);
  const peak = data.reduce<BarDatum | null>((best, d) => (!best || d.value > best.value ? d : best), null);
  const barWidth = 10;
  const gap = 4;
  const width = data.length * (barWidth + gap);
  const summary =
    ownSummary ??
    (peak
      ? `${title}: ${total} ${unit} in all; the busiest was ${peak.label} with ${peak.value}.`
      : `${title}: no data.`);
  return (
    <figure className="bar-chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="bar-chart__caption">
        {summary}
      </figcaption>
      <svg
        className="bar-chart__svg"
        viewBox={`0 0 ${width} ${height + 14}`}
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
      >
        <line x1="0" y1={height} x2={width} y2={height} className="bar-chart__axis" />
        {data.map((d, i) => {
          const h = (d.value / max) * (height - 4);
          return (
            <rect
              key={d.label}
              x={i * (barWidth + gap) + gap / 2}
              y={height - h}
              width={barWidth}
              height={h}
              rx="2"
              className="bar-chart__bar"
            >
              <title>{`${d.label}: ${d.value}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="bar-chart__ends" aria-hidden="true">
        <span>{data[0]?.label}</span>
        <span>max {max}</span>
        <span>{data[data.length - 1]?.label}</span>
      </div>
      <details className="bar-chart__table">
        <summary>Show the figures</summary>
        <table>
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">{unit[0]!.toUpperCase() + unit.slice(1)}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.label}>
                <th scope="row">{d.label}</th>
                <td>{d.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
