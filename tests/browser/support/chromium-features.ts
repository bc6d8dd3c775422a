/**
 * The Chromium features the test browser runs without (playwright.config.ts, `--disable-features`). Chromium
 * reads only the last `--disable-features` of its command line, so this list repeats the one Playwright passes
 * first (as of @playwright/test 1.65); `chromium-features.spec.ts` fails if an upgrade disables one this lacks.
 */
const PLAYWRIGHT_DISABLED = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Every test's page is a window of a context of its own. For each, Chromium started a spare renderer for the next
 * navigation (bound to the context the test then closes, so never used) and renderers for the omnibox's two
 * popups, WebUI pages headless Chromium never shows: three renderer processes per test besides the page's own.
 * Without them a test costs about 0.6× the CPU-s (not-found, static-pages, legal and faq side by side).
 */
export const disabledFeatures = [...PLAYWRIGHT_DISABLED, 'SpareRendererForSitePerProcess', 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];
