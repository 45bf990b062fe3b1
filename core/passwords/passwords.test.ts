import { describe, expect, it } from 'vitest';
import { assessPassword } from './assess-password';
import { collectPasswordUserInputs, findPasswordRefusalReason, PASSWORD_MAX_LENGTH, PASSWORD_REFUSAL_CODES } from './index';

const kari = collectPasswordUserInputs({
  email: 'kari.nordmann@firma.no',
  names: ['Kari Nordmann'],
  brand: 'Dealboard',
  companyName: 'Solgt AS',
});

describe('assessPassword', () => {
  it.each(['123456', 'password', 'secret123'])('refuses %j as too short', (password) => {
    expect(assessPassword(password, kari)).toMatchObject({ ok: false, reason: 'tooShort' });
  });

  it('refuses a password over 128 characters', () => {
    expect(assessPassword('x'.repeat(PASSWORD_MAX_LENGTH + 1), kari)).toMatchObject({ ok: false, reason: 'tooLong' });
  });

  it.each([
    '1234567890',
    'password123',
    'qwertyuiop',
    'passwordpassword',
    'passord123',
    'Sommer2024!',
    '1qaz2wsx3edc',
    'hemmelig1234',
    'vinter12345',
  ])('refuses the common password %j', (password) => {
    expect(assessPassword(password, kari)).toMatchObject({ ok: false, reason: 'common' });
  });

  it.each(['kari.nordmann1', 'Kari123456789', 'nordmann2024', 'dealboard2024', 'solgtsolgt12'])(
    'refuses %j, built from the person’s own words',
    (password) => {
      expect(assessPassword(password, kari)).toMatchObject({ ok: false, reason: 'personal' });
    },
  );

  it.each(['aaaaaaaaaaaa', 'abcdefghijkl', '01.02.1990!!', 'long-enough'])(
    'refuses the guessable %j (repeats, sequences, dates, too few words)',
    (password) => {
      expect(assessPassword(password, kari)).toMatchObject({ ok: false, reason: 'guessable' });
    },
  );

  it.each(['correct-horse-battery', 'sales-rocks-42', 'trygt-bord-lys-17', 'a-fresh-start-7', 'Fjord!Kaffe+Mandel9'])(
    'accepts %j',
    (password) => {
      const assessment = assessPassword(password, kari);
      expect(assessment.ok).toBe(true);
      expect(assessment.score).toBeGreaterThanOrEqual(3);
    },
  );

  it('stays fast on a hostile 128-character password', () => {
    const started = Date.now();
    assessPassword('1!|l0@4$'.repeat(16), kari);
    assessPassword('9'.repeat(128), kari);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('collectPasswordUserInputs', () => {
  it('takes the e-mail, its pieces, the name, the brand and the company, in lower case', () => {
    expect(kari).toEqual(
      expect.arrayContaining(['kari.nordmann', 'kari', 'nordmann', 'firma', 'kari nordmann', 'dealboard', 'solgt as', 'solgt']),
    );
  });

  it('joins neighbouring pieces as people write them, so first and last name together count as one word', () => {
    expect(kari).toEqual(expect.arrayContaining(['karinordmann', 'kari-nordmann', 'kari_nordmann', 'solgtas']));
    expect(assessPassword('karinordmann2024', kari)).toMatchObject({ ok: false, reason: 'personal' });
  });
});

describe('findPasswordRefusalReason', () => {
  it('maps the server codes back to reasons', () => {
    expect(findPasswordRefusalReason(PASSWORD_REFUSAL_CODES.common)).toBe('common');
    expect(findPasswordRefusalReason('PASSWORD_TOO_SHORT')).toBe('tooShort');
    expect(findPasswordRefusalReason('INVALID_TOKEN')).toBeNull();
  });
});
