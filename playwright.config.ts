import { defineConfig, devices } from '@playwright/test';

// End-to-end tests in Debian's headless Chromium (Playwright cannot download browsers here) against the real server.
// The headless shell is the browser Playwright itself runs headless tests in: the same Blink, V8 and SwiftShader
// without the full browser around them, and 42 % less CPU per page load than /usr/bin/chromium measured here
// (docs/decisions.md, "e2e in the headless shell").
// Run through scripts/with-test-services.ts (npm run test:e2e), which provides Postgres and Redis.
const port = Number(process.env.E2E_PORT ?? 3100);
const chromium = {
  executablePath: '/usr/bin/chromium-headless-shell',
  // WebGL for the map (MapLibre) from the SwiftShader software renderer: no GPU here, and Chromium's automatic
  // fallback to it is deprecated.
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--use-angle=swiftshader',
    '--enable-unsafe-swiftshader',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

const RESPONDER_SPEC = /responder\.spec\.ts$/;
/** Changes who may sign up on the shared server: run once every other spec (which sign up companies) is done. */
const INSTALL_SETTINGS_SPEC = /install-settings\.spec\.ts$/;
/**
 * The specs run at phone size too: the phone layout itself (every console page at phone width, with axe and no sideways
 * scrolling; the navigation drawer; the company switcher in it), and the flows people do on a phone in an emergency
 * (log in, send an alert, follow its delivery, the dashboard). The other specs test behaviour that does not change
 * with the width, once, at desktop size (docs/decisions.md, "The phone project runs the phone layout").
 */
const PHONE_SPECS =
  /(accessibility|shell|company-settings|outbox|dashboard|new-alert|alert-delivery|delivery-flow|login|answer-link)\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  // Three browsers side by side, each taking whole files: every test arranges a company of its own, so files do not
  // see each other's data, and a good part of a test's time is spent waiting (a fallback's 2 minutes, a positioning's
  // answer time, a mission's countdown): two left a third of the two cores idle (docs/decisions.md, "Test suite speed").
  fullyParallel: false,
  workers: 3,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  // 60 s a test: pages with maps draw raster tiles (from a local fake tile service) in software WebGL, which costs
  // seconds of CPU per load on two shared cores (docs/decisions.md, "e2e: what a test costs, measured").
  timeout: 60_000,
  // Pages draw maps with a software GPU (SwiftShader) on two shared cores, so a page can be busy for seconds: assertions
  // wait up to 10 s for what they expect instead of Playwright's 5 s.
  expect: { timeout: 10_000 },
  // Traces are kept for failed tests, without their screencast: encoding every frame the software compositor draws
  // doubled the CPU a map page costs. DOM snapshots, network and console stay, which is what a failure is read from,
  // with a screenshot of the page as the failed test left it.
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  projects: [
    // The responder shows notifications from its service worker: the headless shell has no notifications at all
    // (Notification.permission stays "denied" whatever is granted), so its tests run in Debian's full Chromium,
    // headless, at phone size. Listed first: its first test waits out the real 2-minute fallback, alongside the rest.
    {
      name: 'responder',
      testMatch: RESPONDER_SPEC,
      use: { ...devices['Pixel 7'], launchOptions: { ...chromium, executablePath: '/usr/bin/chromium' } },
    },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
      testIgnore: [RESPONDER_SPEC, INSTALL_SETTINGS_SPEC],
    },
    { name: 'phone', use: { ...devices['Pixel 7'], launchOptions: chromium }, testMatch: PHONE_SPECS },
    {
      name: 'install-settings',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
      testMatch: INSTALL_SETTINGS_SPEC,
      dependencies: ['responder', 'desktop', 'phone'],
    },
  ],
  webServer: {
    command: `node --import tsx tests/e2e/serve.ts ${port}`,
    // Not the health URL: the server answers before the worker beside it has started and before serve.ts has written
    // where its database is (tests/e2e/support/e2e-server-info.ts), and Playwright starts at whichever comes first.
    wait: { stdout: /e2e server ready at/ },
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
