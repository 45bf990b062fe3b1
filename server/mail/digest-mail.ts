import { INTL_LOCALES, type TargetMetric } from '@core/contracts';
import { pickName } from '@core/activity-types';
import { DIGEST_METRICS, type DigestKpiLine, type DigestTargetLine, type DigestTotals, type WeeklyDigest } from '@core/digest';
import { formatKpiValue } from '@core/kpi-formulas/format';
import { formatMoney, type MinorUnits } from '@core/money';
import { addDays, type LocalDate } from '@core/period';
import { computeIsoWeek } from '@core/period';
import { escapeHtml } from '../lib/escape-html';
import type { Mail } from './mailer';
import type { MailLanguage } from './templates';
import { DIGEST_WORDS, type DigestWords } from './digest-mail-words';

/*
 * The weekly digest mail (decision 047), plain text and HTML, in the reader's language. The
 * content is core's (buildWeeklyDigest); this file lays it out in the reader's words
 * (digest-mail-words.ts). Names are text people chose: in the body, capped, never in the subject.
 */

const toUtcDate = (day: LocalDate) => new Date(`${day}T12:00:00Z`);

function formatRange(language: MailLanguage, from: LocalDate, to: LocalDate): string {
  const format = new Intl.DateTimeFormat(INTL_LOCALES[language], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return format.formatRange(toUtcDate(from), toUtcDate(to));
}

function formatDay(language: MailLanguage, day: LocalDate): string {
  return new Intl.DateTimeFormat(INTL_LOCALES[language], { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    toUtcDate(day),
  );
}

/** What the digest needs beyond its content to become a mail. */
export type DigestMailInput = {
  brand: string;
  to: string;
  name: string;
  language: MailLanguage;
  currency: string;
  digest: WeeklyDigest;
  appUrl: string;
  unsubscribeUrl: string;
  /** An admin's preview of the running week (decision 088): its words say "this week so far". */
  preview?: boolean;
};

/** How many of the people behind pace a digest names before "and N more": a phone screen's worth. */
export const DIGEST_BEHIND_SHOWN = 5;

type Trend = 'up' | 'down' | 'flat';
type Row = { label: string; value: string; change: string; trend: Trend };
/** A line of a block; `sub` lines belong to the line before (a team's targets under the team). */
type Line = { text: string; sub?: boolean };
type Section = { title: string | null; lines: Line[] };
type Block = { heading: string; rows: Row[]; sections: Section[] };

const MINUS = '\u2212';

/** The digest as blocks of totals and sections of lines, once, for both the text and the HTML. */
function composeBlocks(input: DigestMailInput): Block[] {
  const words = DIGEST_WORDS[input.language];
  const locale = INTL_LOCALES[input.language];
  const plural = new Intl.PluralRules(locale);
  const one = (n: number) => plural.select(n) === 'one';
  const number = (value: number) => new Intl.NumberFormat(locale).format(value);
  const value = (metric: TargetMetric, amount: number) =>
    metric === 'sales_value' ? formatMoney(amount as MinorUnits, input.currency, locale) : number(amount);
  const change = (metric: TargetMetric, now: number, before: number): Pick<Row, 'change' | 'trend'> => {
    const delta = now - before;
    if (delta === 0) return { change: '\u00b10', trend: 'flat' };
    return { change: `${delta > 0 ? '+' : MINUS}${value(metric, Math.abs(delta))}`, trend: delta > 0 ? 'up' : 'down' };
  };
  const totalsRows = (totals: DigestTotals, previous: DigestTotals): Row[] =>
    DIGEST_METRICS.map((m) => ({ label: words.metrics[m], value: value(m, totals[m]), ...change(m, totals[m], previous[m]) }));
  /** The company's own KPIs under the built-in figures (decision 101): green when better, where lower is better too. */
  const kpiRows = (lines: readonly DigestKpiLine[]): Row[] =>
    lines.map((line) => {
      const show = (amount: number | null) => formatKpiValue(amount, line, { locale, currency: input.currency });
      const row = { label: pickName(line.names, input.language, null), value: show(line.value) };
      if (line.value === null || line.previous === null) return { ...row, change: '—', trend: 'flat' };
      const delta = line.value - line.previous;
      if (delta === 0) return { ...row, change: '\u00b10', trend: 'flat' };
      const better = line.lowerIsBetter ? delta < 0 : delta > 0;
      // A percent KPI moves in percentage points: 20 % to 25 % is +5 pp, as a reader of a share expects.
      const amount =
        line.format === 'percent'
          ? words.percentagePoints(new Intl.NumberFormat(locale, { maximumFractionDigits: line.decimals }).format(Math.abs(delta) * 100))
          : show(Math.abs(delta));
      return { ...row, change: `${delta > 0 ? '+' : MINUS}${amount}`, trend: better ? 'up' : 'down' };
    });
  const say = (noun: keyof DigestWords['count'], n: number) => words.count[noun](number(n), one(n));
  const targetLine = (line: DigestTargetLine) => {
    const period = line.period === 'month' ? 'month' : input.preview ? 'running-week' : 'week';
    // A KPI's target (decision 104) is named and written as its KPI is.
    const show = (amount: number) =>
      line.metric === 'kpi' ? formatKpiValue(amount, line.kpi, { locale, currency: input.currency }) : value(line.metric, amount);
    const name = line.metric === 'kpi' ? pickName(line.kpi.names, input.language, null) : words.metrics[line.metric];
    const [progress, target] = [show(line.progress), show(line.value)];
    return `${words.target(name, progress, target, period)} (${words.pace[line.pace]})`;
  };
  /** A team's week in one line: "Oslo: 320 points, 45 calls, 3 sales (NOK 45,000)"; never "0 calls". */
  const teamLine = (totals: DigestTotals) =>
    [
      say('points', totals.points),
      ...(totals.calls > 0 ? [say('calls', totals.calls)] : []),
      ...(totals.meetings_booked > 0 ? [say('meetings', totals.meetings_booked)] : []),
      ...(totals.sales > 0 ? [`${say('sales', totals.sales)} (${value('sales_value', totals.sales_value)})`] : []),
    ].join(', ');

  const blocks: Block[] = [];
  const { own, team } = input.digest;
  if (own) {
    const sections: Section[] = [];
    if (own.targets.length > 0)
      sections.push({ title: words.targetsHeading, lines: own.targets.map((line) => ({ text: targetLine(line) })) });
    if (own.bestDay) {
      const best = own.bestDay;
      // Only what happened that day: "14 calls, 1 sale", never "0 meetings booked".
      const detail = (
        [
          [best.calls, 'calls'],
          [best.meetings_booked, 'meetings'],
          [best.sales, 'sales'],
        ] as const
      )
        .filter(([count]) => count > 0)
        .map(([count, noun]) => say(noun, count))
        .join(', ');
      const day = words.bestDay(formatDay(input.language, best.day), say('points', best.points));
      sections.push({ title: null, lines: [{ text: detail ? `${day} (${detail})` : day }] });
    }
    blocks.push({ heading: words.ownHeading, rows: [...totalsRows(own.totals, own.previous), ...kpiRows(own.kpis)], sections });
  }
  if (team) {
    const cap = (name: string, length: number) => name.slice(0, length);
    const sections: Section[] = [];
    if (team.top.length > 0) {
      sections.push({
        title: words.topHeading,
        lines: team.top.map((member, index) => ({ text: `${index + 1}. ${cap(member.name, 80)}, ${say('points', member.points)}` })),
      });
    }
    if (team.teams.length > 1) {
      sections.push({
        title: words.byTeamHeading,
        lines: team.teams.flatMap((line) => [
          { text: `${line.name === null ? words.noTeam : cap(line.name, 60)}: ${teamLine(line.totals)}` },
          ...line.targets.map((target) => ({ text: targetLine(target), sub: true })),
        ]),
      });
    } else if (team.teams[0] && team.teams[0].targets.length > 0) {
      const only = team.teams[0];
      // A lead's one team is the block's own heading; an admin's one team is named.
      const name = team.scope === 'company' && only.name ? cap(only.name, 60) : null;
      sections.push({ title: words.teamTargetsHeading(name), lines: only.targets.map((target) => ({ text: targetLine(target) })) });
    }
    const behind: Line[] = team.behind.slice(0, DIGEST_BEHIND_SHOWN).map((member) => ({
      text: `${cap(member.name, 80)}: ${member.targets.map(targetLine).join('; ')}`,
    }));
    if (team.behind.length === 0) behind.push({ text: words.nobodyBehind });
    if (team.behind.length > DIGEST_BEHIND_SHOWN) behind.push({ text: words.moreBehind(number(team.behind.length - DIGEST_BEHIND_SHOWN)) });
    sections.push({ title: words.behindHeading, lines: behind });
    sections.push({
      title: null,
      lines: [{ text: words.wrapups(number(team.wrapups.count), one(team.wrapups.count), team.wrapups.unread) }],
    });
    const names = team.teamNames.map((name) => cap(name, 60)).join(', ');
    blocks.push({
      heading: team.scope === 'company' ? words.companyHeading : words.teamsHeading(names),
      rows: [...totalsRows(team.totals, team.previous), ...kpiRows(team.kpis)],
      sections,
    });
  }
  return blocks;
}

const TREND_COLOR: Record<Trend, string> = { up: '#047857', down: '#b91c1c', flat: '#64748b' };

function renderBlockText(block: Block, legend: string): string {
  return [
    block.heading,
    `  ${legend}`,
    ...block.rows.map((row) => `  ${row.label}: ${row.value} (${row.change})`),
    ...block.sections.flatMap((section) => [
      ...(section.title ? [`  ${section.title}:`] : []),
      ...section.lines.map((line) => `${line.sub ? '      ' : section.title ? '    ' : '  '}${line.text}`),
    ]),
  ].join('\n');
}

function renderBlockHtml(block: Block, columns: [string, string]): string {
  const cell = 'padding:6px 0;border-bottom:1px solid #e2e8f0';
  const head = `<tr><td></td><td align="right" style="padding:0 0 4px;font-size:12px;color:#64748b">${escapeHtml(columns[0])}</td><td align="right" style="padding:0 0 4px 12px;font-size:12px;color:#64748b">${escapeHtml(columns[1])}</td></tr>`;
  const rows = block.rows
    .map(
      (row) =>
        `<tr><td style="${cell}">${escapeHtml(row.label)}</td><td align="right" style="${cell};font-weight:600;color:#0f172a;white-space:nowrap">${escapeHtml(row.value)}</td><td align="right" style="${cell};padding-left:12px;white-space:nowrap;color:${TREND_COLOR[row.trend]}">${escapeHtml(row.change)}</td></tr>`,
    )
    .join('');
  const sections = block.sections
    .map(
      (section) =>
        (section.title
          ? `<tr><td style="padding-top:14px;font-size:14px;font-weight:600;color:#0f172a">${escapeHtml(section.title)}</td></tr>`
          : '') +
        section.lines
          .map(
            (line, index) =>
              // A section without a title (the best day, the wrap-ups) stands apart from the list above it.
              `<tr><td style="padding-top:${line.sub ? 2 : !section.title && index === 0 ? 14 : 6}px;line-height:1.45;${line.sub ? 'font-size:13px;color:#475569' : 'font-size:14px;color:#334155'}">${line.sub ? `<div style="margin-left:4px;padding-left:10px;border-left:2px solid #cbd5e1">${escapeHtml(line.text)}</div>` : escapeHtml(line.text)}</td></tr>`,
          )
          .join(''),
    )
    .join('');
  return `<tr><td style="padding-top:24px;font-size:16px;font-weight:600">${escapeHtml(block.heading)}</td></tr>
<tr><td style="padding-top:8px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:14px;color:#334155">${head}${rows}</table></td></tr>
${sections}`;
}

export function renderDigestMail(input: DigestMailInput): Mail {
  const words = DIGEST_WORDS[input.language];
  const preview = input.preview ?? false;
  const range = formatRange(input.language, input.digest.weekStart, input.digest.weekEnd);
  const name = input.name.slice(0, 80);
  const blocks = composeBlocks(input);
  const week = computeIsoWeek(input.digest.weekStart).isoWeek;
  const before = computeIsoWeek(addDays(input.digest.weekStart, -7)).isoWeek;

  const text = [
    words.hello(name),
    words.intro(preview),
    ...blocks.map((block) => renderBlockText(block, words.changeLegend(week, before))),
    `${words.button(input.brand)}: ${input.appUrl}`,
    `${words.footer} ${words.unsubscribe}: ${input.unsubscribeUrl}`,
  ].join('\n\n');

  const blockHtml = blocks.map((block) => renderBlockHtml(block, [words.weekColumn(week), words.changeColumn(before)])).join('');

  const html = `<!doctype html><html lang="${input.language}"><head><meta name="viewport" content="width=device-width, initial-scale=1"></head><body style="margin:0;background:#f4f6fb;font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:480px;background:#fff;border-radius:12px;padding:20px">
<tr><td style="font-weight:700;font-size:18px;color:#0e7490">${escapeHtml(input.brand)}</td></tr>
<tr><td style="padding-top:16px;font-size:20px;font-weight:600">${escapeHtml(words.heading(range, preview))}</td></tr>
<tr><td style="padding-top:8px;font-size:15px;line-height:1.5;color:#334155">${escapeHtml(words.hello(name))}<br>${escapeHtml(words.intro(preview))}</td></tr>
${blockHtml}
<tr><td style="padding-top:24px"><a href="${escapeHtml(input.appUrl)}" style="display:inline-block;background:#0e7490;color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(words.button(input.brand))}</a></td></tr>
<tr><td style="padding-top:24px;font-size:12px;color:#64748b">${escapeHtml(words.footer)} <a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#64748b">${escapeHtml(words.unsubscribe)}</a></td></tr>
</table></td></tr></table></body></html>`;

  return {
    to: input.to,
    subject: words.subject(range),
    text,
    html,
    links: [input.appUrl, input.unsubscribeUrl],
    // RFC 8058: a mail client's own Unsubscribe button POSTs "List-Unsubscribe=One-Click" to this URL.
    headers: { 'List-Unsubscribe': `<${input.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
