import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEVICE_MEMBER_KEY, START_SNAPSHOT_KEY, START_SNAPSHOT_SCRIPT, type StartSnapshot } from '@core/start-snapshot';
import { forgetMemberOnDevice } from './auth/device-member';
import { keepStartSnapshot, takeEarlyTaps } from './start-snapshot';

/*
 * The start screen's copy (decision 090): what quick log keeps, and what the page's boot script
 * (START_SNAPSHOT_SCRIPT, run here as the page runs it, after #root) makes of it on the next start.
 */

const ENTRY = '/assets/index-abc123.js';
const COPY = '<main><button type="button" data-quick-log="not-answered">Call not answered</button></main>';

const FRAME = '<main><button type="button" data-quick-log="answered">Call answered</button></main>';

/** `frameFor`: the page as the server sends it with its first frame for that member (decision 092). */
function openPage(path = '/app/quick-log', entry = ENTRY, frameFor?: string) {
  document.head.innerHTML = `<script type="module" src="${entry}"></script>`;
  document.body.innerHTML =
    frameFor === undefined
      ? '<div id="root"></div>'
      : `<div id="root" data-start-snapshot data-start-member="${frameFor}" data-start-language="nb">${FRAME}</div>`;
  window.history.replaceState(null, '', path);
  new Function(START_SNAPSHOT_SCRIPT)();
  return document.getElementById('root')!;
}

function keep(snapshot: Partial<StartSnapshot> = {}, member = 'user-1') {
  const value: StartSnapshot = { path: '/app/quick-log', entry: ENTRY, user: 'user-1', html: COPY, ...snapshot };
  localStorage.setItem(START_SNAPSHOT_KEY, JSON.stringify(value));
  localStorage.setItem(DEVICE_MEMBER_KEY, JSON.stringify({ me: { user: { id: member } } }));
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  takeEarlyTaps();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('the boot script', () => {
  it('paints the copy, keeps taps on its buttons in order (busy), until the live screen takes them', () => {
    keep();
    const root = openPage();
    const button = root.querySelector('button')!;
    expect(button.textContent).toBe('Call not answered');
    button.click();
    button.click();
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(takeEarlyTaps()).toEqual(['not-answered', 'not-answered']);
    // Taken: a tap now is the live screen's own, not kept again.
    button.click();
    expect(takeEarlyTaps()).toEqual([]);
  });

  it.each([
    ['another screen', () => keep(), '/app/activity', ENTRY],
    ['another build (the copy is of the old markup)', () => keep(), '/app/quick-log', '/assets/index-new999.js'],
    ['another member on this device', () => keep({}, 'user-2'), '/app/quick-log', ENTRY],
    [
      'nobody kept on this device (signed out)',
      () => localStorage.setItem(START_SNAPSHOT_KEY, JSON.stringify({ path: '/app/quick-log', entry: ENTRY, user: 'user-1', html: COPY })),
      '/app/quick-log',
      ENTRY,
    ],
    ['an unreadable copy', () => localStorage.setItem(START_SNAPSHOT_KEY, '{nope'), '/app/quick-log', ENTRY],
  ])('shows nothing for %s', (_case, arrange, path, entry) => {
    arrange();
    const root = openPage(path, entry);
    expect(root.innerHTML).toBe('');
    expect(root.hasAttribute('data-start-snapshot')).toBe(false);
  });
});

describe("the boot script with the server's first frame", () => {
  it('keeps taps on the frame on a first visit (nothing on the device yet)', () => {
    const root = openPage('/app/quick-log', ENTRY, 'user-1');
    const button = root.querySelector('button')!;
    expect(button.textContent).toBe('Call answered');
    button.click();
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(takeEarlyTaps()).toEqual(['answered']);
    expect(root.hasAttribute('data-start-snapshot')).toBe(false);
    expect(root.hasAttribute('data-start-member')).toBe(false);
    expect(root.hasAttribute('data-start-language')).toBe(false);
  });

  it("shows the device's copy instead when it is this member's and this build's", () => {
    keep();
    const root = openPage('/app/quick-log', ENTRY, 'user-1');
    expect(root.textContent).toBe('Call not answered');
    root.querySelector('button')!.click();
    expect(takeEarlyTaps()).toEqual(['not-answered']);
  });

  it('keeps the frame and its taps when the copy is of another build or unreadable', () => {
    keep();
    let root = openPage('/app/quick-log', '/assets/index-new999.js', 'user-1');
    expect(root.textContent).toBe('Call answered');
    localStorage.setItem(START_SNAPSHOT_KEY, '{nope');
    root = openPage('/app/quick-log', ENTRY, 'user-1');
    root.querySelector('button')!.click();
    expect(takeEarlyTaps()).toEqual(['answered']);
  });

  it("leaves the dashboard's frame as it is, keeping no tap (its links work as links), and takes away another member's", () => {
    localStorage.setItem(DEVICE_MEMBER_KEY, JSON.stringify({ me: { user: { id: 'user-1' } } }));
    let root = openPage('/app', ENTRY, 'user-1');
    expect(root.textContent).toBe('Call answered');
    root.querySelector('button')!.click();
    expect(takeEarlyTaps()).toEqual([]);
    root = openPage('/app', ENTRY, 'user-2');
    expect(root.innerHTML).toBe('');
  });

  it("takes away a frame made for another member than this device's (a page kept offline), and keeps no tap on it", () => {
    localStorage.setItem(DEVICE_MEMBER_KEY, JSON.stringify({ me: { user: { id: 'user-2' } } }));
    const root = openPage('/app/quick-log', ENTRY, 'user-1');
    expect(root.innerHTML).toBe('');
    expect(root.hasAttribute('data-start-snapshot')).toBe(false);
    expect(root.hasAttribute('data-start-language')).toBe(false);
    document.body.click();
    expect(takeEarlyTaps()).toEqual([]);
  });
});

describe('keeping the copy', () => {
  it('keeps the page as shown, without what only says something about this moment, for this member and build', () => {
    openPage();
    const root = document.getElementById('root')!;
    root.innerHTML =
      '<main><h1>Quick Log</h1><button data-quick-log="meeting">Meeting</button>' +
      '<section data-no-snapshot>Waiting to sync: 2</section><button aria-busy="true">Saving</button></main>';
    keepStartSnapshot('user-1');
    const kept = JSON.parse(localStorage.getItem(START_SNAPSHOT_KEY)!) as StartSnapshot;
    expect(kept).toEqual({
      path: '/app/quick-log',
      entry: ENTRY,
      user: 'user-1',
      html: '<main><h1>Quick Log</h1><button data-quick-log="meeting">Meeting</button></main>',
    });
  });

  it('keeps nothing on another screen or while the copy itself is up', () => {
    openPage('/app/activity');
    keepStartSnapshot('user-1');
    expect(localStorage.getItem(START_SNAPSHOT_KEY)).toBeNull();
    keep();
    openPage();
    localStorage.removeItem(START_SNAPSHOT_KEY);
    keepStartSnapshot('user-1'); // the copy is on screen: not a copy of a copy
    expect(localStorage.getItem(START_SNAPSHOT_KEY)).toBeNull();
  });

  it('is forgotten with the member (signing out)', () => {
    keep();
    forgetMemberOnDevice();
    expect(localStorage.getItem(START_SNAPSHOT_KEY)).toBeNull();
  });
});
