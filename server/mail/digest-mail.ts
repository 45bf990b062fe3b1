import { INTL_LOCALES, type TargetMetric } from '@core/contracts';
import { DIGEST_METRICS, type DigestTargetLine, type DigestTotals, type WeeklyDigest } from '@core/digest';
import { formatMoney, type MinorUnits } from '@core/money';
import type { Pace } from '@core/pacing';
import type { LocalDate } from '@core/period';
import { escapeHtml } from '../lib/escape-html';
import type { Mail } from './mailer';
import type { MailLanguage } from './templates';

/*
 * The weekly digest mail (decision 047), plain text and HTML, in the reader's language. The
 * content is core's (buildWeeklyDigest); this file only words and lays it out. Names are text
 * people chose: in the body, capped, never in the subject.
 */

type Words = {
  subject: (range: string) => string;
  heading: (range: string) => string;
  hello: (name: string) => string;
  intro: string;
  ownHeading: string;
  metrics: Record<TargetMetric, string>;
  targetsHeading: string;
  target: (metric: string, progress: string, value: string, period: 'week' | 'month') => string;
  pace: Record<Pace, string>;
  bestDay: (day: string, points: string) => string;
  /** Points with their noun, agreeing with the number where the language does: "1 point", "3 poäng". */
  points: (count: string, one: boolean) => string;
  /** A count with its noun, agreeing with its number where the language does. */
  bestDayDetail: Record<'calls' | 'meetings' | 'sales', (count: string, one: boolean) => string>;
  companyHeading: string;
  teamsHeading: (teams: string) => string;
  behindHeading: string;
  nobodyBehind: string;
  wrapups: (count: number, unread: boolean) => string;
  button: (brand: string) => string;
  footer: string;
  unsubscribe: string;
};

