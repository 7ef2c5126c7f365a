// The one way a benchmark starts Chromium: Debian's (never a downloaded one), headless with the
// test browser's flags (e2e/support/browser.ts) and what the benchmark adds, on a profile of its
// own. Chromium picks its DevTools port itself (port 0) and names it on stderr, so no port is
// chosen beforehand and raced for. Playwright, Lighthouse and the bare client of bench/cdp.ts
// all drive a browser started here.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from '@taxi/e2e/support/browser';

/**
 * Of the flags Playwright adds when it launches a browser, those that keep the browser from
 * working beside the page: no startup window (its omnibox pages loaded next to the first
 * measured page), no extensions or background services, no throttling of a tab in the
 * background. Paint holding stays on, as in a passenger's browser.
 */
export const QUIET_FLAGS = [
  '--no-startup-window',
  '--disable-extensions',
  '--disable-default-apps',
  '--disable-component-extensions-with-background-pages',
  '--disable-field-trial-config',
  '--disable-features=OptimizationHints,NetworkTimeServiceQuerying,AimEnabled,PreconnectToSearch,Translate,MediaRouter,LensOverlay',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
  '--hide-scrollbars',
  '--mute-audio',
  '--blink-settings=primaryHoverType=2,availableHoverTypes=2,primaryPointerType=4,availablePointerTypes=4',
];

export interface RunningChromium {
  /** The browser's DevTools endpoint, ws://127.0.0.1:<port>/devtools/browser/<id>. */
  webSocketUrl: string;
  port: number;
  /** Ends the browser and removes its profile. */
  stop(): Promise<void>;
}

/** Debian's Chromium with the test flags and `extra` (flags, or a first page to open). */
export async function startChromium(extra: string[] = []): Promise<RunningChromium> {
  const profile = mkdtempSync(path.join(tmpdir(), 'taxi-bench-chromium-'));
  const child = spawn(
    CHROMIUM,
    [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, ...extra],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  // Its helper processes share its stderr: the pipe closes once the last of them, which may
  // still write to the profile, is gone.
  const exited = new Promise((resolve) => {
    child.once('close', resolve);
    child.once('error', resolve);
  });
  // A benchmark that ends on an error, before its stop, leaves no browser behind.
  const orphaned = () => child.kill();
  process.once('exit', orphaned);
  const stop = async () => {
    process.off('exit', orphaned);
    child.kill();
    await exited;
    rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
  };
  try {
    const webSocketUrl = await new Promise<string>((resolve, reject) => {
      let output = '';
      child.stderr.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const listening = /DevTools listening on (ws:\/\/\S+)/.exec(output);
        if (listening) resolve(listening[1]!);
      });
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`Chromium exited (${code}):\n${output}`)));
    });
    return { webSocketUrl, port: Number(new URL(webSocketUrl).port), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Chromium started as above with the quiet flags (and `extra`), driven by Playwright over the
 * DevTools protocol; closing the browser ends the process.
 */
export async function launchBrowser(extra: string[] = []): Promise<Browser> {
  const running = await startChromium([...QUIET_FLAGS, ...extra]);
  const browser = await chromium.connectOverCDP(running.webSocketUrl).catch(async (error) => {
    await running.stop();
    throw error;
  });
  const disconnect = browser.close.bind(browser);
  browser.close = async (options) => {
    try {
      await disconnect(options);
    } finally {
      await running.stop();
    }
  };
  return browser;
}
