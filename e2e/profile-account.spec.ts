// Profile Settings through the real server: Personal Info saved to user_metadata (and the local user_data
// copy), the password change with the spec's client rules and the server's current-password check, and
// account deletion after a confirmation with the password.
import { accountMetadata } from './support/accounts';
import { localItem } from './support/device';
import { test, expect } from './support/fixtures';
import { sidebar } from './support/layout';
import { goOfflineWhenIdle } from './support/network';
import { gotoAs, signIn, submitLogin } from './support/session';
import { dismissToasts, expectToast } from './support/toasts';

// One account through all of Profile in one page, each a step: the password change signs in again, and
// the deletion, which ends the account, comes last. Each new page would boot the app again.
test('Profile: Personal Info, offline, the password change, Delete Account', async ({
  signedIn: page,
  account,
  accounts,
  request,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const newPassword = 'new-password-1';
  await gotoAs(page, '/profile');

  await test.step('Personal Info is saved to the account, survives a reload, and is mirrored to user_data', async () => {
    // No console error is allowed here: an external avatar address must not trip the CSP.
    await expect(page.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Personal Info' })).toHaveAttribute('aria-selected', 'true');
    const email = page.getByLabel('Email', { exact: true });
    await expect(email).toHaveValue(account.email);
    await expect(email).toHaveAttribute('readonly', '');
    await expect(page.getByText('Contact support to change your email address')).toBeVisible();
    await expect(page.getByLabel('Location')).toHaveAttribute('placeholder', 'City, Country');
    await expect(page.getByLabel('Website')).toHaveAttribute('type', 'url');
    // Without a name the avatar shows the email's first letter.
    const summary = page.getByRole('region', { name: 'Your profile' });
    await expect(summary.getByText(account.email.charAt(0).toUpperCase(), { exact: true })).toBeVisible();

    await page.getByLabel('Full Name').fill('ada king lovelace');
    await page.getByLabel('Bio').fill('Writes programs for engines that do not exist yet.');
    await page.getByLabel('Location').fill('London, UK');
    await page.getByLabel('Website').fill('ada dot example');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Error');
    await expect(page.getByLabel('Website')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Website')).toBeFocused();

    await page.getByLabel('Website').fill('https://ada.example');
    await page.getByLabel('Profile Picture URL').fill('https://images.example/ada.png');
    await expect(
      page.getByText('Pictures from other websites are not displayed in Sprout', { exact: false }),
    ).toBeVisible();
    // The toast before sits over the button at this size: closed, as a user would, not waited out (5 s).
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Profile Updated', 'Your profile changes have been saved.');
    await expect(summary.getByText('AK', { exact: true })).toBeVisible();
    await expect(summary.getByText('ada king lovelace')).toBeVisible();
    await expect(summary.locator('img')).toHaveCount(0);

    const saved = {
      name: 'ada king lovelace',
      bio: 'Writes programs for engines that do not exist yet.',
      location: 'London, UK',
      website: 'https://ada.example',
      avatar_url: 'https://images.example/ada.png',
    };
    expect(await accountMetadata(request, account)).toMatchObject(saved);
    const userData = JSON.parse((await localItem(page, `user_data:${account.userId}`)) ?? 'null') as unknown;
    expect(userData).toEqual({ email: account.email, ...saved });

    await page.reload();
    await expect(page.getByLabel('Full Name')).toHaveValue(saved.name);
    await expect(page.getByLabel('Bio')).toHaveValue(saved.bio);
    await expect(page.getByLabel('Location')).toHaveValue(saved.location);
    await expect(page.getByLabel('Website')).toHaveValue(saved.website);
    await expect(page.getByLabel('Profile Picture URL')).toHaveValue(saved.avatar_url);

    // Emptying a field removes it from the profile.
    await page.getByLabel('Bio').fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Profile Updated', 'Your profile changes have been saved.');
    expect((await accountMetadata(request, account)).bio).toBeUndefined();
  });

  await test.step('offline, saving the profile says so instead of failing silently', async () => {
    await page.getByLabel('Full Name').fill('Offline Olga');
    await goOfflineWhenIdle(page);
    await expect(page.getByText("You're offline. Profile changes can be saved once you're back online.")).toBeVisible();
    // The toast before sits over the button at this size: closed, as a user would, not waited out (5 s).
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, "You're offline", 'Connect to the internet to save your profile changes.');
    await page.context().setOffline(false);
  });

  await test.step('password change: client rules, the current password checked, fields cleared; the new password signs in', async () => {
    // The refused passwords are logged from here on; nothing before them may have logged an error.
    consoleErrors.allowFromHere(/Failed to load resource/);
    await page.getByRole('tab', { name: 'Security' }).click();
    const current = page.getByLabel('Current Password');
    const next = page.getByLabel('New Password', { exact: true });
    const confirm = page.getByLabel('Confirm New Password');
    const update = page.getByRole('button', { name: 'Update Password' });
    await expect(update).toBeDisabled();
    await current.fill(account.password);
    await next.fill(newPassword);
    await expect(update).toBeDisabled();
    await confirm.fill('new-password-2');
    await expect(update).toBeEnabled();

    await update.click();
    await expectToast(page, 'Error', "New passwords don't match.");
    await next.fill('short');
    await confirm.fill('short');
    await update.click();
    await expectToast(page, 'Error', 'Password must be at least 8 characters.');

    await current.fill('not-my-password');
    await next.fill(newPassword);
    await confirm.fill(newPassword);
    await update.click();
    await expectToast(page, 'Error', 'Your current password is incorrect.');
    await expect(current).toHaveValue('not-my-password');

    await current.fill(account.password);
    await update.click();
    await expectToast(page, 'Password Updated', 'Your password has been changed successfully.');
    accounts.passwordChanged(account, newPassword);
    await expect(current).toHaveValue('');
    await expect(next).toHaveValue('');
    await expect(confirm).toHaveValue('');
    await expect(update).toBeDisabled();

    await page.getByRole('button', { name: 'Sign out' }).first().click();
    await expect(page).toHaveURL(/\/login$/);
    await submitLogin(page, account);
    await expectToast(page, 'Login failed');
    await signIn(page, { email: account.email, password: newPassword });
  });

  await test.step('Delete Account asks for confirmation and the password, deletes the account and signs out', async () => {
    // Signed in again with the new password, on the dashboard.
    await sidebar(page).getByRole('link', { name: 'Profile', exact: true }).click();
    await page.getByRole('tab', { name: 'Security' }).click();
    await expect(
      page.getByText('Once you delete your account, there is no going back. Please be certain.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    const confirm = dialog.getByRole('button', { name: 'Delete Account' });
    await expect(confirm).toBeDisabled();

    // Cancel keeps everything.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Delete Account' }).click();

    await dialog.getByLabel('Current Password').fill('wrong-password');
    await confirm.click();
    await expect(dialog.getByRole('alert')).toHaveText('Your current password is incorrect.');
    await expect(dialog).toBeVisible();

    await dialog.getByLabel('Current Password').fill(newPassword);
    await confirm.click();
    await expect(page).toHaveURL(/\/login$/);
    await expectToast(page, 'Account deleted', 'Your account and all your notes have been deleted.');
    const leftovers = await page.evaluate(
      (id) => Object.keys(localStorage).filter((key) => key.endsWith(id)),
      account.userId,
    );
    expect(leftovers).toEqual([]);

    await submitLogin(page, { email: account.email, password: newPassword });
    await expectToast(page, 'Login failed');
    await expect(page).toHaveURL(/\/login$/);
  });
});
