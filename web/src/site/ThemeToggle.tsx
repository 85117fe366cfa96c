import { nextTheme, useTheme } from './theme';

const LABEL = { system: 'Theme: system', light: 'Theme: light', dark: 'Theme: dark' } as const;
const ICON = { system: '◐', light: '☀', dark: '☾' } as const;

export function ThemeToggle() {
  const [theme, setTheme] = useTheme();
  return (
    <button
      type="button"
      className="theme-toggle"
      onClick={() => setTheme(nextTheme(theme))}
      aria-label={`${LABEL[theme]} (click to change)`}
      title={LABEL[theme]}
    >
      <span aria-hidden="true">{ICON[theme]}</span> {theme}
    </button>
  );
}
