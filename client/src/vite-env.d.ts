/** ISO time of the client build (vite.config.ts `define`): what the prerendered pages show as "now". */
declare const __BUILD_TIME__: string | undefined;