const WORDS: Record<MailLanguage, Words> = {
  en: {
    subject: (range) => `Your weekly digest: ${range}`,
    heading: (range) => `Last week, ${range}`,
    hello: (name) => (name ? `Hi ${name},` : 'Hi,'),
    intro: 'Here is how last week went.',
    ownHeading: 'Your week',
    metrics: {
      calls: 'Calls',
      meetings_booked: 'Meetings booked',
      meetings_held: 'Meetings held',
      sales: 'Sales',
      sales_value: 'Sales value',
      points: 'Points',
    },
    targetsHeading: 'Your targets',
    target: (metric, progress, value, period) =>
      `${metric}: ${progress} of ${value} ${period === 'week' ? 'last week' : 'this month so far'}`,
    pace: { ahead: 'ahead', 'on-track': 'on track', behind: 'behind', 'no-working-days': 'no working days' },
    bestDay: (day, points) => `Your best day: ${day}, ${points}`,
    points: (count, one) => `${count} ${one ? 'point' : 'points'}`,
    bestDayDetail: {
      calls: (n, one) => `${n} ${one ? 'call' : 'calls'}`,
      meetings: (n, one) => `${n} ${one ? 'meeting' : 'meetings'} booked`,
      sales: (n, one) => `${n} ${one ? 'sale' : 'sales'}`,
    },
    companyHeading: "The company's week",
    teamsHeading: (teams) => (teams ? `Your team's week (${teams})` : "Your team's week"),
    behindHeading: 'Behind pace',
    nobodyBehind: 'Nobody is behind pace on their targets.',
    wrapups: (count, unread) =>
      unread
        ? `${count} unread ${count === 1 ? 'wrap-up' : 'wrap-ups'} from your people.`
        : `Your people wrote ${count} ${count === 1 ? 'wrap-up' : 'wrap-ups'} last week.`,
    button: (brand) => `Open ${brand}`,
    footer: 'You get this digest on Monday mornings.',
    unsubscribe: 'Unsubscribe from the weekly digest',
  },
  nb: {
    subject: (range) => `Ukeoppsummeringen din: ${range}`,
    heading: (range) => `Forrige uke, ${range}`,
    hello: (name) => (name ? `Hei ${name},` : 'Hei,'),
    intro: 'Slik gikk forrige uke.',
    ownHeading: 'Uka di',
    metrics: {
      calls: 'Samtaler',
      meetings_booked: 'Møter booket',
      meetings_held: 'Møter holdt',
      sales: 'Salg',
      sales_value: 'Salgsverdi',
      points: 'Poeng',
    },
    targetsHeading: 'Målene dine',
    target: (metric, progress, value, period) =>
      `${metric}: ${progress} av ${value} ${period === 'week' ? 'forrige uke' : 'denne måneden så langt'}`,
    pace: { ahead: 'foran', 'on-track': 'i rute', behind: 'bak', 'no-working-days': 'ingen arbeidsdager' },
    bestDay: (day, points) => `Din beste dag: ${day}, ${points}`,
    points: (count) => `${count} poeng`,
    bestDayDetail: {
      calls: (n, one) => `${n} ${one ? 'samtale' : 'samtaler'}`,
      meetings: (n, one) => `${n} ${one ? 'møte' : 'møter'} booket`,
      sales: (n) => `${n} salg`,
    },
    companyHeading: 'Selskapets uke',
    teamsHeading: (teams) => (teams ? `Teamets uke (${teams})` : 'Teamets uke'),
    behindHeading: 'Bak skjema',
    nobodyBehind: 'Ingen ligger bak skjema på målene sine.',
    wrapups: (count, unread) =>
      unread
        ? `${count} uleste ${count === 1 ? 'dagsoppsummering' : 'dagsoppsummeringer'} fra folkene dine.`
        : `Folkene dine skrev ${count} ${count === 1 ? 'dagsoppsummering' : 'dagsoppsummeringer'} forrige uke.`,
    button: (brand) => `Åpne ${brand}`,
    footer: 'Du får denne oppsummeringen mandag morgen.',
    unsubscribe: 'Meld deg av ukeoppsummeringen',
  },
  sv: {
    subject: (range) => `Din veckosammanfattning: ${range}`,
    heading: (range) => `Förra veckan, ${range}`,
    hello: (name) => (name ? `Hej ${name},` : 'Hej,'),
    intro: 'Så här gick förra veckan.',
    ownHeading: 'Din vecka',
    metrics: {
      calls: 'Samtal',
      meetings_booked: 'Bokade möten',
      meetings_held: 'Genomförda möten',
      sales: 'Försäljning',
      sales_value: 'Försäljningsvärde',
      points: 'Poäng',
    },
    targetsHeading: 'Dina mål',
    target: (metric, progress, value, period) =>
      `${metric}: ${progress} av ${value} ${period === 'week' ? 'förra veckan' : 'hittills den här månaden'}`,
    pace: { ahead: 'ligger före', 'on-track': 'i fas', behind: 'ligger efter', 'no-working-days': 'inga arbetsdagar' },
    bestDay: (day, points) => `Din bästa dag: ${day}, ${points}`,
    points: (count) => `${count} poäng`,
    bestDayDetail: {
      calls: (n) => `${n} samtal`,
      meetings: (n, one) => `${n} ${one ? 'bokat möte' : 'bokade möten'}`,
      sales: (n, one) => `${n} ${one ? 'affär' : 'affärer'}`,
    },
    companyHeading: 'Företagets vecka',
    teamsHeading: (teams) => (teams ? `Teamets vecka (${teams})` : 'Teamets vecka'),
    behindHeading: 'Ligger efter med målen',
    nobodyBehind: 'Ingen ligger efter med sina mål.',
    wrapups: (count, unread) =>
      unread
        ? `${count} ${count === 1 ? 'oläst dagssammanfattning' : 'olästa dagssammanfattningar'} från dina medarbetare.`
        : `Dina medarbetare skrev ${count} ${count === 1 ? 'dagssammanfattning' : 'dagssammanfattningar'} förra veckan.`,
    button: (brand) => `Öppna ${brand}`,
    footer: 'Du får den här sammanfattningen varje måndagsmorgon.',
    unsubscribe: 'Avsluta prenumerationen på veckosammanfattningen',
  },
  da: {
    subject: (range) => `Din ugentlige opsummering: ${range}`,
    heading: (range) => `Sidste uge, ${range}`,
    hello: (name) => (name ? `Hej ${name},` : 'Hej,'),
    intro: 'Sådan gik sidste uge.',
    ownHeading: 'Din uge',
    metrics: {
      calls: 'Opkald',
      meetings_booked: 'Bookede møder',
      meetings_held: 'Afholdte møder',
      sales: 'Salg',
      sales_value: 'Salgsværdi',
      points: 'Point',
    },
    targetsHeading: 'Dine mål',
    target: (metric, progress, value, period) =>
      `${metric}: ${progress} af ${value} ${period === 'week' ? 'i sidste uge' : 'indtil videre denne måned'}`,
    pace: { ahead: 'foran', 'on-track': 'på sporet', behind: 'bagud', 'no-working-days': 'ingen arbejdsdage' },
    bestDay: (day, points) => `Din bedste dag: ${day}, ${points}`,
    points: (count) => `${count} point`,
    bestDayDetail: {
      calls: (n) => `${n} opkald`,
      meetings: (n, one) => `${n} ${one ? 'booket møde' : 'bookede møder'}`,
      sales: (n) => `${n} salg`,
    },
    companyHeading: 'Virksomhedens uge',
    teamsHeading: (teams) => (teams ? `Teamets uge (${teams})` : 'Teamets uge'),
    behindHeading: 'Bagud i forhold til målene',
    nobodyBehind: 'Ingen er bagud i forhold til deres mål.',
    wrapups: (count, unread) =>
      unread
        ? `${count} ${count === 1 ? 'ulæst opsummering' : 'ulæste opsummeringer'} fra dine medarbejdere.`
        : `Dine medarbejdere skrev ${count} ${count === 1 ? 'opsummering' : 'opsummeringer'} i sidste uge.`,
    button: (brand) => `Åbn ${brand}`,
    footer: 'Du får denne opsummering hver mandag morgen.',
    unsubscribe: 'Afmeld den ugentlige opsummering',
  },
};

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
};

