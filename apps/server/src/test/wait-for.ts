/** Polls until the condition holds; throws naming what was awaited once the time is up. */
export async function waitFor(
  condition: () => boolean,
  { withinMs = 1000, what = 'condition' }: { withinMs?: number; what?: string } = {},
): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what} not met within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
