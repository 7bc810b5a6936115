import { Migration } from "../mikro-orm";

/**
 * Several instances share one database: each periodic background job (deployment health
 * checks, the storage sweep, the OAuth clean-up) records when its last round started, and an
 * instance runs a round only when it wins the claim on that row (server/platform/db/job-claims.ts),
 * so N instances do the work once per interval.
 */
export class Migration20261126000008_background_job_runs extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table background_job_runs (
        job text primary key,
        last_run_at timestamptz not null
      );`);
  }
}
