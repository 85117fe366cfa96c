// Light and dark themes: follow the system unless the reader picked one (remembered locally).
import { useEffect, useState } from 'react';
import { readItem, writeItem } from '../util/storage';

export type ThemeChoice = 'system' | 'light' | 'dark';
const KEY = 'hotpath-theme';

function saved(): ThemeChoice {
  const t = readItem(KEY);
  return t === 'light' || t === 'dark' ? t : 'system';
}

/** The next choice in the toggle's cycle: system → light → dark → system. */
export function nextTheme(t: ThemeChoice): ThemeChoice {
  return t === 'system' ? 'light' : t === 'light' ? 'dark' : 'system';
}

export function useTheme(): [ThemeChoice, (t: ThemeChoice) => void] {
  const [theme, setTheme] = useState<ThemeChoice>(saved);
  useEffect(() => {
    const root = document.documentElement;
    if (theme === 'system') delete root.dataset.theme;
    else root.dataset.theme = theme;
    // Without storage the choice lasts for this page only.
    writeItem(KEY, theme === 'system' ? null : theme);
  }, [theme]);
  return [theme, setTheme];
}
