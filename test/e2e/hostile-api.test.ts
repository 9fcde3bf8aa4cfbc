import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTED_GMAIL_INFO } from '../fixtures/hosted-examples.ts';
import type { Card } from '../support/card.ts';
import {
  chromiumCard,
  type ExtensionBrowser,
  hoverText,
  launchExtensionBrowser,
} from '../support/extension-browser.ts';
import { startPageServer } from '../support/page-server.ts';
import { closeAll, type ListeningServer, listenOnLoopback } from '../support/teardown.ts';

/**
 * A scripted API on loopback that answers each domain in its own hostile way, driven through the real
 * extension: every case ends in a defined card, no crash, no unsafe link, and nothing cached that should not be.
 */
type Reply = (response: ServerResponse, request: IncomingMessage) => void;

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Reply =>
  (response) => {
    response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
const found = (data: Record<string, unknown>) =>
  json(200, { success: true, message: 'ok', data: { ...HOSTED_GMAIL_INFO, ...data } });

let redirectTargetHits = 0;
let redirectTarget: ListeningServer;
let redirectTargetUrl = '';

interface Case {
  name: string;
  reply: Reply;
  expect: (card: Card) => Promise<void>;
  /** Errors must not be cached: a second hover asks the API again. */
  notCached?: boolean;
}

const unusable = async (card: Card) => {
  expect(await card.text('error-message')).toMatch(/cannot be used right now/);
  expect(await card.count('a')).toBe(0);
};
const noLinks = async (card: Card) => {
  expect(await card.count('open-webmail')).toBe(0);
  expect(await card.count('search-webmail')).toBe(0);
};

const CASES: Case[] = [
  {
    name: 'not JSON',
    reply: (r) => r.writeHead(200, { 'Content-Type': 'text/plain' }).end('OK'),
    expect: unusable,
    notCached: true,
  },
  {
    name: 'an HTML error page',
    reply: (r) => r.writeHead(502, { 'Content-Type': 'text/html' }).end('<h1>Bad gateway</h1>'),
    expect: unusable,
    notCached: true,
  },
  { name: 'an empty body', reply: (r) => r.writeHead(200).end(), expect: unusable, notCached: true },
  {
    name: 'a truncated body',
    reply: json(200, '{"success": true, "message": "ok", "data": {"name": "Gm'),
    expect: unusable,
  },
  {
    name: 'a 5 MB body',
    reply: json(200, `{"success":true,"message":"${'x'.repeat(5 * 1024 * 1024)}","data":null}`),
    expect: unusable,
  },
  { name: 'a flag of the wrong type', reply: found({ is_freemail: 'yes' }), expect: unusable },
  { name: 'a name of the wrong type', reply: found({ name: 42 }), expect: unusable },
  {
    name: 'a missing field',
    reply: json(200, { success: true, message: 'ok', data: { name: 'x' } }),
    expect: unusable,
  },
  {
    name: 'success false with 200',
    reply: json(200, { success: false, message: 'ok', data: HOSTED_GMAIL_INFO }),
    expect: unusable,
  },
  {
    name: 'success true with data null',
    reply: json(200, { success: true, message: 'ok', data: null }),
    expect: unusable,
  },
  {
    name: 'extra properties holding HTML',
    reply: found({ extra: '<img src=x onerror="document.title=1">', nice_name: '<b>Bold</b>' }),
    expect: async (card) => {
      expect(await card.text('provider-nice-name')).toBe('<b>Bold</b>');
      expect(await card.count('img, b')).toBe(0);
    },
  },
  {
    name: 'evidence behind a gateway holding markup and a 5,000-character gateway',
    reply: found({
      nice_name: 'Microsoft 365',
      provider_source: 'spf',
      provider_confidence: 'medium',
      gateway: `<img src=x onerror="document.title=1">${'G'.repeat(5_000)}`,
    }),
    expect: async (card) => {
      const seen = (await card.text('provider-evidence')) ?? '';
      expect(seen).toMatch(/^Microsoft 365, behind <img src=x onerror="document\.title=1">G+… \(from/);
      expect(seen.length).toBeLessThan(120);
      expect(await card.count('img')).toBe(0);
    },
  },
  {
    name: 'evidence with values no one defined',
    reply: found({ provider_source: 'telepathy', provider_confidence: 'absolute', gateway: 'Proofpoint' }),
    expect: async (card) => {
      expect(await card.count('.wl-evidence')).toBe(0);
      expect(await card.text('provider-nice-name')).toBe('Gmail');
    },
  },
  {
    name: 'a javascript: webmail URL',
    reply: found({ webmail_url: 'javascript:alert(1)', webmail_search_url: 'javascript:alert("%q")' }),
    expect: noLinks,
  },
  {
    name: 'a data: webmail URL',
    reply: found({ webmail_url: 'data:text/html,<script>alert(1)</script>', webmail_search_url: null }),
    expect: noLinks,
  },
  {
    name: 'a file: webmail URL',
    reply: found({ webmail_url: 'file:///etc/passwd', webmail_search_url: 'file:///%q' }),
    expect: noLinks,
  },
  {
    name: 'a protocol-relative URL',
    reply: found({ webmail_url: '//evil.example.com/x', webmail_search_url: '//evil.example.com/%q' }),
    expect: noLinks,
  },
  {
    name: 'a template without %q',
    reply: found({ webmail_search_url: 'https://mail.example.com/search' }),
    expect: async (card) => {
      expect(await card.count('open-webmail')).toBe(1);
      expect(await card.count('search-webmail')).toBe(0);
    },
  },
  {
    name: 'a template with several %q',
    reply: found({ webmail_search_url: 'https://mail.example.com/?a=%q&b=%q' }),
    expect: async (card) => {
      const href = await card.attribute('search-webmail', 'href');
      expect(new URL(href ?? '').searchParams.getAll('a')).toEqual(
        new URL(href ?? '').searchParams.getAll('b'),
      );
      expect(new URL(href ?? '').origin).toBe('https://mail.example.com');
    },
  },
  {
    name: 'a very long name',
    reply: found({ nice_name: 'N'.repeat(20_000) }),
    expect: async (card) => {
      expect((await card.text('provider-nice-name'))?.length).toBe(20_000);
      expect((await card.box('result-card'))?.height ?? 0).toBeLessThan(600);
    },
  },
  {
    name: 'right-to-left and control characters in names',
    reply: found({ nice_name: '\u202Eliamg\u202C\u0000\u0007 Mail', name: 'שלום' }),
    expect: async (card) => {
      expect(await card.count('bdi[data-testid="provider-nice-name"]')).toBe(1);
      expect(await card.text('provider-name')).toBe('שלום');
    },
  },
  {
    name: 'a legacy 402',
    reply: json(402, {
      success: false,
      message: 'Payment required; top up at https://billing.example.com/x',
      data: null,
    }),
    expect: async (card) => {
      expect(await card.attribute('a[aria-label="Top up"]', 'href')).toBe('https://billing.example.com/x');
    },
    notCached: true,
  },
  {
    name: 'a 429 with Retry-After',
    reply: json(429, { success: false, message: 'slow down', data: null }, { 'Retry-After': '30' }),
    expect: async (card) => {
      // Counted down from the service's 30 s as the card shows it.
      expect(await card.text('error-message')).toMatch(/Too many lookups.*Try again in (30|29) seconds/);
    },
    notCached: true,
  },
  {
    name: 'a 503 with Retry-After, every time',
    reply: json(503, { success: false, message: 'down', data: null }, { 'Retry-After': '1' }),
    expect: unusable,
  },
  { name: 'a connection reset', reply: (_response, request) => request.socket.destroy(), expect: unusable },
  {
    name: 'a redirect to another origin',
    reply: (response) => response.writeHead(307, { Location: redirectTargetUrl }).end(),
    expect: async (card) => {
      await unusable(card);
      expect(redirectTargetHits).toBe(0);
    },
  },
  {
    name: 'a billing 401 with a javascript: top-up link',
    reply: json(401, { success: false, message: 'No credits; top up at javascript:alert(1)', data: null }),
    expect: async (card) => {
      expect(await card.count('a')).toBe(0);
      expect(await card.text('open-options')).toBe('Open settings');
    },
  },
];

const domainOf = (index: number) => `case-${index}.example.com`;
const hits = new Map<string, number>();
let api: ListeningServer;
let pages: Awaited<ReturnType<typeof startPageServer>>;
let browser: ExtensionBrowser;

beforeAll(async () => {
  const redirected = createServer((request, response) => {
    redirectTargetHits++;
    request.resume();
    response.end('{}');
  });
  redirectTarget = await listenOnLoopback(redirected, 'redirect target');
  redirectTargetUrl = `http://127.0.0.1:${redirectTarget.port}/steal`;
  const hostile = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const domain = String((JSON.parse(body || '{}') as { email?: string }).email);
      hits.set(domain, (hits.get(domain) ?? 0) + 1);
      const index = Number(/^case-(\d+)\./.exec(domain)?.[1]);
      const reply = CASES[index]?.reply ?? json(404, { success: false, message: 'unknown', data: null });
      reply(response, request);
    });
  });
  api = await listenOnLoopback(hostile, 'hostile API');
  pages = await startPageServer();
  browser = await launchExtensionBrowser();
  await browser.configure({
    apiKey: 'wl_hostile_test',
    settings: { baseUrl: `http://127.0.0.1:${api.port}`, hoverDelayMs: 50 },
  });
});

