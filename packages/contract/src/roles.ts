/**
 * The four roles of docs/product/roles-and-access.md#roles, compared as exact strings. No zod here:
 * the landing page reads ROLES.
 */
export const ROLES = ['Courier Service', 'Inventory Manager', 'Supplier', 'Customer'] as const;
export type Role = (typeof ROLES)[number];
