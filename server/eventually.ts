/**
 * A value that is at hand now (SQLite answers synchronously, the memory tiers at once) or will be (PostgreSQL
 * answers over the network). Callers go on at once when it is at hand: on a cached lookup, promises and
 * their hops were about 5 % of the time (CPU profile under autocannon), and SQLite never needs them.
 */
export type Eventually<T> = T | Promise<T>;

/** Applies `next` to the value: in this turn when the value is at hand, once it arrives otherwise. */
export function after<T, U>(value: Eventually<T>, next: (value: T) => Eventually<U>): Eventually<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}
