import { join } from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3123);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
/** Scratch folder for the run: database, server log, received mails. */
export const E2E_DIR = join(process.cwd(), '.e2e');
export const MAILBOX_FILE = join(E2E_DIR, 'mailbox.jsonl');
/** Days of demo business history seeded before the run. */
export const E2E_DEMO_DAYS = 14;
