import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Role } from '@depot/contract';
import { type Browser, expect, type Page } from '@playwright/test';
import { E2E_BASE_URL, MAILBOX_FILE } from './environment';

export const PASSWORD = 'amber-kettle-orbit-42';

export function uniqueEmail(prefix: string) {
  return `${prefix}.${randomBytes(4).toString('hex')}@example.com`;
}

/** Registers through the landing page's Register modal. */
export async function registerThroughUi(
  page: Page,
  role: Role,
  name: string,
  email: string,
  password = PASSWORD,
) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In/Register' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register' });
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: role, exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await dialog.getByRole('textbox', { name: 'Confirm Password' }).fill(password);
  await dialog.getByRole('button', { name: 'Register' }).click();
}

/** Logs in through the Login modal, opening it from the landing page if needed. */
export async function loginThroughUi(page: Page, email: string, password = PASSWORD) {
  const dialog = page.getByRole('dialog', { name: 'Login' });
  if (!(await dialog.isVisible())) {
    await page.goto('/');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
  }
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Waits for a mail to the address in the SMTP sink's mailbox and returns its reset link. */
export function waitForResetLink(email: string): Promise<string> {
  return waitForMailedLink(email, 'reset-password');
}

/** Waits for a mail to the address carrying a link to `/{path}/{token}`, and returns the link. */
export async function waitForMailedLink(email: string, path: string): Promise<string> {
  const pattern = new RegExp(`https?://\\S+/${path}/[\\w-]+`);
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mails = readFileSync(MAILBOX_FILE, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as { to: string[]; text: string });
        const mail = mails.reverse().find((m) => m.to.includes(email));
        link = mail ? pattern.exec(mail.text)?.[0] : undefined;
        return link;
      },
      { timeout: 10_000, message: `a ${path} mail to ${email}` },
    )
    .toBeTruthy();
  return link as string;
}

/** Saves a screenshot under screenshots/ (git-ignored) for a person to look at. */
export async function snapshot(page: Page, name: string) {
  await page.screenshot({ path: `screenshots/${name}.png`, fullPage: true, animations: 'disabled' });
}

/** Registers and logs in a fresh account of `role`, ending on its dashboard; returns its email. */
export async function signUpAndLogIn(page: Page, role: Role, name: string) {
  const email = uniqueEmail(role.replace(' ', '-').toLowerCase());
  await registerThroughUi(page, role, name, email);
  await expect(page.getByText('Registered Successfully')).toBeVisible();
  await loginThroughUi(page, email);
  await expect(page.getByRole('heading', { name: `${role}'s Dashboard` })).toBeVisible();
  return email;
}

/**
 * Closes the toasts on screen by clicking them, as a user taps one away, and waits until they are
 * gone. Toasts sit top-right for 5 seconds (docs/product/screens.md#toasts-and-alerts), across the
 * whole width on a phone: there the login's toast lies over the header's Account menu, and a click
 * meant for the menu can land on a toast leaving the screen.
 */
export async function closeToasts(page: Page) {
  const toasts = page.locator('.Toastify__toast');
  for (const toast of await toasts.all()) await toast.click({ timeout: 2_000 }).catch(() => {});
  await expect(toasts).toHaveCount(0);
}

/** Opens the Account page from the header's Account menu, with the toasts over it closed first. */
export async function openAccountPage(page: Page) {
  await closeToasts(page);
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Account settings' }).click();
  await expect(page.getByRole('heading', { name: 'Account', exact: true })).toBeVisible();
}

/** Opens a dashboard screen through its sidebar link, opening the phone menu first when it is closed. */
export async function openFromSidebar(page: Page, label: string) {
  const link = page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: label });
  const menu = page.getByRole('button', { name: 'Toggle navigation' });
  if (await menu.isVisible()) await menu.click();
  await link.click();
}

/** The page does not scroll sideways: everything fits the window's width. */
export async function expectNoHorizontalScroll(page: Page) {
  // After a resize, layouts that switch on a media query (a table that becomes cards) settle a
  // render later; what counts is the settled layout.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
}

/**
 * The dashboard header fits the window: nothing in it reaches past the right edge (the header is
 * fixed, so an overflow there never shows as page scroll) and the title is not cut short.
 */
export async function expectHeaderFits(page: Page) {
  const header = page.getByRole('banner');
  await expect(header.getByRole('heading', { level: 1 })).toBeVisible();
  const fit = await header.evaluate((element) => {
    const title = element.querySelector('h1');
    return {
      innerWidth: window.innerWidth,
      overflow: element.scrollWidth - element.clientWidth,
      rightmost: Math.max(
        ...Array.from(element.querySelectorAll('button, h1'), (child) => child.getBoundingClientRect().right),
      ),
      titleClipped: title
        ? title.scrollHeight > title.clientHeight + 1 || title.scrollWidth > title.clientWidth + 1
        : true,
    };
  });
  expect(fit.overflow).toBeLessThanOrEqual(0);
  expect(fit.rightmost).toBeLessThanOrEqual(fit.innerWidth);
  expect(fit.titleClipped).toBe(false);
}

