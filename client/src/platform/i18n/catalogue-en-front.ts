/** English's words of the home page and the footer's newsletter form (the core but what the app chunk holds; resources.ts). */
import home from '../../locales/en/home.json';
import newsletter from '../../locales/en/newsletter.json';

export default { home, newsletter };
