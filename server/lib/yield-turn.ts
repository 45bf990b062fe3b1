/**
 * Lets the server answer whatever arrived meanwhile before going on (a macrotask's turn): long work
 * cut in slices calls it between two slices (decision 084). On PGlite the database runs on this
 * thread, so a slice of database work is a slice of the server's time too.
 */
export function yieldTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
