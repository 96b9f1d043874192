import { z } from 'zod';
import { emailSchema, passwordSchema } from './auth';
import { PHONE_PATTERN, type TextOptions, text } from './common';
import { defineList, listQuerySchema } from './lists';

/**
 * Messages the server sends about suppliers that the browser and tests look for
 * (docs/product/validation-and-messages.md#suppliers).
 */
export const SUPPLIER_MESSAGES = {
  added: 'Supplier added successfully',
  updated: 'Supplier updated successfully',
  deleted: 'Supplier deleted successfully',
  notFound: 'Supplier not found',
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  phoneRequired: 'Phone number is required',
  addressRequired: 'Address is required',
  passwordRequired: 'Password is required',
  invalidPhone: 'Enter a valid phone number',
} as const;

/** A trimmed, non-blank string whose absence and blankness both read `required`. */
const requiredText = (required: string, max: number, label: string, lines: TextOptions['lines'] = 'single') =>
  text(label, { error: required, lines })
    .min(1, { error: required, abort: true })
    .max(max, `${label} must be at most ${max} characters`);

const supplierFields = {
  name: requiredText(SUPPLIER_MESSAGES.nameRequired, 120, 'Name'),
  email: text('Email', { error: SUPPLIER_MESSAGES.emailRequired })
    .min(1, SUPPLIER_MESSAGES.emailRequired)
    .pipe(emailSchema),
  phone_number: requiredText(SUPPLIER_MESSAGES.phoneRequired, 30, 'Phone number').regex(
    PHONE_PATTERN,
    SUPPLIER_MESSAGES.invalidPhone,
  ),
  address: requiredText(SUPPLIER_MESSAGES.addressRequired, 500, 'Address', 'multi'),
};

/** POST /api/suppliers. The browser also sends an empty id; unknown fields are dropped. */
export const createSupplierBodySchema = z.object({
  ...supplierFields,
  password: text('Password', { error: SUPPLIER_MESSAGES.passwordRequired, trim: false })
    .min(1, SUPPLIER_MESSAGES.passwordRequired)
    .pipe(passwordSchema),
});
export type CreateSupplierBody = z.infer<typeof createSupplierBodySchema>;

/**
 * PUT /api/suppliers/{id}: any of the contact fields. The login (email and password) belongs to the
 * supplier (docs/decisions/016-accounts-belong-to-their-owners.md): either sent here is a 400
 * `login_not_editable`, checked by the server before anything else.
 */
export const updateSupplierBodySchema = z.object({
  name: supplierFields.name.optional(),
  phone_number: supplierFields.phone_number.optional(),
  address: supplierFields.address.optional(),
});
export type UpdateSupplierBody = z.infer<typeof updateSupplierBodySchema>;

/** The fields of a supplier's login, which PUT /api/suppliers/{id} refuses. */
export const SUPPLIER_LOGIN_FIELDS = ['email', 'password'] as const;

/** A supplier account as Suppliers Management lists it; never a password or its hash. */
export const supplierSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    // Null for a Supplier who registered on their own and has not been given one yet.
    phone_number: z.string().nullable(),
    address: z.string().nullable(),
  })
  .meta({ id: 'Supplier' });
export type Supplier = z.infer<typeof supplierSchema>;

export const supplierListResponseSchema = z.array(supplierSchema);

/** The active Supplier accounts, for Suppliers Management and the Stock Replenishment select. */
export const SUPPLIER_LIST = defineList({
  sortFields: ['id', 'name', 'email', 'phone_number', 'address'],
  defaultSort: { field: 'id', order: 'desc' },
  searches: 'the name, email, phone number and address',
});
export type SupplierSortField = (typeof SUPPLIER_LIST.sortFields)[number];
export const supplierListQuerySchema = listQuerySchema(SUPPLIER_LIST);
export type SupplierListQuery = z.infer<typeof supplierListQuerySchema>;

export const supplierResponseSchema = z.object({ supplier: supplierSchema, message: z.string() });
export type SupplierResponse = z.infer<typeof supplierResponseSchema>;
