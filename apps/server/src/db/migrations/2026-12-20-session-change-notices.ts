import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from '../migration-helpers';

/**
 * On PostgreSQL, a notice to every instance when a session or the user behind one changes, sent by
 * the database itself when the change commits, whoever made it (an instance, a script, psql): each
 * instance then forgets the sessions it keeps (modules/auth/session-cache.ts). Only what a
 * session's check reads counts; a session's last_seen_at is written once a minute at most and is
 * read afresh before a session ends (docs/decisions/043-session-cache.md). SQLite keeps no such
 * cache: nothing to do there.
 */
export function sessionChangeNoticesMigration({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      // Created in the current schema (the search_path), like the tables.
      await sql`create function notify_session_change() returns trigger language plpgsql as $$
        begin
          -- The payload names the schema, so Depots sharing a database stay apart.
          perform pg_notify('depot_session_changes', current_schema());
          return null;
        end $$`.execute(db);
      await sql`create trigger sessions_changed
        after delete or update of token_hash, user_id, expires_at on sessions
        for each statement execute function notify_session_change()`.execute(db);
      await sql`create trigger sessions_truncated after truncate on sessions
        for each statement execute function notify_session_change()`.execute(db);
      await sql`create trigger users_changed
        after delete or update of role, name, email, must_change_password, deactivated_at, approval_status on users
        for each statement execute function notify_session_change()`.execute(db);
      await sql`create trigger users_truncated after truncate on users
        for each statement execute function notify_session_change()`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`drop function notify_session_change() cascade`.execute(db);
    },
  };
}
