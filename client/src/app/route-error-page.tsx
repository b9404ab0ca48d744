// The router's error element: React Router's default 'Unexpected Application Error!' page, in the
// app's style, with the error's message and ways out.
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Home, RotateCw, TriangleAlert } from 'lucide-react';
import { Button } from '../components/ui/button';

function errorMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}

export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <main id="main-content" className="flex min-h-svh flex-col items-center justify-center px-6 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <TriangleAlert aria-hidden="true" className="size-6" />
      </span>
      <h1 className="mt-6 text-2xl font-semibold tracking-tight">Unexpected Application Error!</h1>
      <p className="mt-3 max-w-lg rounded-md bg-muted px-3 py-2 font-mono text-sm break-words text-muted-foreground">
        {errorMessage(error)}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button variant="outline" onClick={() => window.location.reload()}>
          <RotateCw aria-hidden="true" />
          Reload
        </Button>
        {/* A plain link: the router itself may be what failed. */}
        <Button asChild>
          <a href="/">
            <Home aria-hidden="true" />
            Return to Home
          </a>
        </Button>
      </div>
    </main>
  );
}
