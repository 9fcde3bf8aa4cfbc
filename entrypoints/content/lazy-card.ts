import { browser } from 'wxt/browser';
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { domainOf } from '#core/email/extract.ts';
import type { LookupResult } from '#extension/lookup-result.ts';
import { type ContentSettings, sendRequest } from '#extension/messaging.ts';
import { CARD_MODULE_FILE } from '#page/card-module.ts';
import type { CardControls, HoverTarget } from '#page/hover.ts';
import { packedTopLevelDomains } from '#page/top-level-domains-module.ts';
import type { CardUi } from './card.tsx';

/**
 * The hover card as the content script holds it: its module (React and all) imported the first time a card
 * is about to be shown, and the answer asked of the background's cache while the hover delay runs.
 */
export class LazyCard implements CardControls {
  readonly #ctx: ContentScriptContext;
  readonly #settings: () => ContentSettings;
  readonly #onClose: () => void;
  #card: CardUi | null = null;
  #loading: Promise<CardUi> | null = null;
  /** The target the person is waiting for; a hide before the card module arrives cancels it. */
  #wanted: HoverTarget | null = null;
  /** The cached answer asked for as the pointer came to an address: the API is never asked for it. */
  #peek: { address: string; answer: Promise<LookupResult | null> } | null = null;

  constructor(ctx: ContentScriptContext, settings: () => ContentSettings, onClose: () => void) {
    this.#ctx = ctx;
    this.#settings = settings;
    this.#onClose = onClose;
  }

  delayMs(): number {
    return this.#settings().hoverDelayMs;
  }

  prepare(target: HoverTarget) {
    void this.#load().catch(() => {});
    // The answer (if cached) and a worker Chrome had stopped are ready by the time the delay ends.
    const answer = sendRequest({ type: 'cached', domain: domainOf(target.address) }).catch(() => null);
    this.#peek = { address: target.address, answer };
  }

  show(target: HoverTarget) {
    this.#wanted = target;
    const cached = this.#peek?.address === target.address ? this.#peek.answer : undefined;
    // Used once: a later showing of the same address (a keyboard focus, say) asks afresh.
    this.#peek = null;
    this.#load().then(
      (card) => {
        if (this.#wanted === target) card.show(target, this.#settings(), cached);
      },
      () => {},
    );
  }

  hide() {
    this.#wanted = null;
    this.#card?.hide();
  }

  isInsideCard(node: EventTarget | null): boolean {
    return this.#card?.contains(node) ?? false;
  }

  /** Loads the card module once; a failed load (the extension was updated under the page) is tried again. */
  #load(): Promise<CardUi> {
    this.#loading ??= import(/* @vite-ignore */ browser.runtime.getURL(`/${CARD_MODULE_FILE}`))
      .then((module: typeof import('./card.tsx')) =>
        module.createCardUi(this.#ctx, this.#onClose, packedTopLevelDomains(), this.#settings().locale),
      )
      .then((card) => (this.#card = card));
    this.#loading.catch(() => {
      this.#loading = null;
    });
    return this.#loading;
  }
}
