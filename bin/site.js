#!/usr/bin/env node
// The CLI is TypeScript; tsx compiles it on the fly so `npx site` works straight after `npm install`.
import { register } from 'tsx/esm/api';

// Pages are rendered for production: React's development build checks every element and renders
// several times slower. Tests that import the stages directly keep their own NODE_ENV.
process.env.NODE_ENV ??= 'production';
// `site leads | head` closes the pipe early: that ends the output, it is not an error.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});
register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv);
