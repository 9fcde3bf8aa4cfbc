import { PROTOCOL, type Request, type RequestType, type Responses } from '#extension/protocol.ts';
import { requestSchema } from './request-schema.ts';

/** Who sent a request: a content script's comes with its tab and frame; an extension page's with neither. */
export interface Sender {
  tabId?: number | undefined;
  frameId?: number | undefined;
}

export type Handler<T extends RequestType> = (request: Request<T>, sender: Sender) => Promise<Responses[T]>;

/** One handler per request type (lib/worker/handlers/, one file per concern). */
export type Handlers = { [T in RequestType]: Handler<T> };

/** What runtime.onMessage hands a listener, as far as the router reads it. */
export interface MessageSender {
  id?: string;
  url?: string;
  tab?: { id?: number };
  frameId?: number;
}

/**
 * The background's one message listener: checks who sent a request and its shape, then hands it to its
 * handler. Only the extension's own pages may send every request; a content script only those the protocol
 * marks `content-script` (lib/extension/protocol.ts), and only from a tab. Anything else gets no answer.
 */
export function routeRequests(handlers: Handlers, extension: { id: string; origin: string }) {
  return (message: unknown, sender: MessageSender): Promise<unknown> | undefined => {
    if (sender.id !== extension.id) return undefined;
    const parsed = requestSchema.safeParse(message);
    if (!parsed.success) return undefined;
    const request = parsed.data;
    const fromExtensionPage = sender.url?.startsWith(extension.origin) ?? false;
    const contentScriptsMay = PROTOCOL[request.type].from === 'content-script';
    if (!fromExtensionPage && (!sender.tab || !contentScriptsMay)) return undefined;
    const from: Sender = fromExtensionPage ? {} : { tabId: sender.tab?.id, frameId: sender.frameId };
    const handler = handlers[request.type] as Handler<typeof request.type>;
    // No answer rather than a rejection: content scripts use the browser's own messaging, to which the
    // polyfill's way of passing a rejection means nothing; every sender treats no answer as a failure.
    return handler(request as never, from).catch((error: unknown) => {
      console.error(`Webmail Lookup: ${request.type} failed`, error);
      return undefined;
    });
  };
}
