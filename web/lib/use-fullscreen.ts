import { useCallback, useEffect, useState } from 'react';

/**
 * The TV's fullscreen toggle: the shown state follows the browser's fullscreenchange events
 * (Esc, F11, the browser's own controls); when the browser refuses the call, the shown state flips
 * anyway, by assumption (the person asked for it).
 */
export function useFullscreen() {
  const [isFullscreen, setIsFullscreen] = useState(() => typeof document !== 'undefined' && Boolean(document.fullscreenElement));

  useEffect(() => {
    const onChange = () => setIsFullscreen(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggle = useCallback(async () => {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch {
      setIsFullscreen((shown) => !shown);
    }
  }, []);

  return { isFullscreen, toggle };
}
