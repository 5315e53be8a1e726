import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useHydrated } from './hydration';
import { STORAGE_KEYS, storage } from './storage';

export type Theme = 'light' | 'dark';

/** Dark by default: anything but a stored 'light' is dark. */
export function readStoredTheme(): Theme {
  return storage.get(STORAGE_KEYS.theme) === 'light' ? 'light' : 'dark';
}

export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  // The browser's bar (and an installed app's title bar) follows the theme too.
  document.querySelectorAll('meta[name="theme-color"]').forEach((m) => m.setAttribute('content', theme === 'dark' ? '#020617' : '#f8fafc'));
}

interface ThemeContextValue {
  theme: Theme;
  setTheme(theme: Theme): void;
  toggleTheme(): void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<Theme>(readStoredTheme);

  useEffect(() => {
    applyTheme(theme);
  }, [theme]);

  const setTheme = useCallback((next: Theme) => {
    storage.set(STORAGE_KEYS.theme, next);
    setThemeState(next);
  }, []);
  const toggleTheme = useCallback(() => {
    setThemeState((prev) => {
      const next = prev === 'dark' ? 'light' : 'dark';
      storage.set(STORAGE_KEYS.theme, next);
      return next;
    });
  }, []);

  // A prerendered page is built dark; while it hydrates, components see that (theme-init.js has
  // already given <html> the stored theme, so nothing flashes), then the stored theme.
  const shown: Theme = useHydrated() ? theme : 'dark';
  const value = useMemo(() => ({ theme: shown, setTheme, toggleTheme }), [shown, setTheme, toggleTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const ctx = useContext(ThemeContext);
  if (!ctx) throw new Error('useTheme must be used inside <ThemeProvider>');
  return ctx;
}
