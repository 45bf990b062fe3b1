import { describe, expect, it } from 'vitest';
import { renderInvitationMail } from './templates';

const base = {
  brand: 'Dealboard',
  to: 'kari@example.com',
  url: 'https://app.example.com/invite/abc',
  role: 'user' as const,
  expiresAt: new Date('2026-12-10T12:00:00Z'),
};

describe("an invitation mail's subject", () => {
  it('names the inviter and the company, in the language of the mail', () => {
    const mail = { ...base, companyName: 'Nordlys Salg AS', inviterName: 'Ola Hansen' };
    expect(renderInvitationMail(mail).subject).toBe('Ola Hansen invited you to Nordlys Salg AS on Dealboard');
    expect(renderInvitationMail({ ...mail, language: 'nb' }).subject).toBe('Ola Hansen har invitert deg til Nordlys Salg AS på Dealboard');
    expect(renderInvitationMail({ ...mail, language: 'sv' }).subject).toBe(
      'Ola Hansen har bjudit in dig till Nordlys Salg AS på Dealboard',
    );
    expect(renderInvitationMail({ ...mail, language: 'da' }).subject).toBe('Ola Hansen har inviteret dig til Nordlys Salg AS på Dealboard');
  });

  it('writes the expiry date as the language does', () => {
    const mail = { ...base, companyName: 'Nordlys Salg AS', inviterName: 'Ola Hansen' };
    expect(renderInvitationMail({ ...mail, language: 'sv' }).text).toContain('Den fungerar till den 10 december, och bara för dig.');
    expect(renderInvitationMail({ ...mail, language: 'da' }).text).toContain('Det virker til den 10. december, og kun for dig.');
  });

  it('names the company alone when the inviter has no name', () => {
    expect(renderInvitationMail({ ...base, companyName: 'Nordlys Salg AS', inviterName: '' }).subject).toBe(
      'Join Nordlys Salg AS on Dealboard',
    );
  });

  it('cuts a long name short, on one line', () => {
    const subject = renderInvitationMail({ ...base, companyName: `Nordlys ${'Salg '.repeat(30)}AS`, inviterName: 'Ola\nHansen' }).subject;
    expect(subject).toMatch(/^Ola Hansen invited you to Nordlys Salg .*… on Dealboard$/);
    expect(subject).not.toMatch(/[\r\n]/);
    expect(subject.length).toBeLessThanOrEqual(100);
  });
});
