import type { TargetMetric } from '@core/contracts';
import type { Pace } from '@core/pacing';
import type { MailLanguage } from './templates';

/*
 * The weekly digest mail's words (decision 047) in every language the product speaks; the layout is
 * digest-mail.ts. A count's noun agrees with its number where the language does.
 */

export type DigestWords = {
  subject: (range: string) => string;
  /** The heading and intro of the mail; a preview's speak of the week that is still running. */
  heading: (range: string, preview: boolean) => string;
  hello: (name: string) => string;
  intro: (preview: boolean) => string;
  ownHeading: string;
  /** The totals table's column heads: the digest's week and the change against the one before. */
  weekColumn: (week: number) => string;
  changeColumn: (week: number) => string;
  /** The plain-text version of the column heads. */
  changeLegend: (week: number, before: number) => string;
  metrics: Record<TargetMetric, string>;
  /** A percent KPI's change, in percentage points (a share of 20 % to 25 % is +5, not +25 %). */
  percentagePoints: (change: string) => string;
  targetsHeading: string;
  /** `period`: the week's target (over, or running in a preview) or the month's so far. */
  target: (metric: string, progress: string, value: string, period: 'week' | 'running-week' | 'month') => string;
  pace: Record<Pace, string>;
  bestDay: (day: string, points: string) => string;
  /** A count with its noun, agreeing with its number where the language does: "1 point", "3 poäng". */
  count: Record<'points' | 'calls' | 'meetings' | 'sales', (count: string, one: boolean) => string>;
  companyHeading: string;
  teamsHeading: (teams: string) => string;
  topHeading: string;
  byTeamHeading: string;
  teamTargetsHeading: (team: string | null) => string;
  noTeam: string;
  behindHeading: string;
  nobodyBehind: string;
  moreBehind: (count: string) => string;
  wrapups: (count: string, one: boolean, unread: boolean) => string;
  button: (brand: string) => string;
  footer: string;
  unsubscribe: string;
};

