import { z } from 'zod';

/** The four roles of SPEC §1, compared as exact strings. */
export const ROLES = ['Courier Service', 'Inventory Manager', 'Supplier', 'Customer'] as const;
export type Role = (typeof ROLES)[number];
export const roleSchema = z.enum(ROLES);
