// The 404 page (spec section 2): 'Oops! Page not found', Return to Home, the miss logged once.
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { Home } from 'lucide-react';
import { SproutLogo } from '../components/sprout-logo';
import { Button } from '../components/ui/button';

export function NotFoundPage() {
  const { pathname } = useLocation();
  // React's development double effects must not log twice for one miss.
  const logged = useRef<string | null>(null);
  useEffect(() => {
    if (logged.current === pathname) return;
    logged.current = pathname;
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

  return (
    <main id="main-content" className="flex min-h-svh flex-col items-center justify-center px-6 text-center">
      <SproutLogo className="size-12 rounded-[0.8rem]" />
      <p className="mt-8 text-7xl font-bold tracking-tighter text-primary">404</p>
      <h1 className="mt-3 text-2xl font-semibold tracking-tight">Oops! Page not found</h1>
      <p className="mt-2 max-w-md text-sm text-muted-foreground">
        The page you are looking for does not exist or has moved.
      </p>
      <Button asChild size="lg" className="mt-8">
        <Link to="/">
          <Home aria-hidden="true" />
          Return to Home
        </Link>
      </Button>
    </main>
  );
}
