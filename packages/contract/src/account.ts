import { z } from 'zod';
import { emailSchema, nameSchema, newPasswordSchema, roleSchema } from './auth';
import { text } from './common';
import { defineList, listQuerySchema, oneOrMoreOf } from './lists';

/**
 * Accounts that belong to their owners (docs/decisions/016-accounts-belong-to-their-owners.md):
 * staff roles granted by a manager, the Account page, and the Team screen.
 */

/** Whether an account may log in: staff accounts registered under approval start pending. */
export const APPROVAL_STATUSES = ['pending', 'active', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** What the Team screen shows of an account: its approval, or that it was deactivated. */
export const TEAM_MEMBER_STATUSES = ['pending', 'active', 'deactivated', 'rejected'] as const;
export type TeamMemberStatus = (typeof TEAM_MEMBER_STATUSES)[number];

/** Messages of the Account page, the Team screen and the approval flow. */
export const ACCOUNT_MESSAGES = {
  awaitingApproval: 'Your account is waiting for approval by an Inventory Manager.',
  registeredAwaitingApproval:
    'An Inventory Manager must approve your account before you can log in. You will get an email when that happens.',
  rejected: 'Your account request was not approved.',
  passwordChangeRequired: 'Choose your own password before you continue.',
  nameChanged: 'Name updated successfully',
  emailChangeSent: 'We sent a confirmation link to the new address. Your email changes when you open it.',
  sameEmail: 'This is already your email',
  emailChanged: 'Your email has been changed. Use it the next time you log in.',
  invalidEmailToken: 'This confirmation link is invalid or has expired.',
  passwordChanged: 'Password changed. Your other sessions have been logged out.',
  wrongCurrentPassword: 'The current password is wrong',
  samePassword: 'Choose a password different from the current one',
  currentPasswordRequired: 'Current password is required',
  sessionEnded: 'Session logged out',
  otherSessionsEnded: 'Other sessions logged out',
  sessionNotFound: 'Session not found',
  loginNotEditable:
    "A supplier's login email and password belong to the supplier; they change them on their Account page.",
  memberNotFound: 'Team member not found',
  approved: 'Account approved',
  rejectedDone: 'Account request rejected',
  deactivated: 'Account deactivated',
  reactivated: 'Account reactivated',
  notPending: 'This account is not waiting for approval',
  cannotDeactivateSelf: 'You cannot deactivate your own account',
  waitingTitle: 'Account waiting',
  orderMailsOn: 'You will get a mail when your orders change',
  orderMailsOff: 'You will no longer get mails about your orders',
} as const;

/** GET /api/account: the signed-in user's own account. */
export const accountSchema = z
  .object({
    id: z.number().int(),
    role: roleSchema,
    name: z.string(),
    email: z.string(),
    /** Set by Suppliers Management: the password a manager typed is one-time. */
    must_change_password: z.boolean(),
    /** An email change waiting for its confirmation link to be opened. */
    pending_email: z.string().nullable(),
    /** A Customer's choice: a mail on each change of their orders (docs/decisions/023-mail-outbox.md). */
    order_mails: z.boolean(),
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof accountSchema>;

export const updateAccountBodySchema = z.object({ name: nameSchema });

/** PUT /api/account/order-mails: a Customer turns the mails about their orders on or off. */
export const orderMailsBodySchema = z.object({
  order_mails: z.boolean({ error: 'Order mails must be true or false' }),
});
export type OrderMailsBody = z.infer<typeof orderMailsBodySchema>;
export type UpdateAccountBody = z.infer<typeof updateAccountBodySchema>;

const currentPasswordSchema = text('Current password', {
  error: ACCOUNT_MESSAGES.currentPasswordRequired,
  trim: false,
})
  .min(1, ACCOUNT_MESSAGES.currentPasswordRequired)
  .max(1024);

/** PUT /api/account/email: the new address gets a confirmation link; the password proves the owner. */
export const changeEmailBodySchema = z.object({
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').pipe(emailSchema),
  current_password: currentPasswordSchema,
});
export type ChangeEmailBody = z.infer<typeof changeEmailBodySchema>;

export const confirmEmailParamsSchema = z.object({
  emailToken: text('Confirmation token', { trim: false }).min(1).max(200),
});

/** PUT /api/account/password: ends every other session of the user. */
export const changePasswordBodySchema = z.object({
  current_password: currentPasswordSchema,
  new_password: newPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** One open session of the signed-in user, as the Account page lists it. */
export const accountSessionSchema = z
  .object({
    id: z.number().int(),
    /** Browser and system read from the user agent, e.g. "Chrome 131 on Windows"; "Unknown device" without one. */
    device: z.string(),
    ip: z.string().nullable(),
    created_at: z.string(),
    last_seen_at: z.string(),
    /** The session this request came with. */
    current: z.boolean(),
  })
  .meta({ id: 'AccountSession' });
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionListSchema = z.array(accountSessionSchema);

/** A staff account (Inventory Manager, Supplier, Courier Service) as the Team screen lists it. */
export const teamMemberSchema = z
  .object({
    id: z.number().int(),
    role: roleSchema,
    name: z.string(),
    email: z.string(),
    status: z.enum(TEAM_MEMBER_STATUSES),
    created_at: z.string(),
  })
  .meta({ id: 'TeamMember' });
export type TeamMember = z.infer<typeof teamMemberSchema>;
export const teamMemberListSchema = z.array(teamMemberSchema);
export const teamMemberResponseSchema = z.object({ member: teamMemberSchema, message: z.string() });
export type TeamMemberResponse = z.infer<typeof teamMemberResponseSchema>;

/** The staff accounts, newest first: someone waiting for approval has usually just registered. */
export const TEAM_LIST = defineList({
  sortFields: ['id', 'name', 'email', 'role', 'created_at'],
  defaultSort: { field: 'created_at', order: 'desc' },
  searches: 'the name and email',
});
export type TeamSortField = (typeof TEAM_LIST.sortFields)[number];
export const teamListQuerySchema = listQuerySchema(TEAM_LIST, {
  status: oneOrMoreOf('status', TEAM_MEMBER_STATUSES),
});
export type TeamListQuery = z.infer<typeof teamListQuerySchema>;
