import { describe, expect, it } from 'vitest';
import { fillStartFrame, placeStartFrame, type StartFrameMember, type StartFrames } from './start-frame';

/* Quick log's first frame (decision 092), filled in for one member: a frame shaped as the build renders it. */

function frameIn(words: { answered: string; email: string }): string {
  return (
    '<div><aside><a class="brand" href="/app"><span>Dealboard</span></a><nav>' +
    '<a href="/app/wrapup">Wrap Up</a><a href="/app/coaching"><span>Coaching</span></a><a href="/app/targets">Targets</a>' +
    '<a href="/app/settings">Settings</a><a href="/app/admin/users"><svg></svg>Administration</a></nav></aside>' +
    '<header><button aria-label="Account"><span><span class="letter">Ǫ</span></span></button></header>' +
    `<main><button type="button" data-quick-log="answered" class="big"><span><svg></svg></span>${words.answered}</button>` +
    '<button type="button" data-quick-log="meeting" class="big">Meeting held</button>' +
    `<button type="button" data-quick-log="email" class="big"><span><svg></svg></span>${words.email}</button>` +
    '<button type="button" data-quick-log="linkedin" class="big">LinkedIn</button></main></div>'
  );
}

const FRAMES: StartFrames = {
  frames: {
    '/app/quick-log': {
      en: frameIn({ answered: 'Call answered', email: 'E-mail' }),
      nb: frameIn({ answered: 'Samtale besvart', email: 'E-post' }),
    },
    '/app': { en: '<main><h1>Team Dashboard</h1></main>' },
  },
};

const REP: StartFrameMember = {
  userId: 'user-1',
  email: 'ola@nordlys.example',
  savedLanguage: null,
  isAdmin: false,
  isCoach: false,
  enabledKinds: { meeting: true, email: false, linkedin: false },
};

const fill = (member: Partial<StartFrameMember>, acceptLanguage?: string, brand = 'Dealboard') =>
  fillStartFrame(FRAMES, '/app/quick-log', { ...REP, ...member }, { acceptLanguage, brand });

describe("quick log's first frame for a member", () => {
  it("has a rep's menu and buttons: no Coaching, Targets or Administration, no button the company has off", () => {
    const frame = fill({})!;
    expect(frame.html).toContain('href="/app/wrapup"');
    expect(frame.html).toContain('href="/app/settings"');
    expect(frame.html).not.toMatch(/coaching|targets|admin\/users|Administration/);
    expect(frame.html).toContain('data-quick-log="meeting"');
    expect(frame.html).not.toMatch(/data-quick-log="(email|linkedin)"|E-mail|LinkedIn/);
    // Nothing else went with what was taken out.
    expect(frame.html).toContain('</nav></aside>');
    expect(frame.html).toMatch(/<\/button><\/main><\/div>$/);
  });

  it("keeps Coaching and Targets for a team lead, and everything for an admin, with the company's buttons", () => {
    expect(fill({ isCoach: true })!.html).toMatch(/\/app\/coaching.*\/app\/targets/);
    expect(fill({ isCoach: true })!.html).not.toContain('/app/admin/users');
    const admin = fill({ isAdmin: true, enabledKinds: { meeting: false, email: true, linkedin: true } })!.html;
    expect(admin).toMatch(/coaching.*targets.*admin\/users/);
    expect(admin).not.toContain('data-quick-log="meeting"');
    expect(admin).toMatch(/data-quick-log="email".*data-quick-log="linkedin"/);
  });

  it("speaks the saved language, else the browser's, else English", () => {
    expect(fill({ savedLanguage: 'nb' }, 'en-GB,en;q=0.9')).toMatchObject({ language: 'nb' });
    expect(fill({}, 'nb-NO,nb;q=0.9,en;q=0.8')!.html).toContain('Samtale besvart');
    expect(fill({}, 'fr-FR')).toMatchObject({ language: 'en' });
    // A language or a screen the build has no frame for (an older build): no frame.
    expect(fill({ savedLanguage: 'sv' })).toBeNull();
    expect(fillStartFrame(FRAMES, '/app/activity', REP, { acceptLanguage: 'en', brand: 'Dealboard' })).toBeNull();
    expect(fillStartFrame(FRAMES, '/app', REP, { acceptLanguage: 'en', brand: 'Dealboard' })?.html).toBe(
      '<main><h1>Team Dashboard</h1></main>',
    );
  });

  it("writes the member's first letter and the brand, as text", () => {
    const html = fill({ email: '<b>@x.example' }, undefined, 'Salg & <Co> $&')!.html;
    expect(html).toContain('<span class="letter">&lt;</span>');
    expect(html).toContain('<span>Salg &amp; &lt;Co&gt; $&amp;</span>');
    expect(html).not.toContain('Ǫ');
  });

  it("names the language the app starts in only when the member chose it (saved, or picked on the public site), not the browser's", () => {
    expect(fill({ savedLanguage: 'nb' }, 'en')).toMatchObject({ language: 'nb', chosen: true });
    const picked = fillStartFrame(FRAMES, '/app/quick-log', REP, { acceptLanguage: 'en', languageCookie: 'nb', brand: 'Dealboard' });
    expect(picked).toMatchObject({ language: 'nb', chosen: true });
    expect(fill({}, 'nb-NO')).toMatchObject({ language: 'nb', chosen: false });
  });

  it('goes into #root, marked as a first frame of this member, in its language', () => {
    const shell = '<html lang="en"><body><div id="root"></div></body></html>';
    expect(placeStartFrame(shell, { language: 'nb', chosen: false, html: '<p>$&x</p>' }, 'user-"1')).toBe(
      '<html lang="nb"><body><div id="root" data-start-snapshot data-start-member="user-&quot;1"><p>$&x</p></div></body></html>',
    );
    expect(placeStartFrame(shell, { language: 'nb', chosen: true, html: '<p>x</p>' }, 'u1')).toContain(
      '<div id="root" data-start-snapshot data-start-member="u1" data-start-language="nb"><p>x</p></div>',
    );
  });
});
