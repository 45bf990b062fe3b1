import { INTL_LOCALES, type Language, LANGUAGES, toSingleLine, UI_LANGUAGE_HEADER } from '@core/contracts';
import { negotiateLanguage } from '@core/language';
import type { Mail } from './mailer';
import { escapeHtml } from '../lib/escape-html';

/** The languages mails are written in: the product's languages. */
export type MailLanguage = Language;

/** The header the web app sends with the language on the screen (web/lib/api.ts, auth-client.ts). */
export { UI_LANGUAGE_HEADER };

/**
 * Which language a mail is written in: the person's saved language (Settings, avatar menu); else
 * the language on the screen they asked from; else their browser's; else English.
 */
export function chooseMailLanguage(saved: string | null | undefined, headers: Headers | undefined): MailLanguage {
  return negotiateLanguage(
    { explicit: [saved, headers?.get(UI_LANGUAGE_HEADER)], acceptLanguage: headers?.get('accept-language') },
    LANGUAGES,
    'en',
  );
}

const FALLBACK_LINE: Record<MailLanguage, string> = {
  en: 'If the button does not work, paste this link into your browser:',
  nb: 'Fungerer ikke knappen? Lim inn denne lenken i nettleseren:',
  sv: 'Fungerar inte knappen? Klistra in den här länken i webbläsaren:',
  da: 'Virker knappen ikke? Indsæt dette link i din browser:',
};

function layout(language: MailLanguage, brand: string, heading: string, body: string, url: string, button: string): string {
  return `<!doctype html><html lang="${language}"><body style="margin:0;background:#f4f6fb;font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="480" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:12px;padding:32px">
<tr><td style="font-weight:700;font-size:18px;color:#0e7490">${escapeHtml(brand)}</td></tr>
<tr><td style="padding-top:16px;font-size:20px;font-weight:600">${escapeHtml(heading)}</td></tr>
<tr><td style="padding-top:8px;font-size:15px;line-height:1.5;color:#334155">${body}</td></tr>
<tr><td style="padding-top:24px"><a href="${escapeHtml(url)}" style="display:inline-block;background:#0e7490;color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(button)}</a></td></tr>
<tr><td style="padding-top:24px;font-size:12px;color:#64748b">${FALLBACK_LINE[language]}<br>${escapeHtml(url)}</td></tr>
</table></td></tr></table></body></html>`;
}

/**
 * subject: only our own words (the brand is the operator's); text a stranger chose (a company
 * name in multi-tenant mode, a sign-up name) may appear in the body, quoted and capped, never in
 * the subject a mail client shows first. Defaults to the heading when that is all ours.
 */
type Words = { heading: string; lines: string[]; button: string; subject?: string };

function render(language: MailLanguage, brand: string, to: string, url: string, words: Words): Mail {
  return {
    to,
    subject: words.subject ?? words.heading,
    text: `${words.lines.join('\n\n')}\n\n${url}`,
    html: layout(language, brand, words.heading, words.lines.map(escapeHtml).join('<br><br>'), url, words.button),
    links: [url],
  };
}

export function renderVerificationMail(input: { brand: string; to: string; name: string; url: string; language?: MailLanguage }): Mail {
  const { brand, name } = input;
  const words: Record<MailLanguage, Words> = {
    en: {
      heading: `Confirm your e-mail for ${brand}`,
      lines: [
        name ? `Hi ${name},` : 'Hi,',
        `Confirm your e-mail address to finish joining ${brand}. The link works for 24 hours.`,
        'If you did not sign up, ignore this mail.',
      ],
      button: 'Confirm e-mail',
    },
    nb: {
      heading: `Bekreft e-posten din for ${brand}`,
      lines: [
        name ? `Hei ${name},` : 'Hei,',
        `Bekreft e-postadressen din for å bli med i ${brand}. Lenken virker i 24 timer.`,
        'Har du ikke registrert deg, kan du se bort fra denne e-posten.',
      ],
      button: 'Bekreft e-post',
    },
    sv: {
      heading: `Bekräfta din e-post för ${brand}`,
      lines: [
        name ? `Hej ${name},` : 'Hej,',
        `Bekräfta din e-postadress för att gå med i ${brand}. Länken fungerar i 24 timmar.`,
        'Om du inte har registrerat dig kan du bortse från det här mejlet.',
      ],
      button: 'Bekräfta e-post',
    },
    da: {
      heading: `Bekræft din e-mail til ${brand}`,
      lines: [
        name ? `Hej ${name},` : 'Hej,',
        `Bekræft din e-mailadresse for at blive en del af ${brand}. Linket virker i 24 timer.`,
        'Har du ikke oprettet en konto, kan du se bort fra denne mail.',
      ],
      button: 'Bekræft e-mail',
    },
  };
  const language = input.language ?? 'en';
  return render(language, brand, input.to, input.url, words[language]);
}