/**
 * The page listing every case, in a tab of its own for each case: errors are never cached, so hovering
 * them again asks again, and 25 cases in one tab would spend its budget of lookups without a click.
 */
async function openCasesPage(): Promise<Page> {
  const page = await browser.context.newPage();
  await page.goto(pages.url('blank.html'));
  await page.evaluate((count) => {
    const list = document.getElementById('list') as HTMLElement;
    for (let i = 0; i < count; i++) {
      const line = document.createElement('p');
      line.textContent = `Case ${i}: someone@case-${i}.example.com`;
      list.append(line);
    }
  }, CASES.length);
  return page;
}

afterAll(() =>
  closeAll({
    Chromium: browser,
    'page server': pages,
    'hostile API': api,
    'redirect target': redirectTarget,
  }),
);

async function hoverCase(page: Page, index: number): Promise<Card> {
  const card = chromiumCard(page);
  await page.mouse.move(1, 1);
  await card.closed();
  await hoverText(page, `someone@${domainOf(index)}`);
  await card.answered();
  return card;
}

describe('hostile API responses, through the extension', () => {
  it('has at least 25 cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(25);
  });

  it.each(CASES.map((testCase, index) => [testCase.name, index] as const))('%s', async (_name, index) => {
    const testCase = CASES[index] as Case;
    const page = await openCasesPage();
    const card = await hoverCase(page, index);
    await testCase.expect(card);
    if (testCase.notCached) {
      const before = hits.get(domainOf(index)) ?? 0;
      await hoverCase(page, index);
      expect(hits.get(domainOf(index)) ?? 0).toBeGreaterThan(before);
    }
    expect(await page.title()).toBe('Blank');
    await page.close();
  });
});
