import type { ContestMetric } from '../contracts/contests';
import type { Language } from '../contracts/common';

/*
 * Every word a chat message carries, in every language, in one place (as server/mail/templates.ts
 * keeps the mails' and the exports module its headers): core cannot reach the web's i18next
 * catalogs, and a message is written once, in the company's chosen language, for a whole channel.
 */

export type ChatGoal = 'calls' | 'meetings' | 'sales';

/** A number and how the reader's locale writes it: the words pick singular or plural from the first. */
export type Count = { value: number; text: string };

export type ChatWords = {
  /** Intl locale for numbers, money and dates (INTL_LOCALES): nb-NO writes "12 500 kr". */
  locale: string;
  /** A member without a display name. */
  unnamed: string;
  sale: {
    heading: string;
    line: (rep: string, value: string) => string;
    customer: string;
    product: string;
    points: string;
  };
  goal: {
    heading: string;
    line: (member: string, goal: string) => string;
    goal: string;
    result: string;
    /** "42 of 40". */
    reached: (value: string, target: string) => string;
    /** What is counted, inside a sentence: "calls". */
    counted: Record<ChatGoal, string>;
    /** The goal as a fact's value: "Calls per day". */
    names: Record<ChatGoal, string>;
    /** A goal on one of the company's own types as a fact's value: "Dial per day" (decision 106). */
    perDay: (type: string) => string;
    /** An own type whose name is gone. */
    aType: string;
  };
  contest: {
    heading: Record<'started' | 'lead_changed' | 'finished', string>;
    started: (contest: string, endsOn: string) => string;
    leadChanged: (leaders: string, contest: string) => string;
    finished: (winners: string, contest: string) => string;
    noWinner: (contest: string) => string;
    score: string;
    /** Joins two or more names: "Kari and Ola". */
    and: string;
    /** What a score counts, singular and plural ("8 calls"; decision 087). Sales value is money. */
    units: Record<Exclude<ContestMetric, 'sales_value'>, readonly [one: string, other: string]>;
    /** The winner post names the prize. */
    prize: (prize: string) => string;
  };
  summary: {
    heading: string;
    /** The fallback text of a notification. */
    line: (date: string, points: Count, sales: Count, value: string) => string;
    top: string;
    nobodyScored: string;
    points: (points: Count) => string;
    totals: string;
    calls: string;
    meetings: string;
    sales: string;
    salesValue: string;
    totalPoints: string;
    idle: string;
    everyoneLogged: string;
    /** The tail of a list cut short: "and 12 more". */
    more: (count: string) => string;
  };
};

