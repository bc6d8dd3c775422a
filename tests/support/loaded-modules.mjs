// Loaded with `node --import` into a CLI run: appends the URL of every module the process loads to the file
// named by SITE_LOADED_MODULES_FILE, one a line (tests/unit/cli/start-up.test.ts reads what a build imported).
import { register } from 'node:module';

if (process.env.SITE_LOADED_MODULES_FILE) register(new URL('./loaded-modules-hook.mjs', import.meta.url), { data: process.env.SITE_LOADED_MODULES_FILE });
