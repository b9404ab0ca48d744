// The benchmark's floor page: the least an app of Sprout's stack ships (React 19, react-router's data
// router, Tailwind), a sign-in form much like Sprout's /login, built with the same Vite toolchain.
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import './index.css';

function Login() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-50 p-4">
      <form
        className="w-full max-w-sm space-y-4 rounded-xl border bg-white p-6 shadow-sm"
        onSubmit={(e) => e.preventDefault()}
      >
        <h1 className="text-2xl font-semibold text-gray-900">Welcome back</h1>
        <p className="text-sm text-gray-600">Sign in to see your notes.</p>
        <label className="block text-sm font-medium text-gray-800">
          Email
          <input
            className="mt-1 w-full rounded-md border px-3 py-2"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </label>
        <label className="block text-sm font-medium text-gray-800">
          Password
          <input
            className="mt-1 w-full rounded-md border px-3 py-2"
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        <button
          className="w-full rounded-md bg-green-700 px-4 py-2 font-medium text-white hover:bg-green-800"
          type="submit"
        >
          Sign in
        </button>
        <Link className="block text-center text-sm text-green-800 underline" to="/">
          Home
        </Link>
      </form>
    </main>
  );
}

function Home() {
  return (
    <main className="p-6">
      <h1 className="text-2xl font-semibold">Your Notes</h1>
      <Link to="/login">Sign in</Link>
    </main>
  );
}

const router = createBrowserRouter([
  { path: '/', element: <Home /> },
  { path: '/login', element: <Login /> },
]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
