import type { CelebrationKind } from '@core/celebrations';
import { useCallback, useEffect, useRef, useState } from 'react';

export type ChimeKind = CelebrationKind;

const SOUND_STORAGE_KEY = 'dealboard.tv.sound';

/** A sale rings a rising major arpeggio; a booked meeting two bright notes; the rest their own short calls. No audio files. */
const NOTES: Record<ChimeKind, readonly number[]> = {
  sale: [523.25, 659.25, 783.99, 1046.5],
  meeting: [659.25, 987.77],
  goal: [587.33, 880],
  record: [523.25, 783.99, 1046.5, 1318.51],
  contest: [392, 523.25, 659.25, 783.99, 1046.5],
  badge: [783.99, 1174.66],
  contestStarted: [523.25, 659.25, 783.99],
  contestLead: [659.25, 783.99, 987.77],
  activity: [587.33, 739.99, 880],
};

function playNotes(context: AudioContext, kind: ChimeKind) {
  const start = context.currentTime + 0.02;
  NOTES[kind].forEach((frequency, index) => {
    const at = start + index * 0.13;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.setValueAtTime(frequency, at);
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.22, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.9);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + 1);
  });
}

/** The screen's own choice ('on' or 'off'), or null when nobody chose here: the company's setting applies. */
function readStoredPreference(): boolean | null {
  try {
    const stored = window.localStorage.getItem(SOUND_STORAGE_KEY);
    return stored === 'on' ? true : stored === 'off' ? false : null;
  } catch {
    return null;
  }
}

/**
 * The TV's chime (WebAudio): on when the company chose sound for its celebrations (decision 051),
 * unless someone at this screen turned it off (or on: the screen's own choice wins). Browsers let a
 * page make sound only after a gesture on it, so the first tap or key anywhere on the screen
 * unlocks the audio; until then `isBlocked` says the chime is wanted but cannot play yet.
 */
export function useChime(companyDefault = false) {
  const [choice, setChoice] = useState(readStoredPreference);
  const [isUnlocked, setIsUnlocked] = useState(false);
  const contextRef = useRef<AudioContext | null>(null);
  const isEnabled = choice ?? companyDefault;

  useEffect(() => () => void contextRef.current?.close().catch(() => undefined), []);

  const unlock = useCallback(() => {
    if (typeof AudioContext === 'undefined') return;
    contextRef.current ??= new AudioContext();
    const context = contextRef.current;
    void context
      .resume()
      .then(() => setIsUnlocked(context.state === 'running'))
      .catch(() => undefined);
  }, []);

  // The first gesture anywhere on the screen is the one browsers wait for.
  useEffect(() => {
    if (!isEnabled || isUnlocked) return;
    const events = ['pointerdown', 'keydown', 'touchstart'] as const;
    events.forEach((name) => window.addEventListener(name, unlock, { once: true, passive: true }));
    return () => events.forEach((name) => window.removeEventListener(name, unlock));
  }, [isEnabled, isUnlocked, unlock]);

  const toggle = useCallback(() => {
    const next = !isEnabled;
    setChoice(next);
    try {
      window.localStorage.setItem(SOUND_STORAGE_KEY, next ? 'on' : 'off');
    } catch {
      // private mode: the choice lasts until the tab closes
    }
    if (next) unlock();
  }, [isEnabled, unlock]);

  const play = useCallback(
    (kind: ChimeKind) => {
      const context = contextRef.current;
      if (!isEnabled || !context || context.state !== 'running') return;
      playNotes(context, kind);
    },
    [isEnabled],
  );

  return { isEnabled, isBlocked: isEnabled && !isUnlocked && typeof AudioContext !== 'undefined', toggle, play };
}
