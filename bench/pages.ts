/**
 * Pages the content-script benchmarks load, generated deterministically (a seeded PRNG): a large mail-client
 * and CRM page, a Gmail-like mutation storm, and a page whose text never stops changing.
 */

import { seeded } from './seeded.ts';
import { contacts, URLS, WORDS } from './vocabulary.ts';

/** Messages on the large page: with the contacts table, about 5 MB, 50,000 nodes and 2,000 addresses. */
const MESSAGES = 1_900;

/**
 * Text with an `@` that is not an address (handles, image names, versions): in one sentence in fifty, so
 * about as many as a third of the addresses. Pages dense with them are the hostile-page tests' job.
 */
const NOT_ADDRESSES = ['@team', 'logo@2x.png', 'react@18.2.0', 'follow us @acme', 'meet @ 10am', 'A@B'];

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[c]};`);
}

export interface GeneratedPage {
  html: string;
  /** Address occurrences in text the content script scans (not in inputs, scripts or editable regions). */
  textAddresses: number;
  /** Elements plus text nodes. */
  nodes: number;
}

/** Writes the large mail-and-CRM page, counting the addresses its text holds and its nodes as it goes. */
class MailAndCrmPageWriter {
  readonly #random: ReturnType<typeof seeded>;
  readonly #contacts: ReturnType<typeof contacts>;
  readonly #html: string[] = [];
  #textAddresses = 0;
  #nodes = 0;

  constructor(seed: number) {
    this.#random = seeded(seed);
    this.#contacts = contacts(this.#random);
  }

  write(): GeneratedPage {
    this.#head();
    this.#navigation();
    this.#html.push('</nav><main><section id="messages">');
    for (let message = 0; message < MESSAGES; message++) this.#message();
    this.#contactsTable();
    this.#html.push(
      '</tbody></table></section><form><input value="typed@gmail.com"><textarea>draft to a@gmail.com</textarea>',
      '<div contenteditable="true">editing b@gmail.com</div></form></main></body></html>',
    );
    this.#nodes += 8;
    return { html: this.#html.join(''), textAddresses: this.#textAddresses, nodes: this.#nodes };
  }

  /** The head, with a JSON data island full of addresses the content script must not read. */
  #head(): void {
    const { person, address } = this.#contacts;
    const islandData = Array.from({ length: 2_000 }, () => ({ name: person(), email: address(person()) }));
    this.#html.push(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Inbox and contacts</title>',
      '<style>body{font:14px/1.5 sans-serif;margin:0 24px}article{border-bottom:1px solid #ddd;padding:8px 0}',
      'td{padding:2px 6px;border-bottom:1px solid #eee}.sig{color:#555;font-size:12px}</style>',
      `<script type="application/json" id="state">${JSON.stringify(islandData).replace(/</g, '\\u003c')}</script>`,
      '</head><body><nav>',
    );
    this.#nodes += 12;
  }

  #navigation(): void {
    for (let i = 0; i < 60; i++) {
      this.#html.push(`<a href="/section/${i}">${escapeHtml(this.#random.pick(WORDS))} ${i}</a> `);
      this.#nodes += 3;
    }
  }

  /** One message: a header showing the sender's address half the time, a body, maybe a signature and a quote. */
  #message(): void {
    const random = this.#random;
    const from = this.#contacts.person();
    const fromAddress = this.#contacts.address(from);
    const shown = random.chance(0.5);
    this.#html.push(
      '<article><header>',
      `<strong>${escapeHtml(from)}</strong> `,
      !shown
        ? ''
        : random.chance(0.3)
          ? `<a href="mailto:${escapeHtml(fromAddress)}">${escapeHtml(fromAddress)}</a>`
          : `<span>${escapeHtml(`<${fromAddress}>`)}</span>`,
      ` <time>Nov ${random.between(1, 30)}, ${random.between(8, 18)}:${random.between(10, 59)}</time></header>`,
    );
    if (shown) this.#textAddresses++;
    this.#nodes += shown ? 10 : 8;
    this.#html.push('<div class="body">');
    const paragraphs = random.between(3, 6);
    for (let p = 0; p < paragraphs; p++)
      this.#html.push(this.#paragraph(random.between(4, 8), random.chance(0.02)));
    this.#html.push('</div>');
    this.#nodes += 1;
    if (random.chance(0.6)) this.#signature(from);
    if (random.chance(0.5)) this.#quotedReply();
    this.#html.push('</article>');
  }

  #signature(from: string): void {
    const random = this.#random;
    const withAddress = random.chance(0.4);
    this.#html.push(
      `<div class="sig">${escapeHtml(from)}<br>${escapeHtml(random.pick(WORDS))} manager<br>`,
      `+1 555 ${random.between(100, 999)} ${random.between(1000, 9999)}`,
      withAddress ? `<br>${escapeHtml(this.#contacts.address(from))}` : '',
      '</div>',
    );
    if (withAddress) this.#textAddresses++;
    this.#nodes += withAddress ? 8 : 6;
  }

  #quotedReply(): void {
    const random = this.#random;
    const quoted = this.#contacts.person();
    const withAddress = random.chance(0.3);
    const who = withAddress ? `${quoted} <${this.#contacts.address(quoted)}>` : quoted;
    this.#html.push(
      `<blockquote><p>${escapeHtml(`On Nov ${random.between(1, 30)}, ${who} wrote:`)}</p>`,
      this.#paragraph(random.between(2, 5), false),
      '</blockquote>',
    );
    if (withAddress) this.#textAddresses++;
    this.#nodes += 3;
  }

  #contactsTable(): void {
    const random = this.#random;
    const { companies, person, address } = this.#contacts;
    this.#html.push('</section><section id="contacts"><table><tbody>');
    this.#nodes += 4;
    for (let row = 0; row < 300; row++) {
      const name = person();
      const cells = [
        name,
        address(name),
        random.pick(companies),
        `+44 20 ${random.between(1000, 9999)} ${random.between(1000, 9999)}`,
        random.pick(['London', 'Berlin', 'Paris', 'Tokyo', 'Austin', 'Lagos']),
        this.#sentence(),
      ];
      this.#html.push(`<tr>${cells.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`);
      this.#textAddresses++;
      this.#nodes += 13;
    }
  }

  /** A sentence of common words, now and then with a URL, an `@` that is no address, or a price. */
  #sentence(): string {
    const random = this.#random;
    const words = Array.from({ length: random.between(8, 22) }, () => random.pick(WORDS));
    if (random.chance(0.1)) words.splice(random.between(0, words.length), 0, random.pick(URLS));
    if (random.chance(0.02)) words.splice(random.between(0, words.length), 0, random.pick(NOT_ADDRESSES));
    if (random.chance(0.05))
      words.splice(random.between(0, words.length), 0, `$${random.between(10, 9999)}.00`);
    const text = words.join(' ');
    return `${text[0]?.toUpperCase()}${text.slice(1)}.`;
  }

  #paragraph(sentences: number, withAddress: boolean): string {
    const parts = Array.from({ length: sentences }, () => this.#sentence());
    if (withAddress) {
      this.#textAddresses++;
      const { person, address } = this.#contacts;
      parts.splice(this.#random.between(0, parts.length), 0, `Write to ${address(person())} for details.`);
    }
    this.#nodes += 2;
    return `<p>${escapeHtml(parts.join(' '))}</p>`;
  }
}

