import { z } from 'zod';
import { text } from './common';
import { ROLES } from './roles';
import { stockItemSchema } from './stocks';
import { supplierProductSchema } from './supplier-products';
import { supplyOrderSchema } from './supply-orders';

export const roleSchema = z.enum(ROLES);

/** Messages the server sends that the browser and tests look for. */
export const AUTH_MESSAGES = {
  registered: 'Registered Successfully',
  loggedIn: 'Logged in Successfully',
  loggedOut: 'Logged out successfully',
  loggedOutEverywhere: 'Logged out on every device',
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  commonPassword: 'This password is too common. Choose a less guessable one.',
  tooManyAttempts: 'Too many failed login attempts. Try again in 15 minutes.',
  tooManyResetRequests: 'Too many password reset requests. Try again later.',
  forgotPassword: 'If an account exists for that email, a password reset link has been sent.',
  passwordReset: 'Your password has been reset. You can now log in.',
  invalidResetToken: 'This reset link is invalid or has expired.',
  notLoggedIn: 'You are not logged in',
  wrongRole: 'You do not have permission to do this',
  roleRequired: 'Role is required',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
} as const;

/** docs/product/business-rules.md#passwords: 12 to 128 characters, no composition rules. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

export const emailSchema = text('Email')
  .toLowerCase()
  .max(254, 'Email is too long')
  .pipe(z.email('Enter a valid email address'));

export const passwordSchema = text('Password', { trim: false })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const nameSchema = text('Name').min(1, 'Name is required').max(120, 'Name is too long');

/** An email a form must fill in: absent or blank reads `Email is required`. */
export const requiredEmailSchema = text('Email', { error: AUTH_MESSAGES.emailRequired })
  .min(1, { error: AUTH_MESSAGES.emailRequired, abort: true })
  .pipe(emailSchema);

/** A new password a form must fill in: absent or empty reads `Password is required`. */
export const newPasswordSchema = text('Password', { error: AUTH_MESSAGES.passwordRequired, trim: false })
  .min(1, { error: AUTH_MESSAGES.passwordRequired, abort: true })
  .pipe(passwordSchema);

export const registerBodySchema = z.object({
  // None chosen (absent, or the Register dialog's blank) reads `Role is required`; zod names the roles otherwise.
  role: z.enum(ROLES, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? AUTH_MESSAGES.roleRequired
        : undefined,
  }),
  name: nameSchema,
  email: requiredEmailSchema,
  password: newPasswordSchema,
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  email: text('Email', { error: AUTH_MESSAGES.emailRequired })
    .toLowerCase()
    .min(1, AUTH_MESSAGES.emailRequired)
    .max(254),
  password: text('Password', { error: AUTH_MESSAGES.passwordRequired, trim: false })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(1024),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const forgotPasswordBodySchema = z.object({
  email: text('Email', { error: AUTH_MESSAGES.emailRequired })
    .toLowerCase()
    .min(1, AUTH_MESSAGES.emailRequired)
    .max(254),
});
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

export const resetPasswordParamsSchema = z.object({
  resetToken: text('Reset token', { trim: false }).min(1).max(200),
});
export const resetPasswordBodySchema = z.object({ password: newPasswordSchema });
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/**
 * The user as the browser keeps it (the "stored user" of
 * docs/product/screens.md#loading-the-profile).
 */
export const sessionUserSchema = z
  .object({
    id: z.number().int(),
    role: roleSchema,
    name: z.string(),
    email: z.string(),
  })
  .meta({ id: 'SessionUser' });
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const notificationSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    message: z.string(),
    /** The customer order it is about, which it links to; absent or null when about none. */
    order_id: z.number().int().nullable().optional(),
    created_at: z.string(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

/**
 * GET /auth/profile (docs/product/data.md#profile): the user plus the lists the screens read, each
 * the newest 100 (docs/product/business-rules.md#profile). The lists' item shapes are owned by the
 * features that fill them.
 */
export const profileSchema = sessionUserSchema
  .extend({
    notifications: z.array(notificationSchema),
    /** A supplier's own products. */
    products: z.array(supplierProductSchema),
    stocks: z.array(stockItemSchema),
    /** An Inventory Manager's own replenishment orders. */
    replenishment_orders: z.array(supplyOrderSchema),
    /** A supplier's own supply orders. */
    supply_orders: z.array(supplyOrderSchema),
    /** The account still has a manager's one-time password: the web app asks for the user's own first. */
    must_change_password: z.boolean(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profileSchema>;

export const loginResponseSchema = z.object({
  message: z.string(),
  user: sessionUserSchema,
  /** The password was a manager's one-time password: choose one's own before anything else. */
  must_change_password: z.boolean(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;
export const registerResponseSchema = z.object({
  message: z.string(),
  user: sessionUserSchema,
  /** `pending` until an Inventory Manager approves the staff account (docs/decisions/016). */
  approval_status: z.enum(['pending', 'active']),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;
