// The sign-in screen follows the server's sign-up setting (GoTrue's GET /auth/v1/settings, answered as
// server/src/auth/presenters.ts presentSettings does): Sign Up disappears once a server says it is
// closed, and stays when the server allows it or cannot be reached (offline, nothing is hidden).
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthStateProvider, signedOut } from '../../data/auth';
import { ThemeProvider } from '../../lib/theme-provider';
import { LoginPage } from './login-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const settings = (disableSignup: boolean) => ({
  external: { email: true, phone: false },
  disable_signup: disableSignup,
  mailer_autoconfirm: true,
  phone_autoconfirm: false,
  sms_provider: '',
  saml_enabled: false,
});

function serve(answer: () => Promise<Response>) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    asked.push(String(input));
    return answer();
  });
  const router = createMemoryRouter([{ path: '/login', element: <LoginPage /> }], { initialEntries: ['/login'] });
  render(
    <ThemeProvider>
      <AuthStateProvider state={signedOut()}>
        <RouterProvider router={router} />
      </AuthStateProvider>
    </ThemeProvider>,
  );
  return asked;
}

describe('the sign-up setting on the login screen', () => {
  it('hides Sign Up and says why when the server has closed sign-up', async () => {
    const asked = serve(async () => Response.json(settings(true)));
    await screen.findByText('Sign-up is closed on this server. Ask its administrator for an account.');
    expect(screen.queryByRole('tab', { name: 'Sign Up' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(asked).toEqual(['/auth/v1/settings']);
  });

  it('keeps both tabs when sign-up is open', async () => {
    const asked = serve(async () => Response.json(settings(false)));
    await waitFor(() => expect(asked).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toBeTruthy();
    expect(screen.queryByText(/Sign-up is closed/)).toBeNull();
  });

  it('keeps both tabs when the server cannot be reached', async () => {
    const asked = serve(() => Promise.reject(new TypeError('Failed to fetch')));
    await waitFor(() => expect(asked).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toBeTruthy();
  });
});
