import type { Plugin } from 'vite';
// By path, not '@gl/core/types': Vite loads this config with Node, which cannot import a workspace's
// TypeScript through its package name; a relative import is bundled with the config. The browser
// code imports the same constant from '@gl/core/types'.
// eslint-disable-next-line no-restricted-imports -- the one exception to the boundaries rule, for the reason above
import { THEME_INIT_SCRIPT } from '../../core/src/platform/web/theme-init.ts';

const PLACEHOLDER = '<script data-theme-init></script>';

/**
 * Puts the pre-paint theme script (@gl/core's THEME_INIT_SCRIPT) inline in index.html, where the
 * placeholder is: the page applies the stored theme before its first paint without fetching a file
 * first (a parser-blocking request that, on a phone, waited for the network or the service worker).
 * The CSP allows exactly this text by its hash. Every page (the shell, the prerendered pages) is
 * made from index.html, so each carries it.
 */
export function themeInit(): Plugin {
  return {
    name: 'gl:theme-init',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes(PLACEHOLDER)) throw new Error(`theme-init: index.html has no ${PLACEHOLDER}`);
        return html.replace(PLACEHOLDER, `<script>${THEME_INIT_SCRIPT}</script>`);
      },
    },
  };
}