/**
 * A large mail-and-CRM page: messages with headers, bodies, signatures and quoted replies, a contacts
 * table, a JSON data island and a form.
 */
export function mailAndCrmPage(seed = 1): GeneratedPage {
  return new MailAndCrmPageWriter(seed).write();
}

/**
 * A Gmail-like inbox whose rows arrive in batches: `runStorm()` adds 1,000 rows (sender chips with `email`
 * attributes, subjects, snippets, a quarter with an address in the snippet) in 50 batches, one batch per
 * timer task, and resolves with the time the page itself spent building and inserting them.
 */
export function mutationStormPage(): GeneratedPage {
  const script = `
  const list = document.getElementById('inbox');
  const words = ${JSON.stringify(WORDS.slice(0, 120))};
  const pick = (i, n) => words[(i * 7919 + n * 104729) % words.length];
  function row(i) {
    const row = document.createElement('div');
    row.setAttribute('role', 'row');
    const sender = document.createElement('span');
    sender.setAttribute('email', 'sender' + i + '@customer' + (i % 97) + '.com');
    sender.setAttribute('name', 'Sender ' + i);
    sender.textContent = 'Sender ' + i;
    const subject = document.createElement('span');
    subject.textContent = pick(i, 1) + ' ' + pick(i, 2) + ' ' + pick(i, 3) + ' ' + pick(i, 4);
    const snippet = document.createElement('span');
    snippet.textContent = ' - ' + Array.from({ length: 24 }, (_, n) => pick(i, n + 5)).join(' ') +
      (i % 4 === 0 ? ' reply to team' + i + '@vendor' + (i % 31) + '.io' : '');
    const date = document.createElement('span');
    date.textContent = 'Nov ' + (1 + (i % 28));
    row.append(sender, subject, snippet, date);
    return row;
  }
  globalThis.runStorm = async (batches, perBatch) => {
    let spent = 0;
    for (let b = 0; b < batches; b++) {
      await new Promise((resolve) => setTimeout(resolve, 16));
      const started = performance.now();
      const fragment = document.createDocumentFragment();
      for (let r = 0; r < perBatch; r++) fragment.append(row(b * perBatch + r));
      list.prepend(fragment);
      spent += performance.now() - started;
    }
    return spent;
  };`;
  return {
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Inbox</title></head><body><div id="inbox"></div><script>${script}</script></body></html>`,
    textAddresses: 250,
    nodes: 0,
  };
}

/**
 * A page that never stops changing its text: a clock ticking every 50 ms, a ticker rewriting a text node
 * every animation frame, and a feed replacing an item with an address every 100 ms.
 */
export function continuousTextPage(): GeneratedPage {
  const script = `
  const clock = document.getElementById('clock').firstChild;
  const ticker = document.getElementById('ticker').firstChild;
  const feed = document.getElementById('feed');
  let n = 0;
  setInterval(() => { clock.data = new Date().toISOString(); }, 50);
  const frame = () => { ticker.data = 'Price ' + (100 + Math.sin(n++ / 10) * 5).toFixed(3) + ' USD'; requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
  setInterval(() => {
    const item = document.createElement('li');
    item.textContent = 'New lead ' + n + ': lead' + n + '@prospect' + (n % 50) + '.com';
    feed.prepend(item);
    if (feed.children.length > 20) feed.lastElementChild.remove();
  }, 100);`;
  return {
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Live</title></head><body><p id="clock">-</p><p id="ticker">-</p><ul id="feed"></ul><script>${script}</script></body></html>`,
    textAddresses: 0,
    nodes: 0,
  };
}
