import { useTranslation } from 'react-i18next';
import { useTheme } from '../../platform/theme';
import { MoonIcon, SunIcon } from '../icons';

export default function ThemeToggle() {
  const { t } = useTranslation('common');
  const { theme, toggleTheme } = useTheme();
  const label = theme === 'dark' ? t('theme.toLight') : t('theme.toDark');
  return (
    <button type="button" onClick={toggleTheme} aria-label={label} title={label} className="icon-btn" data-theme-toggle>
      {/* Both icons, shown by the theme class on <html>: right from the first paint of a prerendered page. */}
      <SunIcon className="hidden h-5 w-5 dark:block" />
      <MoonIcon className="h-5 w-5 dark:hidden" />
    </button>
  );
}
