import { theme } from 'antd';
import { useId } from 'react';

/** One bar: its label on the axis, its value, and the value as people read it (`12,50 €`). */
export interface Bar {
  key: string;
  label: string;
  /** The bar's full name for its title and the table (the axis label when not given). */
  name?: string;
  value: number;
  text: string;
}

const HEIGHT = 160;
const LABEL_SPACE = 22;

/**
 * Vertical bars drawn in SVG, no chart library: the figure is named by `title`, each bar says its
 * label and value (`<title>`), and the same figures are in a table for screen readers. Axis labels
 * are thinned out so at most `maxLabels` show.
 */
export function BarChart({
  title,
  bars,
  testId,
  maxLabels = 10,
  labelHeader,
  valueHeader,
}: {
  title: string;
  bars: Bar[];
  testId: string;
  maxLabels?: number;
  labelHeader: string;
  valueHeader: string;
}) {
  const { token } = theme.useToken();
  const titleId = useId();
  const max = Math.max(0, ...bars.map((b) => b.value));
  const width = Math.max(bars.length, 1) * 24;
  const every = Math.max(1, Math.ceil(bars.length / maxLabels));
  return (
    <figure style={{ margin: 0 }} data-testid={testId}>
      <svg
        role="img"
        aria-labelledby={titleId}
        viewBox={`0 0 ${width} ${HEIGHT + LABEL_SPACE}`}
        preserveAspectRatio="none"
        style={{ width: '100%', height: HEIGHT + LABEL_SPACE, display: 'block' }}
      >
        <title id={titleId}>{title}</title>
        <line x1={0} x2={width} y1={HEIGHT} y2={HEIGHT} stroke={token.colorBorder} strokeWidth={1} />
        {bars.map((b, i) => {
          const h = max > 0 ? Math.round((b.value / max) * (HEIGHT - 8)) : 0;
          return (
            <g key={b.key} data-testid={`${testId}-bar`} data-value={b.value}>
              <title>{`${b.name ?? b.label} – ${b.text}`}</title>
              <rect x={i * 24 + 4} y={HEIGHT - h} width={16} height={h} fill={token.colorPrimary} rx={2} />
              {i % every === 0 && (
                <text
                  x={i * 24 + 12}
                  y={HEIGHT + 15}
                  textAnchor="middle"
                  fontSize={9}
                  fill={token.colorTextSecondary}
                >
                  {b.label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{labelHeader}</th>
            <th scope="col">{valueHeader}</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((b) => (
            <tr key={b.key}>
              <th scope="row">{b.name ?? b.label}</th>
              <td>{b.text}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
