#!/usr/bin/env node
// The CLI is TypeScript; tsx compiles it on the fly so `npx site` works straight after `npm install`.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv);
