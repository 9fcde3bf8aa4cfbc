/**
 * The hover card's UI, loaded on first use (see modules/lazy-card.ts): React, the result card and WXT's
 * shadow-root UI stay out of the content script that runs on every page.
 */
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { createShadowRootUi, type ShadowRootContentScriptUi } from 'wxt/utils/content-script-ui/shadow-root';
import cardCss from '#components/card.css?inline';
import { type CardSettings, HoverCard } from '#components/HoverCard.tsx';
import { domainOf } from '#core/email/extract.ts';
import { loadedLocale } from '#extension/i18n.ts';
import type { Locale } from '#extension/locales.ts';
import { lookUpDomain } from '#extension/look-up-domain.ts';
import type { LookupResult } from '#extension/lookup-result.ts';
import { loadWords } from '#extension/page-words.ts';
import { CARD_TAG } from '#page/card-module.ts';
import { keepCardInWindow } from '#page/card-placement.ts';
import type { HoverTarget } from '#page/hover.ts';
import { pageThemeAt } from '#page/page-theme.ts';
import { takeTopLevelDomains } from '#page/top-level-domains-module.ts';

/** What the card's controls answer to (React listens for them at its container, inside the shadow root). */
const INPUT_EVENTS = [
  'click',
  'auxclick',
  'keydown',
  'keyup',
  'pointerdown',
  'pointerup',
  'mousedown',
  'mouseup',
];

/**
 * The one place the card checks that a person made an event: any other is stopped at the shadow root,
 * before React sees it, and its default action (following a link) cancelled. The page cannot reach into
 * the closed root to dispatch one there; this holds should a browser ever hand it a node inside.
 */
function answerPeopleOnly(root: ShadowRoot): void {
  for (const type of INPUT_EVENTS) {
    root.addEventListener(
      type,
      (event) => {
        if (event.isTrusted) return;
        event.stopImmediatePropagation();
        event.preventDefault();
      },
      { capture: true },
    );
  }
}

/** The lookup a card opened by a hover asks for: within the tab's budget (lib/worker/card-lookup.ts). */
const lookUpOnHover = (domain: string) => lookUpDomain(domain, { intent: 'hover' });

type ShadowCard = ShadowRootContentScriptUi<Root | undefined>;

/** The hover card on the page: shown for one address at a time, kept in the window as the page moves. */
export class CardUi {
  readonly #ui: ShadowCard;
  readonly #onClose: () => void;
  /** The address on the open card and the lookup it shows: showing it again (a focus) asks nothing new. */
  #open: { address: string; answer: Promise<LookupResult> } | null = null;
  /** The target to show once the words of a new language have come; a hide before then cancels it. */
  #awaitingWords: HoverTarget | null = null;
  /** Stops placing the card shown last (lib/page/card-placement.ts). */
  #stopPlacing = () => {};

  constructor(ui: ShadowCard, onClose: () => void) {
    this.#ui = ui;
    this.#onClose = onClose;
  }

  /**
   * Shows the card; `cached` is the background's cached answer for the address's domain, if it was asked.
   * Settings that name another language than the card speaks (the person changed it) bring its words first.
   */
  show(
    target: HoverTarget,
    settings: CardSettings & { locale?: Locale },
    cached?: Promise<LookupResult | null>,
  ) {
    this.#awaitingWords = null;
    if (!settings.locale || settings.locale === loadedLocale()) {
      this.#showNow(target, settings, cached);
      return;
    }
    this.#awaitingWords = target;
    void loadWords(settings.locale)
      .catch(() => {})
      .then(() => {
        if (this.#awaitingWords === target) this.#showNow(target, settings, cached);
      });
  }

  #showNow(target: HoverTarget, settings: CardSettings, cached?: Promise<LookupResult | null>) {
    const answer = this.#answerFor(target.address, cached);
    if (!this.#ui.mounted) this.#ui.mount();
    // Positioned inside the shadow root: WXT's `:host { all: initial !important }` overrides styles on the host.
    this.#ui.uiContainer.style.cssText = 'position: fixed; z-index: 2147483647; top: 0; left: 0; margin: 0;';
    this.#render(target, answer, settings);
    this.#stopPlacing();
    this.#stopPlacing = keepCardInWindow(target.rect, this.#ui.uiContainer);
  }

  hide() {
    this.#awaitingWords = null;
    this.#stopPlacing();
    this.#stopPlacing = () => {};
    this.#open = null;
    if (this.#ui.mounted) this.#ui.remove();
  }

  /** Whether an event target is the card or inside it. */
  contains(node: EventTarget | null): boolean {
    return node instanceof Node && (this.#ui.shadowHost === node || this.#ui.shadowHost.contains(node));
  }

  /**
   * The answer to show, asked first, in the task that ends the hover delay: the card's first render and the
   * frame that paints it happen while the background answers, instead of before it is even asked. An answer
   * the content script found cached during the delay needs no asking at all.
   */
  #answerFor(address: string, cached?: Promise<LookupResult | null>): Promise<LookupResult> {
    if (this.#open?.address === address && this.#ui.mounted) return this.#open.answer;
    const domain = domainOf(address);
    const answer = cached ? cached.then((hit) => hit ?? lookUpOnHover(domain)) : lookUpOnHover(domain);
    this.#open = { address, answer };
    return answer;
  }

  /** Rendered now rather than in a task React schedules, so the card is there for the next frame. */
  #render(target: HoverTarget, answer: Promise<LookupResult>, settings: CardSettings) {
    flushSync(() =>
      this.#ui.mounted?.render(
        <HoverCard
          key={target.address}
          address={target.address}
          answer={answer}
          settings={settings}
          theme={pageThemeAt(target.rect.left + 1, target.rect.top + target.rect.height / 2)}
          onClose={this.#onClose}
        />,
      ),
    );
  }
}

/**
 * Makes the card's shadow root, closed to the page; the content script imports this when a card is first due.
 * The card's module has its own copy of the top-level domains a typo suggestion reads (lib/core/email/typo):
 * the content script hands over the list it loaded.
 */
export async function createCardUi(
  ctx: ContentScriptContext,
  onClose: () => void,
  topLevelDomains: string,
  locale?: Locale,
): Promise<CardUi> {
  takeTopLevelDomains(topLevelDomains);
  // The words of the language in force come from the background while the hover delay runs: the content
  // script cannot read the package's messages itself (Chromium keeps them from the page's origin).
  if (locale) void loadWords(locale).catch(() => {});
  const ui = await createShadowRootUi(ctx, {
    name: CARD_TAG,
    position: 'inline',
    anchor: 'html',
    append: 'last',
    css: cardCss,
    // Closed: to the page, the host has no shadowRoot, and nothing in the card is reachable by its script.
    mode: 'closed',
    // Keys typed in the card stop at it, so they do not work the page's own shortcuts (Gmail's "r" replies).
    isolateEvents: true,
    onMount: (container) => createRoot(container),
    onRemove: (root: Root | undefined) => root?.unmount(),
  });
  answerPeopleOnly(ui.shadow);
  return new CardUi(ui, onClose);
}
