import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';
import { prerender } from './build/prerender.ts';
import { pwa } from './build/pwa.ts';
import { themeInit } from './build/theme-init.ts';

export default defineConfig(({ command }) => {
  // A build is always a production build, whatever NODE_ENV the shell has (`npm start` with
  // NODE_ENV=development must not ship React's development runtime).
  if (command === 'build') process.env.NODE_ENV = 'production';
  // The prerendered pages' "now" (the footer's year, the community events' dates until hydrated).
  const define = { __BUILD_TIME__: JSON.stringify(new Date().toISOString()) };
  return {
    mode: command === 'build' ? 'production' : undefined,
    define,
    plugins: [react(), tailwindcss(), themeInit(), prerender({ define }), pwa(), precompress()],
    server: {
      port: 5173,
      proxy: {
        '/api': 'http://127.0.0.1:3000',
        '/socket.io': { target: 'http://127.0.0.1:3000', ws: true },
      },
    },
    build: {
      outDir: 'dist',
      sourcemap: false,
      rolldownOptions: {
        output: {
          // Everything the entry imports statically in one chunk beside it, instead of nine small
          // shared chunks (some under 500 bytes): a phone on HTTP/1.1 and 400 ms latency fetches
          // them over six connections, and each is one more service-worker fetch on a repeat visit.
          codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
        },
      },
    },
  };
});