/** Collects console errors and uncaught exceptions (CSP violations among them) for a test to check. */
export function watchForPageErrors(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/**
 * Runs `action` and expects an alert saying `text` to have appeared meanwhile. The update form's
 * alert lasts 2 seconds (docs/product/screens.md#toasts-and-alerts); an observer inside the page
 * sees it the moment it is drawn, where polling from a busy machine can look before and after.
 * On failure the message lists the alerts that did appear (a refusal, say).
 */
export async function expectAlertDuring(page: Page, text: string, action: () => Promise<void>) {
  await page.evaluate(() => {
    const seen: string[] = [];
    const record = () =>
      document.querySelectorAll('[role="alert"]').forEach((alert) => {
        const said = alert.textContent ?? '';
        if (said && !seen.includes(said)) seen.push(said);
      });
    const spy = window as unknown as { alertsSeen?: string[]; alertObserver?: MutationObserver };
    spy.alertObserver?.disconnect();
    spy.alertsSeen = seen;
    spy.alertObserver = new MutationObserver(record);
    spy.alertObserver.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await action();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { alertsSeen: string[] }).alertsSeen), {
      message: `an alert saying "${text}"`,
    })
    .toContainEqual(expect.stringContaining(text));
}

/** A short random tag that keeps names unique across tests sharing the one server. */
export const suffix = () => Math.random().toString(36).slice(2, 7);

/** A new browser context (its own cookies) with an account of `role` logged in through the API. */
export async function loggedInPage(browser: Browser, like: Page, role: Role, name: string) {
  // Same window size as the test's own page, so the phone project gets phone-sized pages.
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, viewport: like.viewportSize() });
  const page = await context.newPage();
  const email = uniqueEmail(role.replace(' ', '-').toLowerCase());
  const registered = await page.request.post('/auth/register', {
    data: { role, name, email, password: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  const login = await page.request.post('/auth/login', { data: { email, password: PASSWORD } });
  expect(login.ok()).toBe(true);
  return page;
}

/** Adds a stock item as the page's (manager) account; returns its id. */
export async function addStockThroughApi(
  page: Page,
  name: string,
  price: number,
  quantity: number,
  weight: number,
): Promise<number> {
  const response = await page.request.post('/api/stocks', { data: { name, price, quantity, weight } });
  expect(response.status()).toBe(201);
  return (await response.json()).stock.stock_id;
}

/** A small real JPEG, as the phone's camera would hand the page a (much larger) one. */
export const PARCEL_PHOTO = join(process.cwd(), 'e2e', 'fixtures', 'parcel.jpg');

/** What the courier proves a delivery with (docs/decisions/032-proof-of-delivery.md). */
export type Proof = { recipient: string; code: string } | { recipient: string; photo: string };

/** The delivery code the customer sees on their order page, which they read out at the door. */
export async function deliveryCodeOf(customer: Page, orderId: number): Promise<string> {
  const order = await (await customer.request.get(`/api/orders/${orderId}`)).json();
  expect(order.delivery_code).toMatch(/^\d{4}$/);
  return order.delivery_code as string;
}

/** Marks an order Delivered through the board's dialog, with the recipient and the code or a photo. */
export async function deliverThroughDialog(courier: Page, orderId: number, proof: Proof) {
  await courier.getByRole('button', { name: `Update status of order ${orderId}` }).click();
  const dialog = courier.getByRole('dialog', { name: 'Update Order Status' });
  await dialog.getByRole('combobox', { name: 'Order status' }).selectOption('Delivered');
  await dialog.getByRole('textbox', { name: /Recipient name/ }).fill(proof.recipient);
  if ('code' in proof) {
    await dialog.getByRole('textbox', { name: /Delivery code/ }).fill(proof.code);
  } else {
    await dialog.getByRole('radio', { name: 'Photo' }).check();
    await dialog.locator('input[type=file]').setInputFiles(proof.photo);
    await expect(dialog.getByRole('img', { name: 'The photo taken as proof' })).toBeVisible();
  }
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(dialog).toBeHidden();
}

/** A photo proof for a Delivered sent through the API: the fixture's bytes in base64. */
export const photoProofThroughApi = (recipient: string) => ({
  recipient_name: recipient,
  photo: readFileSync(PARCEL_PHOTO).toString('base64'),
});