export function renderResetPasswordMail(input: {
  brand: string;
  to: string;
  url: string;
  expiresInMinutes: number;
  language?: MailLanguage;
}): Mail {
  const { brand, expiresInMinutes: minutes } = input;
  const hours = minutes % 60 === 0 ? minutes / 60 : null;
  const words: Record<MailLanguage, Words> = {
    en: {
      heading: `Reset your ${brand} password`,
      lines: [
        'Someone asked to reset the password of this account. Choose a new one with the link below.',
        `The link works once, for ${hours === 1 ? 'one hour' : hours ? `${hours} hours` : `${minutes} minutes`}. Choosing a new password signs the account out on every device.`,
        'If it was not you, ignore this mail: your password stays as it is.',
      ],
      button: 'Choose a new password',
    },
    nb: {
      heading: `Tilbakestill passordet ditt i ${brand}`,
      lines: [
        'Noen ba om å tilbakestille passordet til denne kontoen. Velg et nytt med lenken nedenfor.',
        `Lenken virker én gang, i ${hours === 1 ? 'én time' : hours ? `${hours} timer` : `${minutes} minutter`}. Et nytt passord logger kontoen ut på alle enheter.`,
        'Var det ikke deg, kan du se bort fra denne e-posten: passordet ditt forblir som det er.',
      ],
      button: 'Velg nytt passord',
    },
    sv: {
      heading: `Återställ ditt lösenord för ${brand}`,
      lines: [
        'Någon har bett om att återställa lösenordet för det här kontot. Välj ett nytt med länken nedan.',
        `Länken fungerar en gång, i ${hours === 1 ? 'en timme' : hours ? `${hours} timmar` : `${minutes} minuter`}. Ett nytt lösenord loggar ut kontot på alla enheter.`,
        'Om det inte var du kan du bortse från det här mejlet: ditt lösenord förblir som det är.',
      ],
      button: 'Välj nytt lösenord',
    },
    da: {
      heading: `Nulstil din adgangskode til ${brand}`,
      lines: [
        'Nogen har bedt om at nulstille adgangskoden til denne konto. Vælg en ny med linket nedenfor.',
        `Linket virker én gang, i ${hours === 1 ? 'én time' : hours ? `${hours} timer` : `${minutes} minutter`}. En ny adgangskode logger kontoen ud på alle enheder.`,
        'Var det ikke dig, kan du se bort fra denne mail: din adgangskode forbliver, som den er.',
      ],
      button: 'Vælg ny adgangskode',
    },
  };
  const language = input.language ?? 'en';
  return render(language, brand, input.to, input.url, words[language]);
}