export const CHAT_WORDS: Record<Language, ChatWords> = {
  en: {
    locale: 'en-GB',
    unnamed: 'A team member',
    sale: {
      heading: '🎉 New sale',
      line: (rep, value) => `${rep} closed a sale of ${value}`,
      customer: 'Customer',
      product: 'Product',
      points: 'Points',
    },
    goal: {
      heading: '🏆 Goal reached',
      line: (member, goal) => `${member} reached their daily goal for ${goal}`,
      goal: 'Goal',
      result: 'Result',
      reached: (value, target) => `${value} of ${target}`,
      counted: { calls: 'calls', meetings: 'meetings booked', sales: 'sales' },
      names: { calls: 'Calls per day', meetings: 'Meetings booked per day', sales: 'Sales per day' },
      perDay: (type) => `${type} per day`,
      aType: 'a type of yours',
    },
    contest: {
      heading: { started: '🏁 Contest started', lead_changed: '🔥 New leader', finished: '🏆 Contest finished' },
      started: (contest, endsOn) => `${contest} has started. It runs until ${endsOn}. Game on!`,
      leadChanged: (leaders, contest) => `${leaders} took the lead in ${contest}`,
      finished: (winners, contest) => `${winners} won ${contest}!`,
      noWinner: (contest) => `${contest} is over, with no score on the board.`,
      score: 'Score',
      and: 'and',
      units: {
        calls: ['call', 'calls'],
        answered: ['answered call', 'answered calls'],
        meetings_booked: ['meeting booked', 'meetings booked'],
        meetings_held: ['meeting held', 'meetings held'],
        sales: ['sale', 'sales'],
        points: ['point', 'points'],
        emails: ['e-mail', 'e-mails'],
        linkedin: ['LinkedIn touch', 'LinkedIn touches'],
        activities: ['activity', 'activities'],
      },
      prize: (prize) => `Prize: ${prize}`,
    },
    summary: {
      heading: '📊 Daily summary',
      line: (date, points, sales, value) =>
        `Daily summary for ${date}: ${points.text} ${points.value === 1 ? 'point' : 'points'}, ${sales.text} ${sales.value === 1 ? 'sale' : 'sales'} (${value})`,
      top: 'Top 3 by points',
      nobodyScored: 'Nobody scored any points this day.',
      points: (points) => `${points.text} ${points.value === 1 ? 'point' : 'points'}`,
      totals: 'Team totals',
      calls: 'Calls',
      meetings: 'Meetings booked',
      sales: 'Sales',
      salesValue: 'Sales value',
      totalPoints: 'Points',
      idle: 'Nothing logged this day',
      everyoneLogged: 'Everyone logged something this day. 👏',
      more: (count) => `and ${count} more`,
    },
  },
  nb: {
    locale: 'nb-NO',
    unnamed: 'Et teammedlem',
    sale: {
      heading: '🎉 Nytt salg',
      line: (rep, value) => `${rep} har solgt for ${value}`,
      customer: 'Kunde',
      product: 'Produkt',
      points: 'Poeng',
    },
    goal: {
      heading: '🏆 Mål nådd',
      line: (member, goal) => `${member} nådde dagsmålet for ${goal}`,
      goal: 'Mål',
      result: 'Resultat',
      reached: (value, target) => `${value} av ${target}`,
      counted: { calls: 'samtaler', meetings: 'møter booket', sales: 'salg' },
      names: { calls: 'Samtaler per dag', meetings: 'Møter booket per dag', sales: 'Salg per dag' },
      perDay: (type) => `${type} per dag`,
      aType: 'en av typene deres',
    },
    contest: {
      heading: { started: '🏁 Konkurransen er i gang', lead_changed: '🔥 Ny leder', finished: '🏆 Konkurransen er over' },
      started: (contest, endsOn) => `${contest} har startet og varer til og med ${endsOn}. Kjør på!`,
      leadChanged: (leaders, contest) => `${leaders} har tatt ledelsen i ${contest}`,
      finished: (winners, contest) => `${winners} vant ${contest}!`,
      noWinner: (contest) => `${contest} er over, uten poeng på tavla.`,
      score: 'Resultat',
      and: 'og',
      units: {
        calls: ['samtale', 'samtaler'],
        answered: ['besvart samtale', 'besvarte samtaler'],
        meetings_booked: ['booket møte', 'bookede møter'],
        meetings_held: ['avholdt møte', 'avholdte møter'],
        sales: ['salg', 'salg'],
        points: ['poeng', 'poeng'],
        emails: ['e-post', 'e-poster'],
        linkedin: ['LinkedIn-kontakt', 'LinkedIn-kontakter'],
        activities: ['aktivitet', 'aktiviteter'],
      },
      prize: (prize) => `Premie: ${prize}`,
    },
    summary: {
      heading: '📊 Dagsoppsummering',
      line: (date, points, sales, value) => `Dagsoppsummering for ${date}: ${points.text} poeng, ${sales.text} salg (${value})`,
      top: 'Topp 3 etter poeng',
      nobodyScored: 'Ingen fikk poeng denne dagen.',
      points: (points) => `${points.text} poeng`,
      totals: 'Teamet totalt',
      calls: 'Samtaler',
      meetings: 'Møter booket',
      sales: 'Salg',
      salesValue: 'Salgsverdi',
      totalPoints: 'Poeng',
      idle: 'Ingenting registrert denne dagen',
      everyoneLogged: 'Alle registrerte noe denne dagen. 👏',
      more: (count) => `og ${count} til`,
    },
  },
  sv: {
    locale: 'sv-SE',
    unnamed: 'En teammedlem',
    sale: {
      heading: '🎉 Ny affär',
      line: (rep, value) => `${rep} har stängt en affär på ${value}`,
      customer: 'Kund',
      product: 'Produkt',
      points: 'Poäng',
    },
    goal: {
      heading: '🏆 Mål uppnått',
      line: (member, goal) => `${member} nådde sitt dagsmål för ${goal}`,
      goal: 'Mål',
      result: 'Resultat',
      reached: (value, target) => `${value} av ${target}`,
      counted: { calls: 'samtal', meetings: 'bokade möten', sales: 'försäljning' },
      names: { calls: 'Samtal per dag', meetings: 'Bokade möten per dag', sales: 'Försäljning per dag' },
      perDay: (type) => `${type} per dag`,
      aType: 'en av era typer',
    },
    contest: {
      heading: { started: '🏁 Tävlingen har startat', lead_changed: '🔥 Ny ledare', finished: '🏆 Tävlingen är slut' },
      started: (contest, endsOn) => `${contest} har startat och pågår till och med ${endsOn}. Nu kör vi!`,
      leadChanged: (leaders, contest) => `${leaders} har tagit ledningen i ${contest}`,
      finished: (winners, contest) => `${winners} vann ${contest}!`,
      noWinner: (contest) => `${contest} är slut, utan några poäng på tavlan.`,
      score: 'Resultat',
      and: 'och',
      units: {
        calls: ['samtal', 'samtal'],
        answered: ['besvarat samtal', 'besvarade samtal'],
        meetings_booked: ['bokat möte', 'bokade möten'],
        meetings_held: ['genomfört möte', 'genomförda möten'],
        sales: ['affär', 'affärer'],
        points: ['poäng', 'poäng'],
        emails: ['mejl', 'mejl'],
        linkedin: ['LinkedIn-kontakt', 'LinkedIn-kontakter'],
        activities: ['aktivitet', 'aktiviteter'],
      },
      prize: (prize) => `Pris: ${prize}`,
    },
    summary: {
      heading: '📊 Dagssammanfattning',
      line: (date, points, sales, value) =>
        `Dagssammanfattning för ${date}: ${points.text} poäng, ${sales.text} ${sales.value === 1 ? 'affär' : 'affärer'} (${value})`,
      top: 'Topp 3 efter poäng',
      nobodyScored: 'Ingen tog några poäng den här dagen.',
      points: (points) => `${points.text} poäng`,
      totals: 'Teamet totalt',
      calls: 'Samtal',
      meetings: 'Bokade möten',
      sales: 'Affärer',
      salesValue: 'Försäljningsvärde',
      totalPoints: 'Poäng',
      idle: 'Inget loggat den här dagen',
      everyoneLogged: 'Alla loggade något den här dagen. 👏',
      more: (count) => `och ${count} till`,
    },
  },
  da: {
    locale: 'da-DK',
    unnamed: 'Et teammedlem',
    sale: {
      heading: '🎉 Nyt salg',
      line: (rep, value) => `${rep} har lukket et salg på ${value}`,
      customer: 'Kunde',
      product: 'Produkt',
      points: 'Point',
    },
    goal: {
      heading: '🏆 Mål nået',
      line: (member, goal) => `${member} nåede sit dagsmål for ${goal}`,
      goal: 'Mål',
      result: 'Resultat',
      reached: (value, target) => `${value} af ${target}`,
      counted: { calls: 'opkald', meetings: 'bookede møder', sales: 'salg' },
      names: { calls: 'Opkald pr. dag', meetings: 'Bookede møder pr. dag', sales: 'Salg pr. dag' },
      perDay: (type) => `${type} pr. dag`,
      aType: 'en af jeres typer',
    },
    contest: {
      heading: { started: '🏁 Konkurrencen er i gang', lead_changed: '🔥 Ny i spidsen', finished: '🏆 Konkurrencen er slut' },
      started: (contest, endsOn) => `${contest} er startet og løber til og med ${endsOn}. Kom så!`,
      leadChanged: (leaders, contest) => `${leaders} har taget føringen i ${contest}`,
      finished: (winners, contest) => `${winners} vandt ${contest}!`,
      noWinner: (contest) => `${contest} er slut, uden point på tavlen.`,
      score: 'Resultat',
      and: 'og',
      units: {
        calls: ['opkald', 'opkald'],
        answered: ['besvaret opkald', 'besvarede opkald'],
        meetings_booked: ['booket møde', 'bookede møder'],
        meetings_held: ['afholdt møde', 'afholdte møder'],
        sales: ['salg', 'salg'],
        points: ['point', 'point'],
        emails: ['e-mail', 'e-mails'],
        linkedin: ['LinkedIn-kontakt', 'LinkedIn-kontakter'],
        activities: ['aktivitet', 'aktiviteter'],
      },
      prize: (prize) => `Præmie: ${prize}`,
    },
    summary: {
      heading: '📊 Daglig opsummering',
      line: (date, points, sales, value) => `Daglig opsummering for ${date}: ${points.text} point, ${sales.text} salg (${value})`,
      top: 'Top 3 efter point',
      nobodyScored: 'Ingen fik point denne dag.',
      points: (points) => `${points.text} point`,
      totals: 'Teamet i alt',
      calls: 'Opkald',
      meetings: 'Bookede møder',
      sales: 'Salg',
      salesValue: 'Salgsværdi',
      totalPoints: 'Point',
      idle: 'Intet registreret denne dag',
      everyoneLogged: 'Alle registrerede noget denne dag. 👏',
      more: (count) => `og ${count} mere`,
    },
  },
};
