// Console › Dashboard: the business over a range of UTC days, by day, week or month. Totals as
// figures; money, coins and purchases as charts (Chart.js, loaded here only) each with the same
// figures as a table and a CSV of them; the top songs, albums and artists.
import * as endpoints from '../endpoints-staff.js';
import { t, currentLanguage } from '../i18n.js';
import { h, icon, load } from '../ui.js';
import { field } from '../forms.js';
import {
  admin, dataTable, figures, emptyNote, number, signed, money, major, fractionDigits, utcDay,
  selectField, keepInAddress,
} from './admin.js';
import { downloadCSV } from './files.js';

// Debian's libjs-chart.js (3.9.1, UMD build) as the server serves it: sets window.Chart.
const CHART_JS = '/vendor/chart.min.js';
const groupings = ['day', 'week', 'month'];
const isDay = (text) => /^\d{4}-\d{2}-\d{2}$/.test(text || '') && !Number.isNaN(Date.parse(`${text}T00:00:00Z`));

let chartLoading = null;
function loadChartJs() {
  if (window.Chart) return Promise.resolve(window.Chart);
  chartLoading ??= new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = CHART_JS;
    script.onload = () => resolve(window.Chart || null);
    script.onerror = () => { script.remove(); chartLoading = null; resolve(null); };
    document.head.append(script);
  });
  return chartLoading;
}

let charts = []; // the charts on screen: drawn again when the theme changes
const darkScheme = window.matchMedia?.('(prefers-color-scheme: dark)');
darkScheme?.addEventListener?.('change', () => {
  charts = charts.filter((c) => c.canvas.isConnected);
  charts.forEach((c) => c.redraw());
});

function colours() {
  const style = getComputedStyle(document.documentElement);
  const read = (name) => style.getPropertyValue(name).trim();
  return {
    fg: read('--fg'), muted: read('--muted'), grid: read('--border'), font: getComputedStyle(document.body).fontFamily,
    series: [1, 2, 3, 4, 5, 6].map((n) => read(`--chart-${n}`) || read('--accent')),
  };
}

