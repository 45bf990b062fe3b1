import type { Mail } from './mailer';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function layout(brand: string, heading: string, body: string, url: string, button: string): string {
  return `<!doctype html><html><body style="margin:0;background:#f4f6fb;font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="480" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:12px;padding:32px">
<tr><td style="font-weight:700;font-size:18px;color:#0e7490">${escapeHtml(brand)}</td></tr>
<tr><td style="padding-top:16px;font-size:20px;font-weight:600">${escapeHtml(heading)}</td></tr>
<tr><td style="padding-top:8px;font-size:15px;line-height:1.5;color:#334155">${body}</td></tr>
<tr><td style="padding-top:24px"><a href="${escapeHtml(url)}" style="display:inline-block;background:#0e7490;color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(button)}</a></td></tr>
<tr><td style="padding-top:24px;font-size:12px;color:#64748b">If the button does not work, paste this link into your browser:<br>${escapeHtml(url)}</td></tr>
</table></td></tr></table></body></html>`;
}

export function renderVerificationMail(input: { brand: string; to: string; name: string; url: string }): Mail {
  const heading = `Confirm your e-mail for ${input.brand}`;
  const greeting = input.name ? `Hi ${input.name},` : 'Hi,';
  return {
    to: input.to,
    subject: heading,
    text: `${greeting}\n\nConfirm your e-mail address to finish joining ${input.brand}:\n${input.url}\n\nIf you did not sign up, ignore this mail.`,
    html: layout(input.brand, heading, `${escapeHtml(greeting)}<br>Confirm your e-mail address to finish joining ${escapeHtml(input.brand)}.`, input.url, 'Confirm e-mail'),
    links: [input.url],
  };
}

export function renderResetPasswordMail(input: { brand: string; to: string; url: string }): Mail {
  const heading = `Reset your ${input.brand} password`;
  return {
    to: input.to,
    subject: heading,
    text: `Someone asked to reset the password of this account. Choose a new one here:\n${input.url}\n\nIf it was not you, ignore this mail.`,
    html: layout(input.brand, heading, 'Someone asked to reset the password of this account. If it was not you, ignore this mail.', input.url, 'Choose a new password'),
    links: [input.url],
  };
}

export function renderMagicLinkMail(input: { brand: string; to: string; url: string; companyName?: string }): Mail {
  const heading = input.companyName ? `Join ${input.companyName} on ${input.brand}` : `Sign in to ${input.brand}`;
  return {
    to: input.to,
    subject: heading,
    text: `Use this link to sign in${input.companyName ? ` and join ${input.companyName}` : ''}:\n${input.url}\n\nThe link works once and expires in 15 minutes.`,
    html: layout(input.brand, heading, 'The link works once and expires in 15 minutes.', input.url, 'Sign in'),
    links: [input.url],
  };
}
