import { useCallback, useEffect, useRef, useState } from 'react';

export type ChimeKind = 'sale' | 'meeting';

const SOUND_STORAGE_KEY = 'dealboard.tv.sound';

/** A sale rings a rising major arpeggio; a booked meeting two bright notes. No audio files. */
const NOTES: Record<ChimeKind, readonly number[]> = {
  sale: [523.25, 659.25, 783.99, 1046.5],
  meeting: [659.25, 987.77],
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

function readStoredPreference(): boolean {
  try {
    return window.localStorage.getItem(SOUND_STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

/**
 * The TV's optional chime (WebAudio). Off until someone turns it on at the screen: browsers only
 * let a page make sound after a click, and the click on the toggle is that click.
 */
export function useChime() {
  const [isEnabled, setIsEnabled] = useState(readStoredPreference);
  const contextRef = useRef<AudioContext | null>(null);

  useEffect(() => () => void contextRef.current?.close().catch(() => undefined), []);

  const toggle = useCallback(() => {
    const next = !isEnabled;
    setIsEnabled(next);
    try {
      window.localStorage.setItem(SOUND_STORAGE_KEY, next ? 'on' : 'off');
    } catch {
      // private mode: the choice lasts until the tab closes
    }
    if (!next || typeof AudioContext === 'undefined') return;
    contextRef.current ??= new AudioContext();
    void contextRef.current.resume().catch(() => undefined);
  }, [isEnabled]);

  const play = useCallback(
    (kind: ChimeKind) => {
      if (!isEnabled || typeof AudioContext === 'undefined') return;
      contextRef.current ??= new AudioContext();
      const context = contextRef.current;
      void context
        .resume()
        .then(() => playNotes(context, kind))
        .catch(() => undefined);
    },
    [isEnabled],
  );

  return { isEnabled, toggle, play };
}