/** A period's start as people read it: "27 Nov", "week of 23 Nov", "November 2026". */
function periodLabel(start, by) {
  const date = new Date(`${start}T00:00:00Z`);
  const lang = currentLanguage();
  if (by === 'month') return new Intl.DateTimeFormat(lang, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
  const day = new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(date);
  return by === 'week' ? t('console.dash.weekOf', { date: day }) : day;
}

function currenciesOf(data) {
  const found = new Set((data.totals?.money || []).map((m) => m.currency));
  for (const p of data.periods || []) for (const m of p.money || []) found.add(m.currency);
  return [...found].sort();
}

function amountIn(moneyList, currency) {
  return (moneyList || []).filter((m) => m.currency === currency).reduce((sum, m) => sum + (Number(m.amount) || 0), 0);
}

/**
 * The three charts' series: {key, title, kind, series: [{label, values, format, csv}]}. Money in
 * major units, one series per currency.
 */
function chartSpecs(data) {
  const periods = data.periods || [];
  const coinSeries = [
    ['coinsSold', 'console.dash.coinsSold'], ['coinsSpentOnSongs', 'console.dash.coinsSpentOnSongs'],
    ['coinsSpentOnAlbums', 'console.dash.coinsSpentOnAlbums'], ['coinsGranted', 'console.dash.coinsGranted'],
    ['coinsFromCodes', 'console.dash.coinsFromCodes'], ['coinsRefunded', 'console.dash.coinsRefunded'],
  ];
  const currencies = currenciesOf(data);
  return [
    {
      key: 'money', title: t('console.dash.moneyChart'), kind: 'bar',
      series: currencies.map((currency) => ({
        label: t('console.dash.moneyIn', { currency }),
        values: periods.map((p) => major(amountIn(p.money, currency), currency)),
        format: (v) => money(Math.round(v * 10 ** fractionDigits(currency)), currency),
        csv: (v) => v.toFixed(fractionDigits(currency)),
      })),
    },
    {
      key: 'coins', title: t('console.dash.coinsChart'), kind: 'bar',
      series: coinSeries.map(([name, label]) => ({
        label: t(label), values: periods.map((p) => Number(p[name]) || 0), format: number, csv: String,
      })),
    },
    {
      key: 'purchases', title: t('console.dash.purchasesChart'), kind: 'line',
      series: [['purchases', 'console.dash.purchases'], ['newBuyers', 'console.dash.newBuyers']].map(([name, label]) => ({
        label: t(label), values: periods.map((p) => Number(p[name]) || 0), format: number, csv: String,
      })),
    },
  ];
}

function drawChart(Chart, canvas, spec, labels) {
  const c = colours();
  Chart.defaults.font.family = c.font;
  return new Chart(canvas, {
    type: spec.kind,
    data: {
      labels,
      datasets: spec.series.map((s, i) => ({
        label: s.label, data: s.values, backgroundColor: c.series[i % c.series.length], borderColor: c.series[i % c.series.length],
        borderWidth: spec.kind === 'line' ? 2 : 0, pointRadius: spec.kind === 'line' ? 3 : 0, tension: 0.2,
      })),
    },
    options: {
      responsive: true, maintainAspectRatio: false, animation: false, locale: currentLanguage(),
      interaction: { mode: 'index', intersect: false },
      plugins: {
        legend: { labels: { color: c.fg, boxWidth: 14 } },
        tooltip: { callbacks: { label: (item) => `${item.dataset.label}: ${spec.series[item.datasetIndex].format(item.parsed.y)}` } },
      },
      scales: {
        x: { ticks: { color: c.muted, maxRotation: 0, autoSkip: true }, grid: { color: c.grid } },
        y: { beginAtZero: true, ticks: { color: c.muted, precision: spec.key === 'money' ? undefined : 0 }, grid: { color: c.grid } },
      },
    },
  });
}

/** One chart with its table and CSV button; the chart is drawn once Chart.js is in (if it comes). */
function chartFigure(spec, data, range, chartJs) {
  const periods = data.periods || [];
  const labels = periods.map((p) => periodLabel(p.start, data.by || range.by));
  const titleId = `chart-${spec.key}-title`;
  const csv = () => downloadCSV(
    [[t('console.dash.periodStart'), ...spec.series.map((s) => s.label)],
      ...periods.map((p, i) => [p.start, ...spec.series.map((s) => s.csv(s.values[i]))])],
    `sotube-${spec.key}-${range.from}-${range.to}-${range.by}.csv`);
  const hasTable = spec.series.length > 0;
  const table = hasTable
    ? dataTable([
      { label: t('console.dash.period'), value: (i) => labels[i], head: true },
      ...spec.series.map((s) => ({ label: s.label, value: (i) => s.format(s.values[i]), num: true })),
    ], periods.map((_, i) => i), { caption: spec.title, stack: false })
    : emptyNote(t('console.dash.noMoney'));
  const box = h('div', { class: 'chart-box' });
  if (spec.series.length && periods.length) {
    const canvas = h('canvas', { role: 'img', 'aria-label': t('console.dash.chartLabel', { title: spec.title }) }, t('console.dash.chartFallback'));
    box.append(canvas);
    chartJs.then((Chart) => {
      if (!Chart) { box.replaceChildren(h('p', { class: 'hint chart-missing' }, t('console.dash.noCharts'))); return; }
      if (!canvas.isConnected) return;
      const entry = { canvas, chart: drawChart(Chart, canvas, spec, labels) };
      entry.redraw = () => { entry.chart.destroy(); entry.chart = drawChart(Chart, canvas, spec, labels); };
      charts.push(entry);
    });
  } else {
    box.hidden = true;
  }
  return h('section', { class: 'console-chart', 'aria-labelledby': titleId, id: `chart-${spec.key}` },
    h('div', { class: 'console-chart-head' },
      h('h2', { id: titleId }, spec.title),
      h('button', { class: 'btn btn-small', type: 'button', onclick: csv, disabled: !periods.length || !spec.series.length },
        icon('download'), h('span', {}, t('console.dash.csv')), h('span', { class: 'sr-only' }, `: ${spec.title}`))),
    // A table of up to three columns fits beside its chart on wide screens; a wider one goes below.
    // A table scrolls within 300 px as its periods grow: always a named region the keyboard reaches
    // (WCAG 2.1.1), not toggled on overflow as scroll-box.js does (axe once caught it scrolling yet
    // not focusable while the charts settled).
    h('div', { class: `console-chart-body${spec.series.length <= 2 ? ' beside' : ''}` }, box,
      h('div', {
        class: 'chart-table', role: hasTable && 'region', tabindex: hasTable && '0',
        'aria-label': hasTable && t('console.dash.tableLabel', { title: spec.title }),
      }, table)));
}

function totalsFigures(totals) {
  const moneyItems = (totals.money || []).length
    ? totals.money.map((m) => [t('console.dash.moneyIn', { currency: m.currency }), money(m.amount, m.currency), `dash-total-money-${m.currency}`, m.amount])
    : [[t('console.dash.money'), '—', 'dash-total-money']];
  const item = (name, label, format = number) => [t(label), format(totals[name] ?? 0), `dash-total-${name}`, totals[name] ?? 0];
  const list = figures([
    ...moneyItems,
    item('coinsSold', 'console.dash.coinsSold'),
    item('coinsSpentOnSongs', 'console.dash.coinsSpentOnSongs'),
    item('coinsSpentOnAlbums', 'console.dash.coinsSpentOnAlbums'),
    item('coinsGranted', 'console.dash.coinsGranted', signed),
    item('coinsFromCodes', 'console.dash.coinsFromCodes'),
    item('coinsRefunded', 'console.dash.coinsRefunded'),
    item('purchases', 'console.dash.purchases'),
    item('newBuyers', 'console.dash.newBuyers'),
  ], 'dash-totals');
  list.id = 'dash-totals';
  return list;
}

function topTable(title, id, rows, nameColumns) {
  return h('section', { class: 'console-top', 'aria-labelledby': `${id}-title`, id },
    h('h3', { id: `${id}-title` }, title),
    rows?.length ? dataTable([
      ...nameColumns,
      { label: t('console.dash.sales'), value: (r) => number(r.sales), num: true },
      { label: t('console.dash.coins'), value: (r) => number(r.coins), num: true },
    ], rows, { caption: title }) : emptyNote(t('console.dash.noSales')));
}

function paint(body, data, range) {
  charts = charts.filter((c) => c.canvas.isConnected);
  const chartJs = (data.periods || []).length ? loadChartJs() : Promise.resolve(null);
  const name = { label: t('console.dash.title'), value: (r) => r.title, head: true };
  const artist = { label: t('console.dash.artist'), value: (r) => r.artist };
  body.append(
    h('h2', { class: 'sr-only' }, t('console.dash.totals')),
    totalsFigures(data.totals || {}),
    h('div', { class: 'console-charts' }, chartSpecs(data).map((spec) => chartFigure(spec, data, range, chartJs))),
    h('h2', {}, t('console.dash.top')),
    h('div', { class: 'console-tops' },
      topTable(t('console.dash.topSongs'), 'top-songs', data.topTracks, [name, artist]),
      topTable(t('console.dash.topAlbums'), 'top-albums', data.topAlbums, [name, artist]),
      topTable(t('console.dash.topArtists'), 'top-artists', data.topArtists, [{ label: t('console.dash.artist'), value: (r) => r.name, head: true }])));
}

export async function render(container, route) {
  const q = route.query;
  const range = {
    from: isDay(q.get('from')) ? q.get('from') : utcDay(29),
    to: isDay(q.get('to')) ? q.get('to') : utcDay(0),
    by: groupings.includes(q.get('by')) ? q.get('by') : 'day',
  };
  const results = h('div', { class: 'dash-results', 'aria-live': 'polite' });
  const form = h('form', { class: 'console-filters', id: 'dash-range', novalidate: true },
    field(t('console.dash.from'), { name: 'from', type: 'date', value: range.from, required: true, max: utcDay(0) }),
    field(t('console.dash.to'), { name: 'to', type: 'date', value: range.to, required: true }),
    selectField(t('console.dash.by'), { name: 'by' }, groupings.map((g) => [g, t(`console.dash.by.${g}`)]), range.by),
    h('button', { class: 'btn btn-primary', type: 'submit' }, t('console.dash.show')));
  const problem = h('p', { class: 'form-error', role: 'alert', hidden: true });
  const show = () => load(results, () => admin.get(endpoints.adminDashboard(range)), (data) => paint(results, data, range));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const v = Object.fromEntries(new FormData(form).entries());
    problem.hidden = true;
    if (!isDay(v.from) || !isDay(v.to) || v.from > v.to) {
      problem.textContent = t('console.dash.badRange');
      problem.hidden = false;
      return;
    }
    Object.assign(range, { from: v.from, to: v.to, by: v.by });
    keepInAddress('console', range);
    show();
  });
  container.append(form, problem, results);
  await show();
}
