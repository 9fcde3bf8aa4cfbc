/**
 * What the extension costs pages, rendering included: each page below is measured in Chromium without the
 * extension and with it, in interleaved rounds of the same run (test/support/page-cost.ts says how).
 * The page's own cost is the reference; the extension's share is its script, the frames it takes part of,
 * and the rendering work the page does with it beyond what it does without.
 */
import type { Page } from 'playwright-core';
import {
  type ExtensionBrowser,
  launchExtensionBrowser,
  launchPlainBrowser,
} from '#test/support/extension-browser.ts';
import { LONG_FRAME_MS, measurePageCost, openMeasuredPage, type PageCost } from '#test/support/page-cost.ts';
import { startPageServer } from '#test/support/page-server.ts';
import type { RenderingPhase } from '#test/support/trace.ts';
import { continuousTextPage, mailAndCrmPage, mutationStormPage } from './pages.ts';
import { median, upperBudget } from './stats.ts';
import type { BenchRow } from './table.ts';

const ROUNDS = 3;
/** How long each page is watched after its change: the extension's reading of it ends well within. */
const SETTLE_MS = 3_000;
/** The extension's own longest task, at most (a frame at 60 Hz). */
const TASK_BUDGET_MS = 16;

/** A page script that changes the page in a task of its own (a timer), as a page's code would. */
const inPageTask = (body: string) => `new Promise((done) => setTimeout(() => { ${body}; done(); }))`;
const oneLongLine = (unit: string) =>
  inPageTask(
    `const line = document.createElement('p'); line.textContent = ${JSON.stringify(unit)}.repeat(Math.ceil(1e6 / ${unit.length})) + ' then jane@gmail.com'; document.body.append(line)`,
  );

interface Scenario {
  name: string;
  /** The page it starts from; null: the action loads the page itself. */
  start: string | null;
  action(page: Page, url: (name: string) => string): Promise<void>;
}

const SCENARIOS: Scenario[] = [
  {
    name: '5 MB page, loading',
    start: null,
    async action(page, url) {
      await page.goto(url('bench-large.html'), { waitUntil: 'load' });
      await page.waitForTimeout(SETTLE_MS);
    },
  },
  {
    name: '10,000 addresses added at once',
    start: 'bench-list.html',
    async action(page) {
      await page.evaluate(
        inPageTask(
          "const list = document.getElementById('list'); const rows = document.createDocumentFragment(); for (let i = 0; i < 10000; i++) { const row = document.createElement('p'); row.textContent = 'Contact user' + i + '@domain' + i + '.example.com today'; rows.append(row); } list.append(rows)",
        ),
      );
      await page.waitForTimeout(SETTLE_MS);
    },
  },
  ...[
    ['a 1 MB run of a', 'a'],
    ['a 1 MB run of @', '@'],
    ['a 1 MB run of dots', '.'],
    ['1 MB of a.a@', 'a.a@'],
  ].map(
    ([name, unit]): Scenario => ({
      name: name as string,
      start: 'bench-list.html',
      async action(page) {
        await page.evaluate(oneLongLine(unit as string));
        await page.waitForTimeout(SETTLE_MS);
      },
    }),
  ),
  {
    name: 'mutation storm (1,000 rows in 50 batches)',
    start: 'bench-storm.html',
    async action(page) {
      await page.evaluate('runStorm(50, 20)');
      await page.waitForTimeout(SETTLE_MS / 2);
    },
  },
  {
    name: 'text changing all the time (3 s)',
    start: 'bench-live.html',
    async action(page) {
      await page.waitForTimeout(SETTLE_MS);
    },
  },
];

