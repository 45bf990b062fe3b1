import type { ExportKind, Language, Role, StoredActivityType } from '@core/contracts';
import type { CallOutcome } from '@core/kpi';

/*
 * Every word an export file carries, in every language, in one place (as server/mail/templates.ts
 * keeps the mails'): headers, sheet and file names, the names of activity types, call outcomes
 * and roles. The names match the web's catalogs (web/i18n/locales/<lang>/activity.json,
 * settings.json), which the server cannot import.
 */

export type ExportWords = {
  /** In file names and as sheet names. */
  kinds: Record<ExportKind, string>;
  activityTypes: Record<StoredActivityType, string>;
  outcomes: Record<CallOutcome, string>;
  roles: Record<Role, string>;
  /** A person whose data was erased and who left (decision 022). */
  formerMember: string;
  /** The KPI file's last row: everyone's figures together. */
  everyone: string;
  /** A member without a display name, as the screens name them. */
  unnamedMember: (idStart: string) => string;
  /** A yes in a yes-or-blank column (an activity logged late), and a yes/no field's answers (decision 100). */
  yes: string;
  no: string;
  /** Column headers by column; a money column's header gets the currency code after it: "Value (NOK)". */
  columns: {
    activities: Record<ActivityColumn, string>;
    leaderboard: Record<LeaderboardColumn, string>;
    wrapups: Record<WrapupColumn, string>;
    goals: Record<GoalColumn, string>;
    members: Record<MemberColumn, string>;
    /** The KPI file's first column; each KPI's own name heads its column. */
    kpis: { member: string };
  };
};

export type ActivityColumn = 'at' | 'member' | 'type' | 'outcome' | 'customer' | 'product' | 'value' | 'points' | 'notes' | 'loggedLate';
export type LeaderboardColumn =
  'rank' | 'member' | 'points' | 'calls' | 'answered' | 'unanswered' | 'meetings' | 'conversion' | 'sales' | 'revenue' | 'activities';
export type WrapupColumn = 'date' | 'member' | 'calls' | 'meetings' | 'sales' | 'points' | 'good' | 'improve';
export type GoalColumn = 'member' | 'dailyCalls' | 'dailyMeetings' | 'dailySales' | 'updatedAt';
export type MemberColumn = 'name' | 'email' | 'role' | 'joinedAt';

