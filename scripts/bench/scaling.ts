/**
 * How each query form's latency grows with the catalog: a markdown table (one row per form, p50 / p99
 * per size) and an SVG chart of the same points on log-log axes, p99 solid and p50 dashed, one
 * colour per form (a curve shows the growth faster than a table).
 */
import { fmt } from './rows.js';

export interface ScalingPoint {
  form: string;
  datasets: number;
  p50: number;
  p99: number;
}

const sizesOf = (points: readonly ScalingPoint[]): number[] =>
  [...new Set(points.map((p) => p.datasets))].sort((a, b) => a - b);
const formsOf = (points: readonly ScalingPoint[]): string[] => [...new Set(points.map((p) => p.form))];

export function scalingTable(points: readonly ScalingPoint[]): string {
  const sizes = sizesOf(points);
  const lines = [
    `| query form | ${sizes.map((n) => `${fmt(n)} datasets: p50 / p99 ms`).join(' | ')} |`,
    `|---|${sizes.map(() => '---|').join('')}`,
  ];
  for (const form of formsOf(points)) {
    const cells = sizes.map((n) => {
      const p = points.find((x) => x.form === form && x.datasets === n);
      return p ? `${fmt(p.p50, 1)} / ${fmt(p.p99, 1)}` : '';
    });
    lines.push(`| ${form} | ${cells.join(' | ')} |`);
  }
  return `${lines.join('\n')}\n`;
}

const COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b', '#e377c2', '#17becf'];
const WIDTH = 760;
const HEIGHT = 420;
const PLOT = { left: 60, right: 250, top: 20, bottom: 50 };

const escape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export function scalingChart(points: readonly ScalingPoint[]): string {
  const sizes = sizesOf(points);
  // Latencies below 0.1 ms (answers under autocannon's resolution) are drawn at 0.1.
  const floor = 0.1;
  const values = points.flatMap((p) => [p.p50, p.p99]).map((v) => Math.max(v, floor));
  const yMin = Math.log10(floor);
  const yMax = Math.ceil(Math.log10(Math.max(...values, 1)));
  const xMin = Math.log10(sizes[0] ?? 1);
  const xMax = Math.log10(sizes.at(-1) ?? 10);
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const x = (n: number): number =>
    PLOT.left + (xMax === xMin ? 0 : ((Math.log10(n) - xMin) / (xMax - xMin)) * plotWidth);
  const y = (ms: number): number =>
    PLOT.top + plotHeight - ((Math.log10(Math.max(ms, floor)) - yMin) / (yMax - yMin)) * plotHeight;
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" font-family="sans-serif" font-size="12">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="white"/>`,
  ];
  for (let e = yMin; e <= yMax; e++) {
    const ms = 10 ** e;
    out.push(`<line x1="${PLOT.left}" x2="${PLOT.left + plotWidth}" y1="${y(ms)}" y2="${y(ms)}" stroke="#ddd"/>`);
    out.push(`<text x="${PLOT.left - 6}" y="${y(ms) + 4}" text-anchor="end">${fmt(ms, e < 0 ? 1 : 0)}</text>`);
  }
  for (const n of sizes) {
    out.push(`<line x1="${x(n)}" x2="${x(n)}" y1="${PLOT.top}" y2="${PLOT.top + plotHeight}" stroke="#ddd"/>`);
    out.push(`<text x="${x(n)}" y="${PLOT.top + plotHeight + 18}" text-anchor="middle">${fmt(n)}</text>`);
  }
  out.push(`<text x="${PLOT.left + plotWidth / 2}" y="${HEIGHT - 8}" text-anchor="middle">datasets</text>`);
  out.push(
    `<text x="14" y="${PLOT.top + plotHeight / 2}" text-anchor="middle" transform="rotate(-90 14 ${PLOT.top + plotHeight / 2})">ms (p99 solid, p50 dashed)</text>`,
  );
  formsOf(points).forEach((form, i) => {
    const colour = COLOURS[i % COLOURS.length];
    const series = points.filter((p) => p.form === form).sort((a, b) => a.datasets - b.datasets);
    for (const [key, dash] of [
      ['p99', ''],
      ['p50', ' stroke-dasharray="4 3"'],
    ] as const) {
      const path = series.map((p) => `${x(p.datasets).toFixed(1)},${y(p[key]).toFixed(1)}`).join(' ');
      out.push(`<polyline points="${path}" fill="none" stroke="${colour}" stroke-width="2"${dash}/>`);
    }
    for (const p of series)
      for (const ms of [p.p50, p.p99])
        out.push(`<circle cx="${x(p.datasets).toFixed(1)}" cy="${y(ms).toFixed(1)}" r="3" fill="${colour}"/>`);
    const legendY = PLOT.top + 10 + i * 20;
    out.push(
      `<line x1="${WIDTH - PLOT.right + 15}" x2="${WIDTH - PLOT.right + 35}" y1="${legendY}" y2="${legendY}" stroke="${colour}" stroke-width="2"/>`,
    );
    out.push(`<text x="${WIDTH - PLOT.right + 40}" y="${legendY + 4}">${escape(form)}</text>`);
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