async function measure(
  context: ExtensionBrowser['context'],
  extensionOrigin: string | null,
  scenario: Scenario,
  url: (name: string) => string,
): Promise<PageCost> {
  const page = await openMeasuredPage(context);
  if (scenario.start) {
    await page.goto(url(scenario.start), { waitUntil: 'load' });
    // Whatever the extension does on the empty page is over before the change.
    await page.waitForTimeout(500);
  }
  const cost = await measurePageCost(context, page, () => scenario.action(page, url), {
    extensionOrigin,
    navigates: scenario.start === null,
  });
  await page.close();
  return cost;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const signed = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(1)}`;
const PHASE_NAMES: Record<RenderingPhase, string> = {
  style: 'style',
  layout: 'layout',
  observers: 'intersection observers',
  markers: 'highlight markers (compositing inputs)',
  prePaint: 'pre-paint',
  paint: 'paint',
};

function rowsOf(name: string, without: PageCost[], withExtension: PageCost[]): BenchRow[] {
  const mid = (costs: PageCost[], figure: (cost: PageCost) => number) => median(costs.map(figure));
  const worst = (costs: PageCost[], figure: (cost: PageCost) => number) => Math.max(...costs.map(figure));
  const rounds = withExtension.length;
  const spread = (costs: PageCost[], figure: (cost: PageCost) => number) =>
    `${Math.min(...costs.map(figure)).toFixed(0)}-${Math.max(...costs.map(figure)).toFixed(0)} ms`;
  const longestTask = worst(withExtension, (cost) => cost.script.longestMs);
  const added = worst(withExtension, (cost) => cost.longBecauseOfUs.length);
  const largestShare = worst(withExtension, (cost) =>
    Math.max(0, ...cost.longFrames.map((frame) => frame.oursMs)),
  );
  const phases = (Object.keys(PHASE_NAMES) as RenderingPhase[])
    .map((phase) => ({
      phase,
      added:
        mid(withExtension, (cost) => cost.rendering[phase]) - mid(without, (cost) => cost.rendering[phase]),
    }))
    .filter(({ added }) => Math.abs(added) >= 0.5)
    .map(({ phase, added }) => `${PHASE_NAMES[phase]} ${signed(added)}`);
  return [
    {
      name: `${name}: blocked frame time`,
      value: ms(mid(withExtension, (cost) => cost.blockedMs)),
      detail: `without the extension ${ms(mid(without, (cost) => cost.blockedMs))} (its ${rounds} rounds ${spread(without, (cost) => cost.blockedMs)}), ${signed(mid(withExtension, (cost) => cost.blockedMs) - mid(without, (cost) => cost.blockedMs))} ms with it; long frames (> ${LONG_FRAME_MS} ms) ${mid(withExtension, (cost) => cost.longFrames.length)} with, ${mid(without, (cost) => cost.longFrames.length)} without; longest ${ms(mid(withExtension, (cost) => cost.longestFrameMs))} with, ${ms(mid(without, (cost) => cost.longestFrameMs))} without`,
      budget: '',
    },
    {
      name: `${name}: frames long because of it`,
      value: String(added),
      detail: `its share of the long frames ${ms(mid(withExtension, (cost) => cost.oursInLongFramesMs))} in all, at most ${ms(largestShare)} of one (script and observers); the page's own main-thread work ${ms(mid(without, (cost) => cost.mainThreadMs))} without it; worst of ${rounds}`,
      budget: `no blocked frame over ${LONG_FRAME_MS} ms added: ${added === 0 ? 'OK' : 'MISSED'}`,
    },
    {
      name: `${name}: extension's own script`,
      value: ms(mid(withExtension, (cost) => cost.script.totalMs)),
      detail: `in ${mid(withExtension, (cost) => cost.script.tasks.length)} tasks; longest task ${ms(longestTask)} (worst of ${rounds})`,
      budget: upperBudget(longestTask, TASK_BUDGET_MS, 'ms a task'),
    },
    {
      name: `${name}: rendering it triggers`,
      value: `${signed(mid(withExtension, (cost) => cost.rendering.total) - mid(without, (cost) => cost.rendering.total))} ms`,
      detail: `${phases.join(', ') || 'no phase changed by 0.5 ms'}; the page's own rendering ${ms(mid(without, (cost) => cost.rendering.total))} (thread time, medians of ${rounds})`,
      budget: '',
    },
  ];
}

/**
 * Every scenario above, or those whose names `only` picks, in `rounds` rounds each (one or two scenarios,
 * measured more often, while working on them).
 */
export async function benchPageCost({
  only = () => true,
  rounds = ROUNDS,
}: {
  only?: (name: string) => boolean;
  rounds?: number;
} = {}): Promise<BenchRow[]> {
  const pages = await startPageServer({
    'bench-large.html': mailAndCrmPage().html,
    'bench-list.html':
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>List</title></head><body><div id="list"></div></body></html>',
    'bench-storm.html': mutationStormPage().html,
    'bench-live.html': continuousTextPage().html,
  });
  const extension = await launchExtensionBrowser();
  const plain = await launchPlainBrowser();
  const origin = extension.extensionUrl('');
  try {
    const rows: BenchRow[] = [];
    for (const scenario of SCENARIOS.filter((candidate) => only(candidate.name))) {
      const without: PageCost[] = [];
      const withExtension: PageCost[] = [];
      for (let round = 0; round < rounds; round++) {
        // Each round in the other order, so that a drift of the machine favours neither.
        const order = round % 2 === 0 ? ['plain', 'extension'] : ['extension', 'plain'];
        for (const kind of order) {
          if (kind === 'plain') without.push(await measure(plain.context, null, scenario, pages.url));
          else withExtension.push(await measure(extension.context, origin, scenario, pages.url));
        }
      }
      rows.push(...rowsOf(scenario.name, without, withExtension));
    }
    return rows;
  } finally {
    await extension.close();
    await plain.close();
    await pages.close();
  }
}
