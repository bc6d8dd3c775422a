import path from 'node:path';

/**
 * The build cache for a `site` child process started in a project folder outside the repository (a fixture under
 * the temporary folder): from there it finds no node_modules/.cache/site, so without SITE_CACHE_DIR it built the
 * island bundle, CSS and fonts and ran PGlite's initdb again at every start, which an author's project (with its
 * node_modules) never does. SITE_CACHE_DIR, when set, is passed on as it is.
 */
export const REPO_BUILD_CACHE = { SITE_CACHE_DIR: process.env.SITE_CACHE_DIR ?? path.resolve(import.meta.dirname, '../../node_modules/.cache/site') };