export const EXPORT_WORDS: Record<Language, ExportWords> = {
  en: {
    kinds: { activities: 'activities', leaderboard: 'leaderboard', wrapups: 'wrap-ups', goals: 'goals', members: 'members', kpis: 'KPIs' },
    everyone: 'Everyone',
    activityTypes: {
      call_answered: 'Answered call',
      call_unanswered: 'Unanswered call',
      meeting: 'Meeting held',
      sale: 'Sale',
      email: 'E-mail',
      linkedin: 'LinkedIn touch',
      custom: 'Own activity type',
    },
    outcomes: { no_progress: 'No progress', moved_forward: 'Moved forward', meeting_booked: 'Meeting booked' },
    roles: { admin: 'Admin', user: 'User' },
    formerMember: 'Former member',
    unnamedMember: (idStart) => `User ${idStart}`,
    yes: 'Yes',
    no: 'No',
    columns: {
      activities: {
        at: 'Date and time',
        member: 'Member',
        type: 'Type',
        outcome: 'Outcome',
        customer: 'Customer',
        product: 'Product',
        value: 'Value',
        points: 'Points',
        notes: 'Notes',
        loggedLate: 'Logged late',
      },
      leaderboard: {
        rank: 'Rank',
        member: 'Member',
        points: 'Points',
        calls: 'Calls',
        answered: 'Answered',
        unanswered: 'Unanswered',
        meetings: 'Meetings booked',
        conversion: 'Conversion',
        sales: 'Sales',
        revenue: 'Revenue',
        activities: 'Activities',
      },
      wrapups: {
        date: 'Date',
        member: 'Member',
        calls: 'Calls',
        meetings: 'Meetings',
        sales: 'Sales',
        points: 'Points',
        good: 'What went well?',
        improve: 'What can be improved?',
      },
      goals: {
        member: 'Member',
        dailyCalls: 'Calls per day',
        dailyMeetings: 'Meetings per day',
        dailySales: 'Sales per day',
        updatedAt: 'Last changed',
      },
      members: { name: 'Name', email: 'E-mail', role: 'Role', joinedAt: 'Joined' },
      kpis: { member: 'Member' },
    },
  },
  nb: {
    kinds: {
      activities: 'aktiviteter',
      leaderboard: 'toppliste',
      wrapups: 'dagsoppsummeringer',
      goals: 'mål',
      members: 'medlemmer',
      kpis: 'KPI-er',
    },
    everyone: 'Alle',
    activityTypes: {
      call_answered: 'Besvart samtale',
      call_unanswered: 'Ubesvart samtale',
      meeting: 'Møte holdt',
      sale: 'Salg',
      email: 'E-post',
      linkedin: 'LinkedIn-kontakt',
      custom: 'Egen aktivitetstype',
    },
    outcomes: { no_progress: 'Ingen fremgang', moved_forward: 'Kom videre', meeting_booked: 'Møte booket' },
    roles: { admin: 'Admin', user: 'Bruker' },
    formerMember: 'Tidligere medlem',
    unnamedMember: (idStart) => `Bruker ${idStart}`,
    yes: 'Ja',
    no: 'Nei',
    columns: {
      activities: {
        at: 'Dato og tid',
        member: 'Medlem',
        type: 'Type',
        outcome: 'Utfall',
        customer: 'Kunde',
        product: 'Produkt',
        value: 'Verdi',
        points: 'Poeng',
        notes: 'Notater',
        loggedLate: 'Ført i etterkant',
      },
      leaderboard: {
        rank: 'Plass',
        member: 'Medlem',
        points: 'Poeng',
        calls: 'Samtaler',
        answered: 'Besvart',
        unanswered: 'Ubesvart',
        meetings: 'Møter booket',
        conversion: 'Konvertering',
        sales: 'Salg',
        revenue: 'Salgsverdi',
        activities: 'Aktiviteter',
      },
      wrapups: {
        date: 'Dato',
        member: 'Medlem',
        calls: 'Samtaler',
        meetings: 'Møter',
        sales: 'Salg',
        points: 'Poeng',
        good: 'Hva gikk bra?',
        improve: 'Hva kan forbedres?',
      },
      goals: {
        member: 'Medlem',
        dailyCalls: 'Samtaler per dag',
        dailyMeetings: 'Møter per dag',
        dailySales: 'Salg per dag',
        updatedAt: 'Sist endret',
      },
      members: { name: 'Navn', email: 'E-post', role: 'Rolle', joinedAt: 'Ble med' },
      kpis: { member: 'Medlem' },
    },
  },
  sv: {
    kinds: {
      activities: 'aktiviteter',
      leaderboard: 'topplista',
      wrapups: 'dagssammanfattningar',
      goals: 'mål',
      members: 'medlemmar',
      kpis: 'KPI:er',
    },
    everyone: 'Alla',
    activityTypes: {
      call_answered: 'Besvarat samtal',
      call_unanswered: 'Obesvarat samtal',
      meeting: 'Genomfört möte',
      sale: 'Affär',
      email: 'E-post',
      linkedin: 'LinkedIn-kontakt',
      custom: 'Egen aktivitetstyp',
    },
    outcomes: { no_progress: 'Inget framsteg', moved_forward: 'Kom vidare', meeting_booked: 'Möte bokat' },
    roles: { admin: 'Administratör', user: 'Användare' },
    formerMember: 'Tidigare medlem',
    unnamedMember: (idStart) => `Användare ${idStart}`,
    yes: 'Ja',
    no: 'Nej',
    columns: {
      activities: {
        at: 'Datum och tid',
        member: 'Medlem',
        type: 'Typ',
        outcome: 'Utfall',
        customer: 'Kund',
        product: 'Produkt',
        value: 'Värde',
        points: 'Poäng',
        notes: 'Anteckningar',
        loggedLate: 'Loggad i efterhand',
      },
      leaderboard: {
        rank: 'Placering',
        member: 'Medlem',
        points: 'Poäng',
        calls: 'Samtal',
        answered: 'Besvarade',
        unanswered: 'Obesvarade',
        meetings: 'Bokade möten',
        conversion: 'Konvertering',
        sales: 'Affärer',
        revenue: 'Försäljningsvärde',
        activities: 'Aktiviteter',
      },
      wrapups: {
        date: 'Datum',
        member: 'Medlem',
        calls: 'Samtal',
        meetings: 'Möten',
        sales: 'Affärer',
        points: 'Poäng',
        good: 'Vad gick bra?',
        improve: 'Vad kan förbättras?',
      },
      goals: {
        member: 'Medlem',
        dailyCalls: 'Samtal per dag',
        dailyMeetings: 'Möten per dag',
        dailySales: 'Försäljning per dag',
        updatedAt: 'Senast ändrad',
      },
      members: { name: 'Namn', email: 'E-post', role: 'Roll', joinedAt: 'Gick med' },
      kpis: { member: 'Medlem' },
    },
  },
  da: {
    kinds: {
      activities: 'aktiviteter',
      leaderboard: 'rangliste',
      wrapups: 'opsummeringer',
      goals: 'mål',
      members: 'medlemmer',
      kpis: "KPI'er",
    },
    everyone: 'Alle',
    activityTypes: {
      call_answered: 'Besvaret opkald',
      call_unanswered: 'Ubesvaret opkald',
      meeting: 'Afholdt møde',
      sale: 'Salg',
      email: 'E-mail',
      linkedin: 'LinkedIn-kontakt',
      custom: 'Egen aktivitetstype',
    },
    outcomes: { no_progress: 'Ingen fremgang', moved_forward: 'Kom videre', meeting_booked: 'Møde booket' },
    roles: { admin: 'Administrator', user: 'Bruger' },
    formerMember: 'Tidligere medlem',
    unnamedMember: (idStart) => `Bruger ${idStart}`,
    yes: 'Ja',
    no: 'Nej',
    columns: {
      activities: {
        at: 'Dato og tid',
        member: 'Medlem',
        type: 'Type',
        outcome: 'Udfald',
        customer: 'Kunde',
        product: 'Produkt',
        value: 'Værdi',
        points: 'Point',
        notes: 'Noter',
        loggedLate: 'Registreret bagefter',
      },
      leaderboard: {
        rank: 'Placering',
        member: 'Medlem',
        points: 'Point',
        calls: 'Opkald',
        answered: 'Besvarede',
        unanswered: 'Ubesvarede',
        meetings: 'Bookede møder',
        conversion: 'Konvertering',
        sales: 'Salg',
        revenue: 'Salgsværdi',
        activities: 'Aktiviteter',
      },
      wrapups: {
        date: 'Dato',
        member: 'Medlem',
        calls: 'Opkald',
        meetings: 'Møder',
        sales: 'Salg',
        points: 'Point',
        good: 'Hvad gik godt?',
        improve: 'Hvad kan forbedres?',
      },
      goals: {
        member: 'Medlem',
        dailyCalls: 'Opkald pr. dag',
        dailyMeetings: 'Møder pr. dag',
        dailySales: 'Salg pr. dag',
        updatedAt: 'Sidst ændret',
      },
      members: { name: 'Navn', email: 'E-mail', role: 'Rolle', joinedAt: 'Blev medlem' },
      kpis: { member: 'Medlem' },
    },
  },
};
