// Tables looked up by a name a user typed (a URL parameter, a CLI argument): an ordinary object
// would answer "constructor", "toString" or "__proto__" with a prototype member.

/** A frozen name → value table with no prototype. */
export function registry<T>(entries: Record<string, T>): Readonly<Record<string, T>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, T>, entries));
}

/** The entry called `name`, only if the table itself has it. */
export function lookup<T>(table: Readonly<Record<string, T>>, name: string): T | undefined {
  return Object.hasOwn(table, name) ? table[name] : undefined;
}
