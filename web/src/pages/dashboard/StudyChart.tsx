import { type MonthLogDay, studyTimeText } from '@xuetu/contract';

// Study time per day or per week of a month as an SVG bar chart. A chunk of its own
// (React.lazy in CoursePanels): the dashboard's first load stays light.

export interface Bar {
  label: string;
  seconds: number;
}

/** Per day (1 … last day) or per week (Monday-first weeks of the month: 第1周 …). */
export function chartBars(month: string, days: MonthLogDay[], mode: 'day' | 'week'): Bar[] {
  const [y, m] = month.split('-').map(Number);
  const count = new Date(y, m, 0).getDate();
  const byDate = new Map(days.map((d) => [d.date, d.seconds]));
  const perDay = Array.from({ length: count }, (_, i) => ({
    label: String(i + 1),
    seconds: byDate.get(`${month}-${String(i + 1).padStart(2, '0')}`) ?? 0,
  }));
  if (mode === 'day') return perDay;
  const lead = (new Date(y, m - 1, 1).getDay() + 6) % 7;
  const weeks: Bar[] = [];
  perDay.forEach((d, i) => {
    const w = Math.floor((i + lead) / 7);
    weeks[w] ??= { label: `第${w + 1}周`, seconds: 0 };
    weeks[w].seconds += d.seconds;
  });
  return weeks;
}

export default function StudyChart({ month, days, mode }: { month: string; days: MonthLogDay[]; mode: 'day' | 'week' }) {
  const bars = chartBars(month, days, mode);
  // the scale starts at ten minutes: a few seconds stay a sliver, not a full bar
  const max = Math.max(600, ...bars.map((b) => b.seconds));
  const W = 600;
  const H = 180;
  const top = 16;
  const bottom = 22;
  const step = W / bars.length;
  const bw = Math.max(4, step * 0.6);
  const every = mode === 'day' ? 5 : 1;
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      width="100%"
      role="img"
      aria-label={`${month} 每${mode === 'day' ? '天' : '周'}学习时长`}
      data-testid="study-chart"
      style={{ display: 'block' }}
    >
      <line x1={0} x2={W} y1={H - bottom} y2={H - bottom} stroke="#e5e6eb" />
      {bars.map((b, i) => {
        const h = ((H - top - bottom) * b.seconds) / max;
        const x = i * step + (step - bw) / 2;
        return (
          <g key={b.label} data-testid="study-chart-bar">
            <title>{`${b.label}${mode === 'day' ? '日' : ''}：${studyTimeText(b.seconds)}`}</title>
            <rect x={x} y={H - bottom - h} width={bw} height={Math.max(h, b.seconds ? 1 : 0)} rx={2} fill="#409eff" />
            {mode === 'week' && b.seconds > 0 && (
              <text x={x + bw / 2} y={H - bottom - h - 4} textAnchor="middle" fontSize={11} fill="#606266">
                {studyTimeText(b.seconds, { compact: true })}
              </text>
            )}
            {(i % every === 0 || mode === 'week') && (
              <text x={x + bw / 2} y={H - 6} textAnchor="middle" fontSize={11} fill="#666">
                {b.label}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
