/** The Kiswahili core (resources.ts): the layout, the home page and the footer's newsletter form, one small chunk. */
import common from '../../locales/sw/common.json';
import home from '../../locales/sw/home.json';
import newsletter from '../../locales/sw/newsletter.json';
import errors from '../../locales/sw/errors.json';

export default { common, home, newsletter, errors };
