/**
 * Walks a set of rows by id in batches (keyset: `id > cursor order by id limit n`), at most
 * `batchesPerRound` batches a round, and carries on where it stopped in the next round; past the last
 * row it starts over. So every row is reached, however many there are and whichever of them never
 * change, and a round stays bounded (docs/product.md [prod.background-jobs]: background jobs scale with the
 * work, not with the book). The cursor lives in the process: another server walks on its own, which is
 * harmless since each step is a compare-and-set on its row.
 */
export class KeysetWalk {
  private after = '';

  constructor(
    readonly batchSize: number,
    readonly batchesPerRound: number,
  ) {
    if (batchSize < 1 || batchesPerRound < 1) throw new Error('A walk needs at least one row a round.');
  }

  /**
   * One round: `read` answers up to `limit` ids greater than `after`, in id order; `handle` acts on a
   * batch and answers false to stop the round there (the provider could not be reached): the same
   * batch is read again next round.
   */
  async round<T extends { id: string }>(
    read: (after: string, limit: number) => Promise<T[]>,
    handle: (batch: T[]) => Promise<boolean>,
  ): Promise<void> {
    for (let i = 0; i < this.batchesPerRound; i++) {
      let batch = await read(this.after, this.batchSize);
      // The last round ended on a full batch that was the end: start over now rather than next round.
      if (batch.length === 0 && this.after !== '') {
        this.after = '';
        batch = await read(this.after, this.batchSize);
      }
      if (batch.length > 0 && !(await handle(batch))) return;
      if (batch.length < this.batchSize) {
        this.after = '';
        return;
      }
      this.after = batch[batch.length - 1]!.id;
    }
  }
}