type Block = { heading: string; rows: [string, string][]; lines: string[] };

/** The digest as blocks of label/value rows and lines, once, for both the text and the HTML. */
function composeBlocks(input: DigestMailInput): Block[] {
  const words = WORDS[input.language];
  const locale = INTL_LOCALES[input.language];
  const number = (value: number) => new Intl.NumberFormat(locale).format(value);
  const value = (metric: TargetMetric, amount: number) =>
    metric === 'sales_value' ? formatMoney(amount as MinorUnits, input.currency, locale) : number(amount);
  const totalsRows = (totals: DigestTotals): [string, string][] => DIGEST_METRICS.map((m) => [words.metrics[m], value(m, totals[m])]);
  const targetLine = (line: DigestTargetLine) =>
    `${words.target(words.metrics[line.metric], value(line.metric, line.progress), value(line.metric, line.value), line.period)} (${words.pace[line.pace]})`;
  const pointsText = (points: number) => words.points(number(points), points === 1);

  const blocks: Block[] = [];
  const { own, team } = input.digest;
  if (own) {
    const lines = own.targets.length > 0 ? [`${words.targetsHeading}:`, ...own.targets.map(targetLine)] : [];
    if (own.bestDay) {
      const best = own.bestDay;
      // Only what happened that day: "14 calls, 1 sale", never "0 meetings booked".
      const detail = (
        [
          [best.calls, words.bestDayDetail.calls],
          [best.meetings_booked, words.bestDayDetail.meetings],
          [best.sales, words.bestDayDetail.sales],
        ] as const
      )
        .filter(([count]) => count > 0)
        .map(([count, say]) => say(number(count), count === 1))
        .join(', ');
      const day = words.bestDay(formatDay(input.language, best.day), pointsText(best.points));
      lines.push(detail ? `${day} (${detail})` : day);
    }
    blocks.push({ heading: words.ownHeading, rows: totalsRows(own.totals), lines });
  }
  if (team) {
    const names = team.teamNames.map((name) => name.slice(0, 60)).join(', ');
    const lines = [`${words.behindHeading}:`];
    if (team.behind.length === 0) lines.push(words.nobodyBehind);
    for (const member of team.behind) lines.push(`${member.name.slice(0, 80)}: ${member.targets.map(targetLine).join('; ')}`);
    lines.push(words.wrapups(team.wrapups.count, team.wrapups.unread));
    blocks.push({
      heading: team.scope === 'company' ? words.companyHeading : words.teamsHeading(names),
      rows: totalsRows(team.totals),
      lines,
    });
  }
  return blocks;
}

export function renderDigestMail(input: DigestMailInput): Mail {
  const words = WORDS[input.language];
  const range = formatRange(input.language, input.digest.weekStart, input.digest.weekEnd);
  const name = input.name.slice(0, 80);
  const blocks = composeBlocks(input);

  const text = [
    words.hello(name),
    words.intro,
    ...blocks.map((block) =>
      [`${block.heading}`, ...block.rows.map(([label, amount]) => `  ${label}: ${amount}`), ...block.lines.map((line) => `  ${line}`)].join(
        '\n',
      ),
    ),
    `${words.button(input.brand)}: ${input.appUrl}`,
    `${words.footer} ${words.unsubscribe}: ${input.unsubscribeUrl}`,
  ].join('\n\n');

  const blockHtml = blocks
    .map(
      (block) => `<tr><td style="padding-top:24px;font-size:16px;font-weight:600">${escapeHtml(block.heading)}</td></tr>
<tr><td style="padding-top:8px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:14px;color:#334155">${block.rows
        .map(
          ([label, amount]) =>
            `<tr><td style="padding:4px 0;border-bottom:1px solid #e2e8f0">${escapeHtml(label)}</td><td align="right" style="padding:4px 0;border-bottom:1px solid #e2e8f0;font-weight:600;color:#0f172a">${escapeHtml(amount)}</td></tr>`,
        )
        .join('')}</table></td></tr>
${block.lines.map((line) => `<tr><td style="padding-top:8px;font-size:14px;line-height:1.5;color:#334155${line.endsWith(':') ? ';font-weight:600' : ''}">${escapeHtml(line)}</td></tr>`).join('')}`,
    )
    .join('');

  const html = `<!doctype html><html lang="${input.language}"><body style="margin:0;background:#f4f6fb;font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:480px;background:#fff;border-radius:12px;padding:24px">
<tr><td style="font-weight:700;font-size:18px;color:#0e7490">${escapeHtml(input.brand)}</td></tr>
<tr><td style="padding-top:16px;font-size:20px;font-weight:600">${escapeHtml(words.heading(range))}</td></tr>
<tr><td style="padding-top:8px;font-size:15px;line-height:1.5;color:#334155">${escapeHtml(words.hello(name))}<br>${escapeHtml(words.intro)}</td></tr>
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
