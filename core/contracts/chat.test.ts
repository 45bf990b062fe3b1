import { describe, expect, it } from 'vitest';
import { ChatIntegrationSettingsSchema, isChatWebhookUrl } from './chat';

const SLACK = 'https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX';
const TEAMS_CONNECTOR =
  'https://contoso.webhook.office.com/webhookb2/5f1a0c1e-1111-2222-3333-444455556666@72f988bf-86f1-41af-91ab-2d7cd011db47/IncomingWebhook/0123456789abcdef/8a0e-aaaa';
const TEAMS_LOGIC =
  'https://prod-12.westeurope.logic.azure.com:443/workflows/0123abcd/triggers/manual/paths/invoke?api-version=2016-06-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=AbCdEf0123';
const TEAMS_POWER =
  'https://default72f988bf86f141af91ab2d7cd011db.47.environment.api.powerplatform.com:443/powerautomate/automations/direct/workflows/0123abcd/triggers/manual/paths/invoke?api-version=1&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=AbCd';

const settings = (platform: string, url: string, localTime = '16:30') => ({
  platform,
  url,
  language: 'nb',
  choices: { sales: true, goals: false, dailySummary: { enabled: true, localTime } },
});

describe('chat webhook URLs', () => {
  it.each([
    ['slack', SLACK],
    ['teams', TEAMS_CONNECTOR],
    ['teams', TEAMS_LOGIC],
    ['teams', TEAMS_POWER],
    ['teams', 'https://prod-00.westus.logic.azure.com/workflows/abc/triggers/manual/paths/invoke?sig=x'],
  ] as const)('accepts a %s URL %#', (platform, url) => {
    expect(isChatWebhookUrl(platform, url)).toBe(true);
    expect(ChatIntegrationSettingsSchema.safeParse(settings(platform, url)).success).toBe(true);
  });

  it('accepts surrounding spaces from a paste, and stores the URL trimmed', () => {
    const parsed = ChatIntegrationSettingsSchema.parse(settings('slack', `  ${SLACK}\n`));
    expect(parsed.url).toBe(SLACK);
  });

  it.each([
    ['slack', 'http://hooks.slack.com/services/T00000000/B00000000/XXXX', 'plain http'],
    ['slack', 'https://hooks.slack.com/workflows/T00000000/A00000000/123/abc', "Workflow Builder's webhooks take another body"],
    ['slack', 'https://hooks.slack.com/services/T00000000/B00000000', 'a path cut short'],
    ['slack', 'https://hooks.slack.com/services/T0/B0/X/extra', 'a path too long'],
    ['slack', 'https://hooks.slack.com.evil.example/services/T0/B0/X', 'a look-alike host'],
    ['slack', 'https://evil.example/hooks.slack.com/services/T0/B0/X', 'the host in the path'],
    ['slack', 'https://hooks.slack.com@evil.example/services/T0/B0/X', 'user info hiding the host'],
    ['slack', 'https://hooks.slack.com:8443/services/T0/B0/X', 'another port'],
    ['slack', `${SLACK}?x=1`, 'a query'],
    ['slack', TEAMS_CONNECTOR, "a Teams URL on Slack's platform"],
    ['teams', SLACK, "a Slack URL on Teams' platform"],
    ['teams', 'https://webhook.office.com/webhookb2/abc', 'the bare suffix'],
    ['teams', 'https://contoso.webhook.office.com.evil.example/webhookb2/abc', 'a look-alike host'],
    ['teams', 'https://evilwebhook.office.com/x', 'a host that only ends with the words'],
    ['teams', 'https://contoso.webhook.office.com', 'no path'],
    ['teams', 'https://contoso.webhook.office.com/webhookb2/abc#x', 'a fragment'],
    ['teams', 'https://user:pass@contoso.webhook.office.com/webhookb2/abc', 'user info'],
    ['teams', 'https://prod-12.westeurope.logic.azure.com:444/workflows/abc', 'another port'],
    ['teams', 'https://contoso..webhook.office.com/x', 'an empty label'],
    ['teams', 'javascript:alert(1)//contoso.webhook.office.com/x', 'not https'],
    ['teams', 'https://contoso.webhook.office.com/web hook', 'a space'],
    ['teams', 'https://contoso.sharepoint.com/x', 'another Microsoft host'],
  ] as const)('refuses a %s URL with %#: %s', (platform, url, _why) => {
    expect(isChatWebhookUrl(platform, url)).toBe(false);
    const parsed = ChatIntegrationSettingsSchema.safeParse(settings(platform, url));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['url']);
  });

  it('refuses an empty URL and one longer than 2000 characters', () => {
    expect(ChatIntegrationSettingsSchema.safeParse(settings('teams', '')).success).toBe(false);
    const long = `https://contoso.webhook.office.com/${'a'.repeat(2000)}`;
    expect(ChatIntegrationSettingsSchema.safeParse(settings('teams', long)).success).toBe(false);
  });
});

describe('chat integration settings', () => {
  it.each(['00:00', '07:05', '16:30', '23:59'])('accepts the daily summary time %s', (time) => {
    expect(ChatIntegrationSettingsSchema.safeParse(settings('slack', SLACK, time)).success).toBe(true);
  });

  it.each(['24:00', '7:05', '16:60', '16.30', '16:30:00', ''])('refuses the time %j', (time) => {
    const parsed = ChatIntegrationSettingsSchema.safeParse(settings('slack', SLACK, time));
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['choices.dailySummary.localTime']);
  });

  it('refuses an unknown platform, language or choice', () => {
    expect(ChatIntegrationSettingsSchema.safeParse(settings('discord', SLACK)).success).toBe(false);
    expect(ChatIntegrationSettingsSchema.safeParse({ ...settings('slack', SLACK), language: 'fi' }).success).toBe(false);
    expect(ChatIntegrationSettingsSchema.safeParse({ ...settings('slack', SLACK), language: 'sv' }).success).toBe(true);
    const extra = settings('slack', SLACK);
    expect(ChatIntegrationSettingsSchema.safeParse({ ...extra, choices: { ...extra.choices, wrapups: true } }).success).toBe(false);
  });
});