export const DIGEST_WORDS: Record<MailLanguage, DigestWords> = {
  en: {
    subject: (range) => `Your weekly digest: ${range}`,
    heading: (range, preview) => (preview ? `This week so far, ${range}` : `Last week, ${range}`),
    hello: (name) => (name ? `Hi ${name},` : 'Hi,'),
    intro: (preview) => (preview ? 'Here is how this week is going so far.' : 'Here is how last week went.'),
    ownHeading: 'Your week',
    weekColumn: (week) => `Week ${week}`,
    changeColumn: (week) => `vs. week ${week}`,
    changeLegend: (week, before) => `Week ${week}, with the change from week ${before} in brackets`,
    metrics: {
      calls: 'Calls',
      meetings_booked: 'Meetings booked',
      meetings_held: 'Meetings held',
      sales: 'Sales',
      sales_value: 'Sales value',
      points: 'Points',
    },
    percentagePoints: (change) => `${change} pp`,
    targetsHeading: 'Your targets',
    target: (metric, progress, value, period) =>
      `${metric}: ${progress} of ${value} ${{ week: 'last week', 'running-week': 'this week so far', month: 'this month so far' }[period]}`,
    pace: { ahead: 'ahead', 'on-track': 'on track', behind: 'behind', 'no-working-days': 'no working days' },
    bestDay: (day, points) => `Your best day: ${day}, ${points}`,
    count: {
      points: (n, one) => `${n} ${one ? 'point' : 'points'}`,
      calls: (n, one) => `${n} ${one ? 'call' : 'calls'}`,
      meetings: (n, one) => `${n} ${one ? 'meeting' : 'meetings'} booked`,
      sales: (n, one) => `${n} ${one ? 'sale' : 'sales'}`,
    },
    companyHeading: "The company's week",
    teamsHeading: (teams) => (teams ? `Your team's week (${teams})` : "Your team's week"),
    topHeading: 'Top of the week',
    byTeamHeading: 'By team',
    teamTargetsHeading: (team) => (team ? `Team targets (${team})` : 'Team targets'),
    noTeam: 'Not in a team',
    behindHeading: 'Behind pace',
    nobodyBehind: 'Nobody is behind pace on their targets.',
    moreBehind: (n) => `and ${n} more: see Targets in the app.`,
    wrapups: (n, one, unread) =>
      unread
        ? `${n} unread ${one ? 'wrap-up' : 'wrap-ups'} from your people.`
        : `Your people wrote ${n} ${one ? 'wrap-up' : 'wrap-ups'} last week.`,
    button: (brand) => `Open ${brand}`,
    footer: 'You get this digest on Monday mornings.',
    unsubscribe: 'Unsubscribe from the weekly digest',
  },
  nb: {
    subject: (range) => `Ukeoppsummeringen din: ${range}`,
    heading: (range, preview) => (preview ? `Denne uka så langt, ${range}` : `Forrige uke, ${range}`),
    hello: (name) => (name ? `Hei ${name},` : 'Hei,'),
    intro: (preview) => (preview ? 'Slik går denne uka så langt.' : 'Slik gikk forrige uke.'),
    ownHeading: 'Uka di',
    weekColumn: (week) => `Uke ${week}`,
    changeColumn: (week) => `mot uke ${week}`,
    changeLegend: (week, before) => `Uke ${week}, med endringen fra uke ${before} i parentes`,
    metrics: {
      calls: 'Samtaler',
      meetings_booked: 'Møter booket',
      meetings_held: 'Møter holdt',
      sales: 'Salg',
      sales_value: 'Salgsverdi',
      points: 'Poeng',
    },
    percentagePoints: (change) => `${change} pp`,
    targetsHeading: 'Målene dine',
    target: (metric, progress, value, period) =>
      `${metric}: ${progress} av ${value} ${{ week: 'forrige uke', 'running-week': 'denne uka så langt', month: 'denne måneden så langt' }[period]}`,
    pace: { ahead: 'foran', 'on-track': 'i rute', behind: 'bak', 'no-working-days': 'ingen arbeidsdager' },
    bestDay: (day, points) => `Din beste dag: ${day}, ${points}`,
    count: {
      points: (n) => `${n} poeng`,
      calls: (n, one) => `${n} ${one ? 'samtale' : 'samtaler'}`,
      meetings: (n, one) => `${n} ${one ? 'møte' : 'møter'} booket`,
      sales: (n) => `${n} salg`,
    },
    companyHeading: 'Selskapets uke',
    teamsHeading: (teams) => (teams ? `Teamets uke (${teams})` : 'Teamets uke'),
    topHeading: 'Ukens beste',
    byTeamHeading: 'Per team',
    teamTargetsHeading: (team) => (team ? `Teammål (${team})` : 'Teammål'),
    noTeam: 'Uten team',
    behindHeading: 'Bak skjema',
    nobodyBehind: 'Ingen ligger bak skjema på målene sine.',
    moreBehind: (n) => `og ${n} til: se Mål i appen.`,
    // The adjective agrees too: "1 ulest dagsoppsummering", "2 uleste dagsoppsummeringer".
    wrapups: (n, one, unread) =>
      unread
        ? `${n} ${one ? 'ulest dagsoppsummering' : 'uleste dagsoppsummeringer'} fra folkene dine.`
        : `Folkene dine skrev ${n} ${one ? 'dagsoppsummering' : 'dagsoppsummeringer'} forrige uke.`,
    button: (brand) => `Åpne ${brand}`,
    footer: 'Du får denne oppsummeringen mandag morgen.',
    unsubscribe: 'Meld deg av ukeoppsummeringen',
  },
  sv: {
    subject: (range) => `Din veckosammanfattning: ${range}`,
    heading: (range, preview) => (preview ? `Den här veckan hittills, ${range}` : `Förra veckan, ${range}`),
    hello: (name) => (name ? `Hej ${name},` : 'Hej,'),
    intro: (preview) => (preview ? 'Så här går den här veckan hittills.' : 'Så här gick förra veckan.'),
    ownHeading: 'Din vecka',
    weekColumn: (week) => `Vecka ${week}`,
    changeColumn: (week) => `mot vecka ${week}`,
    changeLegend: (week, before) => `Vecka ${week}, med förändringen från vecka ${before} inom parentes`,
    metrics: {
      calls: 'Samtal',
      meetings_booked: 'Bokade möten',
      meetings_held: 'Genomförda möten',
      sales: 'Affärer',
      sales_value: 'Försäljningsvärde',
      points: 'Poäng',
    },
    percentagePoints: (change) => `${change} p.e.`,
    targetsHeading: 'Dina mål',
    target: (metric, progress, value, period) =>
      `${metric}: ${progress} av ${value} ${{ week: 'förra veckan', 'running-week': 'den här veckan hittills', month: 'hittills den här månaden' }[period]}`,
    pace: { ahead: 'ligger före', 'on-track': 'i fas', behind: 'ligger efter', 'no-working-days': 'inga arbetsdagar' },
    bestDay: (day, points) => `Din bästa dag: ${day}, ${points}`,
    count: {
      points: (n) => `${n} poäng`,
      calls: (n) => `${n} samtal`,
      meetings: (n, one) => `${n} ${one ? 'bokat möte' : 'bokade möten'}`,
      sales: (n, one) => `${n} ${one ? 'affär' : 'affärer'}`,
    },
    companyHeading: 'Företagets vecka',
    teamsHeading: (teams) => (teams ? `Teamets vecka (${teams})` : 'Teamets vecka'),
    topHeading: 'Veckans bästa',
    byTeamHeading: 'Per team',
    teamTargetsHeading: (team) => (team ? `Teammål (${team})` : 'Teammål'),
    noTeam: 'Utan team',
    behindHeading: 'Ligger efter med målen',
    nobodyBehind: 'Ingen ligger efter med sina mål.',
    moreBehind: (n) => `och ${n} till: se Mål i appen.`,
    wrapups: (n, one, unread) =>
      unread
        ? `${n} ${one ? 'oläst dagssammanfattning' : 'olästa dagssammanfattningar'} från dina medarbetare.`
        : `Dina medarbetare skrev ${n} ${one ? 'dagssammanfattning' : 'dagssammanfattningar'} förra veckan.`,
    button: (brand) => `Öppna ${brand}`,
    footer: 'Du får den här sammanfattningen varje måndagsmorgon.',
    unsubscribe: 'Avsluta prenumerationen på veckosammanfattningen',
  },
  da: {
    subject: (range) => `Din ugentlige opsummering: ${range}`,
    heading: (range, preview) => (preview ? `Denne uge indtil videre, ${range}` : `Sidste uge, ${range}`),
    hello: (name) => (name ? `Hej ${name},` : 'Hej,'),
    intro: (preview) => (preview ? 'Sådan går denne uge indtil videre.' : 'Sådan gik sidste uge.'),
    ownHeading: 'Din uge',
    weekColumn: (week) => `Uge ${week}`,
    changeColumn: (week) => `mod uge ${week}`,
    changeLegend: (week, before) => `Uge ${week}, med ændringen fra uge ${before} i parentes`,
    metrics: {
      calls: 'Opkald',
      meetings_booked: 'Bookede møder',
      meetings_held: 'Afholdte møder',
      sales: 'Salg',
      sales_value: 'Salgsværdi',
      points: 'Point',
    },
    percentagePoints: (change) => `${change} pct.-point`,
    targetsHeading: 'Dine mål',
    target: (metric, progress, value, period) =>
      `${metric}: ${progress} af ${value} ${{ week: 'i sidste uge', 'running-week': 'denne uge indtil videre', month: 'indtil videre denne måned' }[period]}`,
    pace: { ahead: 'foran', 'on-track': 'på sporet', behind: 'bagud', 'no-working-days': 'ingen arbejdsdage' },
    bestDay: (day, points) => `Din bedste dag: ${day}, ${points}`,
    count: {
      points: (n) => `${n} point`,
      calls: (n) => `${n} opkald`,
      meetings: (n, one) => `${n} ${one ? 'booket møde' : 'bookede møder'}`,
      sales: (n) => `${n} salg`,
    },
    companyHeading: 'Virksomhedens uge',
    teamsHeading: (teams) => (teams ? `Teamets uge (${teams})` : 'Teamets uge'),
    topHeading: 'Ugens bedste',
    byTeamHeading: 'Pr. team',
    teamTargetsHeading: (team) => (team ? `Teammål (${team})` : 'Teammål'),
    noTeam: 'Uden team',
    behindHeading: 'Bagud i forhold til målene',
    nobodyBehind: 'Ingen er bagud i forhold til deres mål.',
    moreBehind: (n) => `og ${n} mere: se Mål i appen.`,
    wrapups: (n, one, unread) =>
      unread
        ? `${n} ${one ? 'ulæst opsummering' : 'ulæste opsummeringer'} fra dine medarbejdere.`
        : `Dine medarbejdere skrev ${n} ${one ? 'opsummering' : 'opsummeringer'} i sidste uge.`,
    button: (brand) => `Åbn ${brand}`,
    footer: 'Du får denne opsummering hver mandag morgen.',
    unsubscribe: 'Afmeld den ugentlige opsummering',
  },
};
