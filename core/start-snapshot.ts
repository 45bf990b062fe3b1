/*
 * The installed app's start screen from this device's last visit (decision 090). Quick log
 * is the screen a rep opens many times a day; its buttons change only with the company's rules. On a
 * phone the app's first render takes a second or two of main thread after its scripts are in (the
 * worker's cache), so the page paints the screen as it last looked here at once, from a copy the app
 * kept, and a tap on a button in that copy is kept until the app has started and then logged as if
 * it had been a tap on the live screen.
 *
 * START_SNAPSHOT_SCRIPT is an inline script, placed after #root in index.html; the server's
 * Content-Security-Policy allows it by its hash, so it is a constant. It shows the copy only when
 * everything agrees: this path, the same build (the page's entry script), and the member the copy
 * was made for is still the one this device keeps (signing out forgets both).
 */

/** Where the app keeps the copy: `{ path, entry, user, html }`. */
export const START_SNAPSHOT_KEY = 'dealboard.start-snapshot';

/** Where the app keeps the signed-in member for offline starts (web/lib/auth/device-member.ts). */
export const DEVICE_MEMBER_KEY = 'dealboard.device-member';

/** The one screen shown from a copy. */
export const START_SNAPSHOT_PATH = '/app/quick-log';

/** On #root while it shows the copy: taps on `[data-quick-log]` buttons are kept, not lost. */
export const START_SNAPSHOT_ATTRIBUTE = 'data-start-snapshot';

/** The attribute naming a quick log button's action (answered, not-answered, meeting, sale, email, linkedin). */
export const QUICK_LOG_ACTION_ATTRIBUTE = 'data-quick-log';

/** The window property holding the kept taps' actions, in order. */
export const EARLY_TAPS_PROPERTY = '__dealboardEarlyTaps';

/** What the app keeps. */
export type StartSnapshot = { path: string; entry: string; user: string; html: string };

/*
 * The server's first frame (decision 092): the server writes the screen into #root itself, for the
 * member who asks, from a frame rendered at build time (web/start-frame/entry-server.tsx). On quick
 * log the boot script keeps taps on it as on a copy, and shows the device's copy instead when it has
 * one (a first visit or a new build has none).
 */

/** The build's frames beside index.html: `{ frames: { [path]: { [language]: html } } }`. */
export const START_FRAME_FILE = 'start-frame.json';

/**
 * The screens the server sends with a first frame: quick log (the installed app's start screen), and
 * the dashboard (the app's home) with its heading and its boards' places while their numbers come.
 */
export const START_FRAME_PATHS = [START_SNAPSHOT_PATH, '/app', '/app/dashboard'] as const;
export type StartFramePath = (typeof START_FRAME_PATHS)[number];

/** The address the frame is rendered for: the server writes the member's first letter over its own. */
export const START_FRAME_EMAIL = 'ǫ@start-frame.invalid';
export const START_FRAME_LETTER = 'Ǫ';

/** On #root with the server's frame: whose it is (the boot script drops a frame kept for another member). */
export const START_FRAME_MEMBER_ATTRIBUTE = 'data-start-member';

/**
 * On #root with the server's frame when its language is one the member chose (saved in Settings, or
 * picked on the public site): the app starts in it. A frame in the browser's language does not say so.
 */
export const START_FRAME_LANGUAGE_ATTRIBUTE = 'data-start-language';

/** On a page with a member's frame: the service worker keeps no copy of it (another person may use the phone next). */
export const START_FRAME_HEADER = 'Dealboard-Start-Frame';

export const START_SNAPSHOT_SCRIPT =
  '(function(){try{' +
  "var r=document.getElementById('root');if(!r)return;" +
  // Each read on its own: an unreadable one must not cost the server's frame its taps.
  `var m=null,s=null;try{m=JSON.parse(localStorage.getItem('${DEVICE_MEMBER_KEY}')||'null')}catch(x){}` +
  `try{s=JSON.parse(localStorage.getItem('${START_SNAPSHOT_KEY}')||'null')}catch(x){}` +
  'var u=m&&m.me&&m.me.user&&m.me.user.id;' +
  // The server's frame names its member: one kept for another than this device's (a page the
  // worker kept, opened offline) goes.
  `var f=r.getAttribute('${START_FRAME_MEMBER_ATTRIBUTE}');` +
  `if(f!==null&&u&&f!==u){r.innerHTML='';r.removeAttribute('${START_SNAPSHOT_ATTRIBUTE}');r.removeAttribute('${START_FRAME_MEMBER_ATTRIBUTE}');r.removeAttribute('${START_FRAME_LANGUAGE_ATTRIBUTE}');f=null}` +
  `if(location.pathname!=='${START_SNAPSHOT_PATH}')return;` +
  "var e=document.querySelector('script[type=module][src]');" +
  // The device's copy, when it is this member's and this build's, is the screen as this member last saw it.
  "if(s&&u&&e&&s.path===location.pathname&&s.entry===e.getAttribute('src')&&s.user===u){" +
  `r.innerHTML=s.html;r.setAttribute('${START_SNAPSHOT_ATTRIBUTE}','')}else if(f===null)return;` +
  `var t=window.${EARLY_TAPS_PROPERTY}=[];` +
  "document.addEventListener('click',function(v){" +
  `if(!r.hasAttribute('${START_SNAPSHOT_ATTRIBUTE}'))return;` +
  `var b=v.target&&v.target.closest&&v.target.closest('[${QUICK_LOG_ACTION_ATTRIBUTE}]');if(!b||!r.contains(b))return;` +
  `v.preventDefault();t.push(b.getAttribute('${QUICK_LOG_ACTION_ATTRIBUTE}'));b.setAttribute('aria-busy','true')` +
  '},true)}catch(x){}})();';
