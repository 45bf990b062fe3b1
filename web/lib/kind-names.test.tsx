import type { ActivityTypeList, StoredActivityType } from '@core/contracts';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@web/i18n';
import { queryKeys } from '@web/lib/query-keys';
import { renderWithProviders } from '@web/test/render-with-providers';
import { useKindNames } from './kind-names';

/* The built-in kinds as the company named them (decision 116), in lists, menus and log dialogs' titles. */

const TYPES: StoredActivityType[] = ['call_answered', 'call_unanswered', 'meeting', 'sale', 'email', 'custom'];

function Names() {
  const { label, logTitle } = useKindNames();
  return (
    <ul>
      {TYPES.map((type) => (
        <li key={type}>{label(type)}</li>
      ))}
      <li>{logTitle('call', 'Log Call')}</li>
      <li>{logTitle('sale', 'Log Sale')}</li>
    </ul>
  );
}

function renderNames(renamedKinds: ActivityTypeList['renamedKinds']) {
  renderWithProviders(<Names />, {
    seed: (client) =>
      client.setQueryData(queryKeys.activityTypes, { types: [], myUse: {}, builtIn: [], renamedKinds } satisfies ActivityTypeList),
  });
  return screen.getAllByRole('listitem').map((item) => item.textContent);
}

describe('useKindNames', () => {
  beforeEach(() => void i18n.changeLanguage('en'));

  it('names a renamed kind by the company’s name, a call with whether it was answered; the rest by the app’s words', () => {
    expect(renderNames([{ key: 'call', names: { en: 'Dial', nb: 'Ring' } }])).toEqual([
      'Dial · answered',
      'Dial · not answered',
      'Meeting held',
      'Sale',
      'E-mail',
      'Activity of your own type',
      'Log Dial',
      'Log Sale',
    ]);
  });

  it('reads the reader’s language, else another of the company’s names', async () => {
    await i18n.changeLanguage('nb');
    expect(
      renderNames([
        { key: 'call', names: { en: 'Dial', nb: 'Ring' } },
        { key: 'sale', names: { en: 'Deal' } },
      ]).slice(0, 4),
    ).toEqual(['Ring · besvart', 'Ring · ikke besvart', 'Møte holdt', 'Deal']);
  });
});