export function renderMagicLinkMail(input: {
  brand: string;
  to: string;
  url: string;
  companyName?: string;
  language?: MailLanguage;
}): Mail {
  const { brand } = input;
  const companyName = input.companyName === undefined ? undefined : toSingleLine(input.companyName);
  const words: Record<MailLanguage, Words> = {
    en: {
      subject: companyName ? `Your invitation to ${brand}` : `Sign in to ${brand}`,
      heading: companyName ? `You are invited to join “${companyName}” on ${brand}` : `Sign in to ${brand}`,
      lines: [
        `Use this link to sign in${companyName ? ` and join “${companyName}”` : ''}.`,
        'The link works once and expires in 15 minutes.',
        'If you did not ask for it, ignore this mail.',
      ],
      button: 'Sign in',
    },
    nb: {
      subject: companyName ? `Invitasjonen din til ${brand}` : `Logg inn på ${brand}`,
      heading: companyName ? `Du er invitert til «${companyName}» på ${brand}` : `Logg inn på ${brand}`,
      lines: [
        `Bruk denne lenken for å logge inn${companyName ? ` og bli med i «${companyName}»` : ''}.`,
        'Lenken virker én gang og utløper om 15 minutter.',
        'Har du ikke bedt om den, kan du se bort fra denne e-posten.',
      ],
      button: 'Logg inn',
    },
    sv: {
      subject: companyName ? `Din inbjudan till ${brand}` : `Logga in på ${brand}`,
      heading: companyName ? `Du är inbjuden till ”${companyName}” på ${brand}` : `Logga in på ${brand}`,
      lines: [
        `Använd den här länken för att logga in${companyName ? ` och gå med i ”${companyName}”` : ''}.`,
        'Länken fungerar en gång och går ut om 15 minuter.',
        'Om du inte har bett om den kan du bortse från det här mejlet.',
      ],
      button: 'Logga in',
    },
    da: {
      subject: companyName ? `Din invitation til ${brand}` : `Log ind på ${brand}`,
      heading: companyName ? `Du er inviteret til »${companyName}« på ${brand}` : `Log ind på ${brand}`,
      lines: [
        `Brug dette link til at logge ind${companyName ? ` og blive en del af »${companyName}«` : ''}.`,
        'Linket virker én gang og udløber om 15 minutter.',
        'Har du ikke bedt om det, kan du se bort fra denne mail.',
      ],
      button: 'Log ind',
    },
  };
  const language = input.language ?? 'en';
  return render(language, brand, input.to, input.url, words[language]);
}

/** To a company's admins: the server turned a webhook endpoint off after a day of failed deliveries (decision 037). */
export function renderWebhookDisabledMail(input: {
  brand: string;
  to: string;
  url: string;
  endpointUrl: string;
  lastError: string;
  language?: MailLanguage;
}): Mail {
  // The endpoint's URL and the receiver's answer are text others chose: in the body, capped, never in the subject.
  const endpoint = input.endpointUrl.slice(0, 200);
  const lastError = input.lastError.slice(0, 200);
  const words: Record<MailLanguage, Words> = {
    en: {
      heading: 'A webhook endpoint was turned off',
      lines: [
        `Deliveries to ${endpoint} have failed for a day, so ${input.brand} turned the endpoint off. No more events are sent to it.`,
        `The last attempt: ${lastError || 'no answer'}`,
        'Fix the receiver, then turn the endpoint on again under Administration, Webhooks; its queued events are sent then, and failed ones can be resent from its delivery log.',
      ],
      button: 'Open Webhooks',
    },
    nb: {
      heading: 'Et webhook-endepunkt ble slått av',
      lines: [
        `Leveranser til ${endpoint} har feilet i et døgn, så ${input.brand} slo endepunktet av. Det sendes ikke flere hendelser dit.`,
        `Siste forsøk: ${lastError || 'intet svar'}`,
        'Rett mottakeren, og slå endepunktet på igjen under Administrasjon, Webhooks; hendelsene i køen sendes da, og mislykkede kan sendes på nytt fra leveranseloggen.',
      ],
      button: 'Åpne Webhooks',
    },
    sv: {
      heading: 'En webhook-slutpunkt har stängts av',
      lines: [
        `Leveranser till ${endpoint} har misslyckats i ett dygn, så ${input.brand} stängde av slutpunkten. Inga fler händelser skickas dit.`,
        `Senaste försöket: ${lastError || 'inget svar'}`,
        'Åtgärda mottagaren och slå sedan på slutpunkten igen under Administration, Webhooks; händelserna i kön skickas då, och misslyckade kan skickas igen från leveransloggen.',
      ],
      button: 'Öppna Webhooks',
    },
    da: {
      heading: 'Et webhook-endpoint er blevet slået fra',
      lines: [
        `Leveringer til ${endpoint} har fejlet i et døgn, så ${input.brand} slog endpointet fra. Der sendes ikke flere hændelser dertil.`,
        `Seneste forsøg: ${lastError || 'intet svar'}`,
        'Ret modtageren, og slå derefter endpointet til igen under Administration, Webhooks; hændelserne i køen sendes så, og mislykkede kan sendes igen fra leveringsloggen.',
      ],
      button: 'Åbn Webhooks',
    },
  };
  const language = input.language ?? 'en';
  return render(language, input.brand, input.to, input.url, words[language]);
}

