import { THEME_INIT_SCRIPT } from '@gl/core/types';
import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ThemeToggle from '../ui/layout/ThemeToggle';
import { resetBrowserState } from '../test/app-harness';
import { STORAGE_KEYS } from './storage';
import { ThemeProvider } from './theme';

beforeEach(() => resetBrowserState());

function renderToggle() {
  return render(
    <ThemeProvider>
      <ThemeToggle />
    </ThemeProvider>,
  );
}

describe('theme', () => {
  it('defaults to dark: the dark class is on <html>', () => {
    renderToggle();
    expect(document.documentElement).toHaveClass('dark');
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
  });

  it('toggles light/dark, persists the choice under the product key, and flips the class', async () => {
    renderToggle();
    await userEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('light');
    await userEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
  });

  it('starts from the stored theme', () => {
    localStorage.setItem(STORAGE_KEYS.theme, 'light');
    renderToggle();
    expect(document.documentElement).not.toHaveClass('dark');
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument();
  });

  it('the pre-paint script applies the stored theme before React runs (no flash)', () => {
    localStorage.setItem(STORAGE_KEYS.theme, 'light');
    document.documentElement.className = 'dark';
    new Function(THEME_INIT_SCRIPT)();
    expect(document.documentElement).not.toHaveClass('dark');
    localStorage.removeItem(STORAGE_KEYS.theme);
    new Function(THEME_INIT_SCRIPT)();
    expect(document.documentElement).toHaveClass('dark');
  });
});
