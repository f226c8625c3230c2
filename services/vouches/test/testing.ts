/**
 * The vouches service's `./testing` entry (package.json exports): what other packages' tests
 * may use, never production code. A fixture writer for graphs too large to build through the API.
 */
import type { Database } from '@vouch/service-core';
import { vouchesModels } from '../src/data-access/models';

/** Writes vouch rows straight to the table, in the shapes the use cases write (faster than the API). */
export async function insertVouchRows(db: Database, rows: readonly Record<string, unknown>[]): Promise<void> {
  await vouchesModels(db.sequelize).Vouch.bulkCreate([...rows]);
}