/**
 * An invitation by e-mail (decision 042): who invites, to which company, and the invitation link, in
 * the company's language. The subject names the inviter and the company (decision 070), as a
 * colleague's invitation does in any mail client; both are one line (isSingleLine) and capped
 * shorter there than in the body.
 */
/** A name in an invitation's subject: enough to recognise, short enough to read in a list of mails. */
const SUBJECT_NAME_MAX = 40;

export function renderInvitationMail(input: {
  brand: string;
  to: string;
  url: string;
  companyName: string;
  inviterName: string;
  role: 'admin' | 'user';
  expiresAt: Date;
  language?: MailLanguage;
}): Mail {
  // Names are refused with line breaks (isSingleLine); one stored before that rule is written on one line.
  const company = toSingleLine(input.companyName).slice(0, 80);
  const inviter = toSingleLine(input.inviterName).slice(0, 80);
  const language = input.language ?? 'en';
  const date = new Intl.DateTimeFormat(INTL_LOCALES[language], { day: 'numeric', month: 'long' }).format(input.expiresAt);
  const short = (text: string) => (text.length > SUBJECT_NAME_MAX ? `${text.slice(0, SUBJECT_NAME_MAX - 1).trimEnd()}…` : text);
  const [subjectCompany, subjectInviter] = [short(company), short(inviter)];
  const words: Record<MailLanguage, Words> = {
    en: {
      subject: subjectInviter
        ? `${subjectInviter} invited you to ${subjectCompany} on ${input.brand}`
        : `Join ${subjectCompany} on ${input.brand}`,
      heading: `Join “${company}” on ${input.brand}`,
      lines: [
        `${inviter || 'An admin'} invited you to join “${company}”${input.role === 'admin' ? ' as an admin' : ''}. ${input.brand} is where the team logs calls, meetings and sales and follows the scoreboard.`,
        `Open the link to create your account or sign in. It works until ${date}, for you only.`,
        'If you did not expect this invitation, ignore this mail.',
      ],
      button: 'Accept the invitation',
    },
    nb: {
      subject: subjectInviter
        ? `${subjectInviter} har invitert deg til ${subjectCompany} på ${input.brand}`
        : `Bli med i ${subjectCompany} på ${input.brand}`,
      heading: `Bli med i «${company}» på ${input.brand}`,
      lines: [
        `${inviter || 'En administrator'} har invitert deg til «${company}»${input.role === 'admin' ? ' som administrator' : ''}. I ${input.brand} logger teamet samtaler, møter og salg og følger resultattavlen.`,
        `Åpne lenken for å opprette konto eller logge inn. Den virker til ${date}, og bare for deg.`,
        'Ventet du ikke denne invitasjonen, kan du se bort fra denne e-posten.',
      ],
      button: 'Godta invitasjonen',
    },
    sv: {
      subject: subjectInviter
        ? `${subjectInviter} har bjudit in dig till ${subjectCompany} på ${input.brand}`
        : `Gå med i ${subjectCompany} på ${input.brand}`,
      heading: `Gå med i ”${company}” på ${input.brand}`,
      lines: [
        `${inviter || 'En administratör'} har bjudit in dig till ”${company}”${input.role === 'admin' ? ' som administratör' : ''}. I ${input.brand} loggar teamet samtal, möten och affärer och följer topplistan.`,
        `Öppna länken för att skapa ditt konto eller logga in. Den fungerar till den ${date}, och bara för dig.`,
        'Om du inte väntade dig den här inbjudan kan du bortse från det här mejlet.',
      ],
      button: 'Acceptera inbjudan',
    },
    da: {
      subject: subjectInviter
        ? `${subjectInviter} har inviteret dig til ${subjectCompany} på ${input.brand}`
        : `Bliv en del af ${subjectCompany} på ${input.brand}`,
      heading: `Bliv en del af »${company}« på ${input.brand}`,
      lines: [
        `${inviter || 'En administrator'} har inviteret dig til »${company}«${input.role === 'admin' ? ' som administrator' : ''}. I ${input.brand} logger teamet opkald, møder og salg og følger ranglisten.`,
        `Åbn linket for at oprette din konto eller logge ind. Det virker til den ${date}, og kun for dig.`,
        'Hvis du ikke havde forventet denne invitation, kan du se bort fra denne mail.',
      ],
      button: 'Acceptér invitationen',
    },
  };
  return render(language, input.brand, input.to, input.url, words[language]);
}
