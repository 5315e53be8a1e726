// `node --import <this file>`: records every module the process loads in $MODULE_TRACE_FILE.
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url, { data: { file: process.env.MODULE_TRACE_FILE } });
