// What the browser receives for an operation's result, for the typed API modules (components/*/*-api.ts, type imports
// only). The route wrapper answers a result as JSON (`jsonAnswer`: JSON.stringify, and `{}` for no result), and the
// browser client parses it back, so the type is the result as that round trip makes it. Answers that are not JSON
// (files, CSV, audio, TwiML, 204: a route's `answer` option) are read with `api.download` and have no such type.

type Primitive = string | number | boolean | null;
/** What JSON.stringify leaves out of an object and writes as null in an array. */
type Unwritten = undefined | symbol | ((...args: never[]) => unknown);
/** A Map or Set has no enumerable properties: JSON.stringify writes `{}`. */
type Collection = ReadonlyMap<unknown, unknown> | ReadonlySet<unknown>;
type Empty = Record<string, never>;

/** Keys JSON.stringify always writes (never undefined), and keys it may leave out. */
type WrittenKeys<T> = {
  [K in keyof T]-?: K extends symbol ? never : T[K] extends Unwritten ? never : undefined extends T[K] ? never : K;
}[keyof T];
type MaybeWrittenKeys<T> = {
  [K in keyof T]-?: K extends symbol ? never : T[K] extends Unwritten ? never : undefined extends T[K] ? K : never;
}[keyof T];

type JsonObject<T> = { [K in WrittenKeys<T>]: Json<T[K]> } & {
  [K in MaybeWrittenKeys<T>]?: Json<Exclude<T[K], Unwritten>>;
} extends infer O
  ? { [K in keyof O]: O[K] }
  : never;

type JsonElement<T> = T extends Unwritten ? null : Json<T>;

/**
 * A value as JSON.parse(JSON.stringify(value)) gives it back: what has `toJSON` becomes its result (a Date an ISO
 * string), an undefined or function property is left out, in an array it is null. A bigint has no JSON form
 * (JSON.stringify throws): never.
 */
export type Json<T> = T extends { toJSON(): infer J }
  ? Json<J>
  : T extends Primitive
    ? T
    : T extends bigint | Unwritten
      ? never
      : T extends Collection
        ? Empty
        : T extends readonly unknown[]
          ? { -readonly [I in keyof T]: JsonElement<T[I]> }
          : T extends object
            ? JsonObject<T>
            : never;

/** The JSON answer of a route to `operation`: its awaited result as JSON, `{}` where it returns nothing or null. */
export type AnswerOf<Operation extends (...args: never[]) => unknown> = JsonBody<Awaited<ReturnType<Operation>>>;

type JsonBody<T> = T extends null | undefined | void ? Empty : Json<T>;
