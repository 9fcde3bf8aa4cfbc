import { BALANCE_HEADERS, BALANCE_PROPERTIES } from '../../server/balance.ts';

/** The balance an answer of our service shows: its headers and, on a 200, its `data` properties. */
export interface AnswerBalance {
  headers: { credits: number | null; subscriptionRemaining: number | null; subscriptionEnds: string | null };
  data: { credits: unknown; subscriptionRemaining: unknown; subscriptionEnds: unknown } | null;
}

const numberOrNull = (text: string | null) => (text === null ? null : Number(text));

/** What an answer says is left, as its headers and its data say it (undefined for a property absent). */
export function balanceOf(answer: { json: unknown; headers: Headers }): AnswerBalance {
  const data = (answer.json as { data?: Record<string, unknown> | null }).data ?? null;
  return {
    headers: {
      credits: numberOrNull(answer.headers.get(BALANCE_HEADERS.credits)),
      subscriptionRemaining: numberOrNull(answer.headers.get(BALANCE_HEADERS.subscriptionRemaining)),
      subscriptionEnds: answer.headers.get(BALANCE_HEADERS.subscriptionEnds),
    },
    data: data && {
      credits: data[BALANCE_PROPERTIES.credits],
      subscriptionRemaining: data[BALANCE_PROPERTIES.subscriptionRemaining],
      subscriptionEnds: data[BALANCE_PROPERTIES.subscriptionEnds],
    },
  };
}

/**
 * An answer's JSON without the balance in its `data`: what two answers of one account have in common, and
 * what the webmail info is.
 */
export function withoutBalance(json: unknown): unknown {
  const envelope = json as { data?: Record<string, unknown> | null };
  if (!envelope.data) return json;
  const data = { ...envelope.data };
  for (const property of Object.values(BALANCE_PROPERTIES)) delete data[property];
  return { ...envelope, data };
}
