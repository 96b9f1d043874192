/**
 * Starts statements of one transaction that do not depend on each other side by side, and answers
 * their results in order (docs/decisions/038-pipelined-statements-on-postgresql.md). On PostgreSQL
 * they go to the server together, one round trip for all (db/database.ts pipelinedTransaction); on
 * SQLite they run one after another as before.
 *
 * Every one is waited for before it answers, failed or not, so no statement of the transaction is
 * still running when the caller rolls it back; then the first failure, in the order given, is thrown.
 */
export async function together<const Works extends readonly (() => Promise<unknown>)[]>(
  ...works: Works
): Promise<{ -readonly [K in keyof Works]: Awaited<ReturnType<Works[K]>> }> {
  const settled = await Promise.allSettled(works.map(async (work) => work()));
  const failed = settled.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value) as {
    -readonly [K in keyof Works]: Awaited<ReturnType<Works[K]>>;
  };
}
